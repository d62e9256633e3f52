package main

import (
	"testing"
	"time"

	"termgames/console"
)

// sizes are the terminals FuzzScreens resizes through on each Tab,
// degenerate ones included.
var sizes = []console.Size{{Width: 100, Height: 40}, {Width: 20, Height: 5}, {Width: 0, Height: 0}, {Width: 1, Height: 1}, {Width: 80, Height: 24}, {Width: 200, Height: 60}, {Width: 40, Height: 100}}

// FuzzScreens plays every screen reachable from the top menu with
// arbitrary input: keys, mouse reports and (on Tab) resizes to odd sizes,
// with a clock that moves on. No input may panic, and every frame must
// render.
func FuzzScreens(f *testing.F) {
	for _, seed := range []string{
		"1\r1\r1\r\r\x1b[B\r\x1b[C\r\x1b[B\ru\x1by\r4\r4\r",
		"1\r1\r3\r\r\x1b[B\r\x1b[C\r\x1b[B\r\r\x1b[C\r\x1b[B\r\x1b[C\r\r\x1b4\r4\r4\r",
		"2\r1\rr00\x30\x31\x1b2\r123\r456\r\x1b3\rr10\t789\r\x1b4\r",
		"3\r1\r\r\x1b[<0;5;5M\x1b[<2;7;5Mf\tr\x1b[<1;5;5M\x1b4\r3\r40\r2\r\x1b7\r",
		"3\r5\r\x1b[C\x1b[D\r7\r\t\t\t4\r",
		"3\r6\r1\rt\rt\rtt\x1b7\r4\r", // no-guess board, hints
		"x\r9\r\x7f\x7f1\r2\r3\r\x1b\x1b",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		c := common{seeded: true, seed: 1}
		c.w = console.NewCondition(console.Narrow)
		d := console.NewDriver(newTopMenu(c, games()), sizes[0])
		now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
		d.Send(console.Event{Type: console.ResizeEvent, Size: sizes[0], Time: now})
		for i, ev := range console.Keys(string(in)) {
			if ev.IsKey(console.KeyTab) {
				ev = console.Event{Type: console.ResizeEvent, Size: sizes[i%len(sizes)]}
			}
			now = now.Add(700 * time.Millisecond)
			ev.Time = now
			d.Send(ev)
			if d.Done() {
				return
			}
			d.Text(c.w)
		}
	})
}

package serve

import (
	"math/rand/v2"
	"testing"
	"time"

	"termgames/console"
	"termgames/omok"
	"termgames/serve/room"
)

// The rows an omok table's screen keeps and builds again in part are the
// rows it would build from scratch: random games (with swap2 at half the
// tables that allow it, its choices among the moves), random cursor
// moves, every frame compared, text and style, with a screen made afresh.
func TestOmokTableRowsAsFromScratch(t *testing.T) {
	size := console.Size{Width: 100, Height: 30}
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		l := room.NewLobby(room.Config{Hold: time.Minute})
		rule := omok.Rule(rng.IntN(4)).String()
		tb := l.Open(room.Setup{Game: room.Omok, Rule: rule, Swap2: rng.IntN(2) == 0}, room.Seat{Name: "a"})
		o := newOnline(l, Player{Name: "a", Width: narrow})
		screen := func(seat int) *omokTable {
			d := console.NewDriver(newTableScreen(o, tb, seat, nil), size)
			d.Hold = true // no waits: the test says when the table changed
			return d.Screen().(*omokTable)
		}
		// A player's screen, the host's from before the join or the
		// other's, and a watcher's.
		kept := []*omokTable{screen(-1)}
		if seed%2 == 0 {
			kept = append(kept, screen(0))
		}
		l.Join(tb.Code, room.Omok, room.Seat{Name: "b"})
		if seed%2 == 1 {
			kept = append(kept, screen(1))
		}
		for step := range 120 {
			switch rng.IntN(3) {
			case 0:
				p := omok.Point{Row: rng.IntN(15), Col: rng.IntN(15)}
				st, _ := tb.State()
				v, move := st.View.(*room.OmokView), omok.PointName(p, 15)
				if v.Opening != nil && rng.IntN(2) == 0 {
					move = swap2Keys[rng.IntN(3)].String()
				}
				_ = tb.Move(v.Turn, move)
			default:
				kept[1].cursor = omok.Point{Row: rng.IntN(15), Col: rng.IntN(15)}
			}
			for _, k := range kept {
				k.refresh()
				k.redraw()
				fresh := screen(k.seat)
				fresh.cursor = k.cursor
				fresh.redraw()
				got, want := k.View(size), fresh.View(size)
				if g, w := got.Text(narrow), want.Text(narrow); g != w {
					t.Fatalf("seed %d step %d seat %d: kept rows\n%s\nfrom scratch\n%s", seed, step, k.seat, g, w)
				}
				for r := range 15 {
					for c := range 30 {
						if got.StyleAt(narrow, r, c) != want.StyleAt(narrow, r, c) {
							t.Fatalf("seed %d step %d seat %d: style at %d,%d differs", seed, step, k.seat, r, c)
						}
					}
				}
			}
			if st, _ := tb.State(); st.Outcome.Over {
				break
			}
		}
	}
}

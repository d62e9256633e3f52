package console

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// recorder is a screen that keeps every event it gets, and answers keys:
// n switches to a new recorder, d starts a command, q leaves.
type recorder struct {
	name string
	got  []Event
	next *recorder // the screen n switches to
}

func (r *recorder) Update(ev Event) Screen {
	r.got = append(r.got, ev)
	switch {
	case ev.IsRune('n'):
		return r.next
	case ev.IsRune('d'):
		return Do(r, func(context.Context) any { return "done " + r.name })
	case ev.IsRune('q'):
		return nil
	}
	return r
}

func (r *recorder) View(size Size) Frame {
	var f Frame
	f.Line(0, fmt.Sprintf("%s %dx%d %d events", r.name, size.Width, size.Height, len(r.got)))
	return f
}

// Every event reaches the screen with the terminal's size and a time: the
// driver's clock, or the event's own, which then moves the clock.
func TestDriverStampsSizeAndTime(t *testing.T) {
	r := &recorder{name: "a"}
	d := NewDriver(r, Size{100, 40})
	t0 := time.Date(2030, 5, 1, 12, 0, 0, 0, time.UTC)
	d.Send(RunePress('x'), Event{Type: ResizeEvent, Size: Size{30, 10}}, Event{Type: TickEvent, Time: t0}, KeyPress(KeyUp))
	want := []struct {
		size Size
		at   time.Time
	}{{Size{100, 40}, start}, {Size{30, 10}, start}, {Size{30, 10}, t0}, {Size{30, 10}, t0}}
	if len(r.got) != len(want) {
		t.Fatalf("%d events, want %d", len(r.got), len(want))
	}
	for i, w := range want {
		if r.got[i].Size != w.size || !r.got[i].Time.Equal(w.at) {
			t.Errorf("event %d: size %v time %v, want %v %v", i, r.got[i].Size, r.got[i].Time, w.size, w.at)
		}
	}
	if got := d.Text(narrow); got != "a 30x10 4 events" {
		t.Errorf("frame %q", got)
	}
}

// A new screen gets the next event, with the size on it, and no extra
// event of its own.
func TestDriverSwitchesScreens(t *testing.T) {
	b := &recorder{name: "b"}
	a := &recorder{name: "a", next: b}
	d := NewDriver(a, Size{50, 20})
	d.Send(Keys("nx")...)
	if d.Screen() != b || len(b.got) != 1 || !b.got[0].IsRune('x') || b.got[0].Size != (Size{50, 20}) {
		t.Fatalf("after n x: screen %v, b got %v", d.Screen(), b.got)
	}
	d.Send(Keys("q")...)
	if !d.Done() || d.Screen() != nil || d.Err() != nil {
		t.Errorf("after q: done %v screen %v err %v", d.Done(), d.Screen(), d.Err())
	}
	d.Send(Keys("x")...)
	if len(b.got) != 2 {
		t.Errorf("an event after the end reached the screen")
	}
	// A test may set the scene: the program goes on with the screen shown.
	d.Show(Do(a, func(context.Context) any { return "shown" }))
	if d.Done() || d.Screen() != a || a.got[len(a.got)-1].Result != "shown" {
		t.Errorf("after Show: done %v, screen %v, a got %v", d.Done(), d.Screen(), a.got)
	}
}

// Ctrl-C ends the program before any screen sees it.
func TestDriverCtrlC(t *testing.T) {
	r := &recorder{name: "a"}
	d := NewDriver(r, DefaultSize)
	d.Input([]byte("x\x03y"))
	if _, ok := d.Err().(*Interrupted); !ok || !d.Done() {
		t.Fatalf("after Ctrl-C: done %v err %v", d.Done(), d.Err())
	}
	if len(r.got) != 1 {
		t.Errorf("the screen got %d events, want only the x before Ctrl-C", len(r.got))
	}
}

// A command's answer comes back as a ResultEvent to the screen shown then;
// Hold keeps it waiting while other events go on.
func TestDriverCommands(t *testing.T) {
	b := &recorder{name: "b"}
	a := &recorder{name: "a", next: b}
	d := NewDriver(a, DefaultSize)
	d.Send(Keys("d")...)
	if last := a.got[len(a.got)-1]; last.Type != ResultEvent || last.Result != "done a" || last.Size != DefaultSize {
		t.Fatalf("after d: last event %+v, want the command's answer", last)
	}
	d.Hold = true
	d.Send(Keys("dxn")...)
	if d.Pending() != 1 || d.Screen() != b {
		t.Fatalf("held: %d pending on %v, want 1 on b", d.Pending(), d.Screen())
	}
	d.RunCommands()
	if d.Pending() != 0 || len(b.got) != 1 || b.got[0].Result != "done a" {
		t.Errorf("the held answer went to %v, want to b", b.got)
	}
}

// Work handed over on the way out is still done, as Run waits for it.
func TestDriverCommandsOnLeaving(t *testing.T) {
	done := false
	d := NewDriver(&recorder{name: "a"}, DefaultSize)
	d.Show(Do(Exit("bye"), func(context.Context) any { done = true; return nil }))
	if !d.Done() || !done || d.Pending() != 0 {
		t.Errorf("done %v, command ran %v, %d pending", d.Done(), done, d.Pending())
	}
}

// When Run stops its driver, a command that minds ctx answers at once; one
// that does not is left behind once the grace is over.
func TestDriverStop(t *testing.T) {
	running := func(cmd Cmd) *Driver { // a driver as Run makes it
		d := newDriver(DefaultSize)
		d.results, d.gone = make(chan any), make(chan struct{})
		d.show(Do(&recorder{name: "a"}, cmd))
		return d
	}
	d := running(func(ctx context.Context) any { <-ctx.Done(); return nil })
	began := time.Now()
	d.stop(time.Minute)
	if took := time.Since(began); took > 30*time.Second || d.running != 0 {
		t.Errorf("a command minding ctx: stop took %v, %d still running", took, d.running)
	}
	d = running(func(context.Context) any { select {} })
	began = time.Now()
	d.stop(10 * time.Millisecond)
	if took := time.Since(began); took > 30*time.Second || d.running != 1 {
		t.Errorf("a deaf command: stop took %v, %d still running", took, d.running)
	}
}

// The commands of the first screen start too.
func TestDriverFirstScreenCommands(t *testing.T) {
	r := &recorder{name: "a"}
	d := NewDriver(Do(r, func(context.Context) any { return 1 }), DefaultSize)
	if d.Screen() != r || d.Pending() != 1 {
		t.Fatalf("screen %v pending %d", d.Screen(), d.Pending())
	}
	d.RunCommands()
	if len(r.got) != 1 || r.got[0].Result != 1 {
		t.Errorf("got %v", r.got)
	}
}

// The terminal's answer about □ sets the width, and no screen sees it.
func TestDriverMeasures(t *testing.T) {
	for _, col := range []int{1, 2} {
		w := NewCondition(Narrow)
		r := &recorder{name: "a"}
		d := NewDriver(r, DefaultSize)
		d.width, d.measuring, d.adopt = w, true, true
		d.Input([]byte(fmt.Sprintf("\x1b[1;%dR", col+1)))
		if w.EastAsianWidth != (col == 2) || !d.measured || len(r.got) != 0 {
			t.Errorf("cursor at column %d: wide %v, measured %v, screen got %d", col+1, w.EastAsianWidth, d.measured, len(r.got))
		}
		d.Input([]byte("\x1b[1;3R")) // only the first answer counts
		if w.EastAsianWidth != (col == 2) {
			t.Errorf("a second answer changed the width")
		}
	}
}

// Feed is a driver of the default size.
func TestFeed(t *testing.T) {
	r := &recorder{name: "a"}
	if s := Feed(r, Keys("xy")...); s != r || !strings.HasPrefix(r.View(DefaultSize).Text(narrow), "a 80x24 2") {
		t.Errorf("Feed: %v, %v", s, r.got)
	}
	if s := Feed(r, Keys("qx")...); s != nil || len(r.got) != 3 {
		t.Errorf("Feed after q: %v, %d events", s, len(r.got))
	}
}

// Ctrl-L is the terminal's business: the screen never sees it, and Run
// learns that the whole screen is to be drawn again.
func TestDriverCtrlL(t *testing.T) {
	r := &recorder{name: "a"}
	d := NewDriver(r, Size{100, 40})
	d.Input([]byte("x\x0cy"))
	if len(r.got) != 2 || !r.got[0].IsRune('x') || !r.got[1].IsRune('y') || !d.redraw {
		t.Fatalf("after x Ctrl-L y the screen got %v, redraw %v", r.got, d.redraw)
	}
}

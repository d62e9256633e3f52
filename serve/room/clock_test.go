package room

import (
	"errors"
	"slices"
	"strings"
	"termgames/internal/faketime"
	"testing"
	"time"
)

var _ TimeSource = SystemTime{}
var _ TimeSource = (*faketime.Time)(nil)

// t0 is when every fake time begins: any instant does.
var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// newFakeTime is a time that moves only when the test says, from t0.
func newFakeTime() *faketime.Time { return faketime.New(t0) }

func TestParseControl(t *testing.T) {
	tests := []struct {
		in   string
		want Control
		back string // String of the control
	}{
		{"3+2", Control{Base: 3 * time.Minute, Increment: 2 * time.Second}, "3+2"},
		{"5+5", Control{Base: 5 * time.Minute, Increment: 5 * time.Second}, "5+5"},
		{" 10 + 10 ", Control{Base: 10 * time.Minute, Increment: 10 * time.Second}, "10+10"},
		{"1+0", Control{Base: time.Minute, Increment: 0}, "1+0"},
		{"none", Control{}, "none"},
		{"None", Control{}, "none"},
		{"30s+0", Control{Base: 30 * time.Second, Increment: 0}, "30s+0"},
		{"2s+1", Control{Base: 2 * time.Second, Increment: time.Second}, "2s+1"},
		{"1m30s+500ms", Control{Base: 90 * time.Second, Increment: 500 * time.Millisecond}, "1m30s+500ms"},
		{"180s+2", Control{Base: 3 * time.Minute, Increment: 2 * time.Second}, "3+2"},
		{"1440+60", Control{Base: 24 * time.Hour, Increment: time.Minute}, "1440+60"},
		{"30s/move", Control{Base: 30 * time.Second, PerMove: true}, "30s/move"},
		{"1m/move", Control{Base: time.Minute, PerMove: true}, "1m/move"},
		{"60s/move", Control{Base: time.Minute, PerMove: true}, "1m/move"},
		{"1m30s/move", Control{Base: 90 * time.Second, PerMove: true}, "1m30s/move"},
		{"1.5s/move", Control{Base: 1500 * time.Millisecond, PerMove: true}, "1.5s/move"},
		{" 2h /Move ", Control{Base: 2 * time.Hour, PerMove: true}, "2h/move"},
		{"24h/move", Control{Base: 24 * time.Hour, PerMove: true}, "24h/move"},
	}
	for _, tt := range tests {
		c, err := ParseControl(tt.in)
		if err != nil || c != tt.want {
			t.Errorf("ParseControl(%q) = %+v, %v; want %+v", tt.in, c, err, tt.want)
			continue
		}
		if c.String() != tt.back {
			t.Errorf("%q: String = %q, want %q", tt.in, c.String(), tt.back)
		}
		if back, err := ParseControl(c.String()); err != nil || back != c {
			t.Errorf("%q: read back %+v, %v", c.String(), back, err)
		}
		if c.Timed() != (tt.back != "none") {
			t.Errorf("%q: Timed = %v", tt.in, c.Timed())
		}
	}
}

func TestParseControlRefuses(t *testing.T) {
	tests := []struct{ in, says string }{
		{"", "not a time control such as 3+2"},
		{"3", "not a time control such as 3+2"},
		{"blitz", "not a time control such as 3+2"},
		{"3+", "the increment"},
		{"+2", "the base"},
		{"0+2", "the base must be more than 0"},
		{"0s+0", "the base must be more than 0"},
		{"-1+2", "negative"},
		{"3+-1", "negative"},
		{"3+-1s", "negative"},
		{"3+x", "want seconds such as 2"},
		{"0.5+0", "want minutes such as 3"},
		{"3+2+1", "the increment"},
		{"1441+0", "out of range"},
		{"25h+0", "the base is more than 24h"},
		{"3+2h", "the increment is more than 1h"},
		{"99999999999999999999+0", "want minutes"},
		{"30s+2/move", "a clock per move adds no increment"},
		{"1+0/move", "a clock per move adds no increment"},
		{"0s/move", "the time for each move must be more than 0"},
		{"0/move", "the time for each move must be more than 0"},
		{"-5s/move", "the time for each move must be more than 0"},
		{"/move", "want the time for each move before /move"},
		{" /move", "want the time for each move before /move"},
		{"30/move", "want a duration with its unit"},
		{"soon/move", "want a duration with its unit"},
		{"25h/move", "the time for each move is more than 24h"},
		{"30s/moves", "not a time control such as 3+2"},
		{"30s/turn", "not a time control such as 3+2"},
	}
	for _, tt := range tests {
		_, err := ParseControl(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.says) || !strings.Contains(err.Error(), tt.in) {
			t.Errorf("ParseControl(%q) = %v, want an error naming it and saying %q", tt.in, err, tt.says)
		}
	}
}

func TestParseControls(t *testing.T) {
	def, err := ParseControls(DefaultControlList)
	if err != nil || !slices.Equal(def, DefaultControls()) {
		t.Errorf("the default list: %v, %v; want %v", def, err, DefaultControls())
	}
	cs, err := ParseControls("3+2,5+5,1+0")
	if want := []Control{{Base: 3 * time.Minute, Increment: 2 * time.Second}, {Base: 5 * time.Minute, Increment: 5 * time.Second}, {Base: time.Minute}}; err != nil || !slices.Equal(cs, want) {
		t.Errorf("ParseControls = %v, %v; want %v", cs, err, want)
	}
	cs, err = ParseControls("none,30s/move,3+2")
	if want := []Control{{}, {Base: 30 * time.Second, PerMove: true}, {Base: 3 * time.Minute, Increment: 2 * time.Second}}; err != nil || !slices.Equal(cs, want) {
		t.Errorf("ParseControls with a clock per move = %v, %v; want %v", cs, err, want)
	}
	refused := []struct{ in, says string }{
		{"", "no time control"},
		{"  ", "no time control"},
		{"3+2,,5+5", "entry 2 is empty"},
		{"3+2,", "entry 2 is empty"},
		{"3+2,x", `entry 2: "x" is not a time control`},
		{"none,3+2,none", "entry 3: none is already in the list"},
		{"3+2,180s+2", "entry 2: 3+2 is already in the list"},
		{"1m/move,60s/move", "entry 2: 1m/move is already in the list"},
		{"3+2,30s+2/move", "entry 2: \"30s+2/move\": a clock per move adds no increment"},
	}
	for _, tt := range refused {
		if _, err := ParseControls(tt.in); err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("ParseControls(%q) = %v, want %q", tt.in, err, tt.says)
		}
	}
}

// press is a move in the clock's tests: at (after t0) the seat to move
// presses, next is to move.
type press struct {
	at   time.Duration
	next int
	took time.Duration    // what the move took
	left [2]time.Duration // each seat's time after it
}

// TestClockIncrement plays moves on a 3+2 clock: each move charges its
// seat the time it took and adds two seconds; a seat that moves at once
// gains.
func TestClockIncrement(t *testing.T) {
	c := NewClock(Control{Base: 3 * time.Minute, Increment: 2 * time.Second})
	if err := c.Start(t0, 0); err != nil {
		t.Fatal(err)
	}
	moves := []press{
		{10 * time.Second, 1, 10 * time.Second, [2]time.Duration{172 * time.Second, 180 * time.Second}},
		{25 * time.Second, 0, 15 * time.Second, [2]time.Duration{172 * time.Second, 167 * time.Second}},
		{25 * time.Second, 1, 0, [2]time.Duration{174 * time.Second, 167 * time.Second}},
		{100 * time.Second, 0, 75 * time.Second, [2]time.Duration{174 * time.Second, 94 * time.Second}},
	}
	for k, m := range moves {
		took, err := c.Press(t0.Add(m.at), m.next)
		if err != nil || took != m.took {
			t.Fatalf("move %d: took %v, %v; want %v", k+1, took, err, m.took)
		}
		if left := c.Left(t0.Add(m.at)); left != m.left || c.Turn() != m.next {
			t.Fatalf("move %d: left %v, turn %d; want %v, %d", k+1, left, c.Turn(), m.left, m.next)
		}
	}
	// Seat 0's time runs down from 2:54 while it thinks.
	if left := c.Left(t0.Add(130 * time.Second)); left != [2]time.Duration{144 * time.Second, 94 * time.Second} {
		t.Errorf("30 s later: %v", left)
	}
	if at, ok := c.FlagAt(); !ok || !at.Equal(t0.Add(274*time.Second)) {
		t.Errorf("FlagAt = %v, %v; want 4:34 after the start", at, ok)
	}
}

// TestClockLossOnTime plays as a table would: after each move it arms a
// timer at FlagAt on the time source (stopping the last), and the timer's
// call asks Flagged. The seat that does not move loses on time, at the
// instant its time ran out, and a move after that is refused.
func TestClockLossOnTime(t *testing.T) {
	ft := newFakeTime()
	c := NewClock(Control{Base: time.Minute, Increment: 2 * time.Second})
	w := watch(ft, c, 0)

	ft.Advance(50 * time.Second)
	if _, err := w.move(1); err != nil { // seat 0: 12 s left
		t.Fatal(err)
	}
	ft.Advance(59 * time.Second)
	if _, err := w.move(0); err != nil { // seat 1: 3 s left
		t.Fatal(err)
	}
	ft.Advance(11 * time.Second) // seat 0 had 12 s: still in time
	if fell, _ := w.lost(); fell >= 0 {
		t.Fatalf("seat %d lost on time with time left", fell)
	}
	if left := c.Left(ft.Now()); left != [2]time.Duration{time.Second, 3 * time.Second} {
		t.Errorf("left %v", left)
	}
	ft.Advance(time.Hour) // seat 0 never moves
	if fell, fellAt := w.lost(); fell != 0 || !fellAt.Equal(t0.Add(50*time.Second+59*time.Second+12*time.Second)) {
		t.Fatalf("lost on time: seat %d at %v; want seat 0 at 2:01", fell, fellAt.Sub(t0))
	}
	if left := c.Left(ft.Now()); left != [2]time.Duration{0, 3 * time.Second} {
		t.Errorf("after the flag fell: %v", left)
	}
	if _, err := w.move(1); !errors.Is(err, ErrNotRunning) {
		t.Errorf("a move after the loss on time: %v", err)
	}
}

// flagWatch plays a clock as a table's goroutine does: after each move it
// arms a timer at FlagAt on the time source (stopping the last), and the
// timer's call asks Flagged and stops the clock when the flag fell. The
// fake time makes that call in the test's own goroutine, so the moves and
// the flag's fall come one at a time, as a table's messages do.
type flagWatch struct {
	ft     *faketime.Time
	c      *Clock
	stop   func() bool
	fell   int // the seat that lost on time, -1 while none has
	fellAt time.Time
}

// watch starts c at ft's now with seat to move, and watches its flag.
func watch(ft *faketime.Time, c *Clock, seat int) *flagWatch {
	w := &flagWatch{ft: ft, c: c, fell: -1}
	_ = c.Start(ft.Now(), seat)
	w.arm()
	return w
}

// arm arms the timer for the flag of the seat to move.
func (w *flagWatch) arm() {
	if w.stop != nil {
		w.stop()
	}
	if at, ok := w.c.FlagAt(); ok {
		w.stop = w.ft.AfterFunc(at.Sub(w.ft.Now()), func() {
			if seat, at, ok := w.c.Flagged(w.ft.Now()); ok {
				w.fell, w.fellAt = seat, at
				w.c.Stop(w.ft.Now())
			}
		})
	}
}

// move presses the clock now, next to move, and arms the next flag.
func (w *flagWatch) move(next int) (time.Duration, error) {
	took, err := w.c.Press(w.ft.Now(), next)
	if err == nil {
		w.arm()
	}
	return took, err
}

// lost returns the seat that lost on time, -1 for none, and when.
func (w *flagWatch) lost() (int, time.Time) {
	return w.fell, w.fellAt
}

// TestClockPerMove plays a 30s/move clock as a table would: a move just
// inside the 30 seconds does not lose, and the next turn, whoever's it is,
// has the whole 30 seconds again, however much time the last one saved; a
// turn that goes past them loses on time, at the instant they ran out.
func TestClockPerMove(t *testing.T) {
	ft := newFakeTime()
	c := NewClock(Control{Base: 30 * time.Second, PerMove: true})
	w := watch(ft, c, 0)
	full := [2]time.Duration{30 * time.Second, 30 * time.Second}
	for k, m := range []struct {
		think time.Duration
		next  int
	}{
		{30*time.Second - time.Millisecond, 1}, // just inside
		{2 * time.Second, 0},                   // quick: saves nothing for later
		{29 * time.Second, 0},                  // the same seat again, as swap2's opener
		{30*time.Second - time.Millisecond, 1},
	} {
		ft.Advance(m.think)
		took, err := w.move(m.next)
		if err != nil || took != m.think {
			t.Fatalf("move %d: took %v, %v; want %v", k+1, took, err, m.think)
		}
		if fell, _ := w.lost(); fell >= 0 {
			t.Fatalf("move %d: seat %d lost on time with time left", k+1, fell)
		}
		if left := c.Left(ft.Now()); left != full || c.Turn() != m.next {
			t.Fatalf("move %d: left %v, seat %d to move; want %v, seat %d", k+1, left, c.Turn(), full, m.next)
		}
		if at, ok := c.FlagAt(); !ok || !at.Equal(ft.Now().Add(30*time.Second)) {
			t.Fatalf("move %d: FlagAt = %v, %v; want 30 s on", k+1, at.Sub(ft.Now()), ok)
		}
	}
	turn := ft.Now()
	ft.Advance(20 * time.Second)
	if left := c.Left(ft.Now()); left != [2]time.Duration{30 * time.Second, 10 * time.Second} {
		t.Errorf("20 s into seat 1's turn: %v", left)
	}
	ft.Advance(10*time.Second + time.Millisecond) // past the 30 seconds
	fell, at := w.lost()
	if fell != 1 || !at.Equal(turn.Add(30*time.Second)) {
		t.Fatalf("lost on time: seat %d at %v; want seat 1 at 30 s into its turn", fell, at.Sub(turn))
	}
	if _, err := w.move(0); !errors.Is(err, ErrNotRunning) {
		t.Errorf("a move after the loss on time: %v", err)
	}
	if left := c.Left(ft.Now()); left != [2]time.Duration{30 * time.Second, 0} {
		t.Errorf("after the flag fell: %v", left)
	}
}

// TestClockPerMoveLate: a guess that comes after its time ran out, before
// the timer's call, is refused and dated at the instant the time ran out;
// a move taken back gives the seat that answered its whole time again.
func TestClockPerMoveLate(t *testing.T) {
	c := NewClock(Control{Base: 10 * time.Second, PerMove: true})
	_ = c.Start(t0, 0)
	_, _ = c.Press(t0.Add(4*time.Second), 1)
	took, err := c.Switch(t0.Add(7*time.Second), 0) // seat 1 gives seat 0 its move back
	if err != nil || took != 3*time.Second {
		t.Fatalf("Switch = %v, %v", took, err)
	}
	if left := c.Left(t0.Add(7 * time.Second)); left != [2]time.Duration{10 * time.Second, 10 * time.Second} {
		t.Errorf("after the takeback: %v", left)
	}
	late := t0.Add(17*time.Second + time.Millisecond)
	if _, err := c.Press(late, 1); !errors.Is(err, ErrFlagged) {
		t.Fatalf("a guess 1 ms late: %v", err)
	}
	if seat, at, ok := c.Flagged(late); !ok || seat != 0 || !at.Equal(t0.Add(17*time.Second)) {
		t.Errorf("Flagged = %d, %v, %v; want seat 0 at 17 s", seat, at.Sub(t0), ok)
	}
}

// TestClockPerMovePause pauses a clock per move, as a game brought back
// after a restart is: the seat to move has what was left of its turn, the
// other the whole time, and the next turn is whole again.
func TestClockPerMovePause(t *testing.T) {
	c := NewClock(Control{Base: 30 * time.Second, PerMove: true})
	_ = c.Start(t0, 0)
	_, _ = c.Press(t0.Add(5*time.Second), 1)
	kept := t0.Add(17*time.Second + 500*time.Millisecond) // seat 1 has thought 12.5 s
	if err := c.Pause(kept); err != nil {
		t.Fatal(err)
	}
	restart := t0.Add(time.Hour)
	if !c.Paused() || c.Turn() != 1 || c.Spent(restart) != 12500*time.Millisecond ||
		c.Left(restart) != [2]time.Duration{30 * time.Second, 17500 * time.Millisecond} {
		t.Fatalf("paused: %v, turn %d, spent %v, left %v", c.Paused(), c.Turn(), c.Spent(restart), c.Left(restart))
	}
	c.Resume(restart)
	if at, ok := c.FlagAt(); !ok || !at.Equal(restart.Add(17500*time.Millisecond)) {
		t.Errorf("FlagAt after the restart = %v, %v; want 17.5 s on", at.Sub(restart), ok)
	}
	took, err := c.Press(restart.Add(10*time.Second), 0)
	if err != nil || took != 22500*time.Millisecond {
		t.Errorf("the guess across the restart took %v, %v", took, err)
	}
	if left := c.Left(restart.Add(10 * time.Second)); left != [2]time.Duration{30 * time.Second, 30 * time.Second} {
		t.Errorf("after it: %v", left)
	}
}

// TestClockFlaggedBeforeTheTimer: a move that comes after the seat's time
// ran out, before the timer's call, is refused, and Flagged dates the loss
// at the instant the time ran out, not at the move.
func TestClockFlaggedBeforeTheTimer(t *testing.T) {
	c := NewClock(Control{Base: time.Minute, Increment: 0})
	_ = c.Start(t0, 0)
	if _, _, ok := c.Flagged(t0.Add(time.Minute - time.Millisecond)); ok {
		t.Error("flagged with a millisecond left")
	}
	late := t0.Add(time.Minute + 3*time.Second)
	if _, err := c.Press(late, 1); !errors.Is(err, ErrFlagged) {
		t.Fatalf("a move 3 s late: %v", err)
	}
	seat, at, ok := c.Flagged(late)
	if !ok || seat != 0 || !at.Equal(t0.Add(time.Minute)) {
		t.Errorf("Flagged = %d, %v, %v; want 0 at one minute", seat, at.Sub(t0), ok)
	}
	if c.Turn() != 0 {
		t.Errorf("the refused move passed the turn to %d", c.Turn())
	}
	if err := c.Pause(late); !errors.Is(err, ErrFlagged) {
		t.Errorf("Pause after the flag fell: %v", err)
	}
	if _, err := c.Switch(late, 1); !errors.Is(err, ErrFlagged) {
		t.Errorf("Switch after the flag fell: %v", err)
	}
}

// TestClockSwitch: a move taken back gives the turn back with no
// increment, charging the seat that answered its time.
func TestClockSwitch(t *testing.T) {
	c := NewClock(Control{Base: time.Minute, Increment: 5 * time.Second})
	_ = c.Start(t0, 0)
	_, _ = c.Press(t0.Add(10*time.Second), 1) // seat 0: 55 s
	took, err := c.Switch(t0.Add(14*time.Second), 0)
	if err != nil || took != 4*time.Second {
		t.Fatalf("Switch = %v, %v", took, err)
	}
	if left := c.Left(t0.Add(14 * time.Second)); left != [2]time.Duration{55 * time.Second, 56 * time.Second} || c.Turn() != 0 {
		t.Errorf("after the takeback: %v, seat %d to move", left, c.Turn())
	}
}

// TestClockPause: the time the server is down is charged to nobody; the
// move's time leaves the pause out.
func TestClockPause(t *testing.T) {
	c := NewClock(Control{Base: time.Minute, Increment: 0})
	_ = c.Start(t0, 0)
	_, _ = c.Press(t0.Add(20*time.Second), 1)
	at := t0.Add(30 * time.Second) // seat 1 has thought 10 s
	if err := c.Pause(at); err != nil {
		t.Fatal(err)
	}
	if !c.Paused() {
		t.Error("not paused")
	}
	if _, ok := c.FlagAt(); ok {
		t.Error("a paused clock has a flag to arm")
	}
	later := at.Add(time.Hour) // the server was down
	if left := c.Left(later); left != [2]time.Duration{40 * time.Second, 50 * time.Second} {
		t.Errorf("during the pause: %v", left)
	}
	if _, _, ok := c.Flagged(later); ok {
		t.Error("flagged while paused")
	}
	_ = c.Pause(later) // twice changes nothing
	c.Resume(later)
	c.Resume(later.Add(time.Minute)) // not paused: changes nothing
	if at, ok := c.FlagAt(); !ok || !at.Equal(later.Add(50*time.Second)) {
		t.Errorf("FlagAt after the pause = %v, %v", at.Sub(later), ok)
	}
	took, err := c.Press(later.Add(5*time.Second), 0)
	if err != nil || took != 15*time.Second {
		t.Errorf("the move around the pause took %v, %v; want 15 s", took, err)
	}
	if left := c.Left(later.Add(5 * time.Second)); left != [2]time.Duration{40 * time.Second, 45 * time.Second} {
		t.Errorf("after the move: %v", left)
	}
}

// TestClockReplay brings a clock back from its moves' times alone, as a
// store keeps them (a server killed keeps no clock state): pressed at
// those intervals on any timeline, then paused, it stands where the clock
// that ran stood at the last move.
func TestClockReplay(t *testing.T) {
	control := Control{Base: time.Minute, Increment: 3 * time.Second}
	ran := NewClock(control)
	_ = ran.Start(t0, 0)
	type kept struct {
		took time.Duration
		next int
	}
	var moves []kept
	now := t0
	for k, d := range []time.Duration{7, 12, 1, 30, 2} {
		now = now.Add(d * time.Second)
		took, err := ran.Press(now, (k+1)%2)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, kept{took, (k + 1) % 2})
	}
	start := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	back := NewClock(control)
	_ = back.Start(start, 0)
	at := start
	for _, m := range moves {
		at = at.Add(m.took)
		if _, err := back.Press(at, m.next); err != nil {
			t.Fatal(err)
		}
	}
	_ = back.Pause(at)
	if back.Left(at) != ran.Left(now) || back.Turn() != ran.Turn() {
		t.Errorf("replayed %v, seat %d; ran %v, seat %d", back.Left(at), back.Turn(), ran.Left(now), ran.Turn())
	}
}

// TestNoClock: with no control the moves are timed for the record, and no
// flag ever falls.
func TestNoClock(t *testing.T) {
	c := NewClock(Control{})
	_ = c.Start(t0, 1)
	took, err := c.Press(t0.Add(48*time.Hour), 0)
	if err != nil || took != 48*time.Hour {
		t.Errorf("a move of two days: %v, %v", took, err)
	}
	if _, ok := c.FlagAt(); ok {
		t.Error("a flag to arm with no clock")
	}
	if _, _, ok := c.Flagged(t0.Add(1000 * time.Hour)); ok {
		t.Error("flagged with no clock")
	}
	if left := c.Left(t0.Add(time.Hour)); left != [2]time.Duration{} {
		t.Errorf("Left = %v", left)
	}
	if spent := c.Spent(t0.Add(49 * time.Hour)); spent != time.Hour {
		t.Errorf("Spent = %v, want the hour since the move", spent)
	}
}

func TestClockStop(t *testing.T) {
	c := NewClock(Control{Base: time.Minute, Increment: 0})
	_ = c.Start(t0, 0)
	c.Stop(t0.Add(20 * time.Second))
	if left := c.Left(t0.Add(time.Hour)); left != [2]time.Duration{40 * time.Second, time.Minute} || c.Turn() != -1 {
		t.Errorf("stopped: %v, turn %d", left, c.Turn())
	}
	if _, ok := c.FlagAt(); ok {
		t.Error("a stopped clock has a flag to arm")
	}
	if err := c.Start(t0.Add(time.Hour), 1); err == nil {
		t.Error("a stopped clock started again")
	}
}

func TestClockRefuses(t *testing.T) {
	c := NewClock(Control{Base: time.Minute, Increment: 0})
	if _, err := c.Press(t0, 1); !errors.Is(err, ErrNotRunning) {
		t.Errorf("Press before Start: %v", err)
	}
	if err := c.Start(t0, 2); err == nil || !strings.Contains(err.Error(), "no seat 2") {
		t.Errorf("Start(seat 2): %v", err)
	}
	_ = c.Start(t0, 0)
	if err := c.Start(t0, 1); err == nil {
		t.Error("started twice")
	}
	if _, err := c.Press(t0.Add(time.Second), -1); err == nil || c.Turn() != 0 || c.Left(t0.Add(time.Second))[0] != 59*time.Second {
		t.Errorf("Press(next -1) = %v, and changed the clock", err)
	}
	// A time source that goes back charges nothing.
	if took, err := c.Press(t0.Add(-time.Hour), 1); err != nil || took != 0 || c.Left(t0)[0] != time.Minute {
		t.Errorf("a move before the turn began: %v, %v, %v", took, err, c.Left(t0))
	}
}

// FuzzParseControls: no list panics, and every control read is spelled
// back as one that reads the same.
func FuzzParseControls(f *testing.F) {
	for _, s := range []string{DefaultControlList, "3+2,5+5,1+0", "30s+0", "1m30s+500ms", "none", "", ",", "3+", "+2",
		"-1+2", "3+-2", "9999999999999+1", "3+2,3+2", "1h+1h",
		"30s/move", "none,1m/move,3+2", "60s/move,1m/move", "30s+2/move", "/move", "0s/move", "1h0m0.5s/move"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		cs, err := ParseControls(list)
		if err != nil {
			return
		}
		for _, c := range cs {
			back, err := ParseControl(c.String())
			if err != nil || back != c {
				t.Fatalf("%q: %v spelled %q, read back %v, %v", list, c, c.String(), back, err)
			}
		}
	})
}

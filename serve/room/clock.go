package room

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// clock.go is the online tables' chess clock: a Fischer clock (a base time
// and an increment added after each move, as on piskvorky.net and lichess)
// or a clock per move (each move within a fixed time, as baseball's
// guesses) for the two seats of a table. It is rules only: it reads no
// time of its own, every method is told the instant it acts at, so that a
// table reads its TimeSource once per event and a test moves the time by
// hand. It draws nothing and imports no console.

// TimeSource is where the tables read the time and arm the fall of a
// flag: SystemTime on a server, and in tests a source that moves only when
// told and fires its timers then, so that no test sleeps through a clock.
type TimeSource interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed, as
	// time.AfterFunc does; stop disarms it and reports whether that kept
	// it from being made, as (*time.Timer).Stop does.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// SystemTime is the machine's time.
type SystemTime struct{}

// Now is time.Now.
func (SystemTime) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (SystemTime) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	return time.AfterFunc(d, f).Stop
}

// Control is a table's time control: each player's time at the start and
// what each move adds to it, or, PerMove, the time for each move. The zero
// Control is no clock at all; moves are still timed, for the record.
type Control struct {
	Base      time.Duration
	Increment time.Duration
	// PerMove: Base is the time for each move, afresh at every turn, and
	// time saved on one move is not carried to the next; Increment is 0.
	PerMove bool
}

// Timed reports whether the control runs a clock that can run out.
func (c Control) Timed() bool { return c.Base > 0 }

// The bounds of a control: a day at most, far past any game, and an
// increment of an hour at most; they keep a typo from a clock that never
// ends and the durations from overflowing.
const (
	maxBase      = 24 * time.Hour
	maxIncrement = time.Hour
)

// String writes the control as players name it and ParseControl reads it:
// "3+2" (minutes+seconds), "none"; a base or increment that is no whole
// minute or second with its unit, "30s+0", "1+500ms"; a clock per move as
// its time with its unit, "30s/move", "1m/move".
func (c Control) String() string {
	switch {
	case !c.Timed():
		return "none"
	case c.PerMove:
		return short(c.Base) + perMove
	}
	return amount(c.Base, time.Minute) + "+" + amount(c.Increment, time.Second)
}

// perMove ends the name of a clock per move.
const perMove = "/move"

// short writes d with its units as time.Duration does, less the zero
// units at its end that a player would not write: "1m", not "1m0s".
func short(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// amount writes d as a number of units, or as a duration with its unit
// when it is no whole number of them.
func amount(d, unit time.Duration) string {
	if d%unit == 0 {
		return strconv.FormatInt(int64(d/unit), 10)
	}
	return d.String()
}

// DefaultControlList is the controls a table offers unless the server's
// flag says otherwise: no clock, the common blitz and rapid ones (omok),
// and a clock per guess (baseball).
const DefaultControlList = "none,3+2,5+5,10+10,30s/move,1m/move"

// DefaultControls returns the controls of DefaultControlList, in its
// order.
func DefaultControls() []Control {
	return []Control{{}, {Base: 3 * time.Minute, Increment: 2 * time.Second},
		{Base: 5 * time.Minute, Increment: 5 * time.Second}, {Base: 10 * time.Minute, Increment: 10 * time.Second},
		{Base: 30 * time.Second, PerMove: true}, {Base: time.Minute, PerMove: true}}
}

// ParseControl reads one time control: "none", or base+increment, the
// base in minutes and the increment in seconds ("3+2"), either of them
// also as a duration with its unit ("30s+0", "1m30s+500ms") for a short
// clock, or the time for each move with its unit and "/move" ("30s/move").
func ParseControl(s string) (Control, error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "none") {
		return Control{}, nil
	}
	if n := len(t) - len(perMove); n >= 0 && strings.EqualFold(t[n:], perMove) {
		return parsePerMove(s, t[:n])
	}
	base, inc, ok := strings.Cut(t, "+")
	if !ok {
		return Control{}, fmt.Errorf("%q is not a time control such as 3+2 (minutes+seconds), 30s/move or none", s)
	}
	var c Control
	var err error
	if c.Base, err = duration(base, time.Minute, "minutes such as 3"); err != nil {
		return Control{}, fmt.Errorf("%q: the base: %w", s, err)
	}
	if c.Increment, err = duration(inc, time.Second, "seconds such as 2"); err != nil {
		return Control{}, fmt.Errorf("%q: the increment: %w", s, err)
	}
	switch {
	case c.Base <= 0:
		return Control{}, fmt.Errorf("%q: the base must be more than 0 (no clock is none)", s)
	case c.Base > maxBase:
		return Control{}, fmt.Errorf("%q: the base is more than %v", s, maxBase)
	case c.Increment > maxIncrement:
		return Control{}, fmt.Errorf("%q: the increment is more than %v", s, maxIncrement)
	}
	return c, nil
}

// parsePerMove reads a clock per move from each, the part of s before
// "/move". It wants the unit: "30/move" could mean seconds or minutes.
func parsePerMove(s, each string) (Control, error) {
	each = strings.TrimSpace(each)
	switch {
	case each == "":
		return Control{}, fmt.Errorf("%q: want the time for each move before /move, such as 30s/move", s)
	case strings.Contains(each, "+"):
		return Control{}, fmt.Errorf("%q: a clock per move adds no increment: want such as 30s/move", s)
	}
	d, err := time.ParseDuration(each)
	switch {
	case err != nil:
		return Control{}, fmt.Errorf("%q: the time for each move: want a duration with its unit, such as 30s or 1m", s)
	case d <= 0:
		return Control{}, fmt.Errorf("%q: the time for each move must be more than 0 (no clock is none)", s)
	case d > maxBase:
		return Control{}, fmt.Errorf("%q: the time for each move is more than %v", s, maxBase)
	}
	return Control{Base: d, PerMove: true}, nil
}

// duration reads a whole number of units, or a duration with its unit;
// never a negative one.
func duration(s string, unit time.Duration, want string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	var d time.Duration
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n > int64(maxBase/unit) {
			return 0, fmt.Errorf("%q is out of range", s)
		}
		d = time.Duration(n) * unit
	} else if d, err = time.ParseDuration(s); err != nil {
		return 0, fmt.Errorf("%q: want %s, or a duration such as 30s", s, want)
	}
	if d < 0 {
		return 0, fmt.Errorf("%q is negative", s)
	}
	return d, nil
}

// ParseControls reads the server flag's list of controls, in the order a
// table offers them: "none,3+2,5+5", each entry as ParseControl reads it.
// An empty entry and an entry given twice are errors: both are typos.
func ParseControls(list string) ([]Control, error) {
	if strings.TrimSpace(list) == "" {
		return nil, errors.New("no time control: want a list such as " + DefaultControlList)
	}
	var cs []Control
	for k, entry := range strings.Split(list, ",") {
		if strings.TrimSpace(entry) == "" {
			return nil, fmt.Errorf("entry %d is empty (a list such as %s)", k+1, DefaultControlList)
		}
		c, err := ParseControl(entry)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", k+1, err)
		}
		for _, seen := range cs {
			if seen == c {
				return nil, fmt.Errorf("entry %d: %v is already in the list", k+1, c)
			}
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// Errors of the clock.
var (
	// ErrFlagged: the seat to move ran out of time before the move or
	// the pause; Flagged says when. The game is lost on time.
	ErrFlagged = errors.New("the time ran out")
	// ErrNotRunning: the clock was not started, or was stopped.
	ErrNotRunning = errors.New("the clock is not running")
)

// Clock is a Fischer clock, or a clock per move, for the two seats of a
// table. The seat to move has its time running (unless the clock is
// paused); a move charges it the time since its turn began and adds the
// increment (per move: gives it the whole time again for its next move),
// and the time of every move is returned for the record. With no control
// (Control{}) no flag ever falls, and the moves are still timed.
type Clock struct {
	control Control
	left    [2]time.Duration // as of since, for the seat to move
	turn    int              // the seat to move; -1 before Start and after Stop
	since   time.Time        // when turn's time last began to run; zero while paused
	spent   time.Duration    // turn's time on this move before a pause
	stopped bool             // the game is over: Stop was called
}

// NewClock returns a clock of control, not yet started: each seat has the
// base time.
func NewClock(control Control) *Clock {
	return &Clock{control: control, left: [2]time.Duration{control.Base, control.Base}, turn: -1}
}

// Control is the clock's time control.
func (c *Clock) Control() Control { return c.control }

// Turn returns the seat whose time runs (or would, were the clock not
// paused), -1 before Start and after Stop.
func (c *Clock) Turn() int { return c.turn }

// Paused reports whether the clock is paused: no seat's time runs.
func (c *Clock) Paused() bool { return c.turn >= 0 && c.since.IsZero() }

// Start runs seat's time from now: the game's first move is seat's.
func (c *Clock) Start(now time.Time, seat int) error {
	if err := checkSeat(seat); err != nil {
		return err
	}
	switch {
	case c.stopped:
		return errors.New("the clock has stopped: a new game takes a new clock")
	case c.turn >= 0:
		return errors.New("the clock is already running")
	}
	c.turn, c.since, c.spent = seat, now, 0
	return nil
}

// checkSeat refuses what is no seat of a table.
func checkSeat(seat int) error {
	if seat != 0 && seat != 1 {
		return fmt.Errorf("no seat %d: a table has seats 0 and 1", seat)
	}
	return nil
}

// elapsed is the time the seat to move has used since its time last began
// to run: none while paused, and none for an instant before it (a time
// source is not trusted to go only forward).
func (c *Clock) elapsed(now time.Time) time.Duration {
	if c.since.IsZero() {
		return 0
	}
	return max(now.Sub(c.since), 0)
}

// fallen reports whether the seat to move has run out by now.
func (c *Clock) fallen(now time.Time) bool {
	return c.control.Timed() && c.turn >= 0 && c.left[c.turn]-c.elapsed(now) <= 0
}

// Press ends the move of the seat to move: it is charged the time since
// its turn began, the increment is added (per move: its time is the whole
// Base again), and next is to move (next may be the same seat, as in
// swap2, where the opener places three stones). It returns the time the
// move took, paused time left out, for the record. It refuses a move made
// after the flag fell (ErrFlagged): the game is then lost on time, which
// Flagged dates.
func (c *Clock) Press(now time.Time, next int) (time.Duration, error) {
	return c.hand(now, next, c.control.Increment)
}

// Switch gives the turn to next with no move made and no increment: a
// move taken back by consent. The seat that was to move is charged its
// time until now (per move: it has the whole Base again, as after a move),
// and that time is returned.
func (c *Clock) Switch(now time.Time, next int) (time.Duration, error) {
	return c.hand(now, next, 0)
}

// hand charges the seat to move, adds inc, and gives the turn to next.
func (c *Clock) hand(now time.Time, next int, inc time.Duration) (time.Duration, error) {
	switch {
	case c.turn < 0:
		return 0, ErrNotRunning
	case c.fallen(now):
		return 0, ErrFlagged
	}
	if err := checkSeat(next); err != nil {
		return 0, err
	}
	e := c.elapsed(now)
	took := c.spent + e
	switch {
	case c.control.PerMove && c.control.Timed():
		c.left[c.turn] = c.control.Base // its next turn starts afresh
	case c.control.Timed():
		c.left[c.turn] += inc - e
	}
	c.turn, c.spent = next, 0
	if !c.since.IsZero() {
		c.since = now // a paused clock stays paused for the next seat
	}
	return took, nil
}

// Left returns each seat's time at now, the running seat's counting down,
// never below zero; zero for both with no control.
func (c *Clock) Left(now time.Time) [2]time.Duration {
	if !c.control.Timed() {
		return [2]time.Duration{}
	}
	left := c.left
	if c.turn >= 0 {
		left[c.turn] = max(left[c.turn]-c.elapsed(now), 0)
	}
	return left
}

// FlagAt returns when the seat to move runs out if it does not move: the
// instant to arm a timer for. False when no time runs: no control, not
// started, paused, or stopped.
func (c *Clock) FlagAt() (time.Time, bool) {
	if !c.control.Timed() || c.turn < 0 || c.since.IsZero() {
		return time.Time{}, false
	}
	return c.since.Add(c.left[c.turn]), true
}

// Flagged reports whether the seat to move has run out of time by now,
// and when it did: the instant its time reached zero, whenever the timer
// or the move that found it came.
func (c *Clock) Flagged(now time.Time) (seat int, at time.Time, ok bool) {
	if !c.fallen(now) {
		return -1, time.Time{}, false
	}
	return c.turn, c.since.Add(c.left[c.turn]), true
}

// Pause stops the time of the seat to move: a game brought back after a
// restart waits paused for its player, so that the time the server was
// down is charged to nobody. It refuses to pause a clock whose
// flag has fallen (ErrFlagged): that game is over, on time. Pausing a
// paused clock, or one not running, changes nothing.
func (c *Clock) Pause(now time.Time) error {
	if c.turn < 0 || c.since.IsZero() {
		return nil
	}
	if c.fallen(now) {
		return ErrFlagged
	}
	e := c.elapsed(now)
	if c.control.Timed() {
		c.left[c.turn] -= e
	}
	c.spent += e
	c.since = time.Time{}
	return nil
}

// Resume runs the time of the seat to move again from now. Resuming a
// clock that is not paused changes nothing.
func (c *Clock) Resume(now time.Time) {
	if c.Paused() {
		c.since = now
	}
}

// Spent returns the time the seat to move has used on its move by now,
// paused time left out: what Press would return were the move made now.
// Zero before Start and after Stop.
func (c *Clock) Spent(now time.Time) time.Duration {
	if c.turn < 0 {
		return 0
	}
	return c.spent + c.elapsed(now)
}

// Stop ends the clock with the game: the seat to move is charged its time
// until now, and Left stays as it then is.
func (c *Clock) Stop(now time.Time) {
	if c.turn >= 0 && c.control.Timed() {
		c.left[c.turn] = max(c.left[c.turn]-c.elapsed(now), 0)
	}
	c.turn, c.since, c.spent, c.stopped = -1, time.Time{}, 0, true
}

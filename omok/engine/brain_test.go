package engine

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

// session is a brain on pipes, as a manager sees it.
type session struct {
	t     *testing.T
	lines chan string // to the brain, written in order by one goroutine: a
	// pipe has no buffer, so a test that wrote while the brain waits to
	// answer would block both, where a real pipe would not
	out  *bufio.Reader
	done chan error
}

// brainNodes keeps every test move quick and the same on every machine.
const brainNodes = 3000

func newSession(t *testing.T, l Level) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, lines: make(chan string, 1024), out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		defer inW.Close()
		for l := range s.lines {
			if _, err := io.WriteString(inW, l+"\n"); err != nil {
				return
			}
		}
	}()
	go func() {
		err := Brain(inR, outW, BrainOptions{Level: l, Nodes: brainNodes, Version: "test"})
		outW.Close()
		s.done <- err
	}()
	t.Cleanup(func() { close(s.lines) })
	return s
}

func (s *session) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		s.lines <- l
	}
}

// read returns the next line of the brain, failing after a generous wait:
// a brain that hangs must fail the test, not hang it.
func (s *session) read() string {
	s.t.Helper()
	ch := make(chan string, 1)
	go func() {
		l, err := s.out.ReadString('\n')
		if err != nil {
			l = "EOF: " + err.Error()
		}
		ch <- strings.TrimRight(l, "\r\n")
	}()
	select {
	case l := <-ch:
		return l
	case <-time.After(20 * time.Second):
		s.t.Fatal("the brain did not answer")
	}
	return ""
}

// ask sends lines and returns the one answer they get.
func (s *session) ask(lines ...string) string {
	s.t.Helper()
	s.send(lines...)
	return s.read()
}

func (s *session) expect(want string, lines ...string) {
	s.t.Helper()
	if got := s.ask(lines...); got != want {
		s.t.Errorf("%q: got %q, want %q", lines, got, want)
	}
}

func (s *session) expectPrefix(prefix string, lines ...string) string {
	s.t.Helper()
	got := s.ask(lines...)
	if !strings.HasPrefix(got, prefix) {
		s.t.Errorf("%q: got %q, want %s...", lines, got, prefix)
	}
	return got
}

var moveRe = regexp.MustCompile(`^(\d+),(\d+)$`)

// move reads an answer that must be a move on an empty point of b, and
// plays it there.
func (s *session) move(b *Board, lines ...string) Point {
	s.t.Helper()
	got := s.ask(lines...)
	m := moveRe.FindStringSubmatch(got)
	if m == nil {
		s.t.Fatalf("%q: got %q, want a move", lines, got)
	}
	var p Point
	fmt.Sscan(m[1], &p.X)
	fmt.Sscan(m[2], &p.Y)
	if err := b.Play(p); err != nil {
		s.t.Fatalf("%q: the brain played %v: %v", lines, p, err)
	}
	return p
}

func TestBrainAbout(t *testing.T) {
	s := newSession(t, Hard)
	s.expect(`name="termgames", version="test", author="termgames", country="KR"`, "ABOUT")
}

func TestBrainStart(t *testing.T) {
	s := newSession(t, Hard)
	s.expect("OK", "START 15")
	s.expect("OK", "START 19")
	s.expect("OK", "start 20") // commands in any case
	for _, bad := range []string{"START 4", "START 23", "START", "START x", "START -1"} {
		s.expectPrefix("ERROR", bad)
	}
	s.expectPrefix("ERROR", "RECTSTART 15,15")
	s.expectPrefix("ERROR", "RECTSTART 20,15")
}

func TestBrainBegin(t *testing.T) {
	s := newSession(t, Hard)
	s.expect("OK", "START 15")
	b, _ := NewBoard(15, Freestyle)
	if p := s.move(b, "BEGIN"); p != (Point{7, 7}) {
		t.Errorf("first move %v, want the centre 7,7", p)
	}
	s.expectPrefix("ERROR", "BEGIN") // not on a board with stones
}

func TestBrainTurn(t *testing.T) {
	s := newSession(t, Hard)
	s.expect("OK", "START 19")
	b, _ := NewBoard(19, Freestyle)
	for _, p := range []Point{{9, 9}, {10, 9}, {3, 3}} {
		if err := b.Play(p); err != nil {
			// The brain took that point; the test's own move goes elsewhere.
			p = Point{p.X, p.Y + 5}
			if err := b.Play(p); err != nil {
				t.Fatal(err)
			}
		}
		s.move(b, "TURN "+p.String())
	}
}

func TestBrainBoard(t *testing.T) {
	s := newSession(t, Hard)
	s.expect("OK", "START 15")
	// The opponent (2) has four in a row; the brain (1) must block.
	lines := []string{"BOARD", "5,5,2", "6,6,1", "6,5,2", "7,7,1", "7,5,2", "1,1,1", "8,5,2", "DONE"}
	// Own 3, opponent 4: the brain is white and blocks at 4,5 or 9,5.
	b, _ := NewBoard(15, Freestyle)
	got := s.ask(lines...)
	if got != "4,5" && got != "9,5" {
		t.Errorf("BOARD with a four against: got %q, want 4,5 or 9,5", got)
	}
	_ = b
	// After BOARD the game goes on with TURN.
	if got := s.ask("TURN 12,12"); !moveRe.MatchString(got) {
		t.Errorf("TURN after BOARD: %q", got)
	}
}

func TestBrainYixinCommands(t *testing.T) {
	s := newSession(t, Hard)
	s.expect("OK", "START 15")
	// YXBOARD sets a position without an answer; then the turn is black's
	// and freestyle forbids nothing.
	s.send("YXBOARD", "7,7,1", "8,8,2", "DONE")
	s.expect("FORBID .", "YXSHOWFORBID")
	s.expectPrefix("ERROR", "BEGIN")    // stones on the board
	s.expectPrefix("ERROR", "TURN 8,8") // the position took
	b, _ := Setup(15, Freestyle, []Point{{7, 7}}, []Point{{8, 8}})
	_ = b.Play(Point{6, 6})
	s.move(b, "TURN 6,6")
}

// TestBrainRenju: INFO rule 4 is renju; YXSHOWFORBID lists black's
// forbidden points as xxyy, and the brain never plays one.
func TestBrainRenju(t *testing.T) {
	s := newSession(t, Hard)
	s.expect("OK", "START 15", "INFO rule 4")
	// The position of TestRenjuBlackCannotBlockOnForbiddenPoint, without
	// white's four: 7,7 is a 3-3 for black, to move.
	s.send("YXBOARD", "5,7,1", "6,7,1", "7,5,1", "7,6,1", "2,2,2", "3,3,2", "4,4,2", "0,14,2", "DONE")
	s.expect("FORBID 0707.", "YXSHOWFORBID")
	got := s.ask("BOARD", "5,7,1", "6,7,1", "7,5,1", "7,6,1", "2,2,2", "3,3,2", "4,4,2", "0,14,2", "DONE")
	if got == "7,7" || !moveRe.MatchString(got) {
		t.Errorf("renju black answered %q", got)
	}
	s.expectPrefix("ERROR", "INFO rule x")
}

func TestBrainInfoAndLimits(t *testing.T) {
	s := newSession(t, Hard)
	// INFO gets no answer: the next answer is START's.
	s.expect("OK", "INFO timeout_turn 1000", "INFO timeout_match 100000", "INFO time_left 90000",
		"INFO max_memory 67108864", "INFO rule 1", "INFO game_type 1", "INFO folder /tmp", "INFO some_future_key 3", "START 15")
	s.expectPrefix("ERROR", "INFO timeout_turn soon")

	br := &brain{opt: BrainOptions{Level: Hard}, info: brainInfo{turn: 300}}
	if got := br.limits().Time; got > 300*time.Millisecond || got <= 0 {
		t.Errorf("timeout_turn 300: a move may take %v", got)
	}
	br.info = brainInfo{turn: 5000, match: 60000, left: 2000}
	if got := br.limits().Time; got > 2000*time.Millisecond/10 {
		t.Errorf("2 s left of the match: a move may take %v", got)
	}
	br.info = brainInfo{turn: 0}
	if got := br.limits().Time; got != DefaultLimits(Hard).Time {
		t.Errorf("no timeout_turn: %v, want the level's %v", got, DefaultLimits(Hard).Time)
	}
}

func TestBrainMaxMemory(t *testing.T) {
	e := New(Hard, nil)
	e.SetMemory(20 << 20)
	if got := int64(len(e.tt.e)) * 16; got > 5<<20 {
		t.Errorf("max_memory 20 MB: the table takes %d bytes", got)
	}
	e.SetMemory(1 << 30)
	if got := int64(len(e.tt.e)) * 16; got > DefaultMemory {
		t.Errorf("max_memory 1 GB: the table takes %d bytes, more than the %d a move needs", got, DefaultMemory)
	}
}

func TestBrainRule(t *testing.T) {
	s := newSession(t, Hard)
	s.expect("OK", "START 15", "INFO rule 1")
	// Under exactly-five, x x x x . x is no threat to block at the gap
	// (filling it makes six) but the other end is.
	got := s.ask("BOARD", "2,5,2", "3,5,2", "4,5,2", "5,5,2", "7,5,2", "1,1,1", "13,13,1", "1,13,1", "13,1,1", "DONE")
	if got != "1,5" && got != "6,5" {
		// 6,5 would be overline for white: no five there; 1,5 makes
		// exactly five, so the brain must block 1,5.
		t.Errorf("exactly five: got %q", got)
	}
	if got == "6,5" {
		t.Errorf("exactly five: blocked the gap where six does not win, not 1,5")
	}
}

func TestBrainRestartTakebackEnd(t *testing.T) {
	s := newSession(t, Hard)
	s.expect("OK", "START 15")
	b, _ := NewBoard(15, Freestyle)
	s.move(b, "BEGIN")
	s.expect("OK", "RESTART")
	b, _ = NewBoard(15, Freestyle)
	reply := s.move(b, "TURN 3,3") // the board was empty again
	// A manager takes back the last moves, newest first.
	s.expect("OK", "TAKEBACK "+reply.String())
	s.expect("OK", "TAKEBACK 3,3")
	s.expectPrefix("ERROR", "TAKEBACK 3,3") // nothing there now
	// 3,3 is free again: TURN there is legal.
	if got := s.ask("TURN 3,3"); !moveRe.MatchString(got) {
		t.Errorf("TURN on the point taken back: %q", got)
	}
	s.send("END")
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("END: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the brain did not stop on END")
	}
}

func TestBrainBadInput(t *testing.T) {
	s := newSession(t, Hard)
	s.expectPrefix("ERROR", "TURN 1,1") // before START
	s.expectPrefix("ERROR", "BEGIN")
	s.expectPrefix("ERROR", "BOARD")
	s.expectPrefix("ERROR", "RESTART")
	s.expectPrefix("ERROR", "TAKEBACK 1,1")
	s.expect("UNKNOWN @@@", "@@@")
	s.expect("UNKNOWN FOO", "FOO bar baz")
	s.expect("OK", "", "   ", "START 15") // blank lines are ignored
	for _, bad := range []string{"TURN", "TURN 1", "TURN a,b", "TURN 15,0", "TURN -1,3", "TURN 3,15", "TURN 1,,2"} {
		s.expectPrefix("ERROR", bad)
	}
	b, _ := NewBoard(15, Freestyle)
	_ = b.Play(Point{4, 4})
	p := s.move(b, "TURN 4,4")
	s.expectPrefix("ERROR", "TURN 4,4")         // occupied by the opponent's own stone
	s.expectPrefix("ERROR", "TURN "+p.String()) // occupied by the brain's
	// A BOARD with bad lines answers ERROR for each and then goes on.
	s.send("BOARD")
	s.expectPrefix("ERROR", "1,1")
	s.expectPrefix("ERROR", "1,1,7")
	s.expectPrefix("ERROR", "99,1,1")
	s.send("2,2,1")
	if got := s.ask("DONE"); !moveRe.MatchString(got) {
		// One stone of its own and none of the opponent's: not its turn.
		if !strings.HasPrefix(got, "ERROR") {
			t.Errorf("BOARD with 1 own, 0 opponent: %q", got)
		}
	}
	// A BOARD with a five already on it: the game is over.
	s.expectPrefix("ERROR", "BOARD", "1,1,2", "1,2,2", "1,3,2", "1,4,2", "1,5,2", "5,5,1", "6,6,1", "7,7,1", "8,8,1", "DONE")
	// A BOARD with the same point twice.
	s.expectPrefix("ERROR", "BOARD", "1,1,2", "1,1,1", "DONE")
	// Still alive and playing.
	s.expect("OK", "START 15")
	b, _ = NewBoard(15, Freestyle)
	s.move(b, "BEGIN")
}

// TestBrainCommandsArriveInstantly plays two brains against each other
// through a manager that sends each answer on as TURN the moment it
// arrives, as fast managers do.
func TestBrainCommandsArriveInstantly(t *testing.T) {
	a, c := newSession(t, Normal), newSession(t, Hard)
	a.expect("OK", "START 15")
	c.expect("OK", "START 15")
	b, _ := NewBoard(15, Freestyle)
	p := a.move(b, "BEGIN")
	players := [2]*session{c, a}
	for n := 0; b.Winner() == None && !b.Full(); n++ {
		p = players[n%2].move(b, "TURN "+p.String())
	}
	if b.Winner() == None {
		t.Errorf("no winner on a full board:\n%v", b)
	}
}

package room

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// inspect runs f on tb's goroutine, between two messages, and returns
// once it has: a test reads the table's own fields so.
func (t *Table) inspect(f func()) {
	_ = t.ask(func() error { f(); return nil })
}

// settle returns once every table of the lobby has handled what it was
// sent so far: a test looks at the tables after a leave so.
func (l *Lobby) settle() {
	l.mu.Lock()
	tables := make([]*Table, 0, len(l.live))
	for t := range l.live {
		tables = append(tables, t)
	}
	l.mu.Unlock()
	for _, t := range tables {
		t.inspect(func() {})
	}
}

// A player who comes back in the instant their seat hold ends: the table
// takes the two one after the other, so either the player is back and
// the hold stopped, or the game is over by forfeit and the seat not given
// back; never both, never neither.
func TestSeatHoldAndReturnOneAfterTheOther(t *testing.T) {
	for _, backFirst := range []bool{true, false} {
		ft := newFakeTime()
		l := NewLobby(Config{Hold: time.Minute})
		l.setTime(ft)
		t.Cleanup(l.Close)
		tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, Seat{Name: "alice"})
		if _, _, err := l.Join(tb.Code, Omok, Seat{Name: "bob"}); err != nil {
			t.Fatal(err)
		}
		tb.Leave(1)
		l.settle() // the hold armed
		resume := tb.ResumeCode(1)
		ft.Advance(time.Minute - time.Nanosecond)
		if backFirst {
			if _, _, ok := l.Resume(resume); !ok {
				t.Fatal("bob not back within the hold")
			}
		}
		ft.Advance(time.Nanosecond) // the hold's end
		_, _, back := l.Resume(resume)
		st, _ := tb.State()
		switch {
		case backFirst && (st.Outcome.Over || st.Seats[1].Present != 1):
			t.Errorf("back first, then the hold's end: %+v, bob present %d", st.Outcome, st.Seats[1].Present)
		case !backFirst && (back || st.Outcome != Outcome{Over: true, Winner: 0, How: "forfeit"}):
			t.Errorf("the hold's end, then back: given back %v, %+v", back, st.Outcome)
		}
	}
}

// Everything a table schedules runs on the lobby's time: the end of a
// seat hold and the fall of a flag here, an end the store refused tried
// again in TestFailedWriteSaidAndGameGoesOn. No test sleeps through one:
// the test moves the time by hand, and each is handled before the time
// moves on.
func TestTableSchedulesOnTheLobbysTime(t *testing.T) {
	ft := newFakeTime()
	l := NewLobby(Config{Hold: 30 * time.Second})
	l.setTime(ft)
	t.Cleanup(l.Close)
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle", Control: Control{Base: time.Minute}}, Seat{Name: "alice"})
	if _, _, err := l.Join(tb.Code, Omok, Seat{Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	tb.Leave(0)
	l.settle() // the hold armed
	ft.Advance(30 * time.Second)
	if st, _ := tb.State(); st.Outcome != (Outcome{Over: true, Winner: 1, How: "forfeit"}) {
		t.Errorf("after the hold: %+v", st.Outcome)
	}

	tb = l.Open(Setup{Game: Omok, Rule: "freestyle", Control: Control{Base: time.Minute}}, Seat{Name: "carol"})
	if _, _, err := l.Join(tb.Code, Omok, Seat{Name: "dave"}); err != nil {
		t.Fatal(err)
	}
	ft.Advance(time.Minute)
	if st, _ := tb.State(); st.Outcome != (Outcome{Over: true, Winner: 1, How: "time"}) {
		t.Errorf("after black's minute: %+v", st.Outcome)
	}
}

// setTime makes ts the lobby's time, before any table opens.
func (l *Lobby) setTime(ts TimeSource) { l.time = ts }

// syncBuffer is a log that the tables write while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

package room

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestQuickMatch lets players come one after another, each doing what the
// lobby does: join the table Match gives, or open one (named T1, T2, … in
// the order opened) and Wait. want is the table each sits at, and whether
// they opened it.
func TestQuickMatch(t *testing.T) {
	blitz := Control{Base: 3 * time.Minute, Increment: 2 * time.Second}
	rapid := Control{Base: 10 * time.Minute, Increment: 10 * time.Second}
	freeBlitz := Setup{Game: Omok, Rule: "freestyle", Control: blitz}
	type comer struct {
		key    string
		want   Setup
		table  string
		opened bool
	}
	tests := []struct {
		name   string
		comers []comer
	}{
		{"two paired, a third opens a table", []comer{
			{"a", freeBlitz, "T1", true},
			{"b", freeBlitz, "T1", false},
			{"c", freeBlitz, "T2", true},
		}},
		{"another rule, another clock, another game wait apart", []comer{
			{"a", freeBlitz, "T1", true},
			{"b", Setup{Game: Omok, Rule: "renju", Control: blitz}, "T2", true},
			{"c", Setup{Game: Omok, Rule: "freestyle", Control: rapid}, "T3", true},
			{"d", Setup{Game: Omok, Rule: "freestyle", Control: Control{}}, "T4", true},
			{"e", Setup{Game: Baseball, Control: blitz}, "T5", true},
			{"f", Setup{Game: Omok, Rule: "renju", Control: blitz}, "T2", false},
			{"g", freeBlitz, "T1", false},
			{"h", Setup{Game: Omok, Rule: "freestyle", Control: Control{}}, "T4", false},
		}},
		{"baseball has no rule", []comer{
			{"a", Setup{Game: Baseball, Rule: "renju", Control: rapid}, "T1", true},
			{"b", Setup{Game: Baseball, Rule: "freestyle", Control: rapid}, "T1", false},
		}},
		{"first come, first served", []comer{
			{"a", freeBlitz, "T1", true},
			{"a", freeBlitz, "T2", true}, // a second session of a's
			{"b", freeBlitz, "T1", false},
			{"c", freeBlitz, "T2", false},
		}},
		{"nobody is paired with themself", []comer{
			{"a", freeBlitz, "T1", true},
			{"a", freeBlitz, "T2", true},
			{"a", freeBlitz, "T3", true},
		}},
		{"guests are paired with anyone", []comer{
			{"", freeBlitz, "T1", true},
			{"", freeBlitz, "T1", false},
			{"a", freeBlitz, "T2", true},
			{"", freeBlitz, "T2", false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var q QuickMatch
			opened := 0
			for k, c := range tt.comers {
				code, ok := q.Match(c.want, c.key)
				if !ok {
					opened++
					code = "T" + string(rune('0'+opened))
					q.Wait(c.want, code, c.key)
				}
				if code != c.table || ok == c.opened {
					t.Fatalf("player %d (%q, %v): at %s, opened %v; want %s, opened %v", k+1, c.key, c.want, code, !ok, c.table, c.opened)
				}
			}
		})
	}
}

// waitingFor counts the tables in q's queue that wait for w.
func waitingFor(q *QuickMatch, w Setup) int {
	w = w.normal()
	n := 0
	for _, t := range q.waiting {
		if t.want == w {
			n++
		}
	}
	return n
}

func TestQuickMatchLeave(t *testing.T) {
	var q QuickMatch
	w := Setup{Game: Omok, Rule: "standard", Control: Control{}}
	q.Wait(w, "T1", "a")
	q.Wait(w, "T2", "b")
	if waitingFor(&q, w) != 2 || waitingFor(&q, Setup{Game: Omok, Rule: "renju", Control: Control{}}) != 0 {
		t.Errorf("waiting %d", waitingFor(&q, w))
	}
	if !q.Leave("T1") || q.Leave("T1") || q.Leave("T9") {
		t.Error("Leave reports wrong")
	}
	if code, ok := q.Match(w, "c"); !ok || code != "T2" {
		t.Errorf("after T1 left: %s, %v", code, ok)
	}
	if _, ok := q.Match(w, "c"); ok || waitingFor(&q, w) != 0 {
		t.Errorf("a table still waits: %d", waitingFor(&q, w))
	}
	if waitingFor(&q, Setup{Game: Baseball, Rule: "renju", Control: Control{}}) != 0 {
		t.Error("baseball waits")
	}
	q.Wait(Setup{Game: Baseball, Rule: "renju", Control: Control{}}, "T3", "")
	if waitingFor(&q, Setup{Game: Baseball, Control: Control{}}) != 1 {
		t.Error("a baseball table's rule counted")
	}
}

func TestSetupString(t *testing.T) {
	for w, want := range map[Setup]string{
		{Game: Omok, Rule: "renju", Control: Control{Base: 3 * time.Minute, Increment: 2 * time.Second}}: "omok renju 3+2",
		{Game: Omok, Rule: "freestyle"}: "omok freestyle none",
		{Game: Baseball, Rule: "renju", Control: Control{Base: 5 * time.Minute, Increment: 5 * time.Second}}: "baseball 5+5",
	} {
		if w.String() != want {
			t.Errorf("%q, want %q", w.String(), want)
		}
	}
}

// quickSeat is a player of the quick match's tests, with a key of their
// own.
func quickSeat(name string) Seat { return Seat{Name: name, Key: "SHA256:" + name} }

// quick has p come to the quick match for w, and fails the test on an
// error.
func quick(t *testing.T, l *Lobby, w Setup, p Seat) (*Table, int) {
	t.Helper()
	tb, seat, err := l.Quick(w, p)
	if err != nil {
		t.Fatalf("%s's quick match for %v: %v", p.Name, w, err)
	}
	return tb, seat
}

// seatedBy reports whether seat is taken at tb, and by whom.
func seatedBy(tb *Table, seat int) string {
	st, _ := tb.State()
	if !st.Seats[seat].Taken {
		return ""
	}
	return st.Seats[seat].Name
}

// Lobby.Quick: the first player waits at a table opened for them, the
// second is seated there and the game is on, a third waits at a table of
// their own; players who want another setup never meet; a host's second
// session is not paired with the first; a host who left is not waited for.
func TestLobbyQuick(t *testing.T) {
	blitz := Setup{Game: Omok, Rule: "freestyle", Control: Control{Base: 3 * time.Minute, Increment: 2 * time.Second},
		Swap2: true}
	t.Run("two paired, a third waits", func(t *testing.T) {
		l := NewLobby(Config{Hold: time.Minute})
		t1, s1 := quick(t, l, blitz, quickSeat("a"))
		if s1 != 0 || seatedBy(t1, 1) != "" || l.Tables(Omok)[0].Setup != blitz {
			t.Fatalf("the first: seat %d, at %+v", s1, l.Tables(Omok))
		}
		t2, s2 := quick(t, l, blitz, quickSeat("b"))
		if t2 != t1 || s2 != 1 || seatedBy(t1, 0) != "a" || seatedBy(t1, 1) != "b" {
			t.Fatalf("the second: %v seat %d; want %v seat 1", t2, s2, t1)
		}
		if err := t1.Move(0, "h8"); err != nil {
			t.Errorf("the game paired is not on: %v", err)
		}
		t3, s3 := quick(t, l, blitz, quickSeat("c"))
		if t3 == t1 || s3 != 0 || seatedBy(t3, 1) != "" {
			t.Fatalf("the third: %v seat %d; want a table of their own", t3, s3)
		}
		if li := l.Tables(Omok); len(li) != 2 || li[0].Code != t3.Code || li[0].Playing || !li[1].Playing {
			t.Errorf("the tables: %+v", li)
		}
		l.mu.Lock()
		waiting := waitingFor(&l.quick, blitz)
		l.mu.Unlock()
		if waiting != 1 {
			t.Errorf("%d tables wait for %v, want 1 (the third's)", waiting, blitz)
		}
	})
	t.Run("setups never mixed", func(t *testing.T) {
		l := NewLobby(Config{Hold: time.Minute})
		wants := []Setup{
			blitz,
			{Game: Omok, Rule: "freestyle", Control: blitz.Control}, // no swap2
			{Game: Omok, Rule: "standard", Control: blitz.Control, Swap2: true},
			{Game: Omok, Rule: "freestyle", Swap2: true}, // no clock
			{Game: Baseball, Control: Control{Base: 30 * time.Second, PerMove: true}},
			{Game: Baseball},
		}
		var tables []*Table
		for k, w := range wants {
			tb, seat := quick(t, l, w, quickSeat(fmt.Sprint("host", k)))
			if seat != 0 || slices.Contains(tables, tb) {
				t.Fatalf("%v: seat %d at %v, a table of another setup", w, seat, tb)
			}
			tables = append(tables, tb)
		}
		for k := len(wants) - 1; k >= 0; k-- {
			if tb, seat := quick(t, l, wants[k], quickSeat(fmt.Sprint("joiner", k))); tb != tables[k] || seat != 1 {
				t.Errorf("%v: seat %d at %v, want seat 1 at %v", wants[k], seat, tb, tables[k])
			}
		}
	})
	t.Run("renju has no swap2 to want", func(t *testing.T) {
		l := NewLobby(Config{Hold: time.Minute})
		renju := Setup{Game: Omok, Rule: "renju", Control: blitz.Control}
		t1, _ := quick(t, l, Setup{Game: Omok, Rule: "renju", Control: blitz.Control, Swap2: true}, quickSeat("a"))
		if t2, seat := quick(t, l, renju, quickSeat("b")); t2 != t1 || seat != 1 {
			t.Errorf("renju with and without swap2 asked: not paired (%v, %v)", t1, t2)
		}
	})
	t.Run("not with oneself", func(t *testing.T) {
		l := NewLobby(Config{Hold: time.Minute})
		t1, _ := quick(t, l, blitz, quickSeat("a"))
		t2, seat := quick(t, l, blitz, quickSeat("a")) // a second session of a's
		if t2 == t1 || seat != 0 {
			t.Fatalf("a's second session: seat %d at %v, a's own table", seat, t2)
		}
		if tb, seat := quick(t, l, blitz, quickSeat("b")); tb != t1 || seat != 1 {
			t.Errorf("b: seat %d at %v, want the oldest table, %v", seat, tb, t1)
		}
		if tb, seat := quick(t, l, blitz, Seat{Name: "guest"}); tb != t2 || seat != 1 {
			t.Errorf("a guest: seat %d at %v, want %v", seat, tb, t2)
		}
	})
	t.Run("a host who left is not waited for", func(t *testing.T) {
		l := NewLobby(Config{Hold: time.Minute})
		t1, _ := quick(t, l, blitz, quickSeat("a"))
		t1.Leave(0)
		t2, seat := quick(t, l, blitz, quickSeat("b"))
		if t2 == t1 || seat != 0 {
			t.Fatalf("b: seat %d at %v, the table a left", seat, t2)
		}
		if st, _ := t1.State(); !st.Outcome.Over || seatedBy(t1, 1) != "" {
			t.Errorf("the table a left: %+v", st.Outcome)
		}
	})
	t.Run("a host who left between the match and the join", func(t *testing.T) {
		l := NewLobby(Config{Hold: time.Minute})
		gone := l.Open(blitz, quickSeat("a"))
		gone.Leave(0) // closed, but queued still, as in the instant before its end took it out
		l.mu.Lock()
		l.quick.Wait(blitz, gone.Code, "SHA256:a")
		l.mu.Unlock()
		t1, _ := quick(t, l, Setup{Game: Omok, Rule: "freestyle", Control: blitz.Control, Swap2: true}, quickSeat("c"))
		if t1 == gone {
			t.Fatal("c: seated at a closed table")
		}
		l.mu.Lock()
		l.quick.Wait(blitz, gone.Code, "SHA256:a") // queued before c's
		l.quick.Leave(t1.Code)
		l.quick.Wait(blitz, t1.Code, "SHA256:c")
		l.mu.Unlock()
		if tb, seat := quick(t, l, blitz, quickSeat("d")); tb != t1 || seat != 1 {
			t.Errorf("d: seat %d at %v, want the next table, %v", seat, tb, t1)
		}
	})
}

// Players who come to the quick match at once are paired, never each
// given a table: every table opened is full once all have come.
func TestLobbyQuickAtOnce(t *testing.T) {
	l := NewLobby(Config{Hold: time.Minute})
	w := Setup{Game: Baseball, Control: Control{Base: time.Minute, PerMove: true}}
	const players = 16
	tables := make([]*Table, players)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for k := range players {
		wg.Go(func() {
			<-start
			tb, _, err := l.Quick(w, quickSeat(fmt.Sprint("p", k)))
			if err != nil {
				t.Error(err)
			}
			tables[k] = tb
		})
	}
	close(start)
	wg.Wait()
	count := map[*Table]int{}
	for _, tb := range tables {
		count[tb]++
	}
	if len(count) != players/2 {
		t.Errorf("%d players at %d tables, want %d", players, len(count), players/2)
	}
	for tb, n := range count {
		if n != 2 || seatedBy(tb, 0) == "" || seatedBy(tb, 1) == "" {
			t.Errorf("%v: %d players", tb, n)
		}
	}
}

// A pair made by the quick match begins its game in the store, with the
// options it was made for.
func TestLobbyQuickKept(t *testing.T) {
	st := tempStore(t)
	l := keptLobby(t, st, time.Minute)
	w := Setup{Game: Omok, Rule: "standard", Control: Control{Base: 5 * time.Minute, Increment: 5 * time.Second},
		Swap2: true}
	t1, _ := quick(t, l, w, alice)
	if tb, seat := quick(t, l, w, bob); tb != t1 || seat != 1 {
		t.Fatalf("bob: seat %d at %v, want %v", seat, tb, t1)
	}
	g := stored(t, st, t1)
	if g.Rule != "standard" || g.Options != "5+5 swap2" || !g.Rated {
		t.Errorf("the game kept: rule %q, options %q, rated %v", g.Rule, g.Options, g.Rated)
	}
}

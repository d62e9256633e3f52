package room

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"termgames/minesweeper"
	"termgames/minesweeper/solver"
)

// raceSafe returns the moves that open every safe cell still covered on
// seat's field, in order.
func raceSafe(t *testing.T, tb *Table, seat int) []string {
	t.Helper()
	st, _ := tb.State()
	v := st.View.(*RaceView)
	f := v.Field(seat)
	mines := f.Mines()
	var moves []string
	for i, m := range mines {
		r, c := i/v.Level.Cols, i%v.Level.Cols
		if !m && !f.IsOpen(r, c) {
			moves = append(moves, RaceClick(minesweeper.OpenClick, r, c))
		}
	}
	return moves
}

// clear makes seat's moves that open every safe cell still covered, one
// after another until the field is clear (an opening opens more than its
// cell), calling between before each but the first; it returns them.
func clear(t *testing.T, tb *Table, seat int, between func()) []string {
	t.Helper()
	var made []string
	for _, m := range raceSafe(t, tb, seat) {
		st, _ := tb.State()
		if st.Outcome.Over {
			break
		}
		if f := st.View.(*RaceView).Field(seat); f.IsOpen(cellOf(m)) {
			continue
		}
		if len(made) > 0 && between != nil {
			between()
		}
		if err := tb.Move(seat, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		made = append(made, m)
	}
	return made
}

// cellOf is the cell of a move, from 0.
func cellOf(move string) (int, int) {
	var a byte
	var r, c int
	fmt.Sscanf(move, "%c %d %d", &a, &r, &c)
	return r - 1, c - 1
}

// raceMineAt is the move that opens a mine of seat's field.
func raceMineAt(t *testing.T, tb *Table, seat int) string {
	t.Helper()
	st, _ := tb.State()
	v := st.View.(*RaceView)
	i := slices.Index(v.Field(seat).Mines(), true)
	return RaceClick(minesweeper.OpenClick, i/v.Level.Cols, i%v.Level.Cols)
}

// raceAt opens a race of level at l for alice and seats bob, the board
// made, and returns it.
func raceAt(t *testing.T, l *Lobby, level string, seed uint64) *Table {
	t.Helper()
	tb := l.Open(Setup{Game: Race, Rule: level, Seed: seed}, alice)
	if _, _, err := l.Join(tb.Code, Race, bob); err != nil {
		t.Fatal(err)
	}
	st, _ := tb.State()
	st.View.(*RaceView).board.field() // made
	return tb
}

// The same seed lays the same board, a no-guess one, at every level: the
// first opening opens an area, and logic alone clears the rest.
func TestRaceBoardBySeed(t *testing.T) {
	for _, level := range minesweeper.Levels() {
		a, _, _ := layRace(level, 7)
		b, _, _ := layRace(level, 7)
		c, _, _ := layRace(level, 8)
		if !slices.Equal(a.Mines(), b.Mines()) {
			t.Fatalf("%s: seed 7 laid two boards", level.Name)
		}
		if slices.Equal(a.Mines(), c.Mines()) {
			t.Errorf("%s: seeds 7 and 8 laid the same board", level.Name)
		}
		safe := level.Rows*level.Cols - level.Mines
		if opened := safe - a.SafeLeft(); opened < 9 {
			t.Errorf("%s: the first opening opened %d cells", level.Name, opened)
		}
		first := -1
		for i := range a.Mines() {
			if a.IsOpen(i/level.Cols, i%level.Cols) && a.Look(i/level.Cols, i%level.Cols) == 0 {
				first = i
				break
			}
		}
		if !solver.SolvesByLogic(solver.NewLayout(level.Rows, level.Cols, a.Mines()), first, nil) {
			t.Errorf("%s: the board needs a guess", level.Name)
		}
	}
}

// The first to clear their field wins, while the other has opened and
// flagged some of theirs; each seat's clicks are theirs, on their own
// field, with their own times; the record has both players' figures and
// every click.
func TestRaceCleared(t *testing.T) {
	l := NewLobby(Config{Hold: time.Minute})
	ft := newFakeTime()
	l.setTime(ft)
	tb := raceAt(t, l, "beginner", 42)
	st, _ := tb.State()
	if st.Setup.Seed != 42 || st.Setup.Control.Timed() || !st.Started.Equal(ft.Now()) {
		t.Fatalf("the race's setup: %+v, started %v", st.Setup, st.Started)
	}
	ft.Advance(RaceCount + time.Second)
	bobs := raceSafe(t, tb, 1)[:3]
	for _, m := range bobs {
		if err := tb.Move(1, m); err != nil {
			t.Fatal(err)
		}
	}
	flag := raceMineAt(t, tb, 1)
	if err := tb.Move(1, "f"+flag[1:]); err != nil {
		t.Fatal(err)
	}
	ft.Advance(2 * time.Second)
	safe := clear(t, tb, 0, func() { ft.Advance(100 * time.Millisecond) })
	st, _ = tb.State()
	if o := st.Outcome; !o.Over || o.Winner != 0 || o.How != RaceCleared {
		t.Fatalf("the outcome: %+v", o)
	}
	v := st.View.(*RaceView)
	want := time.Second + 2*time.Second + time.Duration(len(safe)-1)*100*time.Millisecond
	if got := v.Time(0); got != want {
		t.Errorf("alice's time %v, want %v", got, want)
	}
	if got := v.Time(1); got != time.Second {
		t.Errorf("bob's time %v, want 1s", got)
	}
	opened, all, flags := v.Progress(1)
	if opened < 3 || opened >= all || flags != 1 {
		t.Errorf("bob's progress: %d/%d open, %d flags", opened, all, flags)
	}
	if fg := v.Figures(0); fg.Solved != fg.BBBV || fg.Clicks != len(safe) || fg.Rate() <= 0 {
		t.Errorf("alice's figures: %+v", fg)
	}
	if err := tb.Move(1, bobs[0]); err == nil {
		t.Error("a click after the end was made")
	}
	rec := string(tb.rules.Record([2]string{"alice", "bob"}))
	for _, want := range []string{"minesweeper race, beginner (9 x 9, 10 mines), seed=42", "1P alice: ", "2P bob: 1.0 s",
		"1 flags", "2P    1.00  " + bobs[0]} {
		if !strings.Contains(rec, want) {
			t.Errorf("no %q in the record:\n%s", want, rec)
		}
	}
	if n := strings.Count(rec, "\n"); n != 3+len(safe)+len(bobs)+1 {
		t.Errorf("the record has %d lines:\n%s", n, rec)
	}
}

// Opening a mine loses the race at once; a rematch is on a new board.
func TestRaceMineAndRematch(t *testing.T) {
	l := NewLobby(Config{Hold: time.Minute})
	ft := newFakeTime()
	l.setTime(ft)
	tb := raceAt(t, l, "intermediate", 5)
	ft.Advance(RaceCount)
	for _, move := range []string{"x 1 1", "o 0 1", "o 17 1", "o 1 17", "o 1"} {
		if err := tb.Move(0, move); err == nil {
			t.Errorf("%q was made", move)
		}
	}
	if err := tb.Move(0, raceMineAt(t, tb, 0)); err != nil {
		t.Fatal(err)
	}
	st, _ := tb.State()
	if o := st.Outcome; o.Winner != 1 || o.How != RaceMine {
		t.Fatalf("the outcome: %+v", o)
	}
	if st.View.(*RaceView).Field(0).Status() != minesweeper.Lost {
		t.Error("alice's field is not lost")
	}
	old := st.View.(*RaceView).Field(1).Mines()
	tb.Rematch(0)
	tb.Rematch(1)
	st, _ = tb.State()
	v := st.View.(*RaceView)
	if st.Outcome.Over || st.Setup.Seed == 5 || v.Seed != st.Setup.Seed || v.Level.Name != "intermediate" {
		t.Fatalf("the rematch: %+v, board %d", st.Setup, v.Seed)
	}
	if v.board.field(); slices.Equal(v.Field(0).Mines(), old) {
		t.Error("the rematch is on the same board")
	}
}

// A race is kept as every online game: begun with its level as the rule
// and its board's seed in the options, each click with its time, the end
// with the record, rated per level; after a restart both fields are back
// as they were, and the race goes on to its end.
func TestRaceKeptAndBroughtBack(t *testing.T) {
	path := t.TempDir() + "/games.db"
	st := reopenStore(t, path)
	l := keptLobby(t, st, time.Minute)
	tb := raceAt(t, l, "expert", 99)
	code := tb.Code
	alices, bobs := raceSafe(t, tb, 0)[:5], raceSafe(t, tb, 1)[:4]
	for k := range 4 {
		if err := tb.Move(0, alices[k]); err != nil {
			t.Fatal(err)
		}
		if err := tb.Move(1, bobs[k]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tb.Move(1, "f"+raceMineAt(t, tb, 1)[1:]); err != nil {
		t.Fatal(err)
	}
	g := stored(t, st, tb)
	if g.Game != "minesweeper" || g.Rule != "expert" || !strings.Contains(g.Options, "seed=99") || len(g.Moves) != 9 || !g.Rated {
		t.Fatalf("the race in the store: %s %s %q, %d moves, rated %v", g.Game, g.Rule, g.Options, len(g.Moves), g.Rated)
	}
	before, _ := tb.State()
	bv := before.View.(*RaceView)
	if err := st.Close(); err != nil { // SIGKILL: nothing more is written
		t.Fatal(err)
	}

	st = reopenStore(t, path)
	l = NewLobby(Config{Store: st, Hold: time.Minute})
	t.Cleanup(l.Close)
	if err := l.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	back, seat, ok := l.Held(bob.Key)
	if !ok || back.Code != code || seat != 1 {
		t.Fatalf("bob is not put back: %v %d %v", back, seat, ok)
	}
	if _, _, ok := l.Held(alice.Key); !ok {
		t.Fatal("alice is not put back")
	}
	after, _ := back.State()
	av := after.View.(*RaceView)
	for s := range 2 {
		bf, af := bv.Field(s), av.Field(s)
		for r := range bv.Level.Rows {
			for c := range bv.Level.Cols {
				if bf.Look(r, c) != af.Look(r, c) {
					t.Fatalf("seat %d's field at %d,%d: %v before, %v after", s+1, r+1, c+1, bf.Look(r, c), af.Look(r, c))
				}
			}
		}
		if !slices.Equal(bv.Clicks[s], av.Clicks[s]) {
			t.Errorf("seat %d's clicks: %v before, %v after", s+1, bv.Clicks[s], av.Clicks[s])
		}
	}
	clear(t, back, 0, nil)
	g = stored(t, st, back)
	if g.How != RaceCleared || g.Winner != 0 || !g.Rated || !strings.Contains(string(g.Record), "seed=99") {
		t.Errorf("the race at its end: %s %d rated %v\n%s", g.How, g.Winner, g.Rated, g.Record)
	}
	board, err := st.Leaderboard(context.Background(), "minesweeper", "expert", 10)
	if err != nil || len(board) != 2 || board[0].Name != "alice" {
		t.Errorf("the expert leaderboard: %+v %v", board, err)
	}
}

// The quick match pairs two players who ask for a race at the same
// level, the board drawn for their table.
func TestRaceQuickMatch(t *testing.T) {
	l := NewLobby(Config{Hold: time.Minute})
	a, seat, err := l.Quick(Setup{Game: Race, Rule: "expert"}, alice)
	if err != nil || seat != 0 {
		t.Fatal(seat, err)
	}
	other, _, _ := l.Quick(Setup{Game: Race, Rule: "beginner"}, Seat{Name: "carol"})
	b, seat, err := l.Quick(Setup{Game: Race, Rule: "expert"}, bob)
	if err != nil || seat != 1 || b != a || other == a {
		t.Fatalf("bob's quick match: %v seat %d %v", b, seat, err)
	}
	st, _ := a.State()
	if st.Setup.Seed == 0 || st.Setup.Rule != "expert" || !st.Seats[1].Taken {
		t.Errorf("the table of the quick match: %+v", st.Setup)
	}
}

// The time the server was down counts for neither player: after a
// restart, a seat's next click took the time since its return, and its
// race time goes on from where it stood.
func TestRaceDowntimeIsNobodys(t *testing.T) {
	path := t.TempDir() + "/games.db"
	st := reopenStore(t, path)
	ft := newFakeTime()
	l := NewLobby(Config{Store: st, Hold: time.Hour, Time: ft})
	tb := raceAt(t, l, "beginner", 4)
	ft.Advance(RaceCount + 2*time.Second)
	safe := raceSafe(t, tb, 0)
	if err := tb.Move(0, safe[0]); err != nil {
		t.Fatal(err)
	}
	l.Close()
	if err := st.Close(); err != nil { // the server is gone
		t.Fatal(err)
	}
	ft.Advance(time.Hour) // down for an hour
	l = NewLobby(Config{Store: reopenStore(t, path), Hold: time.Hour, Time: ft})
	t.Cleanup(l.Close)
	if err := l.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	ft.Advance(10 * time.Minute) // alice comes back after ten minutes
	back, seat, ok := l.Held(alice.Key)
	if !ok || seat != 0 {
		t.Fatal("alice is not put back")
	}
	ft.Advance(3 * time.Second)
	for _, m := range safe[1:] {
		if f := raceViewOf(back).Field(0); !f.IsOpen(cellOf(m)) {
			if err := back.Move(0, m); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	v := raceViewOf(back)
	if clicks := v.Clicks[0]; len(clicks) != 2 || clicks[1].At != 5*time.Second || v.Spent[0] != RaceCount+5*time.Second {
		t.Errorf("alice's clicks after the restart: %+v, spent %v; want the second at 5s", clicks, v.Spent[0])
	}
	if s, _ := back.State(); !s.Since[0].Equal(ft.Now()) {
		t.Errorf("alice's time counts from %v, want her last click at %v", s.Since[0], ft.Now())
	}
}

// raceViewOf is the race at tb as it stands.
func raceViewOf(tb *Table) *RaceView {
	st, _ := tb.State()
	return st.View.(*RaceView)
}

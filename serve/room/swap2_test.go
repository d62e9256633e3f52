package room

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"termgames/internal/store"
	"termgames/omok"
)

// act is a seat's move at a table: a stone in h8 notation, or a choice.
type act struct {
	seat int
	move string
}

// opening are the opener's (seat 0's) three stones, and moreStones the
// responder's two after "more".
var (
	opening    = []act{{0, "h8"}, {0, "i9"}, {0, "j10"}}
	moreStones = []act{{1, "k11"}, {1, "l12"}}
)

// swap2Table opens a freestyle table with swap2 and a 3+2 clock on fake
// time, alice the host (the opener), and seats bob (the responder).
func swap2Table(t *testing.T) *Table {
	t.Helper()
	l := NewLobby(Config{Hold: time.Minute})
	l.setTime(newFakeTime())
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle", Control: blitz3, Swap2: true}, Seat{Name: "alice"})
	if _, _, err := l.Join(tb.Code, Omok, Seat{Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	return tb
}

// omokView is the table's game as its screens have it.
func omokView(tb *Table) *OmokView {
	st, _ := tb.State()
	return st.View.(*OmokView)
}

// refused checks that the table refuses seat's move with want (nil: with
// any error), and that the refusal changes nothing.
func refused(t *testing.T, tb *Table, seat int, move string, want error) {
	t.Helper()
	before, _ := tb.State()
	err := tb.Move(seat, move)
	if err == nil || want != nil && !errors.Is(err, want) {
		t.Errorf("%dP %q: %v, want %v", seat+1, move, err, want)
	}
	after, _ := tb.State()
	if after.Version != before.Version || after.View != before.View {
		t.Errorf("%dP %q: the refusal changed the table", seat+1, move)
	}
}

// refusedInOpening tries the actions the opening must refuse as it
// stands: the other seat acting, a choice where a stone is asked and the
// other way round, a stone on a stone, and the opener asking for more.
func refusedInOpening(t *testing.T, tb *Table, next act) {
	t.Helper()
	o := omokView(tb).Opening
	refused(t, tb, 1-next.seat, next.move, omok.ErrSwap2Turn)
	refused(t, tb, 1-next.seat, next.move, ErrNotYourTurn)
	if o.Stone != omok.Empty {
		refused(t, tb, o.By, "white", omok.ErrStoneAsked)
		if omokView(tb).Moves > 0 {
			refused(t, tb, o.By, "h8", omok.ErrOccupied)
		}
		return
	}
	refused(t, tb, o.By, "a1", omok.ErrChoiceAsked)
	refused(t, tb, o.By, "swap", omok.ErrSwap2Garbled)
	if len(o.Choices) == 2 {
		refused(t, tb, o.By, "more", omok.ErrNotOffered)
	}
}

// Swap2's three choices played through a real table: at every step the
// view says who acts and what is asked, a wrong action is refused with
// the rules' error and changes nothing, and the colours settled are the
// ones every path uses afterwards: the turn, five in a row's winner, the
// record's names.
func TestSwap2ChoicesAtTable(t *testing.T) {
	tests := []struct {
		name    string
		actions []act
		black   int // the seat that plays black once settled
	}{
		{"the responder plays white", append(slices.Clone(opening), act{1, "white"}), 0},
		{"the responder plays black", append(slices.Clone(opening), act{1, "black"}), 1},
		{"more, and the opener plays white",
			slices.Concat(opening, []act{{1, "more"}}, moreStones, []act{{0, "white"}}), 1},
		{"more, and the opener plays black",
			slices.Concat(opening, []act{{1, "more"}}, moreStones, []act{{0, "black"}}), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := swap2Table(t)
			stones := 0
			for _, a := range tt.actions {
				v := omokView(tb)
				if v.Opening == nil || v.Turn != a.seat || v.Opening.By != a.seat || v.Black != -1 {
					t.Fatalf("before %dP %q: turn %d, opening %+v, black %d", a.seat+1, a.move, v.Turn, v.Opening, v.Black)
				}
				if _, choice := omok.ParseChoice(a.move); choice != (v.Opening.Stone == omok.Empty) {
					t.Fatalf("before %q the opening asks %+v", a.move, v.Opening)
				}
				if st, _ := tb.State(); st.Clock.Running != a.seat {
					t.Fatalf("before %dP %q the clock of seat %d runs", a.seat+1, a.move, st.Clock.Running)
				}
				if v.Opening.Stone != omok.Empty {
					stones++
					if want := omok.Stone(2 - stones%2); v.Opening.Stone != want {
						t.Errorf("stone %d asked as %v, want %v", stones, v.Opening.Stone, want)
					}
				}
				var offers bool
				tb.inspect(func() { offers = tb.rules.Offers() })
				if offers {
					t.Errorf("offers allowed during the opening")
				}
				refusedInOpening(t, tb, a)
				if err := tb.Move(a.seat, a.move); err != nil {
					t.Fatalf("%dP %q: %v", a.seat+1, a.move, err)
				}
			}
			v := omokView(tb)
			white := 1 - tt.black
			if v.Opening != nil || v.Black != tt.black || v.Colour(tt.black) != omok.P1 || v.Colour(white) != omok.P2 {
				t.Fatalf("after the opening: opening %+v, black %d", v.Opening, v.Black)
			}
			if v.Turn != white || v.Moves != stones || v.Position.Turn != omok.P2 {
				t.Fatalf("after the opening: %dP to move, %d stones; want white, %dP, and %d stones", v.Turn+1, v.Moves, white+1, stones)
			}
			if st, _ := tb.State(); st.Clock.Running != white {
				t.Errorf("after the opening the clock of seat %d runs, want white's, %d", st.Clock.Running, white)
			}
			var offers bool
			tb.inspect(func() { offers = tb.rules.Offers() })
			if !offers {
				t.Errorf("no offers once the colours are settled")
			}
			refused(t, tb, tt.black, "a1", ErrNotYourTurn)
			refused(t, tb, white, "black", nil) // no choice any more: not a point
			// White on row 15, black's five on row 1.
			for k, col := range "abcde" {
				if err := tb.Move(white, string("acegi"[k])+"15"); err != nil {
					t.Fatalf("white's move %d: %v", k+1, err)
				}
				if err := tb.Move(tt.black, string(col)+"1"); err != nil {
					t.Fatalf("black's move %d: %v", k+1, err)
				}
			}
			st, _ := tb.State()
			if o := st.Outcome; !o.Over || o.Winner != tt.black || o.How != "five" {
				t.Fatalf("black's five: %+v, want %dP the winner", o, tt.black+1)
			}
			var psq []byte
			var moves int
			tb.inspect(func() { psq, moves = tb.rules.Record([2]string{"alice", "bob"}), tb.rules.Moves() })
			if moves != len(tt.actions)+10 {
				t.Errorf("Moves = %d, want %d", moves, len(tt.actions)+10)
			}
			rec, err := omok.ParseRecord(psq, 0, omok.Freestyle)
			if err != nil {
				t.Fatalf("the record: %v\n%s", err, psq)
			}
			names := [2]string{"alice", "bob"}
			if tt.black == 1 {
				names = [2]string{"bob", "alice"}
			}
			var want []string
			for _, a := range tt.actions {
				if _, choice := omok.ParseChoice(a.move); !choice {
					want = append(want, a.move)
				}
			}
			want = append(want, "a15", "a1", "c15", "b1", "e15", "c1", "g15", "d1", "i15", "e1")
			if rec.Names != names || rec.MoveString() != strings.Join(want, " ") || rec.Outcome().Winner != omok.P1 {
				t.Errorf("the record: names %q, moves %q, winner %v", rec.Names, rec.MoveString(), rec.Outcome().Winner)
			}
		})
	}
}

// A game that ends in the opening (a player left) is recorded with the
// opener's name first, the stones so far, and no choice.
func TestSwap2RecordBeforeTheColours(t *testing.T) {
	g := newOmokGame(omok.Standard, true, 1)
	for _, a := range []act{{1, "h8"}, {1, "i9"}, {1, "j10"}, {0, "more"}, {0, "k11"}} {
		if _, err := g.Apply(a.seat, a.move, time.Second); err != nil {
			t.Fatalf("%dP %q: %v", a.seat+1, a.move, err)
		}
	}
	rec, err := omok.ParseRecord(g.Record([2]string{"alice", "bob"}), 0, omok.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Names != [2]string{"bob", "alice"} || rec.MoveString() != "h8 i9 j10 k11" || !rec.Unfinished ||
		rec.Rule != omok.Standard || rec.Moves[3].Time != time.Second {
		t.Errorf("the record: names %q, moves %q, unfinished %v, rule %v", rec.Names, rec.MoveString(), rec.Unfinished, rec.Rule)
	}
	if g.Turn() != 0 || g.view.Opening.By != 0 || g.view.Opening.Nth != 2 || g.view.Opening.Of != 2 {
		t.Errorf("after the responder's first stone of two: turn %d, %+v", g.Turn(), g.view.Opening)
	}
}

// Without swap2, seat first plays black: the rematch's colours swapped.
func TestSecondSeatPlaysBlack(t *testing.T) {
	g := newOmokGame(omok.Renju, false, 1)
	if g.Turn() != 1 || g.view.Black != 1 || g.view.Opening != nil || !g.Offers() {
		t.Fatalf("seat 1 first: turn %d, black %d", g.Turn(), g.view.Black)
	}
	if err := g.Check(0, "h8"); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("seat 0 first: %v", err)
	}
	for k, col := range "abcde" {
		if _, err := g.Apply(1, string(col)+"1", 0); err != nil {
			t.Fatal(err)
		}
		if k == 4 {
			break
		}
		if _, err := g.Apply(0, string(col)+"15", 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g.Apply(0, "o15", 0); !errors.Is(err, omok.ErrOver) {
		t.Errorf("a move after five: %v", err)
	}
	if g.Turn() != -1 || g.view.Turn != -1 {
		t.Errorf("turn after five: %d", g.Turn())
	}
	rec, err := omok.ParseRecord(g.Record([2]string{"alice", "bob"}), 0, omok.Freestyle)
	if err != nil || rec.Names != [2]string{"bob", "alice"} || rec.Outcome().Winner != omok.P1 {
		t.Errorf("the record: %+v %v", rec, err)
	}

}

// Games with swap2 kept in a SQLite store come back after a restart as
// they stood: one in the opening, its responder's stones to come, one
// after it, its colours settled. The store's moves keep the choices, and
// both games play on through the table.
func TestSwap2BroughtBack(t *testing.T) {
	path := t.TempDir() + "/games.db"
	st := reopenStore(t, path)
	l := keptLobby(t, st, time.Minute)
	play := func(acts []act) (*Table, [2]string) {
		t.Helper()
		tb := l.Open(Setup{Game: Omok, Rule: "freestyle", Swap2: true}, alice)
		l.Join(tb.Code, Omok, bob)
		for _, a := range acts {
			if err := tb.Move(a.seat, a.move); err != nil {
				t.Fatalf("%dP %q: %v", a.seat+1, a.move, err)
			}
		}
		return tb, [2]string{tb.ResumeCode(0), tb.ResumeCode(1)}
	}
	mid, midResume := play(slices.Concat(opening, []act{{1, "more"}, {1, "k11"}}))
	after, afterResume := play(slices.Concat(opening, []act{{1, "black"}, {0, "a1"}}))
	if g := stored(t, st, mid); !strings.Contains(g.Options, "swap2") {
		t.Fatalf("the store kept the table's options as %q, without swap2: the opening could not come back", g.Options)
	}
	if g := stored(t, st, after); len(g.Moves) != 5 || g.Moves[3].Text != "black" || g.Moves[3].Seat != 1 {
		t.Fatalf("the store's moves: %+v", g.Moves)
	}
	st.Close()

	st = reopenStore(t, path)
	l = NewLobby(Config{Hold: time.Minute})
	l.store = st
	t.Cleanup(l.Close)
	if err := l.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	back := func(resume [2]string) *Table {
		t.Helper()
		var tb *Table
		for i, code := range resume {
			b, seat, ok := l.Resume(code)
			if !ok || seat != i {
				t.Fatalf("resume code of %dP: %v %d %v", i+1, b, seat, ok)
			}
			tb = b
		}
		return tb
	}

	mid = back(midResume)
	v := omokView(mid)
	if o := v.Opening; o == nil || o.By != 1 || o.Stone != omok.P1 || o.Nth != 2 || o.Of != 2 || v.Moves != 4 || v.Black != -1 {
		t.Fatalf("the game in its opening, brought back: %+v, %d stones", v.Opening, v.Moves)
	}
	refused(t, mid, 1, "white", omok.ErrStoneAsked)
	for _, a := range []act{{1, "l12"}, {0, "white"}, {0, "a1"}} {
		if err := mid.Move(a.seat, a.move); err != nil {
			t.Fatalf("%dP %q after the restart: %v", a.seat+1, a.move, err)
		}
	}
	if v := omokView(mid); v.Black != 1 || v.Turn != 1 {
		t.Errorf("after the opener chose white: black %d, turn %d", v.Black, v.Turn)
	}

	after = back(afterResume)
	if v := omokView(after); v.Opening != nil || v.Black != 1 || v.Turn != 1 || v.Moves != 4 {
		t.Fatalf("the game after its opening, brought back: black %d, turn %d, %d stones", v.Black, v.Turn, v.Moves)
	}
	refused(t, after, 0, "b1", ErrNotYourTurn)
	if err := after.Move(1, "b1"); err != nil {
		t.Fatalf("black's move after the restart: %v", err)
	}
	after.Resign(0)
	g := stored(t, st, after)
	rec, err := omok.ParseRecord(g.Record, 0, omok.Freestyle)
	if err != nil || g.Winner != 1 || rec.Names != [2]string{"bob", "alice"} || rec.MoveString() != "h8 i9 j10 a1 b1" {
		t.Errorf("the game kept: winner %d, record %q %q, %v", g.Winner, rec.Names, rec.MoveString(), err)
	}
	var texts []string
	for _, m := range g.Moves {
		texts = append(texts, m.Text)
	}
	if want := "h8 i9 j10 black a1 b1"; strings.Join(texts, " ") != want {
		t.Errorf("the store's moves: %q, want %q", texts, want)
	}
}

// A swap2 game's moves replay from the store's list, choices and all; a
// choice out of turn does not, and names the move.
func TestSwap2Replay(t *testing.T) {
	moves := func(acts ...act) []store.Move {
		ms := make([]store.Move, len(acts))
		for i, a := range acts {
			ms[i] = store.Move{Seat: a.seat, Text: a.move, Time: time.Second}
		}
		return ms
	}
	g := store.Game{Game: "omok", Rule: "standard", Options: "none swap2",
		Moves: moves(slices.Concat(opening, []act{{1, "more"}}, moreStones, []act{{0, "black"}, {1, "a1"}})...)}
	l := NewLobby(Config{Hold: time.Minute})
	tb, out, err := l.replay(g)
	if err != nil || out.Over {
		t.Fatalf("replay: %v %+v", err, out)
	}
	rules := tb.rules
	if v := rules.View().(*OmokView); v.Black != 0 || v.Turn != 0 || v.Moves != 6 || rules.Moves() != 8 {
		t.Errorf("replayed: black %d, turn %d, %d stones, %d moves", v.Black, v.Turn, v.Moves, rules.Moves())
	}
	g.Moves = moves(append(slices.Clone(opening), act{0, "white"})...)
	if _, _, err := l.replay(g); !errors.Is(err, omok.ErrSwap2Turn) || !strings.Contains(err.Error(), "move 4") {
		t.Errorf("a choice out of turn replayed: %v", err)
	}
}

package room

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"termgames/internal/faketime"
	"termgames/internal/store"
	"termgames/omok"
)

// matchLobby is a lobby on fake time ft, keeping its games in st (nil:
// none).
func matchLobby(t *testing.T, st store.Store, ft *faketime.Time) *Lobby {
	t.Helper()
	l := NewLobby(Config{Hold: time.Hour})
	l.setTime(ft)
	if st != nil {
		l.store = st
	}
	t.Cleanup(l.Close)
	return l
}

// seated opens a table of setup for alice and seats bob at it.
func seated(t *testing.T, l *Lobby, setup Setup) *Table {
	t.Helper()
	tb := l.Open(setup, alice)
	if _, _, err := l.Join(tb.Code, setup.Game, bob); err != nil {
		t.Fatal(err)
	}
	return tb
}

// play makes each move at the table, after waiting wait each, seats
// taking turns from first.
func play(t *testing.T, tb *Table, ft *faketime.Time, wait time.Duration, first int, moves ...string) {
	t.Helper()
	for i, m := range moves {
		ft.Advance(wait)
		if err := tb.Move((first+i)%2, m); err != nil {
			t.Fatalf("move %d %q by seat %d: %v", i+1, m, (first+i)%2, err)
		}
	}
}

var (
	blitz1 = Control{Base: time.Minute}
	blitz3 = Control{Base: 3 * time.Minute, Increment: 2 * time.Second}
)

// A player whose time runs out loses on time, when the flag falls: the
// clock's timer ends the game with no move made, and the store keeps it.
func TestLossOnTime(t *testing.T) {
	ft := newFakeTime()
	st := tempStore(t)
	l := matchLobby(t, st, ft)
	tb := seated(t, l, Setup{Game: Omok, Rule: "freestyle", Control: blitz1})
	play(t, tb, ft, 10*time.Second, 0, "h8")
	ft.Advance(59 * time.Second)
	if s, _ := tb.State(); s.Outcome.Over {
		t.Fatalf("over with a second left: %+v", s.Outcome)
	}
	ft.Advance(time.Second)
	s, _ := tb.State()
	if s.Outcome != (Outcome{Over: true, Winner: 0, How: "time"}) {
		t.Fatalf("white's minute used up: %+v", s.Outcome)
	}
	if left, _ := s.Clock.LeftAt(ft.Now()); left != [2]time.Duration{50 * time.Second, 0} || s.Clock.Running >= 0 {
		t.Errorf("the clock at the end: %v, running %d", left, s.Clock.Running)
	}
	if err := tb.Move(1, "h9"); !errors.Is(err, ErrOver) {
		t.Errorf("a move after the flag: %v", err)
	}
	if g := stored(t, st, tb); g.How != "time" || g.Winner != 0 || g.Ended.IsZero() {
		t.Errorf("kept: how %q winner %d", g.How, g.Winner)
	}
}

// A move that comes after the flag fell, before its timer, is refused and
// ends the game on time as the timer would.
func TestMoveAfterTheFlag(t *testing.T) {
	ft := newFakeTime()
	l := matchLobby(t, nil, ft)
	tb := seated(t, l, Setup{Game: Omok, Rule: "freestyle", Control: blitz1})
	tb.inspect(func() { tb.flag() }) // the timer is late
	ft.Advance(61 * time.Second)
	if err := tb.Move(0, "h8"); !errors.Is(err, ErrFlagged) {
		t.Fatalf("a move a second after the flag: %v", err)
	}
	if s, _ := tb.State(); s.Outcome != (Outcome{Over: true, Winner: 1, How: "time"}) {
		t.Errorf("after a move too late: %+v", s.Outcome)
	}
}

// Each move adds the increment to its player's time, and its time, paused
// time left out, goes into the record.
func TestIncrement(t *testing.T) {
	ft := newFakeTime()
	st := tempStore(t)
	l := matchLobby(t, st, ft)
	tb := seated(t, l, Setup{Game: Omok, Rule: "freestyle", Control: blitz3})
	play(t, tb, ft, 10*time.Second, 0, "h8")
	play(t, tb, ft, 5*time.Second, 1, "h9")
	s, _ := tb.State()
	want := [2]time.Duration{3*time.Minute - 8*time.Second, 3*time.Minute - 3*time.Second}
	if left, _ := s.Clock.LeftAt(ft.Now()); left != want || s.Clock.Running != 0 {
		t.Fatalf("after two moves: %v running %d, want %v running 0", left, s.Clock.Running, want)
	}
	ft.Advance(1500 * time.Millisecond)
	left, tick := s.Clock.LeftAt(ft.Now())
	if left[0] != want[0]-1500*time.Millisecond || tick != 500*time.Millisecond {
		t.Errorf("black's time runs: %v, next second in %v", left[0], tick)
	}
	g := stored(t, st, tb)
	if g.Moves[0].Time != 10*time.Second || g.Moves[1].Time != 5*time.Second || g.Options != "3+2" {
		t.Errorf("kept: %+v, options %q", g.Moves, g.Options)
	}
	tb.Resign(0)
	rec, err := omok.ParseRecord(stored(t, st, tb).Record, 0, omok.Freestyle)
	if err != nil || rec.Moves[0].Time != 10*time.Second || rec.Moves[1].Time != 5*time.Second {
		t.Errorf("the .psq's times: %v %+v", err, rec)
	}
}

// A takeback accepted takes the offerer's last move off the board and
// gives them the turn, their opponent charged the time they spent; one
// declined changes nothing, and after two no more is asked.
func TestTakeback(t *testing.T) {
	ft := newFakeTime()
	st := tempStore(t)
	l := matchLobby(t, st, ft)
	tb := seated(t, l, Setup{Game: Omok, Rule: "freestyle", Control: blitz3})
	play(t, tb, ft, time.Second, 0, "h8", "h9")
	if err := tb.Move(0, MoveOfferTakeback); !errors.Is(err, ErrNotLastMove) {
		t.Errorf("black asks to take back white's move: %v", err)
	}
	if err := tb.Move(1, MoveOfferTakeback); err != nil {
		t.Fatal(err)
	}
	s, _ := tb.State()
	if !s.OfferOpen || s.Offer != (Offer{Kind: OfferTakeback, By: 1}) {
		t.Fatalf("the offer open: %v %+v", s.OfferOpen, s.Offer)
	}
	if err := tb.Move(1, MoveYes); !errors.Is(err, ErrOwnOffer) {
		t.Errorf("white answers their own offer: %v", err)
	}
	ft.Advance(4 * time.Second)
	if err := tb.Move(0, MoveYes); err != nil {
		t.Fatal(err)
	}
	s, _ = tb.State()
	if n := s.View.(*OmokView).Moves; n != 1 || s.OfferOpen || s.Clock.Running != 1 {
		t.Fatalf("taken back: %d stones, offer open %v, clock of seat %d", n, s.OfferOpen, s.Clock.Running)
	}
	if left, _ := s.Clock.LeftAt(ft.Now()); left[0] != 3*time.Minute+time.Second-4*time.Second {
		t.Errorf("black was charged the 4s they spent answering: %v", left)
	}
	if err := tb.Move(0, "i9"); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("black moves after white's takeback: %v", err)
	}
	play(t, tb, ft, time.Second, 1, "h10")
	for k := range 2 {
		if err := tb.Move(1, MoveOfferTakeback); err != nil {
			t.Fatalf("offer %d: %v", k+1, err)
		}
		if err := tb.Move(0, MoveNo); err != nil {
			t.Fatal(err)
		}
	}
	if s, _ := tb.State(); s.View.(*OmokView).Moves != 2 {
		t.Errorf("declined takebacks took a stone away")
	}
	if err := tb.Move(1, MoveOfferTakeback); !errors.Is(err, ErrNotAsked) {
		t.Errorf("a third takeback after two declined: %v", err)
	}
	if err := tb.Move(1, MoveOfferDraw); err != nil {
		t.Errorf("a draw may still be offered: %v", err)
	}
	play(t, tb, ft, time.Second, 0, "j8") // the draw offer lapses
	if s, _ := tb.State(); s.OfferOpen {
		t.Error("an offer outlived a move")
	}
	var texts []string
	for _, m := range stored(t, st, tb).Moves {
		texts = append(texts, m.Text)
	}
	if got := strings.Join(texts, ","); got != "h8,h9,offer takeback,yes,h10,offer takeback,no,offer takeback,no,offer draw,j8" {
		t.Errorf("kept: %s", got)
	}
}

// A draw offered and accepted ends the game drawn, as kept and rated.
func TestDrawAgreed(t *testing.T) {
	ft := newFakeTime()
	st := tempStore(t)
	l := matchLobby(t, st, ft)
	tb := seated(t, l, Setup{Game: Omok, Rule: "freestyle"})
	play(t, tb, ft, time.Second, 0, "h8", "h9")
	if err := tb.Move(0, MoveOfferDraw); err != nil {
		t.Fatal(err)
	}
	if err := tb.Move(1, MoveYes); err != nil {
		t.Fatal(err)
	}
	s, _ := tb.State()
	if s.Outcome != (Outcome{Over: true, Winner: -1, How: "agreed"}) {
		t.Fatalf("a draw agreed: %+v", s.Outcome)
	}
	g := stored(t, st, tb)
	if g.How != "agreed" || g.Winner != -1 || !g.Rated || g.After[0].R != g.After[1].R {
		t.Errorf("kept: how %q winner %d rated %v after %v", g.How, g.Winner, g.Rated, g.After)
	}
}

// Baseball has nothing to offer.
func TestNoOffersInBaseball(t *testing.T) {
	l := matchLobby(t, nil, newFakeTime())
	tb := seated(t, l, Setup{Game: Baseball})
	if err := tb.Move(0, MoveOfferDraw); !errors.Is(err, ErrNoOffers) {
		t.Errorf("a draw offered at baseball: %v", err)
	}
}

// When both ask for a rematch, the next game begins at the same table with
// the colours swapped, its watchers still there; with a store it is a
// new game there.
func TestRematch(t *testing.T) {
	ft := newFakeTime()
	st := tempStore(t)
	l := matchLobby(t, st, ft)
	tb := seated(t, l, Setup{Game: Omok, Rule: "freestyle", Control: blitz3})
	if _, err := l.Watch(tb.Code); err != nil {
		t.Fatal(err)
	}
	if err := tb.Rematch(0); !errors.Is(err, ErrNotOver) {
		t.Errorf("a rematch asked during the game: %v", err)
	}
	play(t, tb, ft, time.Second, 0, fiveInRow...)
	first := stored(t, st, tb)
	if err := tb.Rematch(1); err != nil {
		t.Fatal(err)
	}
	if s, _ := tb.State(); !s.Outcome.Over || s.Rematch != [2]bool{false, true} {
		t.Fatalf("one asked: over %v, asked %v", s.Outcome.Over, s.Rematch)
	}
	if err := tb.Rematch(0); err != nil {
		t.Fatal(err)
	}
	s, _ := tb.State()
	if s.Outcome.Over || s.First != 1 || s.Games != 1 || s.Watchers != 1 || s.Clock.Running != 1 {
		t.Fatalf("the rematch: over %v, first %d, games %d, watchers %d, clock of %d",
			s.Outcome.Over, s.First, s.Games, s.Watchers, s.Clock.Running)
	}
	if err := tb.Move(0, "h8"); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("alice, black before, moves first: %v", err)
	}
	play(t, tb, ft, time.Second, 1, fiveInRow...)
	s, _ = tb.State()
	if s.Outcome != (Outcome{Over: true, Winner: 1, How: "five"}) {
		t.Fatalf("bob's five as black: %+v", s.Outcome)
	}
	g := stored(t, st, tb)
	if g.ID == first.ID || g.Options != "3+2 second" || g.Winner != 1 {
		t.Errorf("the rematch kept: id %d (first %d), options %q, winner %d", g.ID, first.ID, g.Options, g.Winner)
	}
	rec, err := omok.ParseRecord(g.Record, 0, omok.Freestyle)
	if err != nil || rec.Names != [2]string{"bob", "alice"} {
		t.Errorf("the rematch's .psq names black first: %v %q", err, rec.Names)
	}
	if _, ok := l.GameOf(tb.Code); !ok {
		t.Error("a table whose players are still there left the lobby")
	}
	tb.Leave(0)
	if err := tb.Rematch(1); !errors.Is(err, ErrNoRematch) {
		t.Errorf("a rematch with a player gone: %v", err)
	}
	tb.Leave(1)
	l.settle()
	if _, ok := l.GameOf(tb.Code); ok {
		t.Error("a table nobody sits at stays in the lobby")
	}
}

// After a restart a game comes back with its clock where the last move
// left it, paused until the player to move is back (the time the server
// was down is charged to nobody), and with its offer open.
func TestRestartKeepsTheClock(t *testing.T) {
	ft := newFakeTime()
	path := t.TempDir() + "/termgames.db"
	st := reopenStore(t, path)
	l := matchLobby(t, st, ft)
	tb := seated(t, l, Setup{Game: Omok, Rule: "freestyle", Control: blitz3})
	play(t, tb, ft, 10*time.Second, 0, "h8", "h9")
	if err := tb.Move(1, MoveOfferDraw); err != nil {
		t.Fatal(err)
	}
	ft.Advance(30 * time.Second) // black thinks, and the server goes down
	want := [2]time.Duration{3*time.Minute - 8*time.Second, 3*time.Minute - 8*time.Second}
	// The server that comes back an hour later; the first one's timers
	// are gone with it (its fake time never moves again).
	ft2 := newFakeTime()
	ft2.Advance(ft.Now().Sub(t0) + time.Hour)
	ft = ft2

	l2 := matchLobby(t, st, ft)
	if err := l2.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	back, seat, ok := l2.Held(bob.Key)
	if !ok || seat != 1 {
		t.Fatalf("bob's seat: %v %d", ok, seat)
	}
	s, _ := back.State()
	if left, _ := s.Clock.LeftAt(ft.Now()); left != want || s.Clock.Running >= 0 || !s.OfferOpen {
		t.Fatalf("brought back: %v running %d offer %v; want %v, paused, the draw offered", left, s.Clock.Running,
			s.OfferOpen, want)
	}
	ft.Advance(time.Minute)
	if _, _, ok := l2.Held(alice.Key); !ok {
		t.Fatal("alice's seat")
	}
	ft.Advance(want[0] - time.Second)
	if s, _ := back.State(); s.Outcome.Over {
		t.Fatalf("black lost on time before their time ran out: %+v", s.Outcome)
	}
	ft.Advance(time.Second)
	if s, _ := back.State(); s.Outcome != (Outcome{Over: true, Winner: 1, How: "time"}) {
		t.Errorf("black's time out after the restart: %+v", s.Outcome)
	}
}

// Baseball's clock per guess: each guess within the time, which starts
// afresh each turn once both numbers are chosen; at a rematch the other
// player guesses first.
func TestBaseballClockPerGuess(t *testing.T) {
	ft := newFakeTime()
	l := matchLobby(t, nil, ft)
	tb := seated(t, l, Setup{Game: Baseball, Control: Control{Base: 30 * time.Second, PerMove: true}})
	ft.Advance(time.Hour) // choosing the numbers is not timed
	play(t, tb, ft, 0, 0, "=123", "=456")
	play(t, tb, ft, 29*time.Second, 0, "789", "789", "798")
	s, _ := tb.State()
	if left, _ := s.Clock.LeftAt(ft.Now()); left[1] != 30*time.Second || s.Clock.Running != 1 {
		t.Fatalf("after three guesses: %v, running %d", left, s.Clock.Running)
	}
	ft.Advance(30 * time.Second)
	if s, _ := tb.State(); s.Outcome != (Outcome{Over: true, Winner: 0, How: "time"}) {
		t.Fatalf("a guess not made in time: %+v", s.Outcome)
	}
	for seat := range 2 {
		if err := tb.Rematch(seat); err != nil {
			t.Fatal(err)
		}
	}
	play(t, tb, ft, 0, 0, "=123", "=456")
	if err := tb.Move(0, "456"); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("the first guesser of the last game guesses first again: %v", err)
	}
	play(t, tb, ft, time.Second, 1, "123")
}

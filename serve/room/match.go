package room

import (
	"errors"
	"slices"
	"time"

	"termgames/internal/store"
)

// match.go is what makes a table's game a match, beside its Rules: the
// table's clock (clock.go), the offers by consent (offer.go), and the
// rematch. Every change goes through the table's moves, as text the store
// keeps beside the game's own moves ("offer draw", "yes"), so that a game
// brought back after a restart replays its offers as it replays its
// stones, and its clock from the instants of its moves. It draws nothing.

// The moves of the match, apart from the game's own: an offer, and its
// answer. No game's move is written so.
const (
	MoveOfferTakeback = "offer takeback"
	MoveOfferDraw     = "offer draw"
	MoveYes           = "yes"
	MoveNo            = "no"
)

// Errors of the match.
var (
	// ErrNoOffers: this game, or this point of it (swap2's opening), has
	// no takeback or draw to offer.
	ErrNoOffers = errors.New("nothing can be offered now")
	// ErrNoRematch: the game did not end between two players still at
	// the table.
	ErrNoRematch = errors.New("no rematch: the other player has left")
	// ErrNotOver: a rematch is asked for once the game is over.
	ErrNotOver = errors.New("the game is not over")
)

// offerOf reads a move that makes an offer.
func offerOf(move string) (OfferKind, bool) {
	switch move {
	case MoveOfferTakeback:
		return OfferTakeback, true
	case MoveOfferDraw:
		return OfferDraw, true
	}
	return 0, false
}

// checkMatch reports why seat may not make the match's move now, and
// whether move is one of the match's at all, the game on.
func (t *Table) checkMatch(seat int, move string) (bool, error) {
	if kind, ok := offerOf(move); ok {
		if !t.rules.Offers() {
			return true, ErrNoOffers
		}
		return true, t.offers.Check(seat, kind)
	}
	if move != MoveYes && move != MoveNo {
		return false, nil
	}
	switch off, open := t.offers.Open(); {
	case !open:
		return true, ErrNoOffer
	case off.By == seat:
		return true, ErrOwnOffer
	}
	return true, nil
}

// applyMatch makes the match's move m, checked: an offer opens, an
// answer closes it, and a yes does what it asked.
func (t *Table) applyMatch(m store.Move) (Outcome, error) {
	if kind, ok := offerOf(m.Text); ok {
		t.answered = false
		return Outcome{}, t.offers.Make(m.Seat, kind)
	}
	off, err := t.offers.Answer(m.Seat, m.Text == MoveYes)
	if err == nil {
		t.answer, t.answerYes, t.answered = off, m.Text == MoveYes, true
	}
	switch {
	case err != nil || m.Text == MoveNo:
		return Outcome{}, err
	case off.Kind == OfferDraw:
		return Outcome{Over: true, Winner: -1, How: store.Agreed}, nil
	}
	return Outcome{}, t.takeBack(off.By, m.At)
}

// takeBack takes back seat's last move, the last of the game: the
// Rules are made again from the moves before it, and seat is to move,
// the time its opponent spent until at charged to them.
func (t *Table) takeBack(seat int, at time.Time) error {
	k := len(t.played) - 1
	if k < 0 || t.played[k].Seat != seat {
		return ErrNotLastMove // Offers allows no other: a table out of step
	}
	rules := t.setup.rules(t.first)
	for _, m := range t.played[:k] {
		if _, err := rules.Apply(m.Seat, m.Text, m.Time); err != nil {
			return err
		}
	}
	t.played = slices.Clip(t.played[:k])
	t.rules = rules
	if t.clock.Turn() >= 0 {
		if _, err := t.clock.Switch(at, seat); err != nil {
			return err
		}
	}
	return nil
}

// startClock starts the clock at now once the Rules have a seat to
// move (omok at once; baseball once both numbers are chosen), and arms
// the fall of its flag.
func (t *Table) startClock(now time.Time) {
	if next := t.rules.Turn(); next >= 0 && t.clock.Turn() < 0 {
		_ = t.clock.Start(now, next) // a stopped clock is a game over
	}
	t.armFlag()
}

// press ends the move of seat made at: the clock gives the turn to
// the Rules' next seat, or starts.
func (t *Table) press(at time.Time) error {
	next := t.rules.Turn()
	if t.clock.Turn() < 0 || next < 0 {
		t.startClock(at)
		return nil
	}
	_, err := t.clock.Press(at, next)
	t.armFlag()
	return err
}

// took is the time seat took for a move made now: its clock's, when
// its time runs; at a game where each seat moves at its own pace
// (Game.ownPace), the time since the seat's own last move (paceFrom);
// else the time since the last move.
func (t *Table) took(seat int, now time.Time) time.Duration {
	if t.Game.ownPace {
		return max(now.Sub(t.paceFrom[seat]), 0)
	}
	if t.clock.Turn() == seat {
		return t.clock.Spent(now)
	}
	return max(now.Sub(t.lastMove), 0)
}

// armFlag arms the fall of the flag of the seat to move, in place of the
// one armed before. A game being brought back, or at a lobby closing,
// arms none: its clock is paused, or its game comes back.
func (t *Table) armFlag() {
	t.flagN++
	if t.flag != nil {
		t.flag()
		t.flag = nil
	}
	at, ok := t.clock.FlagAt()
	if !ok || t.outcome.Over || t.restoring {
		return
	}
	n := t.flagN
	t.flag = t.after(max(at.Sub(t.at), 0), func() { t.flagFell(n) })
}

// flagFell ends the game on time, when flag n is still the one armed. A
// move sent before the flag fell came before this, and was either in time
// or ended the game itself.
func (t *Table) flagFell(n int) {
	if t.flagN != n || t.outcome.Over {
		return
	}
	if _, _, fallen := t.clock.Flagged(t.at); !fallen {
		t.armFlag() // the timer came early
		return
	}
	t.timeUp(t.at)
}

// timeUp ends the game on time, when the seat to move has run out at now:
// a move or an offer made after the flag fell ends it so, whether or not
// the timer has come.
func (t *Table) timeUp(now time.Time) {
	if seat, _, fallen := t.clock.Flagged(now); fallen && !t.outcome.Over {
		t.end(Outcome{Over: true, Winner: 1 - seat, How: store.Time})
	}
}

// Rematch asks, for seat, for another game at the table once this one is
// over; when both have asked, it begins, the seats' colours swapped (at
// swap2, the other opens), the watchers still there. With a store it
// begins the game there: screens call it off their goroutine.
func (t *Table) Rematch(seat int) error {
	return t.ask(func() error { return t.rematch(seat) })
}

func (t *Table) rematch(seat int) error {
	switch {
	case seat < 0 || seat > 1:
		return ErrNotYourTurn
	case !t.outcome.Over:
		return ErrNotOver
	case !t.rematchable():
		return ErrNoRematch
	}
	t.again[seat] = true
	t.changed = true
	if t.again[1-seat] {
		t.newGame()
	}
	return nil
}

// rematchable reports whether the game just over may be played
// again: it was a game (not a table left before anyone came, nor one kept
// void), and both players are still at the table.
func (t *Table) rematchable() bool {
	o := t.outcome
	return o.Over && o.How != HowLeft && o.How != store.Void && t.seats[0].Present > 0 && t.seats[1].Present > 0
}

// newGame starts the rematch at the table: the other seat moves first,
// the Rules, clock and offers start afresh, and the game is begun in the
// store.
func (t *Table) newGame() {
	now := t.at
	t.first = 1 - t.first
	if t.Game.dealt { // dealt anew
		t.lobby.mu.Lock()
		t.setup.Seed = 0
		t.setup = t.lobby.dealLocked(t.setup)
		t.lobby.mu.Unlock()
	}
	t.rules = t.setup.rules(t.first)
	t.view = t.rules.View()
	t.outcome = Outcome{}
	t.again = [2]bool{}
	t.offers, t.answered = Offers{}, false
	t.played = nil
	t.kept = keptGame{rated: t.kept.rated}
	t.clock = NewClock(t.setup.Control)
	t.started, t.lastMove = now, now
	t.paceFrom = [2]time.Time{now, now}
	t.games++
	if t.lobby.store != nil {
		t.begin()
	}
	t.lobby.metrics.GameStarted(t.Game.Name())
	t.log().Info("rematch", "first", t.seats[t.first].Name)
	t.startClock(now)
	t.changed = true
}

// TableClock is a table's clock as a screen draws it.
type TableClock struct {
	Control Control
	// Left is each seat's time at At; the seat Running's runs down from
	// there (-1: none runs).
	Left    [2]time.Duration
	Running int
	At      time.Time
}

// Timed reports whether the table has a clock that can run out.
func (c TableClock) Timed() bool { return c.Control.Timed() }

// LeftAt returns each seat's time at now, as the screen shows it then,
// and how long until the running one's next whole second changes.
func (c TableClock) LeftAt(now time.Time) ([2]time.Duration, time.Duration) {
	left := c.Left
	if c.Running < 0 {
		return left, 0
	}
	l := max(left[c.Running]-max(now.Sub(c.At), 0), 0)
	left[c.Running] = l
	next := l % time.Second
	if next <= 0 {
		next = time.Second
	}
	return left, next
}

// tableClock is the clock as the screens draw it.
func (t *Table) tableClock(now time.Time) TableClock {
	c := TableClock{Control: t.setup.Control, Left: t.clock.Left(now), Running: -1, At: now}
	if _, ok := t.clock.FlagAt(); ok {
		c.Running = t.clock.Turn()
	}
	return c
}

package room

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"termgames/internal/store"
)

// owner.go is a table: one goroutine that owns its game, as lichess runs
// each game in one actor. Joins, leaves, moves, offers and their answers,
// the fall of a flag, the end of a seat hold, rematches and the store's
// writes are messages that it handles one at a time, in the order they
// came (run). It checks a move with the game's Rules, keeps it in the
// store, makes it, and publishes the table's State: an immutable value
// that the screens read without a lock, with a channel that closes at the
// next one. A screen sends and returns: only a command off its goroutine
// waits for an answer (a move refused), never the screen.

// Seat is a player's place at a table, as screens show it.
type Seat struct {
	Name    string // printable, MaxName columns (Player.Name)
	Key     string // the fingerprint the player came with; "" without a key
	Resume  string // the code that gives the seat back
	Taken   bool
	Present int       // sessions showing the table from this seat; 0: away
	Away    time.Time // when the seat's last connection closed, while away
}

// Outcome is how a game ended.
type Outcome struct {
	Over   bool
	Winner int // the winning seat, -1 for a draw
	// How says how, as the store keeps it (store.Five, …, store.Void:
	// no result, a game brought back that no longer replays, or to which
	// neither player came back); HowLeft is no game: the host left before
	// anyone joined, and nothing is kept.
	How store.How
}

// HowLeft ends a table whose host left before anyone joined: no game.
const HowLeft store.How = "left"

// Rules is one game's online rules and position at one table. A table
// holds seats, watchers and the outcome, and asks its Rules everything of
// the game itself, so that another game is another Rules, not branches in
// the lobby or the table. A move is text in the game's own notation
// (omok's point "h8"; baseball's guess "123", or "=123" to choose one's
// number), as the store keeps it. Checking and making a move are apart, so
// that a table keeps a move in the store between the two. Only the
// table's goroutine calls its Rules.
type Rules interface {
	// Rule is the variant played, as the store keeps it: omok's rule
	// ("renju"); "" for a game of one rule.
	Rule() string
	// Check reports why seat may not make move now (the turn, the rules),
	// changing nothing; nil when it may. Both seats are taken and the game
	// is not over: the table sees to that.
	Check(seat int, move string) error
	// Apply makes seat's move, on which its player spent took, and
	// returns where the game then stands. It checks the move again: a
	// move replayed from the store must fit too.
	Apply(seat int, move string, took time.Duration) (Outcome, error)
	// View is the game as the screens draw it: never changed once
	// returned (Apply makes another), so that every screen of the table
	// can read it at once.
	View() any
	// Moves counts the moves made, for the logs.
	Moves() int
	// Turn is the seat to move now, whose clock runs; -1 while none is
	// (baseball's numbers being chosen, by both at once) and once over.
	Turn() int
	// Offers reports whether a takeback or a draw may be offered now:
	// omok, once any opening is done; never in baseball.
	Offers() bool
	// Record is the game in its record format, with the seats' names:
	// omok's Piskvork .psq; baseball's rounds as text.
	Record(names [2]string) []byte
}

// Table is one game between two seats, with its watchers. Its methods
// hand a message to its goroutine (run) and return, or, where a caller
// needs the answer (a move refused), wait for it; every other field is
// the goroutine's alone.
type Table struct {
	lobby *Lobby
	Code  string // set before the goroutine starts
	Game  *Game
	setup Setup

	inbox inbox
	shown atomic.Pointer[snapshot] // what the screens read (State)

	// The goroutine's own, from here on.
	seats    [2]Seat
	watchers int
	outcome  Outcome
	started  time.Time
	lastMove time.Time // when the last move was made (or the game began)
	// paceFrom is, at a game of own pace (Game.ownPace), when each seat's
	// next move starts to count: its last move, the start of the game, or
	// its return after a restart (paceHeld: its time stands until then).
	paceFrom [2]time.Time
	paceHeld [2]bool
	first    int // the seat that moves first (plays black, opens swap2); swapped at each rematch
	rules    Rules
	view     any // rules.View() since the last move
	kept     keptGame
	games    int // the games played at the table before this one

	hold  func() bool // stops the end of the seat hold of the seats away; nil when none is armed
	holdN int         // which hold is armed: an older one that fires late does nothing

	// The match (match.go).
	clock     *Clock
	flag      func() bool // stops the fall of the flag of the seat to move; nil when none is armed
	flagN     int         // which flag is armed: an older one that fires late does nothing
	offers    Offers
	played    []store.Move // the Rules' moves in effect (none taken back), to make the Rules again
	again     [2]bool      // each seat asked for a rematch
	answer    Offer        // the last offer answered, while answered: until the next move or offer
	answerYes bool
	answered  bool

	chat chatState

	at        time.Time // the instant of the message being handled: when it was sent
	restoring bool      // the game is replayed from the store, or the lobby closed: nothing is armed
	changed   bool      // something the screens show changed since the last publish
	version   int
	dropped   bool // out of the lobby: the goroutine ends once no end waits to be kept
	done      bool // the goroutine ends after this message
}

// newTable makes a table of setup (normal) whose seat first moves first,
// not yet in the lobby, its goroutine not started.
func newTable(l *Lobby, setup Setup, first int) *Table {
	t := &Table{lobby: l, Game: setup.Game, setup: setup, first: first, rules: setup.rules(first),
		clock: NewClock(setup.Control)}
	t.inbox.ready = make(chan struct{}, 1)
	t.view = t.rules.View()
	return t
}

// inbox is a table's messages, in the order they came. Sending never
// waits, whatever the table is doing: a screen's goroutine sends.
type inbox struct {
	mu     sync.Mutex
	msgs   []message
	ready  chan struct{} // holds a token while msgs may be waiting
	closed bool          // the goroutine has ended: nothing more is taken
}

// message is what the table is asked to do, f, and when: the instant it
// was sent is the instant of what it does (a move is timed when its player
// made it, not when the table came to it).
type message struct {
	at time.Time
	f  func()
}

// send hands f to the table's goroutine; false once it has ended. The
// time is read as f is queued, so that the messages' instants go in their
// order.
func (t *Table) send(f func()) bool {
	in := &t.inbox
	in.mu.Lock()
	if in.closed {
		in.mu.Unlock()
		return false
	}
	in.msgs = append(in.msgs, message{t.lobby.Now(), f})
	in.mu.Unlock()
	select {
	case in.ready <- struct{}{}:
	default:
	}
	return true
}

// take returns the messages waiting; with closing, the inbox takes no
// more after them.
func (in *inbox) take(closing bool) []message {
	in.mu.Lock()
	defer in.mu.Unlock()
	msgs := in.msgs
	in.msgs = nil
	in.closed = in.closed || closing
	return msgs
}

// ask hands f to the table's goroutine and returns its answer, once the
// screens can see what it did; ErrNoTable once the table has closed.
// Commands off the screens' goroutines call it, never a screen.
func (t *Table) ask(f func() error) error {
	answer := make(chan error, 1)
	if !t.send(func() { err := f(); t.publish(); answer <- err }) {
		return ErrNoTable
	}
	return <-answer
}

// run is the table's goroutine: each message in turn, each change
// published as it is made, until the table is done (dropped from the
// lobby, or closed with it). The messages that came before the end are
// still handled, so that every ask has its answer.
func (t *Table) run() {
	defer t.lobby.running.Done()
	defer t.lobby.ended(t)
	for range t.inbox.ready {
		for _, m := range t.inbox.take(false) {
			t.handle(m)
		}
		if t.done {
			for _, m := range t.inbox.take(true) {
				t.handle(m)
			}
			return
		}
	}
}

// handle does what m asks, at its instant, and shows what changed.
func (t *Table) handle(m message) {
	if m.at.After(t.at) {
		t.at = m.at
	}
	m.f()
	t.publish()
}

// after arms f on the table's goroutine once d has passed, on the lobby's
// time. The timer waits until the table has handled it, so that f reads
// the time at which it fell even on a test's time, which stands still
// until the timer returns.
func (t *Table) after(d time.Duration, f func()) (stop func() bool) {
	return t.lobby.time.AfterFunc(d, func() { _ = t.ask(func() error { f(); return nil }) })
}

// snapshot is a table as published: its State, the resume codes, which
// only their own seats' screens show, and the channel that closes when
// the next is published.
type snapshot struct {
	st     State
	resume [2]string
	gameID int64 // the game's ID in the store; 0 until begun
	next   chan struct{}
}

// publish shows what changed since the last time to the screens: a new
// snapshot, and the last one's channel closed.
func (t *Table) publish() {
	if !t.changed {
		return
	}
	t.changed = false
	t.version++
	snap := &snapshot{st: t.state(t.at), gameID: t.kept.id, next: make(chan struct{})}
	for i := range t.seats {
		snap.resume[i] = t.seats[i].Resume
		snap.st.Seats[i].Resume = "" // a screen asks for its own: ResumeCode
	}
	if old := t.shown.Swap(snap); old != nil {
		close(old.next)
	}
}

// State is a table as a screen draws it: a copy, safe to keep.
type State struct {
	Version  int
	Seats    [2]Seat
	Watchers int
	Outcome  Outcome
	HoldEnds time.Time // when an away seat forfeits; zero when none is away
	// View is the game as its Rules.View draws it: shared by every
	// screen of the table, and never changed.
	View any
	// Rated: the game counts for the players' ratings (with a store, both
	// players with keys; at a table still waiting, if the one who joins
	// has a key).
	Rated bool
	// Unsaved is why the store could not keep the game, the last time it
	// tried; nil once a write succeeds again. The game goes on in memory.
	Unsaved error

	// Chat is the last lines said at the table (ChatShown), oldest first,
	// the watchers' among them: a player's screen leaves those out.
	Chat []store.ChatLine

	// Setup is what the table was opened for; First, the seat that moves
	// first in this game (plays black, opens swap2).
	// Started is when the game began: the second player sat down, or
	// the rematch began.
	Setup   Setup
	First   int
	Started time.Time
	// Since is, at a game of own pace (the race), when each seat's time
	// since its last move began: its last move, the start, or its return
	// after a restart (the time the server was down counts for nobody).
	Since [2]time.Time
	// Clock is the table's clock as it stands (State's instant).
	Clock TableClock
	// Offers: a takeback or a draw may be offered now (Rules.Offers);
	// Offer is the one waiting for its answer, if OfferOpen.
	Offers    bool
	Offer     Offer
	OfferOpen bool
	// Answer is the last offer answered, and the answer, while
	// Answered: until the next move or offer.
	Answer    Offer
	AnswerYes bool
	Answered  bool
	// Rematchable: the game is over and may be played again (both
	// players are still at the table); Rematch is which seats asked.
	// Games counts the games played at the table before this one.
	Rematchable bool
	Rematch     [2]bool
	Games       int
}

// state is the table as it stands at now.
func (t *Table) state(now time.Time) State {
	st := State{Version: t.version, Seats: t.seats, Watchers: t.watchers, Outcome: t.outcome, View: t.view,
		Rated: t.rated(), Unsaved: t.kept.failed, Setup: t.setup, First: t.first, Started: t.started, Since: t.paceFrom, Chat: t.chat.lines,
		Clock: t.tableClock(now), Offers: t.rules.Offers() && !t.outcome.Over && t.seats[1].Taken,
		Rematchable: t.rematchable(), Rematch: t.again, Games: t.games,
		Answer: t.answer, AnswerYes: t.answerYes, Answered: t.answered}
	st.Offer, st.OfferOpen = t.offers.Open()
	if t.hold != nil {
		first := time.Time{}
		for _, s := range t.seats {
			if s.Taken && s.Present == 0 && (first.IsZero() || s.Away.Before(first)) {
				first = s.Away
			}
		}
		st.HoldEnds = first.Add(t.lobby.hold)
	}
	return st
}

// State returns the table as it last showed, and the channel that closes
// at its next change. It never waits.
func (t *Table) State() (State, <-chan struct{}) {
	snap := t.shown.Load()
	return snap.st, snap.next
}

// GameID is the number in the store of the table's game, the last one
// played at it (what records lists); 0 until the store keeps it.
func (t *Table) GameID() int64 { return t.shown.Load().gameID }

// ResumeCode is the code that gives seat back; only that seat's screen
// shows it.
func (t *Table) ResumeCode(seat int) string { return t.shown.Load().resume[seat] }

// gameName names the game and its rule in the logs: "omok renju".
func (t *Table) gameName() string {
	return strings.TrimSpace(t.Game.name + " " + t.setup.Rule)
}

// about are the keys of every log line about the table: its code, its
// game and rule, and the game's number in the store once it has one.
func (t *Table) about() []any {
	about := []any{"table", t.Code, "game", t.Game.Name()}
	if t.setup.Rule != "" {
		about = append(about, "rule", t.setup.Rule)
	}
	if t.kept.id != 0 {
		about = append(about, "id", t.kept.id)
	}
	return about
}

// log is the lobby's log with the table's keys (about).
func (t *Table) log() *slog.Logger { return t.lobby.log.With(t.about()...) }

// String names a table in logs and tests.
func (t *Table) String() string { return fmt.Sprintf("table %s (%s)", t.Code, t.gameName()) }

// join seats p, whose resume code the lobby gave, in seat 1, and begins
// the game: in the store first, where p and the host get the names their
// keys hold.
func (t *Table) join(p Seat) error {
	switch {
	case t.outcome.Over: // the host left
		return ErrNoTable
	case t.seats[1].Taken:
		return ErrFull
	}
	p.Taken, p.Present = true, 1
	t.started = t.at
	t.lastMove = t.started
	t.paceFrom = [2]time.Time{t.started, t.started}
	t.seats[1] = p
	if t.lobby.store != nil {
		t.begin()
	}
	t.startClock(t.started)
	t.lobby.metrics.GameStarted(t.Game.Name())
	t.log().Info("game started", "p1", t.seats[0].Name,
		"p2", t.seats[1].Name, "rated", t.kept.rated)
	t.changed = true
	return nil
}

// Unwatch counts a watcher out.
func (t *Table) Unwatch() { t.send(func() { t.watchers--; t.changed = true }) }

// giveBack makes seat present again, when it is away and its game goes
// on, and reports whether it did.
func (t *Table) giveBack(seat int) bool {
	return t.ask(func() error {
		if !t.back(seat) {
			return ErrNoTable
		}
		return nil
	}) == nil
}

// back makes an away seat present again, if the game goes on.
func (t *Table) back(seat int) bool {
	s := &t.seats[seat]
	if !s.Taken || s.Present > 0 || t.outcome.Over {
		return false
	}
	s.Present++
	s.Away = time.Time{}
	if t.paceHeld[seat] { // a game brought back: the seat's time runs again from now
		t.paceFrom[seat], t.paceHeld[seat] = t.at, false
	}
	if t.clock.Paused() && t.clock.Turn() == seat {
		// A game brought back after a restart: the seat to move is back,
		// and its time runs again from now.
		t.clock.Resume(t.at)
		t.armFlag()
	}
	if t.hold != nil && t.seats[0].Present > 0 && (!t.seats[1].Taken || t.seats[1].Present > 0) {
		t.hold()
		t.hold = nil
	}
	t.log().Info("player back", "seat", seat+1, "user", s.Name, "key", s.Key)
	t.changed = true
	return true
}

// Leave notes that a session showing the table from seat left it: the
// player went back to the menu, or their connection dropped. A seat with
// no session left is away: its player keeps it for the lobby's hold, the
// opponent sees the countdown, and then wins by forfeit. A host who leaves
// a table nobody joined closes it.
func (t *Table) Leave(seat int) { t.send(func() { t.leave(seat) }) }

func (t *Table) leave(seat int) {
	s := &t.seats[seat]
	if s.Present > 0 {
		s.Present--
	}
	if s.Present > 0 {
		return
	}
	t.changed = true
	switch {
	case t.outcome.Over:
		t.dropIfLeft()
	case !t.seats[1].Taken:
		t.end(Outcome{Over: true, Winner: -1, How: HowLeft})
	default:
		s.Away = t.at
		if t.hold == nil {
			t.armHold()
		}
		t.log().Info("player away", "seat", seat+1, "user", s.Name, "key", s.Key)
	}
}

// armHold starts the countdown of the seats away.
func (t *Table) armHold() {
	if t.restoring {
		return
	}
	t.holdN++
	n := t.holdN
	t.hold = t.after(t.lobby.hold, func() { t.forfeitAway(n) })
}

// forfeitAway ends the game once hold n is over: the seat away loses (the
// one away longer, if both are; neither, if both went at once, as at a
// restart). A player back in the same instant came first or not: either
// the hold was stopped, or the game is over when they come.
func (t *Table) forfeitAway(n int) {
	if t.outcome.Over || t.hold == nil || t.holdN != n {
		return
	}
	t.hold = nil
	away := -1
	for i, s := range t.seats {
		if s.Present == 0 && (away < 0 || s.Away.Before(t.seats[away].Away)) {
			away = i
		}
	}
	if away < 0 {
		return
	}
	o := Outcome{Over: true, Winner: 1 - away, How: store.Forfeit}
	if other := t.seats[1-away]; other.Present == 0 && other.Away.Equal(t.seats[away].Away) {
		o = Outcome{Over: true, Winner: -1, How: store.Void} // nobody came back after a restart
	}
	t.end(o)
}

// Resign ends the game with seat losing: its player chose to leave. It
// waits until the end is kept: screens call it off their goroutine.
func (t *Table) Resign(seat int) { t.lose(seat, store.Resigned) }

// Forfeit ends the game now with seat losing by forfeit, as if its hold
// had run out: a moderator banned its player. It waits until the end is
// kept: callers are off the screens' goroutines.
func (t *Table) Forfeit(seat int) { t.lose(seat, store.Forfeit) }

// lose ends the game with seat losing, how; a table nobody joined closes.
func (t *Table) lose(seat int, how store.How) {
	_ = t.ask(func() error {
		switch {
		case t.outcome.Over:
		case !t.seats[1].Taken:
			t.end(Outcome{Over: true, Winner: -1, How: HowLeft})
		default:
			t.end(Outcome{Over: true, Winner: 1 - seat, How: how})
		}
		return nil
	})
}

// end ends the game: its end is kept in the store (kept.go), the clock
// stops, and the table stays in the lobby, for a rematch, while a player
// is at it (dropIfLeft).
func (t *Table) end(o Outcome) {
	if t.outcome.Over {
		return
	}
	t.finish(o)
	t.outcome = o
	if t.hold != nil {
		t.hold()
		t.hold = nil
	}
	t.clock.Stop(t.at)
	t.armFlag() // disarms: the clock is stopped
	t.lobby.leaveQuick(t.Code)
	winner := ""
	if o.Winner >= 0 {
		winner = t.seats[o.Winner].Name
	}
	if o.How != HowLeft {
		t.lobby.metrics.GameEnded(t.Game.Name(), string(o.How))
	}
	t.log().Info("game ended", "how", o.How, "winner", winner,
		"moves", t.rules.Moves())
	t.changed = true
	t.dropIfLeft()
}

// dropIfLeft takes a table whose game is over out of the lobby once no
// player is at it (its watchers still see its last State); its goroutine
// ends once no end waits to be kept.
func (t *Table) dropIfLeft() {
	if t.dropped || !t.outcome.Over || t.seats[0].Present > 0 || t.seats[1].Present > 0 {
		return
	}
	t.dropped = true
	t.lobby.drop(t)
	t.done = t.kept.unkept == nil
}

// close is the lobby's Close at this table: nothing more is armed (the
// game comes back after a restart), an end the store refused is tried
// once more, and the goroutine ends.
func (t *Table) close() {
	t.restoring = true
	t.armFlag() // disarms
	if t.hold != nil {
		t.hold()
		t.hold = nil
	}
	if t.kept.unkept != nil {
		t.keepEnd(*t.kept.unkept)
	}
	t.done = true
}

// Errors of moves. The rules' own errors (omok.ErrOccupied, a
// *omok.ForbiddenError, baseball.ErrZero, …) come as they are.
var (
	ErrNotYourTurn = errors.New("not your turn")
	ErrWaiting     = errors.New("the other seat is empty")
	ErrOver        = errors.New("the game is over")
)

// Move makes seat's move, written in the game's notation (Rules), if the
// game is on and its rules allow it; every screen of the table then shows
// it. The move is timed now; with a store it is kept there before it is
// made, and the end of the game likewise (kept.go). It waits for the
// answer: screens call it off their goroutine.
//
// The metrics count it, with its time on the server: from its call to the
// screens told, its check and its write in the store between.
func (t *Table) Move(seat int, move string) error {
	began := time.Now()
	err := t.ask(func() error { return t.move(seat, move) })
	if err == nil {
		t.lobby.metrics.Move(t.Game.Name(), time.Since(began))
	}
	return err
}

// move makes seat's move: checked, kept, made.
func (t *Table) move(seat int, move string) error {
	at := t.at
	if err := t.check(seat, move, at); err != nil {
		if errors.Is(err, ErrFlagged) {
			t.timeUp(at)
		}
		return err
	}
	m := store.Move{Seat: seat, Text: move, Time: t.took(seat, at), At: at}
	kept := t.keepMove(m)
	out, err := t.apply(m)
	if err != nil {
		// Checked just before: the rules contradict themselves.
		t.log().Error("a checked move refused", "seat", seat+1, "move", move, "err", err)
		if kept {
			t.kept.failed = fmt.Errorf("the store has a move the game refused: %w", err)
		}
		return err
	}
	if kept {
		t.kept.saved = len(t.kept.moves)
	}
	if out.Over {
		t.end(out)
	}
	return nil
}

// apply makes move m, which the table checked. A move of the game presses
// the clock, and an offer open lapses; a move of the match (match.go)
// opens or answers an offer.
func (t *Table) apply(m store.Move) (Outcome, error) {
	var out Outcome
	var err error
	if match, _ := t.checkMatch(m.Seat, m.Text); match {
		out, err = t.applyMatch(m)
	} else {
		offers := t.rules.Offers() // before the move: an opening's stones are no move to take back
		if out, err = t.rules.Apply(m.Seat, m.Text, m.Time); err == nil {
			t.played = append(t.played, m)
			t.paceFrom[m.Seat] = m.At
			t.answered = false
			if offers {
				t.offers.Moved(m.Seat)
			}
			err = t.press(m.At)
		}
	}
	if err != nil {
		return out, err
	}
	t.kept.moves = append(t.kept.moves, m)
	t.lastMove = m.At
	t.view = t.rules.View()
	t.changed = true
	return out, nil
}

// check reports why seat may not make move at now. Nothing is made once
// the flag of the seat to move has fallen (ErrFlagged): the game is lost
// on time.
func (t *Table) check(seat int, move string, now time.Time) error {
	switch {
	case seat < 0 || seat > 1:
		return ErrNotYourTurn
	case t.outcome.Over:
		return ErrOver
	case !t.seats[1].Taken:
		return ErrWaiting
	}
	if _, _, fallen := t.clock.Flagged(now); fallen {
		return ErrFlagged
	}
	if match, err := t.checkMatch(seat, move); match {
		return err
	}
	return t.rules.Check(seat, move)
}

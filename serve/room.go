package serve

import (
	crand "crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"termgames/internal/store"
)

// room.go is the online tables' rules side: the lobby, the tables and
// their seats. It draws nothing and reads no key: the table screens
// (table.go) call it. It knows no game's rules either: each table plays
// through a Rules (omokgame.go, baseballgame.go), which checks every move
// with the game's own rules package, so that a screen can never put on
// the board what the rules refuse. What the store keeps of a table's game
// is kept.go's. It imports no console.

// DefaultSeatHold is how long a dropped player keeps their seat.
const DefaultSeatHold = 120 * time.Second

// Lobby holds the open tables by code, and the seats by resume code.
type Lobby struct {
	log  *slog.Logger
	hold time.Duration
	// now and after are the time of the moves, the clocks and the ends,
	// and the fall of the clocks' flags: the machine's, or a test's
	// (setTime).
	now   func() time.Time
	after func(d time.Duration, f func()) Timer
	// store keeps every game (kept.go); nil keeps nothing.
	store store.Store
	// retries are the ends the store refused, tried again (retryEnd)
	// until closed is closed (Close).
	retries   sync.WaitGroup
	closed    chan struct{}
	closeOnce sync.Once

	// controls are the time controls a table may be opened with, the
	// server's list (Config.Controls): the Fischer ones at omok tables,
	// the per-move ones at baseball tables, none at both.
	controls []Control

	mu     sync.Mutex
	tables map[string]*Table
	resume map[string]seatRef
	quick  QuickMatch // the quick match's tables waiting for a player
	rng    *rand.Rand // codes; guarded by mu
}

// seatRef names a seat of a table.
type seatRef struct {
	t    *Table
	seat int
}

// NewLobby returns an empty lobby whose dropped players keep their seats
// for hold.
func NewLobby(log *slog.Logger, hold time.Duration) *Lobby {
	if hold <= 0 {
		hold = DefaultSeatHold
	}
	var seed [32]byte
	_, _ = crand.Read(seed[:]) // codes must not be guessable from the time
	return &Lobby{log: log, hold: hold, now: time.Now, after: SystemTime{}.AfterFunc, controls: DefaultControls(),
		tables: map[string]*Table{},
		resume: map[string]seatRef{},
		rng:    rand.New(rand.NewChaCha8(seed)), closed: make(chan struct{})}
}

// setTime makes ts the lobby's time: its tables' moves, clocks and ends.
func (l *Lobby) setTime(ts TimeSource) {
	l.now, l.after = ts.Now, ts.AfterFunc
}

// Close ends the lobby's work in the background: an end the store has
// refused so far is tried once more, and Close returns when that is done;
// no clock's flag falls after it. The server closes its lobby as it stops,
// before its store is closed.
func (l *Lobby) Close() {
	l.closeOnce.Do(func() {
		close(l.closed)
		l.mu.Lock()
		tables := make([]*Table, 0, len(l.tables))
		for _, t := range l.tables {
			tables = append(tables, t)
		}
		l.mu.Unlock()
		for _, t := range tables { // no flag falls on a server stopping: its games come back
			t.mu.Lock()
			t.restoring = true
			t.armFlagLocked()
			t.mu.Unlock()
		}
	})
	l.retries.Wait()
}

// codeLetters are the letters of codes: no 0/O, 1/I/L, which a friend
// reading a code aloud or from a screen would mix up.
const codeLetters = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// The lengths of codes: a table's is short, to be said to a friend; a
// resume code gives a seat back, so it is long enough not to be guessed.
const (
	tableCodeLen  = 4
	resumeCodeLen = 8
)

// newCode returns a code of n letters not yet in use; mu held.
func (l *Lobby) newCode(n int, used func(string) bool) string {
	for {
		var b strings.Builder
		for range n {
			b.WriteByte(codeLetters[l.rng.IntN(len(codeLetters))])
		}
		if c := b.String(); !used(c) {
			return c
		}
	}
}

// normCode reads a code as typed: case and spaces do not matter.
func normCode(s string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
}

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
	// How says how: "five" (omok), "found" (baseball), "draw",
	// "resigned" (a player left the game), "forfeit" (a seat away past
	// the hold), store.Void (no result: a game brought back that no
	// longer replays, or to which neither player came back);
	// "left" is no game: the host left before anyone joined.
	How string
}

// Rules is one game's online rules and position at one table. A table
// holds seats, watchers and the outcome, and asks its Rules everything of
// the game itself, so that another game is another Rules, not branches in
// the lobby or the table. A move is text in the game's own notation
// (omok's point "h8"; baseball's guess "123", or "=123" to choose one's
// number), as the store keeps it. Checking and making a move are apart, so
// that a table can keep a move between the two without holding its lock.
// The table calls its Rules only under its lock.
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

	tableScreens // the game's screen of a table (table.go)
}

// Table is one game between two seats, with its watchers. Its state
// changes only through its methods, under mu; each change closes the
// channel Changed returned, so that every screen of the table (both
// players', the watchers') redraws at once. With a store, every write of
// the game (kept.go) is made holding write and not mu: the screens, which
// take mu to draw, never wait for the disk.
type Table struct {
	lobby *Lobby
	Code  string
	Game  *Game
	setup Setup

	// write is held across each write of the table's game to the store,
	// so that the writes go one at a time and in order; it is taken
	// before mu, never under it.
	write sync.Mutex

	mu       sync.Mutex
	seats    [2]Seat
	watchers int
	changed  chan struct{}
	version  int
	outcome  Outcome
	hold     *time.Timer // the countdown of an away seat
	holdN    int         // which countdown hold is: an older one that fires late does nothing
	started  time.Time
	lastMove time.Time // when the last move was made (or the game began)
	first    int       // the seat that moves first (plays black, opens swap2); swapped at each rematch
	rules    Rules
	view     any // rules.View() since the last move

	joining bool    // the second player is sitting down: the game is being begun
	pending [2]bool // each seat's move being kept: the seat's next waits for it to show (ErrPending)
	kept    keptGame

	// The match (match.go).
	clock     *Clock
	flag      Timer // the fall of the flag of the seat to move
	flagN     int   // which flag is armed: an older one that fires late does nothing
	offers    Offers
	played    []store.Move // the Rules' moves in effect (none taken back), to make the Rules again
	again     [2]bool      // each seat asked for a rematch
	answer    Offer        // the last offer answered, while answered: until the next move or offer
	answerYes bool
	answered  bool
	games     int  // the games played at the table before this one
	restoring bool // the game is being replayed from the store: no flag is armed
}

// Open opens a table of setup with the host in seat 0 and returns it.
func (l *Lobby) Open(setup Setup, host Seat) *Table {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.openLocked(setup, host)
}

// openLocked opens a table as Open does; l.mu held.
func (l *Lobby) openLocked(setup Setup, host Seat) *Table {
	setup = setup.normal()
	rules := setup.rules(0)
	t := &Table{lobby: l, Game: setup.Game, setup: setup, rules: rules, view: rules.View(),
		clock: NewClock(setup.Control), changed: make(chan struct{})}
	t.Code = l.newCode(tableCodeLen, func(c string) bool { return l.tables[c] != nil })
	host.Resume = l.newCode(resumeCodeLen, func(c string) bool { _, ok := l.resume[c]; return ok })
	host.Taken, host.Present = true, 1
	t.seats[0] = host
	l.tables[t.Code] = t
	l.resume[host.Resume] = seatRef{t, 0}
	l.log.Info("table opened", "table", t.Code, "game", t.gameName(), "host", host.Name)
	return t
}

// gameName names the game and its rule in the logs: "omok renju".
func (t *Table) gameName() string {
	return strings.TrimSpace(t.Game.name + " " + t.rules.Rule())
}

// Errors of joining and watching.
var (
	ErrNoTable   = errors.New("no table has that code")
	ErrFull      = errors.New("the table is full")
	ErrOtherGame = errors.New("that table plays another game")
)

// Join seats a player at the table with the code, in the free seat, and
// starts the game; with a store, the game is begun there first (kept.go),
// and then the seat shows as taken.
func (l *Lobby) Join(code string, game *Game, p Seat) (*Table, int, error) {
	l.mu.Lock()
	t := l.tables[normCode(code)]
	if t == nil {
		l.mu.Unlock()
		return nil, 0, ErrNoTable
	}
	if t.Game != game {
		l.mu.Unlock()
		return nil, 0, ErrOtherGame
	}
	p.Resume = l.newCode(resumeCodeLen, func(c string) bool { _, ok := l.resume[c]; return ok })
	l.resume[p.Resume] = seatRef{t, 1} // taken now, so that no other seat gets it
	l.quick.Leave(t.Code)              // joined by its code: the quick match waits no more
	l.mu.Unlock()

	t.write.Lock()
	defer t.write.Unlock()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.seats[1].Taken || t.outcome.Over {
		l.mu.Lock()
		delete(l.resume, p.Resume)
		l.mu.Unlock()
		if t.outcome.Over { // the host left meanwhile
			return nil, 0, ErrNoTable
		}
		return nil, 0, ErrFull
	}
	p.Taken, p.Present = true, 1
	t.started = l.now()
	t.lastMove = t.started
	if l.store != nil {
		t.joining = true
		t.mu.Unlock()
		p = t.begin(p)
		t.mu.Lock()
		t.joining = false
		if t.seats[0].Present == 0 {
			// The host left while the game was begun: there is no game,
			// and the one begun in the store is kept void.
			t.seats[1] = p
			t.mu.Unlock()
			t.end(Outcome{Over: true, Winner: -1, How: store.Void})
			t.mu.Lock()
			return nil, 0, ErrNoTable
		}
	}
	t.seats[1] = p
	t.startClockLocked(t.started)
	l.log.Info("game started", "table", t.Code, "game", t.gameName(), "p1", t.seats[0].Name, "p2", p.Name,
		"rated", t.kept.rated)
	t.changedLocked()
	return t, 1, nil
}

// GameOf returns the game of the table with the code.
func (l *Lobby) GameOf(code string) (*Game, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.tables[normCode(code)]
	if t == nil {
		return nil, false
	}
	return t.Game, true
}

// Watch returns the table with the code, counting one more watcher;
// Unwatch counts them out.
func (l *Lobby) Watch(code string) (*Table, error) {
	l.mu.Lock()
	t := l.tables[normCode(code)]
	l.mu.Unlock()
	if t == nil {
		return nil, ErrNoTable
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.watchers++
	t.changedLocked()
	return t, nil
}

// Unwatch counts a watcher out.
func (t *Table) Unwatch() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.watchers--
	t.changedLocked()
}

// Listing is an open table as the list shows it.
type Listing struct {
	Code, Host string
	Setup      Setup // what the table was opened for: game, rule, clock, swap2
	Playing    bool  // both seats taken: open to watch only
	// Rated: the game counts for the ratings; at a table still waiting,
	// it will if the player who joins has a key (ratedLocked).
	Rated bool
}

// Tables lists the tables of game: those waiting for a player first, then
// those being played, each by code.
func (l *Lobby) Tables(game *Game) []Listing {
	l.mu.Lock()
	tables := make([]*Table, 0, len(l.tables))
	for _, t := range l.tables {
		if t.Game == game {
			tables = append(tables, t)
		}
	}
	l.mu.Unlock()
	var open, playing []Listing
	for _, t := range tables {
		t.mu.Lock()
		li := Listing{Code: t.Code, Host: t.seats[0].Name, Setup: t.setup,
			Playing: t.seats[1].Taken,
			Rated:   t.ratedLocked()}
		over := t.outcome.Over
		t.mu.Unlock()
		switch {
		case over:
		case li.Playing:
			playing = append(playing, li)
		default:
			open = append(open, li)
		}
	}
	sortListings(open)
	sortListings(playing)
	return append(open, playing...)
}

func sortListings(ls []Listing) {
	for i := 1; i < len(ls); i++ {
		for j := i; j > 0 && ls[j].Code < ls[j-1].Code; j-- {
			ls[j], ls[j-1] = ls[j-1], ls[j]
		}
	}
}

// Resume gives back the seat whose resume code is code, when it is away
// and its game not over; the seat is present again.
func (l *Lobby) Resume(code string) (*Table, int, bool) {
	l.mu.Lock()
	ref, ok := l.resume[normCode(code)]
	l.mu.Unlock()
	if !ok || !ref.t.back(ref.seat) {
		return nil, 0, false
	}
	return ref.t, ref.seat, true
}

// Held returns a seat away that the key holds, at a game not over, and
// gives it back: a player who dropped and comes back with the same key
// is put back at once.
func (l *Lobby) Held(key string) (*Table, int, bool) {
	if key == "" {
		return nil, 0, false
	}
	l.mu.Lock()
	refs := make([]seatRef, 0, len(l.resume))
	for _, ref := range l.resume {
		refs = append(refs, ref)
	}
	l.mu.Unlock()
	for _, ref := range refs {
		ref.t.mu.Lock()
		s := ref.t.seats[ref.seat]
		match := s.Key == key && s.Present == 0 && !ref.t.outcome.Over
		ref.t.mu.Unlock()
		if match && ref.t.back(ref.seat) {
			return ref.t, ref.seat, true
		}
	}
	return nil, 0, false
}

// back makes an away seat present again, if the game goes on.
func (t *Table) back(seat int) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := &t.seats[seat]
	if !s.Taken || s.Present > 0 || t.outcome.Over {
		return false
	}
	s.Present++
	s.Away = time.Time{}
	if t.clock.Paused() && t.clock.Turn() == seat {
		// A game brought back after a restart: the seat to move is back,
		// and its time runs again from now.
		t.clock.Resume(t.lobby.now())
		t.armFlagLocked()
	}
	if t.hold != nil && t.seats[0].Present > 0 && (!t.seats[1].Taken || t.seats[1].Present > 0) {
		t.hold.Stop()
		t.hold = nil
	}
	t.lobby.log.Info("player back", "table", t.Code, "seat", seat+1, "player", s.Name)
	t.changedLocked()
	return true
}

// Leave notes that a session showing the table from seat left it: the
// player went back to the menu, or their connection dropped. A seat with
// no session left is away: its player keeps it for the lobby's hold, the
// opponent sees the countdown, and then wins by forfeit. A host who leaves
// a table nobody joined closes it.
func (t *Table) Leave(seat int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := &t.seats[seat]
	if s.Present > 0 {
		s.Present--
	}
	if s.Present > 0 {
		return
	}
	switch {
	case t.outcome.Over:
		t.dropLocked()
	case !t.seats[1].Taken && !t.joining:
		t.endLocked(Outcome{Over: true, Winner: -1, How: "left"})
		return
	default:
		s.Away = t.lobby.now()
		if t.hold == nil {
			t.holdLocked()
		}
		t.lobby.log.Info("player away", "table", t.Code, "seat", seat+1, "player", s.Name)
	}
	t.changedLocked()
}

// holdLocked starts the countdown of the seats away; mu held.
func (t *Table) holdLocked() {
	t.holdN++
	n := t.holdN
	t.hold = time.AfterFunc(t.lobby.hold, func() { t.forfeitAway(n) })
}

// forfeitAway ends the game once hold n is over: the seat away loses (the
// one away longer, if both are; neither, if both went at once, as at a
// restart).
func (t *Table) forfeitAway(n int) {
	t.write.Lock()
	defer t.write.Unlock()
	t.mu.Lock()
	if t.outcome.Over || t.hold == nil || t.holdN != n {
		t.mu.Unlock()
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
		t.mu.Unlock()
		return
	}
	o := Outcome{Over: true, Winner: 1 - away, How: "forfeit"}
	if other := t.seats[1-away]; other.Present == 0 && other.Away.Equal(t.seats[away].Away) {
		o = Outcome{Over: true, Winner: -1, How: store.Void} // nobody came back after a restart
	}
	t.mu.Unlock()
	t.end(o)
}

// Resign ends the game with seat losing: its player chose to leave. With
// a store it writes the end: screens call it off their goroutine.
func (t *Table) Resign(seat int) {
	t.write.Lock()
	defer t.write.Unlock()
	t.mu.Lock()
	switch {
	case t.outcome.Over:
		t.mu.Unlock()
		return
	case !t.seats[1].Taken:
		t.endLocked(Outcome{Over: true, Winner: -1, How: "left"})
		t.mu.Unlock()
		return
	}
	t.mu.Unlock()
	t.end(Outcome{Over: true, Winner: 1 - seat, How: "resigned"})
}

// end keeps the end of the game (kept.go), then shows it; write held, mu
// not.
func (t *Table) end(o Outcome) {
	t.finish(o)
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.outcome.Over {
		t.endLocked(o)
	}
}

// endLocked ends the game: the clock stops, and the table stays in the
// lobby, for a rematch, while a player is at it (dropLocked); mu held.
func (t *Table) endLocked(o Outcome) {
	t.outcome = o
	if t.hold != nil {
		t.hold.Stop()
		t.hold = nil
	}
	t.clock.Stop(t.lobby.now())
	t.armFlagLocked() // disarms: the clock is stopped
	l := t.lobby
	l.mu.Lock()
	l.quick.Leave(t.Code)
	l.mu.Unlock()
	t.dropLocked()
	winner := ""
	if o.Winner >= 0 {
		winner = t.seats[o.Winner].Name
	}
	l.log.Info("game ended", "table", t.Code, "game", t.gameName(), "how", o.How, "winner", winner,
		"moves", t.rules.Moves())
	t.changedLocked()
}

// dropLocked takes a table whose game is over out of the lobby, with its
// resume codes, once no player is at it (its watchers keep it until they
// leave); mu held.
func (t *Table) dropLocked() {
	if !t.outcome.Over || t.seats[0].Present > 0 || t.seats[1].Present > 0 {
		return
	}
	l := t.lobby
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tables[t.Code] == t {
		delete(l.tables, t.Code)
	}
	for _, s := range t.seats {
		if ref, ok := l.resume[s.Resume]; ok && ref.t == t {
			delete(l.resume, s.Resume)
		}
	}
}

// changedLocked wakes every screen of the table; mu held.
func (t *Table) changedLocked() {
	t.version++
	close(t.changed)
	t.changed = make(chan struct{})
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

	// Setup is what the table was opened for; First, the seat that moves
	// first in this game (plays black, opens swap2).
	Setup Setup
	First int
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

// State returns the table as it is, and the channel that closes at its next
// change.
func (t *Table) State() (State, <-chan struct{}) {
	t.mu.Lock()
	defer t.mu.Unlock()
	st := State{Version: t.version, Seats: t.seats, Watchers: t.watchers, Outcome: t.outcome, View: t.view,
		Rated: t.ratedLocked(), Unsaved: t.kept.failed, Setup: t.setup, First: t.first,
		Clock: t.clockLocked(t.lobby.now()), Offers: t.rules.Offers() && !t.outcome.Over && t.seats[1].Taken,
		Rematchable: t.rematchableLocked(), Rematch: t.again, Games: t.games, Answer: t.answer, AnswerYes: t.answerYes, Answered: t.answered}
	st.Offer, st.OfferOpen = t.offers.Open()
	for i := range t.seats {
		st.Seats[i].Resume = "" // a screen asks for its own: ResumeCode
	}
	if t.hold != nil {
		first := time.Time{}
		for _, s := range t.seats {
			if s.Taken && s.Present == 0 && (first.IsZero() || s.Away.Before(first)) {
				first = s.Away
			}
		}
		st.HoldEnds = first.Add(t.lobby.hold)
	}
	return st, t.changed
}

// ResumeCode is the code that gives seat back; only that seat's screen
// shows it.
func (t *Table) ResumeCode(seat int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.seats[seat].Resume
}

// Errors of moves. The rules' own errors (omok.ErrOccupied, a
// *omok.ForbiddenError, baseball.ErrZero, …) come as they are.
var (
	ErrNotYourTurn = errors.New("not your turn")
	ErrWaiting     = errors.New("the other seat is empty")
	ErrOver        = errors.New("the game is over")
	// ErrPending: the seat's previous move is still being kept, and shows
	// in a moment; this one is not made.
	ErrPending = errors.New("a move is still being kept")
)

// Move makes seat's move, written in the game's notation (Rules), if the
// game is on and its rules allow it; every screen of the table then shows
// it. With a store the move is checked, kept there, and only then made and
// shown, and the end of the game likewise (kept.go): screens call Move
// off their goroutine.
func (t *Table) Move(seat int, move string) error {
	t.mu.Lock()
	now := t.lobby.now()
	err := t.checkLocked(seat, move, now)
	if err == nil && t.pending[seat] {
		err = ErrPending
	}
	if err != nil {
		t.mu.Unlock()
		if errors.Is(err, ErrFlagged) {
			t.write.Lock()
			t.timeUp()
			t.write.Unlock()
		}
		return err
	}
	m := store.Move{Seat: seat, Text: move, Time: t.tookLocked(seat, now), At: now}
	if t.lobby.store == nil {
		defer t.mu.Unlock()
		out, err := t.applyLocked(m)
		if err == nil && out.Over {
			t.endLocked(out)
		}
		return err
	}
	t.pending[seat] = true
	t.mu.Unlock()
	return t.keepMove(m)
}

// applyLocked makes move m, which the table checked, and shows it unless
// it ended the game, whose end the caller shows; mu held. A move of the
// game presses the clock, and an offer open lapses; a move of the match
// (match.go) opens or answers an offer.
func (t *Table) applyLocked(m store.Move) (Outcome, error) {
	var out Outcome
	var err error
	if match, _ := t.checkMatchLocked(m.Seat, m.Text); match {
		out, err = t.applyMatchLocked(m)
	} else {
		offers := t.rules.Offers() // before the move: an opening's stones are no move to take back
		if out, err = t.rules.Apply(m.Seat, m.Text, m.Time); err == nil {
			t.played = append(t.played, m)
			t.answered = false
			if offers {
				t.offers.Moved(m.Seat)
			}
			err = t.pressLocked(m.At)
		}
	}
	if err != nil {
		return out, err
	}
	t.kept.moves = append(t.kept.moves, m)
	t.lastMove = m.At
	t.view = t.rules.View()
	if !out.Over {
		t.changedLocked()
	}
	return out, nil
}

// checkLocked reports why seat may not make move at now; mu held. Nothing
// is made once the flag of the seat to move has fallen (ErrFlagged): the
// game is lost on time.
func (t *Table) checkLocked(seat int, move string, now time.Time) error {
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
	if match, err := t.checkMatchLocked(seat, move); match {
		return err
	}
	return t.rules.Check(seat, move)
}

// String names a table in logs and tests.
func (t *Table) String() string { return fmt.Sprintf("table %s (%s)", t.Code, t.gameName()) }

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

	"termgames/baseball"
	"termgames/omok"
	"termgames/omok/renju"
)

// room.go is the online tables' rules side: the lobby, the tables, their
// seats and games. It draws nothing and reads no key: the table screens
// (table.go) call it, and it checks every move with the games' own rules
// packages (omok.Board, baseball.Score), so that a screen can never put
// on the board what the rules refuse. It imports no console.

// Game is what a table plays.
type Game uint8

// The games with online tables.
const (
	Omok     Game = iota // omok, by any of its rules
	Baseball             // number baseball, versus: each guesses the other's number
)

// DefaultSeatHold is how long a dropped player keeps their seat.
const DefaultSeatHold = 120 * time.Second

// Lobby holds the open tables by code, and the seats by resume code.
type Lobby struct {
	log  *slog.Logger
	hold time.Duration

	mu     sync.Mutex
	tables map[string]*Table
	resume map[string]seatRef
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
	return &Lobby{log: log, hold: hold, tables: map[string]*Table{}, resume: map[string]seatRef{},
		rng: rand.New(rand.NewChaCha8(seed))}
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
	Winner int    // the winning seat, -1 for a draw
	How    string // "five", "found", "draw", "forfeit", "left"
}

// Table is one game between two seats, with its watchers. Its state
// changes only through its methods, under mu; each change closes the
// channel Changed returned, so that every screen of the table (both
// players', the watchers') redraws at once.
type Table struct {
	lobby *Lobby
	Code  string
	Game  Game
	Rule  omok.Rule // omok's rule

	mu       sync.Mutex
	seats    [2]Seat
	watchers int
	changed  chan struct{}
	version  int
	outcome  Outcome
	hold     *time.Timer // the countdown of an away seat
	started  time.Time

	// Omok: the board, and what screens draw of it, rebuilt on each move
	// (immutable once built, so that every screen may read it at once).
	board *omok.Board
	view  *BoardView

	// Baseball: each seat's number, and the guesses each has made of the
	// other's, with their answers.
	secret  [2]baseball.Number
	chosen  [2]bool
	guesses [2][]baseball.Turn
}

// BoardView is an omok position as the screens draw it.
type BoardView struct {
	Size    int
	Rule    omok.Rule
	Cells   []omok.Stone // row by row
	Last    omok.Point
	HasLast bool
	Line    []omok.Point  // the winning stones
	Forbid  []renju.Shape // for the player to move
	Turn    omok.Stone
	Moves   int
	Draw    bool
}

// Open opens a table for game with the host in seat 0 and returns it.
// rule is omok's rule (ignored for baseball).
func (l *Lobby) Open(game Game, rule omok.Rule, host Seat) *Table {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := &Table{lobby: l, Game: game, Rule: rule, changed: make(chan struct{})}
	t.Code = l.newCode(tableCodeLen, func(c string) bool { return l.tables[c] != nil })
	host.Resume = l.newCode(resumeCodeLen, func(c string) bool { _, ok := l.resume[c]; return ok })
	host.Taken, host.Present = true, 1
	t.seats[0] = host
	l.tables[t.Code] = t
	l.resume[host.Resume] = seatRef{t, 0}
	if game == Omok {
		t.board = omok.NewBoard(omok.DefaultSize, rule)
		t.view = t.boardView()
	}
	l.log.Info("table opened", "table", t.Code, "game", t.gameName(), "host", host.Name)
	return t
}

func (t *Table) gameName() string {
	if t.Game == Baseball {
		return "baseball"
	}
	return "omok " + t.Rule.String()
}

// Errors of joining and watching.
var (
	ErrNoTable   = errors.New("no table has that code")
	ErrFull      = errors.New("the table is full")
	ErrOtherGame = errors.New("that table plays another game")
)

// Join seats a player at the table with the code, in the free seat, and
// starts the game.
func (l *Lobby) Join(code string, game Game, p Seat) (*Table, int, error) {
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
	l.mu.Unlock()

	t.mu.Lock()
	defer t.mu.Unlock()
	if t.seats[1].Taken || t.outcome.Over {
		return nil, 0, ErrFull
	}
	p.Taken, p.Present = true, 1
	t.seats[1] = p
	t.started = time.Now()
	l.mu.Lock()
	l.resume[p.Resume] = seatRef{t, 1}
	l.mu.Unlock()
	l.log.Info("game started", "table", t.Code, "game", t.gameName(), "p1", t.seats[0].Name, "p2", p.Name)
	t.changedLocked()
	return t, 1, nil
}

// GameOf returns the game of the table with the code.
func (l *Lobby) GameOf(code string) (Game, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.tables[normCode(code)]
	if t == nil {
		return 0, false
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
	Game       Game
	Rule       omok.Rule
	Playing    bool // both seats taken: open to watch only
}

// Tables lists the tables of game: those waiting for a player first, then
// those being played, each by code.
func (l *Lobby) Tables(game Game) []Listing {
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
		li := Listing{Code: t.Code, Host: t.seats[0].Name, Game: t.Game, Rule: t.Rule, Playing: t.seats[1].Taken}
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
	case !t.seats[1].Taken:
		t.endLocked(Outcome{Over: true, Winner: -1, How: "left"})
		return
	default:
		s.Away = time.Now()
		if t.hold == nil {
			t.hold = time.AfterFunc(t.lobby.hold, t.forfeitAway)
		}
		t.lobby.log.Info("player away", "table", t.Code, "seat", seat+1, "player", s.Name)
	}
	t.changedLocked()
}

// forfeitAway ends the game once the hold is over: the seat away loses
// (the one away longer, if both are).
func (t *Table) forfeitAway() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.outcome.Over || t.hold == nil {
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
	t.endLocked(Outcome{Over: true, Winner: 1 - away, How: "forfeit"})
}

// Resign ends the game with seat losing: its player chose to leave.
func (t *Table) Resign(seat int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.outcome.Over {
		return
	}
	if !t.seats[1].Taken {
		t.endLocked(Outcome{Over: true, Winner: -1, How: "left"})
		return
	}
	t.endLocked(Outcome{Over: true, Winner: 1 - seat, How: "forfeit"})
}

// endLocked ends the game and takes the table out of the lobby (its
// screens keep it until they leave); mu held.
func (t *Table) endLocked(o Outcome) {
	t.outcome = o
	if t.hold != nil {
		t.hold.Stop()
		t.hold = nil
	}
	l := t.lobby
	l.mu.Lock()
	delete(l.tables, t.Code)
	for _, s := range t.seats {
		if s.Resume != "" {
			delete(l.resume, s.Resume)
		}
	}
	l.mu.Unlock()
	winner := ""
	if o.Winner >= 0 {
		winner = t.seats[o.Winner].Name
	}
	l.log.Info("game ended", "table", t.Code, "game", t.gameName(), "how", o.How, "winner", winner,
		"moves", t.movesLocked())
	t.changedLocked()
}

func (t *Table) movesLocked() int {
	if t.board != nil {
		return t.board.Moves()
	}
	return len(t.guesses[0]) + len(t.guesses[1])
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
	Board    *BoardView

	// Baseball: whether each seat has chosen its number, the guesses each
	// made (of the other's number), and the numbers once the game is over.
	Chosen  [2]bool
	Guesses [2][]baseball.Turn
	Secrets [2]baseball.Number // zero until the game is over
	Turn    int                // the seat to guess, -1 while numbers are chosen
}

// State returns the table as it is, and the channel that closes at its next
// change.
func (t *Table) State() (State, <-chan struct{}) {
	t.mu.Lock()
	defer t.mu.Unlock()
	st := State{Version: t.version, Seats: t.seats, Watchers: t.watchers, Outcome: t.outcome, Board: t.view,
		Chosen: t.chosen, Turn: t.baseballTurnLocked()}
	for i := range t.seats {
		st.Seats[i].Resume = "" // a screen asks for its own: ResumeCode
		st.Guesses[i] = t.guesses[i][:len(t.guesses[i]):len(t.guesses[i])]
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
	if t.outcome.Over {
		st.Secrets = t.secret
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
	ErrChosen      = errors.New("the number is already chosen")
)

// Place puts seat's stone at p, if it is seat's turn and the rule allows
// it (omok.Board.Place decides).
func (t *Table) Place(seat int, p omok.Point) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.board == nil:
		return ErrOtherGame
	case t.outcome.Over:
		return ErrOver
	case !t.seats[1].Taken:
		return ErrWaiting
	case t.board.Turn() != omok.Stone(seat+1):
		return ErrNotYourTurn
	}
	out, err := t.board.Place(p)
	if err != nil {
		return err
	}
	t.view = t.boardView()
	switch {
	case out.Winner != omok.Empty:
		t.endLocked(Outcome{Over: true, Winner: int(out.Winner) - 1, How: "five"})
	case out.Draw:
		t.endLocked(Outcome{Over: true, Winner: -1, How: "draw"})
	default:
		t.changedLocked()
	}
	return nil
}

// boardView builds what screens draw of the board; mu held.
func (t *Table) boardView() *BoardView {
	b := t.board
	n := b.Size()
	v := &BoardView{Size: n, Rule: b.Rule(), Cells: make([]omok.Stone, n*n), Turn: b.Turn(), Moves: b.Moves(),
		Line: b.Outcome().Line, Draw: b.Outcome().Draw}
	for r := range n {
		for c := range n {
			v.Cells[r*n+c] = b.At(omok.Point{Row: r, Col: c})
		}
	}
	v.Last, v.HasLast = b.Last()
	if !b.Outcome().Over() {
		v.Forbid = b.ForbiddenMap(nil)
	}
	return v
}

// Choose sets seat's secret number, as typed; baseball.ParseNumber checks
// it.
func (t *Table) Choose(seat int, typed string) error {
	n, err := baseball.ParseNumber(strings.TrimSpace(typed))
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.Game != Baseball:
		return ErrOtherGame
	case t.outcome.Over:
		return ErrOver
	case t.chosen[seat]:
		return ErrChosen
	}
	t.secret[seat], t.chosen[seat] = n, true
	t.changedLocked()
	return nil
}

// baseballTurnLocked is the seat to guess: both guess in turn, seat 0
// first, once both numbers are chosen; -1 before.
func (t *Table) baseballTurnLocked() int {
	if t.Game != Baseball || !t.chosen[0] || !t.chosen[1] {
		return -1
	}
	if len(t.guesses[0]) > len(t.guesses[1]) {
		return 1
	}
	return 0
}

// Guess scores seat's guess of the other's number with baseball.Score.
// The game ends after a round (seat 1's guess) in which one or both found
// the number: fewer guesses wins, the same number of guesses draws, as in
// the versus game against the computer.
func (t *Table) Guess(seat int, typed string) (baseball.Answer, error) {
	g, err := baseball.ParseNumber(strings.TrimSpace(typed))
	if err != nil {
		return baseball.Answer{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.Game != Baseball:
		return baseball.Answer{}, ErrOtherGame
	case t.outcome.Over:
		return baseball.Answer{}, ErrOver
	case !t.seats[1].Taken:
		return baseball.Answer{}, ErrWaiting
	case t.baseballTurnLocked() != seat:
		return baseball.Answer{}, ErrNotYourTurn
	}
	a := baseball.Score(t.secret[1-seat], g)
	t.guesses[seat] = append(t.guesses[seat], baseball.Turn{Guess: g, Answer: a})
	if seat == 1 {
		found0 := t.guesses[0][len(t.guesses[0])-1].Answer == baseball.Win
		found1 := a == baseball.Win
		switch {
		case found0 && found1:
			t.endLocked(Outcome{Over: true, Winner: -1, How: "draw"})
			return a, nil
		case found0:
			t.endLocked(Outcome{Over: true, Winner: 0, How: "found"})
			return a, nil
		case found1:
			t.endLocked(Outcome{Over: true, Winner: 1, How: "found"})
			return a, nil
		}
	}
	t.changedLocked()
	return a, nil
}

// String names a table in logs and tests.
func (t *Table) String() string { return fmt.Sprintf("table %s (%s)", t.Code, t.gameName()) }

package room

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"termgames/internal/store"
	"termgames/minesweeper"
	"termgames/minesweeper/solver"
)

// racegame.go is the minesweeper race's online rules: both seats clear
// their own copy of one no-guess board (solver.NoGuess), laid at the
// table's level from the seed in its Setup, each copy opened at the same
// first cell; the first to clear theirs wins, and opening a mine loses at
// once. A move is a click, an action and a cell (row and column from 1):
// "o 8 15" opens, "f 2 3" flags, "c 5 5" chords. Both seats click at once,
// each on their own field, so that no seat ever has the turn (Turn is -1)
// and a race has no clock; each seat's move took the time since that
// seat's own last one (Game.ownPace), so that a seat's times add up to its
// time since the game began. The boards show after RaceCount. It imports
// no console.

// Race is the minesweeper race online: both players clear the same
// no-guess board at once, beginner, intermediate or expert, chosen when
// the table opens; no clock.
var Race = &Game{
	name:     "minesweeper",
	variants: raceLevelNames(),
	clock:    noClock,
	dealt:    true,
	ownPace:  true,
	newRules: func(s Setup, first int) Rules { return newRaceGame(raceLevel(s.Rule), s.Seed) },
}

// raceLevelNames are minesweeper's three levels as the store keeps them,
// the easiest first.
func raceLevelNames() []string {
	var names []string
	for _, l := range minesweeper.Levels() {
		names = append(names, l.Name)
	}
	return names
}

// raceLevel is the level called name; beginner for none.
func raceLevel(name string) minesweeper.Level {
	for _, l := range minesweeper.Levels() {
		if l.Name == name {
			return l
		}
	}
	return minesweeper.Levels()[0]
}

// RaceCount is the count both screens show before the boards do: the
// race's time runs from its end.
const RaceCount = 3 * time.Second

// The race's ends (Outcome.How), beside those of every game.
const (
	RaceCleared store.How = "cleared" // the winner opened every safe cell first
	RaceMine    store.How = "mine"    // the loser opened a mine
)

// ErrClick refuses a move that is no click of the race.
var ErrClick = errors.New("a click is o, f or c and a cell: o 8 15")

// raceBoard is a race's board: made off every lock when the table opens
// (a no-guess expert board takes a few milliseconds), ready once done is
// closed, and never changed after.
type raceBoard struct {
	done     chan struct{}
	start    *minesweeper.Field // the field after the first opening, shared by both seats' copies
	row, col int                // the first opening's cell
}

// newRaceBoard starts making the board of level from seed.
func newRaceBoard(level minesweeper.Level, seed uint64) *raceBoard {
	b := &raceBoard{done: make(chan struct{})}
	go func() {
		defer close(b.done)
		b.start, b.row, b.col = layRace(level, seed)
	}()
	return b
}

// ready reports whether the board is made, without waiting for it.
func (b *raceBoard) ready() bool {
	select {
	case <-b.done:
		return true
	default:
		return false
	}
}

// field waits for the board, and returns its field after the first
// opening (never to be changed: a seat plays on a Clone).
func (b *raceBoard) field() *minesweeper.Field {
	<-b.done
	return b.start
}

// layRace lays the board of level from seed, the same for the same seed:
// the first opening's cell away from the edges, then a no-guess board for
// it, or, in the rare case that none is found, a board as the local game
// lays them; and opens it there. It returns the field and that cell.
func layRace(level minesweeper.Level, seed uint64) (*minesweeper.Field, int, int) {
	rng := rand.New(rand.NewPCG(seed, 0x6d696e6573))
	r, c := 1+rng.IntN(level.Rows-2), 1+rng.IntN(level.Cols-2)
	first := r*level.Cols + c
	mines, err := solver.NoGuess(context.Background(), level.Rows, level.Cols, level.Mines, first, rng, nil)
	if err != nil {
		mines = solver.Lay(level.Rows, level.Cols, level.Mines, first, rng).Mine
	}
	f, err := minesweeper.NewFieldOf(level, mines)
	if err != nil {
		panic(fmt.Sprintf("serve: the race's board: %v", err)) // the solver lays what the level asks
	}
	f.Open(r, c)
	return f, r, c
}

// raceGame is the race at one table: the board, each seat's field and
// clicks. Its view is a *RaceView, made again after each move.
type raceGame struct {
	level  minesweeper.Level
	seed   uint64
	board  *raceBoard
	fields [2]*minesweeper.Field // nil until the first move (made)
	clicks [2][]minesweeper.Click
	spent  [2]time.Duration // each seat's moves' times added: its time since the game began
	over   bool
	view   *RaceView
}

// RaceView is a race as the screens draw it: never changed once made.
type RaceView struct {
	Level minesweeper.Level
	// Seed is the board's: the same seed lays the same board.
	Seed uint64
	// Clicks are each seat's clicks so far, At counted from the end of
	// the count.
	Clicks [2][]minesweeper.Click
	// Spent is each seat's time up to its last click, the count
	// included: its clicks' times added.
	Spent  [2]time.Duration
	fields [2]*minesweeper.Field // each seat's field, never changed; nil: the board's start
	board  *raceBoard
}

// newRaceGame starts a race at level on the board of seed, the board
// being made.
func newRaceGame(level minesweeper.Level, seed uint64) *raceGame {
	g := &raceGame{level: level, seed: seed}
	g.board = newRaceBoard(g.level, g.seed)
	g.view = g.makeView()
	return g
}

// Rule is the level's name: each level is rated apart.
func (g *raceGame) Rule() string { return g.level.Name }

// Turn is -1: both seats click at once, and no clock runs.
func (g *raceGame) Turn() int { return -1 }

// Offers: a race has no takeback and no draw by agreement.
func (g *raceGame) Offers() bool { return false }

// Moves counts both seats' clicks.
func (g *raceGame) Moves() int { return len(g.clicks[0]) + len(g.clicks[1]) }

// View is a *RaceView.
func (g *raceGame) View() any { return g.view }

// raceActions are the letters of a click's actions.
var raceActions = [...]byte{minesweeper.OpenClick: 'o', minesweeper.FlagClick: 'f', minesweeper.ChordClick: 'c'}

// RaceClick writes a click as a move of the race: "o 8 15".
func RaceClick(a minesweeper.Action, row, col int) string {
	return fmt.Sprintf("%c %d %d", raceActions[a], row+1, col+1)
}

// read reads a move as a click on g's level.
func (g *raceGame) read(move string) (minesweeper.Action, int, int, error) {
	w := strings.Fields(move)
	if len(w) != 3 || len(w[0]) != 1 {
		return 0, 0, 0, ErrClick
	}
	a := slices.Index(raceActions[:], w[0][0])
	r, err1 := strconv.Atoi(w[1])
	c, err2 := strconv.Atoi(w[2])
	if a < 0 || err1 != nil || err2 != nil || r < 1 || c < 1 || r > g.level.Rows || c > g.level.Cols {
		return 0, 0, 0, ErrClick
	}
	return minesweeper.Action(a), r - 1, c - 1, nil
}

// Check reads the move: any click on the field may be made, also one
// that changes nothing, as in the local game.
func (g *raceGame) Check(seat int, move string) error {
	if g.over {
		return ErrOver
	}
	_, _, _, err := g.read(move)
	return err
}

// made makes both seats' fields from the board, once it is made.
func (g *raceGame) made() {
	if g.fields[0] == nil {
		start := g.board.field()
		g.fields = [2]*minesweeper.Field{start.Clone(), start.Clone()}
	}
}

// Apply makes seat's click on its own field: a mine loses the race, the
// last safe cell wins it.
func (g *raceGame) Apply(seat int, move string, took time.Duration) (Outcome, error) {
	if g.over {
		return Outcome{}, ErrOver
	}
	a, r, c, err := g.read(move)
	if err != nil {
		return Outcome{}, err
	}
	g.made()
	g.spent[seat] += took
	click := minesweeper.Click{Action: a, Row: r, Col: c, At: max(g.spent[seat]-RaceCount, 0)}
	f := g.fields[seat]
	f.Do(click, false)
	g.clicks[seat] = append(g.clicks[seat], click)
	var o Outcome
	switch f.Status() {
	case minesweeper.Won:
		o = Outcome{Over: true, Winner: seat, How: RaceCleared}
	case minesweeper.Lost:
		o = Outcome{Over: true, Winner: 1 - seat, How: RaceMine}
	}
	g.over = o.Over
	v := *g.view
	v.fields[seat] = f.Clone()
	v.Spent[seat] = g.spent[seat]
	v.Clicks[seat] = g.clicks[seat][:len(g.clicks[seat]):len(g.clicks[seat])]
	g.view = &v
	return o, nil
}

// makeView is the view of a race before any click.
func (g *raceGame) makeView() *RaceView {
	return &RaceView{Level: g.level, Seed: g.seed, board: g.board}
}

// Ready reports whether the board is made: until then there is no field
// to draw.
func (v *RaceView) Ready() bool { return v.board.ready() }

// First is the cell of the first opening, where both fields were opened;
// false while the board is being made.
func (v *RaceView) First() (row, col int, ok bool) {
	if !v.board.ready() {
		return 0, 0, false
	}
	return v.board.row, v.board.col, true
}

// Field is seat's field as it stands; nil while the board is being made.
// It is never changed: it is for drawing.
func (v *RaceView) Field(seat int) *minesweeper.Field {
	if f := v.fields[seat]; f != nil {
		return f
	}
	if !v.board.ready() {
		return nil
	}
	return v.board.start
}

// Progress is what the other screens show of seat's race: the safe cells
// it has opened, of all the board's, and its flags.
func (v *RaceView) Progress(seat int) (opened, safe, flags int) {
	l := v.Level
	safe = l.Rows*l.Cols - l.Mines
	f := v.Field(seat)
	if f == nil {
		return 0, safe, 0
	}
	return safe - f.SafeLeft(), safe, l.Mines - f.MinesLeft()
}

// Time is seat's time: from the end of the count to its last click.
func (v *RaceView) Time(seat int) time.Duration {
	c := v.Clicks[seat]
	if len(c) == 0 {
		return 0
	}
	return c[len(c)-1].At
}

// Figures are seat's figures, as the local game gives them at a game's
// end: its time (Time), 3BV solved of all, clicks.
func (v *RaceView) Figures(seat int) minesweeper.Figures {
	f := v.Field(seat)
	if f == nil {
		return minesweeper.Figures{}
	}
	return minesweeper.FiguresOf(f, v.Time(seat), len(v.Clicks[seat]))
}

// Record is the race as text: the level and the board's seed (the same
// seed lays the same board), each player's figures, then every click in
// the order of their times, with the seat, the time and the move.
func (g *raceGame) Record(names [2]string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "minesweeper race, %s (%d x %d, %d mines), %s%d\n", g.level.Name, g.level.Rows, g.level.Cols,
		g.level.Mines, seedWord, g.seed)
	v := g.view
	for i, name := range names {
		fg := v.Figures(i)
		opened, safe, flags := v.Progress(i)
		fmt.Fprintf(&b, "%dP %s: %.1f s, 3BV %d/%d, 3BV/s %.2f, %d clicks, IOE %.2f, %d/%d open, %d flags\n",
			i+1, name, fg.Time.Seconds(), fg.Solved, fg.BBBV, fg.Rate(), fg.Clicks, fg.IOE(), opened, safe, flags)
	}
	k := [2]int{}
	for k[0] < len(g.clicks[0]) || k[1] < len(g.clicks[1]) {
		seat := 0
		if k[0] == len(g.clicks[0]) || k[1] < len(g.clicks[1]) && g.clicks[1][k[1]].At < g.clicks[0][k[0]].At {
			seat = 1
		}
		c := g.clicks[seat][k[seat]]
		fmt.Fprintf(&b, "%dP %7.2f  %s\n", seat+1, c.At.Seconds(), RaceClick(c.Action, c.Row, c.Col))
		k[seat]++
	}
	return []byte(b.String())
}

// RaceAt is the race of kept, a game of the race, at its start, as its
// replay shows it: both fields opened at the first cell (it waits for the
// board to be made). Its Apply makes the kept clicks again, and its View
// is a *RaceView.
func RaceAt(kept store.Game) (Rules, error) {
	s, _, err := setupOf(kept)
	if err != nil {
		return nil, err
	}
	if s.Game != Race {
		return nil, fmt.Errorf("game %d is %s, no race", kept.ID, kept.Game)
	}
	g := newRaceGame(raceLevel(s.Rule), s.Seed)
	g.made()
	return g, nil
}

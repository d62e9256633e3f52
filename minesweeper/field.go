package minesweeper

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// The rules of minesweeper, all of them in this file (no terminal, no I/O):
//
//   - The levels are the original's: beginner 9 x 9 with 10 mines,
//     intermediate 16 x 16 with 40, expert 16 rows x 30 columns with 99; or
//     a custom field of 2 to 100 rows and columns and 1 to cells - 1 mines.
//   - A field has rows x columns cells and a number of mines. Every cell is
//     covered at the start. A safe cell shows, once open, how many of its up
//     to eight neighbours hold a mine; a cell with none is a blank.
//   - Mines are placed at the first opening, so that the first opening is
//     always safe and opens an area: uniformly at random among the cells
//     outside the opened cell and its neighbours, or outside the opened cell
//     only when there are more mines than cells outside that neighbourhood
//     (9 cells inside the field, 6 on an edge, 4 in a corner). (The original
//     shuffled by sorting with a random comparator, which is biased.) The
//     same board again (NewFieldOf) lays the mines it was given instead, and
//     its first opening may then hit one.
//   - Opening a covered cell that holds a mine loses. Opening a number shows
//     it. Opening a blank opens its whole blank region and the numbers
//     around it; the flood keeps its own list of cells to visit, so even a
//     100x100 field never deepens the call stack.
//   - A flag protects a cell: it cannot be opened, by a click or a flood,
//     until the flag is taken off. A "?" mark is only a note: it opens.
//     Flagging a flag clears it, or turns it into "?" when marks are on;
//     flagging a "?" clears it. Flags may go down before the first opening,
//     and more flags than mines may go down (the count left goes negative).
//   - Chord: opening an open number whose neighbouring flags equal the number
//     opens all its other covered neighbours. A wrong flag among them means
//     a mine opens, and the game is lost. (The original lost as soon as any
//     flag anywhere was wrong; we keep the rule players know.)
//   - The game is won when every safe cell is open; every mine then gets
//     its flag. When lost, every mine is shown, the ones that went off
//     apart, wrong flags marked and right flags kept.

// MaxSide is the largest number of rows or columns a field may have.
const MaxSide = 100

// Level is a field size: one of the original's three, or a custom one.
type Level struct {
	// Name is "beginner", "intermediate" or "expert" for the original's
	// levels and empty for a custom size.
	Name  string
	Rows  int
	Cols  int
	Mines int
}

// Levels returns the original's three levels, easiest first. Expert is 16
// rows by 30 columns, as in the original.
func Levels() [3]Level {
	return [3]Level{
		{Name: "beginner", Rows: 9, Cols: 9, Mines: 10},
		{Name: "intermediate", Rows: 16, Cols: 16, Mines: 40},
		{Name: "expert", Rows: 16, Cols: 30, Mines: 99},
	}
}

// Custom returns the level of a custom size; a size that is one of the
// original's levels is that level, so its best times go in the same list.
func Custom(rows, cols, mines int) Level {
	for _, l := range Levels() {
		if l.Rows == rows && l.Cols == cols && l.Mines == mines {
			return l
		}
	}
	return Level{Rows: rows, Cols: cols, Mines: mines}
}

// Key names the level in the best-times file: its name, or "RxC/M" for a
// custom size.
func (l Level) Key() string {
	if l.Name != "" {
		return l.Name
	}
	return fmt.Sprintf("%dx%d/%d", l.Rows, l.Cols, l.Mines)
}

// The ways a level can be unplayable.
var (
	ErrSize  = errors.New("a field is 2 to 100 rows by 2 to 100 columns")
	ErrMines = errors.New("a field has at least one mine and one safe cell")
)

// Check reports whether the level can be played: at least 2x2 and at most
// MaxSide x MaxSide cells, and 1 <= mines <= cells - 1 so that there is something
// to find and a first opening that is safe.
func (l Level) Check() error {
	if l.Rows < 2 || l.Cols < 2 || l.Rows > MaxSide || l.Cols > MaxSide {
		return fmt.Errorf("%d x %d: %w", l.Rows, l.Cols, ErrSize)
	}
	if l.Mines < 1 || l.Mines > l.Rows*l.Cols-1 {
		return fmt.Errorf("%d mines on %d cells: %w", l.Mines, l.Rows*l.Cols, ErrMines)
	}
	return nil
}

// Status is how the game stands.
type Status uint8

// The states of a game.
const (
	Playing Status = iota
	Won
	Lost
)

// String names the status, for test failures and debugging.
func (s Status) String() string {
	switch s {
	case Playing:
		return "playing"
	case Won:
		return "won"
	case Lost:
		return "lost"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Look is what a cell shows the player: an open cell's number (0 is a
// blank), or one of the covered and end-of-game looks below.
type Look uint8

// The looks of a cell other than an open number.
const (
	Blank     Look = 0  // open, no mine around; 1 to 8 are the open numbers
	Covered   Look = 9  // not opened yet
	Flagged   Look = 10 // the player's flag
	Marked    Look = 11 // the player's "?" (with marks on)
	Mine      Look = 12 // a mine, shown when the game is lost
	Exploded  Look = 13 // a mine that was opened: it lost the game
	WrongFlag Look = 14 // a flag on a safe cell, shown when the game is lost
)

// String names the look, for test failures and debugging.
func (l Look) String() string {
	if n, ok := l.Number(); ok {
		return fmt.Sprintf("open %d", n)
	}
	names := [...]string{"covered", "flagged", "marked", "mine", "exploded", "wrong flag"}
	if i := int(l) - int(Covered); i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("Look(%d)", uint8(l))
}

// Number returns the count an open cell shows, and whether l is one.
func (l Look) Number() (int, bool) { return int(l), l <= 8 }

// cover is what lies on a cell: nothing (it is open), or the covering with
// or without the player's flag or mark.
type cover uint8

const (
	covered cover = iota
	flagged
	marked
	open
)

// Field is one game: the mines, the counts, what the player has opened and
// flagged, and whether the game is won or lost. Cells are stored row by row
// in flat slices, so every operation is O(cells) at worst.
type Field struct {
	level    Level
	mine     []bool
	count    []uint8 // mines among the neighbours
	cover    []cover
	placed   bool // mines are placed at the first opening
	status   Status
	safeLeft int // safe cells still covered: 0 wins
	flags    int
	rng      *rand.Rand
	preset   []bool // the mines the first opening lays, if not random ones
	stack    []int  // the flood's cells to visit, kept to reuse its memory
	changes  int    // counts the calls that changed the field (Changes)
}

// NewField returns a covered field of level l whose mines will be placed
// from rng at the first opening.
func NewField(l Level, rng *rand.Rand) (*Field, error) {
	if err := l.Check(); err != nil {
		return nil, err
	}
	return newField(l, rng), nil
}

// newField skips the check, so that tests and benchmarks can build fields
// the game never offers (a field without mines).
func newField(l Level, rng *rand.Rand) *Field {
	n := l.Rows * l.Cols
	return &Field{
		level:    l,
		mine:     make([]bool, n),
		count:    make([]uint8, n),
		cover:    make([]cover, n),
		safeLeft: n - l.Mines,
		rng:      rng,
	}
}

// Level returns the field's size and mines.
func (f *Field) Level() Level { return f.level }

// Status returns whether the game goes on, is won or is lost.
func (f *Field) Status() Status { return f.status }

// Started reports whether the first opening has happened (the mines are
// placed and the clock runs).
func (f *Field) Started() bool { return f.placed }

// MinesLeft is the mines minus the flags: what the status line counts down.
// It goes below zero when the player sets more flags than there are mines.
func (f *Field) MinesLeft() int { return f.level.Mines - f.flags }

// SafeLeft counts the safe cells still covered: 0 once the field is
// cleared.
func (f *Field) SafeLeft() int { return f.safeLeft }

// Clone returns a copy of f that changes apart from it, so that a field
// can be kept as it stood while the game goes on. A field whose mines are
// still to be placed at random shares its random source with its clone.
func (f *Field) Clone() *Field {
	c := *f
	c.mine = append([]bool(nil), f.mine...)
	c.count = append([]uint8(nil), f.count...)
	c.cover = append([]cover(nil), f.cover...)
	c.preset = append([]bool(nil), f.preset...)
	c.stack = nil // the flood's scratch, never shared
	return &c
}

// Changes counts the changes to the field: every Open, Chord, Flag and Lay
// that changed something adds one. While it stays the same, every cell
// looks the same, so a screen that drew the field need not look at its
// cells again.
func (f *Field) Changes() int { return f.changes }

// Look returns what the cell at row r, column c shows.
func (f *Field) Look(r, c int) Look {
	i := f.index(r, c)
	mine, cv := f.mine[i], f.cover[i]
	switch {
	case cv == open && mine:
		return Exploded
	case cv == open:
		return Look(f.count[i])
	case f.status == Lost && mine && cv != flagged:
		return Mine
	case f.status == Lost && !mine && cv == flagged:
		return WrongFlag
	case cv == flagged:
		return Flagged
	case cv == marked:
		return Marked
	}
	return Covered
}

// IsOpen reports whether the cell at row r, column c is open.
func (f *Field) IsOpen(r, c int) bool { return f.cover[f.index(r, c)] == open }

// Inside reports whether row r, column c is a cell of the field.
func (f *Field) Inside(r, c int) bool {
	return r >= 0 && c >= 0 && r < f.level.Rows && c < f.level.Cols
}

func (f *Field) index(r, c int) int { return r*f.level.Cols + c }

// Open opens the covered cell at row r, column c, and reports whether
// anything changed. The first opening places the mines. A flagged cell, an
// open one, or any cell once the game is over, does not open.
func (f *Field) Open(r, c int) bool {
	if f.status != Playing || !f.Inside(r, c) {
		return false
	}
	i := f.index(r, c)
	if cv := f.cover[i]; cv == open || cv == flagged {
		return false
	}
	if !f.placed {
		f.place(i)
	}
	f.changes++
	if f.mine[i] {
		f.cover[i] = open
		f.status = Lost
		return true
	}
	f.flood(i)
	f.checkWon()
	return true
}

// Chord opens the covered neighbours of the open number at row r, column c
// when exactly that many of its neighbours are flagged, and reports whether
// anything changed. A wrong flag means one of the opened neighbours is a
// mine: every mine opened that way goes off and the game is lost.
func (f *Field) Chord(r, c int) bool {
	if f.status != Playing || !f.Inside(r, c) {
		return false
	}
	i := f.index(r, c)
	if f.cover[i] != open || f.count[i] == 0 {
		return false
	}
	var buf [8]int
	near := f.around(i, &buf)
	flags, opens, lost := 0, 0, false
	for _, n := range near {
		switch cv := f.cover[n]; {
		case cv == flagged:
			flags++
		case cv != open:
			opens++
			lost = lost || f.mine[n]
		}
	}
	if flags != int(f.count[i]) || opens == 0 {
		return false
	}
	f.changes++
	if lost {
		for _, n := range near {
			if f.mine[n] && f.cover[n] != flagged {
				f.cover[n] = open
			}
		}
		f.status = Lost
		return true
	}
	for _, n := range near {
		if cv := f.cover[n]; cv != open && cv != flagged {
			f.flood(n)
		}
	}
	f.checkWon()
	return true
}

// Flag puts a flag on the covered cell at row r, column c, or takes one
// off: a flag becomes "?" when marks is true, and "?" becomes covered. It
// reports whether anything changed. Flags may be set before the first
// opening; they never move the mines.
func (f *Field) Flag(r, c int, marks bool) bool {
	if f.status != Playing || !f.Inside(r, c) {
		return false
	}
	i := f.index(r, c)
	switch f.cover[i] {
	case covered:
		f.cover[i] = flagged
		f.flags++
	case flagged:
		f.cover[i] = covered
		if marks {
			f.cover[i] = marked
		}
		f.flags--
	case marked:
		f.cover[i] = covered
	default:
		return false
	}
	f.changes++
	return true
}

// Lay puts the given mines (row by row, one per cell) on the field before
// the first opening, in place of the random ones the first opening would
// lay: a no-guess board comes this way. The count must be the level's.
func (f *Field) Lay(mine []bool) error {
	if f.placed {
		return errors.New("minesweeper: the mines are already laid")
	}
	if len(mine) != len(f.mine) {
		return fmt.Errorf("minesweeper: %d cells laid on a field of %d", len(mine), len(f.mine))
	}
	n := 0
	for _, m := range mine {
		if m {
			n++
		}
	}
	if n != f.level.Mines {
		return fmt.Errorf("minesweeper: %d mines laid, the level has %d", n, f.level.Mines)
	}
	copy(f.mine, mine)
	f.placed = true
	f.countMines()
	f.changes++
	return nil
}

// place lays the mines for a first opening at cell first: uniformly among
// the cells outside first and its neighbours, when enough cells are left
// there, otherwise among the cells other than first. A partial
// Fisher-Yates shuffle of the candidates draws each set of cells with the
// same chance, in O(cells).
func (f *Field) place(first int) {
	f.placed = true
	if f.preset != nil {
		copy(f.mine, f.preset)
		f.countMines()
		return
	}
	rows, cols, n := f.level.Rows, f.level.Cols, len(f.mine)
	r0, c0 := first/cols, first%cols
	// first and its neighbours: 4 cells in a corner, 6 on an edge, 9 inside.
	r1, r2, c1, c2 := max(r0-1, 0), min(r0+1, rows-1), max(c0-1, 0), min(c0+1, cols-1)
	around := (r2 - r1 + 1) * (c2 - c1 + 1)
	// Keeping the neighbours free takes that many cells from the mines; at
	// an edge or a corner that is fewer than 9, and we use that room.
	if n-around < f.level.Mines {
		r1, r2, c1, c2 = r0, r0, c0, c0
	}
	cand := make([]int, 0, n)
	for r := range rows {
		for c := range cols {
			if r < r1 || r > r2 || c < c1 || c > c2 {
				cand = append(cand, r*cols+c)
			}
		}
	}
	for k := range f.level.Mines {
		j := k + f.rng.IntN(len(cand)-k)
		cand[k], cand[j] = cand[j], cand[k]
		f.mine[cand[k]] = true
	}
	f.countMines()
}

// countMines fills every cell's count from the mines, adding one around
// each mine instead of looking around each cell.
func (f *Field) countMines() {
	clear(f.count)
	var buf [8]int
	for i, m := range f.mine {
		if m {
			for _, n := range f.around(i, &buf) {
				f.count[n]++
			}
		}
	}
}

// flood opens safe cell i and, when it is a blank, its whole blank region
// and the numbers around it. The cells to visit are kept on f.stack, not
// on the call stack; flagged cells stay covered.
func (f *Field) flood(i int) {
	f.openSafe(i)
	var buf [8]int
	stack := append(f.stack[:0], i)
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.count[j] != 0 {
			continue
		}
		for _, n := range f.around(j, &buf) {
			if cv := f.cover[n]; cv == covered || cv == marked {
				f.openSafe(n) // a blank's neighbours are never mines
				stack = append(stack, n)
			}
		}
	}
	f.stack = stack
}

func (f *Field) openSafe(i int) {
	f.cover[i] = open
	f.safeLeft--
}

// checkWon ends the game as won when every safe cell is open, and flags
// every mine as the classic game does.
func (f *Field) checkWon() {
	if f.status != Playing || f.safeLeft > 0 {
		return
	}
	f.status = Won
	for i, m := range f.mine {
		if m {
			f.cover[i] = flagged
		}
	}
	f.flags = f.level.Mines
}

// around returns the indices of the up to eight cells around cell i,
// written into buf so that the hot loops allocate nothing.
func (f *Field) around(i int, buf *[8]int) []int {
	rows, cols := f.level.Rows, f.level.Cols
	r, c := i/cols, i%cols
	n := 0
	for rr := max(r-1, 0); rr <= min(r+1, rows-1); rr++ {
		for cc := max(c-1, 0); cc <= min(c+1, cols-1); cc++ {
			if rr != r || cc != c {
				buf[n] = rr*cols + cc
				n++
			}
		}
	}
	return buf[:n]
}

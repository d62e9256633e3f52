// Package solver reasons about a minesweeper field from what the player
// sees: the open numbers, the covered cells and the total number of mines.
// It finds every cell that is certainly safe or certainly a mine, the exact
// mine probability of every covered cell, and, when nothing is certain, the
// guess most likely to win. It also generates boards that logic alone
// solves (no-guess boards).
//
// The package knows nothing of terminals or of the game's Field type: it
// works on a Position, a plain grid of what is shown, so that the game,
// the benchmark and the tests all feed it the same way.
//
// How the probabilities are counted: the covered cells next to an open
// number (the frontier) are grouped into boxes, cells that touch exactly
// the same numbers and so are interchangeable. The boxes fall into
// independent components. Each component is counted by dynamic
// programming over its numbers, one at a time, keeping one "line" per
// distinct (mines so far, mines in the boxes that later numbers still
// touch), so a long front costs its width, not the number of its
// solutions. Components are then combined by mine count, and every total
// is weighted by the ways to place the remaining mines among the covered
// cells off the frontier, C(off, left). Counts are float64 scaled by powers
// of two (exact scaling, no overflow); on small boards every count is an
// exact integer, so the probabilities are the exact fractions rounded once.
//
// How it guesses (player.go): among the safest cells, the one most likely
// to survive this guess and the next move, found by counting the position
// once for every number the cell can show, and raised for the cells whose
// guess may settle early a coin toss that no number could settle later
// (risk.go); and, with few layouts left, an exact search of the rest of
// the game (endgame.go). The no-guess generator is in generate.go, and
// Layout (layout.go) plays a known board by the game's rules for the
// generator and the tests.
package solver

import (
	"errors"
	"fmt"
)

// The values of a Position's cell other than an open number 0 to 8.
const (
	// Covered is a cell the player has not opened. A flag or a "?" mark
	// is covered too: the solver decides for itself what is under it.
	Covered int8 = -1
	// KnownMine is a covered cell the caller knows for certain holds a
	// mine (because the solver said so before); it is trusted.
	KnownMine int8 = -2
)

// Position is what the player sees of a field.
type Position struct {
	Rows, Cols int
	// Mines is the number of mines on the whole field.
	Mines int
	// Cells holds, row by row, an open cell's number (0 to 8), Covered or
	// KnownMine.
	Cells []int8
}

// NewPosition returns a position of rows x cols covered cells and mines
// mines.
func NewPosition(rows, cols, mines int) *Position {
	cells := make([]int8, rows*cols)
	for i := range cells {
		cells[i] = Covered
	}
	return &Position{Rows: rows, Cols: cols, Mines: mines, Cells: cells}
}

// Clone returns a copy that can be changed without changing p.
func (p *Position) Clone() *Position {
	q := *p
	q.Cells = append([]int8(nil), p.Cells...)
	return &q
}

// ErrInconsistent is a position no layout of the mines can produce.
var ErrInconsistent = errors.New("solver: no layout of the mines fits the position")

// check reports whether the position is well formed.
func (p *Position) check() error {
	if p.Rows < 1 || p.Cols < 1 || len(p.Cells) != p.Rows*p.Cols {
		return fmt.Errorf("solver: %d x %d position with %d cells", p.Rows, p.Cols, len(p.Cells))
	}
	for i, v := range p.Cells {
		if v < KnownMine || v > 8 {
			return fmt.Errorf("solver: cell %d holds %d", i, v)
		}
	}
	return nil
}

// neighbours returns the up to eight cells around cell i, written into buf.
func (p *Position) neighbours(i int, buf *[8]int) []int {
	r, c := i/p.Cols, i%p.Cols
	n := 0
	for rr := max(r-1, 0); rr <= min(r+1, p.Rows-1); rr++ {
		for cc := max(c-1, 0); cc <= min(c+1, p.Cols-1); cc++ {
			if rr != r || cc != c {
				buf[n] = rr*p.Cols + cc
				n++
			}
		}
	}
	return buf[:n]
}

// Analysis is what the solver knows about a position.
type Analysis struct {
	// Prob is every cell's chance of holding a mine: 0 for an open cell
	// and for a certainly safe one, 1 for a known or certain mine.
	Prob []float64
	// Safe lists the covered cells that are certainly safe, and Mines the
	// covered cells (not KnownMine) that certainly hold a mine.
	Safe, Mines []int
	// Exact is false when a part of the frontier was too large to count
	// and its probabilities are estimates; Safe and Mines stay certain.
	Exact bool
	// Front is the number of covered cells next to an open number.
	Front int

	lnZ float64 // log of the number of layouts that fit the position
}

// Analyze finds the certain cells and the mine probabilities of a
// position. It returns ErrInconsistent when no layout fits.
func Analyze(p *Position) (*Analysis, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	var e engine
	return e.analyze(p)
}

// String draws the position, one row a line: a digit for an open number,
// '#' for a covered cell and '*' for a known mine; for test failures.
func (p *Position) String() string {
	b := make([]byte, 0, (p.Cols+1)*p.Rows+16)
	b = fmt.Appendf(b, "%d mines\n", p.Mines)
	for i, v := range p.Cells {
		switch {
		case v == Covered:
			b = append(b, '#')
		case v == KnownMine:
			b = append(b, '*')
		default:
			b = append(b, '0'+byte(v))
		}
		if i%p.Cols == p.Cols-1 {
			b = append(b, '\n')
		}
	}
	return string(b)
}

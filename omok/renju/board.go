package renju

import (
	"errors"
	"fmt"
	"math/bits"
	"sync"
)

// MaxSize is the largest board: each line is one uint64 with reach cells of
// margin each side, so that a table window never leaves its word.
const MaxSize = 64 - 2*reach

// steps are the four lines through a point, in the direction their bits
// run: →, ↓, ↘ and ↗ (the line ↙ walked the other way).
var steps = [4]Point{{0, 1}, {1, 0}, {1, 1}, {-1, 1}}

// bitLine is one row, column or diagonal of the board: bit reach+i is its
// i-th cell.
type bitLine struct {
	stones [3]uint64 // by Stone; [Empty] is unused
	off    uint64    // the bits that are not cells of the board
}

// Board is a square board of stones that answers the rules' questions. It
// is not safe for concurrent use: Forbidden places stones for a moment
// while it looks ahead.
type Board struct {
	size  int
	cells []Stone
	lines [4][]bitLine
}

var tablesOnce sync.Once

// NewBoard returns an empty board of size x size cells; a size below 1 is
// taken as 1 and one above MaxSize as MaxSize.
func NewBoard(size int) *Board {
	tablesOnce.Do(buildTables)
	n := min(max(size, 1), MaxSize)
	b := &Board{size: n, cells: make([]Stone, n*n)}
	for d := range b.lines {
		count := n
		if d >= 2 {
			count = 2*n - 1
		}
		b.lines[d] = make([]bitLine, count)
		for i := range b.lines[d] {
			lo, hi := b.span(d, i)
			valid := (uint64(1)<<(hi-lo+1) - 1) << (lo + reach)
			b.lines[d][i].off = ^valid
		}
	}
	return b
}

// span returns the first and last position of line i in direction d.
func (b *Board) span(d, i int) (lo, hi int) {
	n := b.size
	switch d {
	case 2: // ↘, row-col = i-(n-1), positions are columns
		k := i - (n - 1)
		return max(0, -k), min(n-1, n-1-k)
	case 3: // ↗, row+col = i, positions are columns
		return max(0, i-(n-1)), min(n-1, i)
	}
	return 0, n - 1
}

// locate returns the line through (row, col) in direction d and the
// position of the cell on it.
func (b *Board) locate(d, row, col int) (*bitLine, int) {
	switch d {
	case 0:
		return &b.lines[0][row], col
	case 1:
		return &b.lines[1][col], row
	case 2:
		return &b.lines[2][row-col+b.size-1], col
	}
	return &b.lines[3][row+col], col
}

// Size returns the number of rows (and columns).
func (b *Board) Size() int { return b.size }

// Inside reports whether p is a cell of the board.
func (b *Board) Inside(p Point) bool {
	return p.Row >= 0 && p.Row < b.size && p.Col >= 0 && p.Col < b.size
}

// At returns the stone at p, Empty outside the board.
func (b *Board) At(p Point) Stone {
	if !b.Inside(p) {
		return Empty
	}
	return b.cells[p.Row*b.size+p.Col]
}

// Errors of Put.
var (
	ErrOutside  = errors.New("the point is outside the board")
	ErrBadStone = errors.New("not a stone: want Empty, Black or White")
)

// Put sets the cell p to s: a stone, or Empty to take one away. It costs
// the same on any board: four bits change.
func (b *Board) Put(p Point, s Stone) error {
	switch {
	case !b.Inside(p):
		return fmt.Errorf("put %v at row %d, column %d: %w", s, p.Row, p.Col, ErrOutside)
	case s > White:
		return fmt.Errorf("put %d: %w", s, ErrBadStone)
	}
	if old := b.cells[p.Row*b.size+p.Col]; old != Empty {
		b.clear(p.Row, p.Col, old)
	}
	if s != Empty {
		b.set(p.Row, p.Col, s)
	}
	return nil
}

// Reset empties the board.
func (b *Board) Reset() {
	clear(b.cells)
	for d := range b.lines {
		for i := range b.lines[d] {
			b.lines[d][i].stones = [3]uint64{}
		}
	}
}

func (b *Board) set(row, col int, s Stone) {
	b.cells[row*b.size+col] = s
	for d := range b.lines {
		l, pos := b.locate(d, row, col)
		l.stones[s] |= 1 << (pos + reach)
	}
}

func (b *Board) clear(row, col int, s Stone) {
	b.cells[row*b.size+col] = Empty
	for d := range b.lines {
		l, pos := b.locate(d, row, col)
		l.stones[s] &^= 1 << (pos + reach)
	}
}

// Run returns how many stones of the colour at p stand in an unbroken row
// through p along line d (0 →, 1 ↓, 2 ↘, 3 ↗), p included; 0 for an empty
// point.
func (b *Board) Run(p Point, d int) int {
	s := b.At(p)
	if s == Empty || d < 0 || d >= len(steps) {
		return 0
	}
	l, pos := b.locate(d, p.Row, p.Col)
	x, at := l.stones[s], pos+reach
	up := bits.TrailingZeros64(^(x >> (at + 1)))
	down := bits.LeadingZeros64(^(x << (64 - at)))
	return 1 + up + down
}

// Winner returns the colour of the stone at p when, under rule r, it stands
// in a winning row; Empty otherwise. Renju's black five wins even where the
// move also made a forbidden shape: a five is never forbidden.
func (b *Board) Winner(r Rule, p Point) Stone {
	s := b.At(p)
	for d := range steps {
		if s != Empty && r.Wins(s, b.Run(p, d)) {
			return s
		}
	}
	return Empty
}

package renju

// The line table: what a stone at the centre of a line of eleven cells (five
// each side) makes along that line, for every contents of the other ten
// cells. Five cells each side are exactly what the rules can see from one
// line: a five through the centre lies within four cells of it, and the
// cell past it says whether it is exactly five; a straight four through the
// centre lies within three, and its ends' outer neighbours say whether each
// end makes exactly five.

// reach is how many cells each side of a point the table sees.
const reach = 5

// windowCells is the length of a table's line.
const windowCells = 2*reach + 1

// patterns is the number of lines the table holds: each of the ten cells
// around the centre is empty, the mover's, or blocked (the opponent's or
// off the board).
const patterns = 59049 // 3^10

// The contents of a cell in a pattern.
const (
	cellEmpty   = 0
	cellOwn     = 1
	cellBlocked = 2
)

// kind is what a line through a new stone makes, most urgent first when a
// line could be read two ways (it cannot: a line with a four has no
// separate three, which the tests check against the brute force).
type kind uint8

const (
	kindNone       kind = iota
	kindThree           // one more stone makes a straight four here
	kindFour            // one more stone makes exactly five here
	kindDoubleFour      // two different fours in this one line: X.XXX.X, XX.XX.XX
	kindFive            // exactly five
	kindOverline        // six or more
)

// lineShape packs a kind and, for a three, up to maxExtensions offsets
// (−4…4, stored +reach so that 0 means none) of the moves that turn it into
// a straight four.
type lineShape uint16

// maxExtensions is the most moves that make a straight four of one three:
// two, the ends of _ _XXX_ _ (the tests check that no line has more).
const maxExtensions = 2

func (l lineShape) kind() kind { return kind(l & 7) }

// extension returns the i-th move that makes this three a straight four, as
// an offset from the centre, and false past the last.
func (l lineShape) extension(i int) (int, bool) {
	v := int(l>>(3+4*i)) & 15
	return v - reach, v != 0
}

// lines is the table, indexed by ternary(own, blocked); see build.
var lines [patterns]lineShape

// ternaryDigits maps ten bits (one per cell, the centre left out) to the
// value of those cells as ternary digits 1, so that a pattern's index is
// ternaryDigits[own] + 2*ternaryDigits[blocked].
var ternaryDigits [1 << (windowCells - 1)]uint16

// buildTables fills lines and ternaryDigits. It runs once, when the first
// Board is made: about a million cheap steps, a few milliseconds.
func buildTables() {
	for m := range ternaryDigits {
		v, p := 0, 1
		for j := range windowCells - 1 {
			if m>>j&1 != 0 {
				v += p
			}
			p *= 3
		}
		ternaryDigits[m] = uint16(v)
	}
	var cells [windowCells]uint8
	for idx := range patterns {
		v := idx
		for j := range windowCells - 1 {
			c := j
			if j >= reach {
				c++ // the centre has no digit
			}
			cells[c] = uint8(v % 3)
			v /= 3
		}
		cells[reach] = cellOwn
		lines[idx] = analyse(&cells)
	}
}

// analyse reads one line with the mover's stone at the centre.
func analyse(cells *[windowCells]uint8) lineShape {
	switch n := runThrough(cells); {
	case n == 5:
		return lineShape(kindFive)
	case n > 5:
		return lineShape(kindOverline)
	}
	switch fours, _ := fours(cells); {
	case fours == 1:
		return lineShape(kindFour)
	case fours > 1:
		return lineShape(kindDoubleFour)
	}
	shape, found := lineShape(kindThree), 0
	for e := 1; e < windowCells-1; e++ {
		if cells[e] != cellEmpty {
			continue
		}
		cells[e] = cellOwn
		if _, straight := fours(cells); straight && found < maxExtensions {
			shape |= lineShape(e) << (3 + 4*found)
			found++
		}
		cells[e] = cellEmpty
	}
	if found == 0 {
		return lineShape(kindNone)
	}
	return shape
}

// runThrough returns the length of the mover's row through the centre. A
// row that reaches the window's edge is at least six long, which is all
// the rules need to know.
func runThrough(cells *[windowCells]uint8) int {
	lo, hi := reach, reach
	for lo > 0 && cells[lo-1] == cellOwn {
		lo--
	}
	for hi < windowCells-1 && cells[hi+1] == cellOwn {
		hi++
	}
	return hi - lo + 1
}

// fours counts the different fours through the centre: sets of four of the
// mover's stones that one more stone makes exactly five. A straight four
// is one four with two such moves; it is reported as straight.
func fours(cells *[windowCells]uint8) (n int, straight bool) {
	var sets [windowCells]uint16
	for e := 1; e < windowCells-1; e++ {
		if cells[e] != cellEmpty {
			continue
		}
		cells[e] = cellOwn
		if m := runMask(cells); m&(1<<e) != 0 && runThrough(cells) == 5 {
			set := m &^ (1 << e)
			seen := false
			for _, s := range sets[:n] {
				if s == set {
					seen, straight = true, true
				}
			}
			if !seen {
				sets[n] = set
				n++
			}
		}
		cells[e] = cellEmpty
	}
	return n, straight
}

// runMask returns the cells of the mover's row through the centre as bits.
func runMask(cells *[windowCells]uint8) uint16 {
	var m uint16 = 1 << reach
	for c := reach - 1; c >= 0 && cells[c] == cellOwn; c-- {
		m |= 1 << c
	}
	for c := reach + 1; c < windowCells && cells[c] == cellOwn; c++ {
		m |= 1 << c
	}
	return m
}

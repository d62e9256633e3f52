package engine

import "sync"

// The line patterns, in the manner of Rapfi's classical evaluation: what one
// line through an empty cell becomes for one side if that side plays there.
// Each empty cell keeps, per direction, a key of its ten neighbours (five on
// each side, two bits each); a table built once maps every key to the
// pattern for black and for white, so that a move costs forty key updates
// and table look-ups instead of scans.
type pattern uint8

// Patterns, weakest first. A "five point" is an empty cell that completes a
// five through the cell being classified.
const (
	pDead     pattern = iota // no five can ever pass through here
	pOverline                // playing here makes six or more, which does not win under this rule
	pB1                      // one stone that can still become a blocked two
	pF1                      // one stone that can still become an open two
	pB2                      // two that can only become a blocked three
	pF2                      // two that can become an open three one way
	pF2A                     // ... two ways
	pF2B                     // ... three or more ways
	pB3                      // three that can become a four (one five point)
	pF3                      // open three: one move makes an open four
	pB4                      // four with one five point
	pF4                      // open four: two five points
	pF5                      // five
	patternCount
)

// lineLen is the cells a key describes: the cell itself and five each side,
// enough to see an overline through any five that contains the cell.
const (
	half    = 5
	lineLen = 2*half + 1
)

// Cell contents as the keys hold them.
const (
	cEmpty = 0
	cBlack = 1
	cWhite = 2
	cWall  = 3
)

// slotShift is where the neighbour at offset j (j != 0, |j| <= half) sits in
// a key.
func slotShift(j int) uint {
	if j < 0 {
		return uint(2 * (j + half))
	}
	return uint(2 * (j + half - 1))
}

// patternTable maps a key to the black pattern (low nibble) and the white
// pattern (high nibble), for one choice of "exactly five" or "five or more".
type patternTable []uint8

var (
	tablesOnce [2]sync.Once
	tables     [2]patternTable
)

// tableFor returns the table for exact (true: only exactly five wins), built
// on first use; building takes a few tens of milliseconds.
func tableFor(exact bool) patternTable {
	i := 0
	if exact {
		i = 1
	}
	tablesOnce[i].Do(func() { tables[i] = buildTable(exact) })
	return tables[i]
}

// tableBuilder classifies lines with memoisation: a line with the centre
// taken is identified by its key, and the recursion only ever adds stones of
// the same colour, so every state it visits is another key.
type tableBuilder struct {
	exact bool
	c     uint8  // the side being classified
	memo  []int8 // key -> pattern+1, 0 unknown
}

func buildTable(exact bool) patternTable {
	t := make(patternTable, 1<<(4*half))
	for _, c := range []uint8{cBlack, cWhite} {
		tb := &tableBuilder{exact: exact, c: c, memo: make([]int8, 1<<(4*half))}
		var line [lineLen]uint8
		// Walls only ever stand at the ends: enumerate each side as k
		// playable cells then walls, for k = 0..half.
		var side func(pos, dir int, open bool)
		side = func(pos, dir int, open bool) {
			if pos < 0 || pos >= lineLen {
				if dir < 0 {
					side(half+1, 1, true)
					return
				}
				key := keyOf(&line)
				p := tb.classify(key)
				shift := 0
				if c == cWhite {
					shift = 4
				}
				t[key] |= uint8(p) << shift
				return
			}
			if open {
				for _, v := range []uint8{cEmpty, cBlack, cWhite} {
					line[pos] = v
					side(pos+dir, dir, true)
				}
			}
			line[pos] = cWall
			side(pos+dir, dir, false)
		}
		side(half-1, -1, true)
	}
	return t
}

// keyOf packs a line (centre ignored) into a key.
func keyOf(line *[lineLen]uint8) uint32 {
	var k uint32
	for j := -half; j <= half; j++ {
		if j != 0 {
			k |= uint32(line[j+half]) << slotShift(j)
		}
	}
	return k
}

// cellOf reads offset j of a key.
func cellOf(key uint32, j int) uint8 { return uint8(key>>slotShift(j)) & 3 }

// run returns how many stones of colour c stand in a row through the centre
// (taken by c) of key, plus empty cell e (offset, 0 for none) taken by c.
func (tb *tableBuilder) run(key uint32, e int) int {
	at := func(j int) bool { return j == e || cellOf(key, j) == tb.c }
	n := 1
	for j := 1; j <= half && at(j); j++ {
		n++
	}
	for j := -1; j >= -half && at(j); j-- {
		n++
	}
	return n
}

// wins says whether a run of n is a win under this table's rule.
func (tb *tableBuilder) wins(n int) bool {
	if tb.exact {
		return n == 5
	}
	return n >= 5
}

// classify returns the pattern of key for tb.c with the centre taken by c.
func (tb *tableBuilder) classify(key uint32) pattern {
	if m := tb.memo[key]; m != 0 {
		return pattern(m - 1)
	}
	p := tb.compute(key)
	tb.memo[key] = int8(p) + 1
	return p
}

func (tb *tableBuilder) compute(key uint32) pattern {
	n := tb.run(key, 0)
	if tb.wins(n) {
		return pF5
	}
	if n >= 6 {
		return pOverline
	}
	fives := 0
	for j := -4; j <= 4; j++ {
		if j != 0 && cellOf(key, j) == cEmpty && tb.wins(tb.run(key, j)) {
			fives++
		}
	}
	switch {
	case fives >= 2:
		return pF4
	case fives == 1:
		return pB4
	}
	// Below a four: the best the line can become with one more stone.
	var best pattern
	f3s := 0
	for j := -4; j <= 4; j++ {
		if j == 0 || cellOf(key, j) != cEmpty {
			continue
		}
		p := tb.classify(key | uint32(tb.c)<<slotShift(j))
		if p == pF3 {
			f3s++
		}
		if p > best && p != pOverline {
			best = p
		}
	}
	switch best {
	case pF4:
		return pF3
	case pB4:
		return pB3
	case pF3:
		switch {
		case f3s >= 3:
			return pF2B
		case f3s == 2:
			return pF2A
		}
		return pF2
	case pB3:
		return pB2
	case pF2, pF2A, pF2B:
		return pF1
	case pB2:
		return pB1
	}
	return pDead
}

// combo is what the four lines through a cell add up to for one side, the
// "pattern4" of Rapfi: the threat a move there makes.
type combo uint8

// Combos. The ones with a four in them (cmB4 to cmFive) are contiguous, so
// that hasFour is one comparison.
const (
	cmNone      combo = iota
	cmB3              // a blocked three or two good twos
	cmF3              // an open three
	cmF3B3            // an open three and a blocked three elsewhere
	cmF3F3            // two open threes: wins unless met with fours
	cmB4              // a four
	cmB4B3            // a four and a blocked three
	cmB4F3            // four-three: wins unless met with fours
	cmFlex4           // an open four or two fours: wins next move
	cmFive            // five
	cmForbidden       // a point this side may not play (renju black)
)

// hasFour reports whether a move there makes at least a four.
func hasFour(c combo) bool { return c >= cmB4 && c <= cmFive }

// hasThree reports whether a move there makes an open three (and no four).
func hasThree(c combo) bool { return c >= cmF3 && c <= cmF3F3 }

// comboTable is comboOf for every four patterns packed four bits each.
var comboTable = func() []combo {
	t := make([]combo, 1<<16)
	for k := range t {
		var ps [4]pattern
		for d := range 4 {
			ps[d] = pattern(k>>(4*d)) & 0x0f
		}
		t[k] = comboOf(ps)
	}
	return t
}()

// comboOf combines the four direction patterns.
func comboOf(p [4]pattern) combo {
	var n [16]int
	for _, x := range p {
		n[x]++
	}
	switch {
	case n[pF5] > 0:
		return cmFive
	case n[pF4] > 0 || n[pB4] >= 2:
		return cmFlex4
	case n[pB4] > 0 && n[pF3] > 0:
		return cmB4F3
	case n[pF3] >= 2:
		return cmF3F3
	case n[pB4] > 0 && n[pB3] > 0:
		return cmB4B3
	case n[pB4] > 0:
		return cmB4
	case n[pF3] > 0 && n[pB3] > 0:
		return cmF3B3
	case n[pF3] > 0:
		return cmF3
	case n[pB3] > 0 || n[pF2]+n[pF2A]+n[pF2B] >= 2:
		return cmB3
	}
	return cmNone
}

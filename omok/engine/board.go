package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Color is a stone's colour, or no stone.
type Color uint8

// The colours. Black moves first.
const (
	None  Color = cEmpty
	Black Color = cBlack
	White Color = cWhite
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return 3 - c }

// String names the colour as the protocol and the tests do.
func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "none"
}

// side is 0 for black and 1 for white, to index per-side arrays.
func (c Color) side() int { return int(c) - 1 }

// Point is a cell: X the column, Y the row, both from 0 at the top left, as
// the Gomocup protocol numbers them.
type Point struct{ X, Y int }

// String writes the point as the protocol does, "x,y".
func (p Point) String() string { return fmt.Sprintf("%d,%d", p.X, p.Y) }

// Sizes the board supports.
const (
	MinSize = 5
	MaxSize = 22
)

// Errors of Play.
var (
	ErrOutside   = errors.New("point outside the board")
	ErrOccupied  = errors.New("point already taken")
	ErrForbidden = errors.New("point forbidden to this colour by the rule")
	ErrOver      = errors.New("game already over")
)

// Board is a position with its line patterns kept up to date per move.
// Cells are indexed on a board padded by walls five deep, so that every
// neighbour within five of a real cell is an index in range.
type Board struct {
	n, w  int // size, padded width
	cells []uint8
	rule  Rule
	// fb knows the rule's forbidden points; nil when there are none.
	fb  Forbidder
	tab [2]patternTable // per side: the table of that side's rule

	keys  [4][]uint32 // per direction, per cell: the neighbour key
	pat   [4][]uint8  // per direction, per cell: black | white<<4 pattern
	combo [2][]combo  // per side, per cell
	score [2][]int32  // per side, per cell: what playing there is worth
	total [2]int32    // per side: sum of score over empty cells
	count [2][cmForbidden + 1]int32
	near  []uint8 // stones within two cells (a 5x5 square)
	// area lists the empty and taken cells with near > 0, where every move
	// worth a look and every threat lies; areaAt is each cell's place in
	// it, -1 when absent.
	area   []int
	areaAt []int32

	// journal holds what each move changed, for undo to put back without
	// recomputing; marks[k] is where move k's changes begin.
	journal []change
	marks   []int32

	hash    uint64
	passes  int   // null moves made by a search to ask what the opponent threatens
	moves   []int // indices, in order
	winner  Color
	zobrist *[2][]uint64
}

// change is what cell i held before a move changed it. What d says:
//
//	0 to 3:                 the patterns of that direction are old
//	changedCombo + side:    that side's combo is old, its score score
//	changedTaken + side:    the same, of the cell the move took (counted in
//	                        neither the counts nor the total while taken)
type change struct {
	i     int32
	d     uint8
	old   uint8
	score int32
}

const (
	changedCombo = 4
	changedTaken = 6
)

// dirs are the index steps along a row, a column and the two diagonals.
func (b *Board) dirs() [4]int { return [4]int{1, b.w, b.w + 1, b.w - 1} }

// NewBoard returns an empty board of size x size under rule (nil is
// Freestyle).
func NewBoard(size int, rule Rule) (*Board, error) {
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("board size %d: want %d to %d", size, MinSize, MaxSize)
	}
	if rule == nil {
		rule = Freestyle
	}
	w := size + 2*half
	b := &Board{n: size, w: w, cells: make([]uint8, w*w), rule: rule, near: make([]uint8, w*w)}
	b.fb = rule.NewForbidder(size)
	b.areaAt = make([]int32, w*w)
	for i := range b.areaAt {
		b.areaAt[i] = -1
	}
	for s, c := range []Color{Black, White} {
		b.tab[s] = tableFor(rule.ExactFive(c))
	}
	for d := range 4 {
		b.keys[d] = make([]uint32, w*w)
		b.pat[d] = make([]uint8, w*w)
	}
	for s := range 2 {
		b.combo[s] = make([]combo, w*w)
		b.score[s] = make([]int32, w*w)
	}
	for i := range b.cells {
		if !b.inner(i) {
			b.cells[i] = cWall
		}
	}
	b.zobrist = zobristFor(w)
	dirs := b.dirs()
	for i := range b.cells {
		if !b.inner(i) {
			continue
		}
		for d, off := range dirs {
			var k uint32
			for j := -half; j <= half; j++ {
				if j != 0 {
					k |= uint32(b.cells[i+j*off]) << slotShift(j)
				}
			}
			b.keys[d][i] = k
		}
		b.refresh(i)
	}
	b.journal = b.journal[:0] // the start is not a move to undo
	return b, nil
}

// Clone returns an independent copy, for a search to play on.
func (b *Board) Clone() *Board {
	c := *b
	c.cells = append([]uint8(nil), b.cells...)
	c.near = append([]uint8(nil), b.near...)
	c.area = append([]int(nil), b.area...)
	c.areaAt = append([]int32(nil), b.areaAt...)
	c.moves = append([]int(nil), b.moves...)
	c.journal = append([]change(nil), b.journal...)
	c.marks = append([]int32(nil), b.marks...)
	if b.fb != nil {
		c.fb = b.rule.NewForbidder(b.n)
		for k, i := range b.moves {
			col := Black
			if k%2 == 1 {
				col = White
			}
			c.fb.Put(b.point(i), col)
		}
	}
	for d := range 4 {
		c.keys[d] = append([]uint32(nil), b.keys[d]...)
		c.pat[d] = append([]uint8(nil), b.pat[d]...)
	}
	for s := range 2 {
		c.combo[s] = append([]combo(nil), b.combo[s]...)
		c.score[s] = append([]int32(nil), b.score[s]...)
	}
	return &c
}

// Size is the number of rows and columns.
func (b *Board) Size() int { return b.n }

// Rule is the rule the board is played by.
func (b *Board) Rule() Rule { return b.rule }

func (b *Board) inner(i int) bool {
	x, y := i%b.w-half, i/b.w-half
	return x >= 0 && x < b.n && y >= 0 && y < b.n
}

func (b *Board) index(p Point) int { return (p.Y+half)*b.w + p.X + half }

func (b *Board) point(i int) Point { return Point{i%b.w - half, i/b.w - half} }

// Inside reports whether p is on the board.
func (b *Board) Inside(p Point) bool { return p.X >= 0 && p.X < b.n && p.Y >= 0 && p.Y < b.n }

// At returns the stone on p, None for an empty or outside point.
func (b *Board) At(p Point) Color {
	if !b.Inside(p) {
		return None
	}
	return Color(b.cells[b.index(p)])
}

// ToMove is the colour whose turn it is.
func (b *Board) ToMove() Color {
	if (len(b.moves)+b.passes)%2 == 0 {
		return Black
	}
	return White
}

// Moves is the number of stones on the board.
func (b *Board) Moves() int { return len(b.moves) }

// History returns the moves played, in order.
func (b *Board) History() []Point {
	h := make([]Point, len(b.moves))
	for i, m := range b.moves {
		h[i] = b.point(m)
	}
	return h
}

// Winner is the colour that has made a winning line, or None.
func (b *Board) Winner() Color { return b.winner }

// Full reports whether no empty point is left.
func (b *Board) Full() bool { return len(b.moves) == b.n*b.n }

// Legal reports why c may not play p now, or nil. It does not check whose
// turn it is.
func (b *Board) Legal(p Point, c Color) error {
	switch {
	case b.winner != None:
		return ErrOver
	case !b.Inside(p):
		return ErrOutside
	case b.cells[b.index(p)] != cEmpty:
		return ErrOccupied
	case b.fb != nil && b.fb.Forbidden(p, c):
		// Asked afresh: a stone far away can change a point's answer
		// (a three's extension), which the kept combos need not see.
		return ErrForbidden
	}
	return nil
}

// Play puts the stone of the side to move on p.
func (b *Board) Play(p Point) error {
	if err := b.Legal(p, b.ToMove()); err != nil {
		return fmt.Errorf("%v: %w", p, err)
	}
	b.play(b.index(p))
	return nil
}

// Undo takes back the last stone; false when there is none.
func (b *Board) Undo() bool {
	if len(b.moves) == 0 {
		return false
	}
	b.undo()
	return true
}

// play puts the side to move's stone on empty cell i, updating keys,
// patterns, scores and the winner.
func (b *Board) play(i int) {
	c := b.ToMove()
	s := c.side()
	if b.combo[s][i] == cmFive {
		b.winner = c
	}
	b.cells[i] = uint8(c)
	b.moves = append(b.moves, i)
	b.marks = append(b.marks, int32(len(b.journal)))
	if b.fb != nil {
		b.fb.Put(b.point(i), c)
	}
	b.hash ^= b.zobrist[s][i]
	b.clearCell(i)
	b.update(i, uint32(c), true)
}

// pass gives the move to the other side without a stone (a search's null
// move); unpass takes it back.
func (b *Board) pass() {
	b.passes++
	b.hash ^= passKey
}

func (b *Board) unpass() {
	b.passes--
	b.hash ^= passKey
}

// passKey marks a position with the other side to move in the hash.
const passKey = 0x2545f4914f6cdd1d

// undo takes back the last move: it clears the stone from its neighbours'
// keys and puts back, newest first, the patterns, combos and scores the
// move changed.
func (b *Board) undo() {
	i := b.moves[len(b.moves)-1]
	b.moves = b.moves[:len(b.moves)-1]
	c := Color(b.cells[i])
	b.cells[i] = cEmpty
	if b.fb != nil {
		b.fb.Put(b.point(i), None)
	}
	b.hash ^= b.zobrist[c.side()][i]
	b.winner = None
	b.update(i, uint32(c), false)
	mark := b.marks[len(b.marks)-1]
	b.marks = b.marks[:len(b.marks)-1]
	for k := len(b.journal) - 1; k >= int(mark); k-- {
		ch := b.journal[k]
		if ch.d < changedCombo {
			b.pat[ch.d][ch.i] = ch.old
			continue
		}
		s := int(ch.d-changedCombo) % 2
		if ch.d < changedTaken {
			b.count[s][b.combo[s][ch.i]]--
		}
		b.count[s][ch.old]++
		b.total[s] += ch.score - b.score[s][ch.i]
		b.combo[s][ch.i], b.score[s][ch.i] = combo(ch.old), ch.score
	}
	b.journal = b.journal[:mark]
}

// update sets (or clears) colour c at i in the keys of the neighbours along
// the four lines; setting it also refreshes their patterns (undo puts the
// old ones back from the journal).
func (b *Board) update(i int, c uint32, set bool) {
	for d, off := range b.dirs() {
		keys := b.keys[d]
		for k := 1; k <= half; k++ {
			for _, q := range [2]int{i + k*off, i - k*off} {
				j := k
				if q > i {
					j = -k
				}
				if !set {
					keys[q] &^= 3 << slotShift(j)
					continue
				}
				keys[q] |= c << slotShift(j)
				if b.cells[q] == cEmpty {
					b.refreshDir(q, d)
				}
			}
		}
	}
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			q := i + dy*b.w + dx
			if set {
				b.near[q]++
				if b.near[q] == 1 && b.cells[q] != cWall {
					b.areaAt[q] = int32(len(b.area))
					b.area = append(b.area, q)
				}
			} else {
				b.near[q]--
				if b.near[q] == 0 && b.areaAt[q] >= 0 {
					at := b.areaAt[q]
					last := b.area[len(b.area)-1]
					b.area[at], b.areaAt[last] = last, at
					b.area = b.area[:len(b.area)-1]
					b.areaAt[q] = -1
				}
			}
		}
	}
}

// clearCell takes a newly occupied cell out of the totals and counts.
func (b *Board) clearCell(i int) {
	for s := range 2 {
		b.journal = append(b.journal, change{int32(i), changedTaken + uint8(s), uint8(b.combo[s][i]), b.score[s][i]})
		b.total[s] -= b.score[s][i]
		b.count[s][b.combo[s][i]]--
		b.score[s][i] = 0
		b.combo[s][i] = cmNone
	}
}

// refresh computes every direction of empty cell i, at the start (a move
// refreshes only what it changed, and undo takes it back from the journal).
func (b *Board) refresh(i int) {
	for d := range 4 {
		b.pat[d][i] = b.tab[0][b.keys[d][i]]&0x0f | b.tab[1][b.keys[d][i]]&0xf0
	}
	for s := range 2 {
		b.count[s][b.combo[s][i]]++ // balanced by refreshCombo's decrement
		b.refreshCombo(i, s)
	}
}

// refreshDir recomputes one direction of empty cell i, and the combo of
// each side whose pattern there changed. Under renju both are redone: a
// point's being forbidden can hang on either colour's stones.
func (b *Board) refreshDir(i, d int) {
	k := b.keys[d][i]
	p := b.tab[0][k]&0x0f | b.tab[1][k]&0xf0
	changed := p ^ b.pat[d][i]
	if changed == 0 {
		return
	}
	b.journal = append(b.journal, change{int32(i), uint8(d), b.pat[d][i], 0})
	b.pat[d][i] = p
	for s := range 2 {
		if b.fb != nil || changed>>(4*s)&0x0f != 0 {
			b.refreshCombo(i, s)
		}
	}
}

// linePattern is side s's line pattern at cell i in direction d.
func (b *Board) linePattern(d, i, s int) pattern {
	return pattern(b.pat[d][i]>>(4*s)) & 0x0f
}

// refreshCombo recomputes side s's combo and score of empty cell i from
// its four patterns.
func (b *Board) refreshCombo(i, s int) {
	var ps [4]pattern
	var key uint16
	for d := range 4 {
		ps[d] = b.linePattern(d, i, s)
		key |= uint16(ps[d]) << (4 * d)
	}
	cm := comboTable[key]
	if b.fb != nil && cm != cmFive && (cm >= cmF3 || hasOverline(ps)) &&
		b.fb.Forbidden(b.point(i), Color(s+1)) {
		// Only a move that makes a three, a four or an overline can be
		// forbidden; the rule is asked about no other.
		cm = cmForbidden
	}
	sc := int32(0)
	if cm != cmForbidden {
		sc = cellScore[key]
	}
	b.journal = append(b.journal, change{int32(i), changedCombo + uint8(s), uint8(b.combo[s][i]), b.score[s][i]})
	b.count[s][b.combo[s][i]]--
	b.count[s][cm]++
	b.combo[s][i] = cm
	b.total[s] += sc - b.score[s][i]
	b.score[s][i] = sc
}

func hasOverline(ps [4]pattern) bool {
	for _, p := range ps {
		if p == pOverline {
			return true
		}
	}
	return false
}

// zobristFor returns the hash keys for a padded width, the same for every
// board of that size so that transposition tables may be shared.
func zobristFor(w int) *[2][]uint64 {
	z := new([2][]uint64)
	x := uint64(0x9e3779b97f4a7c15) ^ uint64(w)
	for s := range 2 {
		z[s] = make([]uint64, w*w)
		for i := range z[s] {
			// splitmix64: fixed keys without a global generator.
			x += 0x9e3779b97f4a7c15
			v := x
			v = (v ^ v>>30) * 0xbf58476d1ce4e5b9
			v = (v ^ v>>27) * 0x94d049bb133111eb
			z[s][i] = v ^ v>>31
		}
	}
	return z
}

// String draws the board, x black and o white, for tests and the brain's
// debug output.
func (b *Board) String() string {
	var sb strings.Builder
	for y := range b.n {
		for x := range b.n {
			switch b.At(Point{x, y}) {
			case Black:
				sb.WriteString(" x")
			case White:
				sb.WriteString(" o")
			default:
				sb.WriteString(" .")
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

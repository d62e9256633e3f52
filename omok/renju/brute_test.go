package renju

import (
	"math/rand/v2"
	"testing"
)

// grid is the brute force's board: a plain slice, read one cell at a time.
type grid struct {
	n     int
	cells []Stone
	// limit, when positive, stops the recursion: at that depth a three's
	// extension point is taken as allowed without asking. The tests use it
	// to count the false forbidden points that need each depth.
	limit, depth int
	// fiveExtends reads a three as the code once did, letting a move that
	// makes a five at the same time count as its way to a straight four.
	// The tests use it to count the points where the RIF's wording, which
	// rules such a move out, changes the answer.
	fiveExtends bool
}

func gridOf(b *Board) *grid {
	return &grid{n: b.size, cells: append([]Stone(nil), b.cells...)}
}

func (g *grid) inside(r, c int) bool { return r >= 0 && r < g.n && c >= 0 && c < g.n }

func (g *grid) at(r, c int) Stone { return g.cells[r*g.n+c] }

func (g *grid) put(r, c int, s Stone) { g.cells[r*g.n+c] = s }

// extent walks from (r, c) both ways along d over stones of s and returns
// the offsets of the row's two ends.
func (g *grid) extent(r, c int, d Point, s Stone) (lo, hi int) {
	for g.inside(r+(lo-1)*d.Row, c+(lo-1)*d.Col) && g.at(r+(lo-1)*d.Row, c+(lo-1)*d.Col) == s {
		lo--
	}
	for g.inside(r+(hi+1)*d.Row, c+(hi+1)*d.Col) && g.at(r+(hi+1)*d.Row, c+(hi+1)*d.Col) == s {
		hi++
	}
	return lo, hi
}

// bruteForbidden is the rules' definition written the slow, obvious way,
// as a reference for Board.forbidden: try every move of the whole line,
// look for fives and straight fours, and ask the same question again of a
// three's extension point.
func (g *grid) bruteForbidden(r Rule, s Stone, row, col int) Shape {
	if !r.Forbids(s) || g.at(row, col) != Empty {
		return None
	}
	g.put(row, col, s)
	defer g.put(row, col, Empty)
	five, overline := false, false
	for _, d := range steps {
		lo, hi := g.extent(row, col, d, s)
		five = five || hi-lo+1 == 5
		overline = overline || hi-lo+1 > 5
	}
	if five {
		return None
	}
	if r == Renju {
		if overline {
			return Overline
		}
		fours := 0
		for _, d := range steps {
			fours += g.fours(row, col, d, s)
		}
		if fours >= 2 {
			return DoubleFour
		}
	}
	threes := 0
	for _, d := range steps {
		if g.realThree(r, s, row, col, d) {
			threes++
		}
	}
	if threes >= 2 {
		return DoubleThree
	}
	return None
}

// fours counts the fours through (row, col) along d: different sets of
// four stones, this one among them, that one more stone anywhere on the
// line turns into exactly five.
func (g *grid) fours(row, col int, d Point, s Stone) int {
	var sets []map[int]bool
	for k := -g.n; k <= g.n; k++ {
		qr, qc := row+k*d.Row, col+k*d.Col
		if !g.inside(qr, qc) || g.at(qr, qc) != Empty {
			continue
		}
		g.put(qr, qc, s)
		lo, hi := g.extent(row, col, d, s)
		g.put(qr, qc, Empty)
		if hi-lo+1 != 5 || k < lo || k > hi {
			continue
		}
		set := map[int]bool{}
		for i := lo; i <= hi; i++ {
			if i != k {
				set[i] = true
			}
		}
		if !containsSet(sets, set) {
			sets = append(sets, set)
		}
	}
	return len(sets)
}

func containsSet(sets []map[int]bool, set map[int]bool) bool {
outer:
	for _, s := range sets {
		for k := range set {
			if !s[k] {
				continue outer
			}
		}
		return true
	}
	return false
}

// realThree reports whether (row, col), holding s, is part of a three
// along d, in the RIF's words "a row with three stones to which you,
// without at the same time a five in a row is made, can add one more stone
// to attain a straight four": some empty point q of the line turns it into
// a straight four holding both, q makes no five on any line, and q is
// itself not forbidden.
func (g *grid) realThree(r Rule, s Stone, row, col int, d Point) bool {
	for k := -g.n; k <= g.n; k++ {
		qr, qc := row+k*d.Row, col+k*d.Col
		if k == 0 || !g.inside(qr, qc) || g.at(qr, qc) != Empty {
			continue
		}
		g.put(qr, qc, s)
		extends := g.straightFour(row, col, d, s, k) && (g.fiveExtends || !g.five(r, s, qr, qc))
		g.put(qr, qc, Empty)
		if extends && g.allowed(r, s, qr, qc) {
			return true
		}
	}
	return false
}

// five reports whether the stone of s at (row, col) stands in a row that
// wins under r: the "five in a row" of the definition of a three.
func (g *grid) five(r Rule, s Stone, row, col int) bool {
	for _, d := range steps {
		if lo, hi := g.extent(row, col, d, s); r.Wins(s, hi-lo+1) {
			return true
		}
	}
	return false
}

// allowed reports whether s may play at (row, col), one level deeper.
func (g *grid) allowed(r Rule, s Stone, row, col int) bool {
	if g.limit > 0 && g.depth+1 >= g.limit {
		return true
	}
	g.depth++
	defer func() { g.depth-- }()
	return g.bruteForbidden(r, s, row, col) == None
}

// straightFour reports whether the row through (row, col) along d is
// exactly four stones, including offset k, and each end is an empty point
// that makes exactly five.
func (g *grid) straightFour(row, col int, d Point, s Stone, k int) bool {
	lo, hi := g.extent(row, col, d, s)
	if hi-lo+1 != 4 || k < lo || k > hi {
		return false
	}
	for _, e := range []int{lo - 1, hi + 1} {
		er, ec := row+e*d.Row, col+e*d.Col
		if !g.inside(er, ec) || g.at(er, ec) != Empty {
			return false
		}
		g.put(er, ec, s)
		elo, ehi := g.extent(row, col, d, s)
		g.put(er, ec, Empty)
		if ehi-elo+1 != 5 {
			return false
		}
	}
	return true
}

// bruteMap is ForbiddenMap by the brute force.
func (g *grid) bruteMap(r Rule, s Stone) []Shape {
	out := make([]Shape, len(g.cells))
	for i := range out {
		out[i] = g.bruteForbidden(r, s, i/g.n, i%g.n)
	}
	return out
}

// densePosition fills a board with clusters of stones, most of them of one
// colour, so that threes, fours and their extension points abound.
func densePosition(rng *rand.Rand, size int) *Board {
	b := NewBoard(size)
	clusters := 1 + rng.IntN(3)
	for range clusters {
		span := 5 + rng.IntN(min(size, 9)-4)
		r0, c0 := rng.IntN(size-span+1), rng.IntN(size-span+1)
		many := Black
		if rng.IntN(3) == 0 {
			many = White
		}
		stones := span * span * (25 + rng.IntN(30)) / 100
		for range stones {
			p := Point{r0 + rng.IntN(span), c0 + rng.IntN(span)}
			s := many
			if rng.IntN(100) < 25 {
				s = s.Other()
			}
			b.Put(p, s)
		}
	}
	// A five already on the board settles nothing here; the rules still
	// answer, and the brute force must agree, so fives stay.
	return b
}

// TestAgainstBruteForce checks every empty point of thousands of dense
// random positions, for both colours under both rules with forbidden
// moves, against the brute force; and that the positions exercise every
// shape and false forbidden points at depth one and two.
func TestAgainstBruteForce(t *testing.T) {
	positions, recursive := 2000, 700
	if testing.Short() || raceEnabled {
		positions, recursive = 300, 0
	}
	rng := rand.New(rand.NewPCG(12, 2615))
	var seen [4]int
	var falseAt [3]int
	fiveRuled := 0
	for i := range positions {
		size := []int{15, 15, 19, 7, 9}[i%5]
		b := densePosition(rng, size)
		g := gridOf(b)
		for _, r := range []Rule{Renju, Omok} {
			for _, s := range []Stone{Black, White} {
				want := g.bruteMap(r, s)
				got := b.ForbiddenMap(r, s, nil)
				for k := range want {
					seen[want[k]]++
					if got[k] != want[k] {
						t.Fatalf("position %d, %v %v at row %d col %d: fast %v, brute force %v\n%s",
							i, r, s, k/size, k%size, got[k], want[k], b)
					}
				}
			}
		}
		if i < recursive {
			for depth := range falseAt {
				falseAt[depth] += countFalse(b, depth+1)
			}
			fiveRuled += countFiveRuled(b)
		}
	}
	t.Logf("shapes seen: %v", seen)
	t.Logf("points whose answer needs recursion to depth 1, 2, 3 or more: %v", falseAt)
	t.Logf("points whose answer changes when an extension point may make a five: %d", fiveRuled)
	if recursive > 0 && fiveRuled == 0 {
		t.Error("no point where an extension point makes a five: the positions do not test the definition of a three")
	}
	for depth, n := range falseAt[:2] {
		if recursive > 0 && n == 0 {
			t.Errorf("no false forbidden point needs depth %d: the positions do not test the recursion", depth+1)
		}
	}
	for sh, n := range seen[1:] {
		if n < 50 {
			t.Errorf("only %d points of shape %v: the positions are not dense enough", n, Shape(sh+1))
		}
	}
}

// countFalse counts the points of b whose answer under either rule, for
// either colour, changes when the brute force stops at the given depth:
// the false forbidden points (and their reversals) that need that depth.
func countFalse(b *Board, depth int) int {
	full, cut := gridOf(b), gridOf(b)
	cut.limit = depth
	n := 0
	for _, r := range []Rule{Renju, Omok} {
		for _, s := range []Stone{Black, White} {
			a, c := full.bruteMap(r, s), cut.bruteMap(r, s)
			for i := range a {
				if a[i] != c[i] {
					n++
				}
			}
		}
	}
	return n
}

// countFiveRuled counts the points of b whose answer under either rule,
// for either colour, changes when a three's extension point may make a
// five at the same time (grid.fiveExtends): those that test the RIF's
// wording.
func countFiveRuled(b *Board) int {
	rif, loose := gridOf(b), gridOf(b)
	loose.fiveExtends = true
	n := 0
	for _, r := range []Rule{Renju, Omok} {
		for _, s := range []Stone{Black, White} {
			a, c := rif.bruteMap(r, s), loose.bruteMap(r, s)
			for i := range a {
				if a[i] != c[i] {
					n++
				}
			}
		}
	}
	return n
}

// boardFromBytes reads a fuzzer's bytes as a board: the first byte picks a
// size from 5 to 15, each next byte's value mod 3 a cell, row by row; a
// short input leaves the rest empty.
func boardFromBytes(data []byte) *Board {
	if len(data) == 0 {
		return NewBoard(5)
	}
	size := 5 + int(data[0])%11
	b := NewBoard(size)
	for i, v := range data[1:min(len(data), 1+size*size)] {
		if s := Stone(v % 3); s != Empty {
			b.Put(Point{i / size, i % size}, s)
		}
	}
	return b
}

// FuzzForbid: no board makes the forbidden check panic or disagree with the
// brute force, for either colour under either rule.
func FuzzForbid(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		b := densePosition(rng, 9)
		data := []byte{4} // size 9
		for _, c := range b.cells {
			data = append(data, byte(c))
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b := boardFromBytes(data)
		g := gridOf(b)
		for _, r := range []Rule{Renju, Omok} {
			for _, s := range []Stone{Black, White} {
				want, got := g.bruteMap(r, s), b.ForbiddenMap(r, s, nil)
				for i := range want {
					if want[i] != got[i] {
						t.Fatalf("%v %v at row %d col %d: fast %v, brute force %v\n%s", r, s, i/b.size, i%b.size, got[i], want[i], b)
					}
				}
			}
		}
	})
}

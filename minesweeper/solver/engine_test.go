package solver

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// bruteForce counts every layout of the covered cells that fits p, one
// subset at a time, and returns each cell's exact mine probability.
func bruteForce(t testing.TB, p *Position) ([]*big.Rat, bool) {
	hits := make([]int64, len(p.Cells))
	var total int64
	eachLayout(t, p, 24, func(mine []bool) {
		total++
		for i, m := range mine {
			if m && p.Cells[i] == Covered {
				hits[i]++
			}
		}
	})
	if total == 0 {
		return nil, false
	}
	probs := make([]*big.Rat, len(p.Cells))
	for i, v := range p.Cells {
		switch v {
		case Covered:
			probs[i] = big.NewRat(hits[i], total)
		case KnownMine:
			probs[i] = big.NewRat(1, 1)
		default:
			probs[i] = new(big.Rat)
		}
	}
	return probs, true
}

// eachLayout calls see with every layout of the mines that fits p (a mine
// flag per cell, reused between calls), found by trying every subset of
// the covered cells; p may have at most most covered cells.
func eachLayout(t testing.TB, p *Position, most int, see func(mine []bool)) {
	var covered []int
	left := p.Mines
	for i, v := range p.Cells {
		switch v {
		case Covered:
			covered = append(covered, i)
		case KnownMine:
			left--
		}
	}
	if len(covered) > most {
		t.Fatalf("%d covered cells: too many to enumerate", len(covered))
	}
	mine := make([]bool, len(p.Cells))
	for i, v := range p.Cells {
		mine[i] = v == KnownMine
	}
	var buf [8]int
	fits := func() bool {
		for i, v := range p.Cells {
			if v < 0 {
				continue
			}
			n := 0
			for _, j := range p.neighbours(i, &buf) {
				if mine[j] {
					n++
				}
			}
			if n != int(v) {
				return false
			}
		}
		return true
	}
	for set := uint32(0); set < 1<<len(covered); set++ {
		if bitsSet(set) != left {
			continue
		}
		for k, c := range covered {
			mine[c] = set&(1<<k) != 0
		}
		if fits() {
			see(mine)
		}
	}
}

func bitsSet(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// smallPositions plays random games on small fields and returns the
// positions seen along the way: after the first opening and after each
// random safe opening.
func smallPositions(rng *rand.Rand, games int) []*Position {
	sizes := [][3]int{{4, 4, 3}, {4, 5, 5}, {5, 5, 6}, {5, 5, 9}, {3, 7, 5}, {6, 4, 7}, {5, 6, 8}}
	var out []*Position
	for range games {
		s := sizes[rng.IntN(len(sizes))]
		rows, cols, mines := s[0], s[1], s[2]
		l := Lay(rows, cols, mines, rng.IntN(rows*cols), rng)
		first := -1
		for i, m := range l.Mine {
			if !m && (first < 0 || rng.IntN(3) == 0) {
				first = i
			}
		}
		l.Open(first)
		for !l.Solved() {
			out = append(out, l.Position().Clone())
			var safe []int
			for i, m := range l.Mine {
				if !m && l.Position().Cells[i] == Covered {
					safe = append(safe, i)
				}
			}
			l.Open(safe[rng.IntN(len(safe))])
		}
	}
	return out
}

// TestProbabilitiesMatchBruteForce: on small boards every probability is
// the exact fraction, rounded once to float64, so they are compared with
// ==; and the certain cells are exactly the ones at 0 and 1.
func TestProbabilitiesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	games, want, most := 300, 1000, 18
	if raceEnabled {
		games, want, most = 60, 200, 16
	}
	positions := smallPositions(rng, games)
	// Some known mines too: a few positions with every mine the solver
	// would find marked.
	for _, p := range positions[:games/3] {
		q := p.Clone()
		if a, err := Analyze(q); err == nil {
			for _, m := range a.Mines {
				q.Cells[m] = KnownMine
			}
			positions = append(positions, q)
		}
	}
	checked := 0
	for _, p := range positions {
		if coveredCells(p) > most {
			continue // 2^most subsets at most
		}
		want, ok := bruteForce(t, p)
		a, err := Analyze(p)
		if !ok {
			if !errors.Is(err, ErrInconsistent) {
				t.Fatalf("no layout fits, but Analyze says %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Analyze: %v\n%s", err, p)
		}
		if !a.Exact {
			t.Fatalf("small position not exact\n%s", p)
		}
		certain := map[int]bool{}
		for _, c := range a.Safe {
			certain[c] = true
		}
		for _, c := range a.Mines {
			certain[c] = true
		}
		for i, w := range want {
			f, _ := w.Float64()
			if a.Prob[i] != f {
				t.Fatalf("cell %d: probability %v, brute force %v (%v)\n%s", i, a.Prob[i], w, f, p)
			}
			if p.Cells[i] == Covered && certain[i] != (f == 0 || f == 1) {
				t.Fatalf("cell %d: probability %v but certain=%v\n%s", i, f, certain[i], p)
			}
		}
		checked++
	}
	t.Logf("%d positions checked", checked)
	if checked < want {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestProbabilitiesSumToMinesLeft: in positions from real games the
// expected number of mines on the covered cells is the number of mines
// not yet known.
func TestProbabilitiesSumToMinesLeft(t *testing.T) {
	n := 0
	games := 60
	if raceEnabled {
		games = 12
	}
	playGames(t, 15, games, func(p *Position, _ *Layout, _ Step) {
		a, err := Analyze(p)
		if err != nil {
			t.Fatalf("%v\n%s", err, p)
		}
		sum := 0.0
		for i, v := range p.Cells {
			if v == Covered {
				sum += a.Prob[i]
			}
		}
		if math.Abs(sum-float64(p.Mines)) > 1e-9*float64(p.Mines) {
			t.Fatalf("probabilities add up to %v\n%s", sum, p)
		}
		n++
	})
	if n < games*8 {
		t.Fatalf("only %d positions", n)
	}
}

// TestHugeFrontEstimates: a front too wide to count (cells opened all
// over an expert field) is estimated, says so, and still claims only
// what is certain.
func TestHugeFrontEstimates(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	estimated := 0
	for range 8 {
		l := Lay(16, 30, 99, rng.IntN(480), rng)
		for i, m := range l.Mine {
			if !m && rng.IntN(4) == 0 {
				l.Open(i)
			}
		}
		a, err := Analyze(l.Position())
		if err != nil {
			t.Fatalf("%v\n%s", err, l.Position())
		}
		if !a.Exact {
			estimated++
		}
		for _, c := range a.Safe {
			if l.Mine[c] {
				t.Fatalf("cell %d called safe holds a mine", c)
			}
		}
		for _, c := range a.Mines {
			if !l.Mine[c] {
				t.Fatalf("cell %d called a mine is safe", c)
			}
		}
		for _, pr := range a.Prob {
			if !(pr >= 0 && pr <= 1) {
				t.Fatalf("probability %v", pr)
			}
		}
		if estimated > 0 {
			break
		}
	}
	if estimated == 0 {
		t.Fatal("no front was too wide: the test tests nothing")
	}
}

func TestAnalyzeInconsistent(t *testing.T) {
	p := NewPosition(2, 2, 1)
	p.Cells[0] = 3 // three mines around, one on the field
	if _, err := Analyze(p); !errors.Is(err, ErrInconsistent) {
		t.Fatalf("got %v", err)
	}
	p = NewPosition(2, 2, 1)
	p.Cells[3] = 9
	if _, err := Analyze(p); err == nil {
		t.Fatal("a 9 was accepted")
	}
}

func coveredCells(p *Position) int {
	n := 0
	for _, v := range p.Cells {
		if v == Covered {
			n++
		}
	}
	return n
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

package solver

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// layouts lists every layout of the mines that fits p.
func layouts(t *testing.T, p *Position) [][]bool {
	var out [][]bool
	eachLayout(t, p, 20, func(mine []bool) { out = append(out, slices.Clone(mine)) })
	return out
}

// TestRiskShareMatchesBruteForce: the share of layouts with some cells
// mines and others safe, found by counting with inclusion and exclusion,
// is the fraction found by listing every layout.
func TestRiskShareMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 14))
	checked := 0
	for _, p := range smallPositions(rng, 40) {
		var covered []int
		for i, v := range p.Cells {
			if v == Covered {
				covered = append(covered, i)
			}
		}
		if len(covered) < 3 || len(covered) > 16 {
			continue
		}
		all := layouts(t, p)
		var pl Player
		a, err := pl.e.analyze(p)
		if err != nil {
			t.Fatal(err)
		}
		r := &risk{pl: &pl, w: p.Clone(), a: a}
		rng.Shuffle(len(covered), func(i, j int) { covered[i], covered[j] = covered[j], covered[i] })
		mines, safe := covered[:1], covered[1:3]
		if rng.IntN(2) == 0 {
			mines, safe = covered[:2], covered[2:3]
		}
		want := 0
		for _, m := range all {
			ok := true
			for _, c := range mines {
				ok = ok && m[c]
			}
			for _, c := range safe {
				ok = ok && !m[c]
			}
			if ok {
				want++
			}
		}
		got := r.share(nil, mines, safe)
		if math.Abs(got-float64(want)/float64(len(all))) > 1e-9 {
			t.Fatalf("mines %v safe %v: share %v, want %d/%d\n%s", mines, safe, got, want, len(all), p)
		}
		if r.w.String() != p.String() {
			t.Fatalf("share left the position changed:\n%s", r.w)
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestRiskFiftyFifty: two covered cells between known mines, one mine
// between them, are a coin toss no number can ever settle: each cell's
// 50/50 share is its whole chance of a mine, and both are pseudo 50/50s.
func TestRiskFiftyFifty(t *testing.T) {
	p := NewPosition(1, 4, 3)
	p.Cells = []int8{KnownMine, Covered, Covered, KnownMine}
	var pl Player
	a, err := pl.e.analyze(p)
	if err != nil {
		t.Fatal(err)
	}
	r := pl.newRisk(p, a)
	if got := r.of(1); math.Abs(got-0.5) > 1e-12 {
		t.Fatalf("share of cell 1: %v, want 0.5", got)
	}
	if len(r.pseudo) != 2 {
		t.Fatalf("pseudo 50/50s %v, want cells 1 and 2", r.pseudo)
	}
}

// TestRiskSafeOrFiftyFifty: on two rows, the two cells of a column at the
// left edge touch the same numbers, so whenever the top one holds the only
// mine left, it is a coin toss with the one below. The scan finds it, and
// a cell that a number can still settle is not one.
func TestRiskSafeOrFiftyFifty(t *testing.T) {
	// # 1 #
	// # 1 #   one mine, somewhere among the four covered cells.
	p := NewPosition(2, 3, 1)
	p.Cells = []int8{Covered, 1, Covered, Covered, 1, Covered}
	var pl Player
	a, err := pl.e.analyze(p)
	if err != nil {
		t.Fatal(err)
	}
	r := pl.newRisk(p, a)
	if len(r.pseudo) != 4 {
		t.Fatalf("pseudo 50/50s %v, want all four covered cells", r.pseudo)
	}
	if got := r.of(0); math.Abs(got-0.25) > 1e-12 {
		t.Fatalf("share of cell 0: %v, want 0.25", got)
	}
	// # 1 0   with the right column open, the mine is in the left
	// # 1 0   column: a true coin toss.
	p = NewPosition(2, 3, 1)
	p.Cells = []int8{Covered, 1, 0, Covered, 1, 0}
	if a, err = pl.e.analyze(p); err != nil {
		t.Fatal(err)
	}
	r = pl.newRisk(p, a)
	if got := r.of(0); math.Abs(got-0.5) > 1e-12 {
		t.Fatalf("share of cell 0: %v, want 0.5", got)
	}
}

// TestPlayerTakesCoinTossFirst: on an expert field, the two cells in the
// top left corner hold one mine that no number can ever place (the cells
// below them are mines, and every number near them touches both). The
// player guesses one of them now, though the cells off the front are
// safer: the toss costs the same now or later, and now it may still
// tell something.
func TestPlayerTakesCoinTossFirst(t *testing.T) {
	// # 1 1 # ...
	// # 4 4 # ...
	// * * # # ...   two known mines; every other cell covered
	p := NewPosition(16, 30, 99)
	p.Cells[1], p.Cells[2] = 1, 1
	p.Cells[31], p.Cells[32] = 4, 4
	p.Cells[60], p.Cells[61] = KnownMine, KnownMine
	var pl Player
	step, err := pl.Next(p)
	if err != nil {
		t.Fatal(err)
	}
	if !step.Guess || step.Searched || len(step.Open) != 1 {
		t.Fatalf("step %+v, want one guess not chosen by the endgame search", step)
	}
	if c := step.Open[0]; c != 0 && c != 30 {
		t.Fatalf("guessed cell %d (mine chance %.2f), want 0 or 30, the coin toss", c, step.Prob)
	}
	if step.Prob != 0.5 {
		t.Fatalf("mine chance %v, want 0.5", step.Prob)
	}
}

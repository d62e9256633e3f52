package solver

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestEndgameListsEveryLayout: the endgame's list of layouts has as many
// as brute force counts, and each fits the position.
func TestEndgameListsEveryLayout(t *testing.T) {
	checked, games, want := 0, 80, 100
	if raceEnabled {
		games, want = 30, 30
	}
	for _, p := range smallPositions(rand.New(rand.NewPCG(14, 9)), games) {
		if coveredCells(p) > 18 {
			continue
		}
		a, err := Analyze(p)
		if err != nil {
			continue
		}
		g := newEndgame(maxSolutions, endgameBudget)
		if !g.list(p) {
			if math.Exp(a.lnZ) <= float64(maxSolutions) {
				t.Fatalf("%.0f layouts, more than %d listed\n%s", math.Exp(a.lnZ), maxSolutions, p)
			}
			continue
		}
		if want := math.Round(math.Exp(a.lnZ)); float64(len(g.shows)) != want {
			t.Fatalf("%d layouts listed, %v counted\n%s", len(g.shows), want, p)
		}
		seen := map[string]bool{}
		for _, s := range g.shows {
			q := p.Clone()
			key := make([]byte, len(s))
			for u, v := range s {
				if v < 0 {
					q.Cells[g.cells[u]] = KnownMine
				}
				key[u] = byte(v + 1)
			}
			if seen[string(key)] {
				t.Fatal("a layout listed twice")
			}
			seen[string(key)] = true
			if _, err := Analyze(q); err != nil {
				t.Fatalf("a listed layout does not fit: %v\n%s", err, q)
			}
		}
		checked++
	}
	if checked < want {
		t.Fatalf("only %d positions", checked)
	}
}

// TestEndgameFiftyFifty: two cells under two 1s, one mine: whatever is
// opened, it is a coin toss.
func TestEndgameFiftyFifty(t *testing.T) {
	p := NewPosition(2, 2, 1)
	p.Cells[0], p.Cells[1] = 1, 1
	var pl Player
	a, err := Analyze(p)
	if err != nil {
		t.Fatal(err)
	}
	cell, win, ok := pl.endgame(p, a)
	if !ok || win != 0.5 || (cell != 2 && cell != 3) {
		t.Fatalf("cell %d, win %v, ok %v", cell, win, ok)
	}
}

// TestEndgameNeverWorseThanSafest: no cell, opened first, wins more
// often than the endgame's choice.
func TestEndgameNeverWorseThanSafest(t *testing.T) {
	searched, games, want := 0, 60, 20
	if raceEnabled {
		games, want = 20, 5
	}
	for _, p := range smallPositions(rand.New(rand.NewPCG(14, 10)), games) {
		a, err := Analyze(p)
		if err != nil || len(a.Safe) > 0 {
			continue
		}
		var pl Player
		_, win, ok := pl.endgame(p, a)
		if !ok {
			continue
		}
		searched++
		g := newEndgame(maxSolutions, endgameBudget)
		g.list(p)
		all := make([]int32, len(g.shows))
		for i := range all {
			all[i] = int32(i)
		}
		for c := range g.cells {
			if v, ok := g.guess(all, c, -1); ok && v > win+1e-12 {
				t.Fatalf("cell %d wins %v, the endgame's choice %v\n%s", g.cells[c], v, win, p)
			}
		}
	}
	if searched < want {
		t.Fatalf("only %d positions searched", searched)
	}
}

// TestStepSearched: a guess says whether the endgame search chose it — in
// the coin toss above it does; on an expert field with one cell open, far
// too many layouts to list, it does not.
func TestStepSearched(t *testing.T) {
	p := NewPosition(2, 2, 1)
	p.Cells[0], p.Cells[1] = 1, 1
	var pl Player
	step, err := pl.Next(p)
	if err != nil || !step.Guess || !step.Searched || step.Layouts != 2 {
		t.Fatalf("coin toss: step %+v, %v", step, err)
	}
	p = NewPosition(16, 30, 99)
	p.Cells[0] = 1
	pl = Player{}
	if step, err = pl.Next(p); err != nil || !step.Guess || step.Searched {
		t.Fatalf("expert guess: step %+v, %v", step, err)
	}
}

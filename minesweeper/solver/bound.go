package solver

import (
	"math"
	"slices"
)

// Chance is the best chance any player has of winning from a position.
type Chance struct {
	// Win is that chance when Exact; otherwise an upper bound of it.
	Win float64
	// Exact is true when every layout was played out (the endgame
	// search, within its limits).
	Exact bool
	// Layouts is how many layouts of the mines fit the position, when
	// the probabilities are exact.
	Layouts float64
}

// BestChance returns the best chance any player has of winning from p
// with every mine still to find. With at most maxLayouts layouts it plays
// the game out against all of them (the endgame search, at most budget
// looks at a layout) and the answer is exact. Otherwise it is an upper
// bound: with exact probabilities and no certain cell to open, any player
// must open some uncertain cell first, so no one wins more often than the
// safest cell is safe; else 1.
//
// The search is exact because a layout is as likely as any other that
// fits (the mines are laid uniformly), every move is opening a cell, and
// a move that cannot lose is always taken first: a cell safe in every
// layout that shows different numbers (what a cascade from an open 0
// reveals too) only adds information, which never lowers the chance.
func BestChance(p *Position, maxLayouts, budget int) (Chance, error) {
	a, err := Analyze(p)
	if err != nil {
		return Chance{}, err
	}
	c := Chance{Win: 1}
	if !a.Exact {
		return c, nil
	}
	c.Layouts = math.Exp(a.lnZ)
	if !slices.Contains(p.Cells, Covered) {
		c.Exact = true
		return c, nil
	}
	if a.lnZ <= math.Log(float64(maxLayouts))+1e-9 {
		g := newEndgame(maxLayouts, budget)
		if g.list(p) {
			all := make([]int32, len(g.shows))
			for i := range all {
				all[i] = int32(i)
			}
			if win := g.win(all); g.budget >= 0 {
				return Chance{Win: win, Exact: true, Layouts: float64(len(g.shows))}, nil
			}
		}
	}
	if len(a.Safe) > 0 {
		return c, nil
	}
	best := 0.0
	for i, v := range p.Cells {
		if v == Covered {
			best = max(best, 1-a.Prob[i])
		}
	}
	c.Win = best
	return c, nil
}

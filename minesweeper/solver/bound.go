package solver

import (
	"cmp"
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

// BestChance returns the best chance any player has of winning from p,
// the mines laid uniformly among the layouts that fit it. With at most maxLayouts layouts it plays
// the game out against all of them (the endgame search, at most budget
// looks at a layout) and the answer is exact. Otherwise it is an upper
// bound: with exact probabilities and no certain cell to open, any player
// must open some uncertain cell first, and often guess again right after
// (twoMoves); else 1.
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
	c.Win = twoMoves(p, a)
	return c, nil
}

// aheadCells is how many of the safest cells twoMoves follows to the
// next move; the others count their safety alone.
const aheadCells = 20

// twoMoves bounds the chance of winning from p, which has no certain cell
// (a its exact analysis). The first move opens some cell c, which
// survives and shows v with the chance that the count of p with v at c
// gives. If then nothing is certain, the next move is a guess too, and no
// one wins more often than the safest cell is safe; a branch with a
// certain cell counts 1. When a branch cannot be counted exactly (a part
// of its front too wide), c counts its safety alone. (Following the certain
// cells on, number by number, was tried: the branches multiply past any
// budget before the next guess.)
func twoMoves(p *Position, a *Analysis) float64 {
	w := p.Clone()
	var cells []int
	for i, v := range p.Cells {
		if v == Covered {
			cells = append(cells, i)
		}
	}
	slices.SortStableFunc(cells, func(x, y int) int { return cmp.Compare(a.Prob[x], a.Prob[y]) })
	var e engine
	best := 0.0
	for k, c := range cells {
		safety := 1 - a.Prob[c]
		if safety <= best {
			break
		}
		if k == aheadCells {
			return safety
		}
		win := 0.0
		for v := range int8(9) {
			w.Cells[c] = v
			b, err := e.analyze(w)
			if err != nil {
				continue // c cannot show v
			}
			if !b.Exact {
				win = safety // an estimated count weighs nothing
				break
			}
			win += math.Exp(b.lnZ-a.lnZ) * nextMove(w, b)
		}
		w.Cells[c] = Covered
		best = max(best, min(win, safety))
	}
	return best
}

// nextMove bounds the chance of winning from w (b its exact analysis) by
// its next move: 1 when a cell is certain or the game is won, else the
// safety of its safest cell.
func nextMove(w *Position, b *Analysis) float64 {
	if len(b.Safe) > 0 {
		return 1
	}
	best := 0.0
	for i, v := range w.Cells {
		if v == Covered {
			best = max(best, 1-b.Prob[i])
		}
	}
	if best == 0 {
		return 1 // every covered cell is a mine: won
	}
	return best
}

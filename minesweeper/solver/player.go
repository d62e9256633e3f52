package solver

import (
	"cmp"
	"math"
	"slices"
)

// How the guesser picks its candidates, after the strongest published
// solver (David Hill's JSMinesweeper): the frontier cells within 20% of
// the best safety are looked at (JSMinesweeper takes 10%; 20% did no
// worse on expert in a paired run, docs/minesweeper-solver.md), and cells
// off the frontier too when they are within 5% of the best frontier
// cell.
const (
	candidateRatio = 0.8
	offEdgeRatio   = 0.95
	maxCandidates  = 10
	maxOffEdge     = 4
)

// Player finds the next move of a game, remembering the mines it has
// proved so that later steps start from them. Use one Player per game
// (or call Reset), and not from two goroutines at once.
type Player struct {
	// Plain makes the player guess the safest cell without looking
	// ahead (the first in reading order among equals): the baseline the
	// look-ahead is measured against.
	Plain bool
	// Safest makes the player guess only among the cells with the lowest
	// mine chance, the look-ahead choosing between equals; no endgame
	// search or coin-toss rule, which may pick a riskier cell for a
	// better chance of winning the whole game. It is what a hint
	// shows: the safest cell, with its chance.
	Safest bool

	e     engine
	known []bool
	work  *Position
}

// Reset forgets the mines found in the last game.
func (pl *Player) Reset() { pl.known = pl.known[:0] }

// Step is the player's next move.
type Step struct {
	// Open lists every cell that is certainly safe; when there is none,
	// it holds the one cell to guess. It is empty only when every covered
	// cell is a mine (the game is won).
	Open []int
	// Guess is true when Open is a guess, and Prob its mine probability.
	Guess bool
	Prob  float64
	// Mines lists the cells proved to hold a mine, this step or before.
	Mines []int
	// Exact is false when the probabilities were estimated.
	Exact bool
	// Layouts is, for a guess, how many layouts of the mines fit the
	// position: 2 means a coin toss that no cell could have settled.
	Layouts float64
	// Searched is true when the endgame search chose the guess: the cell
	// most likely to win the whole game from here, counted over every
	// layout, so no other move would have done better from this point.
	Searched bool
}

// Next returns the next move for position p (open numbers and covered
// cells; any KnownMine in p is trusted too). It returns ErrInconsistent
// when no layout fits p.
func (pl *Player) Next(p *Position) (Step, error) { return pl.next(p, true) }

// next is Next; without guess, a position with nothing certain gets a
// step with no cell to open (what the no-guess generator asks).
func (pl *Player) next(p *Position, guess bool) (Step, error) {
	if err := p.check(); err != nil {
		return Step{}, err
	}
	if len(pl.known) != len(p.Cells) {
		pl.known = make([]bool, len(p.Cells))
	}
	if pl.work == nil || len(pl.work.Cells) != len(p.Cells) {
		pl.work = p.Clone()
	}
	w := pl.work
	w.Rows, w.Cols, w.Mines = p.Rows, p.Cols, p.Mines
	for i, v := range p.Cells {
		if v == Covered && pl.known[i] {
			v = KnownMine
		}
		w.Cells[i] = v
		pl.known[i] = v == KnownMine
	}
	step := Step{Exact: true}
	if safe := pl.local(w); len(safe) > 0 {
		step.Open = safe
		step.Mines = pl.mines()
		return step, nil
	}
	a, err := pl.e.analyze(w)
	if err != nil {
		return Step{}, err
	}
	for _, m := range a.Mines {
		pl.known[m] = true
		w.Cells[m] = KnownMine
	}
	step.Mines = pl.mines()
	step.Exact = a.Exact
	if len(a.Safe) > 0 {
		step.Open = a.Safe
		return step, nil
	}
	if !guess || !slices.Contains(w.Cells, Covered) {
		return step, nil // no guess wanted, or every covered cell is a mine
	}
	cell, prob, searched := pl.guess(w, a)
	step.Open, step.Guess, step.Prob, step.Searched = []int{cell}, true, prob, searched
	step.Layouts = math.Exp(a.lnZ)
	return step, nil
}

func (pl *Player) mines() []int {
	var out []int
	for i, k := range pl.known {
		if k {
			out = append(out, i)
		}
	}
	return out
}

// local applies the two rules a number proves by itself, over and over:
// a number with all its mines known clears its other covered cells; a
// number with room only for its mines makes them all mines. It is only
// a fast path: the engine finds all of this and more.
func (pl *Player) local(w *Position) []int {
	var safe []int
	isSafe := make(map[int]bool)
	var buf [8]int
	for changed := true; changed; {
		changed = false
		for i, v := range w.Cells {
			if v < 0 {
				continue
			}
			need, unknown := int(v), 0
			for _, j := range w.neighbours(i, &buf) {
				switch {
				case w.Cells[j] == KnownMine:
					need--
				case w.Cells[j] == Covered && !isSafe[j]:
					unknown++
				}
			}
			if unknown == 0 || (need != 0 && need != unknown) {
				continue
			}
			for _, j := range w.neighbours(i, &buf) {
				if w.Cells[j] != Covered || isSafe[j] {
					continue
				}
				if need == 0 {
					isSafe[j] = true
					safe = append(safe, j)
				} else {
					w.Cells[j] = KnownMine
					pl.known[j] = true
					changed = true
				}
			}
		}
	}
	slices.Sort(safe)
	return safe
}

// candidate is a cell the guesser weighs.
type candidate struct {
	cell   int
	safety float64
	score  float64 // chance to survive this guess and the next
	dead   bool    // it can show only one number: it tells nothing
	edge   int     // covered cells around it: fewer is a better guess
	factor float64 // 1 plus its weighted 50/50 share, out of its safety
}

// guess picks the cell to open when nothing is certain: among the safest
// cells, the one with the best chance of surviving both this guess and
// the one after it (a blend of the best and second-best safety the
// position will then offer, 1 when it offers a certain cell), raised for
// the cells whose guess may settle a coin toss early (risk.go). A cell
// that can show only one number tells nothing and is taken last. When few
// layouts are left, the endgame search chooses instead.
func (pl *Player) guess(w *Position, a *Analysis) (cell int, prob float64, searched bool) {
	var cands []candidate
	bestFront, bestOff := -1.0, -1.0
	var buf [8]int
	covered := func(i int) int {
		n := 0
		for _, j := range w.neighbours(i, &buf) {
			if w.Cells[j] == Covered {
				n++
			}
		}
		return n
	}
	for i, v := range w.Cells {
		if v != Covered {
			continue
		}
		s := 1 - a.Prob[i]
		if pl.e.boxOf[i] >= 0 {
			bestFront = max(bestFront, s)
		} else {
			bestOff = max(bestOff, s)
		}
	}
	best := max(bestFront, bestOff)
	ratio, offRatio := candidateRatio, offEdgeRatio
	if pl.Safest {
		ratio, offRatio = 1-1e-9, 1-1e-9 // equals only, to rounding
	}
	if !pl.Plain && !pl.Safest {
		if cell, _, ok := pl.endgame(w, a); ok {
			return cell, a.Prob[cell], true
		}
	}
	if pl.Plain {
		for i, v := range w.Cells {
			if v == Covered && 1-a.Prob[i] == best {
				return i, a.Prob[i], false
			}
		}
	}
	for i, v := range w.Cells {
		if v != Covered {
			continue
		}
		s := 1 - a.Prob[i]
		if pl.e.boxOf[i] >= 0 && s >= best*ratio {
			cands = append(cands, candidate{cell: i, safety: s, edge: covered(i)})
		}
	}
	slices.SortStableFunc(cands, func(x, y candidate) int { return cmp.Compare(y.safety, x.safety) })
	if len(cands) > maxCandidates {
		cands = cands[:maxCandidates]
	}
	if bestOff >= 0 && (bestFront < 0 || bestOff >= bestFront*offRatio) {
		cands = append(cands, pl.offEdge(w, 1-bestOff)...)
	}
	// Long-term risk: a cell that is safe unless it is one side of a coin
	// toss no later move can settle is guessed now, as the toss costs the
	// same now or later and the guess may tell more; otherwise each
	// candidate's score is raised by its share of such tosses.
	if pl.Safest {
		for k := range cands {
			cands[k].factor = 1
		}
	} else if r := pl.newRisk(w, a); len(r.pseudo) > 0 {
		cands = cands[:0]
		for _, c := range r.pseudo {
			if !slices.ContainsFunc(cands, func(x candidate) bool { return x.cell == c }) {
				cands = append(cands, candidate{cell: c, safety: 1 - a.Prob[c], edge: covered(c), factor: 1})
			}
		}
	} else {
		for k := range cands {
			c := &cands[k]
			c.factor = 1 + riskWeight*r.of(c.cell)/c.safety
		}
	}
	if len(cands) == 1 {
		return cands[0].cell, a.Prob[cands[0].cell], false
	}
	base := a.lnZ
	top := -1
	for k := range cands {
		c := &cands[k]
		pl.score(w, c, base, cands, top)
		if top < 0 || better(*c, cands[top]) {
			top = k
		}
	}
	return cands[top].cell, a.Prob[cands[top].cell], false
}

// better orders candidates: living before dead, then by score, then the
// safer, then the one with fewer covered neighbours (corners and edges,
// which open areas more often).
func better(x, y candidate) bool {
	if x.dead != y.dead {
		return !x.dead
	}
	if x.score != y.score {
		return x.score > y.score
	}
	if x.safety != y.safety {
		return x.safety > y.safety
	}
	return x.edge < y.edge
}

// offEdge returns the off-frontier cells worth a look: those with the
// fewest covered neighbours (corners first), as these most often open an
// area. offProb is their common mine probability.
func (pl *Player) offEdge(w *Position, offProb float64) []candidate {
	var buf [8]int
	var all []candidate
	for i, v := range w.Cells {
		if v != Covered || pl.e.boxOf[i] >= 0 {
			continue
		}
		n := 0
		for _, j := range w.neighbours(i, &buf) {
			if w.Cells[j] == Covered {
				n++
			}
		}
		all = append(all, candidate{cell: i, safety: 1 - offProb, edge: n})
	}
	slices.SortStableFunc(all, func(x, y candidate) int { return x.edge - y.edge })
	return all[:min(len(all), maxOffEdge)]
}

// score fills c.score: the chance of surviving the guess and then the
// next move, summed over the numbers the cell can show, each found by
// counting the position with that number in place, and raised by the
// cell's long-term risk factor.
func (pl *Player) score(w *Position, c *candidate, base float64, cands []candidate, top int) {
	var buf [8]int
	knownAround, covered := 0, 0
	for _, j := range w.neighbours(c.cell, &buf) {
		switch w.Cells[j] {
		case KnownMine:
			knownAround++
		case Covered:
			covered++
		}
	}
	left := c.safety // chance still to hand out to the values not yet tried
	values := 0
	for v := 0; v <= covered; v++ {
		if top >= 0 && !cands[top].dead && c.score+left*c.factor < cands[top].score {
			c.score = -1 // cannot beat the best so far
			return
		}
		w.Cells[c.cell] = int8(knownAround + v)
		a, err := pl.e.analyze(w)
		if err == nil {
			pv := math.Exp(a.lnZ - base)
			values++
			left -= pv
			c.score += pv * nextSafety(w, a) * c.factor
		}
		w.Cells[c.cell] = Covered
	}
	c.dead = values <= 1
}

// nextSafety is how safe the next move of a position will be: 1 when a
// cell is certainly safe, otherwise a blend of its best and second-best
// safety, since a single good cell is more fragile than two.
func nextSafety(w *Position, a *Analysis) float64 {
	if len(a.Safe) > 0 {
		return 1
	}
	b1, b2 := 0.0, 0.0
	for i, v := range w.Cells {
		if v != Covered {
			continue
		}
		s := 1 - a.Prob[i]
		if s > b1 {
			b1, b2 = s, b1
		} else if s > b2 {
			b2 = s
		}
	}
	return (4*b1 + b2) / 5
}

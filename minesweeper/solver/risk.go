package solver

import "math"

// Long-term risk, after JSMinesweeper's LongTermRiskHelper: two covered
// cells side by side whose flanks (the cells next to one of them but not
// the other) all hold mines can never be told apart by any number, so if
// one of them holds a mine the game ends on a coin toss between them. The
// same holds for a 2x2 square of covered cells whose four outer corners
// hold mines, with two mines on one diagonal. A guess at such a cell
// now costs little: in the layouts where it is the mine of such a
// pair, the game was lost half the time anyway, and in the mirrored
// layouts the guess settles the pair for free. So a cell's look-ahead
// score is raised by the share of layouts that put it in such a pattern.
const (
	// riskWeight is how much of a cell's 50/50 share counts (JSMinesweeper: 0.9).
	riskWeight = 0.9
	// riskThreshold is the share of layouts below which a pattern found
	// by the whole-board scan does not count for its enablers.
	riskThreshold = 0.025
	// riskFloor: a pattern whose cells' own chances, multiplied as if
	// they were independent, come under this is not counted. Such a
	// pattern weighs little: skipping it saves more than half of an
	// expert game's time, and counting it too changed the wins only
	// within the noise of a paired run.
	riskFloor = 0.003
)

// risk is one guess's long-term risk: the 50/50 share of every cell that
// holds a flank of a likely pattern (its enabler share), and the cells that
// are either safe or one side of a 50/50 no later move can avoid.
type risk struct {
	pl      *Player
	w       *Position
	a       *Analysis
	enabler map[int]float64
	pseudo  []int
	known   map[int]float64 // share by pattern: its first cell, times 3, plus its kind
}

// newRisk scans the whole board for likely 50/50 patterns: first the
// pairs (at most one flank cell not yet known to be a mine), then, only
// when no pair makes a cell certain to be safe or a coin toss, the 2x2
// squares (at most two such corners).
func (pl *Player) newRisk(w *Position, a *Analysis) *risk {
	r := &risk{pl: pl, w: w, a: a, enabler: make(map[int]float64), known: make(map[int]float64)}
	for _, vertical := range [2]bool{false, true} {
		for i := range w.Cells {
			if cells, flank, ok := r.pair(i, vertical, 1); ok {
				r.add(r.pairShare(cells, flank, vertical), flank, cells[:])
			}
		}
	}
	if len(r.pseudo) > 0 {
		return r
	}
	for i := range w.Cells {
		if cells, flank, ok := r.square(i, 2); ok {
			r.add(r.squareShare(cells, flank), flank, cells[:])
		}
	}
	return r
}

// pairShare is share for a pair, counted once per guess.
func (r *risk) pairShare(cells [2]int, flank []int, vertical bool) float64 {
	key := 3 * cells[0]
	if vertical {
		key++
	}
	return r.cached(key, flank, cells[:1], cells[1:])
}

// squareShare is share for a square (one diagonal mines), counted once
// per guess.
func (r *risk) squareShare(cells [4]int, flank []int) float64 {
	return r.cached(3*cells[0]+2, flank, []int{cells[0], cells[3]}, cells[1:3])
}

// cached is share, remembered under key; a pattern under riskFloor is
// not counted.
func (r *risk) cached(key int, flank, mines, safe []int) float64 {
	if v, ok := r.known[key]; ok {
		return v
	}
	guess := 1.0
	for _, list := range [2][]int{flank, mines} {
		for _, c := range list {
			guess *= r.a.Prob[c]
		}
	}
	for _, c := range safe {
		guess *= 1 - r.a.Prob[c]
	}
	v := 0.0
	if guess >= riskFloor {
		v = r.share(flank, mines, safe)
	}
	r.known[key] = v
	return v
}

// add records a pattern found by the scan: its share of the layouts
// (those with the first cell a mine) goes to its flank cells still to
// be filled, and a cell whose every mine layout is this pattern is a
// pseudo 50/50.
func (r *risk) add(share float64, flank, cells []int) {
	if share <= 0 {
		return
	}
	if share > riskThreshold {
		for _, f := range flank {
			r.enabler[f] += share
		}
	}
	for _, c := range cells {
		if p := r.a.Prob[c]; p > 0 && p < 1 && math.Abs(share-p) <= 1e-9*p {
			r.pseudo = append(r.pseudo, c)
		}
	}
}

// of is the 50/50 share of cell c: the layouts in which c is one side of
// a pair or a square that no number will ever settle (the pairs summed,
// the likeliest square, allowing up to three flank cells still to be
// filled), plus its enabler share, at most its chance of a mine and of
// being safe.
func (r *risk) of(c int) float64 {
	cols := r.w.Cols
	row, col := c/cols, c%cols
	total := 0.0
	for _, vertical := range [2]bool{false, true} {
		before := c - 1
		if vertical {
			before = c - cols
		}
		for _, start := range [2]int{c, before} {
			if start < 0 || (!vertical && start/cols != row) {
				continue
			}
			if cells, flank, ok := r.pair(start, vertical, 3); ok {
				total += r.pairShare(cells, flank, vertical)
			}
		}
	}
	best := 0.0
	for _, d := range [4][2]int{{0, 0}, {0, -1}, {-1, 0}, {-1, -1}} {
		rr, cc := row+d[0], col+d[1]
		if rr < 0 || cc < 0 {
			continue
		}
		if cells, flank, ok := r.square(rr*cols+cc, 3); ok {
			best = max(best, r.squareShare(cells, flank))
		}
	}
	total += best + r.enabler[c]
	p := r.a.Prob[c]
	return min(total, p, 1-p)
}

// pair returns the pair starting at cell i (i and the cell right of it,
// or below it) and its flank cells not yet known to be mines, when both
// cells are covered, no flank cell is open and at most most flank cells
// are still to be filled.
func (r *risk) pair(i int, vertical bool, most int) (cells [2]int, flank []int, ok bool) {
	w := r.w
	row, col := i/w.Cols, i%w.Cols
	var ends [2][3][2]int // the flank cells, as row and column
	if vertical {
		if row+1 >= w.Rows {
			return cells, nil, false
		}
		cells = [2]int{i, i + w.Cols}
		for k := range 3 {
			ends[0][k] = [2]int{row - 1, col - 1 + k}
			ends[1][k] = [2]int{row + 2, col - 1 + k}
		}
	} else {
		if col+1 >= w.Cols {
			return cells, nil, false
		}
		cells = [2]int{i, i + 1}
		for k := range 3 {
			ends[0][k] = [2]int{row - 1 + k, col - 1}
			ends[1][k] = [2]int{row - 1 + k, col + 2}
		}
	}
	if w.Cells[cells[0]] != Covered || w.Cells[cells[1]] != Covered {
		return cells, nil, false
	}
	flank, ok = r.flank(ends[0][:], ends[1][:], most)
	return cells, flank, ok
}

// square returns the 2x2 square whose top left cell is i, in reading
// order, and its outer corners not yet known to be mines, on the same
// terms as pair.
func (r *risk) square(i int, most int) (cells [4]int, flank []int, ok bool) {
	w := r.w
	row, col := i/w.Cols, i%w.Cols
	if row+1 >= w.Rows || col+1 >= w.Cols {
		return cells, nil, false
	}
	cells = [4]int{i, i + 1, i + w.Cols, i + w.Cols + 1}
	for _, c := range cells {
		if w.Cells[c] != Covered {
			return cells, nil, false
		}
	}
	corners := [][2]int{{row - 1, col - 1}, {row - 1, col + 2}, {row + 2, col - 1}, {row + 2, col + 2}}
	flank, ok = r.flank(corners, nil, most)
	return cells, flank, ok
}

// flank returns the cells of the lists that lie on the board and are
// covered, not known mines; ok is false when one of them is open or more
// than most are covered.
func (r *risk) flank(a, b [][2]int, most int) (flank []int, ok bool) {
	w := r.w
	for _, list := range [2][][2]int{a, b} {
		for _, rc := range list {
			if rc[0] < 0 || rc[0] >= w.Rows || rc[1] < 0 || rc[1] >= w.Cols {
				continue
			}
			c := rc[0]*w.Cols + rc[1]
			switch w.Cells[c] {
			case KnownMine:
			case Covered:
				flank = append(flank, c)
				if len(flank) > most {
					return nil, false
				}
			default:
				return nil, false
			}
		}
	}
	return flank, true
}

// share is the part of the layouts of the position in which every cell of
// mines and flank holds a mine and every cell of safe is safe, by
// inclusion and exclusion over the safe cells.
func (r *risk) share(flank, mines, safe []int) float64 {
	w := r.w
	for _, list := range [2][]int{flank, mines} {
		for _, c := range list {
			w.Cells[c] = KnownMine
		}
	}
	sum := 0.0
	for set := range 1 << len(safe) {
		sign := 1.0
		for k, c := range safe {
			if set>>k&1 == 1 {
				w.Cells[c] = KnownMine
				sign = -sign
			}
		}
		if a, err := r.pl.e.analyze(w); err == nil {
			sum += sign * math.Exp(a.lnZ-r.a.lnZ)
		}
		for k, c := range safe {
			if set>>k&1 == 1 {
				w.Cells[c] = Covered
			}
		}
	}
	for _, list := range [2][]int{flank, mines} {
		for _, c := range list {
			w.Cells[c] = Covered
		}
	}
	return max(sum, 0)
}

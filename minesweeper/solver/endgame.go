package solver

import (
	"math"
	"slices"
)

// The endgame search: when few layouts of the mines still fit the
// position, the solver lists them all and plays the game out against
// every one of them, choosing at each guess the cell with the best chance
// of winning the whole game, not just of surviving the next move (what
// JSMinesweeper calls brute-force analysis). It is exact, so it is tried
// only while it stays small: at most maxSolutions layouts, and at most
// endgameBudget looks at a layout (some tens of milliseconds).
const (
	maxSolutions  = 1000
	endgameBudget = 10_000_000
)

// endgame is one search: the unknown cells, and for every layout that
// fits, what each of those cells shows in it (-1 for a mine).
type endgame struct {
	cells  []int    // position index of each unknown cell
	shows  [][]int8 // per layout, per unknown cell
	memo   map[string]float64
	budget int
	limit  int // most layouts listed
	key    []byte
}

// newEndgame returns a search of at most limit layouts and budget looks.
func newEndgame(limit, budget int) *endgame {
	return &endgame{limit: limit, budget: budget, memo: make(map[string]float64)}
}

// endgame returns the cell with the best chance of winning, and that
// chance, when the position is small enough to search exactly.
func (pl *Player) endgame(w *Position, a *Analysis) (cell int, win float64, ok bool) {
	if !a.Exact || a.lnZ > math.Log(maxSolutions) {
		return 0, 0, false
	}
	g := newEndgame(maxSolutions, endgameBudget)
	if !g.list(w) || len(g.shows) < 2 {
		return 0, 0, false
	}
	all := make([]int32, len(g.shows))
	for i := range all {
		all[i] = int32(i)
	}
	best, bestWin := -1, -1.0
	for _, c := range g.byRisk(all) {
		if win, ok := g.guess(all, c, bestWin); ok && win > bestWin {
			best, bestWin = c, win
		}
		if g.budget < 0 {
			return 0, 0, false
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return g.cells[best], bestWin, true
}

// list finds every layout that fits w, by backtracking over the frontier
// cells and then spreading the rest of the mines over the cells off it.
// It reports false when there are more than g.limit.
func (g *endgame) list(w *Position) bool {
	var buf [8]int
	index := make(map[int]int) // position index -> unknown cell
	left := w.Mines
	type number struct {
		need, open int // mines still to place, cells still to decide
	}
	var nums []number
	var numsOf [][]int // per unknown cell: the numbers it touches
	var front, off []int
	for _, v := range w.Cells {
		if v == KnownMine {
			left--
		}
	}
	for i, v := range w.Cells {
		if v < 0 {
			continue
		}
		n := number{need: int(v)}
		for _, j := range w.neighbours(i, &buf) {
			switch w.Cells[j] {
			case KnownMine:
				n.need--
			case Covered:
				n.open++
			}
		}
		if n.open == 0 {
			continue
		}
		k := len(nums)
		nums = append(nums, n)
		for _, j := range w.neighbours(i, &buf) {
			if w.Cells[j] != Covered {
				continue
			}
			u, seen := index[j]
			if !seen {
				u = len(g.cells)
				index[j] = u
				g.cells = append(g.cells, j)
				numsOf = append(numsOf, nil)
				front = append(front, u)
			}
			numsOf[u] = append(numsOf[u], k)
		}
	}
	for i, v := range w.Cells {
		if _, seen := index[i]; v == Covered && !seen {
			index[i] = len(g.cells)
			off = append(off, len(g.cells))
			g.cells = append(g.cells, i)
		}
	}
	mine := make([]bool, len(g.cells))
	tooMany := false
	record := func() {
		if len(g.shows) >= g.limit {
			tooMany = true
			return
		}
		g.shows = append(g.shows, g.show(w, mine, index))
	}
	var offMines func(k, r int)
	offMines = func(k, r int) {
		if tooMany {
			return
		}
		if r == 0 {
			record()
			return
		}
		for j := k; j <= len(off)-r; j++ {
			mine[off[j]] = true
			offMines(j+1, r-1)
			mine[off[j]] = false
		}
	}
	var place func(k, r int)
	place = func(k, r int) {
		if tooMany {
			return
		}
		if k == len(front) {
			if r <= len(off) {
				offMines(0, r)
			}
			return
		}
		u := front[k]
		for _, m := range [2]bool{false, true} {
			if m && r == 0 {
				continue
			}
			fits := true
			for _, n := range numsOf[u] {
				need := nums[n].need
				if m {
					need--
				}
				if need < 0 || need > nums[n].open-1 {
					fits = false
				}
			}
			if !fits {
				continue
			}
			for _, n := range numsOf[u] {
				nums[n].open--
				if m {
					nums[n].need--
				}
			}
			mine[u] = m
			if m {
				place(k+1, r-1)
			} else {
				place(k+1, r)
			}
			mine[u] = false
			for _, n := range numsOf[u] {
				nums[n].open++
				if m {
					nums[n].need++
				}
			}
		}
	}
	place(0, left)
	return !tooMany
}

// show is what every unknown cell shows in the layout mine.
func (g *endgame) show(w *Position, mine []bool, index map[int]int) []int8 {
	var buf [8]int
	s := make([]int8, len(g.cells))
	for u, i := range g.cells {
		if mine[u] {
			s[u] = -1
			continue
		}
		n := int8(0)
		for _, j := range w.neighbours(i, &buf) {
			if w.Cells[j] == KnownMine {
				n++
			} else if v, ok := index[j]; ok && mine[v] {
				n++
			}
		}
		s[u] = n
	}
	return s
}

// byRisk returns the cells worth guessing among the layouts set, the
// safest first: those that hold a mine in some layouts and not in others.
func (g *endgame) byRisk(set []int32) []int {
	type risk struct{ cell, mines int }
	var rs []risk
	for c := range g.cells {
		m := 0
		for _, s := range set {
			if g.shows[s][c] < 0 {
				m++
			}
		}
		if m > 0 && m < len(set) {
			rs = append(rs, risk{c, m})
		}
	}
	slices.SortStableFunc(rs, func(x, y risk) int { return x.mines - y.mines })
	out := make([]int, len(rs))
	for i, r := range rs {
		out[i] = r.cell
	}
	return out
}

// win is the chance of winning from the layouts set with best play.
func (g *endgame) win(set []int32) float64 {
	g.budget -= len(set)
	if len(set) == 1 || g.budget < 0 {
		return 1
	}
	g.key = g.key[:0]
	for _, s := range set {
		g.key = append(g.key, byte(s), byte(s>>8))
		if g.limit > 1<<16 {
			g.key = append(g.key, byte(s>>16), byte(s>>24))
		}
	}
	if v, ok := g.memo[string(g.key)]; ok {
		return v
	}
	g.budget -= len(set) * len(g.cells)
	key := string(g.key)
	// A cell safe in every layout but showing different numbers is free
	// information: open it first.
	for c := range g.cells {
		free, differs := true, false
		first := g.shows[set[0]][c]
		for _, s := range set {
			v := g.shows[s][c]
			if v < 0 {
				free = false
				break
			}
			differs = differs || v != first
		}
		if free && differs {
			v := g.split(set, c, len(set))
			g.memo[key] = v
			return v
		}
	}
	best := 0.0
	for _, c := range g.byRisk(set) {
		if v, ok := g.guess(set, c, best); ok && v > best {
			best = v
		}
	}
	g.memo[key] = best
	return best
}

// guess is the chance of winning from set by opening cell c next; it
// gives up (false) when c cannot beat floor even if it always wins after.
func (g *endgame) guess(set []int32, c int, floor float64) (float64, bool) {
	safe := 0
	for _, s := range set {
		if g.shows[s][c] >= 0 {
			safe++
		}
	}
	if float64(safe)/float64(len(set)) <= floor {
		return 0, false
	}
	return g.split(set, c, len(set)), true
}

// split opens c (safe in some of set): the layouts where it is safe part
// by the number it shows, and each part is played on. The result is the
// chance of winning, out of total layouts.
func (g *endgame) split(set []int32, c, total int) float64 {
	g.budget -= len(set)
	var parts [9][]int32
	for _, s := range set {
		if v := g.shows[s][c]; v >= 0 {
			parts[v] = append(parts[v], s)
		}
	}
	sum := 0.0
	for _, p := range parts {
		if len(p) > 0 {
			sum += float64(len(p)) * g.win(p)
		}
	}
	return sum / float64(total)
}

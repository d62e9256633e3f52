package solver

import "math/rand/v2"

// Layout is a field with its mines known: what the generator builds and
// checks, and what the tests play. The rules are the game's: opening a
// blank opens its blank region and the numbers around it.
type Layout struct {
	Rows, Cols int
	Mine       []bool
	count      []int8
	pos        *Position // what a player sees so far
	safeLeft   int
	stack      []int
}

// Lay places mines as the game does at a first opening at cell first:
// uniformly among the cells outside first and its neighbours, or outside
// first only when too few cells are left there. It returns the layout with
// nothing open yet.
func Lay(rows, cols, mines, first int, rng *rand.Rand) *Layout {
	l := &Layout{Rows: rows, Cols: cols, Mine: make([]bool, rows*cols)}
	cand := freeCells(rows, cols, mines, first)
	for k := range mines {
		j := k + rng.IntN(len(cand)-k)
		cand[k], cand[j] = cand[j], cand[k]
		l.Mine[cand[k]] = true
	}
	l.Reset()
	return l
}

// freeCells returns the cells a mine may go in for a first opening at
// cell first, by the game's rule.
func freeCells(rows, cols, mines, first int) []int {
	r0, c0 := first/cols, first%cols
	r1, r2, c1, c2 := max(r0-1, 0), min(r0+1, rows-1), max(c0-1, 0), min(c0+1, cols-1)
	if rows*cols-(r2-r1+1)*(c2-c1+1) < mines {
		r1, r2, c1, c2 = r0, r0, c0, c0
	}
	cand := make([]int, 0, rows*cols)
	for r := range rows {
		for c := range cols {
			if r < r1 || r > r2 || c < c1 || c > c2 {
				cand = append(cand, r*cols+c)
			}
		}
	}
	return cand
}

// NewLayout returns the layout of the given mines, nothing open.
func NewLayout(rows, cols int, mine []bool) *Layout {
	l := &Layout{Rows: rows, Cols: cols, Mine: append([]bool(nil), mine...)}
	l.Reset()
	return l
}

// Reset covers every cell again and recounts the neighbours.
func (l *Layout) Reset() {
	n := l.Rows * l.Cols
	mines := 0
	for _, m := range l.Mine {
		if m {
			mines++
		}
	}
	l.pos = NewPosition(l.Rows, l.Cols, mines)
	l.count = make([]int8, n)
	l.safeLeft = n - mines
	var buf [8]int
	for i, m := range l.Mine {
		if m {
			for _, j := range l.pos.neighbours(i, &buf) {
				l.count[j]++
			}
		}
	}
}

// Position returns what a player sees: open numbers and covered cells.
// It is the layout's own; callers must not change it.
func (l *Layout) Position() *Position { return l.pos }

// Solved reports whether every safe cell is open.
func (l *Layout) Solved() bool { return l.safeLeft == 0 }

// Open opens cell i, flooding from a blank, and reports false if it holds
// a mine (then nothing opens).
func (l *Layout) Open(i int) bool {
	if l.Mine[i] {
		return false
	}
	if l.pos.Cells[i] >= 0 {
		return true
	}
	l.show(i)
	var buf [8]int
	stack := append(l.stack[:0], i)
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if l.count[j] != 0 {
			continue
		}
		for _, n := range l.pos.neighbours(j, &buf) {
			if l.pos.Cells[n] < 0 {
				l.show(n)
				stack = append(stack, n)
			}
		}
	}
	l.stack = stack
	return true
}

func (l *Layout) show(i int) {
	l.pos.Cells[i] = l.count[i]
	l.safeLeft--
}

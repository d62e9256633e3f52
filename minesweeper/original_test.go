package minesweeper

import (
	"math/rand/v2"
	"sort"
)

// original is a port of the React original's game state, kept only as the
// baseline of the benchmarks: lists of 1-based positions, each question
// ("is there a mine here?", "is this open?", "was this visited?") answered
// by scanning a list with some(), and a recursive flood.
type original struct {
	row, col, mine int
	mineInfo       []opos
	info           [][]int
	opened         []opos
}

type opos struct{ row, col int }

// some is JavaScript's Array.prototype.some.
func some[T any](list []T, pred func(T) bool) bool {
	for _, e := range list {
		if pred(e) {
			return true
		}
	}
	return false
}

// generate is the post's 2-1 and 2-2: shuffle 1..row*col by sorting with a
// random comparator, take the first mines, then count each cell's eight
// neighbours with eight scans of the mine list.
func (o *original) generate(rng *rand.Rand) {
	temp := make([]int, 0, o.row*o.col)
	for i := 1; i <= o.row*o.col; i++ {
		temp = append(temp, i)
	}
	// temp.sort(() => Math.random() - 0.5)
	sort.Slice(temp, func(i, j int) bool { return rng.Float64()-0.5 < 0 })
	o.mineInfo = o.mineInfo[:0]
	for _, e := range temp[:o.mine] {
		o.mineInfo = append(o.mineInfo, opos{row: (e-1)/o.col + 1, col: e - ((e-1)/o.col)*o.col})
	}
	o.count()
}

// count is the post's 2-2, check for check.
func (o *original) count() {
	has := func(r, c int) bool {
		return some(o.mineInfo, func(e opos) bool { return e.row == r && e.col == c })
	}
	o.info = make([][]int, o.row)
	for i := 0; i < o.row; i++ {
		o.info[i] = make([]int, o.col)
		for j := 0; j < o.col; j++ {
			cnt := 0
			for _, p := range [8]opos{{i + 1, j}, {i + 1, j + 2}, {i + 2, j}, {i + 2, j + 1},
				{i + 2, j + 2}, {i, j}, {i, j + 1}, {i, j + 2}} {
				if has(p.row, p.col) {
					cnt++
				}
			}
			o.info[i][j] = cnt
		}
	}
}

// clickCover is the post's 3-1 for a safe cell: open it, and flood from it
// when it is a blank.
func (o *original) clickCover(row, col int) {
	o.opened = append(o.opened, opos{row, col})
	if o.info[row-1][col-1] == 0 {
		his := [][2]int{{0, 0}}
		o.findBlank(row, col, &his)
	}
}

// findBlank is the post's recursive flood, with its history list.
func (o *original) findBlank(rowA, colA int, his *[][2]int) {
	temp := [8][2]int{
		{rowA + 1, colA + 1}, {rowA + 1, colA - 1}, {rowA - 1, colA + 1}, {rowA - 1, colA - 1},
		{rowA - 1, colA}, {rowA, colA - 1}, {rowA, colA + 1}, {rowA + 1, colA},
	}
	*his = append(*his, [2]int{rowA, colA})
	for _, t := range temp {
		nRow, nCol := t[0], t[1]
		if some(*his, func(e [2]int) bool { return e[0] == nRow && e[1] == nCol }) {
			continue
		}
		if !some(o.mineInfo, func(e opos) bool { return e.row == nRow && e.col == nCol }) &&
			!some(o.opened, func(e opos) bool { return e.row == nRow && e.col == nCol }) {
			if nRow > 0 && nCol > 0 && nRow < o.row+1 && nCol < o.col+1 {
				o.opened = append(o.opened, opos{nRow, nCol})
				if o.info[nRow-1][nCol-1] == 0 {
					o.findBlank(nRow, nCol, his)
				}
			}
		}
	}
}

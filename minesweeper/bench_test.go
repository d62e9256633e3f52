package minesweeper

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"termgames/console"
	"termgames/internal/screentest"
)

// The benchmarks run the original's way and ours side by side, as
// sub-benchmarks of one benchmark, so one run gives the ratio: ours reports
// "x-faster", the original's time per operation divided by ours.
//
//	go test -run '^$' -bench . -benchmem ./minesweeper/

// BenchmarkOpenMineFree100x100 opens a 100x100 field without mines: one
// opening opens all 10,000 cells.
func BenchmarkOpenMineFree100x100(b *testing.B) {
	screentest.SideBySide(b, "original", func(b *testing.B) {
		for b.Loop() {
			o := &original{row: 100, col: 100}
			o.count()
			o.clickCover(51, 51)
			if len(o.opened) != 100*100 {
				b.Fatalf("%d cells opened", len(o.opened))
			}
		}
	}, func(b *testing.B) {
		for b.Loop() {
			f := newField(Level{Rows: 100, Cols: 100}, nil)
			f.placed = true
			f.Open(50, 50)
			if f.safeLeft != 0 {
				b.Fatal("the field did not open")
			}
		}
	})
}

// BenchmarkExpertBoard lays the mines of an expert board and counts every
// cell's neighbours.
func BenchmarkExpertBoard(b *testing.B) {
	expert := Levels()[2]
	rng := rand.New(rand.NewPCG(1, 1))
	screentest.SideBySide(b, "original", func(b *testing.B) {
		for b.Loop() {
			o := &original{row: expert.Rows, col: expert.Cols, mine: expert.Mines}
			o.generate(rng)
		}
	}, func(b *testing.B) {
		for b.Loop() {
			f := newField(expert, rng)
			f.place(f.index(7, 14))
		}
	})
}

// TestOriginalAgrees checks that the baseline is a fair one: on random
// fields, the port of the original opens exactly the cells ours opens and
// counts the same numbers.
func TestOriginalAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 300 {
		rows, cols := 2+rng.IntN(14), 2+rng.IntN(14)
		mines := rng.IntN(rows * cols / 4)
		f := newField(Level{Rows: rows, Cols: cols, Mines: mines}, rng)
		f.placed = true
		o := &original{row: rows, col: cols, mine: mines}
		for _, i := range rng.Perm(rows * cols)[:mines] {
			f.mine[i] = true
			o.mineInfo = append(o.mineInfo, opos{i/cols + 1, i%cols + 1})
		}
		f.countMines()
		o.count()
		for i := range f.count {
			if !f.mine[i] && int(f.count[i]) != o.info[i/cols][i%cols] {
				t.Fatalf("trial %d: cell %d counts %d, the original %d", trial, i, f.count[i], o.info[i/cols][i%cols])
			}
		}
		first := rng.IntN(rows * cols)
		if f.mine[first] {
			continue
		}
		f.Open(first/cols, first%cols)
		o.clickCover(first/cols+1, first%cols+1)
		openSet := map[int]bool{}
		for _, p := range o.opened {
			openSet[(p.row-1)*cols+p.col-1] = true
		}
		for i := range f.cover {
			if (f.cover[i] == open) != openSet[i] {
				t.Fatalf("trial %d: cell %d open %v, in the original %v", trial, i, f.cover[i] == open, openSet[i])
			}
		}
	}
}

// TestOriginalShuffleBiased shows what the uniform placement fixes, and
// that TestPlacementUniform's statistic can tell: the original's
// sort-with-a-random-comparator puts 2 mines on 12 cells far from evenly.
func TestOriginalShuffleBiased(t *testing.T) {
	const boards = 33000
	rng := rand.New(rand.NewPCG(2024, 7))
	counts := map[[2]opos]int{}
	for range boards {
		o := &original{row: 3, col: 4, mine: 2}
		o.generate(rng)
		a, b := o.mineInfo[0], o.mineInfo[1]
		if b.row < a.row || (b.row == a.row && b.col < a.col) {
			a, b = b, a
		}
		counts[[2]opos{a, b}]++
	}
	want := float64(boards) / 66
	stat := 0.0
	for _, n := range counts {
		d := float64(n) - want
		stat += d * d / want
	}
	stat += float64(66-len(counts)) * want // sets that never came up
	if limit := chiSquare999(65); stat <= limit {
		t.Errorf("chi-square %.1f is under %.1f: the original's shuffle looks uniform", stat, limit)
	}
	t.Logf("the original's shuffle: chi-square %.0f (uniform would stay under %.1f)", stat, chiSquare999(65))
}

// BenchmarkViewMove100x100 draws a 100 x 100 board after a cursor move, the
// field unchanged: "original" is the way before Field.Changes and the kept
// status and help lines, which looked at all 10,000 cells on every frame
// to find the rows that changed, and built the status line and the help
// again; "ours" looks at no cell and builds only the two rows the cursor
// left and entered.
//
//	go test -run '^$' -bench ViewMove ./minesweeper/
func BenchmarkViewMove100x100(b *testing.B) {
	w := console.NewCondition(console.Narrow)
	size := console.Size{Width: 210, Height: 110}
	board100 := func(b *testing.B) *board {
		a := New(Options{Width: w, Rand: rand.New(rand.NewPCG(1, 2)), Scores: filepath.Join(b.TempDir(), "s.json")}, nil).(*app)
		bd := a.play(Level{Rows: 100, Cols: 100, Mines: 1500}).(*board)
		bd.open(bd.row, bd.col, time.Time{})
		bd.View(size)
		return bd
	}
	run := func(forget bool) func(b *testing.B) {
		return func(b *testing.B) {
			bd := board100(b)
			n := 0
			for b.Loop() {
				bd.move(0, 1-2*(n%2))
				if forget {
					bd.drawn.field = nil // as before: every cell looked at,
					bd.top = topLine{}   // the status line and the help built
					bd.app.helpSpans = nil
				}
				if f := bd.View(size); len(f.Rows) < boardTop+100 {
					b.Fatalf("%d rows", len(f.Rows))
				}
				n++
			}
		}
	}
	screentest.SideBySide(b, "original", run(true), run(false))
}

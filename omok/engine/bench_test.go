package engine

import (
	"context"
	"fmt"
	"testing"
)

// benchBoard is a middle-game position from the tactical suite's games.
func benchBoard(b *testing.B) *Board {
	b.Helper()
	t := &testing.T{}
	var best tactic
	for _, tc := range readTactics(t) {
		if len(tc.moves) > len(best.moves) && tc.kind == "defend" {
			best = tc
		}
	}
	board, err := NewBoard(15, Freestyle)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range best.moves {
		if err := board.Play(p); err != nil {
			b.Fatal(err)
		}
	}
	return board
}

// windowEval is the naive evaluation many simple gomoku programs use: slide
// every five-cell window along every line of the board and score the
// windows that hold stones of one colour only. It rescans the whole board
// for each position.
func windowEval(g []Color, n int, me Color) int {
	weight := [6]int{0, 1, 10, 100, 1000, 100000}
	v := 0
	for y := range n {
		for x := range n {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				ex, ey := x+4*d[0], y+4*d[1]
				if ex < 0 || ex >= n || ey < 0 || ey >= n {
					continue
				}
				var cnt [3]int
				for k := range 5 {
					cnt[g[(y+k*d[1])*n+x+k*d[0]]]++
				}
				switch {
				case cnt[me] > 0 && cnt[me.Other()] == 0:
					v += weight[cnt[me]]
				case cnt[me.Other()] > 0 && cnt[me] == 0:
					v -= weight[cnt[me.Other()]]
				}
			}
		}
	}
	return v
}

// BenchmarkEval compares what one step of a search costs: play a move,
// evaluate, take it back. The naive way rescans the board's windows; the
// engine updates the patterns of the forty cells on the move's lines and
// reads the totals. The pattern-table run reports "x-faster", the naive
// time divided by its own.
//
//	go test -run '^$' -bench Eval ./omok/engine/
func BenchmarkEval(b *testing.B) {
	board := benchBoard(b)
	var moves []int
	for _, i := range board.area {
		if board.cells[i] == cEmpty {
			moves = append(moves, i)
		}
	}
	n := board.n
	grid := make([]Color, n*n)
	for y := range n {
		for x := range n {
			grid[y*n+x] = board.At(Point{x, y})
		}
	}
	me := board.ToMove()
	var naiveNs float64
	sink := 0
	b.Run("naive-window-scan", func(b *testing.B) {
		k := 0
		for b.Loop() {
			p := board.point(moves[k%len(moves)])
			grid[p.Y*n+p.X] = me
			sink += windowEval(grid, n, me.Other())
			grid[p.Y*n+p.X] = None
			k++
		}
		naiveNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("pattern-table", func(b *testing.B) {
		k := 0
		for b.Loop() {
			board.play(moves[k%len(moves)])
			sink += int(board.evaluate())
			board.undo()
			k++
		}
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		if naiveNs > 0 && ns > 0 {
			b.ReportMetric(naiveNs/ns, "x-faster")
		}
	})
	_ = sink
}

// BenchmarkSearch reports the hard level's nodes per second on a middle-game
// position (200,000 nodes a move).
//
//	go test -run '^$' -bench Search ./omok/engine/
func BenchmarkSearch(b *testing.B) {
	board := benchBoard(b)
	e := New(Hard, nil)
	var nodes int64
	for b.Loop() {
		e.Reset()
		r, err := e.Think(context.Background(), board, Limits{Nodes: 200000})
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkVCF times the search for a win by continuous fours on each VCF
// position of the suite, from a cold cache (the searcher's buffers are made
// once, outside the timing).
//
//	go test -run '^$' -bench VCF ./omok/engine/
func BenchmarkVCF(b *testing.B) {
	t := &testing.T{}
	for _, tc := range readTactics(t) {
		if tc.kind != "vcf" {
			continue
		}
		board, err := NewBoard(15, Freestyle)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range tc.moves {
			_ = board.Play(p)
		}
		b.Run(fmt.Sprintf("line%d", tc.line), func(b *testing.B) {
			var nodes int64
			s := newSearcher(board, newTable(1<<16))
			for b.Loop() {
				clear(s.threats.e)
				s.nodes = 0
				if w, _ := s.vcf(0, 24); !w {
					b.Fatal("no VCF found")
				}
				nodes += s.nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

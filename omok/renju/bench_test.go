package renju

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchPositions returns dense random positions (see densePosition) and
// their empty points, the same ones on every run.
func benchPositions(size int) ([]*Board, [][]Point) {
	rng := rand.New(rand.NewPCG(7, uint64(size)))
	var boards []*Board
	var empty [][]Point
	for range 32 {
		b := densePosition(rng, size)
		var ps []Point
		for i, c := range b.cells {
			if c == Empty {
				ps = append(ps, Point{i / size, i % size})
			}
		}
		boards, empty = append(boards, b), append(empty, ps)
	}
	return boards, empty
}

// candidates keeps the points where black has two threes or more under
// renju, before asking whether they are real: the points that recurse.
func candidates(boards []*Board, empty [][]Point) [][]Point {
	out := make([][]Point, len(boards))
	for i, b := range boards {
		for _, p := range empty[i] {
			threes := 0
			for d := range steps {
				if b.line(d, p.Row, p.Col, Black).kind() == kindThree {
					threes++
				}
			}
			if threes >= 2 {
				out[i] = append(out[i], p)
			}
		}
	}
	return out
}

// BenchmarkForbidden measures one point's check for black under renju, on
// every empty point of dense random positions (and, as "double-three",
// only on the points with two threes or more, which recurse), both ways:
// the brute force of the tests and the tables. The tables' runs report
// "x-faster", the brute force's time per point divided by theirs.
//
//	go test -run '^$' -bench Forbidden$ ./omok/renju/
func BenchmarkForbidden(b *testing.B) {
	boards, empty := benchPositions(15)
	sets := []struct {
		name   string
		points [][]Point
	}{{"15x15/any", empty}, {"15x15/double-three", candidates(boards, empty)}}
	for _, set := range sets {
		var flat []struct {
			board int
			p     Point
		}
		for i, ps := range set.points {
			for _, p := range ps {
				flat = append(flat, struct {
					board int
					p     Point
				}{i, p})
			}
		}
		grids := make([]*grid, len(boards))
		for i, bd := range boards {
			grids[i] = gridOf(bd)
		}
		var bruteNs float64
		b.Run(set.name+"/brute-force", func(b *testing.B) {
			i := 0
			for b.Loop() {
				f := flat[i%len(flat)]
				grids[f.board].bruteForbidden(Renju, Black, f.p.Row, f.p.Col)
				i++
			}
			bruteNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		})
		b.Run(set.name+"/tables", func(b *testing.B) {
			i := 0
			for b.Loop() {
				f := flat[i%len(flat)]
				boards[f.board].Forbidden(Renju, Black, f.p)
				i++
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if bruteNs > 0 && ns > 0 {
				b.ReportMetric(bruteNs/ns, "x-faster")
			}
		})
	}
}

// BenchmarkForbiddenMap measures the whole board's forbidden map for black
// under renju, as the screen needs it after every move, both ways on the
// same dense random positions, 15x15 and 19x19.
//
//	go test -run '^$' -bench ForbiddenMap ./omok/renju/
func BenchmarkForbiddenMap(b *testing.B) {
	for _, size := range []int{15, 19} {
		boards, _ := benchPositions(size)
		grids := make([]*grid, len(boards))
		for i, bd := range boards {
			grids[i] = gridOf(bd)
		}
		var bruteNs float64
		b.Run(fmt.Sprintf("%dx%d/brute-force", size, size), func(b *testing.B) {
			i := 0
			for b.Loop() {
				grids[i%len(grids)].bruteMap(Renju, Black)
				i++
			}
			bruteNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		})
		b.Run(fmt.Sprintf("%dx%d/tables", size, size), func(b *testing.B) {
			var dst []Shape
			i := 0
			for b.Loop() {
				dst = boards[i%len(boards)].ForbiddenMap(Renju, Black, dst)
				i++
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if bruteNs > 0 && ns > 0 {
				b.ReportMetric(bruteNs/ns, "x-faster")
			}
		})
	}
}

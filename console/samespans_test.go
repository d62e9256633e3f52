package console

import (
	"slices"
	"testing"
)

// BenchmarkSameRows measures how the renderer knows the rows of a frame
// that did not change, on a 100 x 100 minesweeper board's 110 rows of up
// to 100 spans, each row kept by the screen from frame to frame: span by
// span as before (slices.Equal), or by the slice itself first (sameSpans).
// It reports x-faster, old over new.
//
//	go test -run '^$' -bench SameRows ./console/
func BenchmarkSameRows(b *testing.B) {
	rows := make([][]Span, 110)
	for y := range rows {
		rows[y] = make([]Span, 100)
		for x := range rows[y] {
			rows[y][x] = Span{Col: 2 + 2*x, Text: "■ "}
		}
	}
	var oldNs float64
	for _, way := range []struct {
		name string
		same func(a, b []Span) bool
	}{{"old", slices.Equal[[]Span]}, {"new", sameSpans}} {
		b.Run(way.name, func(b *testing.B) {
			kept := slices.Clone(rows) // the renderer's: the same row slices
			if way.name == "old" {
				for y := range kept { // before, the renderer kept copies
					kept[y] = slices.Clone(rows[y])
				}
			}
			n := 0
			for b.Loop() {
				for y := range rows {
					if way.same(rows[y], kept[y]) {
						n++
					}
				}
			}
			if n == 0 {
				b.Fatal("no row known again")
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if way.name == "old" {
				oldNs = ns
			} else if oldNs > 0 {
				b.ReportMetric(oldNs/ns, "x-faster")
			}
		})
	}
}

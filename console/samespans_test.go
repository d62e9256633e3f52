package console

import (
	"slices"
	"testing"
)

// BenchmarkSameRows measures what it costs the renderer to know the rows of
// a frame that did not change, on a 100 x 100 minesweeper board's 110 rows
// of up to 100 spans, each row kept by the screen from frame to frame:
// "identity" trusts a row that is the very slice drawn last time without
// reading it (which misses a row the screen changed in place), "content"
// compares every span with the renderer's own copy, as render does. It
// reports the content way's cost as x-slower, content over identity; both
// are per frame, far under a millisecond.
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
	identity := func(a, b []Span) bool {
		return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
	}
	var identityNs float64
	for _, way := range []struct {
		name string
		same func(a, b []Span) bool
	}{{"identity", identity}, {"content", slices.Equal[[]Span]}} {
		b.Run(way.name, func(b *testing.B) {
			kept := slices.Clone(rows) // the identity way keeps the screen's slices
			if way.name == "content" {
				for y := range kept { // render keeps copies
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
			b.ReportMetric(ns/1000, "µs/frame")
			if way.name == "identity" {
				identityNs = ns
			} else if identityNs > 0 {
				b.ReportMetric(ns/identityNs, "x-slower")
			}
		})
	}
}

package screentest

import (
	"io"
	"testing"
)

// Endless returns an input that never ends: b again and again, as
// `yes ”` pipes in. Tests use it to show that a reader stops on its own.
func Endless(b []byte) io.Reader { return endless{b} }

type endless struct{ b []byte }

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], e.b)
	}
	return n, nil
}

// SideBySide runs a benchmark's reference way (named name: "original",
// "reference") and then ours as sub-benchmarks of one benchmark, so that
// one run gives the ratio: ours reports "x-faster", the reference's time
// per operation divided by ours.
func SideBySide(b *testing.B, name string, reference, ours func(b *testing.B)) {
	var refNs float64
	b.Run(name, func(b *testing.B) {
		reference(b)
		refNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("ours", func(b *testing.B) {
		ours(b)
		if ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N); refNs > 0 && ns > 0 {
			b.ReportMetric(refNs/ns, "x-faster")
		}
	})
}

package solver

import (
	"testing"

	"termgames/internal/screentest"
)

//	go test -run '^$' -bench . -benchmem ./minesweeper/solver/
//
// Each benchmark runs the reference way and ours as sub-benchmarks of one
// benchmark, so one run gives the ratio: ours reports "x-faster", the
// reference's time per operation divided by ours.

// guessPositions returns expert positions from real games where nothing
// is certain by the local rules, so the engine has to count.
func guessPositions(b *testing.B, n int) []*Position {
	var out []*Position
	playGames(b, 99, 90, func(p *Position, _ *Layout, step Step) {
		if step.Guess && p.Rows == 16 && p.Cols == 30 && len(out) < n {
			out = append(out, p)
		}
	})
	if len(out) == 0 {
		b.Fatal("no positions")
	}
	return out
}

// BenchmarkCountVsBruteForce: counting boxes per component against
// enumerating every subset of the covered cells, on the same small
// positions.
func BenchmarkCountVsBruteForce(b *testing.B) {
	var ps []*Position
	for _, p := range smallPositionsForBench() {
		if coveredCells(p) <= 16 && coveredCells(p) >= 12 {
			ps = append(ps, p)
		}
	}
	screentest.SideBySide(b, "reference", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			bruteForce(b, ps[i%len(ps)])
		}
	}, func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if _, err := Analyze(ps[i%len(ps)]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func smallPositionsForBench() []*Position {
	return smallPositions(newRand(21), 100)
}

// BenchmarkAnalyzeExpert: one full analysis of an expert position where
// a guess is due (certain cells, every probability).
func BenchmarkAnalyzeExpert(b *testing.B) {
	ps := guessPositions(b, 50)
	for i := 0; b.Loop(); i++ {
		if _, err := Analyze(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStepExpert: the player's whole step on those positions, the
// plain safest-cell guess against the look-ahead guess; the ratio is
// below 1: it is what the look-ahead costs.
func BenchmarkStepExpert(b *testing.B) {
	ps := guessPositions(b, 50)
	step := func(plain bool) func(b *testing.B) {
		return func(b *testing.B) {
			pl := Player{Plain: plain}
			for i := 0; b.Loop(); i++ {
				pl.Reset()
				if _, err := pl.Next(ps[i%len(ps)]); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	screentest.SideBySide(b, "reference", step(true), step(false))
}

// BenchmarkNoGuessExpert: one no-guess expert board, first opening at
// the centre.
func BenchmarkNoGuessExpert(b *testing.B) {
	rng := newRand(5)
	for b.Loop() {
		if _, err := NoGuess(b.Context(), 16, 30, 99, 8*30+15, rng, nil); err != nil {
			b.Fatal(err)
		}
	}
}

//go:build !race

package minesweeper

import (
	"context"
	"testing"
)

// This file is left out under the race detector, which makes the solver
// about fifteen times slower: CI runs it in its plain "go test ./..." pass.

// TestSolverBenchFloor plays a small fixed bench through the game's own
// Field. The seeds are fixed, so the numbers are too; the floors sit well
// under the targets (97%, 89%, 54% over 10,000 games) so that only a real
// regression of the solver trips them.
func TestSolverBenchFloor(t *testing.T) {
	floors := map[string]struct {
		games int
		floor float64
	}{
		"beginner":     {300, 0.92},
		"intermediate": {200, 0.80},
		"expert":       {150, 0.42},
	}
	for _, l := range Levels() {
		fl := floors[l.Name]
		r, err := Bench(context.Background(), l, fl.games, 2026, false)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(r)
		if rate := float64(r.Won) / float64(r.Games); rate < fl.floor {
			t.Errorf("%s: won %d of %d, floor %.0f%%", l.Name, r.Won, r.Games, 100*fl.floor)
		}
	}
}

package main

import (
	"testing"

	"termgames/omok"
)

// TestOmokOptionsCarryTheRandomSource: the computer omok player gets the
// game's random source, from -seed or a fresh seed, as baseball and
// minesweeper do; without it every game against the easy level went the
// same way for the same moves.
func TestOmokOptionsCarryTheRandomSource(t *testing.T) {
	c := common{seed: 7, seeded: true}
	a, b := omokOptions(c, nil, 15, omok.Freestyle), omokOptions(c, nil, 15, omok.Freestyle)
	if a.Rand == nil || b.Rand == nil {
		t.Fatal("omok gets no random source")
	}
	if a.Rand.Uint64() != b.Rand.Uint64() {
		t.Error("the same -seed gives different games")
	}
	if x, y := omokOptions(common{}, nil, 15, omok.Freestyle).Rand.Uint64(), omokOptions(common{}, nil, 15, omok.Freestyle).Rand.Uint64(); x == y {
		t.Error("without -seed two sessions draw the same numbers")
	}
}

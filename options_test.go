package main

import "testing"

// TestEnvCarriesTheRandomSource: every game gets its random source from
// -seed, or from a fresh seed; without it every game against the easy
// omok level went the same way for the same moves.
func TestEnvCarriesTheRandomSource(t *testing.T) {
	c := common{seed: 7, seeded: true}
	a, b := c.env(), c.env()
	if a.Rand == nil || b.Rand == nil {
		t.Fatal("no random source")
	}
	if a.Rand.Uint64() != b.Rand.Uint64() {
		t.Error("the same -seed gives different games")
	}
	var fresh common
	if x, y := fresh.env().Rand.Uint64(), fresh.env().Rand.Uint64(); x == y {
		t.Error("without -seed two runs draw the same numbers")
	}
}

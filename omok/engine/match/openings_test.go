package main

import (
	"testing"

	"termgames/omok/engine"
)

// TestOpeningsFile checks the balanced openings the ladder is measured
// from, and those tuning plays from: three to five stones in the 5x5
// square at the centre of 15x15, no five, none twice, and none in both
// files, so that what is tuned is never what is measured.
func TestOpeningsFile(t *testing.T) {
	seen := map[string]string{}
	for _, f := range []string{"testdata/openings.txt", "testdata/tuning-openings.txt"} {
		book, err := readOpenings(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(book) < 20 {
			t.Fatalf("%s: %d openings, want at least 20 (40 games with colours swapped)", f, len(book))
		}
		for k, o := range book {
			if len(o) < 3 || len(o) > 5 {
				t.Errorf("%s: opening %d: %d stones", f, k+1, len(o))
			}
			for _, p := range o {
				if p.X < 5 || p.X > 9 || p.Y < 5 || p.Y > 9 {
					t.Errorf("%s: opening %d: %v is not near the centre", f, k+1, p)
				}
			}
			b, err := engine.Setup(15, engine.Freestyle, everyOther(o, 0), everyOther(o, 1))
			if err != nil || b.Winner() != engine.None {
				t.Errorf("%s: opening %d: %v", f, k+1, err)
			}
			key := formatOpening(o)
			if where, ok := seen[key]; ok {
				t.Errorf("%s: opening %d: %s is in %s already", f, k+1, key, where)
			}
			seen[key] = f
		}
	}
}

package match

import (
	"testing"

	"termgames/omok/engine"
)

// TestOpeningsFile checks the balanced openings the ladder is measured
// from: three to five stones in the 5x5 square at the centre of 15x15, no
// five, none twice.
func TestOpeningsFile(t *testing.T) {
	book, err := readOpenings("testdata/openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(book) < 20 {
		t.Fatalf("%d openings, want 20 (40 games with colours swapped)", len(book))
	}
	seen := map[string]bool{}
	for k, o := range book {
		if len(o) < 3 || len(o) > 5 {
			t.Errorf("opening %d: %d stones", k+1, len(o))
		}
		for _, p := range o {
			if p.X < 5 || p.X > 9 || p.Y < 5 || p.Y > 9 {
				t.Errorf("opening %d: %v is not near the centre", k+1, p)
			}
		}
		b, err := engine.Setup(15, engine.Freestyle, everyOther(o, 0), everyOther(o, 1))
		if err != nil || b.Winner() != engine.None {
			t.Errorf("opening %d: %v", k+1, err)
		}
		key := formatOpening(o)
		if seen[key] {
			t.Errorf("opening %d: %s twice", k+1, key)
		}
		seen[key] = true
	}
}

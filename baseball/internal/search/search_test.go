package search

import (
	"bytes"
	"testing"

	"termgames/baseball/internal/optimal"
)

func TestGames(t *testing.T) {
	for _, tc := range []struct {
		g                Game
		numbers, answers int
	}{
		{Game{Places: 3}, 504, 9},
		{Game{Places: 3, Zero: true}, 720, 9},
		{Game{Places: 4}, 3024, 14},
		{Game{Places: 4, Zero: true}, 5040, 14},
	} {
		if n := len(tc.g.Numbers()); n != tc.numbers || tc.g.Answers() != tc.answers {
			t.Errorf("%v: %d numbers, %d answers", tc.g, n, tc.g.Answers())
		}
		// Every code is some answer's, once, and the codes of the answers
		// that happen are exactly 0 to Answers-1.
		seen := map[int]bool{}
		all := tc.g.Numbers()
		for _, x := range all {
			c := tc.g.Code(tc.g.Score(x, all[0]))
			if c < 0 || c >= tc.g.Answers() {
				t.Fatalf("%v: code %d", tc.g, c)
			}
			seen[c] = true
		}
		if len(seen) != tc.answers {
			t.Errorf("%v: %d codes happen, want %d", tc.g, len(seen), tc.answers)
		}
	}
}

// TestCodesAreOptimals: with three places the codes are package
// optimal's, so that the baseball package reads both kinds of table alike.
func TestCodesAreOptimals(t *testing.T) {
	g := Game{Places: 3}
	for s := -1; s <= 4; s++ {
		for b := -1; b <= 4; b++ {
			if got, want := g.Code(s, b), optimal.Code(s, b); got != want {
				t.Errorf("Code(%d, %d) = %d, optimal's %d", s, b, got, want)
			}
		}
	}
}

// TestExactAgreesWithOptimal: searched whole (every set exact), the
// original's game costs 2337, the least total that package optimal
// proves; the three-digit game with 0 costs 3575.
func TestExactAgreesWithOptimal(t *testing.T) {
	for _, tc := range []struct {
		g            Game
		total, worst int
	}{
		{Game{Places: 3}, 2337, 6},
		{Game{Places: 3, Zero: true}, 3575, 7},
	} {
		s := NewSolver(tc.g, Shipped(tc.g))
		total, worst, _, ok := tc.g.Stats(s.Tree())
		if !ok || total != tc.total || worst != tc.worst {
			t.Errorf("%v: total %d, worst %d, complete %v; want %d and %d", tc.g, total, worst, ok, tc.total, tc.worst)
		}
	}
}

// TestNarrowSearch: the limited search finds a complete tree of four
// digits quickly, and Encode and Decode keep it whole.
func TestNarrowSearch(t *testing.T) {
	g := Game{Places: 4}
	tree := NewSolver(g, Config{Exact: 8, Width: 1}).Tree()
	total, worst, spread, ok := g.Stats(tree)
	if !ok || total > 15200 || worst > 8 {
		t.Fatalf("total %d, worst %d, complete %v", total, worst, ok)
	}
	table, err := g.Encode(tree)
	if err != nil {
		t.Fatal(err)
	}
	g2, tree2, err := Decode(table)
	if err != nil || g2 != g {
		t.Fatalf("Decode: %v, %v", g2, err)
	}
	total2, worst2, spread2, ok2 := g.Stats(tree2)
	if total2 != total || worst2 != worst || !ok2 || len(spread2) != len(spread) {
		t.Errorf("decoded: total %d, worst %d", total2, worst2)
	}
	again, _ := g.Encode(tree2)
	if !bytes.Equal(again, table) {
		t.Error("Encode(Decode(table)) differs")
	}
	for _, bad := range [][]byte{nil, []byte("BBT1"), table[:len(table)-1]} {
		if _, _, err := Decode(bad); err == nil {
			t.Errorf("Decode of %d bytes: no error", len(bad))
		}
	}
}

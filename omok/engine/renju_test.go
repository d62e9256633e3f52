package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"termgames/omok/renju"
)

// TestForbiddenNeverPlayed plays games under renju and the Korean omok rule
// between the levels, from random openings, and checks every move of the
// engine against package renju's own board: never a forbidden point, and
// the game ends exactly when renju's rules say someone has won.
func TestForbiddenNeverPlayed(t *testing.T) {
	for _, rr := range []renju.Rule{renju.Renju, renju.Omok} {
		for g := range 4 {
			rng := rand.New(rand.NewPCG(uint64(g), 5))
			b, _ := NewBoard(15, RuleOf(rr))
			ref := renju.NewBoard(15)
			es := [2]*Engine{New(Level(g%3), rng), New(Hard, rng)}
			if g%2 == 1 {
				es[0], es[1] = es[1], es[0]
			}
			for b.Winner() == None && !b.Full() {
				c := b.ToMove()
				r, err := es[c.side()].Think(context.Background(), b, Limits{Nodes: 1000 + int64(rng.IntN(1000))})
				if err != nil {
					break // no legal point left
				}
				rp := renju.Point{Row: r.Move.Y, Col: r.Move.X}
				if sh := ref.Forbidden(rr, renju.Stone(c), rp); sh != renju.None {
					t.Fatalf("%v game %d: %v played %v, forbidden (%v)\n%v", rr, g, c, r.Move, sh, b)
				}
				if err := b.Play(r.Move); err != nil {
					t.Fatalf("%v game %d: %v", rr, g, err)
				}
				_ = ref.Put(rp, renju.Stone(c))
				if w := ref.Winner(rr, rp); Color(w) != b.Winner() {
					t.Fatalf("%v game %d: after %v renju says winner %v, the engine %v\n%v", rr, g, r.Move, w, b.Winner(), b)
				}
			}
		}
	}
}

// TestRenjuBlackCannotBlockOnForbiddenPoint: white's four can only be
// blocked at a point that is a 3-3 for black, so black has lost, and the
// engine knows it; under freestyle the same block is fine.
func TestRenjuBlackCannotBlockOnForbiddenPoint(t *testing.T) {
	// Black's open twos along row 7 and column 7 cross at 7,7; white's
	// diagonal four 3,3-6,6 is blocked at 2,2 and needs 7,7.
	black := []Point{{5, 7}, {6, 7}, {7, 5}, {7, 6}, {2, 2}}
	white := []Point{{3, 3}, {4, 4}, {5, 5}, {6, 6}, {14, 0}}
	for _, c := range []struct {
		rule Rule
		lost bool
	}{{Renju, true}, {Freestyle, false}} {
		b, err := Setup(15, c.rule, black, white)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Legal(Point{7, 7}, Black) != nil; got != c.lost {
			t.Errorf("%s: 7,7 forbidden to black: %v, want %v\n%v", c.rule.Name(), got, c.lost, b)
		}
		r, err := New(Hard, nil).Think(context.Background(), b, Limits{Nodes: 5000})
		if err != nil {
			t.Fatal(err)
		}
		if c.lost && (r.Move == Point{7, 7} || r.Score > -scoreMate) {
			t.Errorf("%s: black played %v scoring %d, want any other point and a lost score", c.rule.Name(), r.Move, r.Score)
		}
		if !c.lost && r.Move != (Point{7, 7}) {
			t.Errorf("%s: black played %v, want the block 7,7", c.rule.Name(), r.Move)
		}
	}
}

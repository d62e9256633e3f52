package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
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

// TestThreeByTheRIF: the engine's view of forbidden points (Legal, Play,
// the kept combo its search reads) and the brain's YXSHOWFORBID read a
// three as the RIF defines it, "a row with three stones to which you,
// without at the same time a five in a row is made, can add one more
// stone to attain a straight four", as package renju's board does (its
// TestThreeByTheDefinition draws both positions). In the first, * at
// (row 7, col 6) makes an open three and a split three whose one straight
// four is by the point that completes black's four in column 4: no three,
// so * is allowed, where counting that three made it a 3-3. In the second
// the same wording, one level down, makes * at (11,5) a 4-3-3.
func TestThreeByTheRIF(t *testing.T) {
	rc := func(rcs ...[2]int) []Point { // (row, col) pairs, as the diagrams read
		ps := make([]Point, len(rcs))
		for i, p := range rcs {
			ps[i] = Point{X: p[1], Y: p[0]}
		}
		return ps
	}
	tests := []struct {
		name         string
		black, white []Point
		at           Point
		forbidden    bool
	}{{
		// Column 4 first, the stones on *'s own lines last: the combo
		// of * is refreshed only when its lines change.
		name:      "a straight four only by completing a four",
		black:     rc([2]int{3, 4}, [2]int{4, 4}, [2]int{6, 4}, [2]int{5, 4}, [2]int{7, 3}, [2]int{7, 5}, [2]int{5, 6}, [2]int{6, 6}),
		white:     rc([2]int{2, 4}, [2]int{14, 0}, [2]int{14, 2}, [2]int{14, 4}, [2]int{14, 6}, [2]int{14, 8}, [2]int{14, 10}, [2]int{14, 12}),
		at:        Point{X: 6, Y: 7},
		forbidden: false,
	}, {
		name:      "a five one level down",
		black:     rc([2]int{7, 3}, [2]int{8, 8}, [2]int{9, 7}, [2]int{10, 4}, [2]int{10, 7}, [2]int{7, 5}, [2]int{8, 5}, [2]int{9, 5}, [2]int{12, 6}),
		white:     rc([2]int{0, 0}, [2]int{0, 2}, [2]int{0, 4}, [2]int{0, 6}, [2]int{0, 8}, [2]int{0, 10}, [2]int{0, 12}, [2]int{0, 14}, [2]int{2, 14}),
		at:        Point{X: 5, Y: 11},
		forbidden: true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Setup(15, Renju, tt.black, tt.white)
			if err != nil {
				t.Fatal(err)
			}
			err = b.Legal(tt.at, Black)
			if got := errors.Is(err, ErrForbidden); got != tt.forbidden || (!got && err != nil) {
				t.Errorf("Legal(%v) = %v, want forbidden %v\n%v", tt.at, err, tt.forbidden, b)
			}
			if got := b.combo[Black.side()][b.index(tt.at)] == cmForbidden; got != tt.forbidden {
				t.Errorf("the kept combo at %v says forbidden %v, want %v", tt.at, got, tt.forbidden)
			}
			if err := b.Clone().Play(tt.at); (err != nil) != tt.forbidden {
				t.Errorf("Play(%v) = %v, want forbidden %v", tt.at, err, tt.forbidden)
			}

			// The brain answers what package renju's board answers for
			// the same stones, the command `omok forbid` among them.
			ref := renju.NewBoard(15)
			s := newSession(t, Hard)
			s.expect("OK", "START 15", "INFO rule 4")
			lines := []string{"YXBOARD"}
			for c, ps := range map[renju.Stone][]Point{renju.Black: tt.black, renju.White: tt.white} {
				for _, p := range ps {
					_ = ref.Put(renju.Point{Row: p.Y, Col: p.X}, c)
					lines = append(lines, fmt.Sprintf("%d,%d,%d", p.X, p.Y, c))
				}
			}
			s.send(append(lines, "DONE")...)
			want := ref.YixinForbid(renju.Renju, renju.Black)
			at := fmt.Sprintf("%02d%02d", tt.at.X, tt.at.Y)
			if got := strings.Contains(want, at); got != tt.forbidden {
				t.Errorf("package renju: %q lists %s: %v, want %v", want, at, got, tt.forbidden)
			}
			s.expect(want, "YXSHOWFORBID")
		})
	}
}

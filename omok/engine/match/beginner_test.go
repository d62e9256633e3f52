package main

import (
	"math/rand/v2"
	"testing"

	"termgames/omok/engine"
)

func TestBeginner(t *testing.T) {
	pt := func(x, y int) engine.Point { return engine.Point{X: x, Y: y} }
	for _, tc := range []struct {
		name         string
		black, white []engine.Point
		want         []engine.Point // any of these
	}{
		{
			// Black to move has four in a row and white has four too: its
			// own five first.
			name:  "completes its five",
			black: []engine.Point{pt(3, 7), pt(4, 7), pt(5, 7), pt(6, 7), pt(10, 1)},
			white: []engine.Point{pt(3, 9), pt(4, 9), pt(5, 9), pt(6, 9), pt(12, 1)},
			want:  []engine.Point{pt(2, 7), pt(7, 7)},
		},
		{
			name:  "blocks a four",
			black: []engine.Point{pt(7, 7), pt(1, 1), pt(13, 1), pt(1, 13)},
			white: []engine.Point{pt(3, 9), pt(4, 9), pt(5, 9), pt(6, 9)},
			want:  []engine.Point{pt(2, 9), pt(7, 9)},
		},
		{
			// White's open three is left alone: the beginner lengthens its
			// own two into a three.
			name:  "never sees a three",
			black: []engine.Point{pt(7, 7), pt(8, 7), pt(0, 14)},
			white: []engine.Point{pt(3, 11), pt(4, 11), pt(5, 11)},
			want:  []engine.Point{pt(6, 7), pt(9, 7)},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := engine.Setup(15, engine.Freestyle, tc.black, tc.white)
			if err != nil {
				t.Fatal(err)
			}
			for seed := range uint64(8) {
				p, ok := NewBeginner(rand.New(rand.NewPCG(seed, 0))).Move(b)
				if !ok {
					t.Fatal("no move")
				}
				found := false
				for _, w := range tc.want {
					found = found || p == w
				}
				if !found {
					t.Fatalf("seed %d: played %v, want one of %v\n%v", seed, p, tc.want, b)
				}
			}
		})
	}
}

package main

import (
	"math/rand/v2"
	"testing"

	"termgames/omok/renju"
)

func TestForbidSet(t *testing.T) {
	set, err := forbidSet("FORBID 07080911.")
	if err != nil || len(set) != 2 || !set["0708"] || !set["0911"] {
		t.Errorf("got %v, %v", set, err)
	}
	if set, err := forbidSet("FORBID ."); err != nil || len(set) != 0 {
		t.Errorf("none: %v, %v", set, err)
	}
	for _, bad := range []string{"", "FORBID 0708", "FORBID 070.", "OK"} {
		if _, err := forbidSet(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestRandomDense checks the positions forbid-rapfi compares: as many
// black stones as white, no five, and omok forbid's answer the forbidden
// points of the renju package.
func TestRandomDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 23))
	for k := range 20 {
		size := 15 + 4*(k%2)
		b := randomDense(rng, size)
		count := map[renju.Stone]int{}
		var want []string
		for r := range size {
			for c := range size {
				p := renju.Point{Row: r, Col: c}
				count[b.At(p)]++
				if b.At(p) == renju.Empty && b.Forbidden(renju.Renju, renju.Black, p) != renju.None {
					want = append(want, string([]byte{'0' + byte(c/10), '0' + byte(c%10), '0' + byte(r/10), '0' + byte(r%10)}))
				}
				for d := range 4 {
					if b.At(p) != renju.Empty && b.Run(p, d) >= 5 {
						t.Fatalf("position %d: a row of %d at %v", k, b.Run(p, d), p)
					}
				}
			}
		}
		if count[renju.Black] != count[renju.White] || count[renju.Black] < size*size/10 {
			t.Errorf("position %d: %d black, %d white", k, count[renju.Black], count[renju.White])
		}
		got, err := ourForbidden(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Errorf("position %d: omok forbid says %d points, the renju package %d", k, len(got), len(want))
		}
		for _, p := range want {
			if !got[p] {
				t.Errorf("position %d: omok forbid leaves out %s", k, p)
			}
		}
	}
}

package engine

import (
	"bytes"
	"go/format"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// randomJudged plays random games near the centre of 15x15 and returns
// every position of them with a made-up evaluation: data for the fit's
// mechanics, not for its values.
func randomJudged(t *testing.T, games int) []Judged {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 13))
	var ps []Judged
	for range games {
		b, err := NewBoard(15, Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		var moves []Point
		first := len(ps)
		for b.Winner() == None && len(moves) < 60 {
			p := Point{X: 3 + rng.IntN(9), Y: 3 + rng.IntN(9)}
			if b.Play(p) != nil {
				continue
			}
			moves = append(moves, p)
			ps = append(ps, Judged{Moves: slices.Clone(moves), Eval: rng.IntN(1200) - 600})
		}
		for i := first; i < len(ps); i++ {
			ps[i].Winner = b.Winner()
		}
	}
	return ps
}

var fittedLine = regexp.MustCompile(`(?m)^\t\{(p\w+), (p\w+), (p\w+), (p\w+)\}: +(-?\d+),$`)

// fittedEntries reads the sets of four patterns and their scores out of
// evaltable.go's source.
func fittedEntries(t *testing.T, src []byte) map[[4]pattern]int32 {
	t.Helper()
	byName := map[string]pattern{}
	for p, name := range patternNames {
		byName[name] = pattern(p)
	}
	m := map[[4]pattern]int32{}
	for _, sm := range fittedLine.FindAllSubmatch(src, -1) {
		var ps [4]pattern
		for d := range 4 {
			p, ok := byName[string(sm[1+d])]
			if !ok {
				t.Fatalf("unknown pattern %s", sm[1+d])
			}
			ps[d] = p
		}
		v, err := strconv.Atoi(string(sm[5]))
		if err != nil {
			t.Fatal(err)
		}
		m[ps] = int32(v)
	}
	return m
}

// TestFitTable checks the generator of evaltable.go on a few random games:
// the same data give the same bytes, the source is gofmt'd Go that says it
// is generated, kept 0 of the way it is the hand-set values, and all the
// way it moves them.
func TestFitTable(t *testing.T) {
	ps := randomJudged(t, 12)
	opt := FitOptions{Result: 0.25, Steps: 40, Toward: 1}
	a, err := FitTable(ps, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := FitTable(ps, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two fits of the same positions differ")
	}
	if f, err := format.Source(a); err != nil || !bytes.Equal(f, a) {
		t.Fatalf("not gofmt'd Go (%v):\n%s", err, a)
	}
	if !regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.\n\npackage engine\n`).Match(a) {
		t.Fatalf("no generated-code header:\n%.300s", a)
	}
	moved := fittedEntries(t, a)
	if len(moved) < 20 {
		t.Fatalf("%d sets fitted, want at least 20:\n%s", len(moved), a)
	}
	differ := 0
	for ps, v := range moved {
		if sortPatterns(ps) != ps {
			t.Errorf("%v is not weakest first", ps)
		}
		if v != handScore(ps) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("all the way to the fit, no score moved from the hand-set one")
	}

	opt.Toward = 0
	c, err := FitTable(ps, opt)
	if err != nil {
		t.Fatal(err)
	}
	kept := fittedEntries(t, c)
	if len(kept) != len(moved) {
		t.Errorf("%d sets at 0 of the way, %d all the way", len(kept), len(moved))
	}
	for ps, v := range kept {
		if v != handScore(ps) {
			t.Errorf("0 of the way, %v scores %d, want the hand-set %d", ps, v, handScore(ps))
		}
	}
	for _, want := range []string{"moverWeight  = 120", "initiative   = 250", "openFourNext = 400"} {
		if !bytes.Contains(c, []byte(want)) {
			t.Errorf("0 of the way, no %q in\n%.600s", want, c)
		}
	}
}

// TestFitTableRefuses checks that a position that cannot be played is an
// error that names it, and that too few positions are refused.
func TestFitTableRefuses(t *testing.T) {
	ps := randomJudged(t, 3)
	ps[5].Moves = append(slices.Clone(ps[5].Moves), ps[5].Moves[0])
	if _, err := FitTable(ps, FitOptions{Steps: 1, Toward: 0.4}); err == nil || !regexp.MustCompile(`judged position 6 \(`).MatchString(err.Error()) {
		t.Errorf("a stone played twice: %v", err)
	}
	if _, err := FitTable(nil, FitOptions{Steps: 1}); err == nil {
		t.Error("no positions: no error")
	}
}

package minesweeper

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"termgames/minesweeper/solver"

	"termgames/internal/cmdline"
)

// TestNoGuessBench: on no-guess boards the solver never has to guess,
// so it wins every game.
func TestNoGuessBench(t *testing.T) {
	for _, l := range Levels() {
		r, err := Bench(context.Background(), l, 20, 7, true)
		if err != nil {
			t.Fatal(err)
		}
		if r.Won != r.Games || r.Guesses != 0 || len(r.Gen) != r.Games {
			t.Fatalf("%s", r)
		}
		if !strings.Contains(r.String(), "median") {
			t.Fatalf("no generation times in %q", r)
		}
	}
}

func TestBenchCommand(t *testing.T) {
	var out bytes.Buffer
	if err := BenchCommand([]string{"-level", "beginner", "-games", "5", "-seed", "3"}, &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasPrefix(got, "beginner") || !strings.Contains(got, "of 5") || !strings.Contains(got, "95% CI") ||
		!strings.Contains(got, "a perfect player wins at most") {
		t.Fatalf("got %q", got)
	}
	out.Reset()
	if err := BenchCommand([]string{"-level", "expert", "-games", "2", "-first", "3,3"}, &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "of 2") || !strings.Contains(got, "(first opening at 3,3)") {
		t.Fatalf("-first 3,3: got %q", got)
	}
	if _, err := BenchFrom(context.Background(), Levels()[0], 1, 1, 9, 0, false); err == nil {
		t.Error("a first opening outside the board was accepted")
	}
	for _, args := range [][]string{{"-level", "huge"}, {"-games", "0"}, {"extra"}, {"-nosuch"},
		{"-first", "3"}, {"-first", "3,x"}, {"-first", "-1,2"}, {"-first", "3,3,3"}, {"-first", "3,9"}} {
		out.Reset()
		if err := BenchCommand(args, &out); !errors.As(err, new(cmdline.UsageError)) || out.Len() != 0 {
			t.Errorf("%q: got %v, stdout %q", args, err, out.String())
		}
	}
	if err := BenchCommand([]string{"-h"}, &out); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: got %v", err)
	}
}

func TestWilson(t *testing.T) {
	lo, hi := BenchResult{Games: 100, Won: 50}.Wilson()
	if lo < 0.4038 || lo > 0.4039 || hi < 0.5961 || hi > 0.5962 {
		t.Fatalf("50 of 100: %v-%v", lo, hi)
	}
	if lo, hi := (BenchResult{Games: 10, Won: 10}).Wilson(); hi != 1 || lo < 0.72 || lo > 0.73 {
		t.Fatalf("10 of 10: %v-%v", lo, hi)
	}
}

// TestLayAndPosition: a field laid by hand plays those mines, and its
// position shows open numbers and covers everything else, flags too.
func TestLayAndPosition(t *testing.T) {
	l := Level{Rows: 3, Cols: 3, Mines: 1}
	f, _ := NewField(l, rand.New(rand.NewPCG(1, 1)))
	mine := make([]bool, 9)
	mine[8] = true
	if err := f.Lay(mine[:8]); err == nil {
		t.Fatal("a short layout was laid")
	}
	if err := f.Lay(make([]bool, 9)); err == nil {
		t.Fatal("a layout without the level's mines was laid")
	}
	if err := f.Lay(mine); err != nil {
		t.Fatal(err)
	}
	if err := f.Lay(mine); err == nil {
		t.Fatal("laid twice")
	}
	f.Flag(2, 1, false)
	f.Open(0, 0)
	p := solver.NewPosition(3, 3, 1)
	f.Position(p)
	want := []int8{0, 0, 0, 0, 1, 1, 0, solver.Covered, solver.Covered}
	for i, v := range want {
		if p.Cells[i] != v {
			t.Fatalf("position %v, want %v", p.Cells, want)
		}
	}
}

// TestBenchBound: on fixed boards the bound of a perfect player's rate is
// under 1 and over what the solver won there, and its parts add up. The
// bound is of an expected rate, and the wins are a draw: on 10,000
// beginner boards the solver won 5 games more than the bound (about a
// third of their standard deviation). So the wins are allowed to pass
// it by three standard deviations of the guessed games (each at most ½);
// solver.TestBestChanceBoundsPlayer checks the solver against the best
// chance exactly, layout by layout.
func TestBenchBound(t *testing.T) {
	r, err := BenchBound(context.Background(), Levels()[0], 300, 2026, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	rate, lo, hi := r.Rate()
	b := r.Bound
	luck := 3 * math.Sqrt(float64(b.Guessed)) / 2
	if rate > 1 || float64(r.Won) > b.Sum+luck || lo > rate || hi < rate || lo < 0 || hi > 1 || rate == 1 {
		t.Fatalf("rate %v (%v-%v), won %d", rate, lo, hi, r.Won)
	}
	if b.Guessed == 0 || b.Guessed > r.Games || b.Past > b.Guessed || b.PastSum > float64(b.Past) ||
		b.Sum < float64(r.Games-b.Guessed) || b.SumSq > b.Sum {
		t.Fatalf("%+v", b)
	}
	if !strings.Contains(r.String(), "a perfect player wins at most") {
		t.Fatalf("no bound in %q", r)
	}
	plain, err := BenchFrom(context.Background(), Levels()[0], 300, 2026, 4, 4, false)
	if err != nil || plain.Won != r.Won || plain.Bounded || strings.Contains(plain.String(), "perfect") {
		t.Fatalf("without the bound: %v, %v", plain, err)
	}
	if _, err := BenchBound(context.Background(), Levels()[0], 1, 1, 9, 0); err == nil {
		t.Error("a first opening outside the board was accepted")
	}
}

// TestBenchBoundRate: four games with chances 1, 1, ½, ½: the mean and
// its 95% interval from the games' standard error.
func TestBenchBoundRate(t *testing.T) {
	r := BenchResult{Games: 4, Bound: Bound{Sum: 3, SumSq: 2.5}}
	rate, lo, hi := r.Rate()
	half := 1.959963984540054 * math.Sqrt(1.0/12/4)
	if rate != 0.75 || math.Abs(lo-(0.75-half)) > 1e-12 || hi != 1 {
		t.Fatalf("%v %v-%v", rate, lo, hi)
	}
}

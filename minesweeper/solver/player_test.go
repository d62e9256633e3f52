package solver

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// levels are the game's three.
var levels = [][3]int{{9, 9, 10}, {16, 16, 40}, {16, 30, 99}}

// playGames plays games on the game's levels, first opening at the
// centre, and calls see with every position the player meets and the
// layout behind it, before the player's move.
func playGames(t testing.TB, seed uint64, games int, see func(p *Position, l *Layout, step Step)) {
	rng := rand.New(rand.NewPCG(seed, 7))
	var pl Player
	for g := range games {
		lv := levels[g%len(levels)]
		first := lv[0]/2*lv[1] + lv[1]/2
		l := Lay(lv[0], lv[1], lv[2], first, rng)
		pl.Reset()
		l.Open(first)
		for !l.Solved() {
			p := l.Position().Clone()
			step, err := pl.Next(p)
			if err != nil {
				t.Fatalf("game %d: %v\n%s", g, err, p)
			}
			see(p, l, step)
			alive := true
			for _, i := range step.Open {
				alive = alive && l.Open(i)
			}
			if !alive {
				break
			}
		}
	}
}

// TestNeverWrong: over more than 10,000 positions from real games, no
// cell called safe holds a mine and no cell called a mine is safe, by
// Analyze and by the player's moves. (Under the race detector: a twelfth.)
func TestNeverWrong(t *testing.T) {
	positions, certain, estimated := 0, 0, 0
	games, want := 700, 10000
	if raceEnabled {
		games, want = 60, 700
	}
	playGames(t, 14, games, func(p *Position, l *Layout, step Step) {
		positions++
		a, err := Analyze(p)
		if err != nil {
			t.Fatalf("%v\n%s", err, p)
		}
		for _, c := range a.Safe {
			if l.Mine[c] {
				t.Fatalf("cell %d called safe holds a mine\n%s", c, p)
			}
		}
		for _, c := range a.Mines {
			if !l.Mine[c] {
				t.Fatalf("cell %d called a mine is safe\n%s", c, p)
			}
		}
		certain += len(a.Safe) + len(a.Mines)
		if !a.Exact {
			estimated++
		}
		for _, c := range step.Mines {
			if !l.Mine[c] {
				t.Fatalf("player's mine %d is safe\n%s", c, p)
			}
		}
		if !step.Guess {
			for _, c := range step.Open {
				if l.Mine[c] {
					t.Fatalf("player's safe cell %d holds a mine\n%s", c, p)
				}
			}
		}
		for i, v := range p.Cells {
			if v == Covered && (a.Prob[i] < 0 || a.Prob[i] > 1) {
				t.Fatalf("cell %d: probability %v", i, a.Prob[i])
			}
		}
	})
	if positions < want {
		t.Fatalf("only %d positions", positions)
	}
	t.Logf("%d positions, %d certain cells, %d estimated", positions, certain, estimated)
}

// TestGlobalCount: the total mine count settles cells no number does.
// Two covered cells apart from each other, one mine left: both are
// unknown; no mine left: both are safe.
func TestGlobalCount(t *testing.T) {
	p := NewPosition(1, 5, 1)
	p.Cells = []int8{Covered, 1, KnownMine, 1, Covered}
	a, err := Analyze(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Safe) != 2 || a.Prob[0] != 0 || a.Prob[4] != 0 {
		t.Fatalf("safe %v, probabilities %v", a.Safe, a.Prob)
	}
	// A row "1 # # #" with one mine: the mine is next to the 1, so the
	// two cells beyond are safe though no number touches them.
	p = NewPosition(1, 4, 1)
	p.Cells = []int8{1, Covered, Covered, Covered}
	if a, err = Analyze(p); err != nil {
		t.Fatal(err)
	}
	if a.Prob[1] != 1 || a.Prob[2] != 0 || a.Prob[3] != 0 || len(a.Mines) != 1 || len(a.Safe) != 2 {
		t.Fatalf("got %v, safe %v, mines %v", a.Prob, a.Safe, a.Mines)
	}
}

// TestNoGuessSolves: every generated board keeps the first cell and its
// neighbours free, has the level's mines, and logic clears it.
func TestNoGuessSolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	for k := range 30 {
		lv := levels[k%3]
		rows, cols, mines := lv[0], lv[1], lv[2]
		first := rng.IntN(rows * cols)
		tries := 0
		mine, err := NoGuess(context.Background(), rows, cols, mines, first, rng, func(n int) { tries = n })
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range mine {
			if m {
				n++
			}
		}
		if n != mines {
			t.Fatalf("%d mines, want %d", n, mines)
		}
		var buf [8]int
		around := NewPosition(rows, cols, mines).neighbours(first, &buf)
		for _, c := range append(around, first) {
			if mine[c] {
				t.Fatalf("cell %d by the first opening %d holds a mine", c, first)
			}
		}
		if !SolvesByLogic(NewLayout(rows, cols, mine), first, nil) {
			t.Fatalf("board %d does not solve by logic", k)
		}
		if tries < 0 {
			t.Fatal("negative progress")
		}
	}
}

// TestNoGuessGivesUp: a 2 x 2 field with 2 mines and the first opening
// in a corner is always a guess among three cells; the search ends.
func TestNoGuessGivesUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	calls := 0
	_, err := NoGuess(context.Background(), 2, 2, 2, 0, rng, func(int) { calls++ })
	if !errors.Is(err, ErrNoBoard) || calls != MaxTries {
		t.Fatalf("got %v after %d progress calls", err, calls)
	}
}

// TestNoGuessCancel: a cancelled context stops the search at once.
func TestNoGuessCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	rng := rand.New(rand.NewPCG(14, 5))
	start := time.Now()
	_, err := NoGuess(ctx, 2, 2, 2, 0, rng, func(n int) {
		if n == 10 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || time.Since(start) > time.Second {
		t.Fatalf("got %v after %v", err, time.Since(start))
	}
	if _, err := NoGuess(context.Background(), 3, 3, 9, 0, rng, nil); err == nil {
		t.Fatal("a field of mines only was accepted")
	}
}

// TestNextWhenOnlyMinesAreLeft: a position whose covered cells are all
// mines has no move, and no panic.
func TestNextWhenOnlyMinesAreLeft(t *testing.T) {
	p := NewPosition(1, 4, 3)
	p.Cells[0] = 1
	var pl Player
	step, err := pl.Next(p)
	if err != nil || len(step.Open) != 0 || step.Guess || len(step.Mines) != 3 {
		t.Fatalf("step %+v, %v", step, err)
	}
}

// TestSafestGuessesTheSafest: the hint's player (Safest) guesses a cell
// with the lowest mine chance of the position, in every guess of real
// games; the game's player does not always (it looks further), which is
// why the hint needs its own.
func TestSafestGuessesTheSafest(t *testing.T) {
	guesses, riskier := 0, 0
	games, want := 240, 200
	if raceEnabled {
		games, want = 30, 15
	}
	playGames(t, 21, games, func(p *Position, _ *Layout, step Step) {
		if !step.Guess {
			return
		}
		a, err := Analyze(p)
		if err != nil {
			t.Fatal(err)
		}
		lowest := 1.0
		for i, v := range p.Cells {
			if v == Covered {
				lowest = min(lowest, a.Prob[i])
			}
		}
		hint := Player{Safest: true}
		got, err := hint.Next(p.Clone())
		if err != nil {
			t.Fatal(err)
		}
		guesses++
		if !got.Guess || len(got.Open) != 1 || a.Prob[got.Open[0]] > lowest+1e-9 || math.Abs(a.Prob[got.Open[0]]-got.Prob) > 1e-9 {
			t.Fatalf("the hint's guess %v (chance %v), the lowest chance is %v\n%s", got.Open, got.Prob, lowest, p)
		}
		if step.Prob > lowest+1e-9 {
			riskier++
		}
	})
	if guesses < want || riskier == 0 {
		t.Fatalf("%d guesses, the game's player took a riskier cell in %d: the test sees too little", guesses, riskier)
	}
	t.Logf("%d guesses; the game's player took a riskier cell than the safest in %d", guesses, riskier)
}

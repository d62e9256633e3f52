package minesweeper

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"termgames/internal/cmdline"
	"termgames/minesweeper/solver"
)

// BenchCommand runs `termgames minesweeper bench`: the solver plays games
// per level as a player would, and the results are printed to stdout.
func BenchCommand(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("termgames minesweeper bench", flag.ContinueOnError)
	fs.SetOutput(stdout)
	all := Levels()
	levels := all[:]
	fs.Func("level", "beginner, intermediate, expert or all (default all)", func(s string) error {
		each := Levels()
		levels = slices.DeleteFunc(each[:], func(l Level) bool { return s != "all" && s != l.Name })
		if len(levels) == 0 {
			return errors.New("want beginner, intermediate, expert or all")
		}
		return nil
	})
	games := 1000
	fs.Func("games", "games per level (default 1000)", func(s string) (err error) {
		games, err = strconv.Atoi(s)
		if err != nil || games < 1 {
			return errors.New("want a number of games, at least 1")
		}
		return nil
	})
	seed := fs.Uint64("seed", 1, "seed of the first game; game k uses seed+k")
	noGuess := fs.Bool("noguess", false, "play no-guess boards and report how long each took to generate")
	row, col := -1, -1
	fs.Func("first", "first opening at `row,col` (counted from 0,0 at the top left) instead of the centre", func(s string) error {
		r, c, _ := strings.Cut(s, ",")
		var errR, errC error
		row, errR = strconv.Atoi(r)
		col, errC = strconv.Atoi(c)
		if errR != nil || errC != nil || row < 0 || col < 0 {
			return errors.New("want row,col such as 3,3")
		}
		return nil
	})
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return err
	}
	for _, l := range levels {
		if row >= l.Rows || col >= l.Cols {
			return cmdline.Usagef(fs, "-first %d,%d is outside %s (%d rows, %d columns)", row, col, l.Name, l.Rows, l.Cols)
		}
	}
	for _, l := range levels {
		r0, c0 := l.Rows/2, l.Cols/2
		if row >= 0 {
			r0, c0 = row, col
		}
		var r BenchResult
		var err error
		if *noGuess {
			r, err = BenchFrom(context.Background(), l, games, *seed, r0, c0, true)
		} else {
			r, err = BenchBound(context.Background(), l, games, *seed, r0, c0)
		}
		if err != nil {
			return err
		}
		if _, err := io.WriteString(stdout, r.String()+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// BenchResult is how the solver did on one level.
type BenchResult struct {
	Level   Level
	Games   int
	Won     int
	Guesses int // guesses made, over all games
	// Tosses counts the games lost on a guess between exactly two layouts
	// that no open cell tells apart: a coin toss the board forced.
	Tosses int
	// Searched counts the games lost in which the endgame search chose
	// every guess: from there the search plays the best a player can, so
	// these are losses any player risks too (Bound measures that).
	Searched int
	First    [2]int        // row and column of the first opening
	Elapsed  time.Duration // playing, generation and the bound apart
	Bounded  bool          // Bound was found (BenchBound)
	Bound    Bound
	NoGuess  bool
	Gen      []time.Duration // each board's generation time, with NoGuess
}

// Bound is the most any player can expect to win from the same first
// opening. The solver opens every certain cell before it guesses, and
// any player could be shown those cells for free: knowing more never
// lowers a player's chance. So no player wins a game more often than the
// best chance at the solver's first guess, solver.BestChance of that
// position: exact when the endgame search can play it out (every layout
// of the mines equally likely), otherwise a bound over the next two
// moves. A game with no guess counts 1. The mean over the games bounds
// every player's expected rate; it averages chances, not wins and
// losses, so it is known more closely than a win rate from as many games.
type Bound struct {
	Sum, SumSq float64       // of each game's best chance
	Guessed    int           // games with a guess
	Past       int           // of those, the ones past the exact search
	PastSum    float64       // what those carry in Sum
	Elapsed    time.Duration // finding it
}

// The limits of the bound's search, above the player's own (1,000
// layouts, 10 million looks): up to a few seconds for a position.
const (
	boundLayouts = 100_000
	boundBudget  = 1_000_000_000
)

// Rate returns the bound on the win rate and its 95% interval, from the
// standard error of the games' chances.
func (r BenchResult) Rate() (rate, lo, hi float64) {
	const z = 1.959963984540054
	n := float64(r.Games)
	rate = r.Bound.Sum / n
	v := max(0, r.Bound.SumSq/n-rate*rate) * n / max(1, n-1)
	half := z * math.Sqrt(v/n)
	return rate, max(0, rate-half), min(1, rate+half)
}

// Wilson returns the 95% Wilson score interval of the win rate.
func (r BenchResult) Wilson() (lo, hi float64) {
	const z = 1.959963984540054
	n, p := float64(r.Games), float64(r.Won)/float64(r.Games)
	centre := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return centre - half, centre + half
}

// String is the bench's line for the level.
func (r BenchResult) String() string {
	lo, hi := r.Wilson()
	s := fmt.Sprintf("%-12s won %d of %d  %.2f%% (95%% CI %.2f%%-%.2f%%)  %.2f ms/game  %.2f guesses/game  %d lost on a last coin toss, %d with every guess searched",
		r.Level.Name, r.Won, r.Games, 100*float64(r.Won)/float64(r.Games), 100*lo, 100*hi,
		float64(r.Elapsed.Microseconds())/1000/float64(r.Games), float64(r.Guesses)/float64(r.Games), r.Tosses, r.Searched)
	if r.First != [2]int{r.Level.Rows / 2, r.Level.Cols / 2} {
		s += fmt.Sprintf("  (first opening at %d,%d)", r.First[0], r.First[1])
	}
	if r.Bounded {
		rate, lo, hi := r.Rate()
		s += fmt.Sprintf("\n%-12s a perfect player wins at most %.2f%% (95%% CI %.2f%%-%.2f%%): best chance at the first guess of %d games, %d of them past the exact search (%.1f games' worth)  %.2f ms/game",
			"", 100*rate, 100*lo, 100*hi, r.Bound.Guessed, r.Bound.Past, r.Bound.PastSum,
			float64(r.Bound.Elapsed.Microseconds())/1000/float64(r.Games))
	}
	if r.NoGuess && len(r.Gen) > 0 {
		g := slices.Clone(r.Gen)
		slices.Sort(g)
		pct := func(q float64) float64 {
			return float64(g[min(len(g)-1, int(q*float64(len(g))))].Microseconds()) / 1000
		}
		s += fmt.Sprintf("\n%-12s no-guess generation ms: median %.1f  p90 %.1f  p99 %.1f  max %.1f",
			"", pct(0.5), pct(0.9), pct(0.99), pct(1))
	}
	return s
}

// Bench plays games on level l: game k is laid from seed+k, opened at the
// centre like a player's first click, and then played by the solver
// through the game's own Field until it is won or lost.
func Bench(ctx context.Context, l Level, games int, seed uint64, noGuess bool) (BenchResult, error) {
	return bench(ctx, l, games, seed, l.Rows/2, l.Cols/2, noGuess, false, false)
}

// BenchFrom is Bench with the first opening at row r0, column c0, as
// other solvers' benchmarks use (JSMinesweeper's opens at 3,3); where the
// first click falls changes the win rate by up to a point and a half.
func BenchFrom(ctx context.Context, l Level, games int, seed uint64, r0, c0 int, noGuess bool) (BenchResult, error) {
	if err := inside(l, r0, c0); err != nil {
		return BenchResult{}, err
	}
	return bench(ctx, l, games, seed, r0, c0, noGuess, false, false)
}

// BenchBound is BenchFrom on ordinary boards, and it also finds the most
// a perfect player can expect to win on them (BenchResult.Bound): the
// bench command's run. The bound's search takes longer than the games.
func BenchBound(ctx context.Context, l Level, games int, seed uint64, r0, c0 int) (BenchResult, error) {
	if err := inside(l, r0, c0); err != nil {
		return BenchResult{}, err
	}
	return bench(ctx, l, games, seed, r0, c0, false, false, true)
}

// inside checks that a first opening at row r0, column c0 is on level l.
func inside(l Level, r0, c0 int) error {
	if r0 < 0 || r0 >= l.Rows || c0 < 0 || c0 >= l.Cols {
		return fmt.Errorf("minesweeper bench: first opening %d,%d is outside %s", r0, c0, l.Name)
	}
	return nil
}

func bench(ctx context.Context, l Level, games int, seed uint64, r0, c0 int, noGuess, plain, bound bool) (BenchResult, error) {
	r := BenchResult{Level: l, Games: games, NoGuess: noGuess, First: [2]int{r0, c0}, Bounded: bound}
	pl := solver.Player{Plain: plain}
	for k := range games {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		s := seed + uint64(k)
		rng := rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
		f, err := NewField(l, rng)
		if err != nil {
			return r, err
		}
		if noGuess {
			start := time.Now()
			mines, err := solver.NoGuess(ctx, l.Rows, l.Cols, l.Mines, r0*l.Cols+c0, rng, nil)
			if err != nil {
				return r, err
			}
			r.Gen = append(r.Gen, time.Since(start))
			if err := f.Lay(mines); err != nil {
				return r, err
			}
		}
		start := time.Now()
		f.Open(r0, c0)
		pl.Reset()
		chance, boundTime := 1.0, time.Duration(0)
		var first func(*solver.Position) error
		if bound {
			first = func(p *solver.Position) error {
				t := time.Now()
				c, err := solver.BestChance(p, boundLayouts, boundBudget)
				chance, boundTime = c.Win, time.Since(t)
				r.Bound.Guessed++
				if !c.Exact {
					r.Bound.Past++
					r.Bound.PastSum += c.Win
				}
				return err
			}
		}
		guesses, last, searched, err := playOut(f, &pl, first)
		r.Elapsed += time.Since(start) - boundTime
		r.Bound.Elapsed += boundTime
		r.Bound.Sum += chance
		r.Bound.SumSq += chance * chance
		if err != nil {
			return r, fmt.Errorf("%s game %d (seed %d): %w", l.Name, k, s, err)
		}
		r.Guesses += guesses
		switch {
		case f.Status() == Won:
			r.Won++
		case last.Guess && math.Round(last.Layouts) == 2:
			r.Tosses++
		}
		if f.Status() == Lost && searched {
			r.Searched++
		}
	}
	return r, nil
}

// playOut lets the solver finish the game on f, and returns its guesses,
// its last step, and whether the endgame search chose every guess. When
// first is not nil, it is shown the position of the first guess.
func playOut(f *Field, pl *solver.Player, first func(*solver.Position) error) (guesses int, step solver.Step, searched bool, err error) {
	l := f.Level()
	p := solver.NewPosition(l.Rows, l.Cols, l.Mines)
	searched = true
	for f.Status() == Playing {
		f.Position(p)
		if step, err = pl.Next(p); err != nil {
			return guesses, step, searched, err
		}
		if step.Guess && guesses == 0 && first != nil {
			if err = first(p); err != nil {
				return guesses, step, searched, err
			}
		}
		if step.Guess {
			guesses++
			searched = searched && step.Searched
		}
		if len(step.Open) == 0 {
			return guesses, step, searched, errors.New("the solver has no move in a game still on")
		}
		for _, i := range step.Open {
			f.Open(i/l.Cols, i%l.Cols)
		}
	}
	return guesses, step, searched, nil
}

// Position writes what the player sees of f into p: open numbers, and
// every other cell covered (flags and marks are the player's guesses; the
// solver decides for itself).
func (f *Field) Position(p *solver.Position) {
	for i, cv := range f.cover {
		if cv == open && !f.mine[i] {
			p.Cells[i] = int8(f.count[i])
		} else {
			p.Cells[i] = solver.Covered
		}
	}
}

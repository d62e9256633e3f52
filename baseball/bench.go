package baseball

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"termgames/internal/cmdline"
)

// BenchCommand runs `termgames baseball bench`: the computer finds every
// number of the game once, answered truly, and the total, the mean, the
// worst case and the spread of the guesses are printed to stdout.
func BenchCommand(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("termgames baseball bench", flag.ContinueOnError)
	fs.SetOutput(stdout)
	var rules Rules
	RulesFlags(fs, &rules)
	ai := Best
	fs.Func("ai", "the computer's `guesser`: best (the default) or classic", func(s string) (err error) {
		ai, err = ParseAI(s)
		return err
	})
	seed := fs.Uint64("seed", 1, "seed `N` of the guesser's choices (classic's search order, best's renaming)")
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return err
	}
	res := Bench(rules, ai, rand.New(rand.NewPCG(*seed, *seed^0x9e3779b97f4a7c15)))
	_, err := io.WriteString(stdout, res.String())
	return err
}

// RulesFlags adds -digits and -zero to fs, which set rules.
func RulesFlags(fs *flag.FlagSet, rules *Rules) {
	*rules = rules.norm()
	fs.Func("digits", "`N` different digits a number: 3 (the original's, the default) or 4", func(s string) (err error) {
		rules.Digits, err = ParseDigits(s)
		return err
	})
	fs.BoolFunc("zero", "0 is a digit too, at any place (with -digits 4: Bulls and Cows, 5040 numbers)", func(s string) error {
		switch s {
		case "true":
			rules.Zero = true
		case "false":
			rules.Zero = false
		default:
			return errors.New("want true or false")
		}
		return nil
	})
}

// BenchResult is how a guesser did over every number of a game.
type BenchResult struct {
	Rules  Rules
	AI     AI
	Total  int   // guesses, over all numbers
	Worst  int   // the most guesses one number took
	Spread []int // Spread[n]: how many numbers took n guesses
	// The slowest first guess of a game, and the slowest later one.
	FirstGuess, LaterGuess time.Duration
}

// Bench lets one guesser of kind ai find every number of rules, answering
// truly. One guesser: the best one renames digits at random when it is
// made, which keeps the total and not the guesses of each number.
func Bench(rules Rules, ai AI, r *rand.Rand) BenchResult {
	rules = rules.norm()
	res := BenchResult{Rules: rules, AI: ai}
	g := rules.NewGuesser(ai, r)
	win := rules.Win()
	for _, secret := range rules.all() {
		var history []Turn
		for {
			start := time.Now()
			guess, ok := g.Guess(history)
			took := time.Since(start)
			if len(history) == 0 {
				res.FirstGuess = max(res.FirstGuess, took)
			} else {
				res.LaterGuess = max(res.LaterGuess, took)
			}
			if !ok {
				panic(fmt.Sprintf("baseball: the %s guesser found no number for %v after %v", ai, secret, history))
			}
			a := Score(secret, guess)
			history = append(history, Turn{guess, a})
			if a == win {
				break
			}
		}
		n := len(history)
		res.Total += n
		res.Worst = max(res.Worst, n)
		for len(res.Spread) <= n {
			res.Spread = append(res.Spread, 0)
		}
		res.Spread[n]++
	}
	return res
}

// String is the bench's report.
func (b BenchResult) String() string {
	var s strings.Builder
	count := b.Rules.Count()
	from := "1 to 9"
	if b.Rules.Zero {
		from = "0 to 9"
	}
	fmt.Fprintf(&s, "%d digits from %s (%d numbers), -ai %s\n", b.Rules.Digits, from, count, b.AI)
	fmt.Fprintf(&s, "total %d guesses, mean %.4f, worst %d\n", b.Total, float64(b.Total)/float64(count), b.Worst)
	fmt.Fprintf(&s, "guesses  numbers\n")
	for n, k := range b.Spread {
		if k > 0 {
			fmt.Fprintf(&s, "%7d  %7d\n", n, k)
		}
	}
	fmt.Fprintf(&s, "slowest guess: first %v, later %v\n", b.FirstGuess.Round(time.Microsecond), b.LaterGuess.Round(time.Microsecond))
	return s.String()
}

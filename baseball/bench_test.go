package baseball

import (
	"bytes"
	"errors"
	"flag"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"termgames/internal/cmdline"
)

func TestBenchCommand(t *testing.T) {
	var out bytes.Buffer
	if err := BenchCommand(nil, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3 digits from 1 to 9 (504 numbers), -ai best\n", "total 2337 guesses, mean 4.6369, worst 6\n", "      6       55\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("bench lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := BenchCommand([]string{"-digits", "4", "-zero", "-ai", "best"}, &out); err != nil {
		t.Fatal(err)
	}
	if want := "4 digits from 0 to 9 (5040 numbers), -ai best\ntotal 26"; !strings.HasPrefix(out.String(), want) {
		t.Errorf("bench -digits 4 -zero:\n%s", out.String())
	}
	for _, args := range [][]string{{"-digits", "5"}, {"-ai", "psychic"}, {"stray"}, {"-zero=maybe"}} {
		out.Reset()
		if err := BenchCommand(args, &out); !errors.As(err, new(cmdline.UsageError)) || out.Len() != 0 {
			t.Errorf("%v: %v, stdout %q", args, err, out.String())
		}
	}
	if err := BenchCommand([]string{"-h"}, &out); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v", err)
	}
}

// turnsOf plays some numbers of rules with one guesser and returns the
// history before each of its later guesses (the first guess apart).
func turnsOf(rules Rules, g Guesser) [][]Turn {
	var out [][]Turn
	all := rules.all()
	for i := 0; i < len(all); i += 7 {
		var h []Turn
		for {
			guess, _ := g.Guess(h)
			a := Score(all[i], guess)
			h = append(h, Turn{guess, a})
			if a == rules.Win() {
				break
			}
			out = append(out, h[:len(h):len(h)])
		}
	}
	return out
}

// BenchmarkFirstGuess is what a player waits for at the start of a game
// of the computer's: the guesser made (nothing is built: the tables are
// in the program) and its first guess, checked for "the only number
// left". A player should wait no more than 50 ms for it.
func BenchmarkFirstGuess(b *testing.B) {
	for _, rules := range menuRules {
		for _, ai := range []AI{Best, Classic} {
			b.Run(strings.ReplaceAll(rules.String(), " -", "-")+"/"+string(ai), func(b *testing.B) {
				r := rand.New(rand.NewPCG(1, 2))
				for b.Loop() {
					g := rules.NewGuesser(ai, r)
					if _, ok := g.Guess(nil); !ok || rules.onlyOne(nil) {
						b.Fatal("no first guess")
					}
				}
			})
		}
	}
}

// BenchmarkLaterGuess is what a player waits for after each answer: the
// answer checked against all the others, the next guess, and the check
// for "the only number left", over the positions of real games; the
// slowest of them is reported too. A player should wait no more than
// 10 ms for it.
func BenchmarkLaterGuess(b *testing.B) {
	for _, rules := range menuRules {
		for _, ai := range []AI{Best, Classic} {
			b.Run(strings.ReplaceAll(rules.String(), " -", "-")+"/"+string(ai), func(b *testing.B) {
				g := rules.NewGuesser(ai, rand.New(rand.NewPCG(3, 4)))
				turns := turnsOf(rules, g)
				var slowest time.Duration
				i := 0
				for b.Loop() {
					h := turns[i%len(turns)]
					i++
					start := time.Now()
					if rules.Check(h) != Searching {
						b.Fatal("the game is over")
					}
					if _, ok := g.Guess(h); !ok {
						b.Fatal("no guess")
					}
					rules.onlyOne(h)
					slowest = max(slowest, time.Since(start))
				}
				b.ReportMetric(float64(slowest.Microseconds())/1000, "slowest-ms")
			})
		}
	}
}

package baseball

import (
	"math/rand/v2"
	"testing"
	"time"
)

// playHonest lets g find secret, answering every guess truly, and returns
// how many guesses it took, or 0 if g said the player cheated or needed
// more than limit guesses.
func playHonest(g Guesser, secret Number, limit int) int {
	var history []Turn
	for n := 1; n <= limit; n++ {
		guess, ok := g.Guess(history)
		if !ok {
			return 0
		}
		a := Score(secret, guess)
		if a == Win {
			return n
		}
		history = append(history, Turn{guess, a})
	}
	return 0
}

// playAll plays every secret with one guesser and returns the total and
// the most guesses. One guesser, because the best one renames digits at
// random when it is made: the total over all secrets is the same for every
// renaming, the number of guesses for one secret is not.
func playAll(t *testing.T, ai AI, r *rand.Rand) (total, worst int) {
	t.Helper()
	g := NewGuesser(ai, r)
	for _, secret := range allNumbers {
		n := playHonest(g, secret, 30)
		if n == 0 {
			t.Fatalf("%s: secret %v: the guesser said 'You cheated!!' or never found it", ai, secret)
		}
		total += n
		worst = max(worst, n)
	}
	return total, worst
}

// TestAllSecrets plays all 504 secrets with each guesser, against an
// honest player.
func TestAllSecrets(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		total, worst := playAll(t, Best, rand.New(rand.NewPCG(seed, 7)))
		if total != 2337 || worst != 6 {
			t.Errorf("best, seed %d: %d guesses in all, at most %d; want 2337 and 6", seed, total, worst)
		}
	}
	var sum, most int
	const seeds = 20
	for seed := uint64(1); seed <= seeds; seed++ {
		total, worst := playAll(t, Classic, rand.New(rand.NewPCG(seed, 7)))
		if worst > 8 {
			t.Errorf("classic, seed %d: needed %d guesses", seed, worst)
		}
		sum += total
		most = max(most, worst)
	}
	t.Logf("classic over %d seeds: mean %.3f, worst %d", seeds, float64(sum)/(seeds*Count), most)
}

// TestLiarIsCaught plays players who answer falsely: each guesser must end
// with "no number fits" (the screens' "You cheated!!") once no number fits
// every answer, and never before.
func TestLiarIsCaught(t *testing.T) {
	liars := map[string]func(secret, guess Number, turn int) Answer{
		// Always "nothing": after a few guesses no number can miss them all.
		"always out": func(Number, Number, int) Answer { return Answer{} },
		// Honest, except that the second answer swaps strikes and balls.
		"one swap": func(secret, guess Number, turn int) Answer {
			a := Score(secret, guess)
			if turn == 1 && a.Strikes != a.Balls && (Answer{a.Balls, a.Strikes}).Possible() {
				return Answer{a.Balls, a.Strikes}
			}
			return a
		},
		// Random answers that could each happen.
		"arbitrary": func(secret, guess Number, turn int) Answer {
			a := Answer{int(guess[turn%3]+secret[0]) % 3, int(guess[(turn+1)%3]) % 2}
			if !a.Possible() {
				return Answer{}
			}
			return a
		},
	}
	for name, liar := range liars {
		for _, ai := range []AI{Classic, Best} {
			r := rand.New(rand.NewPCG(3, 4))
			caught := 0
			for _, secret := range allNumbers {
				g := NewGuesser(ai, r)
				var history []Turn
				for turn := 0; ; turn++ {
					guess, ok := g.Guess(history)
					fits := len(Consistent(history)) > 0
					if ok != fits {
						t.Fatalf("%s, %s, secret %v: Guess said %v after %v, but numbers fit: %v", name, ai, secret, ok, history, fits)
					}
					if !ok {
						caught++
						break
					}
					if !Fits(guess, history) && ai == Classic {
						t.Fatalf("%s, classic: guess %v does not fit %v", name, guess, history)
					}
					a := liar(secret, guess, turn)
					if a == Win || turn > 40 {
						break
					}
					history = append(history, Turn{guess, a})
				}
			}
			if name == "always out" && caught != Count {
				t.Errorf("%s, %s: caught %d of %d", name, ai, caught, Count)
			}
			if caught == 0 {
				t.Errorf("%s, %s: never caught", name, ai)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	n := func(s string) Number {
		x, err := ParseNumber(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, tc := range []struct {
		name    string
		history []Turn
		want    Verdict
	}{
		{"no answer yet", nil, Searching},
		{"a plain answer", []Turn{{n("123"), Answer{1, 1}}}, Searching},
		{"three strikes first", []Turn{{n("123"), Win}}, Found},
		{"three strikes that fit", []Turn{{n("893"), Answer{0, 2}}, {n("381"), Win}}, Found},
		// Two of 8, 9, 3 are in the number, none of them in 531.
		{"three strikes that lie", []Turn{{n("893"), Answer{0, 2}}, {n("531"), Win}}, Cheated},
		{"nothing anywhere", []Turn{{n("123"), Answer{}}, {n("456"), Answer{}}, {n("789"), Answer{}}}, Cheated},
		{"contradicting answers", []Turn{{n("123"), Answer{3, 0}}, {n("123"), Answer{0, 0}}}, Cheated},
	} {
		if got := Check(tc.history); got != tc.want {
			t.Errorf("%s: Check = %v, want %v", tc.name, got, tc.want)
		}
	}
	// Against the definition, on random histories: Cheated exactly when no
	// number fits; Found exactly when the last answer is three strikes to a
	// number that fits.
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		var h []Turn
		for range 1 + r.IntN(4) {
			a := Answer{r.IntN(4), r.IntN(4)}
			if r.IntN(6) == 0 {
				a = Win
			}
			if !a.Possible() {
				a = Answer{}
			}
			h = append(h, Turn{allNumbers[r.IntN(Count)], a})
		}
		want := Searching
		last := h[len(h)-1]
		switch {
		case len(Consistent(h)) == 0:
			want = Cheated
		case last.Answer == Win:
			want = Found
		}
		if got := Check(h); got != want {
			t.Fatalf("Check(%v) = %v, want %v", h, got, want)
		}
	}
}

func TestParseAI(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want AI
		ok   bool
	}{
		{"", Best, true}, {"best", Best, true}, {"classic", Classic, true},
		{"Best", "", false}, {"optimal", "", false},
	} {
		got, err := ParseAI(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseAI(%q) = %q, %v", tc.in, got, err)
		}
	}
}

// TestBestIsRenamed checks that the best guesser's first guess changes
// with the seed (the tree is walked through a random renaming of digits and
// places), and that a seed repeats it.
func TestBestIsRenamed(t *testing.T) {
	firsts := map[Number]bool{}
	for seed := range uint64(20) {
		a, _ := NewGuesser(Best, rand.New(rand.NewPCG(seed, 0))).Guess(nil)
		b, _ := NewGuesser(Best, rand.New(rand.NewPCG(seed, 0))).Guess(nil)
		if a != b {
			t.Errorf("seed %d: first guesses %v and %v", seed, a, b)
		}
		firsts[a] = true
	}
	if len(firsts) < 10 {
		t.Errorf("20 seeds gave only %d first guesses", len(firsts))
	}
}

// TestBestOtherHistory gives the best guesser a history it did not make:
// it still guesses a number that fits.
func TestBestOtherHistory(t *testing.T) {
	g := NewGuesser(Best, rand.New(rand.NewPCG(1, 1)))
	h := []Turn{{Number{4, 6, 7}, Answer{1, 1}}, {Number{5, 4, 7}, Answer{0, 2}}}
	guess, ok := g.Guess(h)
	if !ok || !Fits(guess, h) {
		t.Errorf("Guess(%v) = %v, %v", h, guess, ok)
	}
}

// BenchmarkGuessSlowest plays every secret with each guesser and reports
// the slowest single guess (the limit is 10 ms a guess), the
// original's guesser beside the best one. A benchmark, not a timed test: a
// loaded machine must not fail the suite.
func BenchmarkGuessSlowest(b *testing.B) {
	for _, ai := range []AI{Classic, Best} {
		b.Run(string(ai), func(b *testing.B) {
			var slowest time.Duration
			for b.Loop() {
				g := NewGuesser(ai, rand.New(rand.NewPCG(5, 5)))
				for _, secret := range allNumbers {
					var history []Turn
					for {
						start := time.Now()
						guess, ok := g.Guess(history)
						slowest = max(slowest, time.Since(start))
						if !ok {
							b.Fatal("cheated")
						}
						a := Score(secret, guess)
						if a == Win {
							break
						}
						history = append(history, Turn{guess, a})
					}
				}
			}
			b.ReportMetric(float64(slowest.Microseconds())/1000, "slowest-ms/guess")
		})
	}
}

// BenchmarkGame plays whole games, the original's guesser beside the best
// one; guesses/game is the mean, ns/op the time of one game.
func BenchmarkGame(b *testing.B) {
	for _, ai := range []AI{Classic, Best} {
		b.Run(string(ai), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			g := NewGuesser(ai, r)
			guesses, games := 0, 0
			for b.Loop() {
				guesses += playHonest(g, allNumbers[games%Count], 30)
				games++
			}
			b.ReportMetric(float64(guesses)/float64(games), "guesses/game")
		})
	}
}

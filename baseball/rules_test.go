package baseball

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestRulesNumbers(t *testing.T) {
	for _, tc := range []struct {
		r     Rules
		count int
		first string
		last  string
	}{
		{Original, 504, "123", "987"},
		{Rules{}, 504, "123", "987"},
		{Rules{Digits: 3, Zero: true}, 720, "012", "987"},
		{Rules{Digits: 4}, 3024, "1234", "9876"},
		{Rules{Digits: 4, Zero: true}, 5040, "0123", "9876"},
	} {
		all := tc.r.Numbers()
		if len(all) != tc.count || tc.r.Count() != tc.count {
			t.Errorf("%v: %d numbers, Count %d; want %d", tc.r, len(all), tc.r.Count(), tc.count)
		}
		if all[0].String() != tc.first || all[len(all)-1].String() != tc.last {
			t.Errorf("%v: from %v to %v", tc.r, all[0], all[len(all)-1])
		}
		for i, n := range all {
			if !tc.r.Valid(n) || n.Len() != tc.r.norm().Digits {
				t.Errorf("%v: %v is not valid", tc.r, n)
			}
			if i > 0 && n.String() <= all[i-1].String() {
				t.Errorf("%v: %v after %v", tc.r, n, all[i-1])
			}
			if p, err := tc.r.Parse(n.String()); p != n || err != nil {
				t.Errorf("%v: Parse(%q) = %v, %v", tc.r, n.String(), p, err)
			}
		}
	}
}

func TestRulesParse(t *testing.T) {
	four, bulls := Rules{Digits: 4}, Rules{Digits: 4, Zero: true}
	for _, tc := range []struct {
		r    Rules
		in   string
		want string
		err  error
	}{
		{four, "1234", "1234", nil},
		{four, "123", "", ErrLength},
		{four, "12345", "", ErrLength},
		{four, "1023", "", ErrZero},
		{four, "1213", "", ErrRepeats},
		{bulls, "0123", "0123", nil}, // a leading 0 is a digit like any other
		{bulls, "1230", "1230", nil},
		{bulls, "0012", "", ErrRepeats},
		{bulls, "012", "", ErrLength},
		{Rules{Digits: 3, Zero: true}, "012", "012", nil},
		{Original, "012", "", ErrZero},
	} {
		got, err := tc.r.Parse(tc.in)
		if got.String() != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("%v: Parse(%q) = %v, %v; want %q, %v", tc.r, tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestRulesPossible: an answer is possible exactly when some secret and
// guess of the game score it.
func TestRulesPossible(t *testing.T) {
	for _, r := range menuRules {
		seen := map[Answer]bool{}
		all := r.all()
		for _, g := range all[:40] {
			for _, s := range all {
				seen[Score(s, g)] = true
			}
		}
		for s := -1; s <= 5; s++ {
			for b := -1; b <= 5; b++ {
				a := Answer{s, b}
				if r.Possible(a) != seen[a] {
					t.Errorf("%v: Possible(%v) = %v, scored: %v", r, a, r.Possible(a), seen[a])
				}
			}
		}
		if w := r.Win(); !seen[w] || w.Strikes != r.norm().Digits {
			t.Errorf("%v: Win %v", r, w)
		}
	}
}

func TestRulesScore(t *testing.T) {
	n := func(s string) Number {
		x, err := Rules{Digits: 4, Zero: true}.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, tc := range []struct {
		secret, guess string
		want          Answer
	}{
		{"4271", "1234", Answer{1, 2}}, // Bulls and Cows' usual example
		{"0123", "0123", Answer{4, 0}},
		{"0123", "3210", Answer{0, 4}},
		{"0123", "4567", Answer{}},
		{"0123", "1032", Answer{0, 4}},
		{"0123", "0132", Answer{2, 2}},
		{"0123", "9870", Answer{0, 1}},
	} {
		if got := Score(n(tc.secret), n(tc.guess)); got != tc.want {
			t.Errorf("Score(%s, %s) = %v, want %v", tc.secret, tc.guess, got, tc.want)
		}
	}
}

func TestParseDigits(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{{"3", 3, true}, {"4", 4, true}, {"5", 0, false}, {"", 0, false}, {"three", 0, false}} {
		got, err := ParseDigits(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseDigits(%q) = %d, %v", tc.in, got, err)
		}
	}
}

// TestLiarIsCaughtEveryGame plays players who answer falsely in every
// game: each guesser says no number fits exactly when none does.
func TestLiarIsCaughtEveryGame(t *testing.T) {
	for _, ru := range menuRules[1:] {
		for _, ai := range []AI{Classic, Best} {
			r := rand.New(rand.NewPCG(3, 4))
			all := ru.all()
			caught := 0
			for k := range 200 {
				secret := all[r.IntN(len(all))]
				g := ru.NewGuesser(ai, r)
				var history []Turn
				for turn := 0; ; turn++ {
					guess, ok := g.Guess(history)
					fits := len(ru.Consistent(history)) > 0
					if ok != fits {
						t.Fatalf("%v, %s: Guess said %v after %v, but numbers fit: %v", ru, ai, ok, history, fits)
					}
					if !ok {
						caught++
						break
					}
					if ai == Classic && !Fits(guess, history) {
						t.Fatalf("%v, classic: guess %v does not fit %v", ru, guess, history)
					}
					a := Score(secret, guess)
					if turn == 1 && k%2 == 0 && a.Strikes != a.Balls && ru.Possible(Answer{a.Balls, a.Strikes}) {
						a = Answer{a.Balls, a.Strikes} // one swapped answer
					}
					if k%2 == 1 && turn < 3 {
						a = Answer{} // "nothing" three times: too few digits left
					}
					if a == ru.Win() || turn > 40 {
						if verdict := ru.Check(append(history, Turn{guess, a})); verdict == Searching {
							t.Fatalf("%v: all strikes, yet Check says searching", ru)
						}
						break
					}
					history = append(history, Turn{guess, a})
				}
			}
			if caught == 0 {
				t.Errorf("%v, %s: never caught", ru, ai)
			}
		}
	}
}

package baseball

import (
	"errors"
	"fmt"
)

// Number is a number of the game: three digits from 1 to 9, all different,
// first digit first. The zero Number is not a valid one.
type Number [3]byte

// Count is how many Numbers there are: 9 × 8 × 7.
const Count = 504

// allNumbers holds every Number in increasing order; it is never changed
// after it is built, so sharing it is safe.
var allNumbers = makeNumbers()

func makeNumbers() []Number {
	out := make([]Number, 0, Count)
	for a := byte(1); a <= 9; a++ {
		for b := byte(1); b <= 9; b++ {
			for c := byte(1); c <= 9; c++ {
				if a != b && b != c && a != c {
					out = append(out, Number{a, b, c})
				}
			}
		}
	}
	return out
}

// Numbers returns all 504 Numbers in increasing order, in a new slice.
func Numbers() []Number { return append([]Number(nil), allNumbers...) }

// Index returns the place of n in Numbers(), or -1 when n is not valid.
// Tables over the 504 numbers (the best guesser's) are indexed this way.
func (n Number) Index() int {
	if !n.Valid() {
		return -1
	}
	a, b, c := int(n[0]), int(n[1]), int(n[2])
	// Digits left for the second and third places skip the ones used.
	bi := b - 1
	if b > a {
		bi--
	}
	ci := c - 1
	if c > a {
		ci--
	}
	if c > b {
		ci--
	}
	return (a-1)*56 + bi*7 + ci
}

// Valid reports whether n is a number of the game.
func (n Number) Valid() bool {
	for i, d := range n {
		if d < 1 || d > 9 {
			return false
		}
		for _, e := range n[:i] {
			if d == e {
				return false
			}
		}
	}
	return true
}

// String returns the three digits, as the original prints a guess.
func (n Number) String() string { return fmt.Sprintf("%d%d%d", n[0], n[1], n[2]) }

// The reasons ParseNumber refuses a guess; the screens turn them into words.
var (
	ErrLength  = errors.New("not three digits")
	ErrZero    = errors.New("0 is not used")
	ErrRepeats = errors.New("a digit is repeated")
)

// ParseNumber reads a typed guess: exactly three digits from 1 to 9, all
// different. Spaces around it are not forgiven: the screens trim them.
func ParseNumber(s string) (Number, error) {
	var n Number
	if len(s) != 3 {
		return n, ErrLength
	}
	for i := range 3 {
		c := s[i]
		if c < '0' || c > '9' {
			return Number{}, ErrLength
		}
		n[i] = c - '0'
	}
	for _, d := range n {
		if d == 0 {
			return Number{}, ErrZero
		}
	}
	if !n.Valid() {
		return Number{}, ErrRepeats
	}
	return n, nil
}

// Answer is what the player who thought of a number says about a guess.
type Answer struct {
	Strikes int // right digit in the right place
	Balls   int // right digit in another place
}

// Win is the answer to the right number.
var Win = Answer{Strikes: 3}

// Possible reports whether some secret and guess score a: strikes and balls
// add up to at most 3, and two strikes leave the third digit nowhere else to
// be a ball, and three strikes leave nothing at all.
func (a Answer) Possible() bool {
	switch {
	case a.Strikes < 0 || a.Balls < 0 || a.Strikes+a.Balls > 3:
		return false
	case a.Strikes == 2 && a.Balls == 1:
		return false
	}
	return true
}

// Score is the answer to guess when the secret is secret. It is the
// original's GetScore: a digit of the guess found in the secret is a strike
// in the same place and a ball elsewhere.
func Score(secret, guess Number) Answer { return scorePrefix(secret, guess, len(secret)) }

// scorePrefix is the original's GetScore of the first n places: the score
// of the first n places of b against the first n of a. The classic guesser
// asks it of a number still being filled in.
func scorePrefix(a, b Number, n int) Answer {
	var s Answer
	for i, x := range a[:n] {
		for j, y := range b[:n] {
			if x != y {
				continue
			}
			if i == j {
				s.Strikes++
			} else {
				s.Balls++
			}
		}
	}
	return s
}

// Turn is one guess and the answer it got.
type Turn struct {
	Guess  Number
	Answer Answer
}

// Fits reports whether secret would have given every answer of history.
func Fits(secret Number, history []Turn) bool {
	for _, t := range history {
		if Score(secret, t.Guess) != t.Answer {
			return false
		}
	}
	return true
}

// Consistent returns the numbers that fit every answer of history, in
// increasing order. None left means someone answered wrongly.
func Consistent(history []Turn) []Number {
	var out []Number
	for _, n := range allNumbers {
		if Fits(n, history) {
			out = append(out, n)
		}
	}
	return out
}

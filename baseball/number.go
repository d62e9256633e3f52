package baseball

import (
	"errors"
	"fmt"
	"strconv"
)

// Number is a number of the game: three or four different digits, first
// digit first. A place holds its digit 1 to 9, or 10 for the digit 0 (which
// comes after 9, as on the keyboard's top row), so that 0 is left to mean
// "no such place": a three-digit Number's fourth place is 0, and the
// original's Number{4, 6, 7} is 467. The zero Number is not a valid one.
type Number [4]byte

// zeroDigit is how a place holds the digit 0.
const zeroDigit = 10

// Rules are the numbers a game is played with: how many places, and
// whether 0 is one of the digits. The zero Rules are the original's.
type Rules struct {
	// Digits is how many places a number has: 3 (the original's) or 4.
	Digits int
	// Zero adds 0 to the digits 1 to 9, at any place, the first one too:
	// with four digits, the classic Bulls and Cows.
	Zero bool
}

// Original is the blog's game: three different digits from 1 to 9.
var Original = Rules{Digits: 3}

// norm returns r with the zero Rules read as the original's.
func (r Rules) norm() Rules {
	if r.Digits != 4 {
		r.Digits = 3
	}
	return r
}

// String names the rules as the command line gives them: "3", "4 -zero".
func (r Rules) String() string {
	r = r.norm()
	if r.Zero {
		return fmt.Sprintf("%d -zero", r.Digits)
	}
	return strconv.Itoa(r.Digits)
}

// ParseDigits reads the -digits flag: 3 (the original's) or 4.
func ParseDigits(s string) (int, error) {
	switch s {
	case "3":
		return 3, nil
	case "4":
		return 4, nil
	}
	return 0, errors.New("want 3 or 4")
}

// Count is how many numbers the original has: 9 × 8 × 7.
const Count = 504

// Count is how many numbers r has: 504 and 720 with three places, 3024
// and 5040 with four.
func (r Rules) Count() int {
	r = r.norm()
	n, digits := 1, 9
	if r.Zero {
		digits = 10
	}
	for i := range r.Digits {
		n *= digits - i
	}
	return n
}

// allNumbers holds every Number of each game, in increasing order; it is
// never changed after it is built, so sharing it is safe.
var allNumbers, numbers3z, numbers4, numbers4z = makeNumbers(Original),
	makeNumbers(Rules{Digits: 3, Zero: true}), makeNumbers(Rules{Digits: 4}), makeNumbers(Rules{Digits: 4, Zero: true})

// makeNumbers lists the numbers of r in increasing order, as they read:
// 0123 before 1023.
func makeNumbers(r Rules) []Number {
	r = r.norm()
	lo := 1
	if r.Zero {
		lo = 0
	}
	out := make([]Number, 0, r.Count())
	var fill func(n Number, place int, used uint16)
	fill = func(n Number, place int, used uint16) {
		if place == r.Digits {
			out = append(out, n)
			return
		}
		for d := lo; d <= 9; d++ {
			if used&(1<<d) == 0 {
				n[place] = placeDigit(d)
				fill(n, place+1, used|1<<d)
			}
		}
	}
	fill(Number{}, 0, 0)
	return out
}

// placeDigit is how a place holds digit d.
func placeDigit(d int) byte {
	if d == 0 {
		return zeroDigit
	}
	return byte(d)
}

// all returns r's numbers, shared: callers must not change them.
func (r Rules) all() []Number {
	r = r.norm()
	switch {
	case r.Digits == 3 && r.Zero:
		return numbers3z
	case r.Digits == 4 && r.Zero:
		return numbers4z
	case r.Digits == 4:
		return numbers4
	}
	return allNumbers
}

// Numbers returns all 504 numbers of the original in increasing order, in
// a new slice.
func Numbers() []Number { return Original.Numbers() }

// Numbers returns every number of r in increasing order, in a new slice.
func (r Rules) Numbers() []Number { return append([]Number(nil), r.all()...) }

// Index returns the place of n in Numbers(), or -1 when n is not a number
// of the original. Tables over the 504 numbers (the best guesser's) are
// indexed this way.
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

// Valid reports whether n is a number of the original: three different
// digits from 1 to 9.
func (n Number) Valid() bool { return Original.Valid(n) }

// Valid reports whether n is a number of r: as many places as r has, each
// a digit of r, all different.
func (r Rules) Valid(n Number) bool {
	r = r.norm()
	hi := byte(9)
	if r.Zero {
		hi = zeroDigit
	}
	for i, d := range n {
		if i >= r.Digits {
			if d != 0 {
				return false
			}
			continue
		}
		if d < 1 || d > hi {
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

// Len returns how many places n has.
func (n Number) Len() int {
	if n[3] == 0 {
		return 3
	}
	return 4
}

// String returns the digits, as the original prints a guess.
func (n Number) String() string {
	b := make([]byte, 0, 4)
	for _, d := range n {
		if d != 0 {
			b = append(b, '0'+d%10)
		}
	}
	return string(b)
}

// The reasons ParseNumber refuses a guess; the screens turn them into words.
var (
	ErrLength  = errors.New("not as many digits as the game's")
	ErrZero    = errors.New("0 is not used")
	ErrRepeats = errors.New("a digit is repeated")
)

// ParseNumber reads a typed guess of the original: exactly three digits
// from 1 to 9, all different.
func ParseNumber(s string) (Number, error) { return Original.Parse(s) }

// Parse reads a typed guess: exactly as many digits as r has, from 1 to 9
// (0 to 9 with Zero), all different. Spaces around it are not forgiven:
// the screens trim them.
func (r Rules) Parse(s string) (Number, error) {
	r = r.norm()
	var n Number
	if len(s) != r.Digits {
		return n, ErrLength
	}
	for i := range r.Digits {
		c := s[i]
		if c < '0' || c > '9' {
			return Number{}, ErrLength
		}
		n[i] = placeDigit(int(c - '0'))
	}
	if !r.Zero {
		for _, d := range n {
			if d == zeroDigit {
				return Number{}, ErrZero
			}
		}
	}
	if !r.Valid(n) {
		return Number{}, ErrRepeats
	}
	return n, nil
}

// Answer is what the player who thought of a number says about a guess.
type Answer struct {
	Strikes int // right digit in the right place
	Balls   int // right digit in another place
}

// Win is the answer to the right number in the original: three strikes.
var Win = Answer{Strikes: 3}

// Win is the answer to the right number: a strike at every place.
func (r Rules) Win() Answer { return Answer{Strikes: r.norm().Digits} }

// Possible reports whether some secret and guess of the original score a:
// strikes and balls add up to at most 3, and two strikes leave the third
// digit nowhere else to be a ball, and three strikes leave nothing at all.
func (a Answer) Possible() bool { return Original.Possible(a) }

// Possible reports whether some secret and guess of r score a: strikes
// and balls add up to at most the places, and a strike at every place but
// one leaves the last digit nowhere else to be a ball. With four digits
// from 1 to 9 every other answer happens too, Out included (8 digits of
// the two numbers, 9 to choose from).
func (r Rules) Possible(a Answer) bool {
	n := r.norm().Digits
	switch {
	case a.Strikes < 0 || a.Balls < 0 || a.Strikes+a.Balls > n:
		return false
	case a.Strikes == n-1 && a.Balls > 0:
		return false
	}
	return true
}

// Score is the answer to guess when the secret is secret. It is the
// original's GetScore: a digit of the guess found in the secret is a strike
// in the same place and a ball elsewhere.
func Score(secret, guess Number) Answer { return scorePrefix(secret, guess, secret.Len()) }

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

// Consistent returns the numbers of the original that fit every answer of
// history, in increasing order. None left means someone answered wrongly.
func Consistent(history []Turn) []Number { return Original.Consistent(history) }

// Consistent returns the numbers of r that fit every answer of history, in
// increasing order. None left means someone answered wrongly.
func (r Rules) Consistent(history []Turn) []Number {
	var out []Number
	for _, n := range r.all() {
		if Fits(n, history) {
			out = append(out, n)
		}
	}
	return out
}

// onlyOne reports whether exactly one number of r fits every answer of
// history: the computer then says so with its guess.
func (r Rules) onlyOne(history []Turn) bool {
	n := 0
	for _, x := range r.all() {
		if Fits(x, history) {
			if n++; n > 1 {
				return false
			}
		}
	}
	return n == 1
}

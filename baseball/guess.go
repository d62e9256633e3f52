package baseball

import (
	"errors"
	"math/rand/v2"
)

//go:generate go run ./internal/gen -o besttree.go
//go:generate go run ./internal/gen -digits 3 -zero -o trees/3z.bin
//go:generate go run ./internal/gen -digits 4 -o trees/4.bin
//go:generate go run ./internal/gen -digits 4 -zero -o trees/4z.bin

// AI names a computer guesser.
type AI string

// The computer guessers. Classic is the blog's; Best is the default.
const (
	// Classic is the original program's guesser: a depth-first search over
	// the digits, each place starting from a random digit, that returns the
	// first number fitting every answer. About 4.87 guesses on average, at
	// most 8.
	Classic AI = "classic"
	// Best is the strategy with the fewest guesses in total over the 504
	// secrets, found by exhaustive search (package internal/optimal): 2337
	// guesses, about 4.64 on average, never more than 6. The other games
	// walk the trees of package internal/search (besttrees.go): the least
	// total too with three digits and 0, the best found with four digits
	// (docs/baseball.md).
	Best AI = "best"
)

// ParseAI checks the -ai flag: "classic", "best", or "" for Best.
func ParseAI(s string) (AI, error) {
	switch AI(s) {
	case "", Best:
		return Best, nil
	case Classic:
		return Classic, nil
	}
	return "", errors.New("want best or classic")
}

// Verdict is where the computer's search for the player's number stands
// after an answer.
type Verdict int

const (
	// Searching: some numbers fit every answer, and the last answer was
	// not three strikes; the computer guesses again.
	Searching Verdict = iota
	// Found: the last answer is three strikes, and the guess it was given
	// to fits every earlier answer too.
	Found
	// Cheated: no number fits every answer, three strikes included: some
	// answer was wrong (the original's "You cheated!!").
	Cheated
)

// Check tells the screens what the answers of history say in the
// original, checking the last one against all the earlier ones.
func Check(history []Turn) Verdict { return Original.Check(history) }

// Check tells the screens what the answers of history say, checking the
// last one against all the earlier ones. An answer of a strike at every
// place is checked like any other: "3 strikes" to a number that
// contradicts an earlier answer is a lie, not a win.
func (r Rules) Check(history []Turn) Verdict {
	if len(history) > 0 {
		if last := history[len(history)-1]; last.Answer == r.Win() {
			if Fits(last.Guess, history) {
				return Found
			}
			return Cheated
		}
	}
	for _, n := range r.all() {
		if Fits(n, history) {
			return Searching
		}
	}
	return Cheated
}

// Guesser is the computer finding the player's number, one guess at a time.
type Guesser interface {
	// Guess returns the next guess after the turns of history, or false
	// when no number fits every answer: the player answered wrongly.
	Guess(history []Turn) (Number, bool)
}

// NewGuesser returns a guesser of kind ai for one game of the original.
func NewGuesser(ai AI, r *rand.Rand) Guesser { return Original.NewGuesser(ai, r) }

// NewGuesser returns a guesser of kind ai for one game of ru. Its choices
// come from r, so a game is repeatable from a seed. An unknown ai means
// Best.
func (ru Rules) NewGuesser(ai AI, r *rand.Rand) Guesser {
	ru = ru.norm()
	if ai == Classic {
		return classic{r: r, rules: ru}
	}
	if ru != Original {
		return newTreeGuesser(ru, r)
	}
	b := &best{}
	// Rename the digits and move the places at random: every score is kept,
	// so the tree works unchanged, and the first guess is not always 123.
	digits := r.Perm(9)
	for d, e := range digits {
		b.digit[d+1] = byte(e + 1)
	}
	copy(b.place[:], r.Perm(3))
	return b
}

// classic is the original's Guess and GuessInt, kept as they were, and
// extended to four places and to the digit 0.
type classic struct {
	r     *rand.Rand
	rules Rules
}

// Guess is the original's Guess: the first fitting number of a search
// that starts each place at a random digit.
func (c classic) Guess(history []Turn) (Number, bool) {
	var g Number
	ok := c.search(history, &g, 0, 0)
	return g, ok
}

// search fills the places of g from depth on. At each place it starts from
// a random digit and goes round the nine (ten with 0), so the first number
// that fits is a random one among those the search order reaches first. A
// partly filled number is dropped as soon as its places so far already
// score more strikes or balls than some answer: more places can only add
// to them.
func (c classic) search(history []Turn, g *Number, used uint16, depth int) bool {
	if depth == c.rules.Digits {
		return Fits(*g, history)
	}
	if depth > 0 {
		for _, t := range history {
			a := scorePrefix(t.Guess, *g, depth)
			if a.Strikes > t.Answer.Strikes || a.Balls > t.Answer.Balls {
				return false
			}
		}
	}
	digits := 9
	if c.rules.Zero {
		digits = 10 // k+1 = 10 is how a place holds the digit 0
	}
	base := c.r.IntN(digits)
	for i := range digits {
		k := (base + i) % digits
		if used&(1<<k) != 0 {
			continue
		}
		g[depth] = byte(k + 1)
		if c.search(history, g, used|1<<k, depth+1) {
			return true
		}
	}
	return false
}

// treeNode is a node of the best guesser's decision tree (besttree.go):
// the guess as a decimal number, and for each answer code the next node.
type treeNode struct {
	guess uint16
	next  [8]uint16
}

// best walks bestTree, with its digits renamed and places moved.
type best struct {
	digit [10]byte // tree digit d is shown as digit[d]
	place [3]int   // tree place i is shown at place[i]
}

// shown is the number the player sees for a guess of the tree.
func (b *best) shown(guess uint16) Number {
	tree := [3]byte{byte(guess / 100), byte(guess / 10 % 10), byte(guess % 10)}
	var out Number
	for i, d := range tree {
		out[b.place[i]] = b.digit[d]
	}
	return out
}

// Guess walks the tree along the answers so far and returns the guess of
// the node reached, renamed.
func (b *best) Guess(history []Turn) (Number, bool) {
	node := 0
	for _, t := range history {
		c := answerCode(t.Answer)
		if t.Guess != b.shown(bestTree[node].guess) || c < 0 || c >= winCode {
			return b.anyFitting(history)
		}
		node = int(bestTree[node].next[c])
		if node == 0 {
			// The tree has a branch for every answer that some number
			// still possible gives, so no number fits this one.
			return Number{}, false
		}
	}
	return b.shown(bestTree[node].guess), true
}

// anyFitting answers a history the tree did not make (a guess it would
// not have made): any number that fits is still a fair guess.
func (b *best) anyFitting(history []Turn) (Number, bool) {
	left := Consistent(history)
	if len(left) == 0 {
		return Number{}, false
	}
	return left[0], true
}

// winCode is the code of three strikes; codes 0 to 7 index treeNode.next.
const winCode = 8

// answerCode numbers the possible answers as the generator does: 0S0B 0S1B
// 0S2B 0S3B 1S0B 1S1B 1S2B 2S0B, then three strikes; -1 if impossible.
func answerCode(a Answer) int {
	switch {
	case a == Win:
		return winCode
	case !a.Possible():
		return -1
	case a.Strikes == 0:
		return a.Balls
	case a.Strikes == 1:
		return 4 + a.Balls
	default: // two strikes, no ball
		return 7
	}
}

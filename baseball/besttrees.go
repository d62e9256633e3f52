package baseball

import (
	_ "embed" // the tables of trees/
	"math/bits"
	"math/rand/v2"
)

// The best guesser's strategies for the games other than the original's,
// found by the search of package internal/search and written by
// internal/gen (go generate ./baseball; docs/baseball.md says how long it
// takes and what each one totals). A test plays every secret through each.
var (
	//go:embed trees/3z.bin
	tree3z string
	//go:embed trees/4.bin
	tree4 string
	//go:embed trees/4z.bin
	tree4z string
)

// The table format (internal/search's Encode): an 8-byte header, then 6
// bytes a node: the guess's digits a nibble each (the first place highest,
// 0xF for no place), the mask of the answer codes that have a child, and
// the node of the first child; all little-endian.
const (
	tableHeader = 8
	tableNode   = 6
)

// table returns the strategy of r, the original's excepted.
func (r Rules) table() string {
	switch {
	case r.Digits == 4 && r.Zero:
		return tree4z
	case r.Digits == 4:
		return tree4
	}
	return tree3z
}

// treeGuesser walks a table, with its digits renamed and places moved.
type treeGuesser struct {
	rules Rules
	table string
	digit [10]byte // tree digit d is shown as a place holding digit[d]
	place [4]int   // tree place i is shown at place[i]
}

func newTreeGuesser(ru Rules, r *rand.Rand) *treeGuesser {
	t := &treeGuesser{rules: ru, table: ru.table()}
	// Rename the digits and move the places at random, as the original's
	// best guesser does: every score is kept, and the first guess varies.
	if ru.Zero {
		for d, e := range r.Perm(10) {
			t.digit[d] = placeDigit(e)
		}
	} else {
		for d, e := range r.Perm(9) {
			t.digit[d+1] = byte(e + 1)
		}
	}
	copy(t.place[:], r.Perm(ru.Digits))
	return t
}

// field returns the k-th 16-bit field of node i.
func (t *treeGuesser) field(i, k int) int {
	at := tableHeader + i*tableNode + 2*k
	return int(t.table[at]) | int(t.table[at+1])<<8
}

// shown is the number the player sees for node i's guess.
func (t *treeGuesser) shown(i int) Number {
	guess := t.field(i, 0)
	var out Number
	for p := range t.rules.Digits {
		out[t.place[p]] = t.digit[guess>>(12-4*p)&0xF]
	}
	return out
}

// Guess walks the table along the answers so far and returns the guess of
// the node reached, renamed.
func (t *treeGuesser) Guess(history []Turn) (Number, bool) {
	node := 0
	for _, turn := range history {
		c := t.rules.answerCode(turn.Answer)
		if turn.Guess != t.shown(node) || c < 0 || c == t.rules.winCode() {
			return t.anyFitting(history)
		}
		mask := t.field(node, 1)
		if mask&(1<<c) == 0 {
			// The table has a branch for every answer that some number
			// still possible gives, so no number fits this one.
			return Number{}, false
		}
		node = t.field(node, 2) + bits.OnesCount(uint(mask&(1<<c-1)))
	}
	return t.shown(node), true
}

// anyFitting answers a history the table did not make: any number that
// fits is still a fair guess.
func (t *treeGuesser) anyFitting(history []Turn) (Number, bool) {
	for _, n := range t.rules.all() {
		if Fits(n, history) {
			return n, true
		}
	}
	return Number{}, false
}

// winCode is the code of a strike at every place, the last code: 8 with
// three places, 13 with four.
func (r Rules) winCode() int {
	n := r.norm().Digits
	return (n+1)*(n+2)/2 - 2 // every strikes+balls ≤ n, less n-1 strikes with a ball
}

// answerCode numbers the answers as internal/search does: strikes first,
// then balls, in increasing order, the impossible one left out, all
// strikes last; -1 if impossible.
func (r Rules) answerCode(a Answer) int {
	n := r.norm().Digits
	switch {
	case a == r.Win():
		return r.winCode()
	case !r.Possible(a):
		return -1
	}
	c := 0
	for s := range a.Strikes {
		c += n - s + 1
	}
	return c + a.Balls
}

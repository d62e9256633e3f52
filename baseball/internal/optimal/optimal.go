// Package optimal finds, by exhaustive search, the number-baseball guessing
// strategy with the fewest guesses in total over all 504 secrets, and writes
// its decision tree as Go source. It is the generator behind the baseball
// package's best guesser: that package only walks the table made here
// (besttree.go), and a test there checks that the table is what Source makes.
//
// The search is a depth-first branch and bound over decision trees. The
// cost of a set S of secrets still possible is T(S) = |S| + min over guesses
// g of the sum of T over the classes that g's answers split S into (the
// class of three strikes costs nothing more). Any of the 504 numbers may be
// guessed, also one that can no longer be the secret. What makes it fast
// (a fraction of a second for the whole proof):
//
//   - Symmetry: renaming digits and moving places together keeps every
//     score, so only one guess of each orbit under the renamings that fix the
//     guesses made so far is tried: one first guess, a few dozen second ones,
//     and later on one guess per way of using the digits not yet guessed.
//   - Bounds: a node finds at most one secret and has at most 8 other
//     answers, so n secrets cost at least the total depth of the first n nodes
//     of a tree that branches 8 ways (staticBounds). Guesses are tried
//     cheapest bound first, and a guess is dropped as soon as its partial
//     cost reaches the best found.
//   - Memo: T(S) depends on S (and the guesses left) alone, so exact values
//     and proven lower bounds are kept per set.
//
// The package is self-contained (its own Number, Score and answer codes):
// the generator must build even when the file it writes into package
// baseball is stale or missing, and the baseball package's tests import it
// without an import cycle. Those tests check the two agree: they play every
// secret through the generated table with baseball.Score, and compare the
// answer codes.
package optimal

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"slices"
)

// Number is three different digits from 1 to 9, first digit first.
type Number [3]byte

// String returns the three digits.
func (x Number) String() string { return fmt.Sprintf("%d%d%d", x[0], x[1], x[2]) }

// count is how many Numbers there are.
const count = 504

// Numbers returns all 504 Numbers in increasing order.
func Numbers() []Number {
	out := make([]Number, 0, count)
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

// Score returns the strikes and balls of guess against secret.
func Score(secret, guess Number) (strikes, balls int) {
	for i, s := range secret {
		for j, g := range guess {
			if s == g {
				if i == j {
					strikes++
				} else {
					balls++
				}
			}
		}
	}
	return strikes, balls
}

// Answers is how many answers a guess can get: 0S0B 0S1B 0S2B 0S3B 1S0B
// 1S1B 1S2B 2S0B and three strikes, coded 0 to 8 in that order.
const Answers = 9

// WinCode is the code of three strikes; the other codes index Tree.Next.
const WinCode = 8

// Code returns the code of an answer, or -1 for one that cannot happen.
func Code(strikes, balls int) int {
	switch {
	case strikes == 3 && balls == 0:
		return WinCode
	case strikes < 0 || balls < 0 || strikes+balls > 3 || strikes >= 2 && balls > 0:
		return -1
	case strikes == 0:
		return balls
	case strikes == 1:
		return 4 + balls
	default: // two strikes, no ball
		return 7
	}
}

// Tree is a node of a decision tree: the guess to make, and the node to go
// to after each answer other than three strikes (nil when no secret left
// gives that answer).
type Tree struct {
	Guess Number
	Next  [WinCode]*Tree
	Left  int // how many secrets are still possible here
}

// Play follows the tree for one secret and returns how many guesses it
// takes, or false if the tree has no guess for some answer on the way.
func Play(t *Tree, secret Number) (int, bool) {
	for depth := 1; t != nil; depth++ {
		c := Code(Score(secret, t.Guess))
		if c == WinCode {
			return depth, true
		}
		t = t.Next[c]
	}
	return 0, false
}

// Stats plays every secret through the tree and returns the total and the
// largest number of guesses, or false if some secret is never found.
func Stats(t *Tree) (total, worst int, ok bool) {
	for _, s := range Numbers() {
		depth, found := Play(t, s)
		if !found {
			return 0, 0, false
		}
		total += depth
		worst = max(worst, depth)
	}
	return total, worst, true
}

// infeasible is the cost of a set that cannot be finished in the guesses
// left: more than any real total.
const infeasible = 1 << 20

// maxDepth bounds the depth of any search: no strategy worth looking at
// needs more guesses than this.
const maxDepth = 10

// setKey names a set of secrets (bit i is the secret of index i) and how
// many guesses are left to find them.
type setKey struct {
	bits [(count + 63) / 64]uint64
	left int
}

type entry struct {
	value int  // exact cost, or a proven lower bound
	exact bool // value is the cost itself
}

// Solver holds the score table and the memo of one search. It is not safe
// for use by several goroutines.
type Solver struct {
	nums     []Number
	index    [10][10][10]int16       // index of a Number in nums
	resp     []uint8                 // resp[g*count+s]: code of Score(s, g)
	canon    [1 << 10][]uint16       // canon[used]: one guess per renaming of unused digits
	memo     map[setKey]entry        // the cost of a set, or a lower bound of it
	bound    [count + 1]int          // staticBounds
	capacity [maxDepth + 1]int       // how many secrets a tree of that depth can find
	buf      [maxDepth][count]uint16 // per depth: the set sorted into classes
	nodes    int                     // sets searched, for the generator's report
	// plain turns the symmetry off after the first guess (every one of the
	// 504 numbers is tried): the tests' way to check that it loses nothing.
	plain bool
}

// NewSolver prepares the score table, the symmetry tables and the bounds.
func NewSolver() *Solver {
	s := &Solver{nums: Numbers(), memo: make(map[setKey]entry)}
	for i, x := range s.nums {
		s.index[x[0]][x[1]][x[2]] = int16(i)
	}
	s.resp = make([]uint8, count*count)
	for g, gn := range s.nums {
		for x, xn := range s.nums {
			s.resp[g*count+x] = uint8(Code(Score(xn, gn)))
		}
	}
	for used := range s.canon {
		for g, gn := range s.nums {
			if relabelUnused(gn, uint16(used)) == gn {
				s.canon[used] = append(s.canon[used], uint16(g))
			}
		}
	}
	s.bound = staticBounds()
	for d, width := 1, 1; d <= maxDepth; d++ {
		s.capacity[d] = s.capacity[d-1] + width
		width *= WinCode
	}
	return s
}

// staticBounds returns, for each size m, the least total depth of m secrets
// in any decision tree: one secret can be found at each node, and a node has
// at most 8 children (the answers other than three strikes), so at best 1
// secret is found at depth 1, 8 at depth 2, 64 at depth 3, and so on.
func staticBounds() [count + 1]int {
	var b [count + 1]int
	for m := 1; m <= count; m++ {
		total, left, width := 0, m, 1
		for depth := 1; left > 0; depth++ {
			k := min(left, width)
			total += k * depth
			left -= k
			width *= WinCode
		}
		b[m] = total
	}
	return b
}

// relabelUnused renames the digits of g that are not in used (bit d for
// digit d) to the smallest unused digits, in the order they appear: the
// least number that g can be turned into by renaming unused digits.
func relabelUnused(g Number, used uint16) Number {
	var to [10]byte
	next := byte(1)
	for i, d := range g {
		if used&(1<<d) != 0 {
			continue
		}
		if to[d] == 0 {
			for used&(1<<next) != 0 {
				next++
			}
			to[d] = next
			next++
		}
		g[i] = to[d]
	}
	return g
}

// symmetry is a renaming that keeps every guess made so far: place i moves
// to place perm[i] and each used digit d becomes digit[d]; unused digits
// are then put in their least order by relabelUnused.
type symmetry struct {
	perm  [3]int
	digit [10]byte
}

// perms are the six orders of the three places, the identity first.
var perms = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// symmetries returns the renamings, other than the identity, that map every
// guess of hist to itself. A move of places decides where each used digit
// must go, so there are at most five.
func symmetries(hist []Number) []symmetry {
	var out []symmetry
	for _, p := range perms[1:] {
		sym := symmetry{perm: p}
		ok := true
		for _, h := range hist {
			for i, d := range h {
				want := h[p[i]]
				if sym.digit[d] != 0 && sym.digit[d] != want {
					ok = false
				}
				sym.digit[d] = want
			}
		}
		var seen [10]bool // the digit map must be one to one
		for d := 1; d <= 9 && ok; d++ {
			if e := sym.digit[d]; e != 0 {
				ok = !seen[e]
				seen[e] = true
			}
		}
		if ok {
			out = append(out, sym)
		}
	}
	return out
}

// apply renames g by sym, then relabels its unused digits.
func (sym symmetry) apply(g Number, used uint16) Number {
	var out Number
	for i, d := range g {
		e := d
		if used&(1<<d) != 0 {
			e = sym.digit[d]
		}
		out[sym.perm[i]] = e
	}
	return relabelUnused(out, used)
}

// guesses returns one guess of each orbit under the renamings that keep
// every guess of hist, the least of each orbit.
func (s *Solver) guesses(hist []Number, used uint16) []uint16 {
	if s.plain && len(hist) > 0 {
		return s.canon[(1<<10)-1]
	}
	list := s.canon[used]
	syms := symmetries(hist)
	if len(syms) == 0 {
		return list
	}
	var out []uint16
	for _, g := range list {
		least := true
		for _, sym := range syms {
			y := sym.apply(s.nums[g], used)
			if s.index[y[0]][y[1]][y[2]] < int16(g) {
				least = false
				break
			}
		}
		if least {
			out = append(out, g)
		}
	}
	return out
}

func digitsOf(g Number) uint16 { return 1<<g[0] | 1<<g[1] | 1<<g[2] }

func keyOf(set []uint16, left int) setKey {
	k := setKey{left: left}
	for _, x := range set {
		k.bits[x/64] |= 1 << (x % 64)
	}
	return k
}

// option is a guess with the sizes of the classes it splits the set into.
type option struct {
	guess   uint16
	bound   int // the set's size plus the static bound of each class
	counts  [Answers]uint16
	classes int
}

// Solve returns the least total number of guesses that finds every secret
// of set with at most left guesses each, when that total is less than ub;
// otherwise some number at least ub, the total being known to be at least
// that. hist is the guesses made so far and used the digits in them; they
// only serve to skip guesses that are the same up to renaming.
func (s *Solver) Solve(set []uint16, hist []Number, used uint16, left, ub int) int {
	m := len(set)
	switch {
	case m == 0:
		return 0
	case m > s.capacity[left]:
		return infeasible
	case m == 1:
		return 1
	case m == 2:
		return 3
	}
	lower := s.bound[m]
	if lower >= ub {
		return lower
	}
	key := keyOf(set, left)
	if e, ok := s.memo[key]; ok {
		if e.exact || e.value >= ub {
			return e.value
		}
		lower = max(lower, e.value)
	}
	s.nodes++
	best, found := ub, false
	for _, o := range s.options(set, hist, used) {
		if o.bound >= best {
			break
		}
		if total, ok := s.try(set, hist, used, left, o, best); ok {
			best, found = total, true
			if best <= lower {
				break
			}
		}
	}
	s.memo[key] = entry{value: best, exact: found}
	return best
}

// options lists the guesses that tell something about set, cheapest bound
// first; among equal bounds, guesses that may be the secret come first,
// then those that split the set into more classes, then the least number.
func (s *Solver) options(set []uint16, hist []Number, used uint16) []option {
	m := len(set)
	list := s.guesses(hist, used)
	opts := make([]option, 0, len(list))
	for _, g := range list {
		o := option{guess: g, bound: m}
		row := s.resp[int(g)*count : int(g)*count+count]
		for _, x := range set {
			o.counts[row[x]]++
		}
		useful := true
		for _, k := range o.counts[:WinCode] {
			if int(k) == m {
				useful = false // every secret answers the same: nothing learnt
			}
			if k > 0 {
				o.classes++
				o.bound += s.bound[k]
			}
		}
		if useful {
			opts = append(opts, o)
		}
	}
	slices.SortStableFunc(opts, func(a, b option) int {
		return cmp.Or(
			cmp.Compare(a.bound, b.bound),
			cmp.Compare(b.counts[WinCode], a.counts[WinCode]),
			cmp.Compare(b.classes, a.classes),
			cmp.Compare(a.guess, b.guess))
	})
	return opts
}

// split sorts set into the classes of guess g's answers, in buf.
func (s *Solver) split(set []uint16, o option, buf []uint16) (classes [Answers][]uint16) {
	var start [Answers + 1]int
	for c := range Answers {
		start[c+1] = start[c] + int(o.counts[c])
	}
	pos := start
	row := s.resp[int(o.guess)*count : int(o.guess)*count+count]
	for _, x := range set {
		c := row[x]
		buf[pos[c]] = x
		pos[c]++
	}
	for c := range Answers {
		classes[c] = buf[start[c]:start[c+1]]
	}
	return classes
}

// try computes the cost of guessing o.guess at set, giving up (false) as
// soon as it reaches best.
func (s *Solver) try(set []uint16, hist []Number, used uint16, left int, o option, best int) (int, bool) {
	classes := s.split(set, o, s.buf[len(hist)][:])
	g := s.nums[o.guess]
	next := append(hist[:len(hist):len(hist)], g)
	nextUsed := used | digitsOf(g)
	// The biggest classes first: they weigh most, and a bad one ends the
	// try early.
	order := make([]int, 0, WinCode)
	for c := range WinCode {
		if len(classes[c]) > 0 {
			order = append(order, c)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(len(classes[b]), len(classes[a])) })
	total := o.bound
	for _, c := range order {
		lb := s.bound[len(classes[c])]
		v := s.Solve(classes[c], next, nextUsed, left-1, best-total+lb)
		total += v - lb
		if total >= best {
			return total, false
		}
	}
	return total, true
}

// Best returns the least total number of guesses over all 504 secrets of
// any strategy that never needs more than maxGuesses.
func (s *Solver) Best(maxGuesses int) int {
	return s.Solve(all(), nil, 0, min(maxGuesses, maxDepth), infeasible)
}

// Tree builds a strategy of that least total that never needs more than
// maxGuesses, or nil if there is none. Among equally good guesses it takes
// the first in the search's order, so the tree is the same on every run.
func (s *Solver) Tree(maxGuesses int) *Tree {
	left := min(maxGuesses, maxDepth)
	set := all()
	total := s.Solve(set, nil, 0, left, infeasible)
	if total >= infeasible {
		return nil
	}
	return s.build(set, nil, 0, left, total)
}

// build returns the tree of a set whose least total is known.
func (s *Solver) build(set []uint16, hist []Number, used uint16, left, total int) *Tree {
	if len(set) == 1 {
		return &Tree{Guess: s.nums[set[0]], Left: 1}
	}
	for _, o := range s.options(set, hist, used) {
		if got, ok := s.try(set, hist, used, left, o, total+1); !ok || got != total {
			continue
		}
		g := s.nums[o.guess]
		t := &Tree{Guess: g, Left: len(set)}
		// try's classes live in a buffer that the recursion reuses: copy.
		classes := s.split(set, o, make([]uint16, len(set)))
		next := append(hist[:len(hist):len(hist)], g)
		for c := range WinCode {
			if len(classes[c]) == 0 {
				continue
			}
			v := s.Solve(classes[c], next, used|digitsOf(g), left-1, infeasible)
			t.Next[c] = s.build(classes[c], next, used|digitsOf(g), left-1, v)
		}
		return t
	}
	panic(fmt.Sprintf("optimal: no guess reaches the known total %d for a set of %d", total, len(set)))
}

// Nodes returns how many sets were searched (not answered from the memo).
func (s *Solver) Nodes() int { return s.nodes }

func all() []uint16 {
	set := make([]uint16, count)
	for i := range set {
		set[i] = uint16(i)
	}
	return set
}

// MaxGuesses is the most guesses the generated strategy may need. The least
// total over all strategies (2337) is reached within 6, and no strategy
// finds every secret within 5 (TestBounds in this package shows both).
const MaxGuesses = 6

// Source returns the Go source of the baseball package's table: the tree of
// NewSolver().Tree(MaxGuesses), one node a line in depth-first order.
func Source() ([]byte, error) {
	t := NewSolver().Tree(MaxGuesses)
	if t == nil {
		return nil, fmt.Errorf("optimal: no strategy within %d guesses", MaxGuesses)
	}
	total, worst, ok := Stats(t)
	if !ok {
		return nil, fmt.Errorf("optimal: the tree misses a secret")
	}
	var nodes []*Tree
	var walk func(*Tree)
	walk = func(t *Tree) {
		nodes = append(nodes, t)
		for _, c := range t.Next {
			if c != nil {
				walk(c)
			}
		}
	}
	walk(t)
	id := make(map[*Tree]int, len(nodes))
	for i, t := range nodes {
		id[t] = i
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by \"go run ./internal/gen\"; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package baseball\n\n")
	fmt.Fprintf(&b, "// bestTree is the best guesser's strategy: %d guesses in total over the\n", total)
	fmt.Fprintf(&b, "// %d secrets (mean %.4f), never more than %d, the least total there is.\n", count, float64(total)/count, worst)
	fmt.Fprintf(&b, "// Node 0 is the first guess. next holds, for each answer other than three\n")
	fmt.Fprintf(&b, "// strikes (0S0B 0S1B 0S2B 0S3B 1S0B 1S1B 1S2B 2S0B), the node of the next\n")
	fmt.Fprintf(&b, "// guess, or 0 when no secret gives that answer. The comment is how many\n")
	fmt.Fprintf(&b, "// secrets are still possible at that node.\n")
	fmt.Fprintf(&b, "var bestTree = [...]treeNode{\n")
	for i, t := range nodes {
		var next [WinCode]int
		for c, k := range t.Next {
			if k != nil {
				next[c] = id[k]
			}
		}
		fmt.Fprintf(&b, "\t{%s, [8]uint16{%d, %d, %d, %d, %d, %d, %d, %d}}, // %d: %d left\n",
			t.Guess, next[0], next[1], next[2], next[3], next[4], next[5], next[6], next[7], i, t.Left)
	}
	fmt.Fprintf(&b, "}\n")
	return format.Source(b.Bytes())
}

// WorstConsistent returns the most guesses that a guesser can need when it
// always guesses a number that fits every answer so far, chosen as badly as
// can be. The original's guesser is such a guesser, and its random search
// order can reach any number that fits, so this is its worst case exactly.
func (s *Solver) WorstConsistent() int {
	return s.worst(all(), nil, 0, make(map[setKey]int))
}

func (s *Solver) worst(set []uint16, hist []Number, used uint16, memo map[setKey]int) int {
	if len(set) == 1 {
		return 1
	}
	key := keyOf(set, 0)
	if v, ok := memo[key]; ok {
		return v
	}
	most := 0
	for _, g := range s.guesses(hist, used) {
		if key.bits[g/64]&(1<<(g%64)) == 0 {
			continue // not a number that fits
		}
		o := option{guess: g}
		row := s.resp[int(g)*count : int(g)*count+count]
		for _, x := range set {
			o.counts[row[x]]++
		}
		classes := s.split(set, o, make([]uint16, len(set)))
		gn := s.nums[g]
		next := append(hist[:len(hist):len(hist)], gn)
		for c := range WinCode {
			if len(classes[c]) > 0 {
				most = max(most, 1+s.worst(classes[c], next, used|digitsOf(gn), memo))
			}
		}
	}
	memo[key] = most
	return most
}

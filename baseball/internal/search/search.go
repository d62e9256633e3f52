// Package search finds number-baseball guessing strategies for the games
// that package optimal does not cover: three digits with 0 (720 numbers),
// four digits from 1 to 9 (3024) and four from 0 to 9 (5040, the classic
// Bulls and Cows). Encode writes a strategy as the small table that the
// baseball package ships (trees/) and walks.
//
// The cost of a set S of secrets still possible is T(S) = |S| + min over
// guesses g of the sum of T over the classes that g's answers split S into
// (the class of all strikes costs nothing more); the total of a strategy
// over all secrets is T of the whole set. The search is a branch and bound
// over that recursion:
//
//   - Symmetry, as in package optimal: renaming digits and moving places
//     together keeps every score, so only one guess of each orbit under the
//     renamings that fix the guesses made so far is tried (one first guess,
//     a few dozen second ones). Guesses that differ only in digits no
//     secret left has, and guesses that split S into the same classes, are
//     tried once.
//   - Width: at a set of more than Exact secrets only the Width best
//     guesses by an estimate of their cost are searched; at smaller sets
//     every guess is, which makes the value of every such set exact. With
//     Exact at least the biggest class after the first guess, the search
//     is exhaustive.
//   - Bounds: a node finds at most one secret and has one child per other
//     answer, which bounds the cost of n secrets from below (lowerBounds); a
//     guess is dropped as soon as its bound or its partial cost reaches the
//     best found, and a set that one of its numbers tells apart costs
//     2|S|-1 at once.
//   - Memo: the value of a set depends on the set alone, so it is kept per
//     set (by a 128-bit hash of its members).
//
// The search is single-threaded and deterministic: the same Config makes
// the same tree. docs/baseball.md has the figures and the run times.
package search

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// Game is the numbers played: Places different digits from 1 to 9, or
// from 0 to 9 with Zero.
type Game struct {
	Places int  // 3 or 4
	Zero   bool // 0 is a digit too
}

// String names the game as the command line does: "4", "4 -zero".
func (g Game) String() string {
	if g.Zero {
		return fmt.Sprintf("%d -zero", g.Places)
	}
	return fmt.Sprint(g.Places)
}

// Number is the digits of a number, first place first; places beyond the
// game's are 0 and unused.
type Number [4]byte

// Numbers returns every number of g in increasing order.
func (g Game) Numbers() []Number {
	var out []Number
	lo := byte(1)
	if g.Zero {
		lo = 0
	}
	var rec func(n Number, place int, used uint16)
	rec = func(n Number, place int, used uint16) {
		if place == g.Places {
			out = append(out, n)
			return
		}
		for d := lo; d <= 9; d++ {
			if used&(1<<d) == 0 {
				n[place] = d
				rec(n, place+1, used|1<<d)
			}
		}
	}
	rec(Number{}, 0, 0)
	return out
}

// Format returns the digits of x in g.
func (g Game) Format(x Number) string {
	b := make([]byte, g.Places)
	for i := range b {
		b[i] = '0' + x[i]
	}
	return string(b)
}

// Score returns the strikes and balls of guess against secret.
func (g Game) Score(secret, guess Number) (strikes, balls int) {
	for i := range g.Places {
		for j := range g.Places {
			if secret[i] == guess[j] {
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

// Answers returns how many answers a guess can get, all strikes included:
// 9 with three places, 14 with four.
func (g Game) Answers() int { return g.WinCode() + 1 }

// WinCode returns the code of all strikes, the last code.
func (g Game) WinCode() int {
	n := 0
	for s := range g.Places {
		for b := 0; s+b <= g.Places; b++ {
			if !(s == g.Places-1 && b == 1) {
				n++
			}
		}
	}
	return n
}

// Code numbers the answers: strikes first, then balls, in increasing
// order, the one impossible answer (all strikes but one, and one ball)
// left out, all strikes last. For three places that is package optimal's
// numbering: 0S0B 0S1B 0S2B 0S3B 1S0B 1S1B 1S2B 2S0B 3S. It returns -1 for
// an answer that cannot happen.
func (g Game) Code(strikes, balls int) int {
	if strikes == g.Places && balls == 0 {
		return g.WinCode()
	}
	if strikes < 0 || balls < 0 || strikes+balls > g.Places || strikes >= g.Places-1 && balls > 0 {
		return -1
	}
	n := 0
	for s := range strikes {
		n += g.Places - s + 1
	}
	return n + balls
}

// digits returns the digits of x as a set, bit d for digit d.
func (g Game) digits(x Number) uint16 {
	var m uint16
	for i := range g.Places {
		m |= 1 << x[i]
	}
	return m
}

// Config is how wide the search looks.
type Config struct {
	// Exact is the size of set up to which every guess is tried.
	Exact int
	// Width is how many guesses, best estimate first, are searched at a
	// set of more than Exact secrets; Wide and WideFrom widen it at sets
	// of WideFrom secrets or more (0: never).
	Width, Wide, WideFrom int
}

// entry is the memo's value of a set.
type entry struct {
	value int32 // the cost found, or a lower bound of what the search can find
	exact bool  // value is the cost the search finds
}

// setKey is a 128-bit hash of a set's members.
type setKey struct{ a, b uint64 }

// Solver holds the score table and the memo of one search. It is not safe
// for use by several goroutines.
type Solver struct {
	g       Game
	cfg     Config
	nums    []Number
	index   map[Number]uint16
	n       int
	win     uint8   // the code of all strikes
	answers int     // codes, win included
	resp    []uint8 // resp[g*n+s]: code of Score(s, g)
	canon   map[uint16][]uint16
	memo    map[setKey]entry
	bound   []int32 // lowerBounds
	est     []float64
	perms   [][4]int
	nodes   int
	// digitSet[i] is the digits of number i; alphabet all the game's.
	digitSet []uint16
	alphabet uint16
}

// NewSolver prepares the score table and the bounds of g.
func NewSolver(g Game, cfg Config) *Solver {
	s := &Solver{g: g, cfg: cfg, nums: g.Numbers(), index: map[Number]uint16{}, canon: map[uint16][]uint16{}, memo: map[setKey]entry{}}
	s.n = len(s.nums)
	s.win = uint8(g.WinCode())
	s.answers = g.Answers()
	for i, x := range s.nums {
		s.index[x] = uint16(i)
	}
	s.resp = make([]uint8, s.n*s.n)
	for gi, gx := range s.nums {
		for xi, xx := range s.nums {
			s.resp[gi*s.n+xi] = uint8(g.Code(g.Score(xx, gx)))
		}
	}
	s.bound = lowerBounds(s.n, s.answers-1)
	s.est = make([]float64, s.n+1)
	for k := 1; k <= s.n; k++ {
		s.est[k] = max(float64(s.bound[k]), float64(k)*(1+0.5*math.Log(float64(k))))
	}
	s.perms = permutations(g.Places)
	s.digitSet = make([]uint16, s.n)
	for i, x := range s.nums {
		s.digitSet[i] = g.digits(x)
		s.alphabet |= s.digitSet[i]
	}
	return s
}

// lowerBounds returns, for each size m, the least total depth of m secrets
// in a tree whose nodes find one secret each and have at most branch
// children: 1 secret at depth 1, branch at depth 2, branch² at depth 3...
func lowerBounds(n, branch int) []int32 {
	b := make([]int32, n+1)
	for m := 1; m <= n; m++ {
		total, left, width := 0, m, 1
		for depth := 1; left > 0; depth++ {
			k := min(left, width)
			total += k * depth
			left -= k
			width *= branch
		}
		b[m] = int32(total)
	}
	return b
}

func permutations(n int) [][4]int {
	var out [][4]int
	var rec func(p [4]int, k int, used int)
	rec = func(p [4]int, k int, used int) {
		if k == n {
			out = append(out, p)
			return
		}
		for i := range n {
			if used&(1<<i) == 0 {
				p[k] = i
				rec(p, k+1, used|1<<i)
			}
		}
	}
	rec([4]int{}, 0, 0)
	return out
}

// relabelUnused renames the digits of x that are not in used to the
// smallest unused digits of the game, in the order they appear.
func (s *Solver) relabelUnused(x Number, used uint16) Number {
	var to [10]byte
	var mapped uint16
	next := byte(1)
	if s.g.Zero {
		next = 0
	}
	for i := range s.g.Places {
		d := x[i]
		if used&(1<<d) != 0 {
			continue
		}
		if mapped&(1<<d) == 0 {
			for used&(1<<next) != 0 {
				next++
			}
			to[d] = next
			mapped |= 1 << d
			next++
		}
		x[i] = to[d]
	}
	return x
}

// canonical returns one guess per renaming of the digits not in used.
func (s *Solver) canonical(used uint16) []uint16 {
	if list, ok := s.canon[used]; ok {
		return list
	}
	var list []uint16
	for i, x := range s.nums {
		if s.relabelUnused(x, used) == x {
			list = append(list, uint16(i))
		}
	}
	s.canon[used] = list
	return list
}

// symmetry is a renaming that keeps every guess made so far: place i moves
// to place perm[i] and each used digit d becomes digit[d].
type symmetry struct {
	perm  [4]int
	digit [10]byte
}

// symmetries returns the renamings, other than the identity, that map
// every guess of hist to itself.
func (s *Solver) symmetries(hist []Number) []symmetry {
	var out []symmetry
	for _, p := range s.perms[1:] {
		sym := symmetry{perm: p}
		var set [10]bool
		ok := true
		for _, h := range hist {
			for i := range s.g.Places {
				d, want := h[i], h[p[i]]
				if set[d] && sym.digit[d] != want {
					ok = false
				}
				sym.digit[d], set[d] = want, true
			}
		}
		var seen [10]bool
		for d := range 10 {
			if set[d] && ok {
				e := sym.digit[d]
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

// apply renames x by sym, then relabels its unused digits.
func (s *Solver) apply(sym symmetry, x Number, used uint16) Number {
	var out Number
	for i := range s.g.Places {
		e := x[i]
		if used&(1<<e) != 0 {
			e = sym.digit[e]
		}
		out[sym.perm[i]] = e
	}
	return s.relabelUnused(out, used)
}

// guesses returns one guess of each orbit under the renamings that keep
// every guess of hist, the least of each orbit.
func (s *Solver) guesses(hist []Number, used uint16) []uint16 {
	list := s.canonical(used)
	syms := s.symmetries(hist)
	if len(syms) == 0 {
		return list
	}
	var out []uint16
	for _, gi := range list {
		least := true
		for _, sym := range syms {
			if s.index[s.apply(sym, s.nums[gi], used)] < gi {
				least = false
				break
			}
		}
		if least {
			out = append(out, gi)
		}
	}
	return out
}

func keyOf(set []uint16) setKey {
	var k setKey
	k.a, k.b = 0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f
	for _, x := range set {
		v := uint64(x) + 1
		k.a = (k.a ^ v) * 0x100000001b3
		k.a ^= k.a >> 29
		k.b = (k.b + v*0xff51afd7ed558ccd) * 0xc4ceb9fe1a85ec53
		k.b ^= k.b >> 31
	}
	return k
}

// option is a guess worth trying at a set, with what its classes promise.
type option struct {
	guess uint16
	win   bool    // the guess may be the secret
	bound int32   // the set's size plus the lower bound of each class
	est   float64 // the set's size plus the estimated cost of each class
}

const infeasible = 1 << 30

// Solve returns the least total that the search finds for set, when that
// is less than ub; otherwise some number at least ub. hist is the guesses
// made so far and used the digits in them; they only serve to skip guesses
// that are the same up to renaming.
func (s *Solver) Solve(set []uint16, hist []Number, used uint16, ub int) int {
	m := len(set)
	switch m {
	case 0:
		return 0
	case 1:
		return 1
	case 2:
		return 3
	}
	lower := int(s.bound[m])
	if lower >= ub {
		return lower
	}
	key := keyOf(set)
	if e, ok := s.memo[key]; ok {
		if e.exact || int(e.value) >= ub {
			return int(e.value)
		}
		lower = max(lower, int(e.value))
	}
	s.nodes++
	best, found := ub, false
	if m <= s.answers {
		// Often a number of the set tells all the others apart: then the
		// set costs its lower bound, and nothing else need be looked at.
		if v, ok := s.separates(set); ok {
			s.memo[key] = entry{value: int32(v), exact: true}
			return v
		}
	}
	exact := m <= s.cfg.Exact
	var seen map[setKey]bool
	if exact {
		seen = make(map[setKey]bool)
	}
	for _, o := range s.options(set, hist, used, ub) {
		if int(o.bound) >= best {
			continue
		}
		if exact {
			// Guesses that split alike cost alike: only the first is tried.
			k := s.partitionKey(set, o.guess)
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		if total, ok := s.try(set, hist, used, o, best); ok {
			best, found = total, true
			if best <= lower {
				break
			}
		}
	}
	s.memo[key] = entry{value: int32(best), exact: found}
	return best
}

// separates looks for a number of set whose answers tell every other
// number of set apart; it returns the set's cost with it, 2m-1, the least
// any set of m numbers (at most one more than the answers) can cost.
func (s *Solver) separates(set []uint16) (int, bool) {
	for _, gi := range set {
		row := s.resp[int(gi)*s.n : int(gi)*s.n+s.n]
		var seen uint16
		ok := true
		for _, x := range set {
			c := row[x]
			if seen&(1<<c) != 0 {
				ok = false
				break
			}
			seen |= 1 << c
		}
		if ok {
			return 2*len(set) - 1, true
		}
	}
	return 0, false
}

// width is how many guesses are searched at a set of m secrets.
func (s *Solver) width(m int) int {
	switch {
	case m <= s.cfg.Exact:
		return math.MaxInt
	case s.cfg.WideFrom > 0 && m >= s.cfg.WideFrom:
		return s.cfg.Wide
	}
	return s.cfg.Width
}

// options lists the guesses worth trying at set whose bound is under ub:
// for a set of at most Exact secrets all of them, cheapest bound first;
// for a bigger one the Width best by estimate that split it differently.
func (s *Solver) options(set []uint16, hist []Number, used uint16, ub int) []option {
	m := len(set)
	list := s.guesses(hist, used)
	opts := make([]option, 0, len(list))
	// Digits that no number of the set has score nothing wherever they
	// stand, so they are all alike: of guesses that differ only in them,
	// one is tried.
	var live uint16
	for _, x := range set {
		live |= s.digitSet[x]
	}
	dead := s.alphabet &^ live
	var tried []uint64
	if bits.OnesCount16(dead) > 1 {
		tried = make([]uint64, (s.n+63)/64)
	}
	for _, gi := range list {
		if tried != nil {
			r := s.index[s.relabelDead(s.nums[gi], dead)]
			if tried[r/64]&(1<<(r%64)) != 0 {
				continue
			}
			tried[r/64] |= 1 << (r % 64)
		}
		counts := s.count(set, gi)
		o := option{guess: gi, bound: int32(m), est: float64(m), win: counts[s.win] > 0}
		useful := true
		for c, k := range counts[:s.answers] {
			if k == 0 || c == int(s.win) {
				continue
			}
			if int(k) == m {
				useful = false // every secret answers alike: nothing learnt
				break
			}
			o.bound += s.bound[k]
			o.est += s.est[k]
		}
		if useful && int(o.bound) < ub {
			opts = append(opts, o)
		}
	}
	// The best estimates first: a good total found early cuts the search
	// of the others short.
	slices.SortFunc(opts, func(a, b option) int {
		return cmp.Or(cmp.Compare(a.est, b.est), cmp.Compare(a.bound, b.bound),
			-cmpBool(a.win, b.win), cmp.Compare(a.guess, b.guess))
	})
	if m <= s.cfg.Exact {
		return opts
	}
	// The first Width guesses that split the set differently: guesses
	// that split it alike (renamings the history does not show, digits no
	// number left has) would only repeat a search.
	w := s.width(m)
	seen := make(map[setKey]bool, w)
	kept := opts[:0]
	for _, o := range opts {
		if len(kept) == w {
			break
		}
		k := s.partitionKey(set, o.guess)
		if !seen[k] {
			seen[k] = true
			kept = append(kept, o)
		}
	}
	return kept
}

// count returns the sizes of the classes that guess gi's answers split
// set into. It is most of the search's time.
func (s *Solver) count(set []uint16, gi uint16) [14]uint16 {
	row := s.resp[int(gi)*s.n : int(gi)*s.n+s.n]
	var out [14]uint16
	for _, x := range set {
		out[row[x]]++
	}
	return out
}

// relabelDead renames the digits of x that are in dead to the smallest
// digits of dead, in the order they appear.
func (s *Solver) relabelDead(x Number, dead uint16) Number {
	var to [10]byte
	var mapped uint16
	free := dead
	for i := range s.g.Places {
		d := x[i]
		if dead&(1<<d) == 0 {
			continue
		}
		if mapped&(1<<d) == 0 {
			e := byte(bits.TrailingZeros16(free))
			free &^= 1 << e
			to[d] = e
			mapped |= 1 << d
		}
		x[i] = to[d]
	}
	return x
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// partitionKey names the partition of set by guess gi's answers, its
// classes named in order of first appearance (the win class apart):
// guesses with the same key split the set alike and cost alike.
func (s *Solver) partitionKey(set []uint16, gi uint16) setKey {
	row := s.resp[int(gi)*s.n : int(gi)*s.n+s.n]
	var relabel [14]uint8
	next := uint8(1)
	var k setKey
	k.a, k.b = 0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f
	for _, x := range set {
		c := row[x]
		if relabel[c] == 0 {
			if c == s.win {
				relabel[c] = 15
			} else {
				relabel[c] = next
				next++
			}
		}
		v := uint64(relabel[c])
		k.a = (k.a ^ v) * 0x100000001b3
		k.a ^= k.a >> 29
		k.b = (k.b + v*0xff51afd7ed558ccd) * 0xc4ceb9fe1a85ec53
		k.b ^= k.b >> 31
	}
	return k
}

// split sorts set into the classes of guess gi's answers, in buf.
func (s *Solver) split(set []uint16, gi uint16, buf []uint16) (classes [14][]uint16) {
	var start [15]int
	row := s.resp[int(gi)*s.n : int(gi)*s.n+s.n]
	for _, x := range set {
		start[row[x]+1]++
	}
	for c := range s.answers {
		start[c+1] += start[c]
	}
	pos := start
	for _, x := range set {
		c := row[x]
		buf[pos[c]] = x
		pos[c]++
	}
	for c := range s.answers {
		classes[c] = buf[start[c]:start[c+1]]
	}
	return classes
}

// try computes the cost of guessing o.guess at set, giving up (false) as
// soon as it reaches best.
func (s *Solver) try(set []uint16, hist []Number, used uint16, o option, best int) (int, bool) {
	classes := s.split(set, o.guess, make([]uint16, len(set)))
	g := s.nums[o.guess]
	next := append(hist[:len(hist):len(hist)], g)
	nextUsed := used | s.g.digits(g)
	order := make([]int, 0, s.answers)
	for c := range s.answers {
		if c != int(s.win) && len(classes[c]) > 0 {
			order = append(order, c)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(len(classes[b]), len(classes[a])) })
	total := int(o.bound)
	for _, c := range order {
		lb := int(s.bound[len(classes[c])])
		v := s.Solve(classes[c], next, nextUsed, best-total+lb)
		total += v - lb
		if total >= best {
			return total, false
		}
	}
	return total, true
}

// Tree is a node of a decision tree: the guess to make, and the node to go
// to after each answer other than all strikes (nil when no secret left
// gives that answer).
type Tree struct {
	Guess Number
	Next  [13]*Tree
	Left  int // how many secrets are still possible here
}

// All returns every number's index: the set at the start of a game.
func (s *Solver) All() []uint16 {
	set := make([]uint16, s.n)
	for i := range set {
		set[i] = uint16(i)
	}
	return set
}

// Nodes returns how many sets were searched (not answered from the memo).
func (s *Solver) Nodes() int { return s.nodes }

// Tree searches the whole game and returns the tree of the best total
// found.
func (s *Solver) Tree() *Tree {
	set := s.All()
	total := s.Solve(set, nil, 0, infeasible)
	return s.build(set, nil, 0, total)
}

// build returns the tree of a set whose total the search has found.
func (s *Solver) build(set []uint16, hist []Number, used uint16, total int) *Tree {
	if len(set) == 1 {
		return &Tree{Guess: s.nums[set[0]], Left: 1}
	}
	for _, o := range s.options(set, hist, used, total+1) {
		if got, ok := s.try(set, hist, used, o, total+1); !ok || got != total {
			continue
		}
		g := s.nums[o.guess]
		t := &Tree{Guess: g, Left: len(set)}
		classes := s.split(set, o.guess, make([]uint16, len(set)))
		next := append(hist[:len(hist):len(hist)], g)
		for c := range s.answers {
			if c == int(s.win) || len(classes[c]) == 0 {
				continue
			}
			v := s.Solve(classes[c], next, used|s.g.digits(g), infeasible)
			t.Next[c] = s.build(classes[c], next, used|s.g.digits(g), v)
		}
		return t
	}
	panic(fmt.Sprintf("search: no guess reaches the total %d found for a set of %d", total, len(set)))
}

// Play follows t for one secret and returns how many guesses it takes, or
// false if the tree has no guess for some answer on the way.
func (g Game) Play(t *Tree, secret Number) (int, bool) {
	win := g.WinCode()
	for depth := 1; t != nil; depth++ {
		c := g.Code(g.Score(secret, t.Guess))
		if c == win {
			return depth, true
		}
		t = t.Next[c]
	}
	return 0, false
}

// Stats plays every secret of g through t and returns the total, the most
// guesses, and how many secrets took each number of guesses; false if
// some secret is never found.
func (g Game) Stats(t *Tree) (total, worst int, spread []int, ok bool) {
	for _, x := range g.Numbers() {
		d, found := g.Play(t, x)
		if !found {
			return 0, 0, nil, false
		}
		total += d
		worst = max(worst, d)
		for len(spread) <= d {
			spread = append(spread, 0)
		}
		spread[d]++
	}
	return total, worst, spread, true
}

// The table format that Encode writes and the baseball package walks: a
// header of 8 bytes, "BBT1", the places, 1 if 0 is a digit, and the count
// of nodes (uint16, little-endian); then 6 bytes a node, node 0 the first
// guess, each node's children one after another in the order of their
// answers' codes:
//
//	guess  uint16  the guess's digits, a nibble each, first place highest;
//	               0xF for a place the game does not have
//	mask   uint16  bit c set when answer code c (not all strikes) has a child
//	first  uint16  the node of the first child
//
// All little-endian. A node with no children is a number that is the only
// one left.
const (
	headerSize = 8
	nodeSize   = 6
)

// Encode returns t as the table the baseball package ships.
func (g Game) Encode(t *Tree) ([]byte, error) {
	// Breadth first, so that a node's children stand side by side.
	order := []*Tree{t}
	for i := 0; i < len(order); i++ {
		for _, c := range order[i].Next {
			if c != nil {
				order = append(order, c)
			}
		}
	}
	if len(order) > 1<<16-1 {
		return nil, fmt.Errorf("search: %d nodes do not fit the table", len(order))
	}
	zero := byte(0)
	if g.Zero {
		zero = 1
	}
	out := []byte{'B', 'B', 'T', '1', byte(g.Places), zero, byte(len(order)), byte(len(order) >> 8)}
	next := 1
	for _, n := range order {
		var guess, mask uint16
		for i := range 4 {
			d := uint16(0xF)
			if i < g.Places {
				d = uint16(n.Guess[i])
			}
			guess = guess<<4 | d
		}
		first := next
		for c, k := range n.Next {
			if k != nil {
				mask |= 1 << c
				next++
			}
		}
		if mask == 0 {
			first = 0
		}
		out = append(out, byte(guess), byte(guess>>8), byte(mask), byte(mask>>8), byte(first), byte(first>>8))
	}
	return out, nil
}

// Decode reads a table that Encode wrote.
func Decode(b []byte) (Game, *Tree, error) {
	if len(b) < headerSize || string(b[:4]) != "BBT1" {
		return Game{}, nil, fmt.Errorf("search: not a table")
	}
	g := Game{Places: int(b[4]), Zero: b[5] == 1}
	count := int(b[6]) | int(b[7])<<8
	if len(b) != headerSize+count*nodeSize || count == 0 {
		return Game{}, nil, fmt.Errorf("search: a table of %d bytes, %d nodes", len(b), count)
	}
	field := func(i, k int) int {
		at := headerSize + i*nodeSize + 2*k
		return int(b[at]) | int(b[at+1])<<8
	}
	nodes := make([]*Tree, count)
	for i := range nodes {
		nodes[i] = &Tree{}
		guess := field(i, 0)
		for p := range 4 {
			nodes[i].Guess[p] = byte(guess >> (12 - 4*p) & 0xF)
			if p >= g.Places {
				nodes[i].Guess[p] = 0
			}
		}
	}
	for i, n := range nodes {
		mask, first := field(i, 1), field(i, 2)
		for c := range 13 {
			if mask&(1<<c) == 0 {
				continue
			}
			if first <= i || first >= count {
				return Game{}, nil, fmt.Errorf("search: node %d: child %d", i, first)
			}
			n.Next[c] = nodes[first]
			first++
		}
	}
	return g, nodes[0], nil
}

// Shipped returns the search's widths for the strategy that the baseball
// package ships for g: the whole search for three digits, a limited one for
// four (minutes each; docs/baseball.md). With four digits from 1 to 9 the
// limited search finds the least total, 14914: Exact at 840, the biggest
// class after the first guess, makes the search exhaustive and finds the
// same in about 8 minutes.
func Shipped(g Game) Config {
	if g.Places == 3 {
		return Config{Exact: 1000}
	}
	return Config{Exact: 300, Width: 3}
}

// Table searches g with its shipped widths and returns the table, with the
// tree's total, worst case and spread (how many secrets take each number
// of guesses).
func Table(g Game) (table []byte, total, worst int, spread []int, err error) {
	t := NewSolver(g, Shipped(g)).Tree()
	total, worst, spread, ok := g.Stats(t)
	if !ok {
		return nil, 0, 0, nil, fmt.Errorf("search: the tree of %v misses a secret", g)
	}
	table, err = g.Encode(t)
	return table, total, worst, spread, err
}

package optimal

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"
)

// long reports whether the slow cross-checks should run: a minute or more
// each, too long for every CI run. BASEBALL_LONG=1 go test ./baseball/...
func long() bool { return os.Getenv("BASEBALL_LONG") != "" }

func TestCode(t *testing.T) {
	seen := map[int]bool{}
	for s := -1; s <= 4; s++ {
		for b := -1; b <= 4; b++ {
			c := Code(s, b)
			possible := s >= 0 && b >= 0 && s+b <= 3 && !(s == 2 && b == 1)
			if possible != (c >= 0) {
				t.Errorf("Code(%d, %d) = %d", s, b, c)
			}
			if c >= 0 {
				if seen[c] {
					t.Errorf("Code(%d, %d) = %d twice", s, b, c)
				}
				seen[c] = true
			}
		}
	}
	if len(seen) != Answers || Code(3, 0) != WinCode {
		t.Errorf("%d codes, three strikes %d", len(seen), Code(3, 0))
	}
}

func TestStaticBounds(t *testing.T) {
	b := staticBounds()
	for _, tc := range []struct{ m, want int }{
		{1, 1}, {2, 3}, {9, 1 + 8*2}, {10, 1 + 8*2 + 3}, {73, 1 + 8*2 + 64*3}, {74, 1 + 8*2 + 64*3 + 4},
	} {
		if b[tc.m] != tc.want {
			t.Errorf("staticBounds()[%d] = %d, want %d", tc.m, b[tc.m], tc.want)
		}
	}
}

// TestBest is the proof: no strategy needs fewer than 2337 guesses over the
// 504 secrets; one needs that many and never more than 6; none finds every
// secret within 5.
func TestBest(t *testing.T) {
	s := NewSolver()
	if got := s.Best(maxDepth); got != 2337 {
		t.Errorf("least total = %d, want 2337", got)
	}
	if got := s.Best(MaxGuesses); got != 2337 {
		t.Errorf("least total within %d guesses = %d, want 2337", MaxGuesses, got)
	}
	if got := s.Best(5); got < infeasible {
		t.Errorf("least total within 5 guesses = %d, want none", got)
	}
	tree := s.Tree(MaxGuesses)
	total, worst, ok := Stats(tree)
	if !ok || total != 2337 || worst != 6 {
		t.Errorf("tree: total %d, worst %d, complete %v; want 2337, 6, true", total, worst, ok)
	}
}

// naive is the cost of a set by the definition alone: every guess, every
// class, no symmetry, no bounds.
type naive struct {
	s    *Solver
	memo map[setKey]int
}

func (nv *naive) cost(set []uint16) int {
	if len(set) <= 1 {
		return len(set)
	}
	k := keyOf(set, 0)
	if v, ok := nv.memo[k]; ok {
		return v
	}
	best := infeasible
	for g := range count {
		var classes [Answers][]uint16
		for _, x := range set {
			c := nv.s.resp[g*count+int(x)]
			classes[c] = append(classes[c], x)
		}
		total := len(set)
		for c := range WinCode {
			if len(classes[c]) == len(set) {
				total = infeasible // nothing learnt: never better
				break
			}
			total += nv.cost(classes[c])
		}
		best = min(best, total)
	}
	nv.memo[k] = best
	return best
}

// randomSet plays random guesses against a random secret until at most
// limit secrets are left, as a game would narrow them down.
func randomSet(s *Solver, r *rand.Rand, limit int) ([]uint16, []Number, uint16) {
	secret := r.IntN(count)
	set := all()
	var hist []Number
	var used uint16
	for len(set) > limit {
		g := r.IntN(count)
		c := s.resp[g*count+secret]
		var next []uint16
		for _, x := range set {
			if s.resp[g*count+int(x)] == c {
				next = append(next, x)
			}
		}
		set = next
		hist = append(hist, s.nums[g])
		used |= digitsOf(s.nums[g])
	}
	return set, hist, used
}

// TestAgainstNaive checks the search (symmetry, bounds, memo) against the
// definition on sets that games narrow down to.
func TestAgainstNaive(t *testing.T) {
	limit, trials := 6, 200
	if long() {
		limit, trials = 14, 3000
	}
	s := NewSolver()
	nv := &naive{s: s, memo: map[setKey]int{}}
	r := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for range trials {
		set, hist, used := randomSet(s, r, limit)
		if len(set) < 3 {
			continue
		}
		checked++
		want := nv.cost(set)
		if got := NewSolver().Solve(set, hist, used, maxDepth, infeasible); got != want {
			t.Fatalf("set %v after %v: search %d, definition %d", set, hist, got, want)
		}
		if got := s.Solve(set, hist, used, maxDepth, infeasible); got != want {
			t.Fatalf("set %v after %v: search with a used memo %d, definition %d", set, hist, got, want)
		}
	}
	if checked < trials/3 {
		t.Errorf("only %d sets of 3 or more secrets checked", checked)
	}
	t.Logf("%d sets of 3 to %d secrets: the search agrees with the definition", checked, limit)
}

// TestSymmetryLosesNothing solves the classes of the first guess again with
// every guess tried everywhere. By default only the classes of at most 40
// secrets (2, 3, 18 and 36 of them; the bigger ones take from seconds to a
// minute); BASEBALL_LONG=1 does the whole proof that way (about 70 s).
func TestSymmetryLosesNothing(t *testing.T) {
	sym, plain := NewSolver(), NewSolver()
	plain.plain = true
	if long() {
		if got := plain.Best(maxDepth); got != 2337 {
			t.Errorf("without symmetry: least total %d, want 2337", got)
		}
		return
	}
	first := Number{1, 2, 3}
	g := uint16(sym.index[1][2][3])
	o := option{guess: g}
	for _, x := range all() {
		o.counts[sym.resp[int(g)*count+int(x)]]++
	}
	classes := sym.split(all(), o, make([]uint16, count))
	hist := []Number{first}
	for c := range WinCode {
		if len(classes[c]) > 40 {
			continue
		}
		a := sym.Solve(classes[c], hist, digitsOf(first), maxDepth, infeasible)
		b := plain.Solve(classes[c], hist, digitsOf(first), maxDepth, infeasible)
		if a != b {
			t.Errorf("class %d (%d secrets): %d with symmetry, %d without", c, len(classes[c]), a, b)
		}
	}
}

// TestWorstConsistent shows that a guesser that always guesses a number
// that fits, as the original's does, never needs more than 8 guesses, and
// can need 8.
func TestWorstConsistent(t *testing.T) {
	if got := NewSolver().WorstConsistent(); got != 8 {
		t.Errorf("worst case of consistent guessing = %d, want 8", got)
	}
	if long() {
		s := NewSolver()
		s.plain = true
		if got := s.WorstConsistent(); got != 8 {
			t.Errorf("without symmetry: worst case %d, want 8", got)
		}
	}
}

func TestSourceIsStable(t *testing.T) {
	a, err := Source()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Source()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two runs of the generator differ")
	}
}

// BenchmarkSource measures the generator: the whole search and the table.
func BenchmarkSource(b *testing.B) {
	for b.Loop() {
		if _, err := Source(); err != nil {
			b.Fatal(err)
		}
	}
}

package baseball

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"termgames/baseball/internal/search"
)

// shipped are the figures of the tables in trees/: the total over every
// number of the game and the most guesses, as the generator printed them.
var shipped = []struct {
	rules        Rules
	file         string
	total, worst int
}{
	{Rules{Digits: 3, Zero: true}, "3z.bin", 3575, 7},
	{Rules{Digits: 4}, "4.bin", total4, worst4},
	{Rules{Digits: 4, Zero: true}, "4z.bin", total4z, worst4z},
}

// TestEverySecretEveryGame plays every number of each game with the best
// guesser, answered truly: the totals of the shipped tables, found through
// the guesser the screens use (a random renaming of digits and places).
func TestEverySecretEveryGame(t *testing.T) {
	for _, tc := range shipped {
		for seed := range uint64(2) {
			res := Bench(tc.rules, Best, rand.New(rand.NewPCG(seed, 3)))
			if res.Total != tc.total || res.Worst != tc.worst {
				t.Errorf("%v, seed %d: %d guesses, at most %d; want %d and %d", tc.rules, seed, res.Total, res.Worst, tc.total, tc.worst)
			}
		}
	}
	if res := Bench(Original, Best, rand.New(rand.NewPCG(1, 3))); res.Total != 2337 || res.Worst != 6 {
		t.Errorf("original: %d guesses, at most %d; want 2337 and 6", res.Total, res.Worst)
	}
}

// TestClassicEveryGame: the original's guesser, extended, finds every
// number of every game, each guess fitting every answer so far.
func TestClassicEveryGame(t *testing.T) {
	for _, r := range menuRules {
		res := Bench(r, Classic, rand.New(rand.NewPCG(5, 5)))
		t.Logf("classic, %v: %d guesses over %d numbers, mean %.3f, worst %d", r, res.Total, r.Count(), float64(res.Total)/float64(r.Count()), res.Worst)
		if res.Worst > 12 {
			t.Errorf("classic, %v: %d guesses for some number", r, res.Worst)
		}
	}
}

// TestTablesAreWellFormed decodes each table with the generator's reader:
// its game is the file's, and the tree finds every number with the
// generator's own scoring too.
func TestTablesAreWellFormed(t *testing.T) {
	for _, tc := range shipped {
		g, tree, err := search.Decode([]byte(tc.rules.table()))
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if g != (search.Game{Places: tc.rules.Digits, Zero: tc.rules.Zero}) {
			t.Errorf("%s is the table of %v", tc.file, g)
		}
		total, worst, _, ok := g.Stats(tree)
		if !ok || total != tc.total || worst != tc.worst {
			t.Errorf("%s: total %d, worst %d, complete %v", tc.file, total, worst, ok)
		}
	}
}

// TestTablesAreGenerated checks that each table is what the generator
// makes now. The three-digit one takes under a second; the four-digit
// ones take minutes each, so they run with BASEBALL_LONG=1 only.
func TestTablesAreGenerated(t *testing.T) {
	for _, tc := range shipped {
		if tc.rules.Digits == 4 && os.Getenv("BASEBALL_LONG") == "" {
			continue
		}
		want, _, _, _, err := search.Table(search.Game{Places: tc.rules.Digits, Zero: tc.rules.Zero})
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("trees", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("trees/%s is not what the generator makes: run go generate ./baseball", tc.file)
		}
	}
}

// TestAnswerCodesEveryGame checks that the tables are read with the
// generator's numbering of the answers.
func TestAnswerCodesEveryGame(t *testing.T) {
	for _, r := range menuRules {
		g := search.Game{Places: r.Digits, Zero: r.Zero}
		for s := -1; s <= 5; s++ {
			for b := -1; b <= 5; b++ {
				if got, want := r.answerCode(Answer{s, b}), g.Code(s, b); got != want {
					t.Errorf("%v: answerCode(%d, %d) = %d, the generator's code is %d", r, s, b, got, want)
				}
			}
		}
	}
}

// The shipped four-digit tables' figures (docs/baseball.md).
const (
	total4, worst4   = 14914, 7
	total4z, worst4z = 26284, 7
)

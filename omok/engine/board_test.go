package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// rebuilt returns a board built from scratch with b's moves.
func rebuilt(t *testing.T, b *Board) *Board {
	t.Helper()
	nb, err := NewBoard(b.n, b.rule)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range b.moves {
		nb.play(i)
	}
	return nb
}

// TestIncrementalMatchesRebuild plays and takes back random moves and checks
// that every key, pattern, combo, score and total equals a board built from
// scratch.
func TestIncrementalMatchesRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, rule := range []Rule{Freestyle, Standard} {
		for _, size := range []int{15, 19, 7} {
			b, _ := NewBoard(size, rule)
			for step := range 300 {
				if b.Moves() > 0 && (rng.IntN(4) == 0 || b.Full() || b.Winner() != None) {
					b.Undo()
				} else {
					var p Point
					for {
						p = Point{rng.IntN(size), rng.IntN(size)}
						if b.At(p) == None {
							break
						}
					}
					if err := b.Play(p); err != nil {
						t.Fatal(err)
					}
				}
				if step%10 != 0 {
					continue
				}
				nb := rebuilt(t, b)
				for d := range 4 {
					if !slices.Equal(b.keys[d], nb.keys[d]) || !slices.Equal(b.pat[d], nb.pat[d]) {
						t.Fatalf("%s %d step %d: direction %d differs", rule.Name(), size, step, d)
					}
				}
				for s := range 2 {
					if !slices.Equal(b.combo[s], nb.combo[s]) || !slices.Equal(b.score[s], nb.score[s]) ||
						b.total[s] != nb.total[s] || b.count[s] != nb.count[s] {
						t.Fatalf("%s %d step %d: side %d differs", rule.Name(), size, step, s)
					}
				}
				if b.hash != nb.hash || b.winner != nb.winner || !slices.Equal(b.near, nb.near) {
					t.Fatalf("%s %d step %d: hash, winner or near differs", rule.Name(), size, step)
				}
			}
		}
	}
}

package omok

import (
	"math/rand/v2"
	"testing"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/screentest"
)

// The board keeps its rows from frame to frame and builds again only those
// that changed: after any keys, in any terminal width, its frame is the
// one a game that never drew before shows for the same moves.
func TestKeptRowsMatchFreshFrames(t *testing.T) {
	keys := []string{"\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\r", "\r", "u"}
	sizes := []console.Size{screentest.Size, {Width: 38, Height: 24}}
	for _, rule := range []Rule{Freestyle, Renju} {
		screentest.EachWidth(t, func(t *testing.T, w *runewidth.Condition) {
			opt := Options{Width: w, Rule: rule, RuleGiven: true}
			rng := rand.New(rand.NewPCG(5, uint64(rule)))
			var played string
			kept := startGame(opt)
			for range 300 {
				k := keys[rng.IntN(len(keys))]
				played += k
				kept = console.Feed(kept, console.Keys(k)...)
				if _, ok := kept.(*game); !ok {
					return // a five: the game is over and has left for the menu
				}
				size := sizes[rng.IntN(len(sizes))]
				fresh := console.Feed(startGame(opt), console.Keys(played)...)
				got, want := kept.View(size), fresh.View(size)
				if got.Text(w) != want.Text(w) {
					t.Fatalf("after %q the kept rows show\n%s\na fresh game\n%s", played, got.Text(w), want.Text(w))
				}
				for y := range want.Rows {
					for x := range size.Width {
						if got.StyleAt(w, y, x) != want.StyleAt(w, y, x) {
							t.Fatalf("after %q cell %d,%d has style %+v, a fresh game %+v", played, y, x, got.StyleAt(w, y, x), want.StyleAt(w, y, x))
						}
					}
				}
			}
		})
	}
}

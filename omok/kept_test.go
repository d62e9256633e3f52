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
			opt := Options{Width: w, Rule: rule}
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

// BenchmarkViewMove draws a 19 x 19 board, the panel beside it, after a
// cursor move: "original" is the way before the rows were kept, every cell
// and panel line built and every line measured on every frame; "ours"
// builds the two rows the cursor left and entered.
//
//	go test -run '^$' -bench ViewMove ./omok/
func BenchmarkViewMove(b *testing.B) {
	w := console.NewCondition(console.Narrow)
	size := console.Size{Width: 100, Height: 40}
	run := func(forget bool) func(b *testing.B) {
		return func(b *testing.B) {
			s := console.Feed(startGame(Options{Width: w, Size: 19, Rule: Renju}),
				console.Keys(playKeys(Point{9, 9}, Point{9, 10}, Point{10, 9}))...)
			g := s.(*game)
			n := 0
			for b.Loop() {
				g.move(1-2*(n%2), 0)
				if forget {
					g.drawn, g.widths = boardRows{}, widths{}
				}
				if f := g.View(size); len(f.Rows) < 19 {
					b.Fatalf("%d rows", len(f.Rows))
				}
				n++
			}
		}
	}
	screentest.SideBySide(b, "original", run(true), run(false))
}

package console_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/minesweeper"
	"termgames/omok"
)

// A board is a game screen as a player reaches it from the game's menu,
// in a terminal of the size it needs.
type board struct {
	name  string
	size  console.Size
	start func(tb testing.TB, w *runewidth.Condition) console.Screen
	open  string // the menu keys that open the board
	play  string // keys played before the moves: minesweeper's first opening
}

// show returns a driver showing b's board as first shown.
func (b board) show(tb testing.TB, w *runewidth.Condition) *console.Driver {
	d := console.NewDriver(b.start(tb, w), b.size)
	d.Send(console.Keys(b.open)...)
	return d
}

func omokBoard(n int) func(testing.TB, *runewidth.Condition) console.Screen {
	return func(_ testing.TB, w *runewidth.Condition) console.Screen {
		return omok.New(omok.Options{Size: n, Width: w}, nil)
	}
}

func mineBoard(tb testing.TB, w *runewidth.Condition) console.Screen {
	return minesweeper.New(minesweeper.Options{
		Width:  w,
		Rand:   rand.New(rand.NewPCG(1, 2)),
		Scores: filepath.Join(tb.TempDir(), "scores.json"),
	}, nil)
}

var boards = []board{
	{"omok-15x15", console.Size{Width: 100, Height: 40}, omokBoard(15), "1\r1\r", ""},
	{"omok-19x19", console.Size{Width: 100, Height: 40}, omokBoard(19), "1\r1\r", ""},
	// The moves are made after a first opening, so that the board has
	// numbers and blanks as in a game.
	{"mines-9x9", console.Size{Width: 100, Height: 40}, mineBoard, "1\r", "\r"},
	{"mines-16x30", console.Size{Width: 100, Height: 40}, mineBoard, "3\r", "\r"},
	{"mines-100x100", console.Size{Width: 210, Height: 110}, mineBoard, "4\r100\r100\r1500\r", "\r"},
}

// moves are the keys of one-cell cursor moves, there and back.
var moves = []struct {
	name string
	keys [2]console.Key
}{
	{"LR", [2]console.Key{console.KeyRight, console.KeyLeft}},
	{"UD", [2]console.Key{console.KeyDown, console.KeyUp}},
}

// ways are the renderers compared: the one before cells, and the cell
// renderer in a terminal whose widths it does not know (untrusted) and in
// one that confirmed them (the usual case once Run has measured □).
var ways = []struct {
	name string
	new  func(w *runewidth.Condition) console.Renderer
}{
	{"old", func(*runewidth.Condition) console.Renderer { return console.NewOldRenderer() }},
	{"untrusted", func(w *runewidth.Condition) console.Renderer { return console.NewRenderer(w, false) }},
	{"trusted", func(w *runewidth.Condition) console.Renderer { return console.NewRenderer(w, true) }},
}

// keyRun plays one-cell moves on b, there and back, each through Update,
// View and the renderer, and returns the bytes written per key and the
// median time of a key.
func keyRun(tb testing.TB, b board, keys [2]console.Key, r console.Renderer, w *runewidth.Condition, loop func(func())) (bytes float64, median time.Duration) {
	d := b.show(tb, w)
	d.Send(console.Keys(b.play)...)
	r.Render(d.Frame(), b.size)
	written, n := 0, 0
	var took []time.Duration
	loop(func() {
		t := time.Now()
		d.Send(console.Event{Type: console.KeyEvent, Key: keys[n%2]})
		written += len(r.Render(d.Frame(), b.size))
		took = append(took, time.Since(t))
		n++
	})
	slices.Sort(took)
	return float64(written) / float64(n), took[len(took)/2]
}

// BenchmarkKeys measures one arrow key on every board, old renderer and
// new side by side: bytes per key, and the time of a key for the whole of
// it (Update, View, render), as ns/op and as the median key (median-ns/key,
// steadier on a busy machine). The cell renderer's runs report
// x-fewer-bytes and x-faster (of the medians), old over new.
//
//	go test -run '^$' -bench Keys ./console/
func BenchmarkKeys(bm *testing.B) {
	w := console.NewCondition(console.Narrow)
	for _, b := range boards {
		for _, mv := range moves {
			var oldBytes, oldNs float64
			for _, way := range ways {
				bm.Run(b.name+"/"+mv.name+"/"+way.name, func(bb *testing.B) {
					per, med := keyRun(bb, b, mv.keys, way.new(w), w, func(step func()) {
						for bb.Loop() {
							step()
						}
					})
					ns := float64(med.Nanoseconds())
					bb.ReportMetric(per, "bytes/key")
					bb.ReportMetric(ns, "median-ns/key")
					if way.name == "old" {
						oldBytes, oldNs = per, ns
					} else if oldBytes > 0 && per > 0 {
						bb.ReportMetric(oldBytes/per, "x-fewer-bytes")
						bb.ReportMetric(oldNs/ns, "x-faster")
					}
				})
			}
		}
	}
}

// BenchmarkView measures building a frame alone, the part of a key that
// does not depend on the renderer.
//
//	go test -run '^$' -bench View ./console/
func BenchmarkView(bm *testing.B) {
	w := console.NewCondition(console.Narrow)
	for _, b := range boards {
		bm.Run(b.name, func(bb *testing.B) {
			d := b.show(bb, w)
			d.Send(console.Keys(b.play)...)
			s := d.Screen()
			for bb.Loop() {
				s.View(b.size)
			}
		})
	}
}

// The limits on bytes that do not depend on the machine: a one-cell
// move writes at most 40 bytes on every board in both directions, and a
// whole first frame at most 1.1 times its visible text plus one cursor
// move per row (the first frame of each board as it is first shown).
func TestMoveAndFirstFrameBytes(t *testing.T) {
	for _, w := range []*runewidth.Condition{console.NewCondition(console.Narrow), console.NewCondition(console.Wide)} {
		for _, b := range boards {
			for _, way := range ways[1:] {
				name := fmt.Sprintf("%s/%s/wide=%v", b.name, way.name, w.EastAsianWidth)
				for _, mv := range moves {
					per, _ := keyRun(t, b, mv.keys, way.new(w), w, func(step func()) {
						for range 6 {
							step()
						}
					})
					t.Logf("%s: %s %.1f bytes per move", name, mv.name, per)
					if per <= 0 || per > 40 {
						t.Errorf("%s: %s writes %.1f bytes per move, want 1 to 40", name, mv.name, per)
					}
				}
				f := b.show(t, w).Frame()
				if !strings.ContainsAny(f.Text(w), "□■") {
					t.Fatalf("%s: the keys %q do not reach the board:\n%s", name, b.open, f.Text(w))
				}
				got := len(way.new(w).Render(f, b.size))
				text, moves := textAndMoves(f.Text(w))
				t.Logf("%s: first frame %d bytes, text %d + moves %d: %.2fx", name, got, text, moves, float64(got)/float64(text+moves))
				if limit := 1.1 * float64(text+moves); float64(got) > limit && way.name == "trusted" {
					t.Errorf("%s: the first frame is %d bytes, over 1.1 x (%d of text + %d of moves)", name, got, text, moves)
				}
			}
		}
	}
}

// textAndMoves returns the bytes of a screen's text, blanks before the
// first glyph of a line left out, and of one cursor move (CUP) to the
// first glyph of each line that has one.
func textAndMoves(screen string) (text, moves int) {
	for i, line := range strings.Split(screen, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" {
			continue
		}
		text += len(trimmed)
		moves += len(fmt.Sprintf("\x1b[%d;%dH", i+1, len(line)-len(trimmed)+1))
	}
	return text, moves
}

// Minesweeper keeps its field's rows from frame to frame and builds again
// only those that changed: after any keys, its frame is the one a screen
// that never drew before builds for the same game.
func TestKeptRowsMatchFreshFrames(t *testing.T) {
	w := console.NewCondition(console.Narrow)
	b := boards[2] // 9x9
	rng := rand.New(rand.NewPCG(3, 4))
	// Mostly moves, which change two rows; openings and flags change
	// more; r starts a new game, for a game lost early shows no cursor.
	keys := []string{"\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\r", "f", "r", "t"}
	played := b.open
	kept := b.show(t, w)
	for range 120 {
		k := keys[rng.IntN(len(keys))]
		played += k
		kept.Send(console.Keys(k)...)
		fresh := console.NewDriver(b.start(t, w), b.size)
		fresh.Send(console.Keys(played)...)
		got, want := kept.Frame(), fresh.Frame()
		if got.Text(w) != want.Text(w) {
			t.Fatalf("after %q the kept rows show\n%s\na fresh screen\n%s", played, got.Text(w), want.Text(w))
		}
		for y := range want.Rows {
			for x := range 2 * 9 * 2 { // the field and past it
				if got.StyleAt(w, y, x) != want.StyleAt(w, y, x) {
					t.Fatalf("after %q cell %d,%d has style %+v, a fresh screen %+v", played, y, x, got.StyleAt(w, y, x), want.StyleAt(w, y, x))
				}
			}
		}
	}
}

// evict pushes the benchmark's data out of the processor's caches, as the
// programs a player runs alongside do between two keys: a key then costs
// what it costs in the terminal, where it comes after milliseconds idle.
func evict(buf []byte) {
	for i := 0; i < len(buf); i += 64 {
		buf[i]++
	}
}

// BenchmarkKeysCold measures one arrow key (← →) as BenchmarkKeys does,
// old renderer and new side by side, with the caches emptied before each
// key (64 MB written). The measure is median-ns/key, the keys alone; ns/op
// counts the emptying too, so that the benchmark runs few of them. The
// cell renderer's runs report x-faster, the old way's median over the new.
//
//	go test -run '^$' -bench KeysCold -benchtime 300x ./console/
func BenchmarkKeysCold(bm *testing.B) {
	buf := make([]byte, 64<<20)
	keysBetween(bm, func() { evict(buf) })
}

// BenchmarkKeysAfterPause is BenchmarkKeysCold with a pause of 65 ms
// before each key instead, as between a player's keys (and ptyperf's):
// on a virtual machine whose processors sleep meanwhile, that costs a key
// far more than emptying the caches does.
//
//	go test -run '^$' -bench KeysAfterPause -benchtime 100x ./console/
func BenchmarkKeysAfterPause(bm *testing.B) {
	keysBetween(bm, func() { time.Sleep(65 * time.Millisecond) })
}

// keysBetween runs BenchmarkKeys' ← → keys with between before each,
// timed too (so that b.N stays small) but left out of median-ns/key.
func keysBetween(bm *testing.B, between func()) {
	w := console.NewCondition(console.Narrow)
	for _, b := range boards {
		var oldNs float64
		for _, way := range ways {
			bm.Run(b.name+"/"+way.name, func(bb *testing.B) {
				_, med := keyRun(bb, b, moves[0].keys, way.new(w), w, func(step func()) {
					for range bb.N {
						between()
						step()
					}
				})
				ns := float64(med.Nanoseconds())
				bb.ReportMetric(ns, "median-ns/key")
				if way.name == "old" {
					oldNs = ns
				} else if oldNs > 0 {
					bb.ReportMetric(oldNs/ns, "x-faster")
				}
			})
		}
	}
}

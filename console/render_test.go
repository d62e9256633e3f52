package console

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"termgames/internal/vtmodel"
)

var (
	narrow = NewCondition(Narrow)
	wide   = NewCondition(Wide)
)

// board is a frame with an n x n board of □, one span per cell at column
// 2*c, a stone at (1,1), and a line of text under it.
func board(n int, w *runewidth.Condition) Frame {
	var f Frame
	for r := range n {
		for c := range n {
			g := "□"
			if r == 1 && c == 1 {
				g = "●"
			}
			f.Put(r, 2*c, Pad(w, g, 2), Plain)
		}
	}
	f.Line(n, "Player 1P의 턴입니다.")
	return f
}

// newTerm is a model terminal in the state Run puts a real one in: no
// autowrap.
func newTerm(size Size, w *runewidth.Condition) *vtmodel.Screen {
	scr := vtmodel.New(size.Width, size.Height, w)
	scr.Write([]byte(seqNoWrap))
	return scr
}

// wantScreen checks that scr shows frame f as a terminal of the given size
// whose widths are those of w: the frame's text cut to the screen, the
// frame's style in every cell, and the cursor.
func wantScreen(t *testing.T, scr *vtmodel.Screen, f Frame, w *runewidth.Condition, size Size, noColor bool) {
	t.Helper()
	if f.Need.Width > size.Width || f.Need.Height > size.Height {
		f = TooSmall(f.Need, size, f.Lang)
	}
	if got, want := scr.Text(), cutText(f.Text(w), w, size); got != want {
		t.Fatalf("screen\n%s\nwant\n%s", got, want)
	}
	for y := range size.Height {
		var cells []cell
		if y < len(f.Rows) {
			cells = layRow(f.Rows[y], w, size.Width)
		}
		for x := range size.Width {
			st := f.StyleAt(w, y, x)
			if x == size.Width-1 && cells != nil && cells[x].w == 2 {
				st = Plain // a wide glyph cut at the edge is not drawn
			}
			if noColor {
				st.FG, st.BG = Default, Default
			}
			want := vtmodel.Attr{FG: uint8(st.FG), BG: uint8(st.BG), Bold: st.Bold, Underline: st.Underline, Reverse: st.Reverse}
			if got := scr.AttrAt(y, x); got != want {
				t.Fatalf("cell %d,%d (%q) has %+v, want %+v; screen\n%s", y, x, scr.At(y, x), got, want, scr.Text())
			}
		}
	}
	c := f.Cursor
	shown := c != nil && c.Row >= 0 && c.Row < size.Height && size.Width > 0
	if scr.Mode(25) != shown {
		t.Fatalf("cursor shown %v, want %v", scr.Mode(25), shown)
	}
	if shown {
		if row, col := scr.Cursor(); row != c.Row || col != min(max(c.Col, 0), size.Width-1) {
			t.Fatalf("cursor at %d,%d, want %d,%d", row, col, c.Row, c.Col)
		}
	}
	if scr.Mode(1000) != f.Mouse {
		t.Fatalf("mouse reports %v, want %v", scr.Mode(1000), f.Mouse)
	}
}

// cutText is text as a terminal of the given size shows it: lines cut at
// its width (a wide glyph that does not fit is left out) and rows past its
// height gone.
func cutText(text string, w *runewidth.Condition, size Size) string {
	lines := strings.Split(text, "\n")
	lines = lines[:min(len(lines), size.Height)]
	for i, l := range lines {
		lines[i] = strings.TrimRight(w.Truncate(l, size.Width, ""), " ")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// A board is square whatever width the terminal gives □: written for
// either measure, into a terminal of either width, every row has its
// cells at the same columns, and they stay there as a cursor walks over
// the board cell by cell.
func TestBoardLinesUpInEveryTerminal(t *testing.T) {
	for _, measure := range []*runewidth.Condition{narrow, wide} {
		for _, term := range []*runewidth.Condition{narrow, wide} {
			name := fmt.Sprintf("measure wide=%v, terminal wide=%v", measure.EastAsianWidth, term.EastAsianWidth)
			size := Size{40, 10}
			scr := newTerm(size, term)
			r := renderer{width: measure}
			f := board(3, measure)
			scr.Write(r.render(f, size))
			got := strings.Split(scr.Text(), "\n")
			if got[3] != "Player 1P의 턴입니다." {
				t.Errorf("%s: text row is %q", name, got[3])
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for step := range 60 {
				g := board(3, measure)
				cr, cc := rng.IntN(3), rng.IntN(3)
				glyph := []string{"○", "●", "□"}[rng.IntN(3)]
				g.Put(cr, 2*cc, Pad(measure, glyph, 2), Style{Reverse: step%2 == 0})
				scr.Write(r.render(g, size))
				for row := range 3 {
					for col := range 3 {
						want := []rune(g.Text(measure))
						_ = want
						wantGlyph := '□'
						switch {
						case row == cr && col == cc:
							wantGlyph = []rune(glyph)[0]
						case row == 1 && col == 1:
							wantGlyph = '●'
						}
						if got := scr.At(row, 2*col); got != wantGlyph {
							t.Fatalf("%s: step %d: cell %d,%d shows %q at column %d, want %q; screen\n%s", name, step, row, col, got, 2*col, wantGlyph, scr.Text())
						}
					}
				}
			}
		}
	}
}

// What the renderer draws is what Frame.Text says a player reads.
func TestRenderMatchesText(t *testing.T) {
	frames := []Frame{board(5, narrow), board(3, narrow), {}, board(4, narrow)}
	frames[1].Put(0, 10, "hello", Style{Reverse: true, FG: Red})
	size := Size{60, 12}
	scr := newTerm(size, narrow)
	var r renderer
	for i, f := range frames {
		scr.Write(r.render(f, size))
		t.Run(fmt.Sprint(i), func(t *testing.T) { wantScreen(t, scr, f, narrow, size, false) })
	}
}

// Spans that overlap: the later one wins cell by cell, in Text and on the
// terminal alike.
func TestOverlapIsOneRule(t *testing.T) {
	var f Frame
	f.Put(0, 5, "X", Style{Bold: true})
	f.Put(0, 2, "abcdef", Plain) // a later span wins, cell by cell
	f.Put(1, 0, "abcdef", Plain)
	f.Put(1, 2, "X", Style{Reverse: true})
	f.Put(2, 3, "한", Style{FG: Blue})
	f.Put(2, 4, "z", Plain) // over the right half of 한: the left half goes too
	f.Put(3, 0, "글자", Plain)
	f.Put(3, 1, "x", Plain) // over the left... right half of 글
	f.Put(4, 1, "ab", Plain)
	f.Put(4, 0, "한", Plain) // over a and b's left: b stays
	want := "  abcdef\nabXdef\n    z\n x자\n한b"
	if got := f.Text(narrow); got != want {
		t.Fatalf("text %q, want %q", got, want)
	}
	if st := f.StyleAt(narrow, 0, 5); st != Plain {
		t.Fatalf("the X under abcdef keeps its style %+v", st)
	}
	if st := f.StyleAt(narrow, 1, 2); st != (Style{Reverse: true}) {
		t.Fatalf("the X over abcdef has style %+v", st)
	}
	for _, trusted := range []bool{false, true} {
		size := Size{20, 6}
		scr := newTerm(size, narrow)
		r := renderer{width: narrow, trusted: trusted}
		scr.Write(r.render(f, size))
		wantScreen(t, scr, f, narrow, size, false)
	}
}

// Frames that differ by a few cells write only those cells; an unchanged
// frame writes nothing at all.
func TestRenderWritesOnlyChangedCells(t *testing.T) {
	for _, trusted := range []bool{false, true} {
		r := renderer{width: narrow, trusted: trusted}
		size := Size{40, 10}
		f := board(5, narrow)
		first := string(r.render(f, size))
		if !strings.Contains(first, seqClearScreen) || !strings.HasPrefix(first, seqSyncBegin) {
			t.Fatalf("the first frame does not clear the screen inside ?2026: %q", first)
		}
		if again := r.render(f, size); again != nil {
			t.Fatalf("an unchanged frame wrote %q", again)
		}
		g := board(5, narrow)
		g.Put(2, 4, Pad(narrow, "○", 2), Plain)
		diff := string(r.render(g, size))
		if strings.Contains(diff, "\x1b[2J") || strings.Contains(diff, "?2026") || strings.Contains(diff, "\x1b[K") {
			t.Fatalf("one changed cell wrote %q", diff)
		}
		if !strings.Contains(diff, "○") || strings.Count(diff, "□") > 0 || len(diff) > 20 {
			t.Fatalf("trusted=%v: one changed cell wrote %q (%d bytes)", trusted, diff, len(diff))
		}
	}
}

// A screen that changes a row it has already handed over, in place, or
// hands over the same row slice again after changing it, is drawn as the
// row is now: the renderer compares with its own copy of the row it drew,
// never with the screen's slice.
func TestRenderSeesARowChangedInPlace(t *testing.T) {
	for _, trusted := range []bool{false, true} {
		r := renderer{width: narrow, trusted: trusted}
		size := Size{40, 10}
		scr := newTerm(size, narrow)
		kept := []Span{{Col: 0, Text: "move 1"}, {Col: 10, Text: "○ "}} // a screen's cached row
		var f Frame
		f.SetRow(2, kept)
		scr.Write(r.render(f, size))
		kept[0].Text, kept[1].Text = "move 2", "● " // the cache edited in place
		var g Frame
		g.SetRow(2, kept)
		scr.Write(r.render(g, size))
		want := Frame{}
		want.SetRow(2, []Span{{Col: 0, Text: "move 2"}, {Col: 10, Text: "● "}})
		wantScreen(t, scr, want, narrow, size, false)
		if again := r.render(g, size); again != nil {
			t.Fatalf("trusted=%v: the same row again wrote %q", trusted, again)
		}
	}
}

// A clock tick writes the clock's cells and nothing else.
func TestClockTickWritesTheClock(t *testing.T) {
	clock := func(s int) Frame {
		f := board(9, narrow)
		f.Line(10, fmt.Sprintf("Mines left: 10   Time: %d s", s))
		return f
	}
	r := renderer{width: narrow, trusted: true}
	size := Size{40, 14}
	scr := newTerm(size, narrow)
	scr.Write(r.render(clock(9), size))
	out := r.render(clock(10), size)
	scr.Write(out)
	wantScreen(t, scr, clock(10), narrow, size, false)
	if s := string(out); len(s) > 12 || !strings.Contains(s, "10 s") {
		t.Fatalf("the tick from 9 to 10 s wrote %q", s)
	}
}

func TestRenderStyles(t *testing.T) {
	var f Frame
	f.Put(0, 0, "x", Style{FG: Blue, BG: BrightBlack, Bold: true, Reverse: true})
	f.Put(0, 1, "y", Style{FG: Blue, BG: BrightBlack, Reverse: true})
	f.Put(0, 2, "z", Plain)
	var r renderer
	out := string(r.render(f, Size{10, 3}))
	if !strings.Contains(out, "\x1b[1;7;34;100mx\x1b[22my\x1b[mz") {
		t.Fatalf("styled cells written as %q", out)
	}
	nc := renderer{noColor: true}
	out = string(nc.render(f, Size{10, 3}))
	if !strings.Contains(out, "\x1b[1;7mx\x1b[22my\x1b[mz") || strings.Contains(out, "34") {
		t.Fatalf("NO_COLOR cells written as %q", out)
	}
}

func TestRenderTooSmall(t *testing.T) {
	f := board(5, narrow)
	f.Need = Size{30, 20}
	scr := newTerm(Size{40, 10}, narrow)
	var r renderer
	scr.Write(r.render(f, Size{40, 10}))
	if got := scr.Text(); got != "The terminal is too small.\nNeeded: 30 x 20\nNow:    40 x 10" {
		t.Fatalf("too small screen:\n%s", got)
	}
	// In the frame's language, and wrapped in a terminal too narrow for it.
	ko := f
	ko.Lang = "ko"
	small := newTerm(Size{12, 10}, narrow)
	var rk renderer
	small.Write(rk.render(ko, Size{12, 10}))
	if got := small.Text(); got != "터미널이\n너무\n작습니다.\n필요한 크기:\n30 x 20\n지금 크기:\n12 x 10" {
		t.Fatalf("too small screen in Korean at 12 columns:\n%s", got)
	}
	scr.Resize(40, 25)
	scr.Write(r.render(f, Size{40, 25}))
	if got := scr.Text(); got != f.Text(narrow) {
		t.Fatalf("after growing:\n%s", got)
	}
}

func TestRenderDropsControlCharacters(t *testing.T) {
	var f Frame
	f.Line(0, "a\x1b[2Jb\r\nc\x9b")
	var r renderer
	out := string(r.render(f, Size{10, 3}))
	if !strings.Contains(out, "a[2Jbc") || strings.Contains(out, "\x9b") || strings.Contains(out, "\r") {
		t.Fatalf("control characters reached the terminal: %q", out)
	}
}

func TestRenderCursorAndMouse(t *testing.T) {
	var f Frame
	f.Line(0, "원하는 메뉴를 입력하세요 : ")
	f.CursorAt(0, Width(narrow, "원하는 메뉴를 입력하세요 : "))
	f.Mouse = true
	scr := newTerm(Size{40, 5}, narrow)
	var r renderer
	scr.Write(r.render(f, Size{40, 5}))
	if row, col := scr.Cursor(); row != 0 || col != 27 || !scr.Mode(25) {
		t.Fatalf("cursor at %d,%d shown=%v; want 0,27 shown", row, col, scr.Mode(25))
	}
	if !scr.Mode(1000) || !scr.Mode(1006) {
		t.Fatal("mouse reporting not enabled")
	}
	// Typing at the prompt: the character and nothing else, the cursor
	// already where it must be.
	g := f
	g.Rows = [][]Span{{{Text: "원하는 메뉴를 입력하세요 : 1"}}}
	g.CursorAt(0, 28)
	if out := string(r.render(g, Size{40, 5})); out != "1" {
		t.Fatalf("typing 1 wrote %q", out)
	}
	scr.Write([]byte("1"))
	scr.Write(r.render(Frame{}, Size{40, 5}))
	if scr.Mode(25) || scr.Mode(1000) {
		t.Fatal("cursor or mouse still on after a frame without them")
	}
}

// pieces are what random frames are made of: ASCII, Hangul, ambiguous
// glyphs alone and padded, controls, a combining accent.
var pieces = []string{"a", "bc", " ", "  ", "□", "○ ", "●", "한", "글자", "·", "×", "■ ", "\x1b[2J", "\t", "e\u0301", "→.", "xyz", "1"}

var styles = []Style{Plain, Plain, {Reverse: true}, {Bold: true}, {FG: Red}, {FG: BrightBlue, Bold: true}, {BG: Green}, {Underline: true, Reverse: true, FG: Yellow, BG: BrightBlack}}

// randomFrame is a frame of overlapping spans, some past the right edge or
// the bottom of a terminal of the given size.
func randomFrame(rng *rand.Rand, size Size) Frame {
	var f Frame
	rows := rng.IntN(size.Height + 3)
	for range rng.IntN(4 * (rows + 1)) {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		f.Put(rng.IntN(rows+1), rng.IntN(size.Width+4)-1, b.String(), styles[rng.IntN(len(styles))])
	}
	if rng.IntN(3) == 0 {
		f.CursorAt(rng.IntN(size.Height+1), rng.IntN(size.Width+2))
	}
	f.Mouse = rng.IntN(4) == 0
	return f
}

// similar changes a few spans of f, the way one key changes a screen.
func similar(rng *rand.Rand, f Frame, size Size) Frame {
	g := Frame{Cursor: f.Cursor, Mouse: f.Mouse}
	for _, row := range f.Rows {
		g.Rows = append(g.Rows, append([]Span(nil), row...))
	}
	for range 1 + rng.IntN(3) {
		if len(g.Rows) == 0 {
			break
		}
		y := rng.IntN(len(g.Rows))
		if len(g.Rows[y]) > 0 && rng.IntN(2) == 0 {
			i := rng.IntN(len(g.Rows[y]))
			g.Rows[y][i].Style = styles[rng.IntN(len(styles))]
			g.Rows[y][i].Text = pieces[rng.IntN(len(pieces))]
		} else {
			g.Put(y, rng.IntN(size.Width+2), pieces[rng.IntN(len(pieces))], styles[rng.IntN(len(styles))])
		}
	}
	return g
}

// replay draws a random sequence of frames, with resizes, redraws and
// small changes between them, into a model terminal, and checks after
// each that the terminal shows exactly the frame: text, styles, cursor.
func replay(t *testing.T, seed uint64, trusted, noColor bool, w *runewidth.Condition) {
	rng := rand.New(rand.NewPCG(seed, 7))
	size := Size{1 + rng.IntN(30), 1 + rng.IntN(8)}
	scr := newTerm(size, w)
	r := renderer{width: w, trusted: trusted, noColor: noColor}
	var f Frame
	for i := range 25 {
		switch k := rng.IntN(10); {
		case k == 0:
			size = Size{1 + rng.IntN(30), 1 + rng.IntN(8)}
			scr.Resize(size.Width, size.Height)
			r.invalidate()
		case k == 1:
			r.invalidate()
		}
		if i == 0 || rng.IntN(3) == 0 {
			f = randomFrame(rng, size)
		} else {
			f = similar(rng, f, size)
		}
		scr.Write(r.render(f, size))
		wantScreen(t, scr, f, w, size, noColor)
	}
}

func TestRenderReplay(t *testing.T) {
	for seed := range uint64(300) {
		for _, w := range []*runewidth.Condition{narrow, wide} {
			trusted, noColor := seed%2 == 0, seed%7 == 0
			name := fmt.Sprintf("seed %d trusted %v wide %v", seed, trusted, w.EastAsianWidth)
			t.Run(name, func(t *testing.T) { replay(t, seed, trusted, noColor, w) })
		}
	}
}

// FuzzRender is TestRenderReplay over any seed:
//
//	go test -run '^$' -fuzz FuzzRender -fuzztime 4000x ./console/
func FuzzRender(f *testing.F) {
	f.Add(uint64(1), false, false, false)
	f.Add(uint64(2), true, true, true)
	f.Fuzz(func(t *testing.T, seed uint64, trusted, noColor, wideTerm bool) {
		w := narrow
		if wideTerm {
			w = wide
		}
		replay(t, seed, trusted, noColor, w)
	})
}

// In a terminal that draws ambiguous glyphs at the other width than the
// measure says, nothing can show every frame exactly; what must hold is
// that changing only some cells leaves the terminal as a full redraw of the
// same frame would: no glyph shifted, no stale one left behind.
func TestRenderMismatchedTerminalMatchesFullRedraw(t *testing.T) {
	for seed := range uint64(300) {
		measure, term := narrow, wide
		if seed%2 == 1 {
			measure, term = wide, narrow
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		size := Size{1 + rng.IntN(30), 1 + rng.IntN(8)}
		scr := newTerm(size, term)
		r := renderer{width: measure}
		var f Frame
		for i := range 25 {
			if i == 0 || rng.IntN(3) == 0 {
				f = randomFrame(rng, size)
			} else {
				f = similar(rng, f, size)
			}
			scr.Write(r.render(f, size))
			full := newTerm(size, term)
			fresh := renderer{width: measure}
			full.Write(fresh.render(f, size))
			if got, want := scr.Text(), full.Text(); got != want {
				t.Fatalf("seed %d frame %d: measure wide=%v: changed cells give\n%s\na full redraw\n%s", seed, i, measure.EastAsianWidth, got, want)
			}
		}
	}
}

// Pad's table gives what FillRight gives, for every rune it holds.
func TestPadTable(t *testing.T) {
	for _, w := range []*runewidth.Condition{narrow, wide} {
		for _, blk := range padBlocks {
			for r := blk.from; r < blk.to; r++ {
				if got, want := Pad(w, string(r), 2), w.FillRight(string(r), 2); got != want {
					t.Fatalf("Pad(%q) = %q, want %q", r, got, want)
				}
			}
		}
		for _, s := range []string{"", "ab", "한", "□", "■", "x", "\u2600", "가나", "a\u0301"} {
			for cols := range 4 {
				if got, want := Pad(w, s, cols), w.FillRight(s, cols); got != want {
					t.Fatalf("Pad(%q, %d) = %q, want %q", s, cols, got, want)
				}
			}
		}
	}
}

// A terminal with no rows or no columns gets nothing drawn and no panic,
// and the frame comes back whole once it has room again.
func TestRenderEmptyTerminal(t *testing.T) {
	f := board(3, narrow)
	f.CursorAt(1, 1)
	r := renderer{width: narrow}
	for _, size := range []Size{{0, 0}, {5, 0}, {0, 5}, {-1, 3}} {
		r.render(f, size)
	}
	size := Size{20, 6}
	scr := newTerm(size, narrow)
	scr.Write(r.render(f, size))
	wantScreen(t, scr, f, narrow, size, false)
}

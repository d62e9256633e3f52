package console

import (
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

// A board is square whatever width the terminal gives □: written for
// either measure, into a terminal of either width, every row has its
// cells at the same columns.
func TestBoardLinesUpInEveryTerminal(t *testing.T) {
	for _, measure := range []*runewidth.Condition{narrow, wide} {
		for _, term := range []*runewidth.Condition{narrow, wide} {
			f := board(3, measure)
			scr := vtmodel.New(40, 10, term)
			var r renderer
			r.invalidate()
			scr.Write(r.render(f, Size{40, 10}))
			got := strings.Split(scr.Text(), "\n")
			want := []string{"□ □ □", "□ ● □", "□ □ □"}
			if term.EastAsianWidth {
				want = []string{"□□□", "□●□", "□□□"}
			}
			for i := range 3 {
				if got[i] != want[i] {
					t.Errorf("measure wide=%v, terminal wide=%v: row %d is %q, want %q", measure.EastAsianWidth, term.EastAsianWidth, i, got[i], want[i])
				}
			}
			if got[3] != "Player 1P의 턴입니다." {
				t.Errorf("text row is %q", got[3])
			}
		}
	}
}

// What the renderer draws is what Frame.Text says a player reads.
func TestRenderMatchesText(t *testing.T) {
	frames := []Frame{board(5, narrow), board(3, narrow), {}, board(4, narrow)}
	frames[1].Put(0, 10, "hello", Style{Reverse: true, FG: Red})
	scr := vtmodel.New(60, 12, narrow)
	var r renderer
	r.invalidate()
	for i, f := range frames {
		scr.Write(r.render(f, Size{60, 12}))
		if got, want := scr.Text(), f.Text(narrow); got != want {
			t.Fatalf("frame %d: screen\n%s\nwant\n%s", i, got, want)
		}
	}
}

// Only rows that changed are written again.
func TestRenderWritesOnlyChangedRows(t *testing.T) {
	var r renderer
	r.invalidate()
	f := board(5, narrow)
	first := string(r.render(f, Size{40, 10}))
	if !strings.Contains(first, seqClearScreen) {
		t.Fatal("the first frame does not clear the screen")
	}
	again := string(r.render(f, Size{40, 10}))
	if again != seqSyncBegin+seqHideCursor+seqSyncEnd {
		t.Fatalf("an unchanged frame wrote %q", again)
	}
	g := board(5, narrow)
	g.Put(2, 4, Pad(narrow, "○", 2), Plain)
	diff := string(r.render(g, Size{40, 10}))
	if n := strings.Count(diff, seqClearLine); n != 1 || !strings.Contains(diff, "\x1b[3;1H") {
		t.Fatalf("one changed row rewrote %d rows: %q", n, diff)
	}
	if strings.Contains(diff, "\x1b[2J") {
		t.Fatal("a small change cleared the whole screen")
	}
}

func TestRenderStyles(t *testing.T) {
	var f Frame
	f.Put(0, 0, "x", Style{FG: Blue, BG: BrightBlack, Bold: true, Reverse: true})
	var r renderer
	out := string(r.render(f, Size{10, 3}))
	if !strings.Contains(out, "\x1b[1;7;34;100mx\x1b[m") {
		t.Fatalf("styled span written as %q", out)
	}
	nc := renderer{noColor: true}
	out = string(nc.render(f, Size{10, 3}))
	if !strings.Contains(out, "\x1b[1;7mx\x1b[m") || strings.Contains(out, "34") {
		t.Fatalf("NO_COLOR span written as %q", out)
	}
}

func TestRenderTooSmall(t *testing.T) {
	f := board(5, narrow)
	f.Need = Size{30, 20}
	scr := vtmodel.New(40, 10, narrow)
	var r renderer
	r.invalidate()
	scr.Write(r.render(f, Size{40, 10}))
	if got := scr.Text(); got != "The terminal is too small.\nNeeded: 30 x 20\nNow:    40 x 10" {
		t.Fatalf("too small screen:\n%s", got)
	}
	// In the frame's language, and wrapped in a terminal too narrow for it.
	ko := f
	ko.Lang = "ko"
	small := vtmodel.New(12, 10, narrow)
	var rk renderer
	rk.invalidate()
	small.Write(rk.render(ko, Size{12, 10}))
	if got := small.Text(); got != "터미널이\n너무\n작습니다.\n필요한 크기:\n30 x 20\n지금 크기:\n12 x 10" {
		t.Fatalf("too small screen in Korean at 12 columns:\n%s", got)
	}
	r.invalidate()
	scr.Write(r.render(f, Size{40, 25}))
	if got := scr.Text(); got != f.Text(narrow) {
		t.Fatalf("after growing:\n%s", got)
	}
}

func TestRenderDropsControlCharacters(t *testing.T) {
	var f Frame
	f.Line(0, "a\x1b[2Jb\r\nc")
	var r renderer
	out := string(r.render(f, Size{10, 3}))
	if !strings.Contains(out, "\x1b[1Ga[2Jbc\x1b") {
		t.Fatalf("control characters reached the terminal: %q", out)
	}
}

func TestRenderCursorAndMouse(t *testing.T) {
	var f Frame
	f.Line(0, "원하는 메뉴를 입력하세요 : ")
	f.CursorAt(0, Width(narrow, "원하는 메뉴를 입력하세요 : "))
	f.Mouse = true
	scr := vtmodel.New(40, 5, narrow)
	var r renderer
	scr.Write(r.render(f, Size{40, 5}))
	if row, col := scr.Cursor(); row != 0 || col != 27 || !scr.Mode(25) {
		t.Fatalf("cursor at %d,%d shown=%v; want 0,27 shown", row, col, scr.Mode(25))
	}
	if !scr.Mode(1000) || !scr.Mode(1006) {
		t.Fatal("mouse reporting not enabled")
	}
	scr.Write(r.render(Frame{}, Size{40, 5}))
	if scr.Mode(25) || scr.Mode(1000) {
		t.Fatal("cursor or mouse still on after a frame without them")
	}
}

func TestFrameText(t *testing.T) {
	var f Frame
	f.Put(0, 0, "abcdef", Plain)
	f.Put(0, 2, "X", Plain)
	f.Put(2, 3, "한", Plain)
	f.Put(2, 4, "z", Plain) // over the right half of 한: the left half goes too
	if got, want := f.Text(narrow), "abXdef\n\n    z"; got != want {
		t.Fatalf("text %q, want %q", got, want)
	}
}

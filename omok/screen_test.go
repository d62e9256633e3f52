package omok

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/screentest"
	"termgames/omok/renju"
)

// terminal is the size the screens are looked at in, as in the manual tests.
var terminal = screentest.Size

var (
	eachWidth  = screentest.EachWidth
	screenText = screentest.Text
)

// menuLines is the original's menu block and prompt, with two entries
// after the original's four: the computer, and the rule in force.
var menuLines = []string{
	"============================",
	"오목 게임을 플레이합시다!",
	"1. 2인용 플레이",
	"2. 게임 방법",
	"3. Credits",
	"4. 종료",
	"5. 컴퓨터와 대전",
	"6. 규칙 선택 (지금: 자유룰)",
	"============================",
	"원하는 메뉴를 입력하세요 :",
}

// menuWith is menuLines with rule in force, as its last entry names it.
func menuWith(rule string) string {
	return strings.Replace(strings.Join(menuLines, "\n"), "(지금: 자유룰)", "(지금: "+rule+")", 1)
}

func TestMenu(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := New(Options{Width: w}, nil)
		if got, want := screenText(s, w), strings.Join(menuLines, "\n"); got != want {
			t.Fatalf("menu:\n%s\nwant:\n%s", got, want)
		}
		f := s.View(terminal)
		if f.Cursor == nil || *f.Cursor != (console.Pos{Row: 9, Col: console.Width(w, "원하는 메뉴를 입력하세요 : ")}) {
			t.Errorf("cursor %v, want after the prompt", f.Cursor)
		}
	})
}

func TestMenuWrongAnswers(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		// The transcript's "7", and a letter, on which the original looped forever.
		for _, answer := range []string{"7", "0", "a", "ㅁ", "12"} {
			s := console.Feed(New(Options{Width: w}, nil), console.Keys(answer+"\r")...)
			if _, ok := s.(*menuScreen); !ok {
				t.Fatalf("%q: left the menu for %T", answer, s)
			}
			want := strings.Join(menuLines[:9], "\n") + "\n원하는 메뉴를 입력하세요 : " + answer +
				"\n다시 입력하세요.\n" + strings.Join(menuLines, "\n")
			if got := screenText(s, w); got != want {
				t.Errorf("%q:\n%s\nwant:\n%s", answer, got, want)
			}
		}
	})
}

func TestHowToPlay(t *testing.T) {
	original := []string{
		"============================",
		"오목은 보드판 위에 5개의 돌을 연속으로 놓으면 승리하는 게임입니다.",
		"2인용 게임(1번)과 컴퓨터와의 대전(5번)이 있으며, 1p(○)가 먼저 시작합니다.",
	}
	keys := []string{
		"[단축키]",
		"키보드 ↑ ↓ ← → : 보드판에서 이동합니다.",
		"Enter : 바둑돌을 놓습니다.",
	}
	for _, tt := range []struct {
		opt  Options
		rule string
	}{
		{Options{}, "[규칙] 자유룰: 5개 이상 연속으로 놓으면 승리합니다.\n규칙은 메뉴의 6번에서 바꿀 수 있습니다.\n[보드판] 15x15"},
		{Options{Rule: Standard, Size: 19}, "[규칙] 표준룰: 정확히 5개여야 승리합니다. 6개 이상(장목)은 승리가 아닙니다.\n규칙은 메뉴의 6번에서 바꿀 수 있습니다.\n[보드판] 19x19"},
	} {
		eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
			tt.opt.Width = w
			s := console.Feed(New(tt.opt, nil), console.Keys("2\r")...)
			got := strings.Split(screenText(s, w), "\n")
			want := append(append(append([]string(nil), original...), strings.Split(tt.rule, "\n")...), keys...)
			if strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") {
				t.Errorf("how-to:\n%s\nwant it to start with:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			for _, k := range []string{"h j k l", "Space", "u, Backspace", "Esc"} {
				if !strings.Contains(strings.Join(got, "\n"), k) {
					t.Errorf("how-to does not name the key %q", k)
				}
			}
			if tail := got[len(got)-len(menuLines):]; strings.Join(tail, "\n") != menuWith(korean.ruleWord[tt.opt.normalized().Rule]) {
				t.Errorf("how-to does not end with the menu:\n%s", strings.Join(tail, "\n"))
			}
		})
	}
}

func TestCredits(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := console.Feed(New(Options{Width: w}, nil), console.Keys("3\r")...)
		got := screenText(s, w)
		if !strings.HasPrefix(got, "Made by. FanJae.\n") {
			t.Errorf("credits do not start with the original's line:\n%s", got)
		}
		for _, want := range []string{"FanJae 님의 블로그 글", "[리마인드] 콘솔 화면 2인용 오목 만들기 (C++)", "Go로 옮긴", "BlockDMask"} {
			if !strings.Contains(got, want) {
				t.Errorf("credits lack %q:\n%s", want, got)
			}
		}
		if !strings.HasSuffix(got, strings.Join(menuLines, "\n")) {
			t.Errorf("credits do not end with the menu:\n%s", got)
		}
		// 2 after 3 clears the credits, as the original's cls does.
		s = console.Feed(s, console.Keys("2\r")...)
		if strings.Contains(screenText(s, w), "FanJae.") {
			t.Errorf("the how-to after the credits still shows them")
		}
	})
}

// top is a stand-in for the top menu.
type top struct{}

func (top) Update(console.Event) console.Screen { return top{} }
func (top) View(console.Size) console.Frame     { return console.Frame{} }

func TestQuit(t *testing.T) {
	for lang, want := range map[lang.Tag]string{"": "프로그램을 종료합니다.", "ko": "프로그램을 종료합니다.", "en": "Quitting the program."} {
		s := console.Feed(New(Options{Lang: lang}, nil), console.Keys("4\r")...)
		if msg, ok := console.ExitMessage(s); !ok || msg != want {
			t.Errorf("lang %q: 4 gives %T %q, want Exit(%q)", lang, s, msg, want)
		}
	}
	if s := console.Feed(New(Options{}, top{}), console.Keys("4\r")...); s != (top{}) {
		t.Errorf("4 with a top menu gives %T, want the top menu", s)
	}
}

// board is the board part of a screen: the first n rows, the first 2n columns.
func board(s console.Screen, w *runewidth.Condition, n int) []string {
	rows := strings.Split(screenText(s, w), "\n")[:n]
	for i, r := range rows {
		rows[i] = strings.TrimRight(w.Truncate(r, 2*n, ""), " ")
	}
	return rows
}

// grid draws the board a test expects, from rows of '.', 'o' and 'x', as the
// terminal shows it at width w.
func grid(w *runewidth.Condition, glyphs [3]string, rows ...string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		var sb strings.Builder
		for _, c := range r {
			g := glyphs[map[rune]Stone{'.': Empty, 'o': P1, 'x': P2}[c]]
			sb.WriteString(console.Pad(w, g, 2))
		}
		out[i] = strings.TrimRight(sb.String(), " ")
	}
	return out
}

// emptyRows returns n rows of n empty cells.
func emptyRows(n int) []string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = strings.Repeat(".", n)
	}
	return rows
}

// withRows replaces the first rows of base.
func withRows(base []string, first ...string) []string {
	out := append([]string(nil), base...)
	copy(out, first)
	return out
}

// cell returns the span drawn for cell (r, c).
func cell(t *testing.T, s console.Screen, r, c int) console.Span {
	t.Helper()
	return frameCell(t, s.View(terminal), r, c)
}

// frameCell returns the span of frame f drawn for cell (r, c).
func frameCell(t *testing.T, f console.Frame, r, c int) console.Span {
	t.Helper()
	sp, ok := screentest.SpanAt(f, r, 2*c)
	if !ok {
		t.Fatalf("no span at row %d column %d", r, 2*c)
	}
	return sp
}

// cursorAt returns the one reversed cell of an n x n board.
func cursorAt(t *testing.T, s console.Screen, n int) Point {
	t.Helper()
	f := s.View(terminal)
	var found []Point
	for r := range n {
		for c := range n {
			if frameCell(t, f, r, c).Style.Reverse {
				found = append(found, Point{r, c})
			}
		}
	}
	if len(found) != 1 {
		t.Fatalf("reversed cells %v, want exactly one cursor", found)
	}
	return found[0]
}

// startGame opens the two-player game from the menu, on opt.Rule.
func startGame(opt Options) console.Screen {
	return console.Feed(New(opt, nil), console.Keys("1\r")...)
}

// under returns the lines of the screen under an n-row board.
func under(s console.Screen, w *runewidth.Condition, n int) []string {
	return strings.Split(screenText(s, w), "\n")[n:]
}

const (
	turn1    = "Player 1P의 턴입니다."
	turn2    = "Player 2P의 턴입니다."
	moveLine = "키보드(상,하,좌,우)키로 이동하고, Enter를 눌러 돌을 배치하여 주세요."
	occupied = "이미 돌이 배치되어 있습니다. 다른 곳에 배치해주세요."
)

func TestGameStart(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := startGame(Options{Width: w})
		// The transcript's first screen: the cursor is 1P's ○ at the top-left.
		want := grid(w, unicodeGlyphs, withRows(emptyRows(15), "o..............")...)
		if got := board(s, w, 15); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("board:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if got := under(s, w, 15); strings.Join(got, "\n") != turn1+"\n"+moveLine {
			t.Errorf("under the board: %q", got)
		}
		if p := cursorAt(t, s, 15); p != (Point{0, 0}) {
			t.Errorf("cursor at %v, want the top-left", p)
		}
		f := s.View(terminal)
		if f.Cursor != nil {
			t.Errorf("terminal cursor shown at %v during play", *f.Cursor)
		}
		if f.Need.Height != 18 || f.Need.Width != console.Width(w, moveLine) {
			t.Errorf("Need = %+v, want the key line's width x 18", f.Need)
		}
	})
}

func TestBoardIsSquare(t *testing.T) {
	for _, opt := range []Options{{}, {Size: 19}, {ASCII: true}, {Size: 19, ASCII: true, Lang: "en"}} {
		eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
			opt.Width = w
			s := console.Feed(startGame(opt), console.Keys("\r\x1b[C\r\x1b[B")...)
			n := opt.normalized().Size
			f := s.View(terminal)
			for r := range n {
				cols := map[int]bool{}
				for _, sp := range f.Rows[r] {
					if sp.Col < 2*n {
						cols[sp.Col] = true
						// One glyph, at most two columns: it never reaches
						// the next cell's column.
						if utf8.RuneCountInString(sp.Text) != 1 || console.Width(w, sp.Text) > 2 {
							t.Fatalf("row %d col %d: %q is not one glyph of at most 2 columns", r, sp.Col, sp.Text)
						}
					}
				}
				for c := range n {
					if !cols[2*c] {
						t.Fatalf("row %d: no cell at column %d", r, 2*c)
					}
				}
				if len(cols) != n {
					t.Fatalf("row %d: %d cells, want %d", r, len(cols), n)
				}
			}
		})
	}
}

func TestCursorMovesAndStops(t *testing.T) {
	for _, tt := range []struct {
		keys string
		want Point
	}{
		{"\x1b[A\x1b[D", Point{0, 0}},                               // up and left stop at the top-left
		{strings.Repeat("\x1b[C", 20), Point{0, 14}},                // right stops at the edge
		{strings.Repeat("\x1b[B", 20), Point{14, 0}},                // down stops at the edge
		{strings.Repeat("\x1b[B\x1b[C", 20), Point{14, 14}},         // the bottom-right corner
		{strings.Repeat("jl", 20) + "kkh", Point{12, 13}},           // h j k l
		{"\x1bOB\x1bOC", Point{1, 1}},                               // SS3 arrows
		{"ㅓㅓㅣㅣㅣㅏㅗ", Point{1, 2}},                                    // h j k l typed in Hangul mode
		{strings.Repeat("\x1b[B", 3) + "\x1b[C\x1b[D", Point{3, 0}}, // and back
	} {
		s := console.Feed(startGame(Options{}), console.Keys(tt.keys)...)
		if got := cursorAt(t, s, 15); got != tt.want {
			t.Errorf("keys %q: cursor at %v, want %v", tt.keys, got, tt.want)
		}
	}
}

func TestPlaceAndOccupied(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		// The transcript's second screen: 1P places at the top-left, 2P
		// presses Enter on the same cell.
		s := console.Feed(startGame(Options{Width: w}), console.Keys("\r\r")...)
		// Over an occupied cell the cursor shows the stone that is there.
		want := grid(w, unicodeGlyphs, withRows(emptyRows(15), "o..............")...)
		if got := board(s, w, 15); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("board:\n%s", strings.Join(got, "\n"))
		}
		if sp := cell(t, s, 0, 0); !sp.Style.Reverse {
			t.Errorf("the cursor over a stone is not highlighted: %+v", sp)
		}
		if got := under(s, w, 15); strings.Join(got, "\n") != turn2+"\n"+moveLine+"\n"+occupied {
			t.Errorf("under the board: %q", got)
		}
		// Moving clears the message, and the cursor shows 2P's stone.
		s = console.Feed(s, console.Keys("\x1b[C")...)
		if got := under(s, w, 15); strings.Join(got, "\n") != turn2+"\n"+moveLine {
			t.Errorf("after moving: %q", got)
		}
		want = grid(w, unicodeGlyphs, withRows(emptyRows(15), "ox.............")...)
		if got := board(s, w, 15); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("board:\n%s", strings.Join(got, "\n"))
		}
		// Space places too.
		s = console.Feed(s, console.Keys(" ")...)
		if got := under(s, w, 15); got[0] != turn1 {
			t.Errorf("after Space: %q", got)
		}
	})
}

// keysTo returns the arrow keys that move the cursor from one point to another.
func keysTo(from, to Point) string {
	var sb strings.Builder
	for ; from.Row < to.Row; from.Row++ {
		sb.WriteString("\x1b[B")
	}
	for ; from.Row > to.Row; from.Row-- {
		sb.WriteString("\x1b[A")
	}
	for ; from.Col < to.Col; from.Col++ {
		sb.WriteString("\x1b[C")
	}
	for ; from.Col > to.Col; from.Col-- {
		sb.WriteString("\x1b[D")
	}
	return sb.String()
}

// playKeys returns the keys that play the moves from the top-left start.
func playKeys(moves ...Point) string {
	var sb strings.Builder
	at := Point{}
	for _, p := range moves {
		sb.WriteString(keysTo(at, p) + "\r")
		at = p
	}
	return sb.String()
}

// transcriptWin is the transcript's third game: 1P fills the top row from
// the left, 2P the second row.
var transcriptWin = []Point{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {0, 4}}

func TestWin(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := console.Feed(startGame(Options{Width: w}), console.Keys(playKeys(transcriptWin...))...)
		want := grid(w, unicodeGlyphs, withRows(emptyRows(15), "ooooo..........", "xxxx...........")...)
		if got := board(s, w, 15); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("board:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if got := under(s, w, 15); strings.Join(got, "\n") != "Player 1P의 승리로 게임을 종료합니다.\n아무 키를 입력하면 메뉴로 돌아갑니다.\n기보: a15 a14 b15 b14 c15 c14 d15 d14 e15" {
			t.Errorf("under the board: %q", got)
		}
		// The five are marked, and nothing else: no cursor on the final board.
		f := s.View(terminal)
		for r := range 15 {
			for c := range 15 {
				st := frameCell(t, f, r, c).Style
				if five := r == 0 && c < 5; five != (st == winStyle) {
					t.Errorf("cell (%d,%d) style %+v", r, c, st)
				}
			}
		}
		if !winStyle.Reverse || !winStyle.Bold || winStyle.FG == console.Default {
			t.Errorf("the winning five must be reverse (seen without colour), bold and coloured: %+v", winStyle)
		}
		// Resizes, ticks and the mouse do not count as a key.
		s = console.Feed(s,
			console.Event{Type: console.ResizeEvent, Size: console.Size{Width: 80, Height: 24}},
			console.Event{Type: console.TickEvent},
			console.Click(console.MouseLeft, 3, 3))
		if _, ok := s.(*game); !ok {
			t.Fatalf("a non-key event left the final board for %T", s)
		}
		// Any key: the menu under the final board, as the original prints it
		// with no cls between them; a new game starts empty.
		s = console.Feed(s, console.Keys("x")...)
		final := append(want, "Player 1P의 승리로 게임을 종료합니다.", "아무 키를 입력하면 메뉴로 돌아갑니다.")
		if got := screenText(s, w); got != strings.Join(append(final, menuLines...), "\n") {
			t.Fatalf("after the final board:\n%s", got)
		}
		s = console.Feed(s, console.Keys("1\r1\r")...)
		want = grid(w, unicodeGlyphs, withRows(emptyRows(15), "o..............")...)
		if got := board(s, w, 15); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("a new game does not start empty:\n%s", strings.Join(got, "\n"))
		}
	})
}

func TestWinEveryDirectionOnScreen(t *testing.T) {
	// 2P's moves go down the last column, out of the way.
	for _, tt := range []struct {
		name string
		five []Point
	}{
		{"↓", line(Point{3, 2}, down, 5)},
		{"↘", line(Point{2, 2}, downRight, 5)},
		{"↙", line(Point{2, 10}, downLeft, 5)},
		{"→ middle last", []Point{{9, 3}, {9, 4}, {9, 6}, {9, 7}, {9, 5}}},
	} {
		var moves []Point
		for i, p := range tt.five {
			moves = append(moves, p)
			if i < 4 {
				moves = append(moves, Point{i, 14})
			}
		}
		s := console.Feed(startGame(Options{}), console.Keys(playKeys(moves...))...)
		w := screentest.Narrow
		if got := under(s, w, 15); got[0] != "Player 1P의 승리로 게임을 종료합니다." {
			t.Errorf("%s: %q", tt.name, got)
		}
		for _, p := range tt.five {
			if st := cell(t, s, p.Row, p.Col).Style; st != winStyle {
				t.Errorf("%s: stone %v not marked: %+v", tt.name, p, st)
			}
		}
	}
}

func TestStandardOverlineOnScreen(t *testing.T) {
	// 1P makes six on the top row under the standard rule: no win, 2P moves.
	moves := []Point{{0, 0}, {5, 0}, {0, 1}, {5, 1}, {0, 2}, {5, 3}, {0, 4}, {5, 5}, {0, 5}, {5, 7}, {0, 3}}
	w := screentest.Narrow
	s := console.Feed(startGame(Options{Rule: Standard, Width: w}), console.Keys(playKeys(moves...))...)
	if got := under(s, w, 15); got[0] != turn2 {
		t.Fatalf("standard, six in a row: %q", got)
	}
	s = console.Feed(startGame(Options{Rule: Freestyle, Width: w}), console.Keys(playKeys(moves...))...)
	if got := under(s, w, 15); got[0] != "Player 1P의 승리로 게임을 종료합니다." {
		t.Fatalf("freestyle, six in a row: %q", got)
	}
}

func TestLastStoneMarked(t *testing.T) {
	s := console.Feed(startGame(Options{}), console.Keys(playKeys(Point{7, 7}, Point{7, 8}))...)
	s = console.Feed(s, console.Keys("\x1b[B")...) // move the cursor away
	if st := cell(t, s, 7, 8).Style; st != lastStyle {
		t.Errorf("the last stone's style is %+v, want %+v", st, lastStyle)
	}
	if st := cell(t, s, 7, 7).Style; st != (console.Style{}) {
		t.Errorf("the stone before it is styled %+v", st)
	}
	if !lastStyle.Bold || !lastStyle.Underline {
		t.Errorf("the last stone must be marked without colour too: %+v", lastStyle)
	}
	// Under the cursor it is both.
	s = console.Feed(s, console.Keys("\x1b[A")...)
	if st := cell(t, s, 7, 8).Style; !st.Reverse || !st.Underline {
		t.Errorf("the last stone under the cursor: %+v", st)
	}
}

func TestUndoKeys(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := startGame(Options{Width: w})
		s = console.Feed(s, console.Keys("\x7f")...)
		if got := under(s, w, 15); strings.Join(got, "\n") != turn1+"\n"+moveLine+"\n무를 수가 없습니다." {
			t.Errorf("Backspace on an empty board: %q", got)
		}
		s = console.Feed(s, console.Keys(playKeys(Point{2, 2}, Point{3, 3})+"\x1b[B\x1b[B")...)
		s = console.Feed(s, console.Keys("u")...)
		want := grid(w, unicodeGlyphs, withRows(emptyRows(15), "...............", "...............", "..o............", "...x...........")...)
		// The cursor goes back to the undone cell, drawn as 2P's stone again.
		if got := board(s, w, 15); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("after u:\n%s", strings.Join(got, "\n"))
		}
		if got := under(s, w, 15); strings.Join(got, "\n") != turn2+"\n"+moveLine+"\n한 수 물렀습니다." {
			t.Errorf("after u: %q", got)
		}
		if p := cursorAt(t, s, 15); p != (Point{3, 3}) {
			t.Errorf("cursor at %v after u, want (3,3)", p)
		}
		// ㅕ (u in Hangul mode) and Backspace take back the first move too.
		s = console.Feed(s, console.Keys("ㅕ")...)
		s = console.Feed(s, console.Keys("\x7f")...)
		if got := under(s, w, 15); got[0] != turn1 || got[2] != "무를 수가 없습니다." {
			t.Errorf("after undoing everything: %q", got)
		}
		if got := board(s, w, 15); strings.Join(got, "\n") != strings.Join(grid(w, unicodeGlyphs, withRows(emptyRows(15), "...............", "...............", "..o............")...), "\n") {
			t.Errorf("after undoing everything:\n%s", strings.Join(got, "\n"))
		}
	})
}

func TestEscConfirm(t *testing.T) {
	const prompt = "게임을 그만두고 메뉴로 돌아갈까요? (y/n)"
	w := screentest.Wide
	played := console.Keys(playKeys(Point{1, 1}) + "\r") // and a refused move: a message to clear
	for _, tt := range []struct {
		name   string
		answer string
		leaves bool
	}{
		{"y", "y", true}, {"Y", "Y", true}, {"ㅛ", "ㅛ", true}, {"Enter", "\r", true},
		{"n", "n", false}, {"N", "N", false}, {"ㅜ", "ㅜ", false}, {"Esc", "\x1b", false},
	} {
		s := console.Feed(startGame(Options{Width: w}), played...)
		s = console.Feed(s, console.Keys("\x1b")...)
		if got := under(s, w, 15); strings.Join(got, "\n") != turn2+"\n"+moveLine+"\n"+prompt {
			t.Fatalf("after Esc: %q", got)
		}
		f := s.View(terminal)
		if f.Cursor == nil || f.Cursor.Row != 17 {
			t.Errorf("no terminal cursor at the prompt: %v", f.Cursor)
		}
		// Other keys wait for an answer and do nothing.
		s = console.Feed(s, console.Keys("x\x1b[B u")...)
		if got := under(s, w, 15); len(got) != 3 || got[2] != prompt {
			t.Fatalf("after other keys at the prompt: %q", got)
		}
		s = console.Feed(s, console.Keys(tt.answer)...)
		if tt.leaves {
			if got := screenText(s, w); got != strings.Join(menuLines, "\n") {
				t.Errorf("%s: want the menu, got\n%s", tt.name, got)
			}
			continue
		}
		if got := under(s, w, 15); strings.Join(got, "\n") != turn2+"\n"+moveLine {
			t.Errorf("%s: want the game back, got %q", tt.name, got)
		}
		if p := cursorAt(t, s, 15); p != (Point{1, 1}) || cell(t, s, 1, 1).Text != "○" {
			t.Errorf("%s: the game changed while asking", tt.name)
		}
	}
}

func TestDraw(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := console.Feed(startGame(Options{Size: 5, Width: w}), console.Keys(playKeys(drawMoves()...))...)
		want := grid(w, unicodeGlyphs, "ooxxo", "xxoox", "ooxxo", "xxoox", "ooxxo")
		if got := board(s, w, 5); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("board:\n%s", strings.Join(got, "\n"))
		}
		if got := under(s, w, 5)[:2]; strings.Join(got, "\n") != "보드판이 가득 차서 무승부로 게임을 종료합니다.\n아무 키를 입력하면 메뉴로 돌아갑니다." {
			t.Errorf("under the board: %q", got)
		}
		final := append(want, "보드판이 가득 차서 무승부로 게임을 종료합니다.", "아무 키를 입력하면 메뉴로 돌아갑니다.")
		if s = console.Feed(s, console.Keys("\r")...); screenText(s, w) != strings.Join(append(final, menuLines...), "\n") {
			t.Errorf("a key after the draw does not open the menu under the final board:\n%s", screenText(s, w))
		}
	})
}

func TestSize19(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := startGame(Options{Size: 19, Width: w})
		want := grid(w, unicodeGlyphs, withRows(emptyRows(19), "o"+strings.Repeat(".", 18))...)
		if got := board(s, w, 19); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("board:\n%s", strings.Join(got, "\n"))
		}
		s = console.Feed(s, console.Keys(strings.Repeat("\x1b[B\x1b[C", 30))...)
		if p := cursorAt(t, s, 19); p != (Point{18, 18}) {
			t.Errorf("cursor at %v, want the bottom-right corner", p)
		}
		if need := s.View(terminal).Need; need.Height != 22 {
			t.Errorf("Need = %+v, want 22 rows", need)
		}
	})
}

func TestASCII(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := console.Feed(startGame(Options{ASCII: true, Width: w}), console.Keys(playKeys(Point{0, 0}, Point{0, 1}))...)
		if got := board(s, w, 15)[0]; got != "O X"+strings.Repeat(" .", 13) {
			t.Errorf("first row %q", got)
		}
		if strings.ContainsAny(screenText(s, w), "□○●") {
			t.Errorf("-ascii screen still has □ ○ ●:\n%s", screenText(s, w))
		}
	})
}

func TestEnglish(t *testing.T) {
	w := screentest.Narrow
	s := New(Options{Lang: "en", Width: w}, nil)
	menu := "============================\nLet's play Omok!\n1. Two-player game\n2. How to play\n3. Credits\n4. Quit\n5. Play against the computer\n6. Choose the rule (now: freestyle)\n============================\nEnter a menu number :"
	if got := screenText(s, w); got != menu {
		t.Fatalf("menu:\n%s", got)
	}
	s = console.Feed(s, console.Keys("9\r")...)
	if !strings.Contains(screenText(s, w), "Please enter again.") {
		t.Errorf("retry:\n%s", screenText(s, w))
	}
	s = console.Feed(s, console.Keys("2\r")...)
	if got := screenText(s, w); !strings.Contains(got, "[Rule] freestyle: five or more in a row wins.\nMenu entry 6 changes the rule.\n[Board] 15x15") || !strings.Contains(got, "Enter : place a stone.") {
		t.Errorf("how-to:\n%s", got)
	}
	s = console.Feed(s, console.Keys("3\r")...)
	if got := screenText(s, w); !strings.Contains(got, "Made by. FanJae.") || !strings.Contains(got, "port") {
		t.Errorf("credits:\n%s", got)
	}
	for _, l := range append(append(english.howToPlay(Renju, 19, asciiGlyphs, asciiForbid), english.credits...), english.menu...) {
		if hasHangul(l) {
			t.Errorf("Hangul in the English text %q", l)
		}
	}
	s = console.Feed(s, console.Keys("1\r1\r\r\r")...)
	if got := under(s, w, 15); strings.Join(got, "\n") != "Player 2P's turn.\nMove with the arrow keys (up, down, left, right); Enter places a stone.\nA stone is already there. Place yours somewhere else." {
		t.Errorf("game: %q", got)
	}
	s = console.Feed(s, console.Keys("\x1b")...)
	if got := under(s, w, 15); got[2] != "Leave the game and return to the menu? (y/n)" {
		t.Errorf("confirm: %q", got)
	}
	s = console.Feed(s, console.Keys("n"+playKeys(Point{1, 0}, Point{0, 1}, Point{1, 1}, Point{0, 2}, Point{1, 2}, Point{0, 3}, Point{1, 3}, Point{2, 0}, Point{1, 4}))...)
	if got := under(s, w, 15); strings.Join(got, "\n") != "Player 2P wins. The game is over.\nPress any key to return to the menu.\nMoves: a15 a14 b15 b14 c15 c14 d15 d14 a13 e14" {
		t.Errorf("win: %q", got)
	}
	if got := screenText(s, w); hasHangul(got) {
		t.Errorf("Hangul on an English screen:\n%s", got)
	}
	s = console.Feed(s, console.Keys("q4\r")...)
	if msg, _ := console.ExitMessage(s); msg != "Quitting the program." {
		t.Errorf("quit: %q", msg)
	}
}

func TestPanel(t *testing.T) {
	for _, opt := range []Options{{}, {Size: 19}, {Lang: "en"}, {Size: 19, Lang: "en", Rule: Standard}, {Size: 5}} {
		eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
			opt.Width = w
			s := console.Feed(startGame(opt), console.Keys(playKeys(Point{4, 4}))...)
			full := s.View(terminal).Text(w)
			for _, want := range textsFor(opt.Lang).panel[:min(5, opt.normalized().Size)] {
				if !strings.Contains(full, want) {
					t.Errorf("the panel lacks %q:\n%s", want, full)
				}
			}
			if opt.Size != 5 && opt.Lang == "" {
				for _, want := range []string{"1P ", "2P ", "규칙: 자유룰 (5개 이상)", "놓은 돌: 1", "마지막 수: 5행 5열"} {
					if !strings.Contains(full, want) {
						t.Errorf("the panel lacks %q:\n%s", want, full)
					}
				}
			}
			// In the smallest terminal the game asks for, every span fits,
			// and nothing beside the board runs into the lines under it.
			need := s.View(terminal).Need
			f := s.View(need)
			for r, row := range f.Rows {
				if r >= need.Height {
					t.Errorf("row %d is outside the %dx%d asked for", r, need.Width, need.Height)
				}
				for _, sp := range row {
					if end := sp.Col + console.Width(w, sp.Text); end > need.Width {
						t.Errorf("row %d: %q ends at column %d, past %d", r, sp.Text, end, need.Width)
					}
					if r >= opt.normalized().Size && sp.Col > 0 {
						t.Errorf("row %d under the board has a span at column %d: %q", r, sp.Col, sp.Text)
					}
				}
			}
			// Narrower than the panel: no panel.
			if narrow := s.View(console.Size{Width: 2*opt.normalized().Size + 8, Height: 40}).Text(w); strings.Contains(narrow, "Esc") {
				t.Errorf("the panel is drawn where it does not fit:\n%s", narrow)
			}
		})
	}
}

func TestNeedFitsEveryLine(t *testing.T) {
	// Need must cover the widest line any state shows, in either language.
	for _, lang := range []lang.Tag{"ko", "en"} {
		for _, size := range []int{15, 19} {
			eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
				g := startGame(Options{Lang: lang, Size: size, Width: w}).(*game)
				tx := g.text
				need := g.View(terminal).Need
				for _, l := range []string{tx.move, tx.occupied, tx.confirm, tx.draw, tx.anyKey, tx.undone, tx.noUndo, fmt.Sprintf(tx.win, 2), fmt.Sprintf(tx.turn, 2)} {
					if console.Width(w, l) > need.Width {
						t.Errorf("%s %d: %q is wider than Need %d", lang, size, l, need.Width)
					}
				}
				if need.Width > 80 || need.Height > 24 {
					t.Errorf("%s %d: Need %+v is more than 80x24", lang, size, need)
				}
			})
		}
	}
}

func TestTranscriptLinesFit80(t *testing.T) {
	// The menu screens print lines into a transcript; none may wrap in an
	// 80-column terminal.
	for _, tx := range []*texts{&korean, &english} {
		for _, rule := range renju.Rules {
			for _, w := range screentest.Widths {
				for _, l := range append(append(append(tx.howToPlay(rule, 19, unicodeGlyphs, unicodeForbid), tx.credits...), tx.menu...), tx.ruleMenu...) {
					if got := console.Width(w.W, l); got > 79 {
						t.Errorf("%q is %d columns", l, got)
					}
				}
			}
		}
	}
}

func TestOptionsNormalized(t *testing.T) {
	for in, want := range map[int]int{0: 15, 15: 15, 19: 19, 5: 5, 4: 15, 20: 15, -1: 15} {
		if got := (Options{Size: in}).normalized().Size; got != want {
			t.Errorf("Size %d is drawn as %d, want %d", in, got, want)
		}
	}
	if got := (Options{Rule: Rule(7)}).normalized().Rule; got != Freestyle {
		t.Errorf("Rule(7) is played as %v", got)
	}
	if (Options{}).normalized().Width == nil {
		t.Error("no width measure by default")
	}
}

// hasHangul reports whether s has a Hangul syllable or jamo.
func hasHangul(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0xAC00 && r <= 0xD7A3 || r >= 0x3131 && r <= 0x318E })
}

// TestHighlightsCoverTheGlyph: the cursor and the winning five are styled
// over the stone's own cells only (one column in most terminals, two in a
// wide one), never over the spacing after it.
func TestHighlightsCoverTheGlyph(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		styledCells := func(f console.Frame, row int) map[int]bool {
			cells := map[int]bool{}
			for _, sp := range f.Rows[row] {
				if sp.Style == console.Plain {
					continue
				}
				for c := sp.Col; c < sp.Col+console.Width(w, sp.Text); c++ {
					cells[c] = true
				}
			}
			return cells
		}
		glyph := console.Width(w, "○")
		s := startGame(Options{Width: w})
		if got := styledCells(s.View(terminal), 0); len(got) != glyph || !got[0] {
			t.Errorf("the cursor covers columns %v, want the %d column(s) of its stone", got, glyph)
		}
		s = console.Feed(s, console.Keys(playKeys(transcriptWin...))...)
		got := styledCells(s.View(terminal), 0)
		for c := range 2 * 15 {
			if want := c%2 < glyph && c < 2*5; got[c] != want {
				t.Errorf("after the win, column %d styled %v, want %v (styled: %v)", c, got[c], want, got)
			}
		}
	})
}

// TestMenuEsc: Esc leaves the omok menu as it leaves the top menu and the
// minesweeper menu: back to the top menu, or out with the original's last
// words when omok was started on its own.
func TestMenuEsc(t *testing.T) {
	w := console.NewCondition(console.Narrow)
	top := New(Options{Width: w}, nil) // any screen stands for the top menu
	if s := console.Feed(New(Options{Width: w}, top), console.KeyPress(console.KeyEsc)); s != top {
		t.Errorf("Esc from the top menu's omok: %T, want the top menu", s)
	}
	s := console.Feed(New(Options{Width: w}, nil), console.KeyPress(console.KeyEsc))
	if msg, ok := console.ExitMessage(s); !ok || msg != "프로그램을 종료합니다." {
		t.Errorf("Esc in omok on its own: %T %q, want the exit", s, msg)
	}
}

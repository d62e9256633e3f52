package minesweeper

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/screentest"
)

// TestMain points the user's config folder at a temporary one, so that no
// test can read, move aside or write the player's own best times.
func TestMain(m *testing.M) { os.Exit(screentest.Main(m)) }

var (
	widths         = screentest.Widths
	big            = screentest.Size
	text           = screentest.Text
	mustContain    = screentest.MustContain
	mustNotContain = screentest.MustNotContain
)

// drivers are the tests' terminals: one console.Driver per game session,
// kept from one feed to the next as Run keeps one for the whole program,
// so that the size and the clock carry on.
var drivers = map[*app]*console.Driver{}

// feed passes evs to s through its session's driver, and returns the
// screen they lead to. A test that set up a screen of its own (s is not
// the one shown) has it shown first.
func feed(s console.Screen, evs ...console.Event) console.Screen {
	a := session(s)
	d, ok := drivers[a]
	switch {
	case !ok || a == nil:
		d = console.NewDriver(s, big)
		if a != nil {
			drivers[a] = d
		}
	case d.Screen() != s:
		d.Show(s)
	}
	d.Send(evs...)
	return d.Screen()
}

// session returns the app behind any of the package's screens.
func session(s console.Screen) *app {
	switch s := s.(type) {
	case *app:
		return s
	case *board:
		return s.app
	case *askCustom:
		return s.app
	case *bestTimes:
		return s.app
	}
	return nil
}

func resize(size console.Size) console.Event {
	return console.Event{Type: console.ResizeEvent, Size: size}
}

// at returns ev as if it happened sec seconds after the test's start.
func at(sec float64, ev console.Event) console.Event {
	ev.Time = day.Add(time.Duration(sec * float64(time.Second)))
	return ev
}

// start returns the menu of a game in a test: scores in a temporary file,
// mines from a fixed seed, after the first ResizeEvent.
func start(t *testing.T, w *runewidth.Condition, opt Options) (console.Screen, *app) {
	t.Helper()
	if opt.Scores == "" {
		opt.Scores = filepath.Join(t.TempDir(), "scores.json")
	}
	if opt.Rand == nil {
		opt.Rand = rand.New(rand.NewPCG(42, 42))
	}
	opt.Width = w
	s := New(opt, nil)
	s = feed(s, at(0, resize(big)))
	return s, s.(*app)
}

func TestMenu(t *testing.T) {
	wantKo := lines(
		"============================",
		"지뢰찾기 게임을 플레이합시다!",
		"1. 초급 (9 x 9, 지뢰 10개)",
		"2. 중급 (16 x 16, 지뢰 40개)",
		"3. 고급 (16 x 30, 지뢰 99개)",
		"4. 사용자 지정",
		"5. 최고 기록",
		"6. 추측 없는 보드: 끔",
		"7. 종료",
		"============================",
		"원하는 메뉴를 입력하세요 :",
	)
	wantEn := lines(
		"============================",
		"Let's play Minesweeper!",
		"1. Beginner (9 x 9, 10 mines)",
		"2. Intermediate (16 x 16, 40 mines)",
		"3. Expert (16 x 30, 99 mines)",
		"4. Custom",
		"5. Best times",
		"6. No-guess boards: off",
		"7. Quit",
		"============================",
		"Enter a menu number :",
	)
	for _, w := range widths {
		s, _ := start(t, w.W, Options{})
		if got := text(s, w.W); got != wantKo {
			t.Errorf("%s: menu\n%s\nwant\n%s", w.Name, got, wantKo)
		}
		s, _ = start(t, w.W, Options{Lang: "en"})
		if got := text(s, w.W); got != wantEn {
			t.Errorf("%s: menu\n%s\nwant\n%s", w.Name, got, wantEn)
		}
		s = feed(s, console.Keys("8\r")...)
		mustContain(t, text(s, w.W), "Enter a menu number : 8\nPlease enter again.\n====")
	}
}

func TestMenuQuit(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{})
	s = feed(s, console.Keys("7\r")...)
	if msg, ok := console.ExitMessage(s); !ok || msg != "" {
		t.Errorf("7 alone leads to %T %q, want console.Exit(\"\")", s, msg)
	}
	back := New(Options{Width: w}, nil) // any screen stands for the top menu
	for _, keys := range []string{"7\r", "\x1b"} {
		s = New(Options{Width: w, Scores: filepath.Join(t.TempDir(), "s.json")}, back)
		if got := feed(s, console.Keys(keys)...); got != back {
			t.Errorf("%q from the top menu leads to %T, want the top menu", keys, got)
		}
	}
	s, _ = start(t, w, Options{})
	s = feed(s, console.KeyPress(console.KeyEsc))
	if _, ok := console.ExitMessage(s); !ok {
		t.Errorf("Esc alone leads to %T, want console.Exit", s)
	}
}

// TestStartedByTopMenu: the top menu starts this package's menu after Run's
// first ResizeEvent; the size comes with every event all the same, and the
// mouse works.
func TestStartedByTopMenu(t *testing.T) {
	w := widths[0].W
	d := console.NewDriver(New(Options{Width: w, Scores: filepath.Join(t.TempDir(), "s.json"), Rand: rand.New(rand.NewPCG(1, 1))}, nil), console.DefaultSize)
	d.Send(console.Keys("1\r")...)
	b, ok := d.Screen().(*board)
	if !ok {
		t.Fatalf("1 leads to %T", d.Screen())
	}
	d.Send(console.Click(console.MouseLeft, boardTop+2, clickCol(3, false)))
	if !b.field.Started() || b.row != 2 || b.col != 3 {
		t.Errorf("a click in a game started from a menu did nothing")
	}
}

// play starts level n (1-3) from the menu.
func play(t *testing.T, s console.Screen, n int) (console.Screen, *board) {
	t.Helper()
	s = feed(s, console.Keys(fmt.Sprintf("%d\r", n))...)
	b, ok := s.(*board)
	if !ok {
		t.Fatalf("menu item %d leads to %T", n, s)
	}
	return s, b
}

// cellSpan returns the span drawn for cell r, c.
func cellSpan(t *testing.T, f console.Frame, r, c int) console.Span {
	t.Helper()
	sp, ok := screentest.SpanAt(f, boardTop+r, boardLeft+2*c)
	if !ok {
		t.Fatalf("no span at cell %d,%d", r, c)
	}
	return sp
}

// reversed returns the cells drawn in reverse video.
func reversed(f console.Frame, l Level) [][2]int {
	var out [][2]int
	for r := range l.Rows {
		for _, sp := range f.Rows[boardTop+r] {
			if sp.Style.Reverse {
				out = append(out, [2]int{r, (sp.Col - boardLeft) / 2})
			}
		}
	}
	return out
}

func TestBoardStart(t *testing.T) {
	for _, w := range widths {
		for n, l := range Levels() {
			s, _ := start(t, w.W, Options{})
			s, b := play(t, s, n+1)
			f := s.View(big)
			wantRow := strings.Repeat(console.Pad(w.W, "■", 2), l.Cols)
			got := strings.Split(f.Text(w.W), "\n")
			for r := range l.Rows {
				if strings.TrimRight(got[boardTop+r], " ") != "  "+strings.TrimRight(wantRow, " ") {
					t.Fatalf("%s %s: row %d is %q", w.Name, l.Key(), r, got[boardTop+r])
				}
			}
			if rev := reversed(f, l); len(rev) != 1 || rev[0] != [2]int{(l.Rows - 1) / 2, (l.Cols - 1) / 2} {
				t.Errorf("%s %s: the cursor is at %v, want the centre", w.Name, l.Key(), rev)
			}
			// The cursor is the glyph in reverse video: its own cells, not
			// the spacing after it.
			if sp := cellSpan(t, f, b.row, b.col); sp.Text != "■" || !sp.Style.Reverse {
				t.Errorf("the cursor is %q %+v, want ■ in reverse video", sp.Text, sp.Style)
			}
			status := fmt.Sprintf("%s   남은 지뢰: %d   시간: 0초", textsFor("ko").levels[n], l.Mines)
			if got[0] != status {
				t.Errorf("status %q, want %q", got[0], status)
			}
			mustContain(t, f.Text(w.W), "방향키/h j k l 이동   Enter/Space 열기   f 깃발", "r 새 게임   Esc/q 메뉴")
			if !f.Mouse || f.Tick != 0 || f.Cursor != nil {
				t.Errorf("frame: mouse %v, tick %v, cursor %v; want mouse on, no tick before the first opening, no cursor",
					f.Mouse, f.Tick, f.Cursor)
			}
			// Every cell sits at its own column, two columns apart.
			for c := range l.Cols {
				cellSpan(t, f, 0, c)
			}
		}
	}
}

func TestCursorMoves(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{})
	s, b := play(t, s, 1)
	tests := []struct {
		keys     string
		row, col int
	}{
		{"\x1b[A", 3, 4},
		{"\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A", 0, 4}, // stops at the top
		{"\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D", 0, 0},
		{"hhhkkk", 0, 0},
		{"\x1b[B\x1b[C", 1, 1},
		{"jjjjjjjjjjjj", 8, 1},
		{"llllllllllll", 8, 8},
		{"\x1bOA", 7, 8}, // SS3 arrows too
	}
	for _, tt := range tests {
		s = feed(s, console.Keys(tt.keys)...)
		if b.row != tt.row || b.col != tt.col {
			t.Fatalf("after %q the cursor is at %d,%d, want %d,%d", tt.keys, b.row, b.col, tt.row, tt.col)
		}
		if rev := reversed(s.View(big), b.field.Level()); len(rev) != 1 || rev[0] != [2]int{tt.row, tt.col} {
			t.Fatalf("after %q the reverse cell is %v", tt.keys, rev)
		}
	}
	// Hangul input mode: ㅗ ㅓ ㅏ ㅣ are h j k l.
	feed(s, console.RunePress('ㅏ'), console.RunePress('ㅗ'))
	if b.row != 6 || b.col != 7 {
		t.Errorf("after ㅏ ㅗ the cursor is at %d,%d, want 6,7", b.row, b.col)
	}
}

func TestOpenStartsTheClock(t *testing.T) {
	w := widths[1].W
	s, _ := start(t, w, Options{})
	s, b := play(t, s, 1)
	s = feed(s, at(3, console.KeyPress(console.KeyEnter)))
	if !b.field.Started() || b.field.Look(4, 4) != Blank {
		t.Fatalf("the first opening is %v", b.field.Look(4, 4))
	}
	f := s.View(big)
	mustContain(t, f.Text(w), "시간: 0초")
	if covered := strings.Count(f.Text(w), "■"); covered > 81-9 {
		t.Errorf("%d cells still covered: the first opening opened no area", covered)
	}
	if f.Tick != time.Second {
		t.Errorf("tick %v, want a second", f.Tick)
	}
	s = feed(s, at(4.6, console.Event{Type: console.TickEvent}))
	f = s.View(big)
	mustContain(t, f.Text(w), "시간: 1초")
	if f.Tick != 400*time.Millisecond {
		t.Errorf("tick %v, want the rest of the second, 400ms", f.Tick)
	}
	s = feed(s, at(125.2, console.Event{Type: console.TickEvent}))
	mustContain(t, text(s, w), "시간: 122초")
}

func TestFlagKeys(t *testing.T) {
	for _, marks := range []bool{false, true} {
		w := widths[0].W
		s, _ := start(t, w, Options{Marks: marks})
		s, b := play(t, s, 1)
		glyph := func() string { return strings.TrimSpace(cellSpan(t, s.View(big), 4, 4).Text) }
		s = feed(s, console.Keys("f")...)
		if glyph() != "►" {
			t.Fatalf("f shows %q", glyph())
		}
		mustContain(t, text(s, w), "남은 지뢰: 9")
		s = feed(s, console.RunePress('ㄹ')) // f in Hangul input mode
		want := "■"
		if marks {
			want = "?"
		}
		if glyph() != want {
			t.Errorf("marks %v: ㄹ on a flag shows %q, want %q", marks, glyph(), want)
		}
		mustContain(t, text(s, w), "남은 지뢰: 10")
		if marks {
			mustContain(t, text(s, w), "f 깃발/?")
			s = feed(s, console.Keys("F")...)
			if glyph() != "■" {
				t.Errorf("f on a mark shows %q", glyph())
			}
		}
		// A flag is not opened by Enter.
		s = feed(s, console.Keys("f\r")...)
		if b.field.Started() {
			t.Error("Enter on a flag opened it")
		}
	}
}

// clickCol is the terminal column of cell c; second picks the cell's
// second column, which a click may hit as well.
func clickCol(c int, second bool) int {
	if second {
		return boardLeft + 2*c + 1
	}
	return boardLeft + 2*c
}

func TestWinByMouse(t *testing.T) {
	for _, w := range widths {
		dir := t.TempDir()
		scores := filepath.Join(dir, "scores.json")
		s, _ := start(t, w.W, Options{Scores: scores})
		s, b := play(t, s, 1)
		s = feed(s, at(10, console.Click(console.MouseLeft, boardTop+0, clickCol(0, false))))
		if b.row != 0 || b.col != 0 {
			t.Errorf("%s: the cursor did not follow the click: %d,%d", w.Name, b.row, b.col)
		}
		l := b.field.Level()
		// Flag every mine with the right button, then open the rest with
		// the left one, clicking each cell on its second column.
		for r := range l.Rows {
			for c := range l.Cols {
				if b.field.mine[b.field.index(r, c)] {
					s = feed(s, at(11, console.Click(console.MouseRight, boardTop+r, clickCol(c, true))))
				}
			}
		}
		mustContain(t, text(s, w.W), "남은 지뢰: 0")
		for r := range l.Rows {
			for c := range l.Cols {
				if !b.field.mine[b.field.index(r, c)] && !b.field.IsOpen(r, c) {
					s = feed(s, at(22.345, console.Click(console.MouseLeft, boardTop+r, clickCol(c, true))))
				}
			}
		}
		f := s.View(big)
		screen := f.Text(w.W)
		mustContain(t, screen, "초급   남은 지뢰: 0   시간: 12초   승리!", "기록: 12.3초, 최고 기록 1위")
		if len(reversed(f, l)) != 0 || f.Tick != 0 {
			t.Errorf("%s: after the win the cursor shows (%v) or the clock ticks (%v)", w.Name, reversed(f, l), f.Tick)
		}
		data, err := os.ReadFile(scores)
		if err != nil || !strings.Contains(string(data), `"ms": 12345`) {
			t.Errorf("%s: the scores file holds %s (%v)", w.Name, data, err)
		}
		// Keys after the end change nothing but r, Esc and q.
		before := text(s, w.W)
		s = feed(s, console.Keys("f\r hjkl")...)
		if text(s, w.W) != before {
			t.Errorf("%s: keys after the win changed the screen", w.Name)
		}
		// The best times list it.
		s = feed(s, console.KeyPress(console.KeyEsc))
		s = feed(s, console.Keys("5\r")...)
		screen = text(s, w.W)
		mustContain(t, screen, "최고 기록: 초급 (9 x 9, 지뢰 10개)   (1/3)", "  1.     12.3초   2025-03-01 12:00")
		s = feed(s, console.KeyPress(console.KeyRight))
		mustContain(t, text(s, w.W), "최고 기록: 중급 (16 x 16, 지뢰 40개)   (2/3)", "(기록이 없습니다)")
		s = feed(s, console.KeyPress(console.KeyLeft), console.KeyPress(console.KeyLeft))
		mustContain(t, text(s, w.W), "고급 (16 x 30, 지뢰 99개)   (3/3)")
		s = feed(s, console.KeyPress(console.KeyEnter))
		if _, ok := s.(*app); !ok {
			t.Fatalf("Enter on the best times leads to %T", s)
		}
	}
}

func TestLose(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{})
	s, b := play(t, s, 1)
	s = feed(s, at(1, console.KeyPress(console.KeyEnter)))
	// Flag one mine and one safe cell, then open a mine by keyboard.
	var mines, safe [][2]int
	l := b.field.Level()
	for r := range l.Rows {
		for c := range l.Cols {
			switch {
			case b.field.mine[b.field.index(r, c)]:
				mines = append(mines, [2]int{r, c})
			case !b.field.IsOpen(r, c):
				safe = append(safe, [2]int{r, c})
			}
		}
	}
	goTo := func(r, c int) {
		for b.row > r {
			s = feed(s, console.KeyPress(console.KeyUp))
		}
		for b.row < r {
			s = feed(s, console.KeyPress(console.KeyDown))
		}
		for b.col > c {
			s = feed(s, console.KeyPress(console.KeyLeft))
		}
		for b.col < c {
			s = feed(s, console.KeyPress(console.KeyRight))
		}
	}
	goTo(mines[0][0], mines[0][1])
	s = feed(s, console.Keys("f")...)
	goTo(safe[0][0], safe[0][1])
	s = feed(s, console.Keys("f")...)
	goTo(mines[1][0], mines[1][1])
	s = feed(s, at(7.9, console.RunePress(' ')))
	f := s.View(big)
	mustContain(t, f.Text(w), "시간: 6초   패배")
	glyph := func(rc [2]int) (string, console.Style) {
		sp := cellSpan(t, f, rc[0], rc[1])
		return strings.TrimSpace(sp.Text), sp.Style
	}
	if g, st := glyph(mines[0]); g != "►" || st.Reverse {
		t.Errorf("a right flag shows %q %+v", g, st)
	}
	if g, _ := glyph(safe[0]); g != "×" {
		t.Errorf("a wrong flag shows %q", g)
	}
	if g, st := glyph(mines[1]); g != "●" || !st.Reverse {
		t.Errorf("the mine that went off shows %q %+v, want ● in reverse video", g, st)
	}
	for _, m := range mines[2:] {
		if g, st := glyph(m); g != "●" || st.Reverse {
			t.Errorf("a mine shows %q %+v", g, st)
		}
	}
	if got := strings.Count(f.Text(w), "●"); got != l.Mines-1 {
		t.Errorf("%d mines shown, want %d (one is flagged)", got, l.Mines-1)
	}
	if rev := reversed(f, l); len(rev) != 1 {
		t.Errorf("reverse cells %v: the cursor still shows", rev)
	}
	if f.Tick != 0 {
		t.Errorf("the clock still ticks")
	}
}

// TestChordOnScreen chords by Enter, by a left click and by a middle click
// on a number whose flag is right, and loses by a wrong flag.
func TestChordOnScreen(t *testing.T) {
	w := widths[0].W
	for _, how := range []string{"enter", "left", "middle", "wrong"} {
		s, _ := start(t, w, Options{})
		s, b := play(t, s, 1)
		if how == "wrong" {
			b.field = fieldOf(t, "*F.", ".o.", "...")
		} else {
			b.field = fieldOf(t, "M..*.", ".o.*.", "...*.")
		}
		b.row, b.col = 1, 1
		switch how {
		case "enter", "wrong":
			feed(s, console.KeyPress(console.KeyEnter))
		case "left":
			feed(s, console.Click(console.MouseLeft, boardTop+1, clickCol(1, false)))
		case "middle":
			feed(s, console.Click(console.MouseMiddle, boardTop+1, clickCol(1, true)))
		}
		want := lines("F12##", "113##", "..2##")
		if how == "wrong" {
			want = lines("!X#", "#1#", "###")
		}
		if got := picture(b.field); got != want {
			t.Errorf("%s: after the chord\n%s\nwant\n%s", how, got, want)
		}
	}
}

func TestRestartAndBack(t *testing.T) {
	w := widths[0].W
	for _, key := range []console.Event{console.KeyPress(console.KeyEsc), console.RunePress('q'), console.RunePress('ㅂ')} {
		s, _ := start(t, w, Options{})
		s, b := play(t, s, 3)
		s = feed(s, console.KeyPress(console.KeyUp), console.KeyPress(console.KeyEnter))
		s = feed(s, console.RunePress('r'))
		nb, ok := s.(*board)
		if !ok || nb == b || nb.field.Started() || nb.field.Level() != Levels()[2] || nb.row != 7 || nb.col != 14 {
			t.Fatalf("r leads to %T, want a new expert game with the cursor in the centre", s)
		}
		s = feed(s, console.RunePress('ㄱ')) // r in Hangul input mode
		if s == nb {
			t.Error("ㄱ did not start a new game")
		}
		s = feed(s, key)
		if _, ok := s.(*app); !ok {
			t.Fatalf("%v leads to %T, want the menu", key, s)
		}
		mustContain(t, text(s, w), "7. 종료")
		mustNotContain(t, text(s, w), "원하는 메뉴를 입력하세요 : 3")
	}
}

func TestCustom(t *testing.T) {
	w := widths[1].W
	s, a := start(t, w, Options{})
	s = feed(s, console.Keys("4\r")...)
	mustContain(t, text(s, w), "사용자 지정\n세로 칸 수를 입력하세요 (2~33) :")
	steps := []struct {
		typed, want string
	}{
		{"1\r", "세로 칸 수를 입력하세요 (2~33) : 1\n다시 입력하세요.\n세로 칸 수를 입력하세요 (2~33) :"},
		{"34\r", "(2~33) : 34\n다시 입력하세요."},
		{"x\r", "(2~33) : x\n다시 입력하세요."},
		{"\r", "(2~33) : x\n다시 입력하세요.\n세로 칸 수를 입력하세요 (2~33) :"}, // an empty line is ignored
		{"20\r", "세로 칸 수를 입력하세요 (2~33) : 20\n가로 칸 수를 입력하세요 (2~49) :"},
		{"50\r", "(2~49) : 50\n다시 입력하세요."},
		{"123\x7f\x7f0\r", "(2~49) : 10\n지뢰 수를 입력하세요 (1~199) :"},
		{"200\r", "(1~199) : 200\n다시 입력하세요."},
		{"0\r", "(1~199) : 0\n다시 입력하세요."},
	}
	for _, st := range steps {
		s = feed(s, console.Keys(st.typed)...)
		mustContain(t, text(s, w), st.want)
	}
	s = feed(s, console.Keys("199\r")...)
	b, ok := s.(*board)
	if !ok || b.field.Level() != Custom(20, 10, 199) {
		t.Fatalf("the custom answers lead to %T", s)
	}
	mustContain(t, text(s, w), "사용자 지정   남은 지뢰: 199")
	if b.row != 9 || b.col != 4 {
		t.Errorf("cursor at %d,%d, want 9,4", b.row, b.col)
	}

	// The limits follow the terminal: a smaller one asks for less.
	s = feed(a.toMenu(), console.Keys("4\r")...)
	s = feed(s, resize(console.Size{Width: 62, Height: 20}))
	s = feed(s, console.Keys("14\r")...)
	mustContain(t, text(s, w), "(2~13) : 14\n다시 입력하세요.\n세로 칸 수를 입력하세요 (2~13) :")
	s = feed(s, resize(console.Size{Width: 62, Height: 21}))
	mustContain(t, text(s, w), "다시 입력하세요.\n세로 칸 수를 입력하세요 (2~14) :") // the question follows the terminal
	s = feed(s, console.Keys("13\r30\r")...)
	mustContain(t, text(s, w), "가로 칸 수를 입력하세요 (2~30) : 30\n지뢰 수를")
	s = feed(s, console.KeyPress(console.KeyEsc))
	if _, ok := s.(*app); !ok {
		t.Fatalf("Esc in the custom questions leads to %T", s)
	}

	// A terminal that cannot show any board says so.
	s = feed(s, resize(console.Size{Width: 30, Height: 8}))
	s = feed(s, console.Keys("4\r")...)
	if _, ok := s.(*app); !ok {
		t.Fatalf("custom in a tiny terminal leads to %T", s)
	}
	mustContain(t, s.View(console.Size{Width: 30, Height: 40}).Text(w), "터미널이 너무 작아")

	// The largest: 100 x 100 and 9,999 mines, in a terminal big enough.
	s = feed(s, resize(console.Size{Width: 250, Height: 120}))
	s = feed(s, console.Keys("4\r100\r100\r9999\r")...)
	b, ok = s.(*board)
	if !ok || b.field.Level() != Custom(100, 100, 9999) {
		t.Fatalf("a 100 x 100 custom field leads to %T", s)
	}
	s = feed(s, console.KeyPress(console.KeyEnter))
	if b.field.Status() != Won {
		t.Error("the only safe cell of a 100 x 100 field with 9,999 mines did not win")
	}
	s = feed(s, console.KeyPress(console.KeyEsc))
	s = feed(s, console.Keys("4\r")...)
	mustContain(t, text(s, w), "(2~100) :")
}

func TestTooSmall(t *testing.T) {
	for _, w := range widths {
		s, a := start(t, w.W, Options{})
		s, b := play(t, s, 3)
		small := console.Size{Width: 50, Height: 20}
		s = feed(s, resize(small))
		f := s.View(small)
		need := b.need()
		if need.Height != 16+extraRows || need.Width < 62 {
			t.Errorf("%s: an expert board needs %v", w.Name, need)
		}
		want := fmt.Sprintf("터미널이 너무 작습니다.\n필요한 크기: %d x %d\n지금 크기:   50 x 20", need.Width, need.Height)
		if got := f.Text(w.W); got != want {
			t.Errorf("%s: too small:\n%s\nwant\n%s", w.Name, got, want)
		}
		if f.Mouse {
			t.Errorf("%s: mouse reports asked while no board is shown", w.Name)
		}
		// A click where the board would be does nothing.
		s = feed(s, console.Click(console.MouseLeft, boardTop+1, clickCol(1, false)))
		if b.field.Started() {
			t.Errorf("%s: a click on a hidden board opened a cell", w.Name)
		}
		// Keys still play; the board comes back when the terminal grows.
		s = feed(s, console.KeyPress(console.KeyEnter), resize(need))
		f = s.View(a.size)
		if !b.field.Started() || !strings.Contains(f.Text(w.W), "고급   남은 지뢰: 99") || !f.Mouse {
			t.Errorf("%s: after the resize:\n%s", w.Name, f.Text(w.W))
		}
		if f.Need != need {
			t.Errorf("%s: frame needs %v, want %v", w.Name, f.Need, need)
		}
		// Every line of the frame fits the width it says it needs.
		for i, line := range strings.Split(f.Text(w.W), "\n") {
			if console.Width(w.W, line) > need.Width {
				t.Errorf("%s: line %d is %d wide, more than %d: %q", w.Name, i, console.Width(w.W, line), need.Width, line)
			}
		}
	}
}

// TestGlyphs checks every look in both glyph sets: each distinct, each two
// columns once padded, and the ASCII ones as the documents give them.
func TestGlyphs(t *testing.T) {
	looks := []Look{Covered, Flagged, Marked, Mine, Exploded, WrongFlag, Blank, 1, 2, 3, 4, 5, 6, 7, 8}
	wantASCII := []string{"#", "F", "?", "*", "X", "/", ".", "1", "2", "3", "4", "5", "6", "7", "8"}
	for _, ascii := range []bool{false, true} {
		g := glyphsFor(ascii)
		seen := map[string]Look{}
		for i, l := range looks {
			text, st := g.glyph(l)
			if ascii && text != wantASCII[i] {
				t.Errorf("ascii look %d is %q, want %q", l, text, wantASCII[i])
			}
			for _, w := range widths {
				if got := console.Width(w.W, console.Pad(w.W, text, 2)); got != 2 {
					t.Errorf("%s: %q padded is %d columns", w.Name, text, got)
				}
			}
			// The exploded mine shares the mine's glyph and differs by
			// reverse video, which NO_COLOR keeps.
			if prev, dup := seen[text]; dup && !(l == Exploded && prev == Mine && st.Reverse) {
				t.Errorf("looks %d and %d both draw %q", prev, l, text)
			}
			seen[text] = l
		}
	}
}

func TestASCIIBoard(t *testing.T) {
	w := widths[1].W
	s, _ := start(t, w, Options{ASCII: true, Lang: "en"})
	s, b := play(t, s, 1)
	b.field = fieldOf(t, "*.F.", "....", "...?")
	b.row, b.col, b.start = 2, 0, day
	s = feed(s, at(0, console.KeyPress(console.KeyEnter)))
	got := strings.Split(text(s, w), "\n")
	want := []string{"  # 1 F .", "  1 1 . .", "  . . . ."}
	for i, row := range want {
		if got[boardTop+i] != row {
			t.Errorf("row %d %q, want %q", i, got[boardTop+i], row)
		}
	}
	mustContain(t, text(s, w), "Custom   Mines left: 0   Time: 0 s\n", "arrows/h j k l move   Enter/Space open   f flag")
}

func TestEnglishLose(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{Lang: "en"})
	s, b := play(t, s, 2)
	b.field = fieldOf(t, "*.", "..")
	b.row, b.col, b.start = 0, 0, day
	s = feed(s, at(0, console.KeyPress(console.KeyEnter)))
	mustContain(t, text(s, w), "Custom   Mines left: 1   Time: 0 s   Game over")
}

func TestBadScoresFileReportedOnce(t *testing.T) {
	w := widths[0].W
	path := filepath.Join(t.TempDir(), "scores.json")
	os.WriteFile(path, []byte("{not json"), 0o600)
	s, _ := start(t, w, Options{Scores: path})
	// A long temporary path wraps onto the next row: read across rows.
	screen := strings.ReplaceAll(text(s, w), "\n", " ")
	mustContain(t, screen, "최고 기록 파일을 읽을 수 없습니다.", path+".bad-20250301-120000 로 옮겨 두었습니다.", "7. 종료")
	if kept, _ := os.ReadFile(path + ".bad-20250301-120000"); string(kept) != "{not json" {
		t.Errorf("kept aside: %q", kept)
	}
	s, _ = play(t, s, 1)
	s = feed(s, console.KeyPress(console.KeyEsc))
	mustNotContain(t, text(s, w), "읽을 수 없습니다")
}

// Without -scores the best times live in termgames/scores.json in the
// user's config folder (a temporary one in these tests: see TestMain).
func TestDefaultScoresFile(t *testing.T) {
	dir, err := os.UserConfigDir()
	if err != nil {
		t.Skip(err)
	}
	s := New(Options{}, nil).(*app)
	if want := filepath.Join(dir, "termgames", "scores.json"); s.store.path != want {
		t.Errorf("best times in %q, want %q", s.store.path, want)
	}
	if !strings.HasPrefix(s.store.path, os.TempDir()) {
		t.Errorf("a test would use the player's own file %s", s.store.path)
	}
}

func TestMouseIgnoresOutside(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{})
	s, b := play(t, s, 1)
	for _, ev := range []console.Event{
		console.Click(console.MouseLeft, 0, 0),                           // the status line
		console.Click(console.MouseLeft, boardTop, 0),                    // left of the board
		console.Click(console.MouseLeft, boardTop, clickCol(9, false)),   // right of it
		console.Click(console.MouseLeft, boardTop+9, clickCol(0, false)), // under it
		console.Click(console.MouseWheelUp, boardTop, clickCol(0, false)),
		{Type: console.MouseEvent, Mouse: console.Mouse{Button: console.MouseLeft, Row: boardTop, Col: boardLeft, Release: true}},
	} {
		s = feed(s, ev)
	}
	if b.field.Started() || b.row != 4 || b.col != 4 {
		t.Errorf("clicks outside the board or releases changed the game")
	}
}

// standard counts a hand-made field as one of the original's levels, whose
// wins are kept in the best times (a custom field's are not).
func standard(f *Field) *Field {
	f.level.Name = Levels()[0].Name
	return f
}

// winNow replaces the game with a 2x2 field one opening from a win, and
// wins it.
func winNow(t *testing.T, s console.Screen, b *board) console.Screen {
	t.Helper()
	b.field = standard(fieldOf(t, "*o", "o."))
	b.row, b.col = 1, 1
	b.start = at(2, console.Event{}).Time
	return feed(s, at(5, console.KeyPress(console.KeyEnter)))
}

// An error wider than the terminal wraps between words, so that its
// reason, at the end, shows; before, the row was cut at the terminal's
// edge and "not a directory" or "permission denied" never showed.
func TestLongErrorsWrap(t *testing.T) {
	w := widths[0].W
	file := filepath.Join(t.TempDir(), strings.Repeat("long-folder-name-", 4))
	os.WriteFile(file, nil, 0o600)
	s, _ := start(t, w, Options{Scores: filepath.Join(file, "scores.json"), Lang: "en"})
	s, b := play(t, s, 1)
	s = winNow(t, s, b)
	narrow := console.Size{Width: 60, Height: 40}
	f := s.View(narrow)
	screen := f.Text(w)
	for _, row := range strings.Split(screen, "\n") {
		if console.Width(w, row) > narrow.Width {
			t.Errorf("a row wider than the terminal: %q", row)
		}
	}
	mustContain(t, strings.ReplaceAll(screen, "\n", " "), "Best time not saved:", underAFile(t, file))

	// The menu's notice of a bad file wraps too.
	path := filepath.Join(t.TempDir(), strings.Repeat("long-folder-name-", 4)+"scores.json")
	os.WriteFile(path, []byte("{not json"), 0o600)
	s, _ = start(t, w, Options{Scores: path, Lang: "en"})
	screen = s.View(narrow).Text(w)
	mustContain(t, strings.ReplaceAll(screen, "\n", " "), "invalid character", "kept aside as")
	for _, row := range strings.Split(screen, "\n") {
		if console.Width(w, row) > narrow.Width {
			t.Errorf("a menu row wider than the terminal: %q", row)
		}
	}
}

func TestWinSaveProblems(t *testing.T) {
	w := widths[0].W
	// The file went bad while the game was played: it is kept aside, the
	// win is written to a new file, and the player is told.
	path := filepath.Join(t.TempDir(), "scores.json")
	s, _ := start(t, w, Options{Scores: path})
	s, b := play(t, s, 1)
	os.WriteFile(path, []byte("garbage"), 0o600)
	s = winNow(t, s, b)
	mustContain(t, text(s, w), "승리!", "기록: ", "최고 기록 파일을 읽을 수 없습니다.")
	if kept, _ := os.ReadFile(path + ".bad-20250301-120005"); string(kept) != "garbage" {
		t.Errorf("kept aside: %q", kept)
	}
	// The file cannot be reached (its folder is a file): the win is shown,
	// with why it is not kept.
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o600)
	s, _ = start(t, w, Options{Scores: filepath.Join(file, "scores.json"), Lang: "en"})
	s, b = play(t, s, 1)
	s = winNow(t, s, b)
	// A long path may wrap the reason.
	mustContain(t, strings.ReplaceAll(text(s, w), "\n", " "), "Time: 3 s   You win!", "Best time not saved: scores: ", underAFile(t, file))
}

// underAFile is why a folder cannot be made inside file, as this system
// words it: "not a directory" on Unix, "The system cannot find the path
// specified." on Windows.
func underAFile(t *testing.T, file string) string {
	t.Helper()
	err := os.Mkdir(filepath.Join(file, "folder"), 0o700)
	if err == nil {
		t.Fatalf("a folder made inside the file %s", file)
	}
	return errors.Unwrap(err).Error()
}

// The best times are read and written by commands, off the UI goroutine:
// until the file answers, the board shows the time of the win and keeps
// taking keys; the answer then adds the rank.
func TestScoresThroughCommands(t *testing.T) {
	w := widths[0].W
	scores := filepath.Join(t.TempDir(), "scores.json")
	d := console.NewDriver(New(Options{Scores: scores, Lang: "en", Width: w, Rand: rand.New(rand.NewPCG(42, 42))}, nil), big)
	d.Hold = true
	d.Send(at(0, resize(big)))
	if d.Pending() != 1 {
		t.Fatalf("%d commands after the first event, want the file's reading", d.Pending())
	}
	d.RunCommands()
	d.Send(console.Keys("1\r")...)
	b := d.Screen().(*board)
	b.field = standard(fieldOf(t, "*..", "...", "..."))
	b.row, b.col, b.start = 2, 2, day
	d.Send(at(2.5, console.KeyPress(console.KeyEnter)))
	if b.field.Status() != Won || d.Pending() != 1 {
		t.Fatalf("status %v, %d commands pending, want a win being saved", b.field.Status(), d.Pending())
	}
	mustContain(t, d.Text(w), "Your time: 2.5 s")
	mustNotContain(t, d.Text(w), "best time")
	if _, err := os.Stat(scores); err == nil {
		t.Fatal("the file was written on the UI goroutine")
	}
	d.Send(console.KeyPress(console.KeyUp)) // the screen is live meanwhile
	d.RunCommands()
	mustContain(t, d.Text(w), "Your time: 2.5 s, best time #1")
	if data, err := os.ReadFile(scores); err != nil || !strings.Contains(string(data), `"ms": 2500`) {
		t.Errorf("the file holds %s (%v)", data, err)
	}
}

// TestDenseCustomKeepsNoTime: a custom field so dense that the first
// opening (always safe) opens every safe cell is won without being played:
// the time is shown and nothing is written. Custom wins are never kept, and
// the best times list the original's three levels only, even when an older
// file holds custom times.
func TestDenseCustomKeepsNoTime(t *testing.T) {
	w := widths[0].W
	scores := filepath.Join(t.TempDir(), "scores.json")
	old := `{"version": 1, "times": {"3x3/8": [{"ms": 10, "when": "2025-01-01T00:00:00Z"}]}}`
	os.WriteFile(scores, []byte(old), 0o600)
	d := console.NewDriver(New(Options{Scores: scores, Lang: "en", Width: w, Rand: rand.New(rand.NewPCG(42, 42))}, nil), big)
	d.Send(at(0, resize(big)))
	d.Send(console.Keys("4\r 3\r3 \r8\r")...) // spaces around the numbers, as cin allows
	b, ok := d.Screen().(*board)
	if !ok {
		t.Fatalf("the custom questions led to %T:\n%s", d.Screen(), d.Text(w))
	}
	d.Send(at(1, console.KeyPress(console.KeyEnter)))
	if b.field.Status() != Won {
		t.Fatalf("the first opening of a 3x3 field with 8 mines: %v\n%s", b.field.Status(), d.Text(w))
	}
	if d.Pending() != 0 {
		t.Errorf("%d commands pending: a time is being saved", d.Pending())
	}
	mustContain(t, d.Text(w), "You win!", "not a best time")
	if data, _ := os.ReadFile(scores); string(data) != old {
		t.Errorf("the scores file was rewritten:\n%s", data)
	}
	// A custom field played to a win: its time is shown, not kept.
	d.Send(console.KeyPress(console.KeyEsc))
	d.Send(console.Keys("4\r3\r3\r1\r")...)
	b = d.Screen().(*board)
	b.field = fieldOf(t, "*..", "...", "o..")
	b.row, b.col, b.start = 0, 2, day
	d.Send(at(3, console.KeyPress(console.KeyEnter)))
	if b.field.Status() != Won || d.Pending() != 0 {
		t.Fatalf("status %v, %d commands pending, want a win and nothing saved", b.field.Status(), d.Pending())
	}
	mustContain(t, d.Text(w), "Your time: 3.0 s (best times are kept for the three levels only)")
	d.Send(console.KeyPress(console.KeyEsc))
	d.Send(console.Keys("5\r")...)
	if f := d.Frame(); f.Need.Width < 30 || f.Need.Height < 5 || f.Lang != "en" {
		t.Errorf("the best times ask for %v in %q: a smaller terminal would cut them", f.Need, f.Lang)
	}
	for range 4 {
		mustNotContain(t, d.Text(w), "3 x 3", "Custom")
		d.Send(console.KeyPress(console.KeyRight))
	}
	mustContain(t, d.Text(w), "(2/3)")
}

// Every numbered question takes spaces around the number, as the
// original's cin >> int skips them.
func TestMenuSpaces(t *testing.T) {
	w := widths[0].W
	for _, in := range []string{" 1\r", "1 \r", "  1  \r"} {
		s, _ := start(t, w, Options{})
		s = feed(s, console.Keys(in)...)
		if _, ok := s.(*board); !ok {
			t.Errorf("%q at the menu led to %T", in, s)
		}
	}
}

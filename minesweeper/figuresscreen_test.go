package minesweeper

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"termgames/console"
)

// workedBoard is the board of the docs, with 3BV 4: openings at the top
// left, the top right and the bottom middle, and the lone 1 at the bottom
// left.
//
//	0 1 * 1 0
//	1 2 1 1 0
//	* 1 0 1 1
//	1 1 0 1 *
func workedBoard(t *testing.T) *Field {
	return standard(fieldOf(t,
		"..*..",
		".....",
		"*....",
		"....*",
	))
}

// coverAll makes f a field before its first opening, which lays the
// mines where they are now.
func coverAll(f *Field) *Field {
	g := newField(f.level, nil)
	g.preset = f.mine
	return g
}

// click presses button on cell r, c of the board.
func click(sec float64, button console.MouseButton, r, c int) console.Event {
	return at(sec, console.Click(button, boardTop+r, clickCol(c, false)))
}

// wonGame plays the worked board to a win by mouse and by keys: a flag
// before the first opening, a flag key on an open cell (which changes
// nothing and still counts), a chord by the middle button, and the last
// cell by Enter: six clicks in 5.5 seconds from the first opening.
func wonGame(t *testing.T, s console.Screen, b *board) console.Screen {
	t.Helper()
	b.field = coverAll(workedBoard(t))
	s = feed(s, click(1, console.MouseRight, 0, 2))
	s = feed(s, click(2, console.MouseLeft, 0, 0))
	s = feed(s, at(3, console.RunePress('f')))
	s = feed(s, click(4, console.MouseLeft, 0, 4))
	s = feed(s, click(5, console.MouseMiddle, 1, 3))
	s = feed(s, console.KeyPress(console.KeyDown), console.KeyPress(console.KeyDown),
		console.KeyPress(console.KeyLeft), console.KeyPress(console.KeyLeft), console.KeyPress(console.KeyLeft))
	s = feed(s, at(7.5, console.KeyPress(console.KeyEnter)))
	if b.field.Status() != Won {
		t.Fatalf("the worked board is not won:\n%s", picture(b.field))
	}
	return s
}

// TestFiguresOfAWin: 3BV 4 solved in 5.5 s is 0.73 3BV/s; 6 clicks make
// IOE 0.67. Keys after the end are no clicks.
func TestFiguresOfAWin(t *testing.T) {
	for _, w := range widths {
		s, _ := start(t, w.W, Options{})
		s, b := play(t, s, 1)
		s = wonGame(t, s, b)
		s = feed(s, console.Keys("f ")...)
		screen := text(s, w.W)
		mustContain(t, screen, "승리!", "시간 5.5초  3BV 4  3BV/s 0.73  클릭 6  IOE 0.67",
			"r 새 게임   a 같은 보드 다시   w 다시 보기   Esc/q 메뉴", "기록: 5.5초, 최고 기록 1위")
		mustNotContain(t, screen, "마우스:") // the help gives way at the end
		if len(b.clicks) != 6 {
			t.Errorf("%s: %d clicks kept: %v", w.Name, len(b.clicks), b.clicks)
		}
	}
}

// TestFiguresOfALoss: a wrong flag by the right button, then a chord on it
// sets off the mine; two openings of four are solved. The board shows the
// mine that went off apart (X in reverse video), the wrong flag, the other
// mines and the numbers as they were.
func TestFiguresOfALoss(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{Lang: "en", ASCII: true})
	s, b := play(t, s, 1)
	b.field = coverAll(workedBoard(t))
	s = feed(s, click(2, console.MouseLeft, 0, 0))
	s = feed(s, click(3, console.MouseRight, 1, 2))
	s = feed(s, click(4, console.MouseLeft, 0, 4))
	s = feed(s, click(6, console.MouseMiddle, 1, 3))
	if b.field.Status() != Lost {
		t.Fatalf("status %v:\n%s", b.field.Status(), picture(b.field))
	}
	f := s.View(big)
	mustContain(t, f.Text(w), "Game over", "Time 4.0 s  3BV 2/4  3BV/s 0.50  Clicks 4  IOE 0.50",
		"r new game   a same board   w watch again   Esc/q menu")
	rows := strings.Split(f.Text(w), "\n")
	want := []string{
		"  . 1 X 1 .",
		"  1 2 / 1 .",
		"  * # # 1 1",
		"  # # # # *",
	}
	for r, row := range want {
		if got := strings.TrimRight(rows[boardTop+r], " "); got != row {
			t.Errorf("row %d after the loss is %q, want %q", r, got, row)
		}
	}
	if sp := cellSpan(t, f, 0, 2); !sp.Style.Reverse {
		t.Errorf("the mine that went off is not in reverse video: %+v", sp.Style)
	}
	if sp := cellSpan(t, f, 2, 0); sp.Style.Reverse {
		t.Errorf("another mine is in reverse video: %+v", sp.Style)
	}
}

// TestRetry: a during a game and at its end starts the same mines again,
// said in the status line; the first opening lays them wherever it is,
// and its win is kept out of the best times and the statistics.
func TestRetry(t *testing.T) {
	w := widths[0].W
	scores := filepath.Join(t.TempDir(), "scores.json")
	s, _ := start(t, w, Options{Scores: scores})
	s, b := play(t, s, 1)
	s = feed(s, console.RunePress('a')) // no mines yet: nothing to repeat
	if s != b {
		t.Fatalf("a before the first opening leads to %T", s)
	}
	s = feed(s, at(1, console.KeyPress(console.KeyEnter)))
	mines := b.field.Mines()
	s = feed(s, at(2, console.RunePress('a')))
	again, ok := s.(*board)
	if !ok || again == b {
		t.Fatalf("a during a game leads to %T", s)
	}
	mustContain(t, text(s, w), "초급 (같은 보드 다시)   남은 지뢰: 10   시간: 0초")
	// A first opening in a corner: the mines are those of the first game,
	// not new ones kept away from the corner.
	s = feed(s, at(3, console.Click(console.MouseLeft, boardTop, clickCol(0, false))))
	if got := again.field.Mines(); !equalMines(got, mines) {
		t.Fatalf("the same board has other mines")
	}
	l := again.field.Level()
	for i, m := range mines {
		if !m && again.field.Status() == Playing {
			s = feed(s, at(9, console.Click(console.MouseLeft, boardTop+i/l.Cols, clickCol(i%l.Cols, false))))
		}
	}
	if again.field.Status() != Won {
		t.Fatalf("the same board was not won:\n%s", picture(again.field))
	}
	mustContain(t, text(s, w), "(같은 보드 다시: 최고 기록과 통계에 넣지 않습니다)")
	if _, err := os.Stat(scores); err == nil {
		data, _ := os.ReadFile(scores)
		// The first game was left when a was pressed: it counts as played,
		// and nothing else is written.
		var sf scoresFile
		if err := json.Unmarshal(data, &sf); err != nil || len(sf.Best["beginner"]) != 0 || sf.Stats["beginner"].Played != 1 || sf.Stats["beginner"].Won != 0 {
			t.Errorf("the scores file holds %s", data)
		}
	} else {
		t.Errorf("the game left by a was not counted: %v", err)
	}
	// At the end, a starts it once more.
	s = feed(s, console.RunePress('a'))
	if third, ok := s.(*board); !ok || third == again || !third.retry {
		t.Fatalf("a at the end leads to %T", s)
	}
}

func equalMines(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// boardRows are the board's rows of a frame's text.
func boardRows(t *testing.T, screen string, l Level) string {
	t.Helper()
	rows := strings.Split(screen, "\n")
	return strings.Join(rows[boardTop:boardTop+l.Rows], "\n")
}

// TestWatchAgain: w at the end plays the game's clicks again on the same
// screen: → one at a time, Space at the speed they were made, driven by
// tick events; Esc goes back to the end of the game.
func TestWatchAgain(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{})
	s, b := play(t, s, 1)
	mustNotContain(t, text(feed(s, console.RunePress('w')), w), "다시 보기   클릭") // not while playing
	s = wonGame(t, s, b)
	end := text(s, w)
	l := b.field.Level()
	s = feed(s, at(100, console.RunePress('w')))
	if _, ok := s.(*watch); !ok {
		t.Fatalf("w at the end leads to %T", s)
	}
	screen := text(s, w)
	mustContain(t, screen, "다시 보기   클릭 0/6   0.0초   3BV 0/4", "오른쪽 방향키 한 클릭   Space 재생/멈춤")
	if strings.Contains(boardRows(t, screen, l), "·") || s.View(big).Tick != 0 {
		t.Errorf("the watch does not start covered and still:\n%s", screen)
	}
	// → makes the first click: the flag, on its cell in reverse video.
	s = feed(s, console.KeyPress(console.KeyRight))
	f := s.View(big)
	mustContain(t, f.Text(w), "클릭 1/6   0.0초   3BV 0/4")
	if sp := cellSpan(t, f, 0, 2); strings.TrimSpace(sp.Text) != "►" || !sp.Style.Reverse {
		t.Errorf("the first click shows %q %+v, want the flag under the cursor", sp.Text, sp.Style)
	}
	// Space plays on: the next click comes a second later, as in the game.
	s = feed(s, at(200, console.RunePress(' ')))
	if tick := s.View(big).Tick; tick <= 0 || tick > 1e9 {
		t.Errorf("playing asks for a tick in %v", tick)
	}
	// The clock shows the game's, which starts at the first opening.
	s = feed(s, at(200.5, console.Event{Type: console.TickEvent}))
	mustContain(t, text(s, w), "클릭 1/6   0.0초")
	s = feed(s, at(201, console.Event{Type: console.TickEvent}))
	mustContain(t, text(s, w), "클릭 2/6   0.0초   3BV 1/4")
	// Space pauses; → goes on one click at a time.
	s = feed(s, at(201.2, console.RunePress(' ')))
	if s.View(big).Tick != 0 {
		t.Error("a paused watch still asks for ticks")
	}
	s = feed(s, at(250, console.Event{Type: console.TickEvent}))
	mustContain(t, text(s, w), "클릭 2/6")
	s = feed(s, console.KeyPress(console.KeyRight))
	mustContain(t, text(s, w), "클릭 3/6   1.0초")
	// Playing to the end, tick by tick, ends on the game's end board.
	s = feed(s, at(300, console.RunePress(' ')))
	for sec := 300.0; sec < 310; sec += 0.1 {
		s = feed(s, at(sec, console.Event{Type: console.TickEvent}))
	}
	screen = text(s, w)
	mustContain(t, screen, "클릭 6/6   5.5초   3BV 4/4")
	if s.View(big).Tick != 0 {
		t.Error("the watch asks for ticks after the last click")
	}
	if got, want := boardRows(t, screen, l), boardRows(t, end, l); got != want {
		t.Errorf("the watch ends on\n%s\nthe game on\n%s", got, want)
	}
	// ← goes back to the start; Esc back to the game's end.
	s = feed(s, console.KeyPress(console.KeyLeft))
	mustContain(t, text(s, w), "클릭 0/6")
	s = feed(s, console.KeyPress(console.KeyEsc))
	if s != b || text(s, w) != end {
		t.Errorf("Esc leads to %T:\n%s", s, text(s, w))
	}
}

// TestViewsOnlyDraw: drawing the board and the watch, twice, changes
// nothing in them: what they draw is built in Update.
func TestViewsOnlyDraw(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{})
	s, b := play(t, s, 1)
	check := func(what string) {
		t.Helper()
		switch sc := s.(type) {
		case *board:
			before := *sc
			first := sc.View(big).Text(w)
			if second := sc.View(big).Text(w); second != first || !reflect.DeepEqual(before, *sc) {
				t.Errorf("%s: View changed the board", what)
			}
		case *watch:
			before := *sc
			sc.View(big)
			sc.View(console.Size{Width: 10, Height: 5})
			if !reflect.DeepEqual(before, *sc) {
				t.Errorf("%s: View changed the watch", what)
			}
		}
	}
	check("new")
	s = feed(s, console.KeyPress(console.KeyDown))
	check("moved")
	b.field = coverAll(workedBoard(t))
	s = feed(s, click(2, console.MouseLeft, 0, 0))
	check("opened")
	s = feed(s, at(3, console.Event{Type: console.TickEvent}))
	check("ticked")
	s = feed(s, click(4, console.MouseLeft, 2, 0))
	check("lost")
	s = feed(s, console.RunePress('w'), console.KeyPress(console.KeyRight))
	check("watching")
	s = feed(s, at(5, console.RunePress(' ')))
	check("playing")
}

// TestClicksCount: every open, flag and chord counts, by key or by mouse,
// also those that change nothing; a "?" mark is a flag click; moves, hints
// asked for and keys after the end are not clicks.
func TestClicksCount(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{Marks: true})
	s, b := play(t, s, 1)
	b.field = coverAll(workedBoard(t))
	b.row, b.col = 3, 0
	steps := []struct {
		ev     console.Event
		clicks int
	}{
		{at(1, console.RunePress('f')), 1},             // a flag
		{at(1, console.RunePress('f')), 2},             // it becomes ?
		{at(1, console.RunePress('f')), 3},             // cleared
		{at(1, console.KeyPress(console.KeyUp)), 3},    // a move
		{click(2, console.MouseRight, 3, 0), 4},        // a flag by mouse
		{at(2, console.KeyPress(console.KeyEnter)), 5}, // an open on the flag: nothing opens
		{click(3, console.MouseLeft, 0, 0), 6},         // the first opening
		{click(3, console.MouseLeft, 0, 0), 7},         // a left click on an open blank: a chord that does nothing
		{click(3, console.MouseMiddle, 0, 1), 8},       // a chord with too few flags
		{click(3, console.MouseRight, 0, 1), 9},        // a flag on an open number
		{at(4, console.RunePress(' ')), 10},            // Space on the cursor's open cell
		{click(4, console.MouseRight, 0, 2), 11},       // the top mine flagged
		{click(5, console.MouseLeft, 2, 0), 12},        // a mine: lost
		{click(6, console.MouseLeft, 0, 4), 12},        // after the end: no click
		{at(6, console.RunePress('f')), 12},
	}
	for i, st := range steps {
		s = feed(s, st.ev)
		if len(b.clicks) != st.clicks {
			t.Fatalf("step %d: %d clicks, want %d", i, len(b.clicks), st.clicks)
		}
	}
	mustContain(t, text(s, w), "클릭 12")
}

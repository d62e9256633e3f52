package minesweeper

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/minesweeper/solver"
)

// statusLine is the first line of the screen.
func statusLine(d *console.Driver) string {
	return strings.SplitN(d.Text(widths[0].W), "\n", 2)[0]
}

// newDriver starts the menu in a driver with a scores file of its own.
func newDriver(t *testing.T, opt Options) (*console.Driver, string) {
	t.Helper()
	scores := filepath.Join(t.TempDir(), "scores.json")
	opt.Scores, opt.Width = scores, widths[0].W
	if opt.Rand == nil {
		opt.Rand = rand.New(rand.NewPCG(14, 14))
	}
	d := console.NewDriver(New(opt, nil), big)
	d.Send(at(0, resize(big)))
	return d, scores
}

// TestHintBeforeTheFirstOpening: there is nothing to reason about yet.
func TestHintBeforeTheFirstOpening(t *testing.T) {
	d, _ := newDriver(t, Options{})
	d.Send(console.Keys("1\rt")...)
	if got := statusLine(d); got != "초급   남은 지뢰: 10   시간: 0초   힌트: 첫 칸은 안전" {
		t.Fatalf("status %q", got)
	}
	mustContain(t, d.Text(widths[0].W), "r 새 게임   Esc/q 메뉴   t 힌트")
}

// TestHintProbability: with nothing certain the cursor goes to the
// safest cell and the status line gives its mine chance. A 2 x 2 field
// with one mine, the opened corner a 1: every other cell is a mine one
// time in three.
func TestHintProbability(t *testing.T) {
	for _, tag := range []lang.Tag{"ko", "en"} {
		d, _ := newDriver(t, Options{Lang: tag})
		d.Send(console.Keys("1\r")...)
		b := d.Screen().(*board)
		b.field = fieldOf(t, "*.", "..")
		b.row, b.col = 1, 1
		d.Send(console.KeyPress(console.KeyEnter), console.RunePress('ㅅ'))
		want := map[lang.Tag]string{"ko": "힌트: 지뢰 확률 33%", "en": "Hint: mine chance 33%"}[tag]
		if got := statusLine(d); !strings.HasSuffix(got, "   "+want) {
			t.Errorf("%s: status %q, want it to end with %q", tag, got, want)
		}
		if b.field.IsOpen(b.row, b.col) {
			t.Errorf("%s: the hint points at the open cell %d,%d", tag, b.row, b.col)
		}
		// A move clears the hint.
		d.Send(console.Keys("f")...)
		if strings.Contains(statusLine(d), "33%") {
			t.Errorf("%s: the hint stayed after a flag: %q", tag, statusLine(d))
		}
	}
}

// TestHintsSolveANoGuessBoard: on a no-guess board the hint always knows
// a safe cell or a mine; following it wins, and the win is not a best
// time.
func TestHintsSolveANoGuessBoard(t *testing.T) {
	d, scores := newDriver(t, Options{NoGuess: true})
	d.Send(console.Keys("2\r")...)
	b := d.Screen().(*board)
	d.Send(at(1, console.KeyPress(console.KeyEnter)))
	if !b.field.Started() {
		t.Fatal("the first opening did not happen")
	}
	for k := 0; b.field.Status() == Playing; k++ {
		if k > 1000 {
			t.Fatal("the hints never finish the game")
		}
		d.Send(at(2, console.Keys("t")[0]))
		switch hint := statusLine(d); {
		case strings.HasSuffix(hint, "힌트: 안전"):
			if b.field.mine[b.field.index(b.row, b.col)] {
				t.Fatalf("the hint calls the mine at %d,%d safe", b.row, b.col)
			}
			d.Send(at(3, console.KeyPress(console.KeyEnter)))
		case strings.HasSuffix(hint, "힌트: 지뢰"):
			if !b.field.mine[b.field.index(b.row, b.col)] || b.field.Look(b.row, b.col) != Flagged {
				t.Fatalf("the hint's mine at %d,%d: mine %v, look %v", b.row, b.col,
					b.field.mine[b.field.index(b.row, b.col)], b.field.Look(b.row, b.col))
			}
		default:
			t.Fatalf("on a no-guess board the hint says %q", hint)
		}
	}
	if b.field.Status() != Won {
		t.Fatal("lost by following the hints")
	}
	mustContain(t, d.Text(widths[0].W), "중급 (추측 없음)   남은 지뢰: 0   시간: 2초   승리!",
		"기록: 2.0초   (힌트를 써서 최고 기록에 넣지 않습니다)")
	if _, err := os.Stat(scores); err == nil {
		data, _ := os.ReadFile(scores)
		if strings.Contains(string(data), `"ms"`) {
			t.Errorf("a win with hints was saved: %s", data)
		}
	}
}

// TestNoGuessFromTheMenu: the menu's line 6 turns no-guess boards on;
// the board is made by a command at the first opening, the screen stays
// live meanwhile and shows progress after 200 ms, and logic alone then
// clears the board.
func TestNoGuessFromTheMenu(t *testing.T) {
	d, _ := newDriver(t, Options{Lang: "en"})
	d.Send(console.Keys("6\r")...)
	mustContain(t, d.Text(widths[0].W), "6. No-guess boards: on")
	d.Send(console.Keys("6\r")...)
	mustContain(t, d.Text(widths[0].W), "6. No-guess boards: off")
	d.Send(console.Keys("6\r3\r")...)
	b := d.Screen().(*board)
	if got := statusLine(d); got != "Expert (no-guess)   Mines left: 99   Time: 0 s" {
		t.Fatalf("status %q", got)
	}
	d.Hold = true
	d.Send(at(10, console.KeyPress(console.KeyEnter)))
	if b.field.Started() || d.Pending() != 1 {
		t.Fatalf("started %v, %d commands: the board was made on the UI goroutine", b.field.Started(), d.Pending())
	}
	d.Send(at(10.1, console.Keys("l")[0]), at(10.1, console.Keys("f")[0]), at(10.1, console.KeyPress(console.KeyEnter)))
	if b.col != 15 || b.field.Look(b.row, b.col) != Covered || d.Pending() != 1 {
		t.Fatalf("while the board is made: cursor %d,%d, look %v, %d commands", b.row, b.col, b.field.Look(b.row, b.col), d.Pending())
	}
	mustNotContain(t, d.Text(widths[0].W), "Making a board")
	if tick := d.Frame().Tick; tick <= 0 || tick > 200*time.Millisecond {
		t.Fatalf("tick %v while the board is made", tick)
	}
	d.Send(at(10.3, console.Event{Type: console.TickEvent}))
	mustContain(t, d.Text(widths[0].W), "Making a board that needs no guess... (try 1)")
	d.RunCommands()
	d.Hold = false
	if !b.field.Started() || !b.field.IsOpen(7, 14) {
		t.Fatal("the first opening did not happen where it was asked")
	}
	mustNotContain(t, d.Text(widths[0].W), "Making a board")
	// The clock starts when the board is there.
	d.Send(at(12.5, console.Event{Type: console.TickEvent}))
	mustContain(t, d.Text(widths[0].W), "Time: 2 s")
	var pl solver.Player
	guesses, _, _, err := playOut(b.field, &pl, nil)
	if err != nil || guesses != 0 || b.field.Status() != Won {
		t.Fatalf("the board needed %d guesses (%v), status %v", guesses, err, b.field.Status())
	}
}

// TestNoGuessLeftWhileMade: leaving the board stops its making, and the
// late answer changes nothing.
func TestNoGuessLeftWhileMade(t *testing.T) {
	d, _ := newDriver(t, Options{NoGuess: true})
	d.Send(console.Keys("3\r")...)
	b := d.Screen().(*board)
	d.Hold = true
	d.Send(console.KeyPress(console.KeyEnter))
	g := b.gen
	d.Send(console.KeyPress(console.KeyEsc))
	if g == nil || g.cancel == nil || b.gen != nil {
		t.Fatal("Esc did not stop the board being made")
	}
	d.RunCommands()
	if _, ok := d.Screen().(*app); !ok || b.field.Started() {
		t.Fatalf("the late board led to %T, started %v", d.Screen(), b.field.Started())
	}
}

// TestNoGuessImpossible: a field where logic can never finish (2 x 2, two
// mines, the first opening in a corner) is played as a normal board, and
// the player is told.
func TestNoGuessImpossible(t *testing.T) {
	d, _ := newDriver(t, Options{NoGuess: true, Lang: "en"})
	d.Send(console.Keys("4\r2\r2\r2\r")...)
	b := d.Screen().(*board)
	b.row, b.col = 0, 0
	d.Send(console.KeyPress(console.KeyEnter))
	if !b.field.Started() || !b.field.IsOpen(0, 0) {
		t.Fatal("no first opening")
	}
	mustContain(t, d.Text(widths[0].W), "No no-guess board found for this field")
	if strings.Contains(statusLine(d), "no-guess") {
		t.Errorf("a normal board is called no-guess: %q", statusLine(d))
	}
}

// TestNoGuessBestTimesApart: a no-guess win goes in a list of its own,
// under a key an older file never has. (The test's field is a 2 x 2 one,
// laid by hand and counted as beginner: custom fields keep no times.)
func TestNoGuessBestTimesApart(t *testing.T) {
	d, scores := newDriver(t, Options{NoGuess: true})
	d.Send(console.Keys("1\r")...)
	b := d.Screen().(*board)
	b.field = standard(fieldOf(t, "*o", "o."))
	b.row, b.col, b.start = 1, 1, at(2, console.Event{}).Time
	d.Send(at(5, console.KeyPress(console.KeyEnter)))
	mustContain(t, d.Text(widths[0].W), "기록: 3.0초, 최고 기록 1위")
	data, _ := os.ReadFile(scores)
	if !strings.Contains(string(data), `"beginner+noguess"`) || strings.Contains(string(data), `"beginner":`) {
		t.Fatalf("scores file %s", data)
	}
	d.Send(console.KeyPress(console.KeyEsc))
	d.Send(console.Keys("5\r")...)
	mustContain(t, d.Text(widths[0].W), "최고 기록: 초급 (9 x 9, 지뢰 10개)   (1/4)", "(기록이 없습니다)")
	d.Send(console.KeyPress(console.KeyLeft))
	mustContain(t, d.Text(widths[0].W), "최고 기록: 초급 (9 x 9, 지뢰 10개) (추측 없음)   (4/4)", "  1.      3.0초")
}

func TestScoreKeys(t *testing.T) {
	for _, tt := range []struct {
		l       Level
		noGuess bool
		key     string
	}{
		{Levels()[2], false, "expert"},
		{Levels()[2], true, "expert+noguess"},
		{Custom(20, 10, 199), true, "20x10/199+noguess"},
		{Custom(20, 10, 199), false, "20x10/199"},
	} {
		if got := scoreKey(tt.l, tt.noGuess); got != tt.key {
			t.Errorf("scoreKey(%v, %v) = %q, want %q", tt.l, tt.noGuess, got, tt.key)
		}
		if p, ok := pageOfKey(tt.key); !ok || p != (page{tt.l, tt.noGuess}) {
			t.Errorf("pageOfKey(%q) = %v, %v", tt.key, p, ok)
		}
	}
	for _, bad := range []string{"+noguess", "expert+noguess+noguess", "20x10/199+no"} {
		if p, ok := pageOfKey(bad); ok {
			t.Errorf("pageOfKey(%q) = %v", bad, p)
		}
	}
}

// TestHintFlagsACertainMine: "1 # # #" with two mines: the cell by the 1
// is a mine, the other two a coin toss. The first hint flags the mine;
// the next gives the toss its chance. The player's "?" on a safe cell
// changes nothing.
func TestHintFlagsACertainMine(t *testing.T) {
	d, _ := newDriver(t, Options{Marks: true})
	d.Send(console.Keys("1\r")...)
	b := d.Screen().(*board)
	b.field = fieldOf(t, "o*?*")
	b.start = day
	d.Send(console.Keys("t")...)
	if got := statusLine(d); !strings.HasSuffix(got, "남은 지뢰: 1   시간: 0초   힌트: 지뢰") || b.row != 0 || b.col != 1 {
		t.Fatalf("status %q, cursor %d,%d", got, b.row, b.col)
	}
	if b.field.Look(0, 1) != Flagged {
		t.Fatalf("the mine shows %v", b.field.Look(0, 1))
	}
	d.Send(console.Keys("t")...)
	if got := statusLine(d); !strings.HasSuffix(got, "힌트: 지뢰 확률 50%") || b.row != 0 || b.col < 2 {
		t.Fatalf("status %q, cursor %d,%d", got, b.row, b.col)
	}
}

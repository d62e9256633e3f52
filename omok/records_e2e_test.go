//go:build !windows

package omok

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"termgames/console"
	"termgames/internal/ptytest"
	"termgames/internal/screentest"
)

var (
	e2eOnce sync.Once
	e2eBin  string
	e2eErr  error
)

// termgamesBinary builds the program once for the tests that run it.
func termgamesBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	e2eOnce.Do(func() {
		dir, err := os.MkdirTemp("", "termgames-records")
		if err != nil {
			e2eErr = err
			return
		}
		e2eBin = filepath.Join(dir, "termgames")
		if out, err := exec.Command("go", "build", "-o", e2eBin, "termgames").CombinedOutput(); err != nil {
			e2eErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if e2eErr != nil {
		t.Fatal(e2eErr)
	}
	return e2eBin
}

// startOmok runs termgames with args in a 100x40 pseudo-terminal, with a
// config folder of its own.
func startOmok(t *testing.T, args ...string) *ptytest.Term {
	t.Helper()
	cmd := exec.Command(termgamesBinary(t), args...)
	cmd.Env = ptytest.Env(append([]string{"RUNEWIDTH_EASTASIAN=0", "NO_COLOR="}, screentest.ConfigEnv(t.TempDir())...)...)
	return ptytest.Start(t, cmd, 100, 40, console.NewCondition(console.Narrow))
}

// convertMoves is `termgames omok convert -to moves file`.
func convertMoves(t *testing.T, file string) string {
	t.Helper()
	out, err := exec.Command(termgamesBinary(t), "omok", "convert", "-to", "moves", file).CombinedOutput()
	if err != nil {
		t.Fatalf("convert %s: %v\n%s", file, err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestRecordsInTheBinary plays a two-player game to its end and a game
// against the computer (easy) left with Esc, finds both in the menu's list
// of kept games, replays them move by move, and reads the kept files back
// with convert: they hold the moves played.
func TestRecordsInTheBinary(t *testing.T) {
	dir := t.TempDir()
	tm := startOmok(t, "omok", "-records", dir, "-seed", "7")
	before := tm.Before()
	tm.WaitFor("7. 기보 보기")

	// Two players: 1P wins along the top row.
	tm.Send("1\r" + playKeys(transcriptWin...))
	tm.WaitFor("기보: a15 a14 b15 b14 c15 c14 d15 d14 e15")
	tm.WaitFor("기보를 저장했습니다: ")
	tm.Send(" ")
	tm.WaitFor("7. 기보 보기")

	// Against the computer, the person first: three moves, each on the
	// first of these points still empty, and the computer's replies.
	tm.Send("5\r1\r1\r")
	tm.WaitFor("Player 1P(나, ○)의 턴입니다.")
	candidates := []Point{{0, 0}, {0, 14}, {14, 0}, {14, 14}, {0, 7}, {7, 0}}
	var mine []Point
	at := Point{}
	for k := 1; k <= 3; k++ {
		i := slices.IndexFunc(candidates, func(p Point) bool { return tm.Screen.At(p.Row, 2*p.Col) == '□' })
		p := candidates[i]
		candidates = slices.Delete(candidates, i, i+1)
		tm.Send(keysTo(at, p) + "\r")
		at = p
		mine = append(mine, p)
		tm.WaitUntil(fmt.Sprintf("the computer's reply to move %d", k), func(screen string) bool {
			return strings.Contains(screen, fmt.Sprintf("놓은 돌: %d", 2*k)) && strings.Contains(screen, "Player 1P(나, ○)의 턴입니다.")
		})
	}
	var theirs []string
	for r := range 15 {
		for c := range 15 {
			if tm.Screen.At(r, 2*c) == '●' {
				theirs = append(theirs, PointName(Point{r, c}, 15))
			}
		}
	}
	tm.Send("\x1b")
	tm.WaitFor("게임을 그만두고 메뉴로 돌아갈까요?")
	tm.Send("y")
	tm.WaitFor("7. 기보 보기")

	// The list: the computer's game is the newest.
	tm.Send("7\r")
	list := tm.WaitFor("1P 대 2P  자유룰  1P 승  9수")
	first := strings.Index(list, "1P 대 컴퓨터(쉬움)  자유룰  미완  6수")
	if first < 0 || first > strings.Index(list, "1P 대 2P") {
		t.Fatalf("the list does not show the computer's game first:\n%s", list)
	}
	tm.Send("\r")
	tm.WaitFor("6수: 2P(●)")
	for k := 5; k >= 0; k-- {
		tm.Send("\x1b[D")
		if k == 0 {
			tm.WaitFor("0수: 빈 보드판")
		} else {
			tm.WaitFor(fmt.Sprintf("%d수: ", k))
		}
	}
	tm.Send("\x1b[F")
	tm.WaitFor("6수: 2P(●)")
	tm.Send("\x1b")
	tm.WaitFor("[기보 목록]")
	tm.Send("\x1b[B\r")
	tm.WaitFor("9수: 1P(○) e15 / 9")
	for k := len(transcriptWin) - 1; k >= 1; k-- {
		tm.Send("\x1b[D")
		p := transcriptWin[k-1]
		who, glyph := 1, "○"
		if k%2 == 0 {
			who, glyph = 2, "●"
		}
		tm.WaitFor(fmt.Sprintf("%d수: %dP(%s) %s / 9", k, who, glyph, PointName(p, 15)))
	}
	tm.Send("\x1b")
	tm.WaitFor("[기보 목록]")
	tm.Send("\x1b")
	tm.WaitFor("7. 기보 보기")
	tm.Send("4\r")
	if got := tm.Wait(); got != 0 {
		t.Errorf("exit status %d", got)
	}
	if !reflect.DeepEqual(tm.State(), before) {
		t.Error("terminal settings differ from before the program")
	}

	// The files: convert -to moves gives the moves played.
	files, _ := filepath.Glob(filepath.Join(dir, "*.psq"))
	if len(files) != 2 {
		t.Fatalf("kept %v", files)
	}
	var two, computer string
	for _, f := range files {
		if m := convertMoves(t, f); strings.Count(m, " ") == 8 {
			two = m
		} else {
			computer = m
		}
	}
	if want := "a15 a14 b15 b14 c15 c14 d15 d14 e15"; two != want {
		t.Errorf("two players' game: %q, want %q", two, want)
	}
	moves := strings.Fields(computer)
	if len(moves) != 6 {
		t.Fatalf("the computer's game: %q", computer)
	}
	var replies []string
	for k, m := range moves {
		if k%2 == 0 && m != PointName(mine[k/2], 15) {
			t.Errorf("move %d: %s, the person played %s", k+1, m, PointName(mine[k/2], 15))
		}
		if k%2 == 1 {
			replies = append(replies, m)
		}
	}
	slices.Sort(replies)
	slices.Sort(theirs)
	if !slices.Equal(replies, theirs) {
		t.Errorf("the computer's moves %v, the board showed %v", replies, theirs)
	}

	// omok replay FILE shows the same game on its own; Esc ends it.
	slices.Sort(files)
	for _, f := range files {
		tm := startOmok(t, "omok", "replay", "-records", "", f)
		tm.WaitFor(filepath.Base(f))
		tm.WaitFor(" / ")
		tm.Send("\x1b")
		if got := tm.Wait(); got != 0 {
			t.Errorf("replay: exit status %d", got)
		}
	}
}

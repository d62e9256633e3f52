//go:build !windows

package main

import (
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"termgames/console"
	"termgames/internal/ptytest"
	"termgames/internal/screentest"
)

var lastGuess = regexp.MustCompile(`I guess (\d)(\d)(\d)`)

// answerHonestly plays the computer's game for the number secret, reading
// each guess off the screen, until it asks whether to continue, or for
// rounds answers when rounds > 0. It returns the guesses it answered.
func answerHonestly(t *testing.T, tm *ptytest.Term, secret string, rounds int) []string {
	t.Helper()
	var guesses []string
	for rounds == 0 || len(guesses) < rounds {
		screen := tm.WaitUntil("a guess or the last question", func(s string) bool {
			s = strings.TrimRight(strings.TrimSuffix(strings.TrimRight(s, " \n"), "Esc: menu"), " \n")
			return strings.HasSuffix(s, "Enter strike number :") || strings.HasSuffix(s, "(y/n) :")
		})
		if strings.Contains(screen[max(0, len(screen)-200):], "(y/n) :") {
			break
		}
		all := lastGuess.FindAllStringSubmatch(screen, -1)
		g := all[len(all)-1]
		guess := g[1] + g[2] + g[3]
		strikes, balls := 0, 0
		for i := range 3 {
			for j := range 3 {
				if guess[i] == secret[j] {
					if i == j {
						strikes++
					} else {
						balls++
					}
				}
			}
		}
		guesses = append(guesses, guess)
		tm.Send(fmt.Sprintf("%d%d", strikes, balls))
		asked := len(all)
		tm.WaitUntil("the answer taken", func(s string) bool {
			return len(lastGuess.FindAllString(s, -1)) > asked || strings.Contains(s, "(y/n) :")
		})
	}
	return guesses
}

// TestBaseballTranscriptStays: the original printed line after line, and
// what was played stayed in the terminal after it ended. Ours draws on the
// alternate screen, and leaves the games' transcript on the ordinary
// screen once it is gone: after quitting baseball and the top menu, and
// after Ctrl-C in the middle of a game.
func TestBaseballTranscriptStays(t *testing.T) {
	t.Run("quit", func(t *testing.T) {
		tm := startAt(t, 80, 24, "-seed", "7")
		before := tm.Before() // read before the program started: it may be raw by now
		tm.WaitFor(topPrompt)
		tm.Send(topEntry(t, "baseball"))
		tm.WaitFor("Enter a menu number :")
		tm.Send("1\r")
		tm.WaitFor("press key 'r'")
		tm.Send("r")
		guesses := answerHonestly(t, tm, "987", 0)
		tm.Send("n")
		tm.WaitFor("Let's play number baseball!")
		tm.Send("4\r")
		tm.WaitFor("1. 오목")
		tm.Send(topQuit())
		finish(t, tm, before, 0)
		screen := tm.Screen.Text()
		want := "Think three digit number.  Each digit numbers are different.\nWhen you are ready, press key 'r'\nI guess " + guesses[0]
		if !strings.HasPrefix(screen, want) {
			t.Errorf("the terminal after quitting does not start with the game:\n%s\nwant the start:\n%s", screen, want)
		}
		for _, g := range guesses {
			if !strings.Contains(screen, "I guess "+g) {
				t.Errorf("the terminal after quitting lacks the guess %s:\n%s", g, screen)
			}
		}
		if !strings.HasSuffix(screen, "Enter Ball number :0\nI got it in "+fmt.Sprint(len(guesses))+" guesses.\nDo you want to continue? (y/n) : n\n프로그램을 종료합니다.") {
			t.Errorf("the terminal after quitting ends:\n%s", screen)
		}
	})
	t.Run("ctrl-c", func(t *testing.T) {
		tm := startAt(t, 80, 24, "baseball", "-seed", "7")
		before := tm.Before() // read before the program started: it may be raw by now
		tm.WaitFor("Enter a menu number :")
		tm.Send("1\r")
		tm.WaitFor("press key 'r'")
		tm.Send("r")
		guesses := answerHonestly(t, tm, "987", 1)
		tm.Send("\x03")
		finish(t, tm, before, 130)
		screen := tm.Screen.Text()
		all := lastGuess.FindAllString(screen, -1)
		if !strings.HasPrefix(screen, "Think three digit number.") || len(all) != 2 || all[0] != "I guess "+guesses[0] ||
			!strings.HasSuffix(screen, "\nEnter strike number :") {
			t.Errorf("the terminal after Ctrl-C:\n%s", screen)
		}
	})
}

// TestTooSmallEverywhere: one too-small screen for every screen, menus
// included, in the language the screen speaks, with the size it needs and
// the size the terminal has; the screen comes back when the terminal grows.
func TestTooSmallEverywhere(t *testing.T) {
	// The top menu needs its block and prompt: a row a game, five more.
	c := common{w: console.NewCondition(console.Narrow)}
	need := newTopMenu(c, games()).View(console.Size{Width: 100, Height: 40}).Need
	if need.Height != len(games())+5 {
		t.Errorf("the top menu needs %d rows, want %d", need.Height, len(games())+5)
	}
	tm := startAt(t, need.Width, need.Height)
	before := tm.Before() // read before the program started: it may be raw by now
	tm.WaitFor(topPrompt)
	tm.Resize(20, 6)
	tm.WaitUntil("the top menu's too-small screen", func(s string) bool {
		return s == fmt.Sprintf("터미널이 너무\n작습니다.\n필요한 크기: %d x %d\n지금 크기:   20 x 6", need.Width, need.Height)
	})
	tm.Send(topEntry(t, "baseball")) // keys still work: baseball's menu, in English
	tm.WaitUntil("baseball's too-small screen", func(s string) bool {
		return s == "The terminal is too\nsmall.\nNeeded: 31 x 10\nNow:    20 x 6"
	})
	tm.Resize(60, 24)
	tm.WaitFor("Let's play number baseball!")
	tm.Send("\x1b")
	tm.WaitFor(topPrompt)
	tm.Send(topEntry(t, "minesweeper"))
	tm.WaitFor("지뢰찾기 게임을 플레이합시다!")
	tm.Resize(30, 8) // the original's menu is 9 rows with its prompt
	tm.WaitUntil("minesweeper's too-small screen", func(s string) bool {
		return strings.HasPrefix(s, "터미널이 너무 작습니다.\n필요한 크기: 29 x ") && strings.HasSuffix(s, "\n지금 크기:   30 x 8")
	})
	tm.Send("\x03")
	finish(t, tm, before, 130)
}

// TestHighlightsOnTheScreen: in the real terminal, the cursor and the
// winning five are reverse video over the stone's own cells: one column in
// a terminal that draws ○ narrow, both of a wide one; never the spacing
// after a narrow stone.
func TestHighlightsOnTheScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	for _, wide := range []bool{false, true} {
		term, flag := console.NewCondition(console.Narrow), "-narrow"
		if wide {
			term, flag = console.NewCondition(console.Wide), "-wide"
		}
		cmd := exec.Command(binary(t), "omok", "-rule", "freestyle", flag)
		cmd.Env = ptytest.Env(append([]string{"NO_COLOR="}, screentest.ConfigEnv(t.TempDir())...)...)
		tm := ptytest.Start(t, cmd, 100, 40, term)
		tm.WaitFor(topPrompt)
		tm.Send("1\r")
		tm.WaitFor("Player 1P")
		reversed := func(row int) []int {
			var cols []int
			for c := range 30 {
				if tm.Screen.AttrAt(row, c).Reverse {
					cols = append(cols, c)
				}
			}
			return cols
		}
		want := []int{0}
		if wide {
			want = []int{0, 1}
		}
		if got := reversed(0); !slices.Equal(got, want) {
			t.Errorf("wide=%v: the cursor covers columns %v, want %v", wide, got, want)
		}
		// 1P fills the top row from the left, 2P the second: five in a row.
		for range 4 {
			tm.Send("\r\x1b[B\r\x1b[A\x1b[C")
		}
		tm.Send("\r")
		tm.WaitFor("Player 1P의 승리로 게임을 종료합니다.")
		want = nil
		for c := range 5 {
			want = append(want, 2*c)
			if wide {
				want = append(want, 2*c+1)
			}
		}
		if got := reversed(0); !slices.Equal(got, want) {
			t.Errorf("wide=%v: the winning five cover columns %v, want %v", wide, got, want)
		}
		tm.Send("\x03")
		tm.Wait()
	}
}

// TestOmokOneStartsAtOnce: as in the original, 1 and Enter in the omok menu
// put the board on the screen at once, with the original's turn line and
// no question in between, under every rule -rule can give.
func TestOmokOneStartsAtOnce(t *testing.T) {
	for _, rule := range []struct{ flag, panel string }{
		{"", "규칙: 자유룰"}, {"freestyle", "규칙: 자유룰"}, {"standard", "규칙: 표준룰"},
		{"renju", "규칙: 렌주룰"}, {"omok", "규칙: 오목룰"},
	} {
		args := []string{"omok"}
		if rule.flag != "" {
			args = append(args, "-rule", rule.flag)
		}
		tm := startAt(t, 100, 40, args...)
		tm.WaitFor(topPrompt)
		tm.Send("1\r")
		screen := tm.WaitFor("Player 1P의 턴입니다.")
		if !strings.Contains(screen, rule.panel) || strings.Contains(screen, "규칙을 선택하세요.") {
			t.Errorf("%v: after 1:\n%s", args, screen)
		}
		tm.Send("\x03")
		tm.Wait()
	}
}

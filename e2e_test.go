//go:build !windows

package main

import (
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/ptytest"
)

// start runs termgames in a 100x40 pseudo-terminal.
func start(t *testing.T, args ...string) *ptytest.Term {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	cmd := exec.Command(bin, args...)
	// A config folder of its own, so that no test touches the player's
	// best times.
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "RUNEWIDTH_EASTASIAN=0", "NO_COLOR=", "HOME="+home, "XDG_CONFIG_HOME="+home)
	return ptytest.Start(t, cmd, 100, 40, console.NewCondition(console.Narrow))
}

const topPrompt = "원하는 메뉴를 입력하세요 :"

// finish waits for the program to exit and checks it left the terminal as
// it found it.
func finish(t *testing.T, tm *ptytest.Term, before any, status int) {
	t.Helper()
	if got := tm.Wait(); got != status {
		t.Errorf("exit status %d, want %d", got, status)
	}
	if !reflect.DeepEqual(tm.State(), before) {
		t.Error("terminal settings differ from before the program")
	}
	if tm.Screen.Mode(1049) || !tm.Screen.Mode(25) || tm.Screen.Mode(1000) {
		t.Error("alternate screen, hidden cursor or mouse reports left on")
	}
}

// A new player's first minute: the menu, a wrong answer (a letter, which
// the original loops forever on), each game and back, and quitting.
func TestTopMenu(t *testing.T) {
	tm := start(t)
	before := tm.State()
	screen := tm.WaitFor(topPrompt)
	for _, want := range []string{"1. 오목", "2. 숫자 야구", "3. 지뢰찾기", "4. 종료", "============================"} {
		if !strings.Contains(screen, want) {
			t.Fatalf("top menu lacks %q:\n%s", want, screen)
		}
	}
	tm.Send("a")
	tm.WaitFor(topPrompt + " a")
	tm.Send("\x7f7\r")
	tm.WaitUntil("the menu is asked again", func(s string) bool {
		return strings.Contains(s, topPrompt+" 7\n다시 입력하세요.\n====") && strings.HasSuffix(s, topPrompt)
	})
	games := []struct{ choice, shows, quit string }{
		{"1", "오목 게임을 플레이합시다!", "4\r"},
		{"2", "Computer guesses your number", "4\r"},
		{"3", "초급", "7\r"},
	}
	for _, g := range games {
		tm.Send(g.choice + "\r")
		tm.WaitFor(g.shows)
		tm.Send(g.quit)
		tm.WaitUntil("back at the top menu", func(s string) bool {
			return strings.Contains(s, "3. 지뢰찾기") && strings.HasSuffix(s, topPrompt)
		})
	}
	tm.Send("4\r")
	finish(t, tm, before, 0)
	if s := tm.Screen.Text(); !strings.Contains(s, "프로그램을 종료합니다.") {
		t.Errorf("the main screen after quitting:\n%s", s)
	}
}

// The terminal is restored whichever way the program ends, from inside a
// game as well as from the menu.
func TestRestoreInGame(t *testing.T) {
	cases := []struct {
		name   string
		leave  func(*ptytest.Term)
		status int
	}{
		{"ctrl-c", func(tm *ptytest.Term) { tm.Send("\x03") }, 130},
		{"sigterm", func(tm *ptytest.Term) { tm.Signal(syscall.SIGTERM) }, 143},
		{"sighup", func(tm *ptytest.Term) { tm.Signal(syscall.SIGHUP) }, 129},
		{"resize, then ctrl-c", func(tm *ptytest.Term) {
			tm.Resize(30, 10)
			tm.WaitFor("terminal too small")
			tm.Resize(100, 40)
			tm.WaitFor("Player 1P")
			tm.Send("\x03")
		}, 130},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tm := start(t, "omok")
			before := tm.State()
			tm.WaitFor(topPrompt)
			tm.Send("1\r")
			tm.WaitFor("Player 1P")
			tc.leave(tm)
			finish(t, tm, before, tc.status)
		})
	}
}

// A game started from the top menu knows the terminal it is in: the
// custom minesweeper field is limited to what a 100x40 terminal shows,
// not to the 100x100 that an unknown size would allow.
func TestGameFromMenuKnowsSize(t *testing.T) {
	tm := start(t)
	before := tm.State()
	tm.WaitFor(topPrompt)
	tm.Send("3\r")
	tm.WaitFor("4. 사용자 지정")
	tm.Send("4\r")
	screen := tm.WaitFor("세로 칸 수를 입력하세요 (2~")
	if strings.Contains(screen, "(2~100)") {
		t.Fatalf("the custom rows ignore the terminal's height:\n%s", screen)
	}
	tm.Send("\x03")
	finish(t, tm, before, 130)
}

// The board is square in every terminal: whether the terminal draws □ one
// column wide or two, and whether the player said so (-wide, -narrow) or
// termgames asked the terminal itself, every cell's glyph stands at column
// 2c of its row.
func TestBoardSquareInEveryTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	for _, term := range []*runewidth.Condition{console.NewCondition(console.Narrow), console.NewCondition(console.Wide)} {
		for _, flag := range []string{"", "-wide", "-narrow"} {
			name := fmt.Sprintf("terminal wide=%v flag=%q", term.EastAsianWidth, flag)
			args := []string{"omok"}
			if flag != "" {
				args = append(args, flag)
			}
			cmd := exec.Command(bin, args...)
			cmd.Env = withoutEnv(os.Environ(), "RUNEWIDTH_EASTASIAN")
			tm := ptytest.Start(t, cmd, 100, 40, term)
			tm.WaitFor(topPrompt)
			tm.Send("1\r\x1b[C\r\x1b[B\r")
			tm.WaitFor("Player 1P")
			for r := range 15 {
				for c := range 15 {
					if g := tm.Screen.At(r, 2*c); g != '□' && g != '○' && g != '●' {
						t.Fatalf("%s: cell %d,%d at column %d is %q; the screen:\n%s", name, r, c, 2*c, g, tm.Screen.Text())
					}
				}
			}
			if tm.Screen.At(0, 2) != '○' || tm.Screen.At(1, 2) != '●' {
				t.Errorf("%s: the stones are not where they were placed:\n%s", name, tm.Screen.Text())
			}
			tm.Send("\x03")
			tm.Wait()
		}
	}
}

// withoutEnv returns env without the variable name.
func withoutEnv(env []string, name string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}

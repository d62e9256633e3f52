//go:build !windows

package main

import (
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/ptytest"
	"termgames/internal/screentest"
)

// start runs termgames in a 100x40 pseudo-terminal.
func start(t *testing.T, args ...string) *ptytest.Term {
	t.Helper()
	return startAt(t, 100, 40, args...)
}

// startAt runs termgames in a pseudo-terminal of the given size.
func startAt(t *testing.T, width, height int, args ...string) *ptytest.Term {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	cmd := exec.Command(binary(t), args...)
	// A config folder of its own, so that no test touches the player's
	// best times.
	home := t.TempDir()
	cmd.Env = ptytest.Env(append([]string{"RUNEWIDTH_EASTASIAN=0", "NO_COLOR="}, screentest.ConfigEnv(home)...)...)
	return ptytest.Start(t, cmd, width, height, console.NewCondition(console.Narrow))
}

const topPrompt = "원하는 메뉴를 입력하세요 :"

// topEntry is what a player types at the top menu to open the game called
// name, read from the table of games.
func topEntry(t *testing.T, name string) string {
	t.Helper()
	for i, g := range games() {
		if g.Name == name {
			return fmt.Sprint(i+1) + "\r"
		}
	}
	t.Fatalf("no game %q in the table", name)
	return ""
}

// topQuit is what a player types at the top menu to quit: its last entry.
func topQuit() string { return fmt.Sprint(len(games())+1) + "\r" }

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
	before := tm.Before()
	screen := tm.WaitFor(topPrompt)
	wants := []string{"============================", fmt.Sprintf("%d. 종료", len(games())+1)}
	for i, g := range games() {
		wants = append(wants, fmt.Sprintf("%d. %s", i+1, g.Title.Korean))
	}
	for _, want := range wants {
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
	// Each game's menu, and its own quit (Esc, as every menu takes it). A
	// game's menu is a numbered menu in the originals' style: the top
	// menu's title gone, entries and a prompt in its place.
	opened := map[string]string{"omok": "오목 게임을 플레이합시다!", "baseball": "Computer guesses your number", "minesweeper": "초급"}
	for _, g := range games() {
		tm.Send(topEntry(t, g.Name))
		tm.WaitUntil(g.Name+"'s menu", func(s string) bool {
			return !strings.Contains(s, "termgames: 게임을 골라 주세요!") && strings.Contains(s, "1. ") &&
				strings.Contains(s, opened[g.Name])
		})
		tm.Send("\x1b")
		tm.WaitUntil("back at the top menu", func(s string) bool {
			return strings.Contains(s, "termgames: 게임을 골라 주세요!") && strings.HasSuffix(s, topPrompt)
		})
	}
	tm.Send(topQuit())
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
			tm.WaitFor("터미널이 너무 작습니다.")
			tm.Resize(100, 40)
			tm.WaitFor("Player 1P")
			tm.Send("\x03")
		}, 130},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tm := start(t, "omok")
			before := tm.Before()
			tm.WaitFor(topPrompt)
			tm.Send("1\r") // a two-player game, at once
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
	before := tm.Before()
	tm.WaitFor(topPrompt)
	tm.Send(topEntry(t, "minesweeper"))
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
			cmd := exec.Command(binary(t), args...)
			cmd.Env = withoutEnv(ptytest.Env(), "RUNEWIDTH_EASTASIAN")
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

// rawOutput runs termgames on a new pseudo-terminal and returns every byte
// it wrote, and its exit status.
func rawOutput(t *testing.T, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = env
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 100, Rows: 40})
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	done := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(ptmx) // ends with EIO once the program has gone
		done <- b
	}()
	var out []byte
	select {
	case out = <-done:
	case <-time.After(ptytest.Timeout):
		cmd.Process.Kill()
		t.Fatalf("%v did not end", args)
	}
	cmd.Wait()
	return string(out), cmd.ProcessState.ExitCode()
}

// Where TERM says the terminal cannot move the cursor (dumb, or not set),
// the games refuse to start with one line and status 2, and write no
// escape sequence. Before, they drew the whole screen in escapes.
func TestDumbTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	for name, env := range map[string][]string{
		"TERM=dumb":     ptytest.Env("TERM=dumb"),
		"TERM unset":    withoutEnv(ptytest.Env(), "TERM"),
		"TERM=dumb, ko": ptytest.Env("TERM=dumb", "LANG=ko_KR.UTF-8"),
	} {
		for _, args := range screenCommands() {
			out, status := rawOutput(t, env, args...)
			if status != 2 || strings.ContainsRune(out, 0x1b) || strings.Count(strings.TrimSpace(out), "\n") != 0 || !strings.Contains(out, "cannot move the cursor") {
				t.Errorf("%s, %v: status %d, output %q; want 2 and one line without escapes", name, args, status, out)
			}
		}
	}
	// The judge needs no terminal at all.
	cmd := exec.Command(binary(t), "omok", "judge", filepath.Join("omok", "testdata", "boj2615_sample.txt"))
	cmd.Env = ptytest.Env("TERM=dumb")
	if out, err := cmd.Output(); err != nil || string(out) != "2\n7 5\n" {
		t.Errorf("the judge with TERM=dumb: %q, %v", out, err)
	}
}

// Where the locale cannot show Korean (LANG=C), the games speak English
// and draw in ASCII, unless the player asked for -lang or -ascii.
func TestPlainLocale(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	for _, tc := range []struct {
		name  string
		env   []string
		args  []string
		shows []string
	}{
		{"LANG=C", []string{"LANG=C"}, nil, []string{"3. Minesweeper", "Enter a menu number"}},
		{"LC_ALL=POSIX", []string{"LC_ALL=POSIX"}, []string{"minesweeper"}, []string{"1. Beginner"}},
		{"LANG=C -lang ko", []string{"LANG=C"}, []string{"-lang", "ko"}, []string{"3. 지뢰찾기"}},
		{"LANG=ko_KR.UTF-8", []string{"LANG=ko_KR.UTF-8"}, nil, []string{"3. 지뢰찾기"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(binary(t), tc.args...)
			home := t.TempDir()
			cmd.Env = ptytest.Env(append([]string{"RUNEWIDTH_EASTASIAN=0", "HOME=" + home, "XDG_CONFIG_HOME=" + home}, tc.env...)...)
			tm := ptytest.Start(t, cmd, 100, 40, console.NewCondition(console.Narrow))
			for _, want := range tc.shows {
				tm.WaitFor(want)
			}
			tm.Send("\x03")
			tm.Wait()
		})
	}
	// The board: ASCII under LANG=C, unless -ascii=false.
	for _, tc := range []struct {
		args []string
		cell rune
	}{{[]string{"omok", "-rule", "freestyle"}, '.'}, {[]string{"omok", "-rule", "freestyle", "-ascii=false"}, '□'}} {
		cmd := exec.Command(binary(t), tc.args...)
		cmd.Env = ptytest.Env("RUNEWIDTH_EASTASIAN=0", "LANG=C")
		tm := ptytest.Start(t, cmd, 100, 40, console.NewCondition(console.Narrow))
		tm.WaitFor("2.")
		tm.Send("1\r")
		screen := tm.WaitFor("1P")
		if g := tm.Screen.At(2, 4); g != tc.cell {
			t.Errorf("%v under LANG=C: cell (2,2) is %q, want %q:\n%s", tc.args, g, tc.cell, screen)
		}
		tm.Send("\x03")
		tm.Wait()
	}
}

// A named pipe given as the best-times file (a read that would block, as a
// hung network mount would) neither freezes the game nor the stop keys: the
// game says it is not a file and plays on without saving, and Ctrl-C and
// SIGTERM leave at once with the terminal restored. Before, the pipe was
// opened and read, waiting for a writer that never came.
func TestScoresNamedPipe(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stop   func(*ptytest.Term)
		status int
	}{
		{"ctrl-c", func(tm *ptytest.Term) { tm.Send("\x03") }, 130},
		{"sigterm", func(tm *ptytest.Term) { tm.Signal(syscall.SIGTERM) }, 143},
		{"sighup", func(tm *ptytest.Term) { tm.Signal(syscall.SIGHUP) }, 129},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pipe := filepath.Join(t.TempDir(), "scores.json")
			if err := syscall.Mkfifo(pipe, 0o600); err != nil {
				t.Skip(err)
			}
			tm := start(t, "minesweeper", "-lang", "en", "-scores", pipe)
			before := tm.Before()
			tm.WaitFor("is a named pipe, not a file")
			tm.Send("1\r")
			tm.WaitFor("Mines left")
			began := time.Now()
			tc.stop(tm)
			finish(t, tm, before, tc.status)
			if took := time.Since(began); took > 2*time.Second {
				t.Errorf("leaving took %v", took)
			}
		})
	}
}

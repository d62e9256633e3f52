package main

import (
	"errors"
	"flag"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"termgames/console"
)

// TestWidthWithoutAnswer: when neither -wide, -narrow nor
// RUNEWIDTH_EASTASIAN decides and the terminal does not answer the width
// question, the games lay out for narrow □ ○ ●, what most terminals draw,
// whatever the locale says: a ko_KR locale says nothing of the font.
func TestWidthWithoutAnswer(t *testing.T) {
	for _, locale := range []string{"ko_KR.UTF-8", "ja_JP.UTF-8", "zh_CN.UTF-8", "en_US.UTF-8", "C"} {
		t.Setenv("LC_ALL", locale)
		t.Setenv("LC_CTYPE", locale)
		t.Setenv("LANG", locale)
		t.Setenv("RUNEWIDTH_EASTASIAN", "")
		for _, args := range [][]string{nil, {"omok"}, {"baseball"}, {"minesweeper"}} {
			_, c, err := parse(args, strings.NewReader(""), io.Discard, io.Discard)
			if err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			if c.w.EastAsianWidth {
				t.Errorf("%s, %v: laid out for wide □ ○ ●", locale, args)
			}
			if console.WidthDecided(c.widthFlag()) {
				t.Errorf("%s, %v: the terminal is not asked", locale, args)
			}
		}
		if _, c, _ := parse([]string{"-wide"}, strings.NewReader(""), io.Discard, io.Discard); !c.w.EastAsianWidth {
			t.Errorf("%s: -wide is not wide", locale)
		}
	}
}

// TestMenusTakeSpaces: every numbered menu takes spaces around the number,
// as the originals' cin >> int and scanf skipped them.
func TestMenusTakeSpaces(t *testing.T) {
	c := common{seeded: true, seed: 1}
	c.w = console.NewCondition(console.Narrow)
	d := console.NewDriver(newTopMenu(c, c.w), console.Size{Width: 100, Height: 40})
	steps := []struct{ keys, shows string }{
		{" 1\r", "오목 게임을 플레이합시다!"},            // top menu
		{"2 \r", "오목은 보드판 위에 5개의 돌을"},         // omok menu: how-to
		{"  4  \r", "termgames: 게임을 골라 주세요!"}, // omok menu: quit
		{"\t2\t\r", "Let's play number baseball!"},
		{" 1 \r", "press key 'r'"}, // baseball menu
		{"\x1b", "Let's play number baseball!"},
		{"4 \r", "termgames: 게임을 골라 주세요!"},
		{" 3\r", "지뢰찾기 게임을 플레이합시다!"},
		{" 4\r", "세로 칸 수를 입력하세요"},  // minesweeper menu
		{" 9 \r", "가로 칸 수를 입력하세요"}, // and its questions
	}
	for _, st := range steps {
		d.Send(console.Keys(st.keys)...)
		if text := d.Text(c.w); !strings.Contains(text, st.shows) {
			t.Fatalf("after %q the screen lacks %q:\n%s", st.keys, st.shows, text)
		}
	}
}

// readmeCommand is a `go run .` line of a code block in README.md, with
// the lines the README shows it printing (for a `$ ` line).
type readmeCommand struct {
	line  int
	args  []string
	stdin string // a file after <
	shown []string
}

// readmeCommands finds every `go run .` command in README.md's code
// blocks, as a newcomer would copy it.
func readmeCommands(t *testing.T) []readmeCommand {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []readmeCommand
	fenced := false
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			continue
		}
		if !fenced && !strings.HasPrefix(l, "    ") {
			continue
		}
		text, _, _ := strings.Cut(strings.TrimSpace(l), "#")
		prompt := strings.HasPrefix(text, "$ ")
		_, rest, ok := strings.Cut(text, "go run .")
		if !ok {
			continue
		}
		c := readmeCommand{line: i + 1}
		rest, c.stdin, _ = strings.Cut(rest, "<")
		c.stdin = strings.TrimSpace(c.stdin)
		c.args = strings.Fields(rest)
		for j := i + 1; prompt && j < len(lines) && fenced && !strings.HasPrefix(lines[j], "$ ") && !strings.HasPrefix(lines[j], "```"); j++ {
			c.shown = append(c.shown, lines[j])
		}
		cmds = append(cmds, c)
	}
	return cmds
}

// TestReadmeCommands runs every `go run .` command of the README as written
// from the top folder of a clone: the judge's against the output the README
// shows, -h for its status, and the others (games, which need a terminal)
// through the command line's parsing, which must take their flags.
func TestReadmeCommands(t *testing.T) {
	cmds := readmeCommands(t)
	if len(cmds) < 10 {
		t.Fatalf("only %d commands found in README.md", len(cmds))
	}
	judged := 0
	for _, c := range cmds {
		switch {
		case len(c.args) >= 2 && c.args[0] == "omok" && (c.args[1] == "judge" || c.args[1] == "forbid"):
			stdin := ""
			if c.stdin != "" {
				b, err := os.ReadFile(c.stdin)
				if err != nil {
					t.Fatalf("README.md:%d: %v", c.line, err)
				}
				stdin = string(b)
			}
			out, errOut, status := runPiped(t, stdin, c.args...)
			got := strings.Split(strings.TrimSuffix(out+errOut, "\n"), "\n")
			want, wantStatus := c.shown, 0
			if len(want) > 0 && want[len(want)-1] == "exit status 1" { // go run's own line
				want, wantStatus = want[:len(want)-1], 1
			}
			if status != wantStatus {
				t.Errorf("README.md:%d: %v: status %d, want %d: %s", c.line, c.args, status, wantStatus, errOut)
			}
			if c.shown != nil && strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("README.md:%d: %v prints %q, the README shows %q", c.line, c.args, got, want)
			}
			judged++
		case len(c.args) >= 1 && c.args[0] == "serve":
			// Serving never returns: -h checks that its flags parse.
			if _, _, err := parse(append(slices.Clone(c.args), "-h"), strings.NewReader(""), io.Discard, io.Discard); !errors.Is(err, flag.ErrHelp) {
				t.Errorf("README.md:%d: %v: %v", c.line, c.args, err)
			}
		case slices.Contains(c.args, "-h"):
			if _, errOut, status := runPiped(t, "", c.args...); status != 0 {
				t.Errorf("README.md:%d: %v: status %d, %s", c.line, c.args, status, errOut)
			}
		default:
			args := c.args
			if len(args) >= 2 && args[0] == "minesweeper" && args[1] == "bench" {
				args = append(args, "-games", "1") // its flags are what is checked, not ten thousand games
			}
			if _, _, err := parse(args, strings.NewReader(""), io.Discard, io.Discard); err != nil {
				t.Errorf("README.md:%d: %v: %v", c.line, c.args, err)
			}
		}
	}
	if judged < 6 {
		t.Errorf("only %d judge and forbid commands in README.md", judged)
	}
}

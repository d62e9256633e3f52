package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

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
		for _, args := range screenCommands() {
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
	d := console.NewDriver(newTopMenu(c, games()), console.Size{Width: 100, Height: 40})
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

// markdownCommand is a `go run .` line of a code block in a Markdown file,
// with the lines the file shows it printing (for a `$ ` line).
type markdownCommand struct {
	file  string // slash-separated, from the top folder
	line  int
	args  []string
	stdin string // a file after <
	shown []string
}

// where is the command's place in its file, as file:line.
func (c markdownCommand) where() string { return fmt.Sprintf("%s:%d", c.file, c.line) }

// markdownFiles returns every Markdown file of the repository, README.md
// and docs/ included, as slash-separated paths from the top folder;
// testdata and .git are not the repository's documents.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			files = append(files, filepath.ToSlash(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(files, "README.md") {
		t.Fatalf("no README.md among the Markdown files %v", files)
	}
	return files
}

// markdownCommands finds every `go run .` command in the code blocks of
// every Markdown file, as a newcomer would copy it.
func markdownCommands(t *testing.T) []markdownCommand {
	t.Helper()
	var cmds []markdownCommand
	for _, file := range markdownFiles(t) {
		b, err := os.ReadFile(filepath.FromSlash(file))
		if err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, commandsIn(file, string(b))...)
	}
	return cmds
}

// commandsIn finds the `go run .` commands of one Markdown file's fenced
// and indented code blocks.
func commandsIn(file, text string) []markdownCommand {
	var cmds []markdownCommand
	fenced := false
	lines := strings.Split(text, "\n")
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
		_, rest, ok := strings.Cut(text+" ", "go run . ") // not go run ./other/command
		if !ok {
			continue
		}
		c := markdownCommand{file: file, line: i + 1}
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

// TestMarkdownCommands runs every `go run .` command of every Markdown
// file as written from the top folder of a clone: the judge's and omok
// forbid's against the output the file shows, -h for its status, and the
// others (games, which need a terminal, and long runs) through the command
// line's parsing, which must take their flags.
func TestMarkdownCommands(t *testing.T) {
	cmds := markdownCommands(t)
	if len(cmds) < 10 {
		t.Fatalf("only %d commands found in the Markdown files", len(cmds))
	}
	judged := 0
	for _, c := range cmds {
		switch {
		case len(c.args) >= 2 && c.args[0] == "omok" && (c.args[1] == "judge" || c.args[1] == "forbid"):
			stdin := ""
			if c.stdin != "" {
				b, err := os.ReadFile(c.stdin)
				if err != nil {
					t.Fatalf("%s: %v", c.where(), err)
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
				t.Errorf("%s: %v: status %d, want %d: %s", c.where(), c.args, status, wantStatus, errOut)
			}
			if c.shown != nil && strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s: %v prints %q, the file shows %q", c.where(), c.args, got, want)
			}
			judged++
		case len(c.args) >= 1 && c.args[0] == "serve":
			// Serving never returns: -h checks that its flags parse.
			if _, _, err := parse(append(slices.Clone(c.args), "-h"), strings.NewReader(""), io.Discard, io.Discard); !errors.Is(err, flag.ErrHelp) {
				t.Errorf("%s: %v: %v", c.where(), c.args, err)
			}
		case slices.Contains(c.args, "-h"):
			if _, errOut, status := runPiped(t, "", c.args...); status != 0 {
				t.Errorf("%s: %v: status %d, %s", c.where(), c.args, status, errOut)
			}
		default:
			args := c.args
			if len(args) >= 2 && args[0] == "minesweeper" && args[1] == "bench" {
				args = append(args, "-games", "1") // its flags are what is checked, not ten thousand games
			}
			if _, _, err := parse(args, strings.NewReader(""), io.Discard, io.Discard); err != nil {
				t.Errorf("%s: %v: %v", c.where(), c.args, err)
			}
		}
	}
	if judged < 6 {
		t.Errorf("only %d judge and forbid commands in the Markdown files", judged)
	}
}

// markdownLink is a link target of a Markdown file, outside code.
var markdownLink = regexp.MustCompile(`\]\(([^()\s]+)\)`)

// TestMarkdownLinks checks that every relative link between the Markdown
// files leads to a file of the repository, and a link to a heading
// (file.md#part, or #part) to a heading that is there, by GitHub's anchors.
func TestMarkdownLinks(t *testing.T) {
	anchors := map[string]map[string]bool{}
	texts := map[string]string{}
	for _, file := range markdownFiles(t) {
		b, err := os.ReadFile(filepath.FromSlash(file))
		if err != nil {
			t.Fatal(err)
		}
		texts[file] = string(b)
		anchors[file] = headingAnchors(string(b))
	}
	links := 0
	for file, text := range texts {
		for i, l := range proseLines(text) {
			for _, m := range markdownLink.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				links++
				name, frag, _ := strings.Cut(target, "#")
				to := file
				if name != "" {
					to = path.Join(path.Dir(file), name)
					if _, err := os.Stat(filepath.FromSlash(to)); err != nil {
						t.Errorf("%s:%d: link %s: %v", file, i+1, target, err)
						continue
					}
				}
				if frag == "" {
					continue
				}
				if a, ok := anchors[to]; !ok {
					t.Errorf("%s:%d: link %s: a heading in a file that is not Markdown", file, i+1, target)
				} else if !a[frag] {
					t.Errorf("%s:%d: link %s: no such heading in %s", file, i+1, target, to)
				}
			}
		}
	}
	if links == 0 {
		t.Error("no links between the Markdown files")
	}
}

// proseLines returns a Markdown text's lines with those of fenced code
// blocks and inline code spans blanked, so that the line numbers stay.
func proseLines(text string) []string {
	lines := strings.Split(text, "\n")
	fenced := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
		}
		if fenced || strings.HasPrefix(l, "```") {
			lines[i] = ""
			continue
		}
		lines[i] = codeSpan.ReplaceAllString(l, "``")
	}
	return lines
}

var codeSpan = regexp.MustCompile("`[^`]*`")

// headingAnchors returns the anchors GitHub gives a Markdown text's
// headings: lower case, punctuation dropped, spaces as hyphens, and -1,
// -2 ... after a repeated one.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, l := range proseLines(strings.ReplaceAll(text, "`", "")) {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(l, "#"))
		title = linkText.ReplaceAllString(title, "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

var linkText = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// TestReadmeShowsTheTopMenu: the README shows the top menu as the program
// draws it, so that a new game in the table cannot leave the README's menu
// behind; and the README stays short enough for a player to read.
func TestReadmeShowsTheTopMenu(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if n := strings.Count(readme, "\n"); n > 400 {
		t.Errorf("README.md has %d lines; a player's README keeps to 400, the rest goes to docs/", n)
	}
	w := console.NewCondition(console.Narrow)
	menu := console.NewDriver(newTopMenu(common{w: w}, games()), console.Size{Width: 100, Height: 40}).Text(w)
	if !strings.Contains(readme, "```\n"+menu+"\n```") {
		t.Errorf("README.md does not show the top menu as the program draws it:\n%s", menu)
	}
}

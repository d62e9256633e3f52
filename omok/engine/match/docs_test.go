package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// words splits a command line as a shell does the docs' commands: at
// spaces, with '...' and "..." quoting.
func words(line string) []string {
	var ws []string
	var w strings.Builder
	in, quote := false, rune(0)
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				ws = append(ws, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if in {
		ws = append(ws, w.String())
	}
	return ws
}

// quoted is a command a file quotes: where, and its words after the
// command's path.
type quoted struct {
	where string
	args  []string
}

// quotedCommands returns the commands of a file's code (Markdown's fenced
// and indented blocks, a Go file's comments) that run command.
func quotedCommands(t *testing.T, path, command string) []quoted {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []quoted
	fenced := false
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			continue
		}
		code := fenced || strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "//")
		_, rest, ok := strings.Cut(l, command+" ")
		if !code || !ok {
			continue
		}
		if strings.HasSuffix(path, ".md") {
			rest, _, _ = strings.Cut(rest, "#") // a comment
		}
		cmds = append(cmds, quoted{fmt.Sprintf("%s:%d", path, i+1), words(rest)})
	}
	return cmds
}

// TestQuotedCommands parses every match command that the docs, this
// command's doc comment and the go:generate line of evaltable.go quote,
// as written from the module's root (or, for go generate, from the
// engine's folder): each must be a tool's command line, and a file of
// openings it plays from must be where it says.
func TestQuotedCommands(t *testing.T) {
	const root = "../../.."
	var cmds []quoted
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(docs, filepath.Join(root, "README.md"), "doc.go") {
		cmds = append(cmds, quotedCommands(t, f, "go run ./omok/engine/match")...)
	}
	if len(cmds) < 15 {
		t.Fatalf("only %d match commands quoted", len(cmds))
	}
	generate := quotedCommands(t, "../eval.go", "//go:generate go run ./match")
	if len(generate) != 1 {
		t.Fatalf("%d go:generate lines run the match command in eval.go, want 1", len(generate))
	}
	cmds = append(cmds, generate...)
	seen := map[string]bool{}
	for _, c := range cmds {
		if len(c.args) == 0 {
			t.Errorf("%s: no tool", c.where)
			continue
		}
		seen[c.args[0]] = true
		i := slices.IndexFunc(tools, func(tl tool) bool { return tl.name == c.args[0] })
		if i < 0 {
			t.Errorf("%s: no tool %q", c.where, c.args[0])
			continue
		}
		if _, err := tools[i].parse(c.args[1:], io.Discard, io.Discard); err != nil {
			t.Errorf("%s: %v", c.where, err)
		}
		dir := root
		if c.where == generate[0].where {
			dir = ".."
		}
		for k, a := range c.args {
			if k > 0 && c.args[k-1] == "-openings" {
				if _, err := os.Stat(filepath.Join(dir, a)); err != nil {
					t.Errorf("%s: %v", c.where, err)
				}
			}
		}
	}
	for _, tl := range tools {
		if !seen[tl.name] {
			t.Errorf("no file quotes the %s tool", tl.name)
		}
	}
}

func TestWords(t *testing.T) {
	got := words(`play -opponent 'brain:/x/termgames omok brain -nodes 100' -review "7,8 6,9"  -games 0`)
	want := []string{"play", "-opponent", "brain:/x/termgames omok brain -nodes 100", "-review", "7,8 6,9", "-games", "0"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"termgames/internal/cli"
	"testing"
	"time"

	"termgames/internal/screentest"
)

// testDir holds the termgames binary and the tests' config folder.
var testDir string

// The termgames binary, built the first time a test runs it: a fuzz
// worker, which runs TestMain too, never builds it.
var (
	buildOnce sync.Once
	bin       string
	buildErr  error
	buildEnv  []string // the environment before the tests changed it
)

// binary returns the termgames binary, building it on the first call.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		bin = filepath.Join(testDir, "termgames")
		if runtime.GOOS == "windows" {
			bin += ".exe" // Windows runs a program by its extension
		}
		cmd := exec.Command("go", "build", "-o", bin, ".")
		cmd.Env = buildEnv // the real HOME, for the build cache
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return bin
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "termgames-test")
	if err != nil {
		panic(err)
	}
	testDir, buildEnv = dir, os.Environ()
	// The player's best times are not the tests' to touch: every test,
	// and every program a test starts, gets a config folder of its own.
	screentest.SetConfigFolder(dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runPiped runs termgames with stdin from a string and no terminal.
func runPiped(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Stdin = strings.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("run %v: %v", args, err)
	}
	return o.String(), e.String(), cmd.ProcessState.ExitCode()
}

// The judge stops reading an input that is longer than any board and
// refuses it with status 1, instead of reading forever: `yes ” | termgames
// omok judge`, and a board followed by endless blank lines.
func TestJudgeEndlessStdin(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("omok", "testdata", "boj2615_sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]io.Reader{
		"blank lines":              screentest.Endless([]byte("\n")),
		"a board then blank lines": io.MultiReader(bytes.NewReader(b), screentest.Endless([]byte("\n"))),
	} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, binary(t), "omok", "judge")
			cmd.Stdin = in
			var o, e bytes.Buffer
			cmd.Stdout, cmd.Stderr = &o, &e
			cmd.Run()
			if ctx.Err() != nil {
				t.Fatal("the judge still reads an endless input after 10 s")
			}
			if status := cmd.ProcessState.ExitCode(); status != 1 || o.Len() != 0 || !strings.Contains(e.String(), "input longer than") {
				t.Fatalf("status %d, stdout %q, stderr %q; want 1 and an input too long", status, o.String(), e.String())
			}
		})
	}
}

// screenCommands are the command lines that open a screen: the top menu,
// then each game of the table.
func screenCommands() [][]string {
	cmds := [][]string{nil}
	for _, g := range games() {
		cmds = append(cmds, []string{g.Name})
	}
	return cmds
}

// With no terminal, the games say so in one line and exit with status 2.
func TestNoTerminal(t *testing.T) {
	for _, args := range screenCommands() {
		out, errOut, status := runPiped(t, "1\n", args...)
		if status != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "not a terminal") {
			t.Errorf("%v without a terminal: status %d, stdout %q, stderr %q", args, status, out, errOut)
		}
	}
}

func TestUsage(t *testing.T) {
	cases := []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"chess"}, 2, `unknown command "chess"`},
		{[]string{"-lang", "fr"}, 2, "want ko or en"},
		{[]string{"-wide", "-narrow"}, 2, "choose one"},
		{[]string{"-nosuchflag"}, 2, "not defined"},
		{[]string{"omok", "-size", "13"}, 2, "want 15 or 19"},
		{[]string{"omok", "-rule", "gomoku"}, 2, "gomoku"},
		{[]string{"baseball", "-ai", "psychic"}, 2, "psychic"},
		{[]string{"omok", "stray"}, 2, "unexpected argument"},
		{[]string{"-seed", "x"}, 2, "seed"},
		{[]string{"baseball", "-ascii"}, 2, "not defined: -ascii"},
	}
	for _, tc := range cases {
		out, errOut, status := runPiped(t, "", tc.args...)
		if status != tc.status || !strings.Contains(errOut, tc.stderr) || out != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %d and %q on stderr", tc.args, status, out, errOut, tc.status, tc.stderr)
		}
	}
	out, _, status := runPiped(t, "", "help")
	if status != 0 || !strings.Contains(out, "omok judge") {
		t.Errorf("help: status %d, %q", status, out)
	}
}

// badValues gives each command of the table a flag with a value it
// refuses. TestUsageErrors fails for a command without one, so that a new
// command is checked by itself once it is named here.
var badValues = map[string][]string{
	"termgames":                   {"-lang", "fr"},
	"termgames omok":              {"-size", "13"},
	"termgames omok judge":        {"-nosuchflag=1"}, // the judge has no flag with a value
	"termgames omok forbid":       {"-rule", "gomoku"},
	"termgames omok brain":        {"-nodes", "many"},
	"termgames omok convert":      {"-to", "pdf"},
	"termgames omok replay":       {"-lang", "fr"},
	"termgames baseball":          {"-digits", "5"},
	"termgames baseball bench":    {"-ai", "psychic"},
	"termgames minesweeper":       {"-seed", "x"},
	"termgames minesweeper bench": {"-games", "0"},
	"termgames serve":             {"-seathold", "soon"},
}

// TestUsageErrors walks the table of games: every command, given a flag
// it does not know, a value it refuses or a stray argument, exits with
// status 2 and says so in one line of one shape, which names the command,
// what is wrong and where help is.
func TestUsageErrors(t *testing.T) {
	commands := [][]string{{}, {"serve"}}
	for _, g := range games() {
		commands = append(commands, []string{g.Name})
		for _, sub := range g.Commands {
			commands = append(commands, []string{g.Name, sub.Name})
		}
	}
	for _, cmd := range commands {
		name := strings.Join(append([]string{"termgames"}, cmd...), " ")
		bad, ok := badValues[name]
		if !ok {
			t.Errorf("%s: no refused value in badValues; name one there", name)
		}
		stray := `unexpected argument "x\d"`
		if len(cmd) == 0 {
			stray = `unknown command "x1"`
		}
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"-nosuchflag"}, "flag provided but not defined: -nosuchflag"},
			{[]string{"x1", "x2", "x3"}, stray},
			{bad, regexp.QuoteMeta(strings.TrimLeft(strings.SplitN(bad[0], "=", 2)[0], "-"))},
		} {
			if tc.args == nil {
				continue
			}
			args := append(append([]string(nil), cmd...), tc.args...)
			out, errOut, status := runPiped(t, "", args...)
			line := regexp.MustCompile(`^` + regexp.QuoteMeta(name+": ") + `.*` + tc.want + `.* \(see ` + regexp.QuoteMeta(name) + ` -h\)\n$`)
			if status != 2 || out != "" || !line.MatchString(errOut) {
				t.Errorf("%v: status %d, stdout %q, stderr %q; want 2, nothing, and one line %s", args, status, out, errOut, line)
			}
		}
	}
}

// TestHelp: -h and --help are asked for, so their answer goes to standard
// output with status 0; each command lists the flags that do something in
// it, and only those.
func TestHelp(t *testing.T) {
	cases := []struct {
		args       []string
		has, lacks []string
	}{
		{[]string{}, []string{"usage:", "omok judge", "-lang", "-ascii", "-wide", "-narrow", "-seed"}, nil},
		{[]string{"omok"}, []string{"-size", "-rule", "-ai", "-first"}, []string{"-marks"}},
		{[]string{"baseball"}, []string{"-ai"}, []string{"-size"}},
		{[]string{"minesweeper"}, []string{"-marks", "-scores"}, []string{"-ai", "-size"}},
		{[]string{"omok", "judge"}, []string{"usage: termgames omok judge [FILE]"}, []string{"-lang"}},
		{[]string{"omok", "forbid"}, []string{"-rule", "-turn"}, []string{"-lang"}},
		{[]string{"minesweeper", "bench"}, []string{"-level", "-games", "-seed", "-noguess", "-first"}, []string{"-lang", "-ascii"}},
	}
	// Every game of the table takes -lang and exactly the shared flags it
	// declares; every subcommand answers -h.
	for _, g := range games() {
		has, lacks := []string{"-lang"}, []string(nil)
		for _, sh := range []struct {
			u     cli.Shared
			flags []string
		}{{cli.Glyphs, []string{"-ascii", "-wide", "-narrow"}}, {cli.Seed, []string{"-seed"}}} {
			if g.Shared&sh.u != 0 {
				has = append(has, sh.flags...)
			} else {
				lacks = append(lacks, sh.flags...)
			}
		}
		cases = append(cases, struct {
			args       []string
			has, lacks []string
		}{[]string{g.Name}, has, lacks})
		for _, sub := range g.Commands {
			cases = append(cases, struct {
				args       []string
				has, lacks []string
			}{[]string{g.Name, sub.Name}, nil, nil})
		}
	}
	for _, tc := range cases {
		for _, h := range []string{"-h", "--help", "-help"} {
			args := append(append([]string(nil), tc.args...), h)
			out, errOut, status := runPiped(t, "", args...)
			if status != 0 || errOut != "" {
				t.Errorf("%v: status %d, stderr %q; want 0 and nothing", args, status, errOut)
			}
			for _, want := range tc.has {
				if !strings.Contains(out, want) {
					t.Errorf("%v: stdout lacks %q:\n%s", args, want, out)
				}
			}
			for _, not := range tc.lacks {
				if strings.Contains(out, not+" ") || strings.Contains(out, not+"\n") {
					t.Errorf("%v: stdout lists %q, which does nothing there:\n%s", args, not, out)
				}
			}
		}
	}
}

// The judge needs no terminal: it reads stdin or a file.
func TestJudgeCommand(t *testing.T) {
	file := filepath.Join("omok", "testdata", "boj2615_sample.txt")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	judgeSample := string(b)
	out, errOut, status := runPiped(t, judgeSample, "omok", "judge")
	if status != 0 || out != "2\n7 5\n" || errOut != "" {
		t.Fatalf("judge on the sample: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	if out, _, status := runPiped(t, "", "omok", "judge", file); status != 0 || out != "2\n7 5\n" {
		t.Fatalf("judge FILE: status %d, %q", status, out)
	}
	bad := strings.Replace(judgeSample, "0 1 0 0 0 2 1 2 2", "0 1 0 0 0 7 1 2 2", 1)
	out, errOut, status = runPiped(t, bad, "omok", "judge")
	if status != 1 || out != "" || !strings.Contains(errOut, "line 3") {
		t.Fatalf("judge on a bad board: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	if out, errOut, status := runPiped(t, judgeSample, "omok", "judge", "-"); status != 0 || out != "2\n7 5\n" {
		t.Fatalf("judge - (standard input): status %d, stdout %q, stderr %q", status, out, errOut)
	}
	if _, errOut, status := runPiped(t, "", "omok", "judge", filepath.Join(t.TempDir(), "missing")); status != 1 || errOut == "" {
		t.Fatalf("judge on a missing file: status %d, %q", status, errOut)
	}
}

// omok forbid needs no terminal either: it prints YXSHOWFORBID's answer.
func TestForbidCommand(t *testing.T) {
	file := filepath.Join("omok", "renju", "testdata", "double_three.txt")
	if out, errOut, status := runPiped(t, "", "omok", "forbid", file); status != 0 || out != "FORBID 0707.\n" || errOut != "" {
		t.Fatalf("forbid FILE: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	if out, _, status := runPiped(t, "1 2 0 0 0\n", "omok", "forbid"); status != 1 || out != "" {
		t.Fatalf("forbid on a short board: status %d, stdout %q", status, out)
	}
	if out, errOut, status := runPiped(t, "", "omok", "forbid", "-h"); status != 0 || !strings.Contains(out, "YXSHOWFORBID") || errOut != "" {
		t.Fatalf("forbid -h: status %d, stdout %q, stderr %q", status, out, errOut)
	}
}

// TestBrainCommand: `omok brain` and a copy named pbrain-* both speak the
// Gomocup protocol; a bad flag is a usage error.
func TestBrainCommand(t *testing.T) {
	out, _, status := runPiped(t, "ABOUT\nSTART 15\nEND\n", "omok", "brain", "-nodes", "500")
	if status != 0 || !strings.HasPrefix(out, `name="termgames"`) || !strings.Contains(out, "\nOK\n") {
		t.Errorf("omok brain: status %d, %q", status, out)
	}
	link := filepath.Join(t.TempDir(), "pbrain-termgames"+filepath.Ext(bin)) // pbrain-termgames.exe on Windows
	if err := os.Symlink(bin, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	cmd := exec.Command(link)
	cmd.Stdin = strings.NewReader("START 15\nBEGIN\nEND\n")
	got, err := cmd.Output()
	if err != nil || string(got) != "OK\n7,7\n" {
		t.Errorf("pbrain-termgames: %q, %v", got, err)
	}
	_, errOut, status := runPiped(t, "", "omok", "brain", "-level", "expert")
	if status != 2 || !strings.Contains(errOut, "expert") {
		t.Errorf("-level expert: status %d, %q", status, errOut)
	}
}

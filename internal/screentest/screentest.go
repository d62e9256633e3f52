// Package screentest is what the screen tests of every game share: the
// terminal they look at screens in, the two widths a terminal may draw
// □ ○ ● with, the frame as a player reads it, span lookup, and a config
// folder of the tests' own. Only tests import it (layout_test checks).
package screentest

import (
	"os"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"termgames/console"
)

// Size is the terminal the screen tests look at screens in, as the manual
// checks in tmux do: 100 columns, 40 rows.
var Size = console.Size{Width: 100, Height: 40}

// Narrow and Wide are the two ways a terminal draws the ambiguous glyphs
// □ ○ ● ■: one column (most terminals) or two (a Korean Windows console).
var (
	Narrow = console.NewCondition(console.Narrow)
	Wide   = console.NewCondition(console.Wide)
)

// Width is a named width measure.
type Width struct {
	Name string
	W    *runewidth.Condition
}

// Widths are Narrow and Wide, named for test output; a screen test runs
// under both.
var Widths = []Width{{"narrow", Narrow}, {"wide", Wide}}

// EachWidth runs f as a subtest once per width.
func EachWidth(t *testing.T, f func(t *testing.T, w *runewidth.Condition)) {
	t.Helper()
	for _, wd := range Widths {
		t.Run(wd.Name, func(t *testing.T) { f(t, wd.W) })
	}
}

// Text is what a player reads on s in a terminal of Size whose widths are
// those of w.
func Text(s console.Screen, w *runewidth.Condition) string { return s.View(Size).Text(w) }

// SpanAt returns the span of f that starts at row and col.
func SpanAt(f console.Frame, row, col int) (console.Span, bool) {
	if row < 0 || row >= len(f.Rows) {
		return console.Span{}, false
	}
	for _, sp := range f.Rows[row] {
		if sp.Col == col {
			return sp, true
		}
	}
	return console.Span{}, false
}

// MustContain fails t for each of want that screen does not show.
func MustContain(t testing.TB, screen string, want ...string) {
	t.Helper()
	for _, s := range want {
		if !strings.Contains(screen, s) {
			t.Errorf("the screen lacks %q:\n%s", s, screen)
		}
	}
}

// MustNotContain fails t for each of unwanted that screen shows.
func MustNotContain(t testing.TB, screen string, unwanted ...string) {
	t.Helper()
	for _, s := range unwanted {
		if strings.Contains(screen, s) {
			t.Errorf("the screen shows %q:\n%s", s, screen)
		}
	}
}

// configVars are where the user's config folder is looked up: HOME on
// macOS, XDG_CONFIG_HOME (or HOME) on Linux, AppData on Windows.
var configVars = []string{"HOME", "XDG_CONFIG_HOME", "AppData"}

// ConfigEnv returns the environment entries that give a program the
// config folder dir.
func ConfigEnv(dir string) []string {
	env := make([]string, len(configVars))
	for i, v := range configVars {
		env[i] = v + "=" + dir
	}
	return env
}

// Main runs a package's tests with the user's config folder pointed at a
// temporary one, so that no test, nor any program a test starts, reads,
// moves aside or writes the player's own best times. Call it from
// TestMain: os.Exit(screentest.Main(m)).
func Main(m *testing.M) int {
	dir, err := os.MkdirTemp("", "termgames-config")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	SetConfigFolder(dir)
	return m.Run()
}

// SetConfigFolder makes dir the user's config folder for this process and
// the programs it starts.
func SetConfigFolder(dir string) {
	for _, v := range configVars {
		os.Setenv(v, dir)
	}
}

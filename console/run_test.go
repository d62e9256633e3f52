//go:build !windows

package console

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"

	"termgames/internal/ptytest"
)

// The end-to-end tests run this test binary again as a small program on
// Run, in a real pseudo-terminal.
const childEnv = "CONSOLE_TEST_CHILD"

func TestMain(m *testing.M) {
	if mode := os.Getenv(childEnv); mode != "" {
		w := NewCondition(Narrow)
		err := Run(&probe{w: w, mouse: mode == "mouse"}, Options{Width: w, MeasureWidth: mode == "measure"})
		if mode == "twice" && err == nil {
			err = Run(&probe{w: w, last: "second run"}, Options{Width: w})
		}
		if e, ok := err.(*Interrupted); ok {
			os.Exit(e.ExitCode())
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// probe is a screen that shows the size its events carry and every event,
// and leaves on q (nil), x (Exit with a message) and p (a panic). w starts
// a command that answers once r is typed, or the program leaves. After b,
// the next event gets stuck in Update for an hour, as a screen doing
// blocking I/O there would.
type probe struct {
	w    *runewidth.Condition
	size Size
	last string
	n    int
	// release lets the command started by w answer.
	release chan struct{}
	stuck   bool
	mouse   bool // ask for mouse reports
	// ticking: t asks for a tick on every tenth of a second since it was
	// typed, as a clock asks for each second; t again stops.
	ticking time.Time
	ticks   int
}

func (p *probe) Update(ev Event) Screen {
	if p.stuck {
		time.Sleep(time.Hour)
	}
	p.n++
	p.size = ev.Size
	switch {
	case ev.IsRune('q'):
		return nil
	case ev.IsRune('x'):
		return Exit("bye from probe")
	case ev.IsRune('p'):
		panic("probe panics")
	case ev.IsRune('n'):
		return &probe{w: p.w, last: "new screen"}
	case ev.IsRune('w'):
		p.last = "waiting"
		release := make(chan struct{})
		p.release = release
		return Do(p, func(ctx context.Context) any {
			select {
			case <-release:
				return "released"
			case <-ctx.Done():
				return "cancelled"
			}
		})
	case ev.IsRune('W'):
		p.last = "stuck"
		return Do(p, func(context.Context) any { select {} }) // deaf to ctx too
	case ev.IsRune('P'):
		return Do(p, func(context.Context) any { panic("command panics") })
	case ev.IsRune('b'):
		p.stuck = true
		p.last = "stuck next"
	case ev.IsRune('t'):
		if p.ticking.IsZero() {
			p.ticking = time.Now()
		} else {
			p.ticking = time.Time{}
		}
	case ev.Type == TickEvent:
		p.ticks++
	case ev.IsRune('r'):
		if p.release != nil {
			close(p.release)
			p.release = nil
		}
	case ev.Type == ResultEvent:
		p.last = fmt.Sprint("result ", ev.Result)
	case ev.Type == KeyEvent:
		p.last = ev.Key.String() + " " + string(ev.Rune)
	}
	return p
}

func (p *probe) View(size Size) Frame {
	var f Frame
	f.Lines(0, fmt.Sprintf("size %dx%d", size.Width, size.Height),
		fmt.Sprintf("resized %dx%d", p.size.Width, p.size.Height),
		fmt.Sprintf("events %d last %s", p.n, p.last),
		fmt.Sprintf("□ is %d wide", p.w.RuneWidth('□')),
		fmt.Sprintf("ticks %d", p.ticks))
	f.Mouse = p.mouse
	if !p.ticking.IsZero() {
		f.Tick = tenth - time.Since(p.ticking)%tenth
	}
	return f
}

func startProbe(t *testing.T) *ptytest.Term {
	return startProbeIn(t, "1", narrow)
}

func startProbeIn(t *testing.T, mode string, w *runewidth.Condition) *ptytest.Term {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = ptytest.Env(childEnv + "=" + mode)
	return ptytest.Start(t, cmd, 80, 24, w)
}

// Asked to measure, Run learns from the terminal itself how wide it draws
// □, in a terminal of either kind.
func TestRunMeasuresWidth(t *testing.T) {
	for _, term := range []*runewidth.Condition{narrow, wide} {
		tm := startProbeIn(t, "measure", term)
		tm.WaitFor(fmt.Sprintf("□ is %d wide", term.RuneWidth('□')))
		tm.Send("q")
		tm.Wait()
	}
	// Not asked, it keeps the width it was given.
	tm := startProbeIn(t, "1", wide)
	tm.WaitFor("resized 80x24")
	// □ measured narrow in a terminal that draws it wide covers the blank
	// after it: "is" stays at its own column.
	tm.WaitFor("□is 1 wide")
	tm.Send("q")
	tm.Wait()
}

// Every way out leaves the terminal as it found it: the same settings, the
// main screen, the cursor shown, mouse reports off.
func TestRunRestoresTerminal(t *testing.T) {
	cases := []struct {
		name   string
		leave  func(*ptytest.Term)
		status int
		screen string // on the main screen afterwards
	}{
		{"quit", func(tm *ptytest.Term) { tm.Send("q") }, 0, ""},
		{"exit message", func(tm *ptytest.Term) { tm.Send("x") }, 0, "bye from probe"},
		{"ctrl-c", func(tm *ptytest.Term) { tm.Send("\x03") }, 130, ""},
		{"sigint", func(tm *ptytest.Term) { tm.Signal(syscall.SIGINT) }, 130, ""},
		{"sigterm", func(tm *ptytest.Term) { tm.Signal(syscall.SIGTERM) }, 143, ""},
		{"sighup", func(tm *ptytest.Term) { tm.Signal(syscall.SIGHUP) }, 129, ""},
		{"panic", func(tm *ptytest.Term) { tm.Send("p") }, 2, "probe panics"},
		// The panic and the command's own stack are printed (the stack last).
		{"panic in a command", func(tm *ptytest.Term) { tm.Send("P") }, 2, "created by termgames/console.(*Driver).start"},
		{"resize then quit", func(tm *ptytest.Term) {
			tm.Resize(60, 20)
			tm.WaitFor("resized 60x20")
			tm.Send("q")
		}, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tm := startProbe(t)
			before := tm.Before()
			tm.WaitFor("resized 80x24")
			if reflect.DeepEqual(tm.State(), before) {
				t.Fatal("the terminal is not in raw mode while the program runs")
			}
			if !tm.Screen.Mode(1049) || tm.Screen.Mode(25) {
				t.Fatal("not on the alternate screen with the cursor hidden")
			}
			tc.leave(tm)
			if got := tm.Wait(); got != tc.status {
				t.Errorf("exit status %d, want %d", got, tc.status)
			}
			if !reflect.DeepEqual(tm.State(), before) {
				t.Error("terminal settings differ from before the program")
			}
			if tm.Screen.Mode(1049) || !tm.Screen.Mode(25) || tm.Screen.Mode(1000) || !tm.Screen.Mode(7) {
				t.Errorf("modes after exit: alt %v cursor %v mouse %v wrap %v", tm.Screen.Mode(1049), tm.Screen.Mode(25), tm.Screen.Mode(1000), tm.Screen.Mode(7))
			}
			if text := tm.Screen.Text(); tc.screen != "" && !strings.Contains(text, tc.screen) {
				t.Errorf("main screen after exit:\n%s\nwant %q on it", text, tc.screen)
			}
		})
	}
}

// Keys typed in a real terminal reach the screen decoded, including an Esc
// that arrives alone and an arrow that arrives whole.
func TestRunDecodesKeys(t *testing.T) {
	tm := startProbe(t)
	tm.WaitFor("resized 80x24")
	tm.Send("\x1b[A")
	tm.WaitFor("last Up")
	tm.Send("\x1b")
	tm.WaitFor("last Esc")
	tm.Send("ㄹ")
	tm.WaitFor("last Rune f")
	// A new screen learns the size with its first event, a key.
	tm.Send("n")
	tm.WaitFor("events 0 last new screen")
	tm.Send("m")
	tm.WaitUntil("the new screen knows the size", func(s string) bool {
		return strings.Contains(s, "resized 80x24\nevents 1 last Rune m")
	})
	tm.Send("q")
	tm.Wait()
}

// A command runs off the UI goroutine: keys are served while it works, its
// answer shows when it comes, and leaving does not hang on one that never
// answers (TestDriverStop times the two ways it ends).
func TestRunCommands(t *testing.T) {
	tm := startProbe(t)
	tm.WaitFor("resized 80x24")
	tm.Send("w")
	tm.WaitFor("last waiting")
	tm.Send("a")
	tm.WaitFor("last Rune a")
	tm.Send("r")
	tm.WaitFor("last result released")
	tm.Send("W")
	tm.WaitFor("last stuck")
	tm.Send("q")
	if got := tm.Wait(); got != 0 {
		t.Errorf("exit status %d", got)
	}
}

const tenth = 100 * time.Millisecond

// A screen that asks for ticks on the tenths of a second gets them while
// keys come in between, as the minesweeper clock does, and none once it
// stops asking.
func TestRunTicks(t *testing.T) {
	tm := startProbe(t)
	tm.WaitFor("resized 80x24")
	tm.Send("t")
	began := time.Now()
	for time.Since(began) < 10*tenth {
		tm.Send("a")
		time.Sleep(tenth / 5)
	}
	tm.Send("tz")
	tm.WaitFor("last Rune z")
	ticks := func() int {
		screen := tm.WaitFor("ticks ")
		i := strings.Index(screen, "ticks ")
		var n int
		fmt.Sscanf(screen[i:], "ticks %d", &n)
		return n
	}
	n := ticks()
	t.Logf("%d ticks in about a second of keys", n)
	if n < 7 || n > 12 {
		t.Errorf("%d ticks in about a second of keys, want about 10", n)
	}
	time.Sleep(3 * tenth)
	if m := ticks(); m != n {
		t.Errorf("%d ticks after the screen stopped asking for them", m-n)
	}
	tm.Send("q")
	if got := tm.Wait(); got != 0 {
		t.Errorf("exit status %d", got)
	}
}

// Run leaves no reader behind: a key typed after one Run returns reaches
// the next one.
func TestRunTwice(t *testing.T) {
	tm := startProbeIn(t, "twice", narrow)
	tm.WaitFor("resized 80x24")
	tm.Send("q")
	tm.WaitFor("last second run")
	tm.Send("a")
	tm.WaitFor("last Rune a")
	tm.Send("q")
	if got := tm.Wait(); got != 0 {
		t.Errorf("exit status %d", got)
	}
}

func TestRunNeedsATerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "notatty")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := Run(&probe{}, Options{In: f, Out: f}); err != ErrNotTerminal {
		t.Fatalf("Run on a file: %v, want ErrNotTerminal", err)
	}
}

// Ctrl-L draws the whole screen again over whatever disturbed it; an
// unchanged frame alone would write nothing.
func TestRunRedraws(t *testing.T) {
	tm := startProbe(t)
	tm.WaitFor("resized 80x24")
	disturbed := func(screen string) bool { return strings.Contains(screen, "GARBAGE") }
	clean := func(screen string) bool {
		return !disturbed(screen) && strings.Contains(screen, "size 80x24\nresized 80x24")
	}
	tm.Screen.Write([]byte("\x1b[2;1HGARBAGE"))
	tm.Send("\x0c")
	tm.WaitUntil("Ctrl-L redraws", clean)
	tm.Send("q")
	tm.Wait()
}

// A stop works whatever the screen is doing: with the loop stuck in an
// Update, Ctrl-C, SIGINT, SIGTERM and SIGHUP still restore the terminal and
// end the program with their status, within a second. Before the watcher,
// the program went on forever with the terminal raw.
func TestRunStopsWhenStuck(t *testing.T) {
	// How long leaving takes when the loop is free is the yardstick: the
	// race detector alone adds a second at exit.
	tm := startProbe(t)
	tm.WaitFor("resized 80x24")
	began := time.Now()
	tm.Send("q")
	tm.Wait()
	plain := time.Since(began)
	for _, tc := range []struct {
		name   string
		stop   func(*ptytest.Term)
		status int
	}{
		{"ctrl-c", func(tm *ptytest.Term) { tm.Send("\x03") }, 130},
		{"sigint", func(tm *ptytest.Term) { tm.Signal(syscall.SIGINT) }, 130},
		{"sigterm", func(tm *ptytest.Term) { tm.Signal(syscall.SIGTERM) }, 143},
		{"sighup", func(tm *ptytest.Term) { tm.Signal(syscall.SIGHUP) }, 129},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tm := startProbe(t)
			tm.WaitFor("resized 80x24")
			tm.Send("b")
			tm.WaitFor("last stuck next")
			tm.Send("a") // stuck from here
			time.Sleep(100 * time.Millisecond)
			began := time.Now()
			tc.stop(tm)
			if got := tm.Wait(); got != tc.status {
				t.Errorf("exit status %d, want %d", got, tc.status)
			}
			// stopGrace, then the exit; a second more for a loaded
			// machine (two busy loops on two cores took it to 1.1 s).
			if took := time.Since(began); took > plain+stopGrace+time.Second {
				t.Errorf("stopping a stuck program took %v (leaving a free one: %v)", took, plain)
			}
			if !reflect.DeepEqual(tm.State(), tm.Before()) {
				t.Error("terminal settings differ from before the program")
			}
			if tm.Screen.Mode(1049) || !tm.Screen.Mode(25) || tm.Screen.Mode(1000) || !tm.Screen.Mode(7) {
				t.Errorf("modes after exit: alt %v cursor %v mouse %v wrap %v", tm.Screen.Mode(1049), tm.Screen.Mode(25), tm.Screen.Mode(1000), tm.Screen.Mode(7))
			}
		})
	}
}

// SIGQUIT restores the terminal first; Go's goroutine dump then prints on
// the main screen, and the status is Go's for a dump, 2. Before, the dump
// went to the alternate screen of a raw terminal, left that way.
func TestRunQuitSignal(t *testing.T) {
	tm := startProbe(t)
	tm.WaitFor("resized 80x24")
	tm.Signal(syscall.SIGQUIT)
	if got := tm.Wait(); got != 2 {
		t.Errorf("exit status %d, want 2 (Go's, after the dump)", got)
	}
	if !reflect.DeepEqual(tm.State(), tm.Before()) {
		t.Error("terminal settings differ from before the program")
	}
	if tm.Screen.Mode(1049) || !tm.Screen.Mode(25) || tm.Screen.Mode(1000) {
		t.Errorf("after SIGQUIT: alt %v cursor %v mouse %v", tm.Screen.Mode(1049), tm.Screen.Mode(25), tm.Screen.Mode(1000))
	}
	if text := tm.Screen.Text(); !strings.Contains(text, "+0x") { // a stack frame's offset
		t.Errorf("no dump on the main screen:\n%s", text)
	}
}

// startJob runs the probe as a job of a job-control shell (bash, set -m)
// on the terminal, as a player's shell would: in its own process group,
// which a stop signal can stop (an orphaned group, like a program started
// straight on a new terminal, ignores SIGTSTP). When the probe stops, the
// shell waits for a line and then brings it back with fg.
func startJob(t *testing.T) *ptytest.Term {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash for job control")
	}
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", `set -m; "$@"; echo "shell: job stopped"; read -r _; fg >/dev/null`, "bash", os.Args[0], "-test.run=^$")
	cmd.Env = ptytest.Env(childEnv + "=mouse")
	return ptytest.Start(t, cmd, 80, 24, narrow)
}

// Suspend and resume: Ctrl-Z (the key, byte 26), or SIGTSTP sent to the
// job as the terminal would, leaves the terminal as the player had it while
// the program is stopped (the settings from before, the main screen, the
// cursor shown, no mouse reports); fg takes it back (raw, the alternate
// screen, mouse reports as the screen asked) with everything redrawn, and
// keys work again. Before, Ctrl-Z was dropped, and SIGTSTP stopped the
// program with the terminal raw and on the alternate screen.
func TestRunSuspend(t *testing.T) {
	for _, tc := range []struct {
		name string
		stop func(*ptytest.Term)
	}{
		{"ctrl-z", func(tm *ptytest.Term) { tm.Send("\x1a") }},
		{"sigtstp", func(tm *ptytest.Term) { tm.SignalForeground(syscall.SIGTSTP) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tm := startJob(t)
			tm.WaitFor("resized 80x24")
			if !tm.Screen.Mode(1000) {
				t.Fatal("the probe asked for mouse reports and has none")
			}
			tc.stop(tm)
			tm.WaitFor("shell: job stopped")
			if !reflect.DeepEqual(tm.State(), tm.Before()) {
				t.Error("stopped: the terminal settings are not the player's")
			}
			if tm.Screen.Mode(1049) || !tm.Screen.Mode(25) || tm.Screen.Mode(1000) {
				t.Errorf("stopped: alt %v cursor %v mouse %v", tm.Screen.Mode(1049), tm.Screen.Mode(25), tm.Screen.Mode(1000))
			}
			tm.Send("\r") // the shell's read, then fg
			screen := tm.WaitUntil("the probe is back", func(s string) bool {
				return tm.Screen.Mode(1049) && strings.Contains(s, "resized 80x24")
			})
			if strings.Contains(screen, "shell:") {
				t.Errorf("the screen was not redrawn whole:\n%s", screen)
			}
			if reflect.DeepEqual(tm.State(), tm.Before()) || tm.Screen.Mode(25) || !tm.Screen.Mode(1000) {
				t.Errorf("back: raw %v, cursor %v, mouse %v", !reflect.DeepEqual(tm.State(), tm.Before()), tm.Screen.Mode(25), tm.Screen.Mode(1000))
			}
			tm.Send("a")
			tm.WaitFor("last Rune a")
			tm.Send("q")
			if got := tm.Wait(); got != 0 {
				t.Errorf("exit status %d", got)
			}
			if !reflect.DeepEqual(tm.State(), tm.Before()) {
				t.Error("terminal settings differ from before the program")
			}
		})
	}
}

//go:build ptyperf && !windows

package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// The pty measurement behind the tables of docs/performance.md: termgames in
// a real pseudo-terminal, keys sent one at a time, and the bytes each key
// brings back and the time to its last byte taken as medians. The binary of
// this tree is compared with the one built from the git revision in
// PTYPERF_OLD (none: this tree only), and with the binaries listed in
// PTYPERF_BINS (a path list, each named by its file's name):
//
//	PTYPERF_OLD=<commit> go test -tags ptyperf -run PtyPerf -v -count=1 .
//
// The terminal answers the cursor position request as one that draws □ one
// column wide, as most do.

// ptyTerm is a program in a pseudo-terminal, with what it wrote and when.
type ptyTerm struct {
	ptmx *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  []byte
	at   []time.Time // when each read's bytes arrived
	once sync.Once
}

func startPty(t *testing.T, bin string, width, height int, args ...string) *ptyTerm {
	t.Helper()
	cmd := exec.Command(bin, args...)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "NO_COLOR=", "HOME="+home, "XDG_CONFIG_HOME="+home)
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(width), Rows: uint16(height)})
	if err != nil {
		t.Fatal(err)
	}
	p := &ptyTerm{ptmx: ptmx, cmd: cmd}
	go func() {
		buf := make([]byte, 1<<16)
		for {
			n, err := ptmx.Read(buf)
			now := time.Now()
			p.mu.Lock()
			p.out = append(p.out, buf[:n]...)
			p.at = append(p.at, now)
			if bytes.Contains(buf[:n], []byte("\x1b[6n")) {
				ptmx.Write([]byte("\x1b[1;2R")) // □ is one column wide here
			}
			p.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(p.stop)
	return p
}

// stop ends the program; stopping again does nothing.
func (p *ptyTerm) stop() {
	p.once.Do(func() {
		_ = p.cmd.Process.Kill()
		_, _ = p.cmd.Process.Wait()
		p.ptmx.Close()
	})
}

// quiet is how long without output ends the answer to a key; a pause of
// burstGap ends its time: what comes after it is something else, such as
// minesweeper's clock ticking, whose bytes count but not its time (the
// rounds of keys can fall into step with the clock, so that one program's
// keys all come just before its tick).
const (
	quiet    = 60 * time.Millisecond
	burstGap = 10 * time.Millisecond
)

// send types keys and waits until the program has been quiet for a while;
// it returns the bytes written since and the time from the keys to the
// last byte of the first burst of them.
func (p *ptyTerm) send(keys string) (n int, took time.Duration) {
	p.mu.Lock()
	from, reads := len(p.out), len(p.at)
	p.mu.Unlock()
	sent := time.Now()
	p.ptmx.Write([]byte(keys))
	deadline := sent.Add(5 * time.Second)
	for time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		p.mu.Lock()
		n, at := len(p.out)-from, p.at[reads:]
		p.mu.Unlock()
		if n > 0 && time.Since(at[len(at)-1]) > quiet {
			end := at[0]
			for _, t := range at[1:] {
				if t.Sub(end) >= burstGap {
					break
				}
				end = t
			}
			return n, end.Sub(sent)
		}
	}
	return 0, 0
}

// idle returns the bytes written over the next n seconds without a key.
func (p *ptyTerm) idle(n int) int {
	p.mu.Lock()
	from := len(p.out)
	p.mu.Unlock()
	time.Sleep(time.Duration(n) * time.Second)
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.out) - from
}

// measure is one row of the table: how to get to the board, and the keys
// that move there and back.
type measure struct {
	name  string
	w, h  int
	args  []string
	setup []string // sent one by one before the moves
	keys  [2]string
	first bool   // report the bytes of the last setup step: the board's first frame
	idle  bool   // report the bytes written while idle, the clock running
	field [3]int // minesweeper's rows, columns and mines (for freesweep); zero for omok
}

var measures = []measure{
	{"omok 15x15, ← →", 100, 40, []string{"omok"}, []string{"1\r"}, [2]string{"\x1b[C", "\x1b[D"}, true, false, [3]int{}},
	{"omok 15x15, ↑ ↓", 100, 40, []string{"omok"}, []string{"1\r"}, [2]string{"\x1b[B", "\x1b[A"}, false, false, [3]int{}},
	{"minesweeper 9x9, ← →", 100, 40, []string{"minesweeper", "-seed", "1"}, []string{"1\r", "\r"}, [2]string{"\x1b[C", "\x1b[D"}, false, true, [3]int{9, 9, 10}},
	{"minesweeper 16x30, ← →", 100, 40, []string{"minesweeper", "-seed", "1"}, []string{"3\r", "\r"}, [2]string{"\x1b[C", "\x1b[D"}, false, false, [3]int{16, 30, 99}},
	{"minesweeper 16x30, ↑ ↓", 100, 40, []string{"minesweeper", "-seed", "1"}, []string{"3\r", "\r"}, [2]string{"\x1b[B", "\x1b[A"}, false, false, [3]int{16, 30, 99}},
	{"minesweeper 100x100, ← →", 210, 110, []string{"minesweeper", "-seed", "1"}, []string{"4\r", "100\r", "100\r", "1500\r", "\r"}, [2]string{"\x1b[C", "\x1b[D"}, false, false, [3]int{100, 100, 1500}},
}

// A program measured: a column of the table. The floors run in place of
// termgames in every row, so that each row compares them under the same
// conditions: cat in raw mode gives back each key as it came, the
// pseudo-terminal's own round trip, which every program pays; the Go echo
// answers each key with a cursor move and 8 letters, read through Go's
// poller as termgames reads: what any Go program pays on top.
type program struct {
	name  string
	bin   string
	floor bool // ignores the row's arguments and setup
	args  []string
	// other, for another program (freesweep), gives its arguments and
	// setup for a row; false: it has no such board.
	other func(m measure) (args, setup []string, ok bool)
}

// freesweep is the curses minesweeper compared with (Debian's
// package freesweep): its board from the command line, then Enter at each
// of its eight questions about preferences.
func freesweep(m measure) (args, setup []string, ok bool) {
	if m.field == [3]int{} {
		return nil, nil, false
	}
	args = []string{"-h", strconv.Itoa(m.field[0]), "-w", strconv.Itoa(m.field[1]), "-m", strconv.Itoa(m.field[2])}
	for range 9 {
		setup = append(setup, "\r")
	}
	return args, setup, true
}

// goEcho is the Go floor's source: standard library only.
const goEcho = `package main

import (
	"os"
	"syscall"
)

func main() {
	syscall.SetNonblock(0, true) // on Go's poller, as termgames reads
	in := os.NewFile(0, "stdin")
	buf := make([]byte, 256)
	for {
		n, err := in.Read(buf)
		if err != nil || n == 0 || buf[0] == 'q' {
			return
		}
		os.Stdout.Write([]byte("\x1b[10;20Habcdefgh"))
	}
}
`

// buildGoEcho builds the Go floor.
func buildGoEcho(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(goEcho), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module goecho\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "goecho")
	build := exec.Command("go", "build", "-o", out, ".")
	build.Dir = dir
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the Go echo: %v\n%s", err, msg)
	}
	return out
}

func median[T int | time.Duration](v []T) T {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// TestPtyPerf runs every program of a row side by side, each in its own
// pseudo-terminal, and sends them the row's keys in turn, one program
// after the other key by key, so that a moment of load on the machine
// falls on all of them alike, in an order drawn afresh each round, so that
// no program always comes first or after the same one. PTYPERF_KEYS sets
// the keys per program (default 101); PTYPERF_ROWS, when set, keeps only
// the rows whose name contains it (PTYPERF_ROWS=100x100); PTYPERF_DIST=1
// also logs each program's percentiles of the time to the last byte.
func TestPtyPerf(t *testing.T) {
	progs := []program{{name: "new", bin: copied(t, binary(t))}}
	if rev := os.Getenv("PTYPERF_OLD"); rev != "" {
		progs = append([]program{{name: "old " + rev, bin: copied(t, buildAt(t, rev))}}, progs...)
	}
	for _, bin := range filepath.SplitList(os.Getenv("PTYPERF_BINS")) { // more builds to compare
		progs = append(progs, program{name: filepath.Base(bin), bin: copied(t, bin)})
	}
	for _, name := range []string{"freesweep", "/usr/games/freesweep"} { // Debian puts it out of root's PATH
		if bin, err := exec.LookPath(name); err == nil {
			progs = append(progs, program{name: "freesweep", bin: bin, other: freesweep})
			break
		}
	}
	progs = append(progs,
		program{name: "floor: cat in raw mode", bin: "sh", floor: true, args: []string{"-c", "stty raw -echo; exec cat"}},
		program{name: "floor: a Go echo", bin: "sh", floor: true, args: []string{"-c", "stty raw -echo; exec " + buildGoEcho(t)}})
	moves := 101
	if n, err := strconv.Atoi(os.Getenv("PTYPERF_KEYS")); err == nil && n > 0 {
		moves = n
	}
	var report strings.Builder
	fmt.Fprintf(&report, "| measure |")
	for _, p := range progs {
		fmt.Fprintf(&report, " %s |", p.name)
	}
	report.WriteString("\n")
	for _, m := range measures {
		if only := os.Getenv("PTYPERF_ROWS"); only != "" && !strings.Contains(m.name, only) {
			continue
		}
		board := m.name[:strings.Index(m.name, ",")]
		row := []string{m.name + ": bytes/key, key → last byte"}
		first := []string{"first board frame, " + board}
		idle := []string{"idle, the clock running: bytes per second, " + board}
		terms := make([]*ptyTerm, len(progs))
		setups := make([][]string, len(progs))
		for i, p := range progs {
			args, setup := m.args, m.setup
			switch {
			case p.floor:
				args, setup = p.args, nil
			case p.other != nil:
				var ok bool
				if args, setup, ok = p.other(m); !ok {
					continue // not this board: a blank column
				}
			}
			terms[i], setups[i] = startPty(t, p.bin, m.w, m.h, args...), setup
		}
		time.Sleep(300 * time.Millisecond) // the menus, drawn
		for i, p := range progs {
			if p.floor || terms[i] == nil {
				first = append(first, "")
				continue
			}
			var n int
			for _, k := range setups[i] {
				n, _ = terms[i].send(k)
			}
			first = append(first, fmt.Sprintf("%d B", n))
		}
		sizes := make([][]int, len(progs))
		times := make([][]time.Duration, len(progs))
		rng := rand.New(rand.NewPCG(1, 2))
		for k := range moves {
			for _, i := range rng.Perm(len(progs)) { // a new order each round: see TestPtyPerf
				if terms[i] == nil {
					continue
				}
				n, took := terms[i].send(m.keys[k%2])
				sizes[i], times[i] = append(sizes[i], n), append(times[i], took)
			}
		}
		for i, p := range progs {
			if terms[i] == nil {
				row, idle = append(row, "—"), append(idle, "")
				continue
			}
			row = append(row, fmt.Sprintf("%d B, %.2f ms", median(sizes[i]), float64(median(times[i]).Microseconds())/1000))
			if os.Getenv("PTYPERF_DIST") != "" {
				s := slices.Clone(times[i])
				slices.Sort(s)
				var q []string
				for _, pc := range []int{5, 10, 25, 50, 75, 90, 95} {
					q = append(q, fmt.Sprintf("%d", s[pc*len(s)/100].Microseconds()))
				}
				t.Logf("%s: µs at 5 10 25 50 75 90 95%%: %s", p.name, strings.Join(q, " "))
			}
			if m.idle && !p.floor {
				idle = append(idle, fmt.Sprintf("%d B", terms[i].idle(3)/3))
			} else if m.idle {
				idle = append(idle, "")
			}
		}
		for _, term := range terms {
			if term != nil {
				term.stop()
			}
		}
		fmt.Fprintf(&report, "| %s |\n", strings.Join(row, " | "))
		if m.first {
			fmt.Fprintf(&report, "| %s |\n", strings.Join(first, " | "))
		}
		if m.idle {
			fmt.Fprintf(&report, "| %s |\n", strings.Join(idle, " | "))
		}
	}
	t.Log("\n" + report.String())
}

// copied returns a copy of the binary bin, which TestPtyPerf runs in its
// place. The binary the linker had just written answered keys slower than
// other files of the same bytes in other columns of the same run (copies,
// and the same code linked an hour before): at 100 x 100, in 15 runs of 15,
// by 0.05 to 0.38 ms (median 0.17), whatever the order the programs were
// started in and sent keys in. Run from a copy, it was as fast as they
// were, and the build linked an hour before was slower than it in 5 runs
// of 5 (by 0.04 to 0.19 ms). Why was not found (the linker writes its file
// through mmap(2), a copy is written through write(2)).
func copied(t *testing.T, bin string) string {
	t.Helper()
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), filepath.Base(bin))
	if err := os.WriteFile(out, b, 0o755); err != nil {
		t.Fatal(err)
	}
	return out
}

// buildAt builds termgames as it was at git revision rev.
func buildAt(t *testing.T, rev string) string {
	t.Helper()
	dir := t.TempDir()
	archive := exec.Command("git", "archive", rev)
	tar := exec.Command("tar", "-x", "-C", dir)
	var err error
	if tar.Stdin, err = archive.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := tar.Start(); err != nil {
		t.Fatal(err)
	}
	if err := archive.Run(); err != nil {
		t.Fatalf("git archive %s: %v", rev, err)
	}
	if err := tar.Wait(); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "termgames-"+rev)
	build := exec.Command("go", "build", "-o", out, ".")
	build.Dir = dir
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", rev, err, msg)
	}
	return out
}

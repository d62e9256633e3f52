//go:build ptyperf && !windows

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// The pty measurement behind the README's performance table: termgames in
// a real pseudo-terminal, keys sent one at a time, and the bytes each key
// brings back and the time to its last byte taken as medians. The binary of
// this tree is compared with the one built from the git revision in
// PTYPERF_OLD (none: this tree only):
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
	last time.Time // when the latest bytes arrived
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
			p.last = now
			if bytes.Contains(buf[:n], []byte("\x1b[6n")) {
				ptmx.Write([]byte("\x1b[1;2R")) // □ is one column wide here
			}
			p.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_, _ = cmd.Process.Wait()
		ptmx.Close()
	})
	return p
}

// quiet is how long without output ends the answer to a key.
const quiet = 60 * time.Millisecond

// send types keys and waits until the program has been quiet for a while;
// it returns the bytes written since and the time from the keys to the
// last of them.
func (p *ptyTerm) send(keys string) (n int, took time.Duration) {
	p.mu.Lock()
	from := len(p.out)
	p.mu.Unlock()
	sent := time.Now()
	p.ptmx.Write([]byte(keys))
	deadline := sent.Add(5 * time.Second)
	for time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		p.mu.Lock()
		n, last := len(p.out)-from, p.last
		p.mu.Unlock()
		if n > 0 && time.Since(last) > quiet {
			return n, last.Sub(sent)
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
	first bool // report the bytes of the last setup step: the board's first frame
	idle  bool // report the bytes written while idle, the clock running
	// floor runs cat in raw mode instead of termgames: the key comes back
	// as it went, and its time is the pseudo-terminal's round trip, which
	// every program pays (measured in each column, at that column's time).
	floor bool
}

var measures = []measure{
	{"omok 15x15, ← →", 100, 40, []string{"omok"}, []string{"1\r", "1\r"}, [2]string{"\x1b[C", "\x1b[D"}, true, false, false},
	{"omok 15x15, ↑ ↓", 100, 40, []string{"omok"}, []string{"1\r", "1\r"}, [2]string{"\x1b[B", "\x1b[A"}, false, false, false},
	{"minesweeper 9x9, ← →", 100, 40, []string{"minesweeper", "-seed", "1"}, []string{"1\r", "\r"}, [2]string{"\x1b[C", "\x1b[D"}, false, true, false},
	{"minesweeper 16x30, ← →", 100, 40, []string{"minesweeper", "-seed", "1"}, []string{"3\r", "\r"}, [2]string{"\x1b[C", "\x1b[D"}, false, false, false},
	{"minesweeper 16x30, ↑ ↓", 100, 40, []string{"minesweeper", "-seed", "1"}, []string{"3\r", "\r"}, [2]string{"\x1b[B", "\x1b[A"}, false, false, false},
	{"minesweeper 100x100, ← →", 210, 110, []string{"minesweeper", "-seed", "1"}, []string{"4\r", "100\r", "100\r", "1500\r", "\r"}, [2]string{"\x1b[C", "\x1b[D"}, false, false, false},
	{"the floor: cat in raw mode, ← →", 100, 40, []string{"-c", "stty raw -echo; exec cat"}, nil, [2]string{"\x1b[C", "\x1b[D"}, false, false, true},
}

func median[T int | time.Duration](v []T) T {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

func TestPtyPerf(t *testing.T) {
	bins := [][2]string{{"new", binary(t)}}
	if rev := os.Getenv("PTYPERF_OLD"); rev != "" {
		bins = append([][2]string{{"old " + rev, buildAt(t, rev)}}, bins...)
	}
	const moves = 41
	var report strings.Builder
	fmt.Fprintf(&report, "| measure |")
	for _, b := range bins {
		fmt.Fprintf(&report, " %s |", b[0])
	}
	report.WriteString("\n")
	for _, m := range measures {
		row := []string{m.name + ": bytes/key, key → last byte"}
		first := []string{"first board frame, " + m.name[:strings.Index(m.name, ",")]}
		idle := []string{"idle, the clock running: bytes per second, " + m.name[:strings.Index(m.name, ",")]}
		for _, b := range bins {
			bin := b[1]
			if m.floor {
				bin = "sh"
			}
			p := startPty(t, bin, m.w, m.h, m.args...)
			time.Sleep(300 * time.Millisecond) // the menu, drawn
			var n int
			for _, k := range m.setup {
				n, _ = p.send(k)
			}
			first = append(first, fmt.Sprintf("%d B", n))
			var sizes []int
			var times []time.Duration
			for i := range moves {
				n, took := p.send(m.keys[i%2])
				sizes, times = append(sizes, n), append(times, took)
			}
			row = append(row, fmt.Sprintf("%d B, %.2f ms", median(sizes), float64(median(times).Microseconds())/1000))
			if m.idle {
				idle = append(idle, fmt.Sprintf("%d B", p.idle(3)/3))
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

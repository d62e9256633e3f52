//go:build !windows

// Package ptytest runs a program in a real pseudo-terminal for end-to-end
// tests: it types keys, reads the screen through vtmodel, resizes, sends
// signals, and reads the terminal's settings so that a test can check they
// are the same after the program as before it. Only tests import it.
package ptytest

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/mattn/go-runewidth"
	"golang.org/x/sys/unix"
	"golang.org/x/term"

	"termgames/internal/vtmodel"
)

// Timeout bounds every wait: a program that hangs fails the test instead of
// hanging it.
const Timeout = 15 * time.Second

// Term is a program running in a pseudo-terminal.
type Term struct {
	t      testing.TB
	Screen *vtmodel.Screen
	ptmx   *os.File
	tty    *os.File
	cmd    *exec.Cmd
	exited chan struct{}
	read   chan struct{}
	before *term.State // the settings before the program started
	final  *term.State // the settings when the program had exited
}

// Start runs cmd on a new pseudo-terminal of the given size, as the
// controlling terminal of a new session (so it gets SIGWINCH and a hangup
// as a real terminal's program would). w gives the modelled terminal's
// character widths.
func Start(t testing.TB, cmd *exec.Cmd, width, height int, w *runewidth.Condition) *Term {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("ptytest: open: %v", err)
	}
	if err := pty.Setsize(ptmx, &pty.Winsize{Cols: uint16(width), Rows: uint16(height)}); err != nil {
		t.Fatalf("ptytest: size: %v", err)
	}
	// The settings to compare with afterwards are read before the program
	// starts: read after, they may already be the program's raw ones (a
	// race that a loaded machine loses often).
	before, err := term.GetState(int(tty.Fd()))
	if err != nil {
		t.Fatalf("ptytest: get state: %v", err)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("ptytest: start: %v", err)
	}
	tm := &Term{t: t, Screen: vtmodel.New(width, height, w), ptmx: ptmx, tty: tty, cmd: cmd,
		exited: make(chan struct{}), read: make(chan struct{}), before: before}
	tm.Screen.AnswerTo(ptmx)
	go func() {
		_ = cmd.Wait()
		close(tm.exited)
	}()
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			tm.Screen.Write(buf[:n])
			if err != nil {
				close(tm.read)
				return
			}
		}
	}()
	t.Cleanup(func() {
		// exited, not cmd.ProcessState, which Wait sets on its own
		// goroutine: a program that exited without the test waiting for
		// it (an ssh client killed) would be a data race.
		select {
		case <-tm.exited:
		default:
			_ = cmd.Process.Kill()
			<-tm.exited
		}
		tty.Close()
		ptmx.Close()
	})
	return tm
}

// Env is this process's environment as a program in the modelled terminal
// should see it, whatever the machine running the tests has: an xterm
// (TERM=xterm-256color) with a UTF-8 locale (LANG=C.UTF-8, no LC_ALL or
// LC_CTYPE), then extra ("NAME=value"), which may say otherwise.
func Env(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "TERM", "LANG", "LC_ALL", "LC_CTYPE":
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "TERM=xterm-256color", "LANG=C.UTF-8")
	return append(env, extra...)
}

// Before returns the terminal's settings (termios) from before the program
// started: what it must leave behind.
func (tm *Term) Before() *term.State { return tm.before }

// State returns the terminal's settings (termios): now, or as the program
// left them once Wait has returned.
func (tm *Term) State() *term.State {
	tm.t.Helper()
	if tm.final != nil {
		return tm.final
	}
	st, err := term.GetState(int(tm.tty.Fd()))
	if err != nil {
		tm.t.Fatalf("ptytest: get state: %v", err)
	}
	return st
}

// Send types s, as one write.
func (tm *Term) Send(s string) {
	tm.t.Helper()
	if _, err := tm.ptmx.Write([]byte(s)); err != nil {
		tm.t.Fatalf("ptytest: send %q: %v", s, err)
	}
}

// Resize changes the terminal's size; the kernel sends SIGWINCH.
func (tm *Term) Resize(width, height int) {
	tm.t.Helper()
	tm.Screen.Resize(width, height)
	if err := pty.Setsize(tm.ptmx, &pty.Winsize{Cols: uint16(width), Rows: uint16(height)}); err != nil {
		tm.t.Fatalf("ptytest: resize: %v", err)
	}
}

// Signal sends sig to the program.
func (tm *Term) Signal(sig os.Signal) {
	tm.t.Helper()
	if err := tm.cmd.Process.Signal(sig); err != nil {
		tm.t.Fatalf("ptytest: signal %v: %v", sig, err)
	}
}

// SignalForeground sends sig to the terminal's foreground process group,
// as the terminal itself does for Ctrl-C or Ctrl-Z in cooked mode: the
// program, or the job a shell on the terminal runs.
func (tm *Term) SignalForeground(sig syscall.Signal) {
	tm.t.Helper()
	pgrp, err := unix.IoctlGetInt(int(tm.ptmx.Fd()), unix.TIOCGPGRP)
	if err != nil {
		tm.t.Fatalf("ptytest: foreground group: %v", err)
	}
	if err := syscall.Kill(-pgrp, sig); err != nil {
		tm.t.Fatalf("ptytest: signal %v to group %d: %v", sig, pgrp, err)
	}
}

// WaitFor waits until the screen contains text, and returns the screen.
func (tm *Term) WaitFor(text string) string {
	tm.t.Helper()
	return tm.WaitUntil("the screen shows "+text, func(s string) bool { return strings.Contains(s, text) })
}

// WaitUntil waits until ok accepts the screen text, and returns it.
func (tm *Term) WaitUntil(what string, ok func(screen string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		s := tm.Screen.Text()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("ptytest: timed out waiting until %s; the screen:\n%s", what, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Wait waits for the program to exit and returns its exit status (-1 when
// a signal killed it).
func (tm *Term) Wait() int {
	tm.t.Helper()
	select {
	case <-tm.exited:
	case <-time.After(Timeout):
		tm.t.Fatalf("ptytest: the program did not exit; the screen:\n%s", tm.Screen.Text())
	}
	tm.final = tm.State()
	// With the last holder of the terminal closed, the reader drains what
	// the program wrote last and then meets the end.
	tm.tty.Close()
	select {
	case <-tm.read:
	case <-time.After(Timeout):
		tm.t.Fatal("ptytest: the terminal's output did not end")
	}
	return tm.cmd.ProcessState.ExitCode()
}

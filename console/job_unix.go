//go:build !windows

package console

import (
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// jobSignals are handled besides the stop signals: SIGQUIT (restore, then
// Go's dump) and SIGTSTP (suspend).
var jobSignals = []os.Signal{syscall.SIGQUIT, syscall.SIGTSTP}

// suspendByKey: the key Ctrl-Z suspends, as in a cooked terminal (raw mode
// turns off the terminal's own ISIG, so Run does it).
const suspendByKey = true

// termNeeded: every Unix terminal sets TERM; none set means no terminal
// that takes escape sequences (a cron job, an editor's pipe).
const termNeeded = true

// resumeWait bounds the wait for SIGCONT after stopping, in case the stop
// did not take.
const resumeWait = time.Second

// job handles SIGQUIT and SIGTSTP, and reports whether sig was one.
func (w *watcher) job(sig os.Signal) bool {
	switch sig {
	case syscall.SIGQUIT:
		w.quit()
	case syscall.SIGTSTP:
		w.suspend()
	default:
		return false
	}
	return true
}

// quit restores the terminal, then lets SIGQUIT do what it does to every
// Go program: print every goroutine's stack (now on a sane terminal, where
// it can be read) and exit with status 2.
func (w *watcher) quit() {
	w.term.close()
	signal.Reset(syscall.SIGQUIT)
	_ = syscall.Kill(syscall.Getpid(), syscall.SIGQUIT)
	time.Sleep(stopGrace)
	os.Exit(128 + int(syscall.SIGQUIT)) // only if the dump did not end it
}

// suspend does what vim and tcell programs do on SIGTSTP or Ctrl-Z: it
// leaves the terminal as the player had it, stops the process group (as
// the terminal's own Ctrl-Z would), and once continued (SIGCONT, the
// shell's fg) takes the terminal back and has the loop redraw everything.
//
// The stop is SIGSTOP, not SIGTSTP after signal.Reset as tcell's docs
// suggest: once SIGTSTP has been passed to Notify, Go (1.26, Linux) keeps
// its own handler after Reset (runtime.sigdisable keeps it wherever
// sigInstallGoHandler is true), and that handler drops a SIGTSTP nobody
// asked for, so the program would never stop. SIGSTOP cannot be caught;
// it is sent only where a job-control shell can continue the program.
func (w *watcher) suspend() {
	if !stoppable() {
		return // nobody could continue it: Ctrl-Z does nothing
	}
	w.term.leave()
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	_ = syscall.Kill(0, syscall.SIGSTOP)
	select {
	case <-cont:
	case <-time.After(resumeWait):
	}
	signal.Stop(cont)
	if w.term.enter() == nil {
		w.resumed()
	}
}

// stoppable reports whether a shell with job control can continue this
// process once stopped: its parent is in the same session but another
// process group (the shell, running us as a job). A process group without
// such a parent is orphaned: the system drops the terminal's stop signals
// for it, and so does suspend.
func stoppable() bool {
	parent := syscall.Getppid()
	ps, err := unix.Getsid(parent)
	if err != nil {
		return false
	}
	ours, err := unix.Getsid(0)
	if err != nil {
		return false
	}
	pg, err := syscall.Getpgid(parent)
	return err == nil && ps == ours && pg != syscall.Getpgrp()
}

package console

import (
	"context"
	"os"
	"os/signal"
	"time"
)

// watcher serves the signals Run handles, and a Ctrl-C the reader saw, on a
// goroutine of its own: the loop may be stuck in a screen's Update, and a
// stop must still restore the terminal and end the program.
type watcher struct {
	term    *terminal
	leaving <-chan struct{} // closed once Run has left the terminal

	sigs     chan os.Signal // what signal.Notify delivers
	ctrlCs   chan struct{}  // the reader saw byte 3
	suspends chan struct{}  // the key Ctrl-Z (Unix)
	done     chan struct{}

	stop    context.CancelCauseFunc // to the loop: leave with *Interrupted
	resumed func()                  // to the loop: back from a suspend, redraw
}

func newWatcher(t *terminal, leaving <-chan struct{}, stop context.CancelCauseFunc, resumed func()) *watcher {
	w := &watcher{
		term: t, leaving: leaving,
		sigs:     make(chan os.Signal, 4),
		ctrlCs:   make(chan struct{}, 1),
		suspends: make(chan struct{}, 1),
		done:     make(chan struct{}),
		stop:     stop,
		resumed:  resumed,
	}
	// Caught before the terminal goes raw, so that none can end the
	// program between the two with the terminal left raw.
	signal.Notify(w.sigs, append(stopSignals[:len(stopSignals):len(stopSignals)], jobSignals...)...)
	return w
}

// end ends the watching; signals take their default action again.
func (w *watcher) end() {
	signal.Stop(w.sigs)
	close(w.done)
}

// ctrlC tells the watcher that the player pressed Ctrl-C.
func (w *watcher) ctrlC() { poke(w.ctrlCs) }

// suspendNow asks for a suspend, as SIGTSTP does; the driver calls it for
// the key Ctrl-Z.
func (w *watcher) suspendNow() { poke(w.suspends) }

func (w *watcher) run() {
	for {
		select {
		case sig := <-w.sigs:
			if w.job(sig) {
				continue
			}
			why := &Interrupted{Signal: sig}
			w.stop(why) // the first cause stays: a stop is already on its way
			w.await(why)
		case <-w.ctrlCs:
			// The loop reads the same byte as a Ctrl-C key and leaves.
			w.await(&Interrupted{})
		case <-w.suspends:
			w.suspend()
		case <-w.done:
			return
		}
	}
}

// await gives the loop stopGrace to leave. If it has not, it is stuck in a
// screen: the terminal is restored and the program ends here, with the
// status the loop would have given.
func (w *watcher) await(why *Interrupted) {
	select {
	case <-w.leaving:
	case <-w.done:
	case <-time.After(stopGrace):
		w.term.close()
		os.Exit(why.ExitCode())
	}
}

package console

import (
	"sync"
	"time"
)

// reliefLook is how often relief looks at the reader's step while steps
// come, and reliefQuiet how many looks in a row that find no new step put
// it to sleep: a step stuck in a screen is found within two looks, and a
// player who pauses stops the looks two seconds later.
const (
	reliefLook  = 100 * time.Millisecond
	reliefQuiet = 20
)

// relief watches the steps the reader runs (see loop.read): when one runs
// through two looks, the reader is stuck in a screen, and relief starts
// another reader so that a Ctrl-C typed meanwhile is still read. The stuck
// reader ends when its step does (end reports it).
//
// It is a timer that keeps looking while steps come, not one set for each
// step: setting a timer wakes another thread of the program to watch the
// timers, and on a key's way to the screen that wake-up was a tenth of the
// key's time in a pseudo-terminal (0.01 to 0.2 ms). So only the first key
// after a pause sets it; the others find it running.
type relief struct {
	mu     sync.Mutex
	timer  *time.Timer
	every  time.Duration
	take   func() // starts another reader
	armed  bool
	closed bool
	begun  uint64 // steps begun, ever: a step's number
	step   uint64 // the step running now; 0: none
	gave   uint64 // the step another reader took over from
	seen   uint64 // begun at the last look
	saw    uint64 // step at the last look
	quiet  int    // looks in a row with no step begun or running
}

func newRelief(every time.Duration, take func()) *relief {
	r := &relief{every: every, take: take}
	r.timer = time.AfterFunc(time.Hour, r.look)
	r.timer.Stop()
	return r
}

// begin notes that the reader starts a step, and returns its number.
func (r *relief) begin() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.begun++
	r.step = r.begun
	if !r.armed && !r.closed {
		r.armed, r.quiet = true, 0
		r.timer.Reset(r.every)
	}
	return r.step
}

// end notes that step n ended, and reports whether another reader took
// over meanwhile: then the one that ran it stops reading.
func (r *relief) end(n uint64) (relieved bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.step = 0
	return r.gave == n
}

// look is the timer's: it starts another reader when the step seen at
// the last look is still running, and looks again unless the steps have
// stopped coming (or the step is stuck and another reader already reads).
func (r *relief) look() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	if r.step != 0 && r.step == r.saw && r.gave != r.step {
		r.gave = r.step
		go r.take()
	}
	if r.step == 0 && r.begun == r.seen {
		r.quiet++
	} else {
		r.quiet = 0
	}
	r.seen, r.saw = r.begun, r.step
	if r.quiet >= reliefQuiet || (r.step != 0 && r.gave == r.step) {
		r.armed = false
		return
	}
	r.timer.Reset(r.every)
}

// stop ends the looks for good: Run is returning, and no reader may start.
func (r *relief) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed, r.armed = true, false
	r.timer.Stop()
}

//go:build !windows

package console

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// errStopped is what a Read waiting in an input returns once it is stopped.
var errStopped = errors.New("console: input stopped")

// input reads the terminal so that a Read waiting for a key can be called
// off: Run stops its reader when it returns, so that no goroutine is left
// behind holding the next key the player types (which would be lost to a
// later Run, or to whatever reads the terminal after the program).
//
// On Linux the terminal is opened again, non-blocking, on Go's poller
// (pollable): a Read waiting for a key then parks the goroutine, not a
// thread, and the loop it wakes runs at once on the same thread, where a
// read blocked in a system call hands the loop over to another thread
// (a wake-up of an idle CPU on every key; docs/performance.md has what it
// costs). Stop sets a deadline in the past. It is
// a new open file, so that standard input stays blocking for whatever
// reads it after the program.
//
// Elsewhere, or when that fails, a Read first waits in select(2) for the
// terminal or a pipe that Stop closes, then reads only what is there.
// select, not poll: poll does not work on terminals in macOS.
type input struct {
	f            *os.File
	poll         *os.File // the terminal on the poller; nil: select
	stopR, stopW int      // the pipe; -1 when there is none
}

func newInput(f *os.File) *input {
	if p := pollable(f); p != nil {
		return &input{f: f, poll: p, stopR: -1, stopW: -1}
	}
	return newSelectInput(f)
}

// newSelectInput returns an input that waits in select(2).
func newSelectInput(f *os.File) *input {
	in := &input{f: f, stopR: -1, stopW: -1}
	var p [2]int
	if int(f.Fd()) >= unix.FD_SETSIZE || unix.Pipe(p[:]) != nil {
		return in // reads then simply block, as before
	}
	unix.CloseOnExec(p[0])
	unix.CloseOnExec(p[1])
	in.stopR, in.stopW = p[0], p[1]
	return in
}

// Read waits for the terminal's bytes, or for Stop.
func (in *input) Read(b []byte) (int, error) {
	if in.poll != nil {
		n, err := in.poll.Read(b)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			err = errStopped
		}
		return n, err
	}
	if in.stopR < 0 {
		return in.f.Read(b)
	}
	fd := int(in.f.Fd())
	for {
		var set unix.FdSet
		set.Set(fd)
		set.Set(in.stopR)
		_, err := unix.Select(max(fd, in.stopR)+1, &set, nil, nil, nil)
		switch {
		case errors.Is(err, unix.EINTR):
			continue // a signal (SIGWINCH) came while waiting
		case err != nil:
			return 0, err
		case set.IsSet(in.stopR):
			return 0, errStopped
		case set.IsSet(fd):
			return in.f.Read(b)
		}
	}
}

// Stop makes a Read waiting now, and every later one, return errStopped.
func (in *input) Stop() {
	if in.poll != nil {
		_ = in.poll.SetReadDeadline(time.Now())
	}
	if in.stopW >= 0 {
		unix.Close(in.stopW)
		in.stopW = -1
	}
}

// Close frees the pipe; only the goroutine that reads calls it, when it
// is done reading.
func (in *input) Close() {
	if in.poll != nil {
		in.poll.Close()
	}
	if in.stopR >= 0 {
		unix.Close(in.stopR)
		in.stopR = -1
	}
}

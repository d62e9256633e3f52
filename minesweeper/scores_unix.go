//go:build unix

package minesweeper

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// openNoWait opens name for reading without waiting: O_NONBLOCK makes the
// open of a named pipe return at once instead of blocking until some
// program opens it for writing. Reads of a regular file ignore the flag.
func openNoWait(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// tryLock asks for f's exclusive advisory lock without waiting; busy
// means another program holds it.
func tryLock(f *os.File) (busy bool, err error) {
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	if errors.Is(err, unix.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}

// unlockFile gives the lock back (closing f would too).
func unlockFile(f *os.File) { _ = unix.Flock(int(f.Fd()), unix.LOCK_UN) }

package minesweeper

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// openNoWait opens name for reading. Windows has no named pipes in the
// file system that an open could wait on, so a plain open is enough.
func openNoWait(name string) (*os.File, error) { return os.Open(name) }

// tryLock asks for an exclusive lock on f's first byte without waiting
// (LockFileEx with LOCKFILE_FAIL_IMMEDIATELY); busy means another program
// holds it. Every program locks the same byte, so it works as flock does.
func tryLock(f *os.File) (busy bool, err error) {
	var ol windows.Overlapped
	err = windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return true, nil
	}
	return false, err
}

// unlockFile gives the lock back (closing f would too).
func unlockFile(f *os.File) {
	var ol windows.Overlapped
	_ = windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}

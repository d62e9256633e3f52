package console

import (
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// pollable opens the terminal f again, non-blocking, as a file on Go's
// poller; nil when it cannot. /proc/self/fd/N opens the device anew: a new
// open file, whose O_NONBLOCK is its own, not standard input's.
func pollable(f *os.File) *os.File {
	fd, err := unix.Open("/proc/self/fd/"+strconv.Itoa(int(f.Fd())), unix.O_RDONLY|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	p := os.NewFile(uintptr(fd), f.Name())
	// Only a file on the poller takes deadlines: one that is not would
	// answer every Read at once with EAGAIN.
	if p.SetReadDeadline(time.Time{}) != nil {
		p.Close()
		return nil
	}
	return p
}

//go:build !windows

package console

import (
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/term"
)

// An input reads what the terminal sends, and Stop ends a Read waiting for
// more; on Linux it waits on Go's poller, elsewhere in select(2).
func TestInputReadsAndStops(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if _, err := term.MakeRaw(int(tty.Fd())); err != nil {
		t.Fatal(err)
	}
	in := newInput(tty)
	if runtime.GOOS == "linux" && in.poll == nil {
		t.Error("on Linux the input should wait on the poller")
	}
	got := make(chan error, 1)
	go func() {
		defer in.Close()
		buf := make([]byte, 16)
		n, err := in.Read(buf)
		if err != nil || string(buf[:n]) != "x" {
			got <- fmt.Errorf("the first Read: %q, %v", buf[:n], err)
			return
		}
		_, err = in.Read(buf)
		got <- err
	}()
	ptmx.Write([]byte("x"))
	time.Sleep(50 * time.Millisecond) // the second Read is waiting
	in.Stop()
	select {
	case err := <-got:
		if !errors.Is(err, errStopped) {
			t.Errorf("after Stop, Read returned %v, want errStopped", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Stop did not end the waiting Read")
	}
}

//go:build !windows

package console

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/term"
)

// rawPty opens a pseudo-terminal in raw mode, closed when tb ends.
func rawPty(tb testing.TB) (ptmx, tty *os.File) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		tb.Skip("no pseudo-terminal:", err)
	}
	tb.Cleanup(func() { ptmx.Close(); tty.Close() })
	if _, err := term.MakeRaw(int(tty.Fd())); err != nil {
		tb.Fatal(err)
	}
	return ptmx, tty
}

// An input reads what the terminal sends, and Stop ends a Read waiting for
// more; on Linux it waits on Go's poller, elsewhere in select(2).
func TestInputReadsAndStops(t *testing.T) {
	ptmx, tty := rawPty(t)
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

// BenchmarkKeyHandOff measures a key's way from the terminal to the loop:
// written to the pseudo-terminal, read by the input on its goroutine and
// passed on through a channel, as Run's reader does. "select" is the input
// waiting in select(2) (before, and still off Linux), "poll" on Go's poller.
// It reports x-faster, select over poll. Keys come back to back here; in a
// game they come after a pause, where the thread a select input hands over
// to has gone idle, and the difference is larger (see the README).
//
//	go test -run '^$' -bench KeyHandOff ./console/
func BenchmarkKeyHandOff(b *testing.B) {
	var selectNs float64
	for _, way := range []struct {
		name string
		new  func(*os.File) *input
	}{{"select", newSelectInput}, {"poll", newInput}} {
		b.Run(way.name, func(b *testing.B) {
			ptmx, tty := rawPty(b)
			in := way.new(tty)
			keys := make(chan byte)
			go func() {
				defer in.Close()
				buf := make([]byte, 16)
				for {
					n, err := in.Read(buf)
					for _, c := range buf[:n] {
						keys <- c
					}
					if err != nil {
						close(keys)
						return
					}
				}
			}()
			for b.Loop() {
				ptmx.Write([]byte{'x'})
				<-keys
			}
			in.Stop()
			for range keys {
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if way.name == "select" {
				selectNs = ns
			} else if selectNs > 0 {
				b.ReportMetric(selectNs/ns, "x-faster")
			}
		})
	}
}

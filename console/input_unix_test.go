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

// BenchmarkKeyHandOff measures a key's way from the terminal to the answer
// written back: a key written to the pseudo-terminal, read by the input on
// a goroutine of its own, and one byte written back to the terminal, read
// where the key was written. "select" and "poll" pass the key through a
// channel to another goroutine, which writes the answer, as Run's loop did:
// the input waiting in select(2) (before, and still off Linux) or on Go's
// poller, as Run's loop does now (see core); "reader" is the poller with
// the answer written on the reader's goroutine, as Run's steps were before
// the core was split from the local terminal. It reports x-faster over
// "poll". Keys come back to back here; in a game they come after a pause,
// where a goroutine handed to has gone idle, and the difference is larger
// (see docs/performance.md).
//
//	go test -run '^$' -bench KeyHandOff ./console/
func BenchmarkKeyHandOff(b *testing.B) {
	var pollNs float64
	for _, way := range []struct {
		name    string
		new     func(*os.File) *input
		handOff bool
	}{{"select", newSelectInput, true}, {"poll", newInput, true}, {"reader", newInput, false}} {
		b.Run(way.name, func(b *testing.B) {
			ptmx, tty := rawPty(b)
			in := way.new(tty)
			keys := make(chan byte)
			answer := func(c byte) { tty.Write([]byte{c}) }
			if way.handOff {
				go func() {
					for c := range keys {
						answer(c)
					}
				}()
			}
			done := make(chan struct{})
			go func() {
				defer close(done)
				defer in.Close()
				buf := make([]byte, 16)
				for {
					n, err := in.Read(buf)
					for _, c := range buf[:n] {
						if way.handOff {
							keys <- c
						} else {
							answer(c)
						}
					}
					if err != nil {
						close(keys)
						return
					}
				}
			}()
			got := make([]byte, 16)
			for b.Loop() {
				ptmx.Write([]byte{'x'})
				if _, err := ptmx.Read(got); err != nil {
					b.Fatal(err)
				}
			}
			in.Stop()
			<-done
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if way.name == "poll" {
				pollNs = ns
			} else if way.name == "reader" && pollNs > 0 {
				b.ReportMetric(pollNs/ns, "x-faster")
			}
		})
	}
}

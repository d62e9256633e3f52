package console

import (
	"os"
	"time"

	"golang.org/x/term"
)

// resizePoll is how often the size is read: Windows has no SIGWINCH.
const resizePoll = 250 * time.Millisecond

// watchResize polls the console size and signals ch when it changes.
func watchResize(out *os.File, ch chan<- struct{}) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(resizePoll)
		defer t.Stop()
		w0, h0, _ := term.GetSize(int(out.Fd()))
		for {
			select {
			case <-t.C:
				w, h, _ := term.GetSize(int(out.Fd()))
				if w == w0 && h == h0 {
					continue
				}
				w0, h0 = w, h
				select {
				case ch <- struct{}{}:
				default:
				}
			case <-done:
				return
			}
		}
	}()
	return func() { close(done) }
}

//go:build !windows

package console

import (
	"os"
	"os/signal"
	"syscall"
)

// watchResize signals ch on every SIGWINCH until stop is called.
func watchResize(_ *os.File, ch chan<- struct{}) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGWINCH)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-sig:
				select {
				case ch <- struct{}{}:
				default: // one pending resize is enough: the size is read afresh
				}
			case <-done:
				return
			}
		}
	}()
	return func() { signal.Stop(sig); close(done) }
}

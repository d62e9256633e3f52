//go:build !windows

package console

import (
	"os"
	"os/signal"
	"syscall"
)

// watchResize signals ch on every SIGWINCH until stop is called.
func watchResize(_ *os.File, ch chan<- struct{}) (stop func()) {
	return watchSignal(ch, syscall.SIGWINCH)
}

// watchResume signals ch on every SIGCONT until stop is called: the program
// was stopped, and whatever ran in the terminal meanwhile wrote over it.
func watchResume(ch chan<- struct{}) (stop func()) {
	return watchSignal(ch, syscall.SIGCONT)
}

// watchSignal signals ch on every signal s until stop is called.
func watchSignal(ch chan<- struct{}, s os.Signal) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, s)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-sig:
				select {
				case ch <- struct{}{}:
				default: // one pending signal is enough: the loop reads the state afresh
				}
			case <-done:
				return
			}
		}
	}()
	return func() { signal.Stop(sig); close(done) }
}

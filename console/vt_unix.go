//go:build !windows

package console

import (
	"fmt"
	"os"

	"golang.org/x/term"
)

// rawMode puts the terminal in raw mode and returns how to put back the
// settings found. Every Unix terminal speaks VT: nothing more to ask.
func rawMode(in, _ *os.File) (restore func(), err error) {
	state, err := term.MakeRaw(int(in.Fd()))
	if err != nil {
		return nil, fmt.Errorf("console: raw mode: %w", err)
	}
	return func() { _ = term.Restore(int(in.Fd()), state) }, nil
}

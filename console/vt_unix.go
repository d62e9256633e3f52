//go:build !windows

package console

import (
	"fmt"
	"io"
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

// keyReader is what Run reads keys from: the terminal itself.
func keyReader(in *os.File) io.Reader { return in }

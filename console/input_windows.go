package console

import (
	"io"
	"os"
)

// input reads the console through keyReader (ReadConsoleW, so that Ctrl-Z
// is a key). On Windows a Read waiting for a key cannot be called off
// portably, so Run's reader stays blocked after Run returns: harmless for
// the games, whose program exits as soon as Run returns (the goroutine dies
// with it, and the console mode is restored first); a program that ran Run
// twice could lose the first key of the second Run to the first one's
// reader.
type input struct{ r io.Reader }

func newInput(f *os.File) *input { return &input{r: keyReader(f)} }

// Read reads the console.
func (in *input) Read(b []byte) (int, error) { return in.r.Read(b) }

// Stop does nothing: see input.
func (in *input) Stop() {}

// Close does nothing: see input.
func (in *input) Close() {}

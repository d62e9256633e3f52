package console

import (
	"io"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// The Windows console's modes and input, as plain arithmetic with no build
// tag, so that it is compiled and tested on every system (nothing here runs
// Windows; vt_windows.go only makes the calls).

// Console mode bits, as wincon.h defines them. vt_windows.go checks at
// compile time that they equal golang.org/x/sys/windows's.
const (
	// Input handle.
	winProcessedInput = 0x0001 // the console handles Ctrl-C itself
	winLineInput      = 0x0002 // ReadConsole waits for Enter
	winEchoInput      = 0x0004 // typed keys are echoed
	winMouseInput     = 0x0010 // mouse events reach the program
	winQuickEditMode  = 0x0040 // a click starts a text selection
	winExtendedFlags  = 0x0080 // SetConsoleMode applies QuickEdit and Insert
	winVTInput        = 0x0200 // keys arrive as VT sequences

	// Output handle.
	winVTProcessing             = 0x0004 // VT sequences are interpreted
	winDisableNewlineAutoReturn = 0x0008 // writing the last column does not wrap at once
)

// consoleModes are the input and output modes of a Windows console.
type consoleModes struct{ in, out uint32 }

// gameModes is the one place that says which console modes the games run
// in, given the modes found, and which modes put the console back.
//
// Input: no line editing, echo or Ctrl-C handling by the console (raw
// mode: Ctrl-C arrives as byte 3), keys and mouse as VT sequences, and
// QuickEdit off, or a click would start a selection instead of reaching
// the game; turning QuickEdit off only takes with winExtendedFlags.
// Output: VT sequences interpreted, no wrap at the last column.
//
// Restore: the modes found, with winExtendedFlags added to the input mode
// so that SetConsoleMode applies the QuickEdit and Insert bits found
// (without it, it leaves them as the game set them: QuickEdit off).
func gameModes(found consoleModes) (set, restore consoleModes) {
	set.in = found.in&^(winProcessedInput|winLineInput|winEchoInput|winQuickEditMode) |
		winVTInput | winMouseInput | winExtendedFlags
	set.out = found.out | winVTProcessing | winDisableNewlineAutoReturn
	restore = consoleModes{in: found.in | winExtendedFlags, out: found.out}
	return set, restore
}

// utf16Keys turns what ReadConsoleW gives (UTF-16) into the UTF-8 bytes the
// decoder reads. Unlike Go's own console reader, it gives every unit as
// read: Go's turns a leading 0x1A (Ctrl-Z) into end-of-input, which ended
// the game with "the terminal closed its input". A surrogate pair split
// between two reads is kept until its second half comes.
type utf16Keys struct {
	high uint16 // the first half of a pair, waiting for the second; 0 if none
}

// append decodes units onto dst.
func (k *utf16Keys) append(dst []byte, units []uint16) []byte {
	for _, u := range units {
		r := rune(u)
		switch {
		case k.high != 0:
			if utf16.IsSurrogate(r) && u >= 0xdc00 {
				r = utf16.DecodeRune(rune(k.high), r)
				k.high = 0
				break
			}
			dst = utf8.AppendRune(dst, utf8.RuneError) // a lone first half
			k.high = 0
			if utf16.IsSurrogate(r) && u < 0xdc00 {
				k.high = u
				continue
			}
		case utf16.IsSurrogate(r) && u < 0xdc00:
			k.high = u
			continue
		case utf16.IsSurrogate(r):
			r = utf8.RuneError // a lone second half
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// consoleKeys reads keys from a Windows console with ReadConsoleW (read)
// instead of Go's console reader, which ends input at a Ctrl-Z. A read of
// nothing is not the end either while the console is still open (open):
// only a failed read, or a console gone, ends the input.
type consoleKeys struct {
	read    func(units []uint16) (int, error)
	open    func() bool
	units   [1024]uint16 // ReadConsoleW fails on very large buffers (Go reads at most 10000)
	keys    utf16Keys
	buf     []byte
	pending []byte // decoded, not yet handed out
}

// emptyReadPause keeps a console that keeps answering "nothing" from
// spinning the reader.
const emptyReadPause = 10 * time.Millisecond

// Read returns the next keys as UTF-8, 0x1A included.
func (c *consoleKeys) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for len(c.pending) == 0 {
		n, err := c.read(c.units[:])
		if err != nil {
			return 0, err
		}
		if n == 0 {
			if !c.open() {
				return 0, io.EOF
			}
			time.Sleep(emptyReadPause)
			continue
		}
		c.buf = c.keys.append(c.buf[:0], c.units[:n])
		c.pending = c.buf
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

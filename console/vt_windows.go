package console

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// enableVT asks the Windows console to interpret VT sequences on output
// (x/term's MakeRaw already asked for VT input), and returns how to put the
// old mode back. A console too old for VT gets a clear error, not garbage.
func enableVT(out *os.File) (restore func(), err error) {
	h := windows.Handle(out.Fd())
	var mode uint32
	if err := windows.GetConsoleMode(h, &mode); err != nil {
		return nil, errors.New("console: not a Windows console: use Windows Terminal or a console with VT support")
	}
	want := mode | windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING | windows.DISABLE_NEWLINE_AUTO_RETURN
	if err := windows.SetConsoleMode(h, want); err != nil {
		return nil, errors.New("console: this console has no VT support: use Windows Terminal or Windows 10 or later")
	}
	return func() { _ = windows.SetConsoleMode(h, mode) }, nil
}

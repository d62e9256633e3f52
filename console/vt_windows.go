package console

import (
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/windows"
)

// winconsole.go keeps its own copies of the mode bits, so that its
// arithmetic builds and is tested everywhere; each line here fails to
// compile (constant index out of range) if a copy differs from the SDK's.
var (
	_ = [1]struct{}{}[winProcessedInput^windows.ENABLE_PROCESSED_INPUT]
	_ = [1]struct{}{}[winLineInput^windows.ENABLE_LINE_INPUT]
	_ = [1]struct{}{}[winEchoInput^windows.ENABLE_ECHO_INPUT]
	_ = [1]struct{}{}[winMouseInput^windows.ENABLE_MOUSE_INPUT]
	_ = [1]struct{}{}[winQuickEditMode^windows.ENABLE_QUICK_EDIT_MODE]
	_ = [1]struct{}{}[winExtendedFlags^windows.ENABLE_EXTENDED_FLAGS]
	_ = [1]struct{}{}[winVTInput^windows.ENABLE_VIRTUAL_TERMINAL_INPUT]
	_ = [1]struct{}{}[winVTProcessing^windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING]
	_ = [1]struct{}{}[winDisableNewlineAutoReturn^windows.DISABLE_NEWLINE_AUTO_RETURN]
)

// rawMode sets the console modes gameModes computes (raw VT input, mouse,
// QuickEdit off; VT output) and returns how to put back the modes found.
// A console too old for VT gets a clear error, not garbage.
func rawMode(in, out *os.File) (restore func(), err error) {
	hin, hout := windows.Handle(in.Fd()), windows.Handle(out.Fd())
	var found consoleModes
	if err := windows.GetConsoleMode(hin, &found.in); err != nil {
		return nil, fmt.Errorf("console: raw mode: %w", err)
	}
	if err := windows.GetConsoleMode(hout, &found.out); err != nil {
		return nil, errors.New("console: not a Windows console: use Windows Terminal or a console with VT support")
	}
	set, back := gameModes(found)
	if err := windows.SetConsoleMode(hin, set.in); err != nil {
		return nil, errors.New("console: this console has no VT input: use Windows Terminal or Windows 10 or later")
	}
	if err := windows.SetConsoleMode(hout, set.out); err != nil {
		_ = windows.SetConsoleMode(hin, back.in)
		return nil, errors.New("console: this console has no VT support: use Windows Terminal or Windows 10 or later")
	}
	return func() {
		_ = windows.SetConsoleMode(hout, back.out)
		_ = windows.SetConsoleMode(hin, back.in)
	}, nil
}

// keyReader is what Run reads keys from: on a console, ReadConsoleW
// through consoleKeys, so that Ctrl-Z is a key and not the end of input.
func keyReader(in *os.File) io.Reader {
	h := windows.Handle(in.Fd())
	var mode uint32
	if windows.GetConsoleMode(h, &mode) != nil {
		return in // not a console: Run refuses it anyway
	}
	return &consoleKeys{
		read: func(units []uint16) (int, error) {
			var n uint32
			err := windows.ReadConsole(h, &units[0], uint32(len(units)), &n, nil)
			return int(n), err
		},
		open: func() bool { return windows.GetConsoleMode(h, &mode) == nil },
	}
}

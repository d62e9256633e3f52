// Package console is the terminal layer that every game stands on: raw mode,
// keys and mouse, frames, resize, and a terminal that is always restored.
// It knows nothing of any game.
//
// A game is a Screen: Update turns one Event into the next Screen, View turns
// the current state into a Frame. Update is pure and quick; work that is not
// (file I/O, a computer thinking) leaves it as a Cmd returned with Do, which
// the driver runs off the UI goroutine and answers with a ResultEvent.
//
// The files, by role:
//
//	console.go    Screen, Event, keys, Exit: the words every screen uses
//	driver.go     Driver: the screen, the size, the clock, the decoder and
//	              the commands; the core, the tests and the fuzz targets
//	              all drive screens through it
//	core.go       the core: a Driver on a Stream (any reader, writer and
//	              stream of sizes), one reader and one loop; it reaches
//	              nothing of the process (signals, environment, stdio)
//	run.go        Run, the local front end: the core on the process's own
//	              terminal (raw mode, signals, resize), restored on every
//	              way out
//	stream.go     RunStream, the other front end: the core on a remote
//	              terminal (an SSH session)
//	decode.go     bytes to events; frame.go and render.go: frames to bytes
//	toosmall.go   the one screen shown instead of a frame that does not fit
//	menu.go, transcript.go, wrap.go
//	              the widgets the games share: Menu, LineInput, Transcript,
//	              and Wrap for lines wider than the terminal
//	width.go      the one width measure of ambiguous glyphs
//	*_unix.go, *_windows.go
//	              what differs by system for Run: VT output, resize, the
//	              reader
//
// A test drives a Screen with a Driver (or Feed) and reads its frames with
// Frame.Text; no test needs a terminal.
package console

import "time"

// Screen is one state of a program: a menu, a board, a prompt.
type Screen interface {
	// Update handles one event and returns the screen to show next: itself,
	// another screen, or nil (or Exit) to leave the program; Do(next, cmds...)
	// adds work for the driver to run off the UI goroutine.
	Update(ev Event) Screen
	// View returns what the terminal should show now, for a terminal of the
	// given size. It must not change the screen's state.
	View(size Size) Frame
}

// Size is a terminal size in columns and rows.
type Size struct {
	Width, Height int
}

// Pos is a cell position, 0-based from the top-left corner.
type Pos struct {
	Row, Col int
}

// EventType tells what kind of event an Event is.
type EventType uint8

// The kinds of events a Screen receives.
const (
	KeyEvent    EventType = iota // a key was pressed: Key, and Rune for KeyRune
	MouseEvent                   // a mouse button or wheel: Mouse
	ResizeEvent                  // the terminal's size changed (and at the start): Size
	TickEvent                    // the delay a Frame asked for with Tick has passed
	ResultEvent                  // a command started with Do has answered: Result

	// cursorReport is the terminal's answer to a cursor position request
	// (ESC [ row ; col R). Run uses it to measure the terminal; screens never
	// see it.
	cursorReport EventType = 255
)

// Key names a key. Printable characters are KeyRune with the character in
// Event.Rune.
type Key uint8

// The keys the decoder knows.
const (
	KeyNone Key = iota
	KeyRune
	KeyEnter
	KeyBackspace
	KeyTab
	KeyEsc
	KeyCtrlC
	KeyUp
	KeyDown
	KeyLeft
	KeyRight
	KeyHome
	KeyEnd
	KeyInsert
	KeyDelete
	KeyPageUp
	KeyPageDown
	// KeyCtrlZ is byte 0x1a. On Unix the terminal loop takes it as a
	// request to suspend; on Windows, which has no job control, it is a key
	// like any other (and is not end-of-input, as Go's console reader would
	// have it).
	KeyCtrlZ
	KeyCtrlL // redraw the whole screen, as curses programs do; Run takes it
)

var keyNames = [...]string{
	KeyNone: "None", KeyRune: "Rune", KeyEnter: "Enter", KeyBackspace: "Backspace",
	KeyTab: "Tab", KeyEsc: "Esc", KeyCtrlC: "Ctrl-C", KeyUp: "Up", KeyDown: "Down",
	KeyLeft: "Left", KeyRight: "Right", KeyHome: "Home", KeyEnd: "End",
	KeyInsert: "Insert", KeyDelete: "Delete", KeyPageUp: "PageUp", KeyPageDown: "PageDown",
	KeyCtrlZ: "Ctrl-Z",
	KeyCtrlL: "Ctrl-L",
}

// String returns the key's name, as a test failure would want to read it.
func (k Key) String() string {
	if int(k) < len(keyNames) {
		return keyNames[k]
	}
	return "Key?"
}

// MouseButton is the button of a mouse report.
type MouseButton uint8

// The mouse buttons and wheel directions of SGR mouse reports.
const (
	MouseLeft MouseButton = iota
	MouseMiddle
	MouseRight
	MouseNone // motion with no button held
	MouseWheelUp
	MouseWheelDown
)

// Mouse is one SGR mouse report.
type Mouse struct {
	Button  MouseButton
	Row     int  // 0-based terminal row
	Col     int  // 0-based terminal column
	Release bool // the button went up (otherwise it went down, or moved)
	Motion  bool // the pointer moved with the button held
}

// Event is one thing that happened: a key, a mouse report, a resize or a tick.
type Event struct {
	Type EventType
	Key  Key
	// Rune is the character of a KeyRune. A Hangul jamo typed in Korean
	// 2-set input mode arrives as the Latin letter on the same key (ㄹ as
	// 'f', ㅂ as 'q'), so letter shortcuts work in either input mode; Typed
	// keeps what was actually typed.
	Rune  rune
	Typed rune
	Mouse Mouse
	// Size is the terminal's size when the event happened: the driver
	// stamps it on every event, so a screen always knows it.
	Size Size
	// Time is when the event happened: the driver stamps it from its clock,
	// except that a test may bring its own (and so move the clock).
	Time time.Time
	// Result is what a command's work returned, in a ResultEvent.
	Result any

	at Pos // where a cursorReport says the cursor is
}

// IsKey reports whether ev is a press of key k.
func (ev Event) IsKey(k Key) bool { return ev.Type == KeyEvent && ev.Key == k }

// IsRune reports whether ev is the character r (after the Hangul mapping).
func (ev Event) IsRune(r rune) bool {
	return ev.Type == KeyEvent && ev.Key == KeyRune && ev.Rune == r
}

// KeyPress returns the event of pressing key k.
func KeyPress(k Key) Event { return Event{Type: KeyEvent, Key: k} }

// RunePress returns the event of typing r, mapped as the decoder maps it.
func RunePress(r rune) Event {
	return Event{Type: KeyEvent, Key: KeyRune, Rune: latinKey(r), Typed: r}
}

// Click returns the event of pressing mouse button b at a terminal cell.
func Click(b MouseButton, row, col int) Event {
	return Event{Type: MouseEvent, Mouse: Mouse{Button: b, Row: row, Col: col}}
}

// Exit returns a Screen that ends the program and prints message on the
// ordinary screen once the terminal is restored, the way the original
// programs' last words stay visible after they quit.
func Exit(message string) Screen { return exitScreen{message} }

type exitScreen struct{ message string }

func (e exitScreen) Update(Event) Screen { return e }
func (e exitScreen) View(Size) Frame     { return Frame{} }

// Ended reports whether the program leaves at s: s is nil or made by Exit.
func Ended(s Screen) bool {
	_, exit := ExitMessage(s)
	return exit || s == nil
}

// ExitMessage reports whether s is a screen made by Exit, and its message.
func ExitMessage(s Screen) (string, bool) {
	e, ok := s.(exitScreen)
	return e.message, ok
}

// Direction reads a key that moves a cursor on a board: the arrows, and h
// j k l as in vi (a Hangul keyboard's ㅗ ㅓ ㅏ ㅣ arrive as those letters).
// It returns the step in rows and columns, and false for any other event.
func Direction(ev Event) (rows, cols int, ok bool) {
	switch {
	case ev.IsKey(KeyUp), ev.IsRune('k'):
		return -1, 0, true
	case ev.IsKey(KeyDown), ev.IsRune('j'):
		return 1, 0, true
	case ev.IsKey(KeyLeft), ev.IsRune('h'):
		return 0, -1, true
	case ev.IsKey(KeyRight), ev.IsRune('l'):
		return 0, 1, true
	}
	return 0, 0, false
}

package console

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/mattn/go-runewidth"
	"golang.org/x/term"
)

// ErrNotTerminal is returned by Run when standard input or output is not a
// terminal: the games need one, and say so rather than draw garbage.
var ErrNotTerminal = errors.New("not a terminal: run it in an interactive terminal")

// Interrupted is returned by Run when the player pressed Ctrl-C or a signal
// (SIGINT, SIGTERM, SIGHUP) asked the program to stop. The terminal has been
// restored by then.
type Interrupted struct {
	Signal os.Signal // nil for Ctrl-C typed in raw mode
}

// Error says what stopped the program.
func (e *Interrupted) Error() string {
	if e.Signal == nil {
		return "interrupted"
	}
	return "stopped by " + e.Signal.String()
}

// ExitCode is the conventional status of a program stopped this way:
// 128 plus the signal's number (130 for Ctrl-C, as for SIGINT).
func (e *Interrupted) ExitCode() int {
	if s, ok := e.Signal.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 128 + int(syscall.SIGINT)
}

// Options set up Run and RunStream.
type Options struct {
	// Width measures text; it is the one Condition the screens were built
	// with. Each terminal has its own: MeasureWidth changes it in place.
	Width *runewidth.Condition
	// NoColor drops colours from every frame (the NO_COLOR convention).
	NoColor bool
	// MeasureWidth sets Width from the terminal's own answer about how wide
	// it draws □ (Run writes □ and asks where the cursor went). Use it when
	// neither the player nor RUNEWIDTH_EASTASIAN said: it beats a guess from
	// the locale. A terminal that does not answer keeps Width as it is.
	// Run asks in any case, to learn whether Width is the terminal's: only
	// then does it trust the terminal's cursor after an ambiguous glyph.
	MeasureWidth bool
	// Afterword, when not nil, gives text that Run prints on the ordinary
	// screen once the terminal is restored, before an Exit message, however
	// the program ends (a quit, Ctrl-C, a stop signal; not a panic). The
	// games draw on the alternate screen, which vanishes when they leave;
	// this is how what was played stays in the terminal, as the originals'
	// printed lines did.
	Afterword func() string
	// In and Out are Run's terminal; they default to standard input and
	// output. RunStream takes its terminal from its Stream instead.
	In, Out *os.File
}

// stopSignals end the program the way Ctrl-C does, with the terminal restored.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// ErrDumbTerminal is returned by Run, before it writes anything, where
// TERM says the terminal cannot move the cursor (dumb; or, on Unix, TERM
// not set at all): the games would only print escape sequences into it.
var ErrDumbTerminal = errors.New("TERM says this terminal cannot move the cursor (dumb or not set): run it in a terminal such as xterm (TERM=xterm-256color)")

// stopGrace is how long a stop (Ctrl-C, SIGINT, SIGTERM, SIGHUP) waits for
// the screen's loop to take it. A loop stuck in a screen's Update never
// does; Run then restores the terminal and exits the program itself, with
// the same status, so that a stop always works within a second.
const stopGrace = 500 * time.Millisecond

// Run shows s in the terminal until a screen returns nil or Exit, the player
// presses Ctrl-C, or a stop signal arrives. Whatever happens, including a
// panic in a screen, the terminal is restored before Run returns: cooked
// mode, the main screen, a visible cursor, no mouse reports.
//
// Run is the local front end of the console's core (see Stream): it owns
// what belongs to the process, raw mode, the signals, SIGWINCH (polling on
// Windows), standard input and output, and hands the core a Stream.
// Signals are watched on a goroutine of their own (see watcher), so that
// they are served whatever the screen is doing: a stop that the loop does
// not take within stopGrace ends the program from there (os.Exit with
// 128+n, after the terminal is restored). On Unix, SIGQUIT restores the
// terminal and then lets Go print its goroutine dump and exit (status 2);
// SIGTSTP and the key Ctrl-Z suspend the program with the terminal as the
// player had it, and SIGCONT takes the terminal back and redraws.
func Run(s Screen, opt Options) (err error) {
	in, out := opt.In, opt.Out
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	if !term.IsTerminal(int(in.Fd())) || !term.IsTerminal(int(out.Fd())) {
		return ErrNotTerminal
	}
	if dumbTerminal(os.Getenv("TERM"), os.LookupEnv) {
		return ErrDumbTerminal
	}
	if opt.Width == nil {
		opt.Width = NewCondition(Auto)
	}
	// Stop signals are caught before the terminal goes raw, so that none
	// can end the program between the two with the terminal left raw.
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	l := newLocal(in, out, cancel)
	defer l.stop()
	if err := l.term.enter(); err != nil {
		return err
	}
	c := newCore(s, l.stream(out), opt)
	defer func() {
		p := recover()
		// The terminal first, then the commands still running: a save
		// just started may finish, but the player has the terminal back.
		l.term.close()
		close(l.leaving)
		c.finish(commandGrace)
		if p != nil {
			panic(p)
		}
		if sp, ok := err.(*ScreenPanic); ok {
			// Where the screen panicked first; then the panic again from
			// here, so that its message ends what Go prints.
			fmt.Fprintf(os.Stderr, "in a screen, on the loop:\n%s\n", sp.Stack)
			panic(sp.Value)
		}
		lastWords(out, opt, c.d.Screen(), err, "\n")
	}()
	go l.watch.run()
	return c.run(ctx)
}

// dumbTerminal reports whether TERM names a terminal that cannot take
// escape sequences: "dumb" (Emacs' shell, some editors' and CI consoles),
// or no TERM at all where every terminal sets one (termNeeded: Unix;
// Windows consoles set none).
func dumbTerminal(termEnv string, lookup func(string) (string, bool)) bool {
	if termEnv == "dumb" {
		return true
	}
	_, set := lookup("TERM")
	return termNeeded && !set
}

// terminal is the terminal Run draws in. The loop writes frames to it and
// the watcher leaves and enters it (suspend, a stop the loop does not
// take), so mu keeps the two apart.
type terminal struct {
	in, out *os.File
	mu      sync.Mutex
	undo    func() // puts the settings found back; nil while left
	closed  bool   // left for good: Run is returning
}

// enter puts the terminal in the state the games draw in: raw mode, the
// alternate screen, the cursor hidden, no wrap. Entering again does nothing.
func (t *terminal) enter() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.undo != nil || t.closed {
		return nil
	}
	undo, err := rawMode(t.in, t.out)
	if err != nil {
		return err
	}
	io.WriteString(t.out, enterSeq)
	t.undo = undo
	return nil
}

// leave puts the terminal back as the player had it: the main screen, the
// cursor shown, wrap and mouse reports as they were, the settings found.
// Leaving again does nothing.
func (t *terminal) leave() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.undo == nil {
		return
	}
	io.WriteString(t.out, leaveSeq)
	t.undo()
	t.undo = nil
}

// close leaves the terminal for good: a suspend that ends later does not
// enter it again.
func (t *terminal) close() {
	t.leave()
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
}

// Write writes a frame while the terminal is entered; a frame made while
// it is left (suspended) is dropped: the loop draws everything again once
// it is back (Stream.Redraw).
func (t *terminal) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.undo == nil {
		return len(b), nil
	}
	return t.out.Write(b)
}

// local is Run's own part: the terminal, its reader, the signals and the
// resizes, made into the Stream the core runs on.
type local struct {
	term    *terminal
	reader  *input
	watch   *watcher
	leaving chan struct{} // closed once Run has the terminal restored
	resize  chan struct{} // SIGWINCH, or back from a suspend: read the size
	redraw  chan struct{}
	sizes   chan Size
	done    chan struct{}
	stopRes func()
}

func newLocal(in, out *os.File, cancel context.CancelCauseFunc) *local {
	l := &local{
		term:    &terminal{in: in, out: out},
		reader:  newInput(in),
		leaving: make(chan struct{}),
		resize:  make(chan struct{}, 1),
		redraw:  make(chan struct{}, 1),
		sizes:   make(chan Size, 1),
		done:    make(chan struct{}),
	}
	l.watch = newWatcher(l.term, l.leaving, cancel, func() {
		poke(l.redraw)
		poke(l.resize) // its size may have changed while stopped
	})
	l.stopRes = watchResize(out, l.resize)
	go l.measure(out)
	return l
}

// measure reads the terminal's size on each resize and hands the newest to
// the core.
func (l *local) measure(out *os.File) {
	for {
		select {
		case <-l.resize:
			sz := termSize(out)
			select { // the newest size only: one sender, so the send cannot block
			case <-l.sizes:
			default:
			}
			l.sizes <- sz
		case <-l.done:
			return
		}
	}
}

// stream is the terminal as the core sees it.
func (l *local) stream(out *os.File) Stream {
	st := Stream{
		In:        closingInput{l.reader},
		Out:       l.term,
		Size:      termSize(out),
		Sizes:     l.sizes,
		Redraw:    l.redraw,
		Interrupt: l.watch.ctrlC,
	}
	if suspendByKey {
		st.Suspend = l.watch.suspendNow
	}
	return st
}

func (l *local) stop() {
	l.watch.end()
	l.stopRes()
	close(l.done)
	l.reader.Stop()
}

// closingInput is the input as the core reads it: the reader closes it once
// a Read has failed (Stop makes the one waiting fail), as only then is
// nobody reading it.
type closingInput struct{ in *input }

func (s closingInput) Read(b []byte) (int, error) {
	n, err := s.in.Read(b)
	if err != nil {
		s.in.Close()
	}
	return n, err
}

// termSize is the terminal's size, or 80 x 24 when it cannot tell.
func termSize(out *os.File) Size {
	w, h, err := term.GetSize(int(out.Fd()))
	if err != nil || w <= 0 || h <= 0 {
		return DefaultSize
	}
	return Size{w, h}
}

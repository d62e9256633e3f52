package console

import (
	"bytes"
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

// Options set up Run.
type Options struct {
	// Width measures text; it is the one Condition the screens were built with.
	Width *runewidth.Condition
	// NoColor drops colours from every frame (the NO_COLOR convention).
	NoColor bool
	// MeasureWidth asks the terminal how wide it draws □ (by writing it and
	// asking where the cursor went) and sets Width to match. Use it when
	// neither the player nor RUNEWIDTH_EASTASIAN said: it beats a guess from
	// the locale. A terminal that does not answer keeps Width as it is.
	MeasureWidth bool
	// In and Out default to standard input and output.
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
	l := newLoop(in, out, opt)
	defer l.stop()
	if err := l.term.enter(); err != nil {
		return err
	}
	d := l.driver(s)
	defer func() {
		p := recover()
		// The terminal first, then the commands still running: a save
		// just started may finish, but the player has the terminal back.
		l.term.close()
		close(l.leaving)
		d.stop(commandGrace)
		if p != nil {
			panic(p) // the trace still shows where the screen panicked
		}
		if msg, ok := ExitMessage(d.Screen()); ok && msg != "" && err == nil {
			fmt.Fprintln(out, msg)
		}
	}()
	if suspendByKey {
		d.suspend = l.watch.suspendNow
	}
	go l.read()
	go l.watch.run()
	return l.run(d)
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
	io.WriteString(t.out, seqAltScreen+seqHideCursor+seqNoWrap+seqClearScreen)
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
	io.WriteString(t.out, seqSyncEnd+seqReset+seqMouseOff+seqWrap+seqShowCursor+seqMainScreen)
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

// write writes a frame while the terminal is entered; a frame made while it
// is left (suspended) is dropped, and drawn reports false.
func (t *terminal) write(b []byte) (drawn bool, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.undo == nil {
		return false, nil
	}
	_, err = t.out.Write(b)
	return true, err
}

// commandGrace is how long Run waits, when the program leaves, for
// commands still running (a save of the best times just started) before it
// returns without their answers.
const commandGrace = time.Second

// loop is Run's terminal side: the input reader, the timers, the signals,
// the renderer. The Driver it feeds holds everything else.
type loop struct {
	in, out *os.File
	reader  *input
	term    *terminal
	opt     Options
	ren     renderer
	inbox   inbox
	readErr chan error
	resize  chan struct{}
	watch   *watcher
	leaving chan struct{} // closed once Run has the terminal restored
	stopRes func()
}

func newLoop(in, out *os.File, opt Options) *loop {
	l := &loop{
		in: in, out: out, opt: opt,
		term:    &terminal{in: in, out: out},
		ren:     renderer{noColor: opt.NoColor},
		inbox:   inbox{ready: make(chan struct{}, 1)},
		readErr: make(chan error, 1),
		resize:  make(chan struct{}, 1),
		leaving: make(chan struct{}),
	}
	l.watch = newWatcher(l.term, l.leaving)
	l.stopRes = watchResize(out, l.resize)
	l.reader = newInput(in)
	return l
}

func (l *loop) stop() {
	l.watch.stop()
	l.stopRes()
	l.reader.Stop()
}

// driver returns the Driver that runs s in this terminal: its size, the
// wall clock, commands on goroutines of their own.
func (l *loop) driver(s Screen) *Driver {
	d := newDriver(termSize(l.out))
	d.clock = time.Now
	d.results = make(chan any)
	d.gone = make(chan struct{})
	d.width = l.opt.Width
	d.measuring = l.opt.MeasureWidth
	d.show(s)
	return d
}

// read passes what the terminal sends to the loop, through the inbox, so
// that it never waits for the loop: a Ctrl-C (byte 3, which no key
// sequence contains) is seen here even while the loop is stuck, and the
// watcher told. It does nothing that can panic, and ends when Run returns
// (but see input on Windows).
func (l *loop) read() {
	defer l.reader.Close()
	buf := make([]byte, 4096)
	for {
		n, err := l.reader.Read(buf)
		if n > 0 {
			if bytes.IndexByte(buf[:n], 0x03) >= 0 {
				l.watch.ctrlC()
			}
			l.inbox.put(buf[:n])
		}
		if err != nil {
			l.readErr <- err
			return
		}
	}
}

// inboxMax bounds what waits for a stuck loop; more is dropped.
const inboxMax = 64 << 10

// inbox holds what the terminal sent until the loop takes it.
type inbox struct {
	mu    sync.Mutex
	buf   []byte
	ready chan struct{} // a token when buf is not empty
}

func (b *inbox) put(p []byte) {
	b.mu.Lock()
	if len(b.buf)+len(p) <= inboxMax {
		b.buf = append(b.buf, p...)
	}
	b.mu.Unlock()
	select {
	case b.ready <- struct{}{}:
	default:
	}
}

func (b *inbox) take() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := b.buf
	b.buf = nil
	return p
}

// termSize is the terminal's size, or 80 x 24 when it cannot tell.
func termSize(out *os.File) Size {
	w, h, err := term.GetSize(int(out.Fd()))
	if err != nil || w <= 0 || h <= 0 {
		return DefaultSize
	}
	return Size{w, h}
}

// run shows the driver's screens until the program leaves: terminal events
// in, the driver's frame out, one write per batch of events.
func (l *loop) run(d *Driver) error {
	l.ren.invalidate()
	escTimer := time.NewTimer(time.Hour)
	escTimer.Stop()
	tickTimer := time.NewTimer(time.Hour)
	tickTimer.Stop()
	if d.measuring {
		// □ at the top-left corner, then a cursor position request: the
		// answer is column 2 where □ is one column wide, 3 where it is two.
		// The first frame clears it away.
		if _, err := io.WriteString(l.out, "\x1b[1;1H□\x1b[6n"); err != nil {
			return fmt.Errorf("console: write: %w", err)
		}
	}
	d.Send(Event{Type: ResizeEvent, Size: d.Size()})
	for !d.Done() {
		if d.measured {
			d.measured = false
			l.ren.invalidate() // every row was laid out for the other width
		}
		f := d.Frame()
		if drawn, err := l.term.write(l.ren.render(f, d.Size())); err != nil {
			return fmt.Errorf("console: write: %w", err)
		} else if !drawn {
			l.ren.forget() // suspended: the whole frame again once back
		}
		tickTimer.Stop()
		if f.Tick > 0 {
			tickTimer.Reset(f.Tick)
		}
		select {
		case <-l.inbox.ready:
			d.Input(l.inbox.take())
			escTimer.Stop()
			if d.InputPending() {
				escTimer.Reset(EscDelay)
			}
		case <-escTimer.C:
			d.FlushInput()
		case <-tickTimer.C:
			d.Send(Event{Type: TickEvent})
		case v := <-d.results:
			d.running--
			d.deliver(v)
		case <-l.resize:
			if sz := termSize(l.out); sz != d.Size() {
				l.ren.invalidate()
				d.Send(Event{Type: ResizeEvent, Size: sz})
			}
		case sig := <-l.watch.stops:
			return &Interrupted{Signal: sig}
		case <-l.watch.resumed:
			// Back from a suspend: the terminal was cleared and its size
			// may have changed while stopped.
			l.ren.forget()
			if sz := termSize(l.out); sz != d.Size() {
				d.Send(Event{Type: ResizeEvent, Size: sz})
			}
		case err := <-l.readErr:
			if errors.Is(err, io.EOF) {
				return fmt.Errorf("console: the terminal closed its input")
			}
			return fmt.Errorf("console: read: %w", err)
		}
	}
	return d.Err()
}

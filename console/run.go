package console

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
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
		if sp, ok := p.(stepPanic); ok {
			// The trace Go prints is this goroutine's; where the screen
			// panicked is in the reader's, printed first.
			fmt.Fprintf(os.Stderr, "in a step on the reader's goroutine:\n%s\n", sp.stack)
			p = sp.value
		}
		if !l.lockWithin(stopGrace) {
			// A step is stuck in a screen: nothing more to wait for.
			if p != nil {
				panic(p)
			}
			return
		}
		defer l.mu.Unlock()
		d.stop(commandGrace)
		if p != nil {
			panic(p) // the trace still shows where the screen panicked
		}
		if opt.Afterword != nil {
			if text := opt.Afterword(); text != "" {
				fmt.Fprintln(out, strings.TrimSuffix(text, "\n"))
			}
		}
		if msg, ok := ExitMessage(d.Screen()); ok && msg != "" && err == nil {
			fmt.Fprintln(out, msg)
		}
	}()
	if suspendByKey {
		d.suspend = l.watch.suspendNow
	}
	go l.watch.run()
	return l.run()
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

// widthWait is how long the first frame waits for the terminal's answer
// about □. A terminal answers within a few milliseconds, over ssh within a
// round trip; one that does not answer at all costs this once.
const widthWait = 100 * time.Millisecond

// commandGrace is how long Run waits, when the program leaves, for
// commands still running (a save of the best times just started) before it
// returns without their answers.
const commandGrace = time.Second

// loop is Run's terminal side: the input reader, the timers, the signals,
// the renderer. The Driver it feeds holds everything else.
//
// A step (events passed to the driver, then its frame drawn) runs on
// whichever goroutine has the events, holding mu: Run's own for timers,
// commands' answers, resizes and the like; the reader's for keys, when no
// other step is running. So a key is handled on the thread that read it:
// handing it to Run's goroutine instead costs that goroutine's wake-up,
// 25 to 40 µs of a key's time in a pseudo-terminal, a tenth of it.
type loop struct {
	in, out *os.File
	reader  *input
	term    *terminal
	opt     Options
	inbox   inbox
	readErr chan error
	resize  chan struct{}
	watch   *watcher
	leaving chan struct{} // closed once Run has the terminal restored
	stopRes func()

	// relief starts another reader when a step the reader runs is stuck
	// in a screen: it must not keep the player's Ctrl-C unread.
	relief *relief
	kick   chan struct{} // a reader's step ended the program, or failed

	mu        sync.Mutex // held by the goroutine running a step; guards what follows
	d         *Driver
	ren       renderer
	waiting   bool // the first frame waits for the terminal's answer about □
	escTimer  *time.Timer
	tickTimer *time.Timer
	tickAt    time.Time // when tickTimer fires; zero when it is stopped
	failed    error     // a reader's step could not write, or panicked (stepPanic)
}

// stepPanic is a panic in a step the reader ran, carried to Run's
// goroutine, which panics again there so that the terminal is restored
// first.
type stepPanic struct {
	value any
	stack []byte
}

func (p stepPanic) Error() string { return fmt.Sprint(p.value) }

func newLoop(in, out *os.File, opt Options) *loop {
	l := &loop{
		in: in, out: out, opt: opt,
		term:      &terminal{in: in, out: out},
		ren:       renderer{noColor: opt.NoColor, width: opt.Width},
		inbox:     inbox{ready: make(chan struct{}, 1)},
		readErr:   make(chan error, 1),
		resize:    make(chan struct{}, 1),
		leaving:   make(chan struct{}),
		kick:      make(chan struct{}, 1),
		escTimer:  stoppedTimer(),
		tickTimer: stoppedTimer(),
	}
	l.watch = newWatcher(l.term, l.leaving)
	l.stopRes = watchResize(out, l.resize)
	l.reader = newInput(in)
	l.relief = newRelief(reliefLook, l.read)
	return l
}

func stoppedTimer() *time.Timer {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return t
}

func (l *loop) stop() {
	l.relief.stop()
	l.watch.stop()
	l.stopRes()
	l.reader.Stop()
}

// lockWithin takes mu for Run's way out, unless a step holds it past
// grace: a step stuck in a screen, which the player has stopped (the
// watcher ends the program then) or whose terminal is gone.
func (l *loop) lockWithin(grace time.Duration) bool {
	got := make(chan struct{})
	go func() {
		l.mu.Lock()
		close(got)
	}()
	select {
	case <-got:
		return true
	case <-time.After(grace):
		return false
	}
}

// driver returns the Driver that runs s in this terminal: its size, the
// wall clock, commands on goroutines of their own.
func (l *loop) driver(s Screen) *Driver {
	d := newDriver(termSize(l.out))
	d.clock = time.Now
	d.results = make(chan any)
	d.gone = make(chan struct{})
	d.width = l.opt.Width
	d.measuring = true // always asked: the renderer trusts only a confirmed width
	d.adopt = l.opt.MeasureWidth
	d.show(s)
	l.d = d
	return d
}

// read passes what the terminal sends to the driver. When no step is
// running it runs one itself, with what waited in the inbox before; when
// one is, it leaves the bytes in the inbox for it, so that it never waits
// for a step: a Ctrl-C (byte 3, which no key sequence contains) is seen
// here even while a screen is stuck, and the watcher told. A step it runs
// is watched by relief, so that a stuck one does not stop the reading:
// another reader goes on, and this one ends with its step.
// It ends when Run returns (but see input on Windows).
func (l *loop) read() {
	buf := make([]byte, 4096)
	for {
		n, err := l.reader.Read(buf)
		if n > 0 {
			if bytes.IndexByte(buf[:n], 0x03) >= 0 {
				l.watch.ctrlC()
			}
			if !l.mu.TryLock() {
				l.inbox.put(buf[:n])
			} else if relieved := l.readStep(buf[:n]); relieved {
				return
			}
		}
		if err != nil {
			l.reader.Close()
			select {
			case l.readErr <- err:
			default:
			}
			return
		}
	}
}

// readStep runs a step with the bytes b, on the reader's goroutine, mu
// held; it unlocks. It reports whether another reader took over meanwhile.
func (l *loop) readStep(b []byte) (relieved bool) {
	n := l.relief.begin()
	func() {
		defer func() {
			if p := recover(); p != nil {
				l.failed = stepPanic{value: p, stack: debug.Stack()}
			}
			if l.failed != nil || l.d.Done() {
				poke(l.kick) // Run's goroutine leaves
			}
			l.mu.Unlock()
		}()
		if in := l.inbox.take(); len(in) > 0 {
			b = append(in, b...) // what came first goes first
		}
		l.input(b)
		if err := l.draw(); err != nil {
			l.failed = err
		}
	}()
	return l.relief.end(n)
}

// step runs f and draws the frame, on Run's goroutine.
func (l *loop) step(f func()) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	f()
	return l.draw()
}

// input passes the terminal's bytes to the driver; a lone Esc waits
// EscDelay for the rest of its sequence.
func (l *loop) input(b []byte) {
	if len(b) == 0 {
		return // a token for bytes a reader's step took
	}
	l.d.Input(b)
	l.escTimer.Stop()
	if l.d.InputPending() {
		l.escTimer.Reset(EscDelay)
	}
}

// draw writes the driver's frame, once the first has stopped waiting for
// the terminal's answer about □, and sets the clock's timer as it asks.
func (l *loop) draw() error {
	d := l.d
	if d.Done() {
		return nil
	}
	if d.measured {
		d.measured = false
		l.ren.trusted = d.agrees
		l.ren.invalidate() // every row was laid out for the width before
	}
	if d.redraw {
		d.redraw = false
		l.ren.invalidate()
	}
	if l.waiting = l.waiting && d.measuring; l.waiting {
		return nil
	}
	f := d.Frame()
	if b := l.ren.render(f, d.Size()); len(b) > 0 { // nothing changed: no write at all
		if drawn, err := l.term.write(b); err != nil {
			return fmt.Errorf("console: write: %w", err)
		} else if !drawn {
			l.ren.invalidate() // suspended: the whole frame again once back
		}
	}
	l.setTick(f.Tick)
	return nil
}

// tickSlack is how far apart two asks for a tick may be and still be one:
// a clock's frames ask for the same next second, give or take the time
// between their readings of the clock.
const tickSlack = 2 * time.Millisecond

// setTick arms the clock's timer to fire after d (0: never). A timer
// already armed for that moment is left alone: resetting a timer that a
// goroutine waits on wakes another thread to look at the timers, on the
// key's way to the screen, and a ticking screen asks for the same next
// second on every frame.
func (l *loop) setTick(d time.Duration) {
	if d <= 0 {
		if !l.tickAt.IsZero() {
			l.tickTimer.Stop()
			l.tickAt = time.Time{}
		}
		return
	}
	at := time.Now().Add(d)
	if !l.tickAt.IsZero() && at.Sub(l.tickAt).Abs() <= tickSlack {
		return
	}
	l.tickTimer.Reset(d)
	l.tickAt = at
}

// inboxMax bounds what waits for a stuck loop; more is dropped.
const inboxMax = 64 << 10

// inbox holds what the terminal sent until a step takes it.
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
	poke(b.ready)
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

// run shows the driver's screens until the program leaves: events in, the
// driver's frame out, one write per step. Keys mostly come in steps the
// reader runs (see loop); everything else comes here.
func (l *loop) run() error {
	d := l.d
	// □ at the top-left corner, then a cursor position request: the answer
	// is column 2 where □ is one column wide, 3 where it is two. It sets the
	// width when asked to measure (Options.MeasureWidth), and tells the
	// renderer whether the width in force is the terminal's. The first frame
	// waits for it, widthWait at most, so that it is drawn once and for the
	// right width; it clears the □ away.
	if _, err := io.WriteString(l.out, "\x1b[1;1H□\x1b[6n"); err != nil {
		return fmt.Errorf("console: write: %w", err)
	}
	waitTimer := time.NewTimer(widthWait)
	defer waitTimer.Stop()
	err := l.step(func() {
		l.ren.invalidate()
		l.waiting = true
		d.Send(Event{Type: ResizeEvent, Size: d.Size()})
	})
	go l.read()
	for err == nil {
		l.mu.Lock()
		done, failed := d.Done(), l.failed
		l.mu.Unlock()
		if p, ok := failed.(stepPanic); ok {
			panic(p) // Run prints where it was, once the terminal is restored
		}
		if done || failed != nil {
			return cmp.Or(failed, d.Err())
		}
		select {
		case <-waitTimer.C:
			err = l.step(func() { l.waiting = false })
		case <-l.inbox.ready:
			err = l.step(func() { l.input(l.inbox.take()) })
		case <-l.escTimer.C:
			err = l.step(d.FlushInput)
		case <-l.tickTimer.C:
			err = l.step(func() {
				l.tickAt = time.Time{}
				d.Send(Event{Type: TickEvent})
			})
		case v := <-d.results:
			err = l.step(func() {
				d.running--
				d.deliver(v)
			})
		case <-l.resize:
			err = l.step(func() {
				if sz := termSize(l.out); sz != d.Size() {
					l.ren.invalidate()
					d.Send(Event{Type: ResizeEvent, Size: sz})
				}
			})
		case sig := <-l.watch.stops:
			return &Interrupted{Signal: sig}
		case <-l.watch.resumed:
			// Back from a suspend: the terminal was cleared, its modes
			// reset, and its size may have changed while stopped.
			err = l.step(func() {
				l.ren.invalidate()
				if sz := termSize(l.out); sz != d.Size() {
					d.Send(Event{Type: ResizeEvent, Size: sz})
				}
			})
		case err := <-l.readErr:
			if errors.Is(err, io.EOF) {
				return fmt.Errorf("console: the terminal closed its input")
			}
			return fmt.Errorf("console: read: %w", err)
		case <-l.kick:
		}
	}
	return err
}

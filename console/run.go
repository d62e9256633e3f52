package console

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
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

// Run shows s in the terminal until a screen returns nil or Exit, the player
// presses Ctrl-C, or a stop signal arrives. Whatever happens, including a
// panic in a screen, the terminal is restored before Run returns: cooked
// mode, the main screen, a visible cursor, no mouse reports.
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
	if opt.Width == nil {
		opt.Width = NewCondition(Auto)
	}
	// Stop signals are caught before the terminal goes raw, so that none
	// can end the program between the two with the terminal left raw.
	l := newLoop(in, out, opt)
	defer l.stop()
	restore, err := enter(in, out)
	if err != nil {
		return err
	}
	defer func() {
		if p := recover(); p != nil {
			restore()
			panic(p) // the trace still shows where the screen panicked
		}
		restore()
		if msg, ok := ExitMessage(s); ok && msg != "" && err == nil {
			fmt.Fprintln(out, msg)
		}
	}()
	d := l.driver(s)
	defer d.stop(commandGrace)
	go l.read()
	err = l.run(d)
	s = d.Screen()
	return err
}

// enter puts the terminal in the state the games draw in, and returns the
// function that undoes it; that function is safe to call more than once.
func enter(in, out *os.File) (restore func(), err error) {
	state, err := term.MakeRaw(int(in.Fd()))
	if err != nil {
		return nil, fmt.Errorf("console: raw mode: %w", err)
	}
	vtRestore, err := enableVT(out)
	if err != nil {
		_ = term.Restore(int(in.Fd()), state)
		return nil, err
	}
	io.WriteString(out, seqAltScreen+seqHideCursor+seqNoWrap+seqClearScreen)
	var once sync.Once
	return func() {
		once.Do(func() {
			io.WriteString(out, seqSyncEnd+seqReset+seqMouseOff+seqWrap+seqShowCursor+seqMainScreen)
			vtRestore()
			_ = term.Restore(int(in.Fd()), state)
		})
	}, nil
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
type loop struct {
	in, out *os.File
	reader  *input
	opt     Options
	ren     renderer
	input   chan []byte
	readErr chan error
	resize  chan struct{}
	signals chan os.Signal
	done    chan struct{}
	stopRes func()
}

func newLoop(in, out *os.File, opt Options) *loop {
	l := &loop{
		in: in, out: out, opt: opt,
		ren:     renderer{noColor: opt.NoColor, width: opt.Width},
		input:   make(chan []byte),
		readErr: make(chan error, 1),
		resize:  make(chan struct{}, 1),
		signals: make(chan os.Signal, 1),
		done:    make(chan struct{}),
	}
	signal.Notify(l.signals, stopSignals...)
	l.stopRes = watchResize(out, l.resize)
	l.reader = newInput(in)
	return l
}

func (l *loop) stop() {
	signal.Stop(l.signals)
	l.stopRes()
	close(l.done)
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
	d.measuring = true // always asked: the renderer trusts only a confirmed width
	d.adopt = l.opt.MeasureWidth
	d.show(s)
	return d
}

// read passes what the terminal sends to the loop. It is the only other
// goroutine, does nothing that can panic, and ends when Run returns (but
// see input on Windows).
func (l *loop) read() {
	defer l.reader.Close()
	buf := make([]byte, 4096)
	for {
		n, err := l.reader.Read(buf)
		if n > 0 {
			select {
			case l.input <- append([]byte(nil), buf[:n]...):
			case <-l.done:
				return
			}
		}
		if err != nil {
			l.readErr <- err
			return
		}
	}
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
	// □ at the top-left corner, then a cursor position request: the answer
	// is column 2 where □ is one column wide, 3 where it is two. It sets the
	// width when asked to measure (Options.MeasureWidth), and tells the
	// renderer whether the width in force is the terminal's. The first frame
	// waits for it, widthWait at most, so that it is drawn once and for the
	// right width; it clears the □ away.
	if _, err := io.WriteString(l.out, "\x1b[1;1H□\x1b[6n"); err != nil {
		return fmt.Errorf("console: write: %w", err)
	}
	waiting := true
	waitTimer := time.NewTimer(widthWait)
	defer waitTimer.Stop()
	d.Send(Event{Type: ResizeEvent, Size: d.Size()})
	for !d.Done() {
		if d.measured {
			d.measured = false
			l.ren.trusted = d.agrees
			l.ren.invalidate() // every row was laid out for the width before
		}
		if d.redraw {
			d.redraw = false
			l.ren.invalidate()
		}
		if waiting = waiting && d.measuring; !waiting {
			f := d.Frame()
			if b := l.ren.render(f, d.Size()); len(b) > 0 { // nothing changed: no write at all
				if _, err := l.out.Write(b); err != nil {
					return fmt.Errorf("console: write: %w", err)
				}
			}
			tickTimer.Stop()
			if f.Tick > 0 {
				tickTimer.Reset(f.Tick)
			}
		}
		select {
		case <-waitTimer.C:
			waiting = false
		case b := <-l.input:
			d.Input(b)
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
		case sig := <-l.signals:
			return &Interrupted{Signal: sig}
		case err := <-l.readErr:
			if errors.Is(err, io.EOF) {
				return fmt.Errorf("console: the terminal closed its input")
			}
			return fmt.Errorf("console: read: %w", err)
		}
	}
	return d.Err()
}

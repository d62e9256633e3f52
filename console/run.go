package console

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"reflect"
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
	go l.read()
	s, err = l.run(s)
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

// loop is Run's state: the input reader, the timers, the renderer.
type loop struct {
	in, out *os.File
	opt     Options
	dec     Decoder
	ren     renderer
	size    Size
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
		ren:     renderer{noColor: opt.NoColor},
		input:   make(chan []byte),
		readErr: make(chan error, 1),
		resize:  make(chan struct{}, 1),
		signals: make(chan os.Signal, 1),
		done:    make(chan struct{}),
	}
	signal.Notify(l.signals, stopSignals...)
	l.stopRes = watchResize(out, l.resize)
	return l
}

func (l *loop) stop() {
	signal.Stop(l.signals)
	l.stopRes()
	close(l.done)
}

// read passes what the terminal sends to the loop. It is the only other
// goroutine, and does nothing that can panic.
func (l *loop) read() {
	buf := make([]byte, 4096)
	for {
		n, err := l.in.Read(buf)
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

// sameScreen reports whether b is the screen a: the same pointer. Screens
// of other kinds are taken as new, which costs them one more ResizeEvent.
func sameScreen(a, b Screen) bool {
	if reflect.TypeOf(a) != reflect.TypeOf(b) || reflect.TypeOf(a).Kind() != reflect.Pointer {
		return false
	}
	return a == b
}

// termSize is the terminal's size, or 80 x 24 when it cannot tell.
func termSize(out *os.File) Size {
	w, h, err := term.GetSize(int(out.Fd()))
	if err != nil || w <= 0 || h <= 0 {
		return Size{80, 24}
	}
	return Size{w, h}
}

// run is the screen loop: events in, Update, View, one write per batch.
func (l *loop) run(s Screen) (Screen, error) {
	l.size = termSize(l.out)
	l.ren.invalidate()
	escTimer := time.NewTimer(time.Hour)
	escTimer.Stop()
	tickTimer := time.NewTimer(time.Hour)
	tickTimer.Stop()
	events := []Event{{Type: ResizeEvent, Size: l.size}}
	measuring := l.opt.MeasureWidth
	if measuring {
		// □ at the top-left corner, then a cursor position request: the
		// answer is column 2 where □ is one column wide, 3 where it is two.
		// The first frame clears it away.
		if _, err := io.WriteString(l.out, "\x1b[1;1H□\x1b[6n"); err != nil {
			return s, fmt.Errorf("console: write: %w", err)
		}
	}
	for {
		now := time.Now()
		for _, ev := range events {
			if ev.IsKey(KeyCtrlC) {
				return s, &Interrupted{}
			}
			if ev.Type == cursorReport {
				if measuring && ev.at.Row == 0 && (ev.at.Col == 1 || ev.at.Col == 2) {
					l.opt.Width.EastAsianWidth = ev.at.Col == 2
					l.opt.Width.CreateLUT()
					l.ren.invalidate()
					measuring = false
				}
				continue
			}
			ev.Time = now
			next := s.Update(ev)
			if Ended(next) {
				return next, nil
			}
			if !sameScreen(s, next) {
				// A new screen learns the size before anything else, as
				// the first one did: a game started from a menu lays out
				// for the terminal it is in.
				next = next.Update(Event{Type: ResizeEvent, Size: l.size, Time: now})
				if Ended(next) {
					return next, nil
				}
			}
			s = next
		}
		f := s.View(l.size)
		if _, err := l.out.Write(l.ren.render(f, l.size)); err != nil {
			return s, fmt.Errorf("console: write: %w", err)
		}
		tickTimer.Stop()
		if f.Tick > 0 {
			tickTimer.Reset(f.Tick)
		}
		events = nil
		select {
		case b := <-l.input:
			events = l.dec.Feed(b)
			escTimer.Stop()
			if l.dec.Pending() {
				escTimer.Reset(EscDelay)
			}
		case <-escTimer.C:
			events = l.dec.Flush()
		case <-tickTimer.C:
			events = []Event{{Type: TickEvent}}
		case <-l.resize:
			if sz := termSize(l.out); sz != l.size {
				l.size = sz
				l.ren.invalidate()
				events = []Event{{Type: ResizeEvent, Size: sz}}
			}
		case sig := <-l.signals:
			return s, &Interrupted{Signal: sig}
		case err := <-l.readErr:
			if errors.Is(err, io.EOF) {
				return s, fmt.Errorf("console: the terminal closed its input")
			}
			return s, fmt.Errorf("console: read: %w", err)
		}
	}
}

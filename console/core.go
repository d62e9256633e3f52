package console

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// Stream is a terminal as the core sees it: bytes in, bytes out, and its
// sizes. The local terminal (Run) and a remote one (RunStream, over SSH)
// are both made into one; the core reaches nothing else of the process, so
// that two sessions in one server share nothing: no signals, no locale, no
// standard input or output, no width guessed from the environment.
type Stream struct {
	// In gives the keys. The core reads it on a goroutine of its own until
	// a Read fails; whoever made the stream ends a Read still waiting once
	// the core has returned (the local terminal stops it, a server closes
	// the connection).
	In io.Reader
	// Out takes the frames, one Write per step.
	Out io.Writer
	// Size is the terminal's size at the start.
	Size Size
	// Sizes brings every later size (SIGWINCH, an SSH window-change); nil
	// when it never changes.
	Sizes <-chan Size
	// Redraw asks for the whole screen to be drawn again: something else
	// wrote to the terminal (the local shell, while suspended).
	Redraw <-chan struct{}
	// Interrupt, when not nil, is called on the reader's goroutine as soon
	// as byte 3 (Ctrl-C) arrives, before the loop takes it as a key: the
	// loop may be stuck in a screen's Update, and a stop must still work.
	Interrupt func()
	// Suspend, when not nil, takes the key Ctrl-Z instead of the screen
	// (the local terminal on Unix).
	Suspend func()
	// Shown, when not nil, is called on the loop's goroutine after every
	// step with the screen shown then: a server learns where a session is
	// (at a menu, at a table) without wrapping the screens.
	Shown func(Screen)
}

// widthWait is how long the first frame waits for the terminal's answer
// about □. A terminal answers within a few milliseconds, over ssh within a
// round trip; one that does not answer at all costs this once.
const widthWait = 100 * time.Millisecond

// commandGrace is how long Run waits, when the program leaves, for
// commands still running (a save of the best times just started) before it
// returns without their answers.
const commandGrace = time.Second

// core runs screens on a Stream: one goroutine reads the input into the
// inbox, and one loop (the caller's goroutine) takes every event in turn,
// passes it to the driver, and writes the frame. It is the whole console
// but for what a terminal of its own adds (raw mode, signals, restoring).
//
// Only the loop runs screens, and the reader never waits for it: a step
// stuck in a screen's Update still lets the reader take Ctrl-C
// (Stream.Interrupt) and the stop go through. The hand-over of each key
// from the reader to the loop costs a goroutine's wake-up, which no player
// can see (docs/performance.md, KeyHandOff).
type core struct {
	st    Stream
	opt   Options
	d     *Driver
	ren   renderer
	inbox inbox
	// readErr gets the error that ended the reader; done is closed once
	// the loop has returned, so that the reader leaves without a word.
	readErr chan error
	done    chan struct{}

	waiting   bool // the first frame waits for the terminal's answer about □
	escTimer  *time.Timer
	tickTimer *time.Timer
	tickAt    time.Time // when tickTimer fires; zero when it is stopped
}

// newCore returns the core that shows s on st. Width is the screens'
// Condition; nil is a narrow one, never a guess from the environment.
func newCore(s Screen, st Stream, opt Options) *core {
	if opt.Width == nil {
		opt.Width = NewCondition(Narrow)
	}
	c := &core{
		st: st, opt: opt,
		ren:       renderer{noColor: opt.NoColor, width: opt.Width},
		inbox:     inbox{ready: make(chan struct{}, 1)},
		readErr:   make(chan error, 1),
		done:      make(chan struct{}),
		escTimer:  stoppedTimer(),
		tickTimer: stoppedTimer(),
	}
	size := st.Size
	if size.Width <= 0 || size.Height <= 0 {
		size = DefaultSize
	}
	d := newDriver(size)
	d.clock = time.Now
	d.results = make(chan any)
	d.gone = make(chan struct{})
	d.width = opt.Width
	d.measuring = true // always asked: the renderer trusts only a confirmed width
	d.adopt = opt.MeasureWidth
	d.suspend = st.Suspend
	d.show(s)
	c.d = d
	return c
}

func stoppedTimer() *time.Timer {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return t
}

// finish ends what the core started: its timers, and the commands still
// running, given grace to answer (a save just started may finish). The
// front end calls it once the terminal is restored.
func (c *core) finish(grace time.Duration) {
	c.escTimer.Stop()
	c.tickTimer.Stop()
	c.d.stop(grace)
}

// run shows the driver's screens until the program leaves (a screen
// returns nil or Exit, Ctrl-C), ctx is done (its cause is returned), or the
// input ends. Every event comes here and is handled in turn: events in,
// the driver's frame out, one write per step.
func (c *core) run(ctx context.Context) (err error) {
	defer close(c.done)
	defer func() {
		if p := recover(); p != nil {
			err = &ScreenPanic{Value: p, Stack: debug.Stack()}
		}
	}()
	d := c.d
	go c.read()
	// □ at the top-left corner, then a cursor position request: the answer
	// is column 2 where □ is one column wide, 3 where it is two. It sets the
	// width when asked to measure (Options.MeasureWidth), and tells the
	// renderer whether the width in force is the terminal's. The first frame
	// waits for it, widthWait at most, so that it is drawn once and for the
	// right width; it clears the □ away. Each terminal is asked on its own:
	// two players of one server may have terminals of either kind.
	if _, err := io.WriteString(c.st.Out, "\x1b[1;1H□\x1b[6n"); err != nil {
		return fmt.Errorf("console: write: %w", err)
	}
	waitTimer := time.NewTimer(widthWait)
	defer waitTimer.Stop()
	c.ren.invalidate()
	c.waiting = true
	d.Send(Event{Type: ResizeEvent, Size: d.Size()})
	for {
		if err := c.draw(); err != nil {
			return err
		}
		if d.Done() {
			return d.Err()
		}
		if c.st.Shown != nil {
			c.st.Shown(d.Screen())
		}
		select {
		case <-ctx.Done():
			return context.Cause(ctx)
		case <-c.inbox.ready:
			c.input(c.inbox.take())
		case <-waitTimer.C:
			c.waiting = false
		case <-c.escTimer.C:
			d.FlushInput()
		case <-c.tickTimer.C:
			c.tickAt = time.Time{}
			d.Send(Event{Type: TickEvent})
		case v := <-d.results:
			d.running--
			d.deliver(v)
		case sz := <-c.st.Sizes:
			if sz.Width > 0 && sz.Height > 0 && sz != d.Size() {
				c.ren.invalidate()
				d.Send(Event{Type: ResizeEvent, Size: sz})
			}
		case <-c.st.Redraw:
			c.ren.invalidate()
		case err := <-c.readErr:
			if errors.Is(err, io.EOF) {
				return ErrInputClosed
			}
			return fmt.Errorf("console: read: %w", err)
		}
	}
}

// ScreenPanic is a panic in a screen, or in a command whose answer came
// back to one, caught by the loop with its stack: the front end puts the
// terminal back first, then Run panics again with Value (Go's trace then
// ends with the panic's message, on the player's restored terminal), and
// RunStream returns it, so that a panic ends only the connection it came from.
type ScreenPanic struct {
	Value any
	Stack []byte // where it panicked
}

// Error gives the panic's value and where it happened.
func (p *ScreenPanic) Error() string {
	return fmt.Sprintf("panic: %v\n\n%s", p.Value, p.Stack)
}

// ErrInputClosed is returned by Run and RunStream when the terminal's input
// ended: the terminal, or the connection, was closed.
var ErrInputClosed = errors.New("console: the terminal closed its input")

// readSize is the reader's buffer: a key is 1 to 20 bytes, and a paste
// comes in a few reads. The buffer is held as long as the session, idle
// or not, so it is kept small.
const readSize = 512

// read passes what the terminal sends to the loop, through the inbox, so
// that it never waits for the loop: a Ctrl-C is seen here (Stream.Interrupt)
// even while a screen is stuck. It ends when a Read fails.
func (c *core) read() {
	buf := make([]byte, readSize)
	for {
		n, err := c.st.In.Read(buf)
		if n > 0 {
			if c.st.Interrupt != nil && bytes.IndexByte(buf[:n], 0x03) >= 0 {
				c.st.Interrupt()
			}
			c.inbox.put(buf[:n])
		}
		if err != nil {
			select {
			case c.readErr <- err:
			case <-c.done:
			}
			return
		}
	}
}

// input passes the terminal's bytes to the driver; a lone Esc waits
// EscDelay for the rest of its sequence.
func (c *core) input(b []byte) {
	if len(b) == 0 {
		return
	}
	c.d.Input(b)
	c.escTimer.Stop()
	if c.d.InputPending() {
		c.escTimer.Reset(EscDelay)
	}
}

// draw writes the driver's frame, once the first has stopped waiting for
// the terminal's answer about □, and sets the clock's timer as it asks.
func (c *core) draw() error {
	d := c.d
	if d.Done() {
		return nil
	}
	if d.measured {
		d.measured = false
		c.ren.trusted = d.agrees
		c.ren.invalidate() // every row was laid out for the width before
	}
	if d.redraw {
		d.redraw = false
		c.ren.invalidate()
	}
	if c.waiting = c.waiting && d.measuring; c.waiting {
		return nil
	}
	f := d.Frame()
	if b := c.ren.render(f, d.Size()); len(b) > 0 { // nothing changed: no write at all
		if _, err := c.st.Out.Write(b); err != nil {
			return fmt.Errorf("console: write: %w", err)
		}
	}
	c.setTick(f.Tick)
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
func (c *core) setTick(d time.Duration) {
	if d <= 0 {
		if !c.tickAt.IsZero() {
			c.tickTimer.Stop()
			c.tickAt = time.Time{}
		}
		return
	}
	at := time.Now().Add(d)
	if !c.tickAt.IsZero() && at.Sub(c.tickAt).Abs() <= tickSlack {
		return
	}
	c.tickTimer.Reset(d)
	c.tickAt = at
}

// inboxMax bounds what waits for a stuck loop; more is dropped.
const inboxMax = 64 << 10

// inbox holds what the terminal sent until the loop takes it: the reader
// never waits for the loop.
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

// poke sends a token unless one is already waiting.
func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// leave is what puts a terminal back as the player had it, bar raw mode:
// the main screen, the cursor shown, wrap on and mouse reports off.
const leaveSeq = seqSyncEnd + seqReset + seqMouseOff + seqWrap + seqShowCursor + seqMainScreen

// enterSeq puts a terminal in the state the games draw in: the alternate
// screen, the cursor hidden, no wrap, cleared.
const enterSeq = seqAltScreen + seqHideCursor + seqNoWrap + seqClearScreen

// lastWords writes, on the main screen once the program has left, the
// Afterword and the Exit message of the screen it left at, each line ended
// with eol: "\n" on the local terminal, cooked again by then; "\r\n" on a
// remote one, whose pty may still be raw, where a bare LF does not return
// to the first column.
func lastWords(out io.Writer, opt Options, last Screen, err error, eol string) {
	say := func(text string) {
		text = strings.TrimSuffix(text, "\n")
		fmt.Fprint(out, strings.ReplaceAll(text, "\n", eol)+eol)
	}
	if opt.Afterword != nil {
		if text := opt.Afterword(); text != "" {
			say(text)
		}
	}
	if msg, ok := ExitMessage(last); ok && msg != "" && err == nil {
		say(msg)
	}
}

package console

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/mattn/go-runewidth"
)

// Cmd is work a screen must not do in Update: file I/O, a computer player
// thinking, a board generator. A screen returns it with Do; the driver runs
// it off the UI goroutine and sends what it returns back to the screen shown
// then, as a ResultEvent. ctx is cancelled when the program leaves, so long
// work can stop early. A Cmd must not touch the screen's state: it works on
// copies and returns its answer. The answer may come after the player has
// moved on (undone the move, left the game): tag it (a move number, the
// screen that asked) and let Update drop what is stale.
type Cmd func(ctx context.Context) any

// Do returns next with work to start: the driver shows next at once, and
// each cmd's answer arrives later as a ResultEvent. Keys, resizes and stop
// signals are served meanwhile.
func Do(next Screen, cmds ...Cmd) Screen {
	if len(cmds) == 0 {
		return next
	}
	return doScreen{next: next, cmds: cmds}
}

// Unwrap is the screen that s shows and the commands it carries to the
// driver (none for a screen made without Do): a screen that wraps others,
// such as a line shown over every screen of a session, passes them on
// with Do around itself.
func Unwrap(s Screen) (Screen, []Cmd) {
	var cmds []Cmd
	for {
		do, ok := s.(doScreen)
		if !ok {
			return s, cmds
		}
		cmds = append(cmds, do.cmds...)
		s = do.next
	}
}

// doScreen carries commands from an Update to the driver. Outside a driver
// (a test calling Update itself) it behaves as next and the commands are
// not run.
type doScreen struct {
	next Screen
	cmds []Cmd
}

func (d doScreen) Update(ev Event) Screen { return d.next.Update(ev) }
func (d doScreen) View(size Size) Frame   { return d.next.View(size) }

// DefaultSize is the size of a Driver's terminal until a ResizeEvent says
// otherwise, and of Feed's.
var DefaultSize = Size{Width: 80, Height: 24}

// start is where a Driver's clock starts when nothing sets it: a fixed time,
// so that tests replay the same.
var start = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Driver runs screens: it holds the screen shown, the terminal's size, the
// clock and the key decoder. It stamps the size and the time on every event,
// ends the program on Ctrl-C, takes the terminal's answer about widths, and
// runs the screens' commands. Run is a Driver plus a terminal; a test or a
// fuzz target drives the same Driver with events or bytes and reads its
// frames, with no terminal at all.
//
// A Driver made by NewDriver runs commands on the caller's goroutine when
// Send returns to it, one after the other, so that a test replays the same
// every time; Hold keeps them waiting until RunCommands.
type Driver struct {
	screen Screen
	size   Size
	now    time.Time
	clock  func() time.Time // nil: the clock moves only with events' own times
	dec    Decoder
	err    error
	done   bool

	// suspend, when set (Run on Unix), takes the key Ctrl-Z instead of
	// the screen.
	suspend func()

	width     *runewidth.Condition
	measuring bool // waiting for the terminal's answer about □
	adopt     bool // the answer sets width (Options.MeasureWidth)
	measured  bool // the answer came
	agrees    bool // the terminal draws □ as width measures it
	redraw    bool // Ctrl-L asked for the whole screen again

	// Hold keeps commands queued until RunCommands, so that a test can
	// look at the screen while the work is still going on.
	Hold bool

	ctx     context.Context
	cancel  context.CancelFunc
	queue   []Cmd         // commands not yet run (headless)
	results chan any      // where Run's commands answer; nil when headless
	gone    chan struct{} // closed once Run stops listening to results
	running int           // Run's commands not yet answered
}

// NewDriver returns a driver showing s in a terminal of the given size,
// with a clock that stands still except where an event brings its own Time.
func NewDriver(s Screen, size Size) *Driver {
	d := newDriver(size)
	d.show(s)
	return d
}

func newDriver(size Size) *Driver {
	ctx, cancel := context.WithCancel(context.Background())
	return &Driver{size: size, now: start, ctx: ctx, cancel: cancel}
}

// Feed passes events to s through a new Driver of DefaultSize, and returns
// the screen they lead to: nil, or a screen made by Exit, once the program
// has left. It suits a test that needs no size of its own; one that resizes
// keeps a Driver.
func Feed(s Screen, evs ...Event) Screen {
	d := NewDriver(s, DefaultSize)
	d.Send(evs...)
	return d.Screen()
}

// Show makes s the screen shown, as if the screen before had returned it,
// and starts the commands it carries; a program that had left goes on with
// s. A test sets a scene this way.
func (d *Driver) Show(s Screen) {
	d.done, d.err = false, nil
	d.show(s)
	if !d.Hold {
		d.RunCommands()
	}
}

// Screen returns the screen shown: nil or a screen made by Exit once the
// program has left.
func (d *Driver) Screen() Screen { return d.screen }

// Size returns the terminal's size, as the latest ResizeEvent gave it.
func (d *Driver) Size() Size { return d.size }

// Done reports whether the program has left: a screen returned nil or
// Exit, or Ctrl-C was pressed.
func (d *Driver) Done() bool { return d.done }

// Err is why the program left, when it was not a screen's choice: an
// *Interrupted after Ctrl-C.
func (d *Driver) Err() error { return d.err }

// Frame returns what the screen shows at the driver's size.
func (d *Driver) Frame() Frame {
	if d.screen == nil {
		return Frame{}
	}
	return d.screen.View(d.size)
}

// Text returns the frame as a player reads it in a terminal whose widths
// are those of w.
func (d *Driver) Text(w *runewidth.Condition) string { return d.Frame().Text(w) }

// Send passes events to the screen one by one, then (unless Hold) runs the
// commands they started and passes their answers on too. Events after the
// program has left are dropped.
func (d *Driver) Send(evs ...Event) {
	for _, ev := range evs {
		d.handle(ev)
		if !d.Hold {
			d.RunCommands()
		}
	}
}

// Input decodes bytes as the terminal sent them and passes the events on.
func (d *Driver) Input(b []byte) { d.Send(d.dec.Feed(b)...) }

// InputPending reports whether input waits for the rest of a sequence: the
// caller calls FlushInput when no more comes within EscDelay.
func (d *Driver) InputPending() bool { return d.dec.Pending() }

// FlushInput decodes what waits as if no more will come: a lone Esc.
func (d *Driver) FlushInput() { d.Send(d.dec.Flush()...) }

// Pending is the number of commands started and not yet answered.
func (d *Driver) Pending() int { return len(d.queue) + d.running }

// RunCommands runs the queued commands of a headless driver, in the order
// they were started, passing each answer to the screen shown then; commands
// those answers start run too, unless Hold. Once the program has left they
// still run, as Run lets them finish, and their answers are dropped.
func (d *Driver) RunCommands() {
	for len(d.queue) > 0 {
		cmd := d.queue[0]
		d.queue = d.queue[1:]
		d.deliver(cmd(d.ctx))
		if d.Hold {
			return
		}
	}
}

// deliver passes a command's answer to the screen; a command's panic goes
// on here, on the UI goroutine.
func (d *Driver) deliver(v any) {
	if p, ok := v.(cmdPanic); ok {
		panic(fmt.Sprintf("%v\n\nin a command, on its goroutine:\n%s", p.value, p.stack))
	}
	d.handle(Event{Type: ResultEvent, Result: v})
}

// handle passes one event to the screen and takes what Update returns.
func (d *Driver) handle(ev Event) {
	if d.done {
		return
	}
	switch {
	case ev.IsKey(KeyCtrlC):
		d.err, d.done = &Interrupted{}, true
		return
	case ev.IsKey(KeyCtrlL):
		d.redraw = true // the terminal's business, not the screen's
		return
	case ev.IsKey(KeyCtrlZ) && d.suspend != nil:
		d.suspend()
		return
	case ev.Type == cursorReport:
		d.measure(ev.at)
		return
	case ev.Type == ResizeEvent:
		d.size = ev.Size
	}
	ev.Size = d.size
	switch {
	case !ev.Time.IsZero():
		d.now = ev.Time // a test's own clock
	case d.clock != nil:
		d.now = d.clock()
	}
	ev.Time = d.now
	d.show(d.screen.Update(ev))
}

// show makes s the screen shown, starting the commands it carries.
func (d *Driver) show(s Screen) {
	for {
		do, ok := s.(doScreen)
		if !ok {
			break
		}
		for _, cmd := range do.cmds {
			d.start(cmd)
		}
		s = do.next
	}
	d.screen = s
	if Ended(s) {
		d.done = true
	}
}

// start runs cmd: queued when headless, on a goroutine of its own in Run.
func (d *Driver) start(cmd Cmd) {
	if d.results == nil {
		d.queue = append(d.queue, cmd)
		return
	}
	d.running++
	go func() {
		v := protect(d.ctx, cmd)
		select {
		case d.results <- v:
		case <-d.gone: // Run has returned: nobody wants the answer
		}
	}()
}

// cmdPanic is a panic in a command run by Run, carried to the UI
// goroutine, which panics again there so that Run restores the terminal
// first.
type cmdPanic struct {
	value any
	stack []byte
}

// protect runs cmd, turning a panic into a cmdPanic.
func protect(ctx context.Context, cmd Cmd) (v any) {
	defer func() {
		if p := recover(); p != nil {
			v = cmdPanic{value: p, stack: debug.Stack()}
		}
	}()
	return cmd(ctx)
}

// measure takes the terminal's answer to Run's question about □: the
// cursor is at column 2 after □ written at column 1 where □ is one column
// wide, at column 3 where it is two.
func (d *Driver) measure(at Pos) {
	if !d.measuring || at.Row != 0 || (at.Col != 1 && at.Col != 2) {
		return
	}
	d.measuring = false
	if d.adopt {
		setWide(d.width, at.Col == 2)
	}
	d.agrees = d.width.RuneWidth('□') == at.Col
	d.measured = true
}

// stop cancels the commands still running and waits up to grace for them
// to answer, so that a save just started can finish; their answers are
// dropped.
func (d *Driver) stop(grace time.Duration) {
	d.cancel()
	if d.results == nil {
		return
	}
	defer close(d.gone)
	timeout := time.After(grace)
	for d.running > 0 {
		select {
		case <-d.results:
			d.running--
		case <-timeout:
			return
		}
	}
}

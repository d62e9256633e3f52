package console

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"

	"termgames/internal/vtmodel"
)

// remote is a terminal at the other end of a stream, as an SSH client is:
// keys go down a pipe, frames come back into a modelled screen, which
// answers the width question as a terminal of its kind would.
type remote struct {
	t      *testing.T
	keys   *io.PipeWriter
	screen *vtmodel.Screen
	sizes  chan Size
	done   chan error
	cancel context.CancelCauseFunc
}

// startRemote runs s with RunStream on a remote terminal of the given size
// whose ambiguous glyphs are as term measures them.
func startRemote(t *testing.T, s Screen, size Size, term *runewidth.Condition, opt Options) *remote {
	t.Helper()
	in, keys := io.Pipe()
	r := &remote{t: t, keys: keys, screen: vtmodel.New(size.Width, size.Height, term),
		sizes: make(chan Size, 1), done: make(chan error, 1)}
	r.screen.AnswerTo(keys)
	ctx, cancel := context.WithCancelCause(context.Background())
	r.cancel = cancel
	go func() {
		r.done <- RunStream(ctx, s, Stream{In: in, Out: r.screen, Size: size, Sizes: r.sizes}, opt)
	}()
	t.Cleanup(func() {
		cancel(nil)
		keys.Close()
	})
	return r
}

func (r *remote) send(s string) {
	if _, err := io.WriteString(r.keys, s); err != nil {
		r.t.Fatalf("send %q: %v", s, err)
	}
}

// waitFor waits until the screen shows text.
func (r *remote) waitFor(text string) string {
	r.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := r.screen.Text()
		if strings.Contains(s, text) {
			return s
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("waiting for %q; the screen:\n%s", text, s)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// wait returns what RunStream returned.
func (r *remote) wait() error {
	r.t.Helper()
	select {
	case err := <-r.done:
		return err
	case <-time.After(10 * time.Second):
		r.t.Fatal("RunStream did not return")
		return nil
	}
}

// widthScreen shows the width its Condition gives □, the size, and the
// last key; q leaves with a message, p panics.
type widthScreen struct {
	w    *runewidth.Condition
	last string
}

func (s *widthScreen) Update(ev Event) Screen {
	switch {
	case ev.IsRune('q'):
		return Exit("bye")
	case ev.IsRune('p'):
		panic("screen panics")
	case ev.Type == KeyEvent:
		s.last = ev.Key.String() + " " + string(ev.Rune)
	}
	return s
}

func (s *widthScreen) View(size Size) Frame {
	var f Frame
	f.Lines(0, fmt.Sprintf("□ is %d wide", s.w.RuneWidth('□')),
		fmt.Sprintf("size %dx%d", size.Width, size.Height), "last "+s.last)
	return f
}

// Each remote terminal is measured by its own answer, whatever the
// process's environment says: two sessions of one server, one wide and one
// narrow, each get their own width, and RUNEWIDTH_EASTASIAN (which Run
// reads) changes nothing.
func TestRunStreamMeasuresEachTerminal(t *testing.T) {
	t.Setenv("RUNEWIDTH_EASTASIAN", "1")
	for _, term := range []*runewidth.Condition{narrow, wide} {
		w := NewCondition(Narrow)
		r := startRemote(t, &widthScreen{w: w}, Size{60, 20}, term, Options{Width: w, MeasureWidth: true})
		r.waitFor(fmt.Sprintf("□ is %d wide", term.RuneWidth('□')))
		r.send("q")
		if err := r.wait(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.screen.Text(), "bye") || r.screen.Mode(1049) || !r.screen.Mode(25) {
			t.Errorf("after q: alt %v cursor %v, screen:\n%s", r.screen.Mode(1049), r.screen.Mode(25), r.screen.Text())
		}
	}
	// No Width at all: narrow, not a guess from the environment.
	r := startRemote(t, &widthScreen{w: NewCondition(Narrow)}, Size{60, 20}, narrow, Options{})
	r.waitFor("□ is 1 wide")
}

// Sizes come from the stream alone; keys are decoded; Ctrl-C ends the
// session with *Interrupted, a cancelled context with its cause, a closed
// input with ErrInputClosed, and a panic with *ScreenPanic, each with the
// terminal put back.
func TestRunStreamWaysOut(t *testing.T) {
	w := NewCondition(Narrow)
	r := startRemote(t, &widthScreen{w: w}, Size{60, 20}, narrow, Options{Width: w})
	r.waitFor("size 60x20")
	r.sizes <- Size{70, 22}
	r.waitFor("size 70x22")
	r.send("\x1b[A")
	r.waitFor("last Up")
	r.send("\x03")
	var intr *Interrupted
	if err := r.wait(); !errors.As(err, &intr) {
		t.Errorf("Ctrl-C: %v, want *Interrupted", err)
	}

	stop := errors.New("server stops")
	r = startRemote(t, &widthScreen{w: w}, Size{60, 20}, narrow, Options{Width: w})
	r.waitFor("size 60x20")
	r.cancel(stop)
	if err := r.wait(); err != stop {
		t.Errorf("cancelled: %v, want the cause", err)
	}
	if r.screen.Mode(1049) {
		t.Error("cancelled: still on the alternate screen")
	}

	r = startRemote(t, &widthScreen{w: w}, Size{60, 20}, narrow, Options{Width: w})
	r.waitFor("size 60x20")
	r.keys.Close()
	if err := r.wait(); err != ErrInputClosed {
		t.Errorf("input closed: %v, want ErrInputClosed", err)
	}

	r = startRemote(t, &widthScreen{w: w}, Size{60, 20}, narrow, Options{Width: w})
	r.waitFor("size 60x20")
	r.send("p")
	var sp *ScreenPanic
	if err := r.wait(); !errors.As(err, &sp) || sp.Value != "screen panics" || !strings.Contains(string(sp.Stack), "widthScreen") {
		t.Errorf("panic: %v, want *ScreenPanic with the stack", err)
	}
	if r.screen.Mode(1049) || !r.screen.Mode(25) {
		t.Error("after a panic: the terminal was not put back")
	}
}

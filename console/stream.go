package console

import (
	"context"
	"fmt"
	"io"
)

// RunStream shows s on the terminal at the other end of st (an SSH
// session's channel, say) until a screen returns nil or Exit, the player
// presses Ctrl-C (an *Interrupted), the input ends (ErrInputClosed), or
// ctx is done (its cause is returned). It is the core's second front end,
// beside Run: it puts the terminal in the games' state with escape
// sequences alone (the remote side owns raw mode), and puts it back on
// every way out. A panic in a screen is returned as a *ScreenPanic, once
// the terminal is put back: one player's panic must not end a server.
//
// It reaches nothing of the process: opt.Width is this terminal's own
// measure (nil: narrow until the terminal answers, with MeasureWidth),
// and it neither reads the environment nor catches a signal. Commands
// still running when it returns are given a second to answer.
//
// The caller ends a Read of st.In still waiting after RunStream returns
// (by closing the connection).
func RunStream(ctx context.Context, s Screen, st Stream, opt Options) (err error) {
	if opt.Width == nil {
		opt.Width = NewCondition(Narrow)
	}
	if _, err := io.WriteString(st.Out, enterSeq); err != nil {
		return fmt.Errorf("console: write: %w", err)
	}
	c := newCore(s, st, opt)
	defer func() {
		_, _ = io.WriteString(st.Out, leaveSeq)
		if _, panicked := err.(*ScreenPanic); !panicked {
			lastWords(st.Out, opt, c.d.Screen(), err, "\r\n")
		}
		c.finish(commandGrace)
	}()
	return c.run(ctx)
}

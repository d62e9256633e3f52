package serve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"termgames/console"
	"termgames/serve/room"
)

// here.go is who is on the server, for the players' "who is here" list
// (who.go), and the challenges they send each other: a challenge shows on
// the challenged player's screen, whatever it is, as a line with y to
// accept and n to decline, and lapses after challengeLapse. Accepting
// opens a table of the challenge's game, rule and clock, the challenger
// its host, and seats both.

// challengeLapse is how long a challenge waits for its answer.
const challengeLapse = 60 * time.Second

// presence is the online part of every session on the server.
type presence struct {
	mu sync.Mutex
	on map[*online]bool
}

func (h *presence) add(o *online) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.on == nil {
		h.on = map[*online]bool{}
	}
	h.on[o] = true
}

func (h *presence) remove(o *online) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.on, o)
}

// all returns every session's online part, by name.
func (h *presence) all() []*online {
	h.mu.Lock()
	os := make([]*online, 0, len(h.on))
	for o := range h.on {
		os = append(os, o)
	}
	h.mu.Unlock()
	slices.SortFunc(os, func(a, b *online) int { return strings.Compare(a.p.Name, b.p.Name) })
	return os
}

// where is what a player is doing at a table, for the others to see: nil
// while at the menus.
type where struct {
	code     string
	watching bool
}

// Errors of a challenge sent.
var (
	errBusy      = errors.New("the player is at a table")
	errRefuses   = errors.New("the player takes no challenges")
	errPending   = errors.New("the player has a challenge waiting")
	errYourself  = errors.New("one cannot challenge oneself")
	errIgnoredBy = errors.New("ignored") // said to the challenger as a refusal, without the reason
	errOver      = errors.New("the challenge is over")
)

// challenge is a challenge from one player to another, and its answer.
type challenge struct {
	from, to *online
	setup    room.Setup
	sent     time.Time

	mu    sync.Mutex
	state challengeState
	table *room.Table   // once accepted
	done  chan struct{} // closed once answered, withdrawn or lapsed
	lapse *time.Timer
}

type challengeState uint8

const (
	challengeWaiting challengeState = iota
	challengeAccepted
	challengeDeclined
	challengeWithdrawn
	challengeLapsed
)

// send offers the challenge to its player, unless they are at a table,
// refuse challenges, ignore the challenger or have one waiting already.
func (c *challenge) send(refuses bool) error {
	switch {
	case c.to == c.from || c.to.p.Key != "" && c.to.p.Key == c.from.p.Key:
		return errYourself
	case refuses:
		return errRefuses
	case c.to.ignores(c.from.p.Key):
		return errIgnoredBy
	}
	if at := c.to.where.Load(); at != nil && !at.watching {
		return errBusy
	}
	c.done = make(chan struct{})
	select {
	case c.to.notices <- c: // taken only while no other is shown: the layer waits for one at a time
	default:
		return errPending
	}
	c.mu.Lock() // the challenged player may answer already
	c.lapse = time.AfterFunc(challengeLapse, func() { c.end(challengeLapsed, nil) })
	c.mu.Unlock()
	return nil
}

// end ends a challenge still waiting as state (accepted: at table t),
// and reports whether it did.
func (c *challenge) end(state challengeState, t *room.Table) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.state != challengeWaiting {
		return false
	}
	c.state, c.table = state, t
	if c.lapse != nil {
		c.lapse.Stop()
	}
	close(c.done)
	return true
}

// now is where the challenge stands, and its table once accepted.
func (c *challenge) now() (challengeState, *room.Table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state, c.table
}

// accept opens the challenge's table, the challenger its host, and seats
// the challenged player; the challenger's session holds its seat from
// now on, whatever its screen is doing. It waits for the table: the
// challenged player's screen calls it off its goroutine.
func (c *challenge) accept() (*room.Table, error) {
	if state, _ := c.now(); state != challengeWaiting {
		return nil, errOver
	}
	lobby := c.to.lobby
	t := lobby.Open(c.setup, c.from.seat())
	c.from.hold(t, func() { t.Leave(0) })
	_, seat, err := lobby.Join(t.Code, c.setup.Game, c.to.seat())
	if err != nil {
		c.from.release(t)
		return nil, err
	}
	if !c.end(challengeAccepted, t) { // withdrawn while the table opened
		c.from.release(t)
		t.Leave(seat)
		return nil, errOver
	}
	return t, nil
}

// noticeLayer shows a challenge sent to the player over whatever screen
// they are on, as a line at the bottom: y accepts, n declines, and it
// goes when answered, withdrawn or lapsed. Every other key, and every
// screen the one under it leads to, is the screen's own.
type noticeLayer struct {
	o     *online
	under console.Screen
	c     *challenge // the challenge shown; nil when none is
	msg   string     // what came of the last one, until the next key
}

// challenged is the answer of the layer's wait: a challenge came.
type challenged struct{ c *challenge }

// challengeOver is the answer of the wait for a challenge shown to end.
type challengeOver struct{ c *challenge }

// acceptedTable is the table an accepted challenge opened.
type acceptedTable struct {
	t   *room.Table
	err error
}

// withNotices puts the layer over the session's first screen, waiting for
// challenges.
func withNotices(o *online, first console.Screen) console.Screen {
	l := &noticeLayer{o: o}
	return l.wrap(first, l.wait())
}

// wait waits for the next challenge sent to the player.
func (l *noticeLayer) wait() console.Cmd {
	notices := l.o.notices
	return func(ctx context.Context) any {
		select {
		case c := <-notices:
			return challenged{c}
		case <-ctx.Done():
			return nil
		}
	}
}

// wrap makes next the screen under the layer, passing its commands on,
// and more of the layer's own; a screen that ended the session is shown
// as it is.
func (l *noticeLayer) wrap(next console.Screen, more ...console.Cmd) console.Screen {
	s, cmds := console.Unwrap(next)
	if s == nil || console.Ended(s) {
		return next
	}
	l.under = s
	return console.Do(l, append(cmds, more...)...)
}

// Update answers the challenge shown with y or n, takes the layer's own
// answers, and passes the rest to the screen under it.
func (l *noticeLayer) Update(ev console.Event) console.Screen {
	if ev.Type == console.ResultEvent {
		switch r := ev.Result.(type) {
		case challenged:
			l.c, l.msg = r.c, ""
			c := r.c
			return console.Do(l, func(ctx context.Context) any {
				select {
				case <-c.done:
				case <-ctx.Done():
				}
				return challengeOver{c}
			})
		case challengeOver: // the player may be challenged again
			if l.c == r.c {
				l.c = nil
				if state, _ := r.c.now(); state == challengeLapsed {
					l.msg = socialTextFor(l.o.p.Lang).lapsed
				}
			}
			return console.Do(l, l.wait())
		case acceptedTable:
			if r.err != nil {
				l.msg = socialTextFor(l.o.p.Lang).over
				return l
			}
			l.o.hold(r.t, func() { r.t.Leave(1) })
			return l.wrap(newTableScreen(l.o, r.t, 1, reshow(l.under)))
		}
	}
	if ev.Type == console.KeyEvent {
		l.msg = ""
		if c := l.c; c != nil {
			switch {
			case ev.IsRune('y') || ev.IsRune('Y'):
				l.c = nil
				return console.Do(l, func(context.Context) any {
					t, err := c.accept()
					return acceptedTable{t, err}
				})
			case ev.IsRune('n') || ev.IsRune('N'):
				l.c = nil
				c.end(challengeDeclined, nil)
				return l
			}
		}
	}
	return l.wrap(l.under.Update(ev))
}

// View draws the screen under the layer, and the challenge's line at the
// bottom of the terminal.
func (l *noticeLayer) View(size console.Size) console.Frame {
	f := l.under.View(size)
	line := l.msg
	if c := l.c; c != nil {
		st := socialTextFor(l.o.p.Lang)
		left := max(challengeLapse-time.Since(c.sent), 0)
		line = st.challengeLine(c, l.o.p.Lang, int((left+time.Second-1)/time.Second))
		f.Tick = soonest(f.Tick, time.Second)
	}
	if line != "" {
		f.Line(max(size.Height-1, 0), l.o.p.Width.Truncate(line, max(size.Width-1, 10), "…"))
	}
	return f
}

// KeepOpen is the screen under it's: a table's stays open however long
// its player waits.
func (l *noticeLayer) KeepOpen() bool {
	k, ok := l.under.(interface{ KeepOpen() bool })
	return ok && k.KeepOpen()
}

// challengeWait is the challenger's screen while the challenge waits for
// its answer: Esc withdraws it. An accepted challenge shows its table,
// anything else goes back to the list with what came of it.
type challengeWait struct {
	w   *whoScreen
	c   *challenge
	row whoRow
}

// challengeSent is the answer of the challenge's sending and its wait.
type challengeSent struct {
	c   *challenge
	err error
}

func newChallengeWait(w *whoScreen, row whoRow, setup room.Setup) console.Screen {
	o := w.m.o
	c := &challenge{from: o, to: row.o, setup: setup, sent: time.Now()}
	cw := &challengeWait{w: w, c: c, row: row}
	return console.Do(cw, func(ctx context.Context) any {
		refuses := false
		if o.store != nil && row.key != "" {
			var err error
			if refuses, err = o.store.RefusesChallenges(ctx, row.key); err != nil {
				return challengeSent{c, err}
			}
		}
		if err := c.send(refuses); err != nil {
			return challengeSent{c, err}
		}
		select {
		case <-c.done:
		case <-ctx.Done():
			c.end(challengeWithdrawn, nil)
		}
		return challengeSent{c, nil}
	})
}

// Update takes the answer, or Esc, which withdraws the challenge.
func (cw *challengeWait) Update(ev console.Event) console.Screen {
	w, st, name := cw.w, cw.w.st, cw.row.name
	if r, ok := ev.Result.(challengeSent); ok && ev.Type == console.ResultEvent && r.c == cw.c {
		switch {
		case errors.Is(r.err, errRefuses), errors.Is(r.err, errIgnoredBy):
			w.msg = fmt.Sprintf(st.refuses, name)
		case errors.Is(r.err, errBusy):
			w.msg = fmt.Sprintf(st.busy, name)
		case errors.Is(r.err, errPending):
			w.msg = fmt.Sprintf(st.pending, name)
		case errors.Is(r.err, errYourself):
			w.msg = st.yourself
		case r.err != nil:
			w.msg = fmt.Sprintf(st.storeFailed, r.err)
		}
		if r.err != nil {
			return w.refresh()
		}
		switch state, t := cw.c.now(); state {
		case challengeAccepted: // accept already holds the seat for the challenger
			return newTableScreen(w.m.o, t, 0, w)
		case challengeDeclined:
			w.msg = fmt.Sprintf(st.declined, name)
		case challengeLapsed:
			w.msg = st.lapsed
		}
		return w.refresh()
	}
	if ev.IsKey(console.KeyEsc) {
		cw.c.end(challengeWithdrawn, nil)
	}
	return cw
}

// View says whose answer is awaited, and for how long more.
func (cw *challengeWait) View(size console.Size) console.Frame {
	var f console.Frame
	left := max(challengeLapse-time.Since(cw.c.sent), 0)
	f.Line(0, fmt.Sprintf(cw.w.st.waitFor, cw.row.name, int((left+time.Second-1)/time.Second)))
	f.Line(1, describe(cw.c.setup, cw.w.m.txt))
	f.Tick = left%time.Second + time.Millisecond
	f.Label(langOf(cw.w.m.txt), console.Size{})
	return f
}

package serve

import (
	"context"
	"errors"
	"fmt"
	"time"

	"termgames/console"
	"termgames/internal/store"
	"termgames/serve/room"
)

// table.go is what the screens of a table share, whatever its game, for
// the two players and the watchers alike (seat -1); each game's own screen
// (omoktable.go: the board; baseballtable.go: the rounds) draws the game.
// Every key turns into a move of the table (owner.go), which checks it with
// the game's rules; the screens draw the table's State, taken afresh each
// time the table changes: a command waits for that on its own goroutine
// and wakes the screen (tableChanged), so that both players' screens, and
// the watchers', change the moment a move is made.

// tableChanged is the answer of a table's wait: the table has changed.
type tableChanged struct{ t *room.Table }

// moved is the answer of a move made off the screen's goroutine (Move may
// wait for the store): the table's refusal, or nil.
type moved struct {
	t   *room.Table
	err error
}

// tableBase is what both games' table screens share.
type tableBase struct {
	o      *online
	t      *room.Table
	seat   int // 0 or 1; -1 for a watcher
	back   console.Screen
	txt    *onlineText
	resume string

	st      room.State
	wake    <-chan struct{}
	armed   bool
	gone    chan struct{} // closed when the screen leaves: its wait ends
	confirm bool          // Esc asked whether to leave
	msg     string
	// refusal words a move's refusal, as the game's screen does.
	refusal func(error) string
	mt      *matchText
	chat    chatBox
	ct      *chatText
}

// newTableScreen returns the screen of t as seat sees it, waiting for the
// table's changes.
func newTableScreen(o *online, t *room.Table, seat int, back console.Screen) console.Screen {
	txt := textFor(o.p.Lang, t.Game)
	b := tableBase{o: o, t: t, seat: seat, back: back, txt: txt, mt: matchTextFor(txt), ct: chatTextFor(txt),
		gone: make(chan struct{})}
	if seat >= 0 {
		b.resume = t.ResumeCode(seat)
	}
	o.where.Store(&where{code: t.Code, watching: seat < 0})
	b.refresh()
	return screensOf(t.Game).screen(b)
}

// KeepOpen marks a table's screen as one the idle rule leaves open: the
// other player, or the watchers, count on it.
func (b *tableBase) KeepOpen() bool { return true }

func (b *tableBase) refresh() { b.st, b.wake = b.t.State() }

// arm starts the wait for the table's next change, unless one is on.
func (b *tableBase) arm(self console.Screen) console.Screen {
	if b.armed {
		return self
	}
	b.armed = true
	wake, gone, t := b.wake, b.gone, b.t
	return console.Do(self, func(ctx context.Context) any {
		select {
		case <-wake:
			return tableChanged{t}
		case <-gone:
		case <-ctx.Done():
		}
		return nil
	})
}

// move makes the player's move, text in the game's notation, off the
// screen's goroutine: with a store, Move keeps it on disk first. The
// table's change then wakes every screen; the answer says only a refusal.
func (b *tableBase) move(self console.Screen, text string) console.Screen {
	t, seat := b.t, b.seat
	b.msg = ""
	return console.Do(self, func(context.Context) any { return moved{t, t.Move(seat, text)} })
}

// common handles what both games' screens do alike: the table's changes,
// the answers to moves, leaving (Esc, then y; any key once the game is
// over). It reports whether it handled ev, and the screen to show then.
func (b *tableBase) common(self console.Screen, ev console.Event) (console.Screen, bool) {
	if ev.Type == console.ResultEvent {
		switch r := ev.Result.(type) {
		case tableChanged:
			if r.t == b.t {
				b.armed = false
				b.refresh()
				return b.arm(self), true
			}
		case moved:
			if r.t == b.t {
				if b.msg = b.matchRefusal(r.err); b.msg == "" {
					b.msg = b.refusal(r.err)
				}
			}
		case chatSaid:
			if r.t == b.t {
				b.chat.msg = b.chatRefusal(r.err)
			}
		}
		return self, true
	}
	if ev.Type != console.KeyEvent {
		return self, true
	}
	if b.chat.open || !b.confirm && (ev.IsRune('c') || ev.IsRune('C')) {
		return b.chatKey(self, ev)
	}
	switch {
	case b.st.Outcome.Over:
		if (ev.IsRune('r') || ev.IsRune('R')) && b.seat >= 0 && b.st.Rematchable {
			t, seat := b.t, b.seat
			b.msg = ""
			return console.Do(self, func(context.Context) any { return moved{t, t.Rematch(seat)} }), true
		}
		return b.leave(), true
	case b.confirm:
		switch {
		case ev.IsRune('y') || ev.IsRune('Y') || ev.IsKey(console.KeyEnter):
			if b.seat >= 0 {
				return b.resign(), true
			}
			return b.leave(), true
		case ev.IsRune('n') || ev.IsRune('N') || ev.IsKey(console.KeyEsc):
			b.confirm = false
		}
		return self, true
	case ev.IsKey(console.KeyEsc):
		if b.seat >= 0 && !b.st.Seats[1].Taken {
			return b.leave(), true // nobody came: nothing to lose
		}
		b.confirm, b.msg = true, ""
		return self, true
	}
	if b.seat < 0 || !b.st.Seats[1].Taken {
		return self, false
	}
	if off := b.st.Offer; b.st.OfferOpen && off.By != b.seat {
		switch {
		case ev.IsRune('y') || ev.IsRune('Y'):
			return b.move(self, room.MoveYes), true
		case ev.IsRune('n') || ev.IsRune('N'):
			return b.move(self, room.MoveNo), true
		}
	}
	if b.t.Game.Offers() {
		switch {
		case ev.IsRune('t') || ev.IsRune('T'):
			return b.move(self, room.MoveOfferTakeback), true
		case ev.IsRune('d') || ev.IsRune('D'):
			return b.move(self, room.MoveOfferDraw), true
		}
	}
	return self, false
}

// matchRefusal words the refusal of an offer, its answer or a rematch;
// "" for any other error, which the game's screen words, and for those
// the screens show otherwise (the end on time shows as the end).
func (b *tableBase) matchRefusal(err error) string {
	switch {
	case errors.Is(err, room.ErrNotLastMove):
		return b.mt.notLast
	case errors.Is(err, room.ErrNotAsked):
		return b.mt.notAsked
	case errors.Is(err, room.ErrOfferOpen):
		return b.mt.offerOpen
	case errors.Is(err, room.ErrNoOffers):
		return b.mt.noOffers
	case errors.Is(err, room.ErrNoRematch):
		return b.mt.otherLeft
	}
	return ""
}

// endLine is the line under the result: the keys of a rematch and where
// it stands, or that the other player left, or any key back to the menu.
func (b *tableBase) endLine() string {
	st, other := b.st, 1-b.seat
	switch {
	case st.Rematchable && b.seat < 0:
		return b.mt.watchEnd
	case st.Rematchable && st.Rematch[b.seat]:
		return b.mt.asked
	case st.Rematchable && st.Rematch[other]:
		return fmt.Sprintf(b.mt.wants, st.Seats[other].Name)
	case st.Rematchable:
		return wordsOf(b.t.Game, b.txt).rematch
	case b.seat >= 0 && st.Outcome.How != room.HowLeft && st.Outcome.How != store.Void:
		return b.mt.otherLeft
	}
	return b.txt.anyKey
}

// offerLine says the offer waiting for its answer, as each sees it, or
// how the last one was answered; "" when neither.
func (b *tableBase) offerLine() string {
	st := b.st
	switch {
	case st.Outcome.Over:
		return ""
	case st.OfferOpen && st.Offer.By == b.seat:
		return b.mt.offerBy[st.Offer.Kind]
	case st.OfferOpen && b.seat >= 0:
		return fmt.Sprintf(b.mt.offerTo[st.Offer.Kind], st.Seats[st.Offer.By].Name)
	case st.OfferOpen:
		return fmt.Sprintf(b.mt.offerSeen[st.Offer.Kind], st.Seats[st.Offer.By].Name)
	case st.Answered && st.AnswerYes:
		return fmt.Sprintf(b.mt.accepted[st.Answer.Kind], st.Seats[1-st.Answer.By].Name)
	case st.Answered:
		return fmt.Sprintf(b.mt.declined[st.Answer.Kind], st.Seats[1-st.Answer.By].Name)
	}
	return ""
}

// clockLine is the line of both seats' times at now, the one to move
// running down, and the delay until it next changes; "" and 0 at a table
// with no clock. A table waiting for a player shows its control so.
func (b *tableBase) clockLine(now time.Time) (string, time.Duration) {
	c := b.st.Clock
	if !c.Timed() {
		return "", 0
	}
	left, next := c.LeftAt(now)
	if b.st.Outcome.Over {
		next = 0
	}
	return fmt.Sprintf(b.mt.clock, clockTime(left[0]), clockTime(left[1])), next
}

// soonest is the sooner of two delays until a frame changes, 0 being
// never.
func soonest(a, b time.Duration) time.Duration {
	if a <= 0 || b > 0 && b < a {
		return b
	}
	return a
}

// leave stands up from the table (or stops watching) and goes back.
func (b *tableBase) leave() console.Screen {
	close(b.gone)
	b.o.where.Store(nil)
	b.o.release(b.t)
	return b.goBack()
}

// resign loses the game and goes back: the table keeps the end (with a
// store, on disk) off the screen's goroutine, and then the seat is left.
func (b *tableBase) resign() console.Screen {
	close(b.gone)
	b.o.where.Store(nil)
	t, seat, leave := b.t, b.seat, b.o.forget(b.t)
	return console.Do(b.goBack(), func(context.Context) any {
		t.Resign(seat)
		if leave != nil {
			leave()
		}
		return nil
	})
}

// goBack is the screen the table's screen came from, asked afresh.
func (b *tableBase) goBack() console.Screen { return reshow(b.back) }

// seatName is seat i's name as the table shows it: "..." while the seat
// is empty.
func (b *tableBase) seatName(i int) string {
	if !b.st.Seats[i].Taken {
		return "..."
	}
	return b.name(i)
}

// name is seat i's name, marked when it is the player's own.
func (b *tableBase) name(i int) string {
	n := b.st.Seats[i].Name
	if i == b.seat {
		n += b.txt.you
	}
	return n
}

// now is the time the table's screens draw at: the lobby's.
func (b *tableBase) now() time.Time { return b.o.lobby.Now() }

// away returns the line of the countdown of a seat away, and the delay
// until the next second, or "" and 0.
func (b *tableBase) away(now time.Time) (string, time.Duration) {
	if b.st.HoldEnds.IsZero() || b.st.Outcome.Over {
		return "", 0
	}
	for i, s := range b.st.Seats {
		if s.Taken && s.Present == 0 {
			left := max(b.st.HoldEnds.Sub(now), 0)
			secs := int((left + time.Second - 1) / time.Second)
			next := left % time.Second
			if next <= 0 {
				next = time.Second
			}
			return fmt.Sprintf(b.txt.away, b.st.Seats[i].Name, secs), next
		}
	}
	return "", 0
}

// result is the line that says how the game ended.
func (b *tableBase) result(winLine func(seat int) string, draw string) string {
	o := b.st.Outcome
	switch {
	case o.How == room.HowLeft:
		return b.txt.left
	case o.How == store.Agreed:
		return b.mt.agreed
	case o.Winner < 0:
		return draw
	case o.How == store.Time:
		return fmt.Sprintf(b.mt.timeWin, b.st.Seats[1-o.Winner].Name, b.st.Seats[o.Winner].Name)
	case o.How == store.Forfeit || o.How == store.Resigned:
		return fmt.Sprintf(b.txt.forfeit, b.st.Seats[o.Winner].Name, b.st.Seats[1-o.Winner].Name)
	}
	return winLine(o.Winner)
}

// rated is the word that says whether the game counts for the ratings.
func (b *tableBase) rated() string {
	if b.st.Rated {
		return b.txt.rated
	}
	return b.txt.casual
}

// unsaved is the line that says the store could not keep the game, ""
// while it keeps it.
func (b *tableBase) unsaved() string {
	err := b.st.Unsaved
	if err == nil {
		return ""
	}
	why := ""
	if room.DiskFull(err) {
		why = b.txt.diskFull
	}
	if b.st.Outcome.Over {
		return fmt.Sprintf(b.txt.unsavedEnd, why)
	}
	return fmt.Sprintf(b.txt.unsaved, why)
}

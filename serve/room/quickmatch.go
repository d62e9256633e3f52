package room

import (
	"context"
	"errors"
	"slices"
)

// quickmatch.go is the quick match (빠른 대전): a player names the game,
// the rule and the clock, and is seated with the first player waiting for
// the same; with nobody waiting, a table is opened for them, which the
// next such player joins. QuickMatch is the queue of tables waiting, first
// come first served, rules only; Lobby.Quick opens and joins the tables,
// calling Match and Wait under the lobby's lock, so that two players who
// come at once are paired and do not each open a table.

// Quick seats p by the quick match at a table of setup: at the oldest
// table waiting for the same setup (not one p's key opened), or, with
// none, at a table opened for p, which then waits for the next such
// player. It returns the table and p's seat, 1 at a table joined, 0 at one
// opened. A table whose host left between the match and the join is passed
// over for the next. Joining begins the game in the store: screens call
// Quick off their goroutine.
func (l *Lobby) Quick(setup Setup, p Seat) (*Table, int, error) {
	setup = setup.normal()
	reserved := "" // a code reserved in the store for a table of p's
	for {
		l.mu.Lock()
		code, ok := l.quick.Match(setup, p.Key)
		if !ok && (reserved != "" || l.store == nil) {
			// Opened and queued in one hold of mu: a player who comes
			// meanwhile finds this table, and opens none of their own.
			t := l.openLocked(setup, p, reserved)
			l.quick.Wait(setup, t.Code, p.Key)
			l.mu.Unlock()
			l.log.Info("quick match waits", "table", t.Code, "game", setup.Game.Name(), "for", setup.String())
			return t, 0, nil
		}
		l.mu.Unlock()
		if !ok { // a code first, off mu; then the queue is looked at again
			reserved = l.reserve(context.Background(), "", l.waiting(setup, p))
			continue
		}
		if reserved != "" {
			l.release(reserved)
			reserved = ""
		}
		t, seat, err := l.Join(code, setup.Game, p)
		if errors.Is(err, ErrNoTable) || errors.Is(err, ErrFull) {
			continue // its host left, or a player joined it by its code
		}
		return t, seat, err
	}
}

// QuickMatch is the tables opened by the quick match that wait for their
// second player, oldest first. The zero QuickMatch is empty.
type QuickMatch struct {
	waiting []quickTable
}

// quickTable is a table waiting: what for, and whose.
type quickTable struct {
	want Setup
	code string // the table's code
	key  string // its host's key; "" for a guest
}

// Match returns the code of the oldest table waiting for w and takes it
// out of the queue: the player joins it. A player with a key is not
// paired with their own table (a second session of theirs). False when no
// table waits for w: the player opens one, and Wait queues it.
func (q *QuickMatch) Match(w Setup, key string) (code string, ok bool) {
	w = w.normal()
	for k, t := range q.waiting {
		if t.want == w && (key == "" || t.key != key) {
			q.waiting = slices.Delete(q.waiting, k, k+1)
			return t.code, true
		}
	}
	return "", false
}

// Wait queues the table with code, opened for w by the player with key,
// after those already waiting.
func (q *QuickMatch) Wait(w Setup, code, key string) {
	q.waiting = append(q.waiting, quickTable{want: w.normal(), code: code, key: key})
}

// Leave takes the table with code out of the queue, and reports whether
// it was there: its host left, or a player joined it by its code.
func (q *QuickMatch) Leave(code string) bool {
	for k, t := range q.waiting {
		if t.code == code {
			q.waiting = slices.Delete(q.waiting, k, k+1)
			return true
		}
	}
	return false
}

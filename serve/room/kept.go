package room

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"
	"time"

	"termgames/internal/store"
)

// kept.go is what the store keeps of a table's game: the game begun when
// the second player sits down, each move kept before any screen shows it,
// the end kept (and the ratings changed) before the screens show it, and
// after a restart every game in play brought back to its table. The
// table's goroutine makes every write, one at a time and in order; the
// screens, which read the table's published State, never wait on the
// disk. A write that fails is logged and said on the players' screens,
// and the game goes on in memory; the next write tries again, from the
// first thing the store lacks, and an end the store refused is tried
// again on the lobby's time until it is kept.

// keptGame is what a table knows of its game in the store.
type keptGame struct {
	id     int64            // the game's ID in the store; 0 until begun
	rated  bool             // the store rates the game (store.Rated)
	moves  []store.Move     // every move made, in order
	saved  int              // how many of moves the store has
	failed error            // the last write's failure; nil once one succeeds
	chat   []store.ChatLine // the lines said that the store lacks
	// unkept is the end the store refused, tried again (retryEnd) until
	// it is kept; nil when none waits.
	unkept *store.Result
	retry  time.Duration // the wait before the next try of unkept
}

// storeTimeout bounds one write: SQLite waits for a busy database, but a
// player must not wait for ever to see a move.
const storeTimeout = 10 * time.Second

// storeContext is the context of one write, bounded by storeTimeout.
func storeContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), storeTimeout)
}

// rated reports whether the game counts for the ratings: with a store,
// both players have keys; at a table still waiting, the host has one (the
// game will count if the player who joins has one too).
func (t *Table) rated() bool {
	switch {
	case t.lobby.store == nil:
		return false
	case !t.seats[1].Taken:
		return t.seats[0].Key != ""
	}
	return t.kept.rated
}

// begin begins the game in the store, both seats taken, under the names
// the store knows the players by (a player with a key keeps the name
// their key first had). A failure is said on the screens, and the game
// goes on: the next move begins it.
func (t *Table) begin() {
	t.kept.rated = store.Rated([2]store.Seat{{Key: t.seats[0].Key}, {Key: t.seats[1].Key}})
	ctx, cancel := storeContext()
	defer cancel()
	t.noteWrite("begin the game", t.beginGame(ctx))
}

// beginGame registers the seats' players with keys, as Begin needs, names
// the seats as the store knows them, and begins the game.
func (t *Table) beginGame(ctx context.Context) error {
	st := t.lobby.store
	for i, s := range t.seats {
		if s.Key == "" {
			continue
		}
		p, err := st.Player(ctx, s.Key, AskedName(s.Name))
		if err != nil {
			return err
		}
		if t.seats[i].Name != p.Name {
			t.seats[i].Name = p.Name
			t.changed = true
		}
	}
	g := store.Game{Game: t.Game.name, Server: t.lobby.server.Name, Rule: t.rules.Rule(), Code: t.Code, Started: t.started,
		Options: t.setup.options(t.first)}
	for i, s := range t.seats {
		g.Seats[i] = store.Seat{Key: s.Key, Name: s.Name, Resume: s.Resume}
	}
	id, err := st.Begin(ctx, g)
	if err != nil {
		return err
	}
	t.kept.id, t.changed = id, true
	t.saveChat(ctx)
	return nil
}

// save brings the store up to the table: it begins the game if it is not
// yet begun, and adds the moves it lacks.
func (t *Table) save(ctx context.Context) error {
	if t.kept.id == 0 {
		if err := t.beginGame(ctx); err != nil {
			return err
		}
	}
	for _, m := range t.kept.moves[t.kept.saved:] {
		if err := t.lobby.store.AddMove(ctx, t.kept.id, m); err != nil {
			return err
		}
		t.kept.saved++
	}
	return nil
}

// keepMove keeps m, checked, in the store before it is made, with what the
// store lacks before it, and reports whether it is kept; false without a
// store.
func (t *Table) keepMove(m store.Move) bool {
	if t.lobby.store == nil {
		return false
	}
	ctx, cancel := storeContext()
	defer cancel()
	err := t.save(ctx)
	if err == nil {
		err = t.lobby.store.AddMove(ctx, t.kept.id, m)
	}
	t.noteWrite("keep a move", err)
	return err == nil
}

// finish keeps the end of the game in the store, with its record, and
// the ratings change with it. A game that was never begun (the host left
// alone) has nothing to keep. An end the store refuses is tried again.
func (t *Table) finish(o Outcome) {
	if t.lobby.store == nil || t.outcome.Over || !t.seats[1].Taken {
		return
	}
	names := [2]string{t.seats[0].Name, t.seats[1].Name}
	res := store.Result{Ended: t.at, Winner: o.Winner, How: o.How, Record: t.rules.Record(names)}
	if t.keepEnd(res) != nil {
		t.kept.unkept, t.kept.retry = &res, time.Second
		t.after(t.kept.retry, t.retryEnd)
	}
}

// keepEnd writes what the store lacks of the game and its end res, and
// notes how it went.
func (t *Table) keepEnd(res store.Result) error {
	ctx, cancel := storeContext()
	defer cancel()
	err := t.save(ctx)
	if err == nil {
		var g store.Game
		g, err = t.lobby.store.Finish(ctx, t.kept.id, res)
		if err == nil && g.Rated {
			t.log().Info("rated",
				"p1", fmt.Sprintf("%s %s→%s", t.seats[0].Name, g.Before[0], g.After[0]),
				"p2", fmt.Sprintf("%s %s→%s", t.seats[1].Name, g.Before[1], g.After[1]))
		}
	}
	t.noteWrite("keep the end of the game", err)
	return err
}

// retryEnd tries again to keep the end the store refused: no move comes
// after it to try for it, and a game whose end is not kept would come
// back to its table after a restart. It tries after a second, then ever
// more seldom up to once a minute, until the end is kept (close tries
// once more as the lobby closes).
func (t *Table) retryEnd() {
	if t.kept.unkept == nil || t.restoring {
		return
	}
	if err := t.keepEnd(*t.kept.unkept); err != nil && !errors.Is(err, store.ErrFinished) {
		t.kept.retry = min(2*t.kept.retry, time.Minute)
		t.after(t.kept.retry, t.retryEnd)
		return
	}
	t.kept.unkept = nil
	t.done = t.dropped
}

// noteWrite notes how a write went: a failure goes to the log and to the
// players' screens (State.Unsaved), and a success after one clears it.
func (t *Table) noteWrite(what string, err error) {
	if err != nil {
		t.log().Error("store: could not "+what, "err", err)
	}
	if err == nil && t.kept.failed == nil {
		return
	}
	t.kept.failed = err
	t.changed = true
}

// DiskFull reports whether err is the disk (or the database) being full,
// which the players are told in those words: SQLite says SQLITE_FULL as
// "database or disk is full".
func DiskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || err != nil && strings.Contains(err.Error(), "disk is full")
}

// replay makes the table of stored game g, its moves replayed through
// the table as they were made (the match's offers too, and the clock from
// the instants of its moves), and returns where the game stands after the
// last: its clock paused, for the time since the last move, the server
// down, is charged to nobody (back resumes it). The table is nil when g's
// game is none of ours; else its Rules hold the moves that replayed. Its
// goroutine is not started: bringBack starts it.
func (l *Lobby) replay(g store.Game) (*Table, Outcome, error) {
	setup, first, err := setupOf(g)
	if err != nil {
		return nil, Outcome{}, err
	}
	now := l.Now()
	t := newTable(l, setup, first)
	t.at = now
	t.Code, t.started, t.lastMove, t.restoring = NormCode(g.Code), g.Started, g.Started, true
	t.paceFrom = [2]time.Time{g.Started, g.Started}
	t.kept = keptGame{id: g.ID, rated: g.Rated}
	for i, s := range g.Seats {
		t.seats[i] = Seat{Name: s.Name, Key: s.Key, Resume: NormCode(s.Resume), Taken: true, Away: now}
	}
	defer func() { t.view, t.restoring = t.rules.View(), false }()
	t.startClock(g.Started)
	var out Outcome
	for i, m := range g.Moves {
		if out.Over {
			return t, out, fmt.Errorf("move %d (%q): after the end (%s)", i+1, m.Text, out.How)
		}
		err := t.check(m.Seat, m.Text, m.At)
		if errors.Is(err, ErrFlagged) { // the flag fell before this move, which was refused
			seat, _, _ := t.clock.Flagged(m.At)
			return t, Outcome{Over: true, Winner: 1 - seat, How: store.Time}, nil
		}
		if err == nil {
			out, err = t.apply(m)
		}
		if err != nil {
			return t, out, fmt.Errorf("move %d (%q by %dP): %w", i+1, m.Text, m.Seat+1, err)
		}
	}
	t.kept.saved = len(t.kept.moves)
	t.paceHeld = [2]bool{true, true} // the time the server was down is nobody's
	if !out.Over {
		if err := t.clock.Pause(t.lastMove); err != nil {
			return t, out, err
		}
	}
	return t, out, nil
}

// Replay makes kept game g's moves again as its table made them (swap2's
// choices, the offers, a takeback accepted), as far as they replay, and
// returns its Rules as they then stand: their View is the game as its
// table showed it after the last of them. The error says which move did
// not replay (a game kept by another version); the Rules then hold the
// moves before it. A kept game's web page draws it so.
func Replay(g store.Game) (Rules, error) {
	t, _, err := NewLobby(Config{}).replay(g)
	if t == nil {
		return nil, err
	}
	return t.rules, err
}

// Restore brings back every game the store has in play, each at a table
// under its code (a new one if another table has it), as after a dropped
// connection of both players: both seats away, the hold counting from
// now, each player put back by their key (Held) or resume code (Resume).
// A game whose moves no longer replay is logged and finished as a draw,
// How "void"; one whose last move had ended it (the server stopped before
// keeping its end) is finished as it ended.
//
// Before, it takes this server's place among those on the store's
// database (servers.go): the tables of its last run leave the lists, its
// lease begins, and each game brought back has its code again unless
// another server's table has it. After, it renews the lease until Close.
func (l *Lobby) Restore(ctx context.Context) error {
	if l.store == nil {
		return nil
	}
	if err := l.start(ctx); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	games, err := l.store.InPlay(ctx, l.server.Name)
	if err != nil {
		return fmt.Errorf("serve: the games in play: %w", err)
	}
	for _, g := range games {
		t, out, err := l.replay(g)
		var rules Rules
		if t != nil {
			rules = t.rules
		}
		switch {
		case err != nil:
			l.log.Error("a game that no longer replays is void", keptAbout(g, "err", err)...)
			l.finishKept(ctx, g, rules, Outcome{Over: true, Winner: -1, How: store.Void})
		case out.Over:
			l.finishKept(ctx, g, rules, out)
		default:
			t.Code = l.reserve(ctx, t.Code, Listing{Host: t.seats[0].Name, Setup: t.setup, Playing: true, Rated: t.kept.rated})
			l.bringBack(t)
		}
	}
	l.sync(ctx)
	l.mu.Lock()
	l.renewStarted = true
	l.mu.Unlock()
	l.startRenewing()
	return nil
}

// finishKept keeps the end of stored game g, whose Rules (nil when none
// could be made) hold the moves that replayed.
func (l *Lobby) finishKept(ctx context.Context, g store.Game, rules Rules, o Outcome) {
	res := store.Result{Ended: l.Now(), Winner: o.Winner, How: o.How}
	if rules != nil {
		res.Record = rules.Record([2]string{g.Seats[0].Name, g.Seats[1].Name})
	}
	if _, err := l.store.Finish(ctx, g.ID, res); err != nil {
		l.log.Error("store: could not keep the end of a game brought back", keptAbout(g, "how", o.How, "err", err)...)
		return
	}
	l.metrics.GameEnded(g.Game, string(o.How))
	l.log.Info("game ended", keptAbout(g, "how", o.How, "moves", len(g.Moves))...)
}

// keptAbout are the keys of a log line about stored game g, as a table's
// (Table.about), then more.
func keptAbout(g store.Game, more ...any) []any {
	about := []any{"table", g.Code, "game", g.Game}
	if g.Rule != "" {
		about = append(about, "rule", g.Rule)
	}
	return append(append(about, "id", g.ID), more...)
}

// bringBack opens table t, of a stored game replayed (replay), under its
// code unless another table has it, and starts it, both seats away.
func (l *Lobby) bringBack(t *Table) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if t.Code == "" || l.tables[t.Code] != nil {
		t.Code = l.newTableCode()
	}
	for i := range t.seats {
		if _, used := l.resume[t.seats[i].Resume]; used || t.seats[i].Resume == "" {
			t.seats[i].Resume = l.newResumeCode()
		}
		l.resume[t.seats[i].Resume] = seatRef{t, i}
	}
	l.tables[t.Code] = t
	t.at = l.Now()
	t.lastMove = t.at
	t.armHold()
	t.log().Info("table brought back", "p1", t.seats[0].Name,
		"p2", t.seats[1].Name, "moves", t.rules.Moves())
	l.startLocked(t)
}

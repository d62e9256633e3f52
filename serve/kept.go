package serve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"syscall"
	"time"

	"termgames/internal/store"
)

// kept.go is what the store keeps of a table's game: the game begun when
// the second player sits down, each move kept before any screen shows it,
// the end kept (and the ratings changed) before the screens show it, and
// after a restart every game in play brought back to its table. Every
// write is made holding the table's write lock and not its mu, so that
// the screens never wait on the disk. A write that fails is logged and
// said on the players' screens, and the game goes on in memory; the next
// write tries again, from the first thing the store lacks.

// keptGame is what a table knows of its game in the store; its fields
// are guarded by the table's mu.
type keptGame struct {
	id     int64        // the game's ID in the store; 0 until begun
	rated  bool         // the store rates the game (store.Rated)
	moves  []store.Move // every move made, in order
	saved  int          // how many of moves the store has
	failed error        // the last write's failure; nil once one succeeds
}

// storeTimeout bounds one write: SQLite waits for a busy database, but a
// player must not wait for ever to see a move.
const storeTimeout = 10 * time.Second

// storeContext is the context of one write, bounded by storeTimeout.
func storeContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), storeTimeout)
}

// ratedLocked reports whether the game counts for the ratings: with a
// store, both players have keys; at a table still waiting, the host has
// one (the game will count if the player who joins has one too); mu held.
func (t *Table) ratedLocked() bool {
	switch {
	case t.lobby.store == nil:
		return false
	case !t.seats[1].Taken && !t.joining:
		return t.seats[0].Key != ""
	}
	return t.kept.rated
}

// begin begins the game in the store as p sits down in seat 1, and returns
// p with the name the store knows them by (a player with a key keeps the
// name their key first had), as it does the host's; write held, mu not,
// joining set. A failure is said on the screens, and the game goes on:
// the next move begins it.
func (t *Table) begin(p Seat) Seat {
	t.mu.Lock()
	seats := [2]Seat{t.seats[0], p}
	t.kept.rated = store.Rated([2]store.Seat{{Key: seats[0].Key}, {Key: seats[1].Key}})
	t.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	named, err := t.beginGame(ctx, seats)
	t.mu.Lock()
	t.seats[0].Name = named[0].Name
	t.mu.Unlock()
	t.noteWrite("begin the game", err)
	return named[1]
}

// beginGame registers the seats' players with keys, as Begin needs, and
// begins the game between seats under the names the store knows them by;
// it returns the seats so named. write held, mu not.
func (t *Table) beginGame(ctx context.Context, seats [2]Seat) ([2]Seat, error) {
	st := t.lobby.store
	for i, s := range seats {
		if s.Key == "" {
			continue
		}
		p, err := st.Player(ctx, s.Key, askedName(s.Name))
		if err != nil {
			return seats, err
		}
		seats[i].Name = p.Name
	}
	t.mu.Lock()
	g := t.storeGameLocked(seats)
	t.mu.Unlock()
	id, err := st.Begin(ctx, g)
	if err != nil {
		return seats, err
	}
	t.mu.Lock()
	t.kept.id = id
	t.mu.Unlock()
	return seats, nil
}

// storeGameLocked is the game as Begin takes it, between seats; mu held.
func (t *Table) storeGameLocked(seats [2]Seat) store.Game {
	g := store.Game{Game: t.Game.name, Rule: t.rules.Rule(), Code: t.Code, Started: t.started,
		Options: t.setup.options(t.first)}
	for i, s := range seats {
		g.Seats[i] = store.Seat{Key: s.Key, Name: s.Name, Resume: s.Resume}
	}
	return g
}

// save brings the store up to the table: it begins the game if it is not
// yet begun, adds the moves it lacks, then next if there is one; it
// reports whether next is kept. write held, mu not.
func (t *Table) save(ctx context.Context, seats [2]Seat, next *store.Move) (bool, error) {
	st := t.lobby.store
	t.mu.Lock()
	begun := t.kept.id != 0
	lacking := slices.Clone(t.kept.moves[t.kept.saved:])
	t.mu.Unlock()
	if !begun {
		if _, err := t.beginGame(ctx, seats); err != nil {
			return false, err
		}
	}
	t.mu.Lock()
	id := t.kept.id
	t.mu.Unlock()
	for _, m := range lacking {
		if err := st.AddMove(ctx, id, m); err != nil {
			return false, err
		}
		t.mu.Lock()
		t.kept.saved++
		t.mu.Unlock()
	}
	if next == nil {
		return false, nil
	}
	if err := st.AddMove(ctx, id, *next); err != nil {
		return false, err
	}
	return true, nil
}

// keepMove keeps m in the store, then makes it and shows it, and keeps
// the end if it ended the game; the seat's move is pending. A move the
// table refuses now (the game ended meanwhile, another move changed the
// position) is neither kept nor made.
func (t *Table) keepMove(m store.Move) error {
	t.write.Lock()
	defer t.write.Unlock()
	t.mu.Lock()
	if err := t.checkLocked(m.Seat, m.Text, m.At); err != nil {
		t.pending[m.Seat] = false
		t.mu.Unlock()
		if errors.Is(err, ErrFlagged) {
			t.timeUp()
		}
		return err
	}
	seats := t.seats
	t.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	kept, err := t.save(ctx, seats, &m)
	t.noteWrite("keep a move", err)

	t.mu.Lock()
	t.pending[m.Seat] = false
	out, err := t.applyLocked(m)
	switch {
	case err != nil:
		// Checked under write, and nothing else moves while it is
		// held: the rules contradict themselves.
		t.lobby.log.Error("a checked move refused", "table", t.Code, "seat", m.Seat+1, "move", m.Text, "err", err)
		if kept {
			t.kept.failed = fmt.Errorf("the store has a move the game refused: %w", err)
		}
		t.mu.Unlock()
		return err
	case kept:
		t.kept.saved = len(t.kept.moves)
	}
	t.mu.Unlock()
	if out.Over {
		t.end(out)
	}
	return nil
}

// finish keeps the end of the game in the store, with its record, and
// the ratings change with it; write held, mu not. A game that was never
// begun (the host left alone) has nothing to keep.
func (t *Table) finish(o Outcome) {
	if t.lobby.store == nil {
		return
	}
	t.mu.Lock()
	if t.outcome.Over || !t.seats[1].Taken {
		t.mu.Unlock()
		return
	}
	seats := t.seats
	names := [2]string{seats[0].Name, seats[1].Name}
	res := store.Result{Ended: t.lobby.now(), Winner: o.Winner, How: o.How, Record: t.rules.Record(names)}
	t.mu.Unlock()

	if err := t.keepEnd(seats, res); err != nil {
		t.lobby.retries.Go(func() { t.retryEnd(seats, res) })
	}
}

// keepEnd writes what the store lacks of the game and its end res, and
// notes how it went; write held, mu not.
func (t *Table) keepEnd(seats [2]Seat, res store.Result) error {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	_, err := t.save(ctx, seats, nil)
	if err == nil {
		t.mu.Lock()
		id := t.kept.id
		t.mu.Unlock()
		var g store.Game
		g, err = t.lobby.store.Finish(ctx, id, res)
		if err == nil && g.Rated {
			t.lobby.log.Info("rated", "table", t.Code, "game", t.gameName(),
				"p1", fmt.Sprintf("%s %s→%s", seats[0].Name, g.Before[0], g.After[0]),
				"p2", fmt.Sprintf("%s %s→%s", seats[1].Name, g.Before[1], g.After[1]))
		}
	}
	t.noteWrite("keep the end of the game", err)
	return err
}

// retryEnd tries again to keep an end the store refused: no move comes
// after it to try for it, and a game whose end is not kept would come
// back to its table after a restart. It tries after a second, then ever
// more seldom up to once a minute, until the end is kept; when the lobby
// closes (the server stops), once more at once, then it gives up.
func (t *Table) retryEnd(seats [2]Seat, res store.Result) {
	for wait := time.Second; ; wait = min(2*wait, time.Minute) {
		closing := false
		select {
		case <-time.After(wait):
		case <-t.lobby.closed:
			closing = true
		}
		t.write.Lock()
		err := t.keepEnd(seats, res)
		t.write.Unlock()
		if err == nil || errors.Is(err, store.ErrFinished) || closing {
			return
		}
	}
}

// noteWrite notes how a write went: a failure goes to the log and to the
// players' screens (State.Unsaved), and a success after one clears it.
func (t *Table) noteWrite(what string, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err != nil {
		t.lobby.log.Error("store: could not "+what, "table", t.Code, "game", t.gameName(), "err", err)
	}
	if err == nil && t.kept.failed == nil {
		return
	}
	t.kept.failed = err
	t.changedLocked()
}

// diskFull reports whether err is the disk (or the database) being full,
// which the players are told in those words: SQLite says SQLITE_FULL as
// "database or disk is full".
func diskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || err != nil && strings.Contains(err.Error(), "disk is full")
}

// replay makes the table of stored game g, its moves replayed through
// the table as they were made (the match's offers too, and the clock from
// the instants of the moves), and returns where the game stands after the
// last: its clock paused, for the time since the last move, the server
// down, is charged to nobody (back resumes it). The table is nil when g's
// game is none of ours; else its Rules hold the moves that replayed.
func (l *Lobby) replay(g store.Game) (*Table, Outcome, error) {
	setup, first, err := setupOf(g)
	if err != nil {
		return nil, Outcome{}, err
	}
	now := l.now()
	t := &Table{lobby: l, Code: normCode(g.Code), Game: setup.Game, setup: setup, first: first, rules: setup.rules(first),
		clock: NewClock(setup.Control), changed: make(chan struct{}), started: g.Started, lastMove: g.Started,
		restoring: true, kept: keptGame{id: g.ID, rated: g.Rated}}
	for i, s := range g.Seats {
		t.seats[i] = Seat{Name: s.Name, Key: s.Key, Resume: normCode(s.Resume), Taken: true, Away: now}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	defer func() { t.view, t.restoring = t.rules.View(), false }()
	t.startClockLocked(g.Started)
	var out Outcome
	for i, m := range g.Moves {
		if out.Over {
			return t, out, fmt.Errorf("move %d (%q): after the end (%s)", i+1, m.Text, out.How)
		}
		err := t.checkLocked(m.Seat, m.Text, m.At)
		if errors.Is(err, ErrFlagged) { // the flag fell before this move, which was refused
			seat, _, _ := t.clock.Flagged(m.At)
			return t, Outcome{Over: true, Winner: 1 - seat, How: "time"}, nil
		}
		if err == nil {
			out, err = t.applyLocked(m)
		}
		if err != nil {
			return t, out, fmt.Errorf("move %d (%q by %dP): %w", i+1, m.Text, m.Seat+1, err)
		}
	}
	t.kept.saved = len(t.kept.moves)
	if !out.Over {
		if err := t.clock.Pause(t.lastMove); err != nil {
			return t, out, err
		}
	}
	return t, out, nil
}

// restore brings back every game the store has in play, each at a table
// under its code (a new one if another table has it), as after a dropped
// connection of both players: both seats away, the hold counting from
// now, each player put back by their key (Held) or resume code (Resume).
// A game whose moves no longer replay is logged and finished as a draw,
// How "void"; one whose last move had ended it (the server stopped before
// keeping its end) is finished as it ended.
func (l *Lobby) restore(ctx context.Context) error {
	games, err := l.store.InPlay(ctx)
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
			l.log.Error("a game that no longer replays is void", "game", g.ID, "table", g.Code, "err", err)
			l.finishKept(ctx, g, rules, Outcome{Over: true, Winner: -1, How: store.Void})
		case out.Over:
			l.finishKept(ctx, g, rules, out)
		default:
			l.bringBack(t)
		}
	}
	return nil
}

// finishKept keeps the end of stored game g, whose Rules (nil when none
// could be made) hold the moves that replayed.
func (l *Lobby) finishKept(ctx context.Context, g store.Game, rules Rules, o Outcome) {
	res := store.Result{Ended: l.now(), Winner: o.Winner, How: o.How}
	if rules != nil {
		res.Record = rules.Record([2]string{g.Seats[0].Name, g.Seats[1].Name})
	}
	if _, err := l.store.Finish(ctx, g.ID, res); err != nil {
		l.log.Error("store: could not keep the end of a game brought back", "game", g.ID, "how", o.How, "err", err)
		return
	}
	l.log.Info("game ended", "table", g.Code, "game", strings.TrimSpace(g.Game+" "+g.Rule), "how", o.How,
		"moves", len(g.Moves))
}

// bringBack opens table t, of a stored game replayed (replay), under its
// code unless another table has it.
func (l *Lobby) bringBack(t *Table) {
	l.mu.Lock()
	if t.Code == "" || l.tables[t.Code] != nil {
		t.Code = l.newCode(tableCodeLen, func(c string) bool { return l.tables[c] != nil })
	}
	for i := range t.seats {
		if _, used := l.resume[t.seats[i].Resume]; used || t.seats[i].Resume == "" {
			t.seats[i].Resume = l.newCode(resumeCodeLen, func(c string) bool { _, ok := l.resume[c]; return ok })
		}
		l.resume[t.seats[i].Resume] = seatRef{t, i}
	}
	l.tables[t.Code] = t
	l.mu.Unlock()
	t.mu.Lock()
	t.lastMove = l.now()
	t.holdLocked()
	t.mu.Unlock()
	l.log.Info("table brought back", "table", t.Code, "game", t.gameName(), "p1", t.seats[0].Name,
		"p2", t.seats[1].Name, "moves", t.rules.Moves())
}

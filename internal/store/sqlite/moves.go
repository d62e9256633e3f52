package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"termgames/internal/store"
)

// Moves are written together (a group commit): every move asked for while
// the last write was on the disk's way goes into the next transaction.
// A commit costs far more than an insert: at a thousand moves a second
// (200 tables), with a commit for each move, the moves would queue behind
// each other, each waiting for every commit before its own; grouped, each
// waits for at most the commit under way and its own.

// addMoveSQL inserts a move of a game in play, numbered after the last;
// for a game not in play it inserts nothing. The mover prepares it once:
// SQLite's parsing of a statement costs more than the insert.
const addMoveSQL = `INSERT INTO moves (game, n, seat, text, took, at)
	SELECT ?1, (SELECT coalesce(max(n) + 1, 0) FROM moves WHERE game = ?1), ?2, ?3, ?4, ?5
	WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1 AND ended IS NULL)`

// maxBatch bounds the moves of one transaction.
const maxBatch = 256

// queuedMove is a move waiting for the mover, and its answer.
type queuedMove struct {
	id   int64
	m    store.Move
	done chan error
}

// errClosed is what a store says when used after Close.
var errClosed = errors.New("the store is closed")

// AddMove implements store.Games: the move is on the disk's way (see
// synchronous in Open) when AddMove returns.
func (s *Store) AddMove(ctx context.Context, id int64, m store.Move) error {
	if err := store.CheckMove(m); err != nil {
		return fmt.Errorf("store: add move to game %d: %w", id, err)
	}
	q := &queuedMove{id: id, m: m, done: make(chan error, 1)}
	select {
	case s.moves <- q:
	case <-s.stop:
		return fmt.Errorf("store: add move to game %d: %w", id, errClosed)
	case <-ctx.Done(): // not taken yet: it will not be written
		return fmt.Errorf("store: add move to game %d: %w", id, ctx.Err())
	}
	// Taken: it is written or refused whatever ctx does now, and the
	// caller must know which.
	if err := <-q.done; err != nil {
		return fmt.Errorf("store: add move to game %d: %w", id, err)
	}
	return nil
}

// mover writes the moves queued, those that came meanwhile in one
// transaction, until Close.
func (s *Store) mover() {
	defer s.workers.Done()
	for {
		var batch []*queuedMove
		select {
		case <-s.stop:
			return
		case q := <-s.moves:
			batch = append(batch, q)
		}
	more:
		for len(batch) < maxBatch {
			select {
			case q := <-s.moves:
				batch = append(batch, q)
			default:
				break more
			}
		}
		s.writeMoves(batch)
	}
}

// writeMoves writes batch in one transaction and answers each move: a
// move of a game not in play is refused on its own, a failed write (a
// full disk) refuses them all.
func (s *Store) writeMoves(batch []*queuedMove) {
	ctx := context.Background()
	refused := make([]error, len(batch))
	err := s.write(ctx, func(tx *sql.Tx) error {
		for i, q := range batch {
			res, err := tx.StmtContext(ctx, s.addMove).ExecContext(ctx,
				q.id, q.m.Seat, q.m.Text, q.m.Time.Milliseconds(), millis(q.m.At))
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 1 {
				continue // kept (or it cannot be told: the commit will say)
			}
			// Not inserted: no such game, or it has ended; which, the
			// caller is told.
			if refused[i] = inPlay(ctx, tx, q.id); refused[i] == nil {
				refused[i] = fmt.Errorf("seat %d's move %q of game %d not kept", q.m.Seat+1, q.m.Text, q.id)
			} else if !errors.Is(refused[i], store.ErrFinished) && !errors.Is(refused[i], store.ErrNotFound) {
				return refused[i]
			}
		}
		return nil
	})
	for i, q := range batch {
		if err != nil {
			refused[i] = err
		}
		q.done <- refused[i]
	}
}

package postgres

import (
	"context"
	"errors"
	"fmt"

	"termgames/internal/store"
)

// addMoveSQL keeps a move of a game in play, numbered after the last, in
// one statement: the game's row gives the number (games.moves) and is
// locked by the UPDATE until the commit, so that a second move of the same
// game takes the next number and a move racing the game's end is either
// kept before it or refused after it. For a game not in play it keeps
// nothing.
//
// Each move is a commit of its own. The SQLite store groups the moves of
// many tables into one transaction, since one writer commits at a time
// there; PostgreSQL commits from many connections at once and groups their
// flushes of the log itself.
const addMoveSQL = `WITH g AS (
		UPDATE games SET moves = moves + 1 WHERE id = $1 AND ended IS NULL RETURNING id, moves - 1 AS n
	)
	INSERT INTO moves (game, n, seat, text, took, at)
	SELECT g.id, g.n, $2, $3, $4, $5 FROM g`

// AddMove implements store.Games: the move is committed when AddMove
// returns.
func (s *Store) AddMove(ctx context.Context, id int64, m store.Move) error {
	if err := store.CheckMove(m); err != nil {
		return fmt.Errorf("store: add move to game %d: %w", id, err)
	}
	tag, err := s.pool.Exec(ctx, addMoveSQL, id, m.Seat, m.Text, m.Time.Milliseconds(), at(m.At))
	if err == nil && tag.RowsAffected() == 0 {
		// Not kept: no such game, or it has ended; which, the caller is
		// told.
		if err = inPlay(ctx, s.pool, id); err == nil {
			err = errors.New("in play, and the move was not kept")
		}
	}
	if err != nil {
		return fmt.Errorf("store: add move to game %d: %w", id, err)
	}
	return nil
}

package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"termgames/internal/store"
)

// AddMinesGame implements store.Mines.
func (s *Store) AddMinesGame(ctx context.Context, key string, g store.MinesGame) error {
	if err := store.CheckMinesGame(g); err != nil {
		return fmt.Errorf("store: add minesweeper game of %s: %w", key, err)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if ok, err := registered(ctx, tx, key); err != nil || !ok {
			return notRegistered(err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO mines_games (player, level, won, time, rate, at)
			VALUES (?, ?, ?, ?, ?, ?)`,
			key, g.Level, g.Won, g.Time.Milliseconds(), g.Rate, millis(g.At))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: add minesweeper game of %s: %w", key, err)
	}
	return nil
}

// notRegistered is the error of a key that registered says is no
// player's, or registered's own.
func notRegistered(err error) error {
	if err != nil {
		return err
	}
	return store.ErrNotFound
}

// MinesGames implements store.Mines: oldest first, and in the order kept
// when two are as old.
func (s *Store) MinesGames(ctx context.Context, key string) ([]store.MinesGame, error) {
	var gs []store.MinesGame
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT level, won, time, rate, at FROM mines_games
			WHERE player = ? ORDER BY at, id`, key)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g store.MinesGame
			var took, at int64
			if err := rows.Scan(&g.Level, &g.Won, &took, &g.Rate, &at); err != nil {
				return err
			}
			g.Time, g.At = time.Duration(took)*time.Millisecond, timeAt(at)
			gs = append(gs, g)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: minesweeper games of %s: %w", key, err)
	}
	return gs, nil
}

// MinesLeaders implements store.Mines: each player's fastest won game at
// level (the earlier of two as fast), fastest first, then the earlier,
// then by name.
func (s *Store) MinesLeaders(ctx context.Context, level string, limit int) ([]store.MinesTime, error) {
	if limit <= 0 {
		return nil, nil
	}
	var leaders []store.MinesTime
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT p.name, b.time, b.at FROM (
				SELECT player, time, at,
					row_number() OVER (PARTITION BY player ORDER BY time, at, id) AS place
				FROM mines_games WHERE level = ? AND won
			) AS b JOIN players AS p ON p.key = b.player
			WHERE b.place = 1
			ORDER BY b.time, b.at, p.name
			LIMIT ?`, level, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m store.MinesTime
			var took, at int64
			if err := rows.Scan(&m.Name, &took, &at); err != nil {
				return err
			}
			m.Time, m.At = time.Duration(took)*time.Millisecond, timeAt(at)
			leaders = append(leaders, m)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: minesweeper leaders at %s: %w", level, err)
	}
	return leaders, nil
}

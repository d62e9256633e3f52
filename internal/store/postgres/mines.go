package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"termgames/internal/store"
)

// AddMinesGame implements store.Mines.
func (s *Store) AddMinesGame(ctx context.Context, key string, g store.MinesGame) error {
	if err := store.CheckMinesGame(g); err != nil {
		return fmt.Errorf("store: add minesweeper game of %s: %w", key, err)
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO mines_games (player, level, won, took, rate, at)
		VALUES ($1, $2, $3, $4, $5, $6)`, key, g.Level, g.Won, g.Time.Milliseconds(), g.Rate, at(g.At))
	if err != nil {
		return fmt.Errorf("store: add minesweeper game of %s: %w", key, notRegistered(err, key))
	}
	return nil
}

// MinesGames implements store.Mines: oldest first, and in the order kept
// when two are as old.
func (s *Store) MinesGames(ctx context.Context, key string) ([]store.MinesGame, error) {
	rows, err := s.pool.Query(ctx, `SELECT level, won, took, rate, at FROM mines_games
		WHERE player = $1 ORDER BY at, id`, key)
	var gs []store.MinesGame
	if err == nil {
		gs, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.MinesGame, error) {
			var g store.MinesGame
			var took int64
			err := row.Scan(&g.Level, &g.Won, &took, &g.Rate, &g.At)
			g.Time, g.At = time.Duration(took)*time.Millisecond, kept(g.At)
			return g, err
		})
	}
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
	rows, err := s.pool.Query(ctx, `SELECT p.name, b.took, b.at FROM (
			SELECT player, took, at,
				row_number() OVER (PARTITION BY player ORDER BY took, at, id) AS place
			FROM mines_games WHERE level = $1 AND won
		) AS b JOIN players AS p ON p.key = b.player
		WHERE b.place = 1
		ORDER BY b.took, b.at, p.name
		LIMIT $2`, level, limit)
	var leaders []store.MinesTime
	if err == nil {
		leaders, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.MinesTime, error) {
			var m store.MinesTime
			var took int64
			err := row.Scan(&m.Name, &took, &m.At)
			m.Time, m.At = time.Duration(took)*time.Millisecond, kept(m.At)
			return m, err
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: minesweeper leaders at %s: %w", level, err)
	}
	return leaders, nil
}

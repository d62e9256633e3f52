package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"termgames/internal/store"
)

// SetIgnore implements store.Social.
func (s *Store) SetIgnore(ctx context.Context, key, other string, on bool) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var players int
		err := tx.QueryRow(ctx, "SELECT count(*) FROM players WHERE key = ANY($1)", []string{key, other}).Scan(&players)
		if err != nil {
			return err
		}
		if distinct := map[string]bool{key: true, other: true}; players != len(distinct) {
			return fmt.Errorf("player %s or %s: %w", key, other, store.ErrNotFound)
		}
		q := "DELETE FROM ignores WHERE player = $1 AND ignored = $2"
		if on {
			q = "INSERT INTO ignores (player, ignored) VALUES ($1, $2) ON CONFLICT DO NOTHING"
		}
		_, err = tx.Exec(ctx, q, key, other)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: %s ignores %s: %w", key, other, err)
	}
	return nil
}

// Ignored implements store.Social.
func (s *Store) Ignored(ctx context.Context, key string) ([]store.Player, error) {
	rows, err := s.pool.Query(ctx, `SELECT p.key, p.name, p.created FROM ignores i
		JOIN players p ON p.key = i.ignored WHERE i.player = $1 ORDER BY p.name`, key)
	if err != nil {
		return nil, fmt.Errorf("store: whom %s ignores: %w", key, err)
	}
	ps, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Player, error) {
		var p store.Player
		err := row.Scan(&p.Key, &p.Name, &p.Created)
		p.Created = kept(p.Created)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: whom %s ignores: %w", key, err)
	}
	return ps, nil
}

// SetRefusesChallenges implements store.Social.
func (s *Store) SetRefusesChallenges(ctx context.Context, key string, refuse bool) error {
	tag, err := s.pool.Exec(ctx, "UPDATE players SET refuses_challenges = $1 WHERE key = $2", refuse, key)
	if err == nil && tag.RowsAffected() == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: %s refuses challenges: %w", key, err)
	}
	return nil
}

// RefusesChallenges implements store.Social.
func (s *Store) RefusesChallenges(ctx context.Context, key string) (bool, error) {
	var refuse bool
	err := s.pool.QueryRow(ctx, "SELECT refuses_challenges FROM players WHERE key = $1", key).Scan(&refuse)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: does %s refuse challenges: %w", key, err)
	}
	return refuse, nil
}

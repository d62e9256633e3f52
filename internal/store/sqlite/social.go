package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"termgames/internal/store"
)

// SetIgnore implements store.Social.
func (s *Store) SetIgnore(ctx context.Context, key, other string, on bool) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, k := range []string{key, other} {
			if _, err := player(ctx, tx, k); err == sql.ErrNoRows {
				return fmt.Errorf("player %s: %w", k, store.ErrNotFound)
			} else if err != nil {
				return err
			}
		}
		q := "DELETE FROM ignores WHERE player = ? AND ignored = ?"
		if on {
			q = "INSERT INTO ignores (player, ignored) VALUES (?, ?) ON CONFLICT DO NOTHING"
		}
		_, err := tx.ExecContext(ctx, q, key, other)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: %s ignores %s: %w", key, other, err)
	}
	return nil
}

// Ignored implements store.Social.
func (s *Store) Ignored(ctx context.Context, key string) ([]store.Player, error) {
	var ps []store.Player
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT p.key, p.name, p.created FROM ignores i
			JOIN players p ON p.key = i.ignored WHERE i.player = ? ORDER BY p.name`, key)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p store.Player
			var created int64
			if err := rows.Scan(&p.Key, &p.Name, &created); err != nil {
				return err
			}
			p.Created = timeAt(created)
			ps = append(ps, p)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: whom %s ignores: %w", key, err)
	}
	return ps, nil
}

// SetRefusesChallenges implements store.Social.
func (s *Store) SetRefusesChallenges(ctx context.Context, key string, refuse bool) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "UPDATE players SET refuses_challenges = ? WHERE key = ?", refuse, key)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return store.ErrNotFound
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("store: %s refuses challenges: %w", key, err)
	}
	return nil
}

// RefusesChallenges implements store.Social.
func (s *Store) RefusesChallenges(ctx context.Context, key string) (bool, error) {
	var refuse bool
	err := s.read(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, "SELECT refuses_challenges FROM players WHERE key = ?", key).Scan(&refuse)
		if err == sql.ErrNoRows {
			return nil
		}
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: does %s refuse challenges: %w", key, err)
	}
	return refuse, nil
}

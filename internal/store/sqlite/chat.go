package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"termgames/internal/store"
)

// AddChat implements store.Games: the line numbered after the game's last.
func (s *Store) AddChat(ctx context.Context, id int64, line store.ChatLine) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		var key any
		if line.Key != "" {
			key = line.Key
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO chat (game, n, at, name, player, watcher, text)
			SELECT ?1, (SELECT coalesce(max(n) + 1, 0) FROM chat WHERE game = ?1), ?2, ?3, ?4, ?5, ?6
			WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1)`,
			id, millis(line.At), line.Name, key, line.Watcher, line.Text)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return store.ErrNotFound
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("store: chat of game %d: %w", id, err)
	}
	return nil
}

// Chat implements store.Games.
func (s *Store) Chat(ctx context.Context, id int64) ([]store.ChatLine, error) {
	var lines []store.ChatLine
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT at, name, coalesce(player, ''), watcher, text
			FROM chat WHERE game = ? ORDER BY n`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var l store.ChatLine
			var at int64
			if err := rows.Scan(&at, &l.Name, &l.Key, &l.Watcher, &l.Text); err != nil {
				return err
			}
			l.At = timeAt(at)
			lines = append(lines, l)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: chat of game %d: %w", id, err)
	}
	return lines, nil
}

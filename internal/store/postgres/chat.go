package postgres

import (
	"context"
	"fmt"

	"termgames/internal/store"
)

// AddChat implements store.Games: the line numbered after the game's
// last. Two lines of one game at once take their numbers one after the
// other: the second waits for the first's row lock on the game.
func (s *Store) AddChat(ctx context.Context, id int64, line store.ChatLine) error {
	var key any
	if line.Key != "" {
		key = line.Key
	}
	tag, err := s.pool.Exec(ctx, `WITH g AS (SELECT id FROM games WHERE id = $1 FOR UPDATE)
		INSERT INTO chat (game, n, at, name, player, watcher, text)
		SELECT g.id, (SELECT coalesce(max(n) + 1, 0) FROM chat WHERE game = g.id), $2, $3, $4, $5, $6 FROM g`,
		id, at(line.At), line.Name, key, line.Watcher, line.Text)
	if err == nil && tag.RowsAffected() == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: chat of game %d: %w", id, err)
	}
	return nil
}

// Chat implements store.Games.
func (s *Store) Chat(ctx context.Context, id int64) ([]store.ChatLine, error) {
	rows, err := s.pool.Query(ctx, `SELECT at, name, coalesce(player, ''), watcher, text
		FROM chat WHERE game = $1 ORDER BY n`, id)
	if err != nil {
		return nil, fmt.Errorf("store: chat of game %d: %w", id, err)
	}
	defer rows.Close()
	var lines []store.ChatLine
	for rows.Next() {
		var l store.ChatLine
		if err := rows.Scan(&l.At, &l.Name, &l.Key, &l.Watcher, &l.Text); err != nil {
			return nil, fmt.Errorf("store: chat of game %d: %w", id, err)
		}
		l.At = kept(l.At)
		lines = append(lines, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: chat of game %d: %w", id, err)
	}
	return lines, nil
}

package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"termgames/internal/store"
)

// Player implements store.Players. A key seen before is answered by a
// reader; only a new key waits for the writer.
func (s *Store) Player(ctx context.Context, key, want string) (store.Player, error) {
	if key == "" {
		return store.Player{}, errors.New("store: player: a guest has no key to keep a name for")
	}
	var p store.Player
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		p, err = player(ctx, tx, key)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		err = s.write(ctx, func(tx *sql.Tx) error {
			var err error
			if p, err = player(ctx, tx, key); !errors.Is(err, sql.ErrNoRows) {
				return err // registered meanwhile, or a failure
			}
			name, err := store.FreeName(want, func(name string) (bool, error) {
				return nameTaken(ctx, tx, name)
			})
			if err != nil {
				return err
			}
			p = store.Player{Key: key, Name: name, Created: store.KeptTime(s.Now())}
			_, err = tx.ExecContext(ctx, "INSERT INTO players (key, name, fold, created) VALUES (?, ?, ?, ?)",
				p.Key, p.Name, store.NameKey(p.Name), millis(p.Created))
			return err
		})
	}
	if err != nil {
		return store.Player{}, fmt.Errorf("store: player %s: %w", key, err)
	}
	return p, nil
}

// player reads the player with key; sql.ErrNoRows when there is none.
func player(ctx context.Context, tx *sql.Tx, key string) (store.Player, error) {
	p := store.Player{Key: key}
	var created int64
	err := tx.QueryRowContext(ctx, "SELECT name, created FROM players WHERE key = ?", key).Scan(&p.Name, &created)
	p.Created = timeAt(created)
	return p, err
}

// NameTaken implements store.Players.
func (s *Store) NameTaken(ctx context.Context, name string) (bool, error) {
	var taken bool
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		taken, err = nameTaken(ctx, tx, name)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: is %q taken: %w", name, err)
	}
	return taken, nil
}

func nameTaken(ctx context.Context, tx *sql.Tx, name string) (bool, error) {
	var taken bool
	err := tx.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM players WHERE fold = ?)", store.NameKey(name)).Scan(&taken)
	return taken, err
}

// registered reports whether key is a player's.
func registered(ctx context.Context, tx *sql.Tx, key string) (bool, error) {
	var ok bool
	err := tx.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM players WHERE key = ?)", key).Scan(&ok)
	return ok, err
}

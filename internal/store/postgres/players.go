package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"termgames/internal/store"
)

// namesLock is the advisory lock that a new player's registration holds:
// a name is given by asking which are taken, then taking one, and two
// servers registering at once must not both find the same one free.
// Registrations are rare; they wait for each other, nothing else does.
const namesLock = 0x6e616d65 // "name"

// Player implements store.Players. A key seen before is one read; only a
// new key registers.
func (s *Store) Player(ctx context.Context, key, want string) (store.Player, error) {
	if key == "" {
		return store.Player{}, errors.New("store: player: a guest has no key to keep a name for")
	}
	p, err := player(ctx, s.pool, key)
	if errors.Is(err, pgx.ErrNoRows) {
		err = s.write(ctx, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", namesLock); err != nil {
				return err
			}
			var err error
			if p, err = player(ctx, tx, key); !errors.Is(err, pgx.ErrNoRows) {
				return err // registered meanwhile, or a failure
			}
			name, err := store.FreeName(want, func(name string) (bool, error) {
				return nameTaken(ctx, tx, name)
			})
			if err != nil {
				return err
			}
			p = store.Player{Key: key, Name: name, Created: store.KeptTime(s.Now())}
			_, err = tx.Exec(ctx, "INSERT INTO players (key, name, fold, created) VALUES ($1, $2, $3, $4)",
				p.Key, p.Name, store.NameKey(p.Name), p.Created)
			return err
		})
	}
	if err != nil {
		return store.Player{}, fmt.Errorf("store: player %s: %w", key, err)
	}
	return p, nil
}

// querier is what reads: the pool, a connection or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// player reads the player with key; pgx.ErrNoRows when there is none.
func player(ctx context.Context, q querier, key string) (store.Player, error) {
	p := store.Player{Key: key}
	err := q.QueryRow(ctx, "SELECT name, created FROM players WHERE key = $1", key).Scan(&p.Name, &p.Created)
	p.Created = kept(p.Created)
	return p, err
}

// NameTaken implements store.Players.
func (s *Store) NameTaken(ctx context.Context, name string) (bool, error) {
	taken, err := nameTaken(ctx, s.pool, name)
	if err != nil {
		return false, fmt.Errorf("store: is %q taken: %w", name, err)
	}
	return taken, nil
}

func nameTaken(ctx context.Context, q querier, name string) (bool, error) {
	var taken bool
	err := q.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM players WHERE fold = $1)", store.NameKey(name)).Scan(&taken)
	return taken, err
}

// notRegistered is the error of a keyed seat or a minesweeper game whose
// key is no player's: the insert broke the foreign key.
func notRegistered(err error, key string) error {
	if violates(err, "23503") {
		return fmt.Errorf("player %s: %w", key, store.ErrNotFound)
	}
	return err
}

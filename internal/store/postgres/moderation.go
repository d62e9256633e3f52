package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"termgames/internal/store"
)

// Sanction implements store.Moderation.
func (s *Store) Sanction(ctx context.Context, sn store.Sanction) error {
	if err := store.CheckSanction(sn); err != nil {
		return fmt.Errorf("store: %s %s: %w", sn.Kind, sn.Target, err)
	}
	var until *time.Time
	if !sn.Until.IsZero() {
		u := at(sn.Until)
		until = &u
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO sanctions (kind, target, name, by, reason, at, until)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (kind, target) DO UPDATE SET name = $3, by = $4, reason = $5, at = $6, until = $7`,
		string(sn.Kind), sn.Target, sn.Name, sn.By, sn.Reason, at(sn.At), until)
	if err != nil {
		return fmt.Errorf("store: %s %s: %w", sn.Kind, sn.Target, err)
	}
	return nil
}

// Lift implements store.Moderation.
func (s *Store) Lift(ctx context.Context, kind store.SanctionKind, target string, now time.Time) (bool, error) {
	var lifted bool
	err := s.pool.QueryRow(ctx, `WITH gone AS (DELETE FROM sanctions WHERE kind = $1 AND target = $2 RETURNING until)
		SELECT coalesce(bool_or(until IS NULL OR until > $3), false) FROM gone`, string(kind), target, at(now)).Scan(&lifted)
	if err != nil {
		return false, fmt.Errorf("store: lift the %s of %s: %w", kind, target, err)
	}
	return lifted, nil
}

const sanctionColumns = "kind, target, name, by, reason, at, until"

func scanSanction(scan func(...any) error) (store.Sanction, error) {
	var sn store.Sanction
	var kind string
	var until *time.Time
	if err := scan(&kind, &sn.Target, &sn.Name, &sn.By, &sn.Reason, &sn.At, &until); err != nil {
		return store.Sanction{}, err
	}
	sn.Kind, sn.At = store.SanctionKind(kind), kept(sn.At)
	if until != nil {
		sn.Until = kept(*until)
	}
	return sn, nil
}

// Sanctioned implements store.Moderation.
func (s *Store) Sanctioned(ctx context.Context, kind store.SanctionKind, target string, now time.Time) (store.Sanction, error) {
	sn, err := scanSanction(s.pool.QueryRow(ctx, "SELECT "+sanctionColumns+
		" FROM sanctions WHERE kind = $1 AND target = $2 AND (until IS NULL OR until > $3)", string(kind), target, at(now)).Scan)
	if err != nil {
		return store.Sanction{}, fmt.Errorf("store: the %s of %s: %w", kind, target, notFound(err))
	}
	return sn, nil
}

// Sanctions implements store.Moderation.
func (s *Store) Sanctions(ctx context.Context, kind store.SanctionKind, now time.Time) ([]store.Sanction, error) {
	rows, err := s.pool.Query(ctx, "SELECT "+sanctionColumns+
		" FROM sanctions WHERE kind = $1 AND (until IS NULL OR until > $2) ORDER BY at, target", string(kind), at(now))
	var list []store.Sanction
	if err == nil {
		list, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Sanction, error) {
			return scanSanction(row.Scan)
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: the %ss: %w", kind, err)
	}
	return list, nil
}

// AddAdminAction implements store.Moderation.
func (s *Store) AddAdminAction(ctx context.Context, a store.AdminAction) error {
	_, err := s.pool.Exec(ctx, "INSERT INTO admin_log (at, admin, key, command, result) VALUES ($1, $2, $3, $4, $5)",
		at(a.At), a.Admin, a.Key, a.Command, a.Result)
	if err != nil {
		return fmt.Errorf("store: keep an admin action: %w", err)
	}
	return nil
}

// AdminLog implements store.Moderation.
func (s *Store) AdminLog(ctx context.Context, limit int) ([]store.AdminAction, error) {
	rows, err := s.pool.Query(ctx, `SELECT at, admin, key, command, result FROM
		(SELECT * FROM admin_log ORDER BY id DESC LIMIT $1) AS last ORDER BY id`, max(limit, 0))
	var log []store.AdminAction
	if err == nil {
		log, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.AdminAction, error) {
			var a store.AdminAction
			err := row.Scan(&a.At, &a.Admin, &a.Key, &a.Command, &a.Result)
			a.At = kept(a.At)
			return a, err
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: the admin log: %w", err)
	}
	return log, nil
}

// PlayerNamed implements store.Players.
func (s *Store) PlayerNamed(ctx context.Context, name string) (store.Player, error) {
	var p store.Player
	err := s.pool.QueryRow(ctx, "SELECT key, name, created FROM players WHERE fold = $1", store.NameKey(name)).
		Scan(&p.Key, &p.Name, &p.Created)
	if err != nil {
		return store.Player{}, fmt.Errorf("store: the player named %q: %w", name, notFound(err))
	}
	p.Created = kept(p.Created)
	return p, nil
}

// Rename implements store.Players. It holds the names' lock, as a
// registration does, so that the name it finds free is still free when
// it takes it.
func (s *Store) Rename(ctx context.Context, key, name string) (store.Player, error) {
	var p store.Player
	err := s.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", namesLock); err != nil {
			return err
		}
		var err error
		if p, err = player(ctx, tx, key); err != nil {
			return notFound(err)
		}
		var other string
		err = tx.QueryRow(ctx, "SELECT key FROM players WHERE fold = $1", store.NameKey(name)).Scan(&other)
		switch {
		case err == nil && other != key:
			return store.ErrNameTaken
		case err != nil && !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		p.Name = name
		_, err = tx.Exec(ctx, "UPDATE players SET name = $1, fold = $2 WHERE key = $3", name, store.NameKey(name), key)
		return err
	})
	if err != nil {
		return store.Player{}, fmt.Errorf("store: rename %s to %q: %w", key, name, err)
	}
	return p, nil
}

// MoveKey implements store.Players, as the SQLite store does, with whom
// the player ignores and is ignored by, and their refusal of challenges:
// the old row
// steps aside under a name no one can type, the new one takes its name,
// the rows that name the old key are made to name the new, and the old
// row goes, so that every foreign key holds at every statement.
func (s *Store) MoveKey(ctx context.Context, from, to string) (store.Player, error) {
	var p store.Player
	err := s.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", namesLock); err != nil {
			return err
		}
		var err error
		if p, err = player(ctx, tx, from); err != nil {
			return notFound(err)
		}
		if from == to {
			return nil
		}
		if err := clearKey(ctx, tx, to); err != nil {
			return err
		}
		aside := "~" + from // no name begins with a ~ (store.NameTry)
		if _, err := tx.Exec(ctx, "UPDATE players SET name = $1, fold = $1 WHERE key = $2", aside, from); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO players (key, name, fold, created, refuses_challenges)
			SELECT $1, $2, $3, created, refuses_challenges FROM players WHERE key = $4`,
			to, p.Name, store.NameKey(p.Name), from); err != nil {
			return err
		}
		for _, column := range []string{"seats.player", "ratings.player", "mines_games.player", "chat.player", "ignores.player", "ignores.ignored"} {
			table, col, _ := strings.Cut(column, ".")
			if _, err := tx.Exec(ctx, "UPDATE "+table+" SET "+col+" = $1 WHERE "+col+" = $2", to, from); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, "DELETE FROM players WHERE key = $1", from)
		p.Key = to
		return err
	})
	if err != nil {
		return store.Player{}, fmt.Errorf("store: move %s to the key %s: %w", from, to, err)
	}
	return p, nil
}

// clearKey makes key free for a player moved to it: a player of key with
// nothing kept but their name goes; one with games, ratings or
// minesweeper games is store.ErrKeyInUse.
func clearKey(ctx context.Context, tx pgx.Tx, key string) error {
	var has, used bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM players WHERE key = $1),
		EXISTS (SELECT 1 FROM seats WHERE player = $1) OR EXISTS (SELECT 1 FROM ratings WHERE player = $1)
		OR EXISTS (SELECT 1 FROM mines_games WHERE player = $1)`, key).Scan(&has, &used)
	switch {
	case err != nil:
		return err
	case used:
		return store.ErrKeyInUse
	case !has:
		return nil
	}
	if _, err := tx.Exec(ctx, "UPDATE chat SET player = NULL WHERE player = $1", key); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "DELETE FROM ignores WHERE player = $1 OR ignored = $1", key); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "DELETE FROM players WHERE key = $1", key)
	return err
}

// refold gives every player's fold the value store.NameKey gives their
// name now, as names come to be told apart better (look-alike letters).
// Of two names kept before that now fold alike, one keeps its old fold
// (the store cannot choose a new name for anyone): a moderator renames
// one of them.
func (s *Store) refold(ctx context.Context) error {
	return s.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", namesLock); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, "SELECT key, name, fold FROM players ORDER BY created, key")
		if err != nil {
			return err
		}
		type change struct{ key, fold string }
		var changes []change
		for rows.Next() {
			var key, name, fold string
			if err := rows.Scan(&key, &name, &fold); err != nil {
				rows.Close()
				return err
			}
			if f := store.NameKey(name); f != fold {
				changes = append(changes, change{key, f})
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, c := range changes {
			if _, err := tx.Exec(ctx, `UPDATE players SET fold = $1 WHERE key = $2
				AND NOT EXISTS (SELECT 1 FROM players WHERE fold = $1)`, c.fold, c.key); err != nil {
				return err
			}
		}
		return nil
	})
}

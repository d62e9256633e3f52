package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"termgames/internal/store"
)

// Sanction implements store.Moderation.
func (s *Store) Sanction(ctx context.Context, sn store.Sanction) error {
	if err := store.CheckSanction(sn); err != nil {
		return fmt.Errorf("store: %s %s: %w", sn.Kind, sn.Target, err)
	}
	var until sql.NullInt64
	if !sn.Until.IsZero() {
		until = sql.NullInt64{Int64: millis(sn.Until), Valid: true}
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO sanctions (kind, target, name, by, reason, at, until)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, sn.Kind, sn.Target, sn.Name, sn.By, sn.Reason, millis(sn.At), until)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: %s %s: %w", sn.Kind, sn.Target, err)
	}
	return nil
}

// Lift implements store.Moderation.
func (s *Store) Lift(ctx context.Context, kind store.SanctionKind, target string, now time.Time) (bool, error) {
	var lifted bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "DELETE FROM sanctions WHERE kind = ? AND target = ? AND (until IS NULL OR until > ?)",
			kind, target, millis(now))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		lifted = n > 0
		if err != nil {
			return err
		}
		// One that had run out goes too: it holds nothing.
		_, err = tx.ExecContext(ctx, "DELETE FROM sanctions WHERE kind = ? AND target = ?", kind, target)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: lift the %s of %s: %w", kind, target, err)
	}
	return lifted, nil
}

const sanctionColumns = "kind, target, name, by, reason, at, until"

func scanSanction(scan func(...any) error) (store.Sanction, error) {
	var sn store.Sanction
	var at int64
	var until sql.NullInt64
	if err := scan(&sn.Kind, &sn.Target, &sn.Name, &sn.By, &sn.Reason, &at, &until); err != nil {
		return store.Sanction{}, err
	}
	sn.At = timeAt(at)
	if until.Valid {
		sn.Until = timeAt(until.Int64)
	}
	return sn, nil
}

// Sanctioned implements store.Moderation.
func (s *Store) Sanctioned(ctx context.Context, kind store.SanctionKind, target string, now time.Time) (store.Sanction, error) {
	var sn store.Sanction
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		sn, err = scanSanction(tx.QueryRowContext(ctx, "SELECT "+sanctionColumns+
			" FROM sanctions WHERE kind = ? AND target = ? AND (until IS NULL OR until > ?)", kind, target, millis(now)).Scan)
		return err
	})
	if err != nil {
		return store.Sanction{}, fmt.Errorf("store: the %s of %s: %w", kind, target, notFound(err))
	}
	return sn, nil
}

// Sanctions implements store.Moderation.
func (s *Store) Sanctions(ctx context.Context, kind store.SanctionKind, now time.Time) ([]store.Sanction, error) {
	var list []store.Sanction
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT "+sanctionColumns+
			" FROM sanctions WHERE kind = ? AND (until IS NULL OR until > ?) ORDER BY at, target", kind, millis(now))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			sn, err := scanSanction(rows.Scan)
			if err != nil {
				return err
			}
			list = append(list, sn)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: the %ss: %w", kind, err)
	}
	return list, nil
}

// AddAdminAction implements store.Moderation.
func (s *Store) AddAdminAction(ctx context.Context, a store.AdminAction) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO admin_log (at, admin, key, command, result) VALUES (?, ?, ?, ?, ?)",
			millis(a.At), a.Admin, a.Key, a.Command, a.Result)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: keep an admin action: %w", err)
	}
	return nil
}

// AdminLog implements store.Moderation.
func (s *Store) AdminLog(ctx context.Context, limit int) ([]store.AdminAction, error) {
	var log []store.AdminAction
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT at, admin, key, command, result FROM
			(SELECT * FROM admin_log ORDER BY id DESC LIMIT ?) ORDER BY id`, max(limit, 0))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var a store.AdminAction
			var at int64
			if err := rows.Scan(&at, &a.Admin, &a.Key, &a.Command, &a.Result); err != nil {
				return err
			}
			a.At = timeAt(at)
			log = append(log, a)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: the admin log: %w", err)
	}
	return log, nil
}

// PlayerNamed implements store.Players.
func (s *Store) PlayerNamed(ctx context.Context, name string) (store.Player, error) {
	var p store.Player
	err := s.read(ctx, func(tx *sql.Tx) error {
		var created int64
		err := tx.QueryRowContext(ctx, "SELECT key, name, created FROM players WHERE fold = ?", store.NameKey(name)).
			Scan(&p.Key, &p.Name, &created)
		p.Created = timeAt(created)
		return err
	})
	if err != nil {
		return store.Player{}, fmt.Errorf("store: the player named %q: %w", name, notFound(err))
	}
	return p, nil
}

// Rename implements store.Players.
func (s *Store) Rename(ctx context.Context, key, name string) (store.Player, error) {
	var p store.Player
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if p, err = player(ctx, tx, key); err != nil {
			return notFound(err)
		}
		var other string
		err = tx.QueryRowContext(ctx, "SELECT key FROM players WHERE fold = ?", store.NameKey(name)).Scan(&other)
		switch {
		case err == nil && other != key:
			return store.ErrNameTaken
		case err != nil && !errors.Is(err, sql.ErrNoRows):
			return err
		}
		p.Name = name
		_, err = tx.ExecContext(ctx, "UPDATE players SET name = ?, fold = ? WHERE key = ?", name, store.NameKey(name), key)
		return err
	})
	if err != nil {
		return store.Player{}, fmt.Errorf("store: rename %s to %q: %w", key, name, err)
	}
	return p, nil
}

// MoveKey implements store.Players, with whom the player ignores and is
// ignored by, and their refusal of challenges. The old row steps aside under a
// name no one can type, the new one takes its name, the rows that name
// the old key are made to name the new, and the old row goes: every
// foreign key holds at every statement.
func (s *Store) MoveKey(ctx context.Context, from, to string) (store.Player, error) {
	var p store.Player
	err := s.write(ctx, func(tx *sql.Tx) error {
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
		if _, err := tx.ExecContext(ctx, "UPDATE players SET name = ?, fold = ? WHERE key = ?", aside, aside, from); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO players (key, name, fold, created, refuses_challenges)
			SELECT ?, ?, ?, created, refuses_challenges FROM players WHERE key = ?`,
			to, p.Name, store.NameKey(p.Name), from); err != nil {
			return err
		}
		for _, column := range []string{"seats.player", "ratings.player", "mines_games.player", "chat.player", "ignores.player", "ignores.ignored"} {
			table, col, _ := strings.Cut(column, ".")
			if _, err := tx.ExecContext(ctx, "UPDATE "+table+" SET "+col+" = ? WHERE "+col+" = ?", to, from); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, "DELETE FROM players WHERE key = ?", from)
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
func clearKey(ctx context.Context, tx *sql.Tx, key string) error {
	var has, kept bool
	err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM players WHERE key = ?),
		EXISTS (SELECT 1 FROM seats WHERE player = ?) OR EXISTS (SELECT 1 FROM ratings WHERE player = ?)
		OR EXISTS (SELECT 1 FROM mines_games WHERE player = ?)`, key, key, key, key).Scan(&has, &kept)
	switch {
	case err != nil:
		return err
	case kept:
		return store.ErrKeyInUse
	case !has:
		return nil
	}
	if _, err := tx.ExecContext(ctx, "UPDATE chat SET player = NULL WHERE player = ?", key); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM ignores WHERE player = ? OR ignored = ?", key, key); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "DELETE FROM players WHERE key = ?", key)
	return err
}

// refold gives every player's fold the value store.NameKey gives their
// name now, as names come to be told apart better (look-alike letters).
// Of two names kept before that now fold alike, one keeps its old fold
// (the store cannot choose a new name for anyone): a moderator renames
// one of them.
func (s *Store) refold(ctx context.Context) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT key, name, fold FROM players ORDER BY created, key")
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
			if _, err := tx.ExecContext(ctx, "UPDATE OR IGNORE players SET fold = ? WHERE key = ?", c.fold, c.key); err != nil {
				return err
			}
		}
		return nil
	})
}

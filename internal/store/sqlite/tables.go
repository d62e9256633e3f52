package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"termgames/internal/store"
)

// Announce implements store.Tables, on the store's clock (Now): the
// servers that share a file share a machine.
func (s *Store) Announce(ctx context.Context, sv store.Server, ttl time.Duration) error {
	if err := store.CheckLease(sv, ttl); err != nil {
		return fmt.Errorf("store: announce: %w", err)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO servers (name, public, expires) VALUES (?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET public = excluded.public, expires = excluded.expires`,
			sv.Name, sv.Public, millis(s.Now().Add(ttl)))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: announce %q: %w", sv.Name, err)
	}
	return nil
}

// Withdraw implements store.Tables: the server's tables go with it (ON
// DELETE CASCADE).
func (s *Store) Withdraw(ctx context.Context, name string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM servers WHERE name = ?`, name)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: withdraw %q: %w", name, err)
	}
	return nil
}

// OpenTable implements store.Tables: the primary key on the code refuses
// a code that any server's table has.
func (s *Store) OpenTable(ctx context.Context, t store.Table) error {
	if err := store.CheckTable(t); err != nil {
		return fmt.Errorf("store: open a table: %w", err)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO open_tables (code, server, game, rule, options, host, playing, rated)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, t.Code, t.Server.Name, t.Game, t.Rule, t.Options, t.Host, t.Playing, t.Rated)
		return err
	})
	var se *sqlite.Error
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &se):
	case se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		err = store.ErrCodeTaken
	case se.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
		err = fmt.Errorf("server %q: %w", t.Server.Name, store.ErrNotFound)
	}
	return fmt.Errorf("store: open table %s: %w", t.Code, err)
}

// UpdateTable implements store.Tables.
func (s *Store) UpdateTable(ctx context.Context, t store.Table) error {
	if err := store.CheckTable(t); err != nil {
		return fmt.Errorf("store: update a table: %w", err)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE open_tables SET game = ?, rule = ?, options = ?, host = ?, playing = ?, rated = ?
			WHERE code = ? AND server = ?`, t.Game, t.Rule, t.Options, t.Host, t.Playing, t.Rated, t.Code, t.Server.Name)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return notRegistered(err)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: update table %s at %q: %w", t.Code, t.Server.Name, err)
	}
	return nil
}

// CloseTable implements store.Tables.
func (s *Store) CloseTable(ctx context.Context, server, code string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM open_tables WHERE code = ? AND server = ?`, code, server)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: close table %s: %w", code, err)
	}
	return nil
}

// OpenTables implements store.Tables.
func (s *Store) OpenTables(ctx context.Context) ([]store.Table, error) {
	var tables []store.Table
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT t.code, t.server, v.public, t.game, t.rule, t.options, t.host, t.playing, t.rated
			FROM open_tables AS t JOIN servers AS v ON v.name = t.server
			WHERE v.expires > ? ORDER BY t.server, t.code`, millis(s.Now()))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var t store.Table
			if err := rows.Scan(&t.Code, &t.Server.Name, &t.Server.Public, &t.Game, &t.Rule, &t.Options, &t.Host, &t.Playing, &t.Rated); err != nil {
				return err
			}
			tables = append(tables, t)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: open tables: %w", err)
	}
	return tables, nil
}

package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"termgames/internal/store"
)

// Announce implements store.Tables, on the database's clock: servers on
// machines whose clocks disagree agree on whose lease runs.
func (s *Store) Announce(ctx context.Context, sv store.Server, ttl time.Duration) error {
	if err := store.CheckLease(sv, ttl); err != nil {
		return fmt.Errorf("store: announce: %w", err)
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO servers (name, public, expires)
		VALUES ($1, $2, now() + $3 * interval '1 millisecond')
		ON CONFLICT (name) DO UPDATE SET public = excluded.public, expires = excluded.expires`,
		sv.Name, sv.Public, ttl.Milliseconds())
	if err != nil {
		return fmt.Errorf("store: announce %q: %w", sv.Name, err)
	}
	return nil
}

// Withdraw implements store.Tables: the server's tables go with it (ON
// DELETE CASCADE).
func (s *Store) Withdraw(ctx context.Context, name string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM servers WHERE name = $1`, name); err != nil {
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
	_, err := s.pool.Exec(ctx, `INSERT INTO open_tables (code, server, game, rule, options, host, playing, rated)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, t.Code, t.Server.Name, t.Game, t.Rule, t.Options, t.Host, t.Playing, t.Rated)
	switch {
	case err == nil:
		return nil
	case violates(err, "23505"):
		err = store.ErrCodeTaken
	case violates(err, "23503"):
		err = fmt.Errorf("server %q: %w", t.Server.Name, store.ErrNotFound)
	}
	return fmt.Errorf("store: open table %s: %w", t.Code, err)
}

// UpdateTable implements store.Tables.
func (s *Store) UpdateTable(ctx context.Context, t store.Table) error {
	if err := store.CheckTable(t); err != nil {
		return fmt.Errorf("store: update a table: %w", err)
	}
	tag, err := s.pool.Exec(ctx, `UPDATE open_tables SET game = $3, rule = $4, options = $5, host = $6, playing = $7, rated = $8
		WHERE code = $1 AND server = $2`, t.Code, t.Server.Name, t.Game, t.Rule, t.Options, t.Host, t.Playing, t.Rated)
	if err == nil && tag.RowsAffected() == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: update table %s at %q: %w", t.Code, t.Server.Name, err)
	}
	return nil
}

// CloseTable implements store.Tables.
func (s *Store) CloseTable(ctx context.Context, server, code string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM open_tables WHERE code = $1 AND server = $2`, code, server); err != nil {
		return fmt.Errorf("store: close table %s: %w", code, err)
	}
	return nil
}

// OpenTables implements store.Tables.
func (s *Store) OpenTables(ctx context.Context) ([]store.Table, error) {
	rows, err := s.pool.Query(ctx, `SELECT t.code, t.server, v.public, t.game, t.rule, t.options, t.host, t.playing, t.rated
		FROM open_tables AS t JOIN servers AS v ON v.name = t.server
		WHERE v.expires > now() ORDER BY t.server, t.code`)
	if err != nil {
		return nil, fmt.Errorf("store: open tables: %w", err)
	}
	tables, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Table, error) {
		var t store.Table
		err := row.Scan(&t.Code, &t.Server.Name, &t.Server.Public, &t.Game, &t.Rule, &t.Options, &t.Host, &t.Playing, &t.Rated)
		return t, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: open tables: %w", err)
	}
	return tables, nil
}

// Package postgres is the store of a server whose data lives in a
// PostgreSQL database, a managed and replicated one if the host likes:
// store.Store through pgx's own pool (github.com/jackc/pgx/v5/pgxpool),
// for `termgames serve -db postgres://...`. It keeps what store/sqlite
// keeps, by the rules of package store, and the same contract suite
// (storetest) runs against both.
//
// The schema is the numbered migrations in migrations/, PostgreSQL's own
// set, applied at Open, each in a transaction of its own. The table
// termgames_schema says that the database is termgames' and which
// migration it has reached. Open refuses, without writing anything, a
// database that a newer termgames migrated, and one that holds tables of
// another program and not termgames_schema.
//
// Several servers may share one database: every write is one statement or
// one transaction, and a rated game's end locks both players' rating rows,
// always in the same order, so that two games of one player ended at the
// same instant on two servers both count.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"termgames/internal/store"
)

// Store is store.Store in a PostgreSQL database. Its methods may be called
// from any number of goroutines at once, and any number of Stores, in this
// process or others, may share the database.
type Store struct {
	// Now is the clock of a player's Created: time.Now unless a test sets
	// it before the store is used.
	Now func() time.Time

	name string // the database as errors name it, without a password
	pool *pgxpool.Pool

	closeOnce sync.Once
}

var _ store.Store = (*Store)(nil)

// maxConns bounds the pool: enough that moves of many tables and a few
// readers go at once, few enough that several servers stay within
// PostgreSQL's default max_connections (100). A DSN's pool_max_conns
// says otherwise.
const maxConns = 16

// Open connects to the database that dsn names (a postgres:// or
// postgresql:// URL, or PostgreSQL's key=value form) and brings its schema
// up to date.
func Open(ctx context.Context, dsn string) (*Store, error) {
	return open(ctx, dsn, len(migrations))
}

// open is Open with the schema brought up to migration upTo only.
func open(ctx context.Context, dsn string, upTo int) (*Store, error) {
	name := Redact(dsn)
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", name, oneLine(err))
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = maxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", name, oneLine(err))
	}
	s := &Store{Now: time.Now, name: name, pool: pool}
	if err := s.migrate(ctx, upTo); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: open %s: %w", name, oneLine(err))
	}
	if upTo == len(migrations) {
		if err := s.refold(ctx); err != nil {
			pool.Close()
			return nil, fmt.Errorf("store: open %s: names: %w", name, oneLine(err))
		}
	}
	return s, nil
}

// Redact is dsn as it may be shown in a log or an error: a URL without its
// password; another form as the user and database it names.
func Redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
		q := u.Query()
		if q.Has("password") {
			q.Set("password", "xxxxx")
			u.RawQuery = q.Encode()
		}
		return u.Redacted()
	}
	cfg, err := pgconn.ParseConfig(dsn)
	if err != nil {
		return "the PostgreSQL database"
	}
	return fmt.Sprintf("postgres://%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
}

// oneLine is err said on one line: PostgreSQL's errors may carry a
// detail on the next.
func oneLine(err error) error {
	if msg := err.Error(); strings.ContainsAny(msg, "\r\n") {
		return fmt.Errorf("%s", strings.Join(strings.Fields(msg), " "))
	}
	return err
}

// Close closes the store's connections; nothing may be called after.
// Closing twice is closing once.
func (s *Store) Close() error {
	s.closeOnce.Do(s.pool.Close)
	return nil
}

// Probe implements store.Store: it writes termgames_schema's one row
// again as it is, a commit like any other, flushed to the disk.
func (s *Store) Probe(ctx context.Context) error {
	err := s.write(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE termgames_schema SET version = version")
		return err
	})
	if err != nil {
		return fmt.Errorf("store: write to %s: %w", s.name, oneLine(err))
	}
	return nil
}

// retries is how often a transaction that PostgreSQL broke off to keep
// two others apart (a deadlock, a serialization failure) is tried again:
// it ran into another, and goes through at the next try.
const retries = 10

// write runs fn in a transaction, committed when fn returns nil, tried
// again when PostgreSQL broke it off for another's sake.
func (s *Store) write(ctx context.Context, fn func(tx pgx.Tx) error) error {
	for try := 1; ; try++ {
		err := pgx.BeginFunc(ctx, s.pool, fn)
		if try < retries && retry(err) {
			continue
		}
		return err
	}
}

// retry reports whether err is PostgreSQL's breaking off of a transaction
// that another held up: a deadlock or a serialization failure.
func retry(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// violates reports whether err is the violation of a constraint of the
// kind code: "23503" a foreign key, "23505" a unique key.
func violates(err error, code string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == code
}

// notFound turns "no rows" into store.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

// kept is a time read from a column, as the store keeps it: the same
// location and precision as every other store's (store.KeptTime).
func kept(t time.Time) time.Time { return store.KeptTime(t) }

// at is t as a column takes it: to the millisecond.
func at(t time.Time) time.Time { return store.KeptTime(t) }

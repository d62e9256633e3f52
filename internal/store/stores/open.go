// Package stores opens the store that `termgames serve -db` names: a
// PostgreSQL database for a postgres:// or postgresql:// URL, a SQLite file
// for anything else. It is the one place that knows both, so that the
// server, its migrate command and its benchmarks choose alike.
package stores

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"termgames/internal/store"
	"termgames/internal/store/postgres"
	"termgames/internal/store/sqlite"
)

// Open opens the store that db names, making a SQLite file that is
// missing, and brings its schema up to date; it refuses a file or a
// database that is not termgames' or that a newer termgames wrote.
func Open(ctx context.Context, db string) (store.Store, error) {
	if IsPostgres(db) {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(db)
}

// IsPostgres reports whether db names a PostgreSQL database: a URL of the
// scheme postgres or postgresql.
func IsPostgres(db string) bool {
	scheme, _, ok := strings.Cut(db, "://")
	return ok && (strings.EqualFold(scheme, "postgres") || strings.EqualFold(scheme, "postgresql"))
}

// Shown is db as a log or a screen may show it: a URL's password is
// hidden.
func Shown(db string) string {
	if IsPostgres(db) {
		return postgres.Redact(db)
	}
	return db
}

// Copy copies the SQLite store in the file from into the PostgreSQL
// database that the URL to names, which must keep nothing yet (its schema
// is made if it has none), and returns what was copied: every player with
// their name and key, every game with its moves, options, end, record and
// ratings around it, every rating and every minesweeper game, checked by
// counting both sides. On any failure nothing is kept in to. A server may
// go on with from meanwhile: what is copied is one moment of it.
func Copy(ctx context.Context, from, to string) (store.Counts, error) {
	switch {
	case IsPostgres(from):
		return store.Counts{}, fmt.Errorf("copy from %s: not a SQLite file: the copy goes from a SQLite store into PostgreSQL", Shown(from))
	case !IsPostgres(to):
		return store.Counts{}, fmt.Errorf("copy into %s: not a PostgreSQL URL (postgres://USER@HOST/DATABASE)", to)
	}
	// Opening a file makes it when it is missing: a typo would be copied
	// as an empty store.
	if fi, err := os.Stat(from); errors.Is(err, fs.ErrNotExist) {
		return store.Counts{}, fmt.Errorf("copy from %s: no such file", from)
	} else if err != nil {
		return store.Counts{}, fmt.Errorf("copy from %s: %w", from, err)
	} else if fi.IsDir() {
		return store.Counts{}, fmt.Errorf("copy from %s: a folder, not a SQLite file", from)
	}
	src, err := sqlite.Open(from)
	if err != nil {
		return store.Counts{}, err
	}
	defer src.Close()
	dst, err := postgres.Open(ctx, to)
	if err != nil {
		return store.Counts{}, err
	}
	defer dst.Close()
	return dst.Import(ctx, func(sink store.Sink) (store.Counts, error) { return src.Export(ctx, sink) })
}

package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"

	"termgames/internal/store"

	"github.com/jackc/pgx/v5"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrations are the files of migrations/, in order; their numbers run
// from 1 without a gap (TestMigrationsNumbered).
var migrations = store.ReadMigrations(migrationFiles, "migrations")

// app is what termgames_schema says of the database: it is termgames'.
const app = "termgames"

// schemaTable marks a database as termgames' and keeps its version: one
// row. It is made with the first migration, in its transaction.
const schemaTable = `CREATE TABLE termgames_schema (
	app     text PRIMARY KEY CHECK (app = 'termgames'),
	version integer NOT NULL
)`

// migrationLock is the advisory lock that a migration holds, so that two
// servers started at once on one database migrate it once: "tgam".
const migrationLock = 0x7467616d

// Why Open refuses a database.
var (
	errForeign = errors.New("not a termgames database: it holds tables of another program and no termgames_schema")
	errNewer   = errors.New("written by a newer termgames")
)

// newer is the refusal of a database at schema version, which a newer
// termgames migrated.
func newer(version int) error {
	return fmt.Errorf("%w (schema %d, this one knows %d)", errNewer, version, len(migrations))
}

// migrate brings the schema up to migration upTo, one transaction a
// migration, each holding migrationLock and checking anew what the
// database holds, in case another server is at it too. A refused database
// is only read.
func (s *Store) migrate(ctx context.Context, upTo int) error {
	for _, m := range migrations[:upTo] {
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrationLock); err != nil {
				return err
			}
			version, err := schemaVersion(ctx, tx)
			if err != nil || version >= m.Version {
				return err
			}
			if version == 0 {
				if _, err := tx.Exec(ctx, schemaTable); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, "INSERT INTO termgames_schema (app, version) VALUES ($1, 0)", app); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, "UPDATE termgames_schema SET version = $1", m.Version)
			return err
		})
		if err != nil && !errors.Is(err, errForeign) && !errors.Is(err, errNewer) {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// schemaVersion is the migration that the database has reached, 0 for an
// empty one, which is termgames' to take. It refuses a database that is
// not termgames' or that a newer termgames migrated. What is looked at is
// the schema that the tables are made in (current_schema(): public, or
// the search_path of the DSN), so that termgames may have a schema of its
// own in a database that others share.
func schemaVersion(ctx context.Context, tx pgx.Tx) (int, error) {
	var schema *string
	var marked bool
	var tables int
	err := tx.QueryRow(ctx, `SELECT current_schema(),
		EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'termgames_schema'),
		(SELECT count(*) FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
			WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S'))`).Scan(&schema, &marked, &tables)
	switch {
	case err != nil:
		return 0, err
	case schema == nil:
		return 0, errors.New("no schema to make the tables in: the search_path names none that exists")
	case !marked && tables > 0:
		return 0, errForeign
	case !marked:
		return 0, nil
	}
	var version int
	if err := tx.QueryRow(ctx, "SELECT version FROM termgames_schema WHERE app = $1", app).Scan(&version); err != nil {
		return 0, fmt.Errorf("termgames_schema: %w", err)
	}
	if version > len(migrations) {
		return version, newer(version)
	}
	return version, nil
}

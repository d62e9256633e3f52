package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"termgames/internal/store"
)

// applicationID marks a SQLite file as termgames' (PRAGMA
// application_id): the bytes "tgam".
const applicationID = 0x7467616d

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrations are the files of migrations/, in order; their numbers run
// from 1 without a gap (TestMigrationsNumbered).
var migrations = store.ReadMigrations(migrationFiles, "migrations")

// Why Open refuses a file.
var (
	errNotSQLite = errors.New("not a termgames database: not a SQLite file")
	errForeign   = errors.New("not a termgames database: a SQLite database of another program")
	errNewer     = errors.New("written by a newer termgames")
)

// newer is the refusal of a file at schema version, which a newer
// termgames wrote.
func newer(version int) error {
	return fmt.Errorf("%w (schema %d, this one knows %d)", errNewer, version, len(migrations))
}

// refused reports whether err is a refusal of the file, said as it is.
func refused(err error) bool {
	return errors.Is(err, errNotSQLite) || errors.Is(err, errForeign) || errors.Is(err, errNewer)
}

// check refuses a file that is not termgames' or that a newer termgames
// wrote, before anything is written to it. A missing or empty file is a
// new store. Otherwise the file's header says, unless a write-ahead log
// beside it holds newer pages (after a crash): then SQLite is asked,
// read-only. Reading the header itself leaves no files behind, where
// SQLite, even read-only, makes the log's index beside a WAL database
// that has none.
func check(name string) error {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	// The header: https://www.sqlite.org/fileformat.html#the_database_header
	var h [100]byte
	n, err := io.ReadFull(f, h[:])
	f.Close()
	switch {
	case n == 0 && err == io.EOF:
		return nil
	case errors.Is(err, io.ErrUnexpectedEOF), err == nil && !bytes.HasPrefix(h[:], []byte("SQLite format 3\x00")):
		return errNotSQLite
	case err != nil:
		return err
	}
	cookie := binary.BigEndian.Uint32(h[40:]) // changed by every change of the schema
	version := int(binary.BigEndian.Uint32(h[60:]))
	app := binary.BigEndian.Uint32(h[68:])
	switch {
	case app != 0 && app != applicationID:
		return errForeign
	case app == applicationID && version > len(migrations):
		return newer(version)
	}
	if wal, err := os.Stat(name + "-wal"); err == nil && wal.Size() > 0 {
		return checkLog(name)
	}
	if app == applicationID || app == 0 && cookie == 0 && version == 0 {
		return nil
	}
	return errForeign
}

// checkLog is check for a file with a write-ahead log beside it: SQLite
// reads the two read-only, so it cannot fold the log into the file. (It
// makes the log's index, the -shm file, if a crash did not leave it.)
func checkLog(name string) error {
	db, err := sql.Open("sqlite", dsn(name, "mode=ro",
		fmt.Sprintf("_pragma=busy_timeout(%d)", busyTimeout.Milliseconds())))
	if err != nil {
		return err
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return mayMigrate(tx)
}

// mayMigrate refuses a database that is not termgames' or that a newer
// termgames wrote. An empty database is termgames' to take.
func mayMigrate(tx *sql.Tx) error {
	var version, tables int
	var app uint32
	err := tx.QueryRow(`SELECT (SELECT user_version FROM pragma_user_version),
		(SELECT application_id FROM pragma_application_id),
		(SELECT count(*) FROM sqlite_schema)`).Scan(&version, &app, &tables)
	switch {
	case err != nil && strings.Contains(err.Error(), "file is not a database"):
		return errNotSQLite
	case err != nil:
		return err
	case app == applicationID && version > len(migrations):
		return newer(version)
	case app == applicationID || app == 0 && tables == 0 && version == 0:
		return nil
	}
	return errForeign
}

// migrate brings the schema up to migration upTo, one transaction a
// migration, each checking anew what the file holds, in case another
// process is at it too.
func (s *Store) migrate(ctx context.Context, upTo int) error {
	for _, m := range migrations[:upTo] {
		err := s.write(ctx, func(tx *sql.Tx) error {
			if err := mayMigrate(tx); err != nil {
				return err
			}
			var version int
			if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
				return err
			}
			if version >= m.Version {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			// PRAGMA takes no parameters; both numbers are ours.
			_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", m.Version, applicationID))
			return err
		})
		if err != nil && !refused(err) {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"termgames/internal/store"
)

// Report is what Check finds in a file.
type Report struct {
	// Version is the migration the file's schema has reached; Known the
	// newest this termgames knows (a server brings the file to it at its
	// start).
	Version, Known int
	// Problems are what SQLite's integrity and foreign key checks found,
	// one a line; none in a sound file.
	Problems []string
	store.Counts
	InPlay int64 // of Counts.Games, those not ended
	Size   int64 // the file's bytes, its write-ahead log's not counted
}

// Check checks the store in the file at path, which a server may be
// using meanwhile, and counts what it keeps; it only reads, as one
// moment's read. The checks are SQLite's integrity_check, every page and
// index of the file, and foreign_key_check. A file that is missing, not
// termgames' or a newer termgames' is refused.
func Check(ctx context.Context, path string) (Report, error) {
	db, err := openRead(path)
	if err != nil {
		return Report{}, err
	}
	defer db.Close()
	r := Report{Known: len(migrations)}
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return Report{}, fmt.Errorf("check %s: %w", path, err)
	}
	defer tx.Rollback()
	err = tx.QueryRowContext(ctx, `SELECT (SELECT user_version FROM pragma_user_version),
		(SELECT page_count * page_size FROM pragma_page_count, pragma_page_size)`).Scan(&r.Version, &r.Size)
	if err != nil {
		return Report{}, fmt.Errorf("check %s: %w", path, err)
	}
	if r.Problems, err = problems(ctx, tx); err != nil {
		return Report{}, fmt.Errorf("check %s: %w", path, err)
	}
	if r.Version == 0 {
		return r, nil // an empty file: no tables to count
	}
	err = tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM games),
		(SELECT count(*) FROM games WHERE ended IS NULL), (SELECT count(*) FROM moves),
		(SELECT count(*) FROM ratings), (SELECT count(*) FROM mines_games)`).
		Scan(&r.Players, &r.Games, &r.InPlay, &r.Moves, &r.Ratings, &r.MinesGames)
	if err != nil {
		return Report{}, fmt.Errorf("check %s: count: %w", path, err)
	}
	return r, nil
}

// problems are what integrity_check and foreign_key_check say of the
// database; none when both are content.
func problems(ctx context.Context, tx *sql.Tx) ([]string, error) {
	var found []string
	rows, err := tx.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return nil, err
		}
		if line == "ok" {
			continue
		}
		for l := range strings.SplitSeq(line, "\n") {
			if l != "*** in database main ***" { // said of every problem in one file
				found = append(found, l)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	fk, err := tx.QueryContext(ctx, "SELECT \"table\", rowid, parent FROM pragma_foreign_key_check")
	if err != nil {
		return nil, err
	}
	defer fk.Close()
	for fk.Next() {
		var table, parent string
		var rowid sql.NullInt64
		if err := fk.Scan(&table, &rowid, &parent); err != nil {
			return nil, err
		}
		found = append(found, fmt.Sprintf("%s row %d: no such %s", table, rowid.Int64, parent))
	}
	return found, fk.Err()
}

// Backup writes a copy of the store in the file at path into a new file
// at out, as one moment's read, while a server goes on using path: SQLite's
// VACUUM INTO, which also leaves the copy without free pages. It never
// writes to path, and refuses an out that exists. The copy is made for
// its owner alone to read, as the server's own file is under its unit.
func Backup(ctx context.Context, path, out string) (err error) {
	db, err := openRead(path)
	if err != nil {
		return err
	}
	defer db.Close()
	// Made empty first, exclusively: VACUUM INTO writes into an empty
	// file, and two backups to one name cannot both go on.
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s exists: a backup never overwrites a file; name a new one", out)
	}
	if err != nil {
		return err
	}
	f.Close()
	defer func() {
		if err != nil {
			os.Remove(out)
		}
	}()
	// VACUUM INTO takes its file as an expression: a bound parameter.
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", out); err != nil {
		return fmt.Errorf("copy %s into %s: %w", path, out, err)
	}
	return nil
}

// openRead opens the store in the file at path for reading only, after
// refusing a file that is missing, not termgames' or a newer termgames'.
// A server may be writing it meanwhile: in WAL mode a reader sees the last
// commit, and holds up no writer.
func openRead(path string) (*sql.DB, error) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such file", path)
	case err != nil:
		return nil, err
	case fi.IsDir():
		return nil, fmt.Errorf("%s: a folder, not a SQLite file", path)
	}
	if err := check(path); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	db, err := sql.Open("sqlite", dsn(path, "mode=ro",
		fmt.Sprintf("_pragma=busy_timeout(%d)", busyTimeout.Milliseconds())))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// String says the report as `termgames serve check` prints it.
func (r Report) String() string {
	var b strings.Builder
	switch {
	case r.Version == 0:
		b.WriteString("schema 0: a new store, nothing kept yet\n")
	case r.Version == r.Known:
		fmt.Fprintf(&b, "schema %d, the newest this termgames knows\n", r.Version)
	default:
		fmt.Fprintf(&b, "schema %d, an older termgames': the server brings it to %d at its start\n", r.Version, r.Known)
	}
	fmt.Fprintf(&b, "%d players\n%d games (%d in play, %d ended) with %d moves\n%d ratings\n%d minesweeper games\n",
		r.Players, r.Games, r.InPlay, r.Games-r.InPlay, r.Moves, r.Ratings, r.MinesGames)
	if len(r.Problems) == 0 {
		b.WriteString("integrity ok\n")
		return b.String()
	}
	fmt.Fprintf(&b, "integrity: %d problems:\n", len(r.Problems))
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "  %s\n", p)
	}
	return b.String()
}

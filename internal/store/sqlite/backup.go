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
	// Counted: the counts were read; not in a file with problems.
	Counted bool
	Size    int64 // the file's bytes, its write-ahead log's not counted
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
	if fi, err := os.Stat(path); err == nil {
		r.Size = fi.Size()
	}
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return Report{}, fmt.Errorf("check %s: %w", path, err)
	}
	defer tx.Rollback()
	err = tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&r.Version)
	switch {
	case ctx.Err() != nil:
		return Report{}, fmt.Errorf("check %s: %w", path, ctx.Err())
	case err != nil: // its schema cannot be read: nothing more can
		r.Problems = []string{unreadable + err.Error()}
		return r, nil
	}
	if r.Problems, err = problems(ctx, tx); err != nil {
		return Report{}, fmt.Errorf("check %s: %w", path, err)
	}
	if r.Version == 0 || len(r.Problems) > 0 {
		return r, nil // nothing to count, or nothing to trust in the counts
	}
	err = tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM games),
		(SELECT count(*) FROM games WHERE ended IS NULL), (SELECT count(*) FROM moves),
		(SELECT count(*) FROM ratings), (SELECT count(*) FROM mines_games)`).
		Scan(&r.Players, &r.Games, &r.InPlay, &r.Moves, &r.Ratings, &r.MinesGames)
	if err != nil {
		return Report{}, fmt.Errorf("check %s: count: %w", path, err)
	}
	r.Counted = true
	return r, nil
}

// problems are what integrity_check and foreign_key_check say of the
// database; none when both are content. A file so damaged that SQLite
// cannot read it through is a problem too, said in SQLite's words; only
// ctx's end is an error.
func problems(ctx context.Context, tx *sql.Tx) ([]string, error) {
	lines, err := column(ctx, tx, "PRAGMA integrity_check")
	if err == nil && len(lines) == 1 && lines[0] == "ok" {
		lines, err = column(ctx, tx, `SELECT format('%s row %d: no such %s', "table", rowid, parent) FROM pragma_foreign_key_check`)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var found []string
	for _, line := range lines {
		for l := range strings.SplitSeq(line, "\n") {
			if l != "ok" && l != "*** in database main ***" { // said of every problem in one file
				found = append(found, l)
			}
		}
	}
	if err != nil {
		found = append(found, unreadable+err.Error())
	}
	return found, nil
}

// unreadable begins the problem of a file that SQLite cannot read
// through.
const unreadable = "SQLite cannot read it through: "

// column is the first column of the rows of query: those read before an
// error too.
func column(ctx context.Context, tx *sql.Tx, query string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return lines, err
		}
		lines = append(lines, line)
	}
	return lines, rows.Err()
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
	case r.Version == 0 && len(r.Problems) > 0: // the schema could not be read
	case r.Version == 0:
		b.WriteString("schema 0: a new store, nothing kept yet\n")
	case r.Version == r.Known:
		fmt.Fprintf(&b, "schema %d, the newest this termgames knows\n", r.Version)
	default:
		fmt.Fprintf(&b, "schema %d, an older termgames': the server brings it to %d at its start\n", r.Version, r.Known)
	}
	if r.Counted {
		fmt.Fprintf(&b, "%d players\n%d games (%d in play, %d ended) with %d moves\n%d ratings\n%d minesweeper games\n",
			r.Players, r.Games, r.InPlay, r.Games-r.InPlay, r.Moves, r.Ratings, r.MinesGames)
	}
	if len(r.Problems) == 0 {
		b.WriteString("integrity ok\n")
		return b.String()
	}
	fmt.Fprintf(&b, "integrity: %d problems (nothing counted):\n", len(r.Problems))
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "  %s\n", p)
	}
	return b.String()
}

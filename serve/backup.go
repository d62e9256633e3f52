package serve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"termgames/internal/cmdline"
	"termgames/internal/store/sqlite"
	"termgames/internal/store/stores"
)

// defaultDB is the store that `termgames serve` keeps without -db:
// termgames.db beside the default host key.
func defaultDB() string { return filepath.Join(filepath.Dir(defaultHostKey()), "termgames.db") }

// sqliteFlag is the -db flag of backup and check, which read a SQLite
// file only: a PostgreSQL database has its own tools.
func sqliteFlag(fs *flag.FlagSet) *string {
	return pathFlag(fs, "db", defaultDB(), "the server's SQLite `file`")
}

// notPostgres refuses a -db that names a PostgreSQL database.
func notPostgres(fs *flag.FlagSet, db, instead string) error {
	if stores.IsPostgres(db) {
		return cmdline.Usagef(fs, "-db names a PostgreSQL database: %s", instead)
	}
	return nil
}

// backupCommand is `termgames serve backup [-db FILE] OUT`: a copy of the
// server's SQLite file in the new file OUT, made while the server runs
// (sqlite.Backup), then checked and counted as `serve check` does.
func backupCommand(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("termgames serve backup", flag.ContinueOnError)
	fs.SetOutput(stdout)
	db := sqliteFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: termgames serve backup [-db FILE] OUT\n\nCopies the server's SQLite file into the new file OUT, as one moment of it,\nwhile the server runs; never overwrites OUT. Restoring is putting the copy\nin the file's place while the server is stopped (docs/operating.md).")
		fs.PrintDefaults()
	}
	if err := cmdline.Parse(fs, args, 1); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return cmdline.Usagef(fs, "name the file to write the copy to: termgames serve backup [-db FILE] OUT")
	}
	out := fs.Arg(0)
	if err := notPostgres(fs, *db, "back it up with pg_dump"); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := sqlite.Backup(ctx, *db, out); err != nil {
		if errors.Is(err, context.Canceled) {
			return errors.New("backup: interrupted; no copy was made")
		}
		return fmt.Errorf("backup: %w", err)
	}
	r, err := sqlite.Check(ctx, out)
	if err != nil {
		return fmt.Errorf("backup: the copy: %w", err)
	}
	fmt.Fprintf(stdout, "copied %s into %s (%d bytes):\n%s", *db, out, r.Size, r)
	if len(r.Problems) > 0 {
		return fmt.Errorf("backup: %s: the copy is not sound; run termgames serve check -db %s", out, *db)
	}
	return nil
}

// checkCommand is `termgames serve check [-db FILE]`: SQLite's integrity
// and foreign key checks on the server's file, its schema's version, and
// what it keeps, counted; a server may run meanwhile.
func checkCommand(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("termgames serve check", flag.ContinueOnError)
	fs.SetOutput(stdout)
	db := sqliteFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: termgames serve check [-db FILE]\n\nChecks the server's SQLite file (or a backup of it), page by page, while the\nserver runs, and says its schema's version and what it keeps. The status is\n1 when the file has a problem.")
		fs.PrintDefaults()
	}
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return err
	}
	if err := notPostgres(fs, *db, "PostgreSQL checks its own pages (pg_amcheck)"); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r, err := sqlite.Check(ctx, *db)
	if err != nil {
		return fmt.Errorf("check: %w", err)
	}
	fmt.Fprintf(stdout, "%s (%d bytes):\n%s", *db, r.Size, r)
	if len(r.Problems) > 0 {
		return fmt.Errorf("check: %s has %d problems", *db, len(r.Problems))
	}
	return nil
}

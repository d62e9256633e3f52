package serve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"termgames/internal/cmdline"
	"termgames/internal/store/stores"
)

// migrateCommand is `termgames serve migrate -from FILE -to URL`: it copies
// the SQLite store in FILE into the empty PostgreSQL database at URL
// (stores.Copy), and says what it copied. A server may go on with FILE
// meanwhile, but what it keeps after the copy's moment stays in FILE: the
// way up is to stop the server, migrate, and start it with -db URL.
func migrateCommand(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("termgames serve migrate", flag.ContinueOnError)
	fs.SetOutput(stdout)
	from := fs.String("from", "", "the SQLite `file` of the store to copy (termgames.db)")
	to := fs.String("to", "", "the PostgreSQL database to copy into, empty: a `URL` such as postgres://USER@HOST/DATABASE")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: termgames serve migrate -from FILE -to postgres://USER@HOST/DATABASE\n\nCopies everything a server keeps in its SQLite file (players, names, keys,\ngames with their moves, ratings, minesweeper games) into an empty PostgreSQL\ndatabase, for `termgames serve -db postgres://...`, and checks the counts.")
		fs.PrintDefaults()
	}
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return err
	}
	switch {
	case *from == "" || *to == "":
		return cmdline.Usagef(fs, "both -from and -to are needed")
	case !stores.IsPostgres(*to):
		return cmdline.Usagef(fs, "-to %s is not a PostgreSQL URL (postgres://USER@HOST/DATABASE)", *to)
	case stores.IsPostgres(*from):
		return cmdline.Usagef(fs, "-from names a PostgreSQL database: the copy goes from a SQLite file")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	counts, err := stores.Copy(ctx, *from, *to)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("migrate: interrupted; nothing was copied")
		}
		return fmt.Errorf("migrate: %w", err)
	}
	fmt.Fprintf(stdout, "copied %s into %s:\n  %d players (names and keys; %d ignores, %d refusing challenges)\n  %d games with %d moves and %d lines of chat\n  %d ratings\n  %d minesweeper games\n  %d bans and mutes, %d admin actions\nstart the server with -db %s\n",
		*from, stores.Shown(*to), counts.Players, counts.Ignores, counts.Refusing, counts.Games, counts.Moves, counts.Chat, counts.Ratings, counts.MinesGames,
		counts.Sanctions, counts.AdminLog, stores.Shown(*to))
	return nil
}

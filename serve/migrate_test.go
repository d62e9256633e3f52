package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"termgames/internal/cmdline"
	"termgames/internal/store/pgtest"
	"termgames/internal/store/postgres"
	"termgames/internal/store/sqlite"
	"termgames/internal/store/storetest"
)

// `termgames serve migrate` copies a server's SQLite file into an empty
// PostgreSQL database and says what it copied; the copy answers as the
// file does; a second copy into the same database is refused.
func TestMigrateCommand(t *testing.T) {
	ctx := context.Background()
	cluster := pgtest.New(t, pgtest.Fast...)
	file := filepath.Join(t.TempDir(), "termgames.db")
	src, err := sqlite.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	kept := storetest.Fill(t, src)
	dsn := cluster.Database(t)
	var out bytes.Buffer
	if err := Command([]string{"migrate", "-from", file, "-to", dsn}, &out, &out, nil); err != nil {
		t.Fatal(err)
	}
	c := kept.Counts
	for _, want := range []string{
		"copied " + file + " into postgres://postgres@/",
		fmt.Sprintf("%d players (names and keys; %d ignores, %d refusing challenges)", c.Players, c.Ignores, c.Refusing),
		fmt.Sprintf("%d games with %d moves and %d lines of chat", c.Games, c.Moves, c.Chat),
		fmt.Sprintf("%d ratings", c.Ratings),
		fmt.Sprintf("%d minesweeper games", c.MinesGames),
		fmt.Sprintf("%d bans and mutes, %d admin actions", c.Sanctions, c.AdminLog),
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("said %q, want %q in it", out.String(), want)
		}
	}
	dst, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	storetest.Same(t, src, dst, kept)

	err = Command([]string{"migrate", "-from", file, "-to", dsn}, &out, &out, nil)
	if !errors.Is(err, postgres.ErrNotEmpty) || strings.Contains(err.Error(), "\n") {
		t.Errorf("a second copy: %v", err)
	}
}

func TestMigrateUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-from", "termgames.db"},
		{"-from", "termgames.db", "-to", "other.db"},
		{"-from", "postgres://a@b/c", "-to", "postgres://a@b/d"},
		{"-from", "termgames.db", "-to", "postgres://a@b/c", "extra"},
	} {
		var out bytes.Buffer
		err := Command(append([]string{"migrate"}, args...), &out, &out, nil)
		if !errors.As(err, new(cmdline.UsageError)) || !strings.HasPrefix(err.Error(), "termgames serve migrate: ") || out.Len() != 0 {
			t.Errorf("migrate %q: %v, said %q", args, err, out.String())
		}
	}
}

// `termgames serve -db postgres://...` keeps the server's store in that
// database: one of another program's is refused before the server starts,
// in one line that names it without its password.
func TestServeOnPostgresRefusesForeign(t *testing.T) {
	ctx := context.Background()
	cluster := pgtest.New(t, pgtest.Fast...)
	dsn := cluster.Database(t)
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE TABLE accounts (id int)"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = Command([]string{"-addr", "127.0.0.1:0", "-hostkey", filepath.Join(t.TempDir(), "host_key"), "-db", dsn}, &out, &out, nil)
	if err == nil || !strings.Contains(err.Error(), "not a termgames database") || !strings.Contains(err.Error(), "postgres://postgres@/") || strings.Contains(err.Error(), "\n") {
		t.Errorf("served on another program's database: %v", err)
	}
}

package stores

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"termgames/internal/store"
	"termgames/internal/store/pgtest"
	"termgames/internal/store/postgres"
	"termgames/internal/store/sqlite"
	"termgames/internal/store/storetest"
)

var ctx = context.Background()

var cluster pgtest.Shared

func TestMain(m *testing.M) { os.Exit(cluster.Main(m)) }

func TestIsPostgres(t *testing.T) {
	for db, want := range map[string]bool{
		"postgres://alice@db.example/games":   true,
		"postgresql://alice@db.example/games": true,
		"POSTGRES://db.example/games":         true,
		"termgames.db":                        false,
		"/var/lib/termgames/termgames.db":     false,
		"postgres.db":                         false,
		"file:postgres://x":                   false,
		"":                                    false,
	} {
		if got := IsPostgres(db); got != want {
			t.Errorf("IsPostgres(%q) = %v", db, got)
		}
	}
	if got := Shown("postgres://alice:secret@db.example/games"); strings.Contains(got, "secret") {
		t.Errorf("shown as %q", got)
	}
}

// -db chooses the store: a file is SQLite, a URL PostgreSQL.
func TestOpenChooses(t *testing.T) {
	s, err := Open(ctx, filepath.Join(t.TempDir(), "termgames.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*sqlite.Store); !ok {
		t.Errorf("a file opened as %T", s)
	}
	s.Close()
	s, err = Open(ctx, cluster.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*postgres.Store); !ok {
		t.Errorf("a URL opened as %T", s)
	}
	s.Close()
}

// A SQLite store made as the contract's tests make one, copied into
// PostgreSQL, answers every question as the file does; the copy goes on
// from there, and a second copy into the same database is refused.
func TestCopy(t *testing.T) {
	file := filepath.Join(t.TempDir(), "termgames.db")
	src, err := sqlite.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	kept := storetest.Fill(t, src)
	dsn := cluster.Database(t)
	counts, err := Copy(ctx, file, dsn)
	if err != nil {
		t.Fatal(err)
	}
	if counts != kept.Counts {
		t.Errorf("copied %v, want %v", counts, kept.Counts)
	}
	dst, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	storetest.Same(t, src, dst, kept)

	// The copy goes on where the file left off: new games are numbered
	// after the copied ones, a game in play takes its next move and ends
	// rated from the ratings copied.
	in, err := dst.InPlay(ctx, "seoul") // storetest.Same gave it every game of no server
	if err != nil || len(in) == 0 {
		t.Fatalf("in play: %+v, %v", in, err)
	}
	for _, s := range []store.Store{src, dst} {
		g := in[0]
		m := store.Move{Seat: len(g.Moves) % 2, Text: "k11", At: time.Unix(1746129600, 0)}
		if err := s.AddMove(ctx, g.ID, m); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Finish(ctx, g.ID, store.Result{Ended: time.Unix(1746133200, 0), Winner: 1, How: "five"}); err != nil {
			t.Fatal(err)
		}
		next := g
		next.Moves, next.ID, next.Seats[0].Resume = nil, 0, "r2"
		id, err := s.Begin(ctx, next)
		if err != nil {
			t.Fatal(err)
		}
		if id <= kept.IDs[len(kept.IDs)-1] {
			t.Errorf("%T: new game %d, after %d copied", s, id, kept.IDs[len(kept.IDs)-1])
		}
		if err := s.AddMinesGame(ctx, g.Seats[0].Key, store.MinesGame{Level: "beginner", Won: true, Time: time.Second, At: time.Unix(1746133200, 0)}); err != nil {
			t.Fatal(err)
		}
	}
	kept.IDs = append(kept.IDs, kept.IDs[len(kept.IDs)-1]+1)
	storetest.Same(t, src, dst, kept)

	if _, err := Copy(ctx, file, dsn); !errors.Is(err, postgres.ErrNotEmpty) || !strings.Contains(err.Error(), "it keeps 6 players") {
		t.Errorf("a second copy: %v", err)
	}
}

// A copy refuses what it cannot copy, and writes nothing.
func TestCopyRefuses(t *testing.T) {
	dir := t.TempDir()
	dsn := cluster.Database(t)
	missing := filepath.Join(dir, "typo.db")
	if _, err := Copy(ctx, missing, dsn); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("from a missing file: %v", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the missing file was made: %v", err)
	}
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("not a database\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Copy(ctx, notes, dsn); err == nil || !strings.Contains(err.Error(), "not a SQLite file") {
		t.Errorf("from a text file: %v", err)
	}
	file := filepath.Join(dir, "termgames.db")
	src, err := sqlite.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	storetest.Fill(t, src)
	src.Close()
	if _, err := Copy(ctx, file, file); err == nil || !strings.Contains(err.Error(), "not a PostgreSQL URL") {
		t.Errorf("into a file: %v", err)
	}
	if _, err := Copy(ctx, dsn, dsn); err == nil {
		t.Error("copied from PostgreSQL")
	}
	// Into another program's database.
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE TABLE accounts (id int)"); err != nil {
		t.Fatal(err)
	}
	if _, err := Copy(ctx, file, dsn); err == nil || !strings.Contains(err.Error(), "not a termgames database") {
		t.Errorf("into another program's database: %v", err)
	}
	var tables int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").Scan(&tables); err != nil || tables != 1 {
		t.Errorf("%d tables after a refused copy, %v", tables, err)
	}
}

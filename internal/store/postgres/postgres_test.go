package postgres

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"termgames/internal/store"
	"termgames/internal/store/pgtest"
	"termgames/internal/store/storetest"
)

var ctx = context.Background()

// cluster is the throw-away PostgreSQL of this package's tests: each test
// has a database of its own on it.
var cluster pgtest.Shared

func TestMain(m *testing.M) { os.Exit(cluster.Main(m)) }

func TestPostgresContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

// openTemp opens a store on a new database of its own.
func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(ctx, cluster.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// connect connects to the database at dsn as another program would, and
// closes the connection when t ends.
func connect(t *testing.T, dsn string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	return conn
}

// names are the names query lists, one a row, joined by spaces.
func names(t *testing.T, conn *pgx.Conn, query string, args ...any) string {
	t.Helper()
	rows, err := conn.Query(ctx, query, args...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(got, " ")
}

// tables are the tables of the database's public schema.
func tables(t *testing.T, conn *pgx.Conn) string {
	t.Helper()
	return names(t, conn, "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
}

// version is termgames_schema's version.
func version(t *testing.T, conn *pgx.Conn) int {
	t.Helper()
	var v int
	if err := conn.QueryRow(ctx, "SELECT version FROM termgames_schema").Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestMigrationsNumbered(t *testing.T) {
	if len(migrations) < 1 {
		t.Fatalf("%d migrations", len(migrations))
	}
	for i, m := range migrations {
		if m.Version != i+1 || !strings.HasSuffix(m.Name, ".sql") {
			t.Errorf("migration %d is %s (version %d)", i+1, m.Name, m.Version)
		}
	}
}

func TestPostgresMigrateFromEmpty(t *testing.T) {
	dsn := cluster.Database(t)
	s, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	conn := connect(t, dsn)
	if got, want := tables(t, conn), "admin_log chat games ignores mines_games moves open_tables players ratings sanctions seats servers termgames_schema"; got != want {
		t.Errorf("tables %q, want %q", got, want)
	}
	if v := version(t, conn); v != len(migrations) {
		t.Errorf("version %d, want %d", v, len(migrations))
	}
	// A second server on the same database finds it up to date.
	again, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	again.Close()
}

// Servers started at once on one new database migrate it once.
func TestPostgresMigrateAtOnce(t *testing.T) {
	dsn := cluster.Database(t)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Error(err)
				return
			}
			s.Close()
		})
	}
	wg.Wait()
	if v := version(t, connect(t, dsn)); v != len(migrations) {
		t.Errorf("version %d", v)
	}
}

// A database in a schema of its own: termgames' tables go where the DSN's
// search_path says, beside another program's tables in public.
func TestPostgresOwnSchema(t *testing.T) {
	dsn := cluster.Database(t)
	conn := connect(t, dsn)
	for _, q := range []string{"CREATE TABLE x (y int)", "CREATE SCHEMA termgames"} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Open(ctx, dsn+"&search_path=termgames")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Player(ctx, "SHA256:alice", "alice"); err != nil {
		t.Fatal(err)
	}
	if got := tables(t, conn); got != "x" {
		t.Errorf("public holds %q", got)
	}
}

// refuse checks that Open refuses the database at dsn in one line that
// names the database and says why, and writes nothing: the database's
// tables and what they hold are as before.
func refuse(t *testing.T, dsn, why string) {
	t.Helper()
	conn := connect(t, dsn)
	content := func() string {
		return names(t, conn, `SELECT format('%s.%s:%s', schemaname, relname, n_tup_ins + n_tup_upd + n_tup_del)
			FROM pg_stat_user_tables ORDER BY 1`) +
			names(t, conn, "SELECT tablename::text FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1")
	}
	before := content()
	s, err := Open(ctx, dsn)
	if err == nil {
		s.Close()
		t.Fatalf("%s was opened", dsn)
	}
	msg := err.Error()
	if !strings.Contains(msg, Redact(dsn)) || !strings.Contains(msg, why) || strings.Contains(msg, "\n") {
		t.Errorf("refused with %q, want the database and %q on one line", msg, why)
	}
	if after := content(); after != before {
		t.Errorf("the database held %s, then %s", before, after)
	}
}

func TestPostgresRefuseNewer(t *testing.T) {
	dsn := cluster.Database(t)
	s, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Player(ctx, "SHA256:alice", "alice"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	newest := len(migrations) + 5
	if _, err := connect(t, dsn).Exec(ctx, "UPDATE termgames_schema SET version = $1", newest); err != nil {
		t.Fatal(err)
	}
	refuse(t, dsn, fmt.Sprintf("written by a newer termgames (schema %d, this one knows %d)", newest, len(migrations)))
}

func TestPostgresRefuseForeign(t *testing.T) {
	for _, q := range []string{
		"CREATE TABLE x (y int); INSERT INTO x VALUES (1)",
		"CREATE VIEW v AS SELECT 1 AS one",
		"CREATE SEQUENCE counter",
	} {
		dsn := cluster.Database(t)
		if _, err := connect(t, dsn).Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
		refuse(t, dsn, "not a termgames database")
	}
}

// A database that cannot be reached is an error that names it, without
// its password.
func TestPostgresUnreachable(t *testing.T) {
	dsn := "postgres://alice:secret@/nowhere?host=/nonexistent&connect_timeout=2"
	s, err := Open(ctx, dsn)
	if err == nil {
		s.Close()
		t.Fatal("opened a database that is not there")
	}
	if msg := err.Error(); strings.Contains(msg, "secret") || !strings.Contains(msg, "nowhere") || strings.Contains(msg, "\n") {
		t.Errorf("said %q", msg)
	}
}

func TestRedact(t *testing.T) {
	for dsn, want := range map[string]string{
		"postgres://alice:secret@db.example:5433/games?sslmode=require": "postgres://alice:xxxxx@db.example:5433/games?sslmode=require",
		"postgresql://alice@db.example/games":                           "postgresql://alice@db.example/games",
		"postgres://alice@/games?host=/run/pg&password=secret":          "postgres://alice@/games?host=%2Frun%2Fpg&password=xxxxx",
		"host=db.example user=alice password=secret dbname=games":       "postgres://alice@db.example:5432/games",
	} {
		if got := Redact(dsn); got != want {
			t.Errorf("Redact(%q) = %q, want %q", dsn, got, want)
		}
	}
}

func TestPostgresSurvivesReopen(t *testing.T) {
	dsn := cluster.Database(t)
	s, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	seats := [2]store.Seat{{Key: "SHA256:alice", Name: "alice", Resume: "ra"}, {Key: "SHA256:bob", Name: "bob", Resume: "rb"}}
	for _, seat := range seats {
		if _, err := s.Player(ctx, seat.Key, seat.Name); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	open, err := s.Begin(ctx, store.Game{Game: "omok", Rule: "renju", Code: "cd", Seats: seats, Started: start, Options: "3+2 swap2"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddMove(ctx, open, store.Move{Seat: 0, Text: "h8", Time: time.Second, At: start}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	in, err := s.InPlay(ctx, "")
	if err != nil || len(in) != 1 || in[0].ID != open || in[0].Moves[0].Text != "h8" || in[0].Seats != seats || in[0].Options != "3+2 swap2" {
		t.Errorf("in play after a reopen: %+v, %v", in, err)
	}
	// The next move is numbered after the first, by this server too.
	if err := s.AddMove(ctx, open, store.Move{Seat: 1, Text: "i9", At: start}); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Game(ctx, open); err != nil || len(g.Moves) != 2 || g.Moves[1].Text != "i9" {
		t.Errorf("after a second move: %+v, %v", g, err)
	}
}

// A player's Created comes from the store's clock.
func TestPostgresClock(t *testing.T) {
	s := openTemp(t)
	defer s.Close()
	at := time.Date(2025, 5, 1, 20, 0, 0, 123_456_789, time.UTC)
	s.Now = func() time.Time { return at }
	p, err := s.Player(ctx, "SHA256:alice", "alice")
	if err != nil || !p.Created.Equal(store.KeptTime(at)) {
		t.Errorf("%+v, %v; want created at %v", p, err, store.KeptTime(at))
	}
}

// The database crashes and comes back while the server runs: what was
// committed is there, a call on a connection that the crash broke fails
// with an error and no panic, and the store goes on on new connections.
func TestPostgresDatabaseCrash(t *testing.T) {
	c := pgtest.New(t) // default settings: every commit flushed
	s, err := Open(ctx, c.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	seats := [2]store.Seat{{Key: "SHA256:alice", Name: "alice"}, {Key: "SHA256:bob", Name: "bob"}}
	for _, seat := range seats {
		if _, err := s.Player(ctx, seat.Key, seat.Name); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	id, err := s.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "ab", Seats: seats, Started: start})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddMove(ctx, id, store.Move{Seat: 0, Text: "h8", At: start}); err != nil {
		t.Fatal(err)
	}
	if err := c.Crash(); err != nil {
		t.Fatal(err)
	}
	// The pool's connections died with the server: a call may fail once
	// on each before the pool makes new ones.
	var moved error
	for try := 0; try < 2*maxConns+2; try++ {
		if moved = s.AddMove(ctx, id, store.Move{Seat: 1, Text: "i9", At: start}); moved == nil {
			break
		}
		t.Logf("while the pool reconnects: %v", moved)
	}
	if moved != nil {
		t.Fatalf("after the database came back: %v", moved)
	}
	g, err := s.Finish(ctx, id, store.Result{Ended: start.Add(time.Hour), Winner: 1, How: "five"})
	if err != nil || len(g.Moves) != 2 || g.Moves[0].Text != "h8" || g.Moves[1].Text != "i9" || !g.Rated {
		t.Errorf("after a crash of the database: %+v, %v", g, err)
	}
}

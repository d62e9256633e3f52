package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"termgames/internal/glicko2"
	"termgames/internal/store"
	"termgames/internal/store/storetest"
)

var ctx = context.Background()

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

// openTemp opens a new store in a file in t's temporary folder.
func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "termgames.db"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pragma reads PRAGMA name of the store's file.
func pragma(t *testing.T, s *Store, name string) int64 {
	t.Helper()
	var v int64
	if err := s.r.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v); err != nil {
		t.Fatalf("PRAGMA %s: %v", name, err)
	}
	return v
}

// tables are the tables of the store's file.
func tables(t *testing.T, s *Store) string {
	t.Helper()
	return names(t, s, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
}

// columns are the columns of table in the store's file.
func columns(t *testing.T, s *Store, table string) string {
	t.Helper()
	return names(t, s, "SELECT name FROM pragma_table_info(?) ORDER BY cid", table)
}

// names are the names query lists, one a row, joined by spaces.
func names(t *testing.T, s *Store, query string, args ...any) string {
	t.Helper()
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(names, " ")
}

func TestMigrationsNumbered(t *testing.T) {
	if len(migrations) < 2 {
		t.Fatalf("%d migrations", len(migrations))
	}
	for i, m := range migrations {
		if m.Version != i+1 || !strings.HasSuffix(m.Name, ".sql") {
			t.Errorf("migration %d is %s (version %d)", i+1, m.Name, m.Version)
		}
	}
}

func TestMigrateFromEmpty(t *testing.T) {
	s := openTemp(t)
	defer s.Close()
	if v := pragma(t, s, "user_version"); v != int64(len(migrations)) {
		t.Errorf("user_version %d, want %d", v, len(migrations))
	}
	if id := pragma(t, s, "application_id"); id != applicationID {
		t.Errorf("application_id %#x", id)
	}
	if got, want := tables(t, s), "admin_log chat games ignores mines_games moves open_tables players ratings sanctions seats servers"; got != want {
		t.Errorf("tables %q, want %q", got, want)
	}
	if got, want := columns(t, s, "games"), "id game rule code rated started ended winner how record options server"; got != want {
		t.Errorf("games has %q, want %q", got, want)
	}
	var mode string
	if err := s.w.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q, %v", mode, err)
	}
	for name, want := range map[string]int64{"foreign_keys": 1, "synchronous": 1, "busy_timeout": 5000} {
		var v int64
		if err := s.w.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v); err != nil || v != want {
			t.Errorf("%s %d, %v; want %d", name, v, err, want)
		}
	}
}

// An empty file, as a tool may leave it, is a new store too.
func TestMigrateEmptyFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "termgames.db")
	if err := os.WriteFile(name, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v := pragma(t, s, "user_version"); v != int64(len(migrations)) {
		t.Errorf("user_version %d", v)
	}
}

// A file that an older termgames left, with players, games and ratings in
// it, keeps them all and gains what is new, from every schema before this
// one.
func TestMigrateFromPrevious(t *testing.T) {
	for upTo := 1; upTo < len(migrations); upTo++ {
		t.Run(fmt.Sprintf("schema %d", upTo), func(t *testing.T) { migrateFrom(t, upTo) })
	}
}

// migrateFrom makes a file at schema upTo with players, games and ratings
// in it, and opens it with this termgames.
func migrateFrom(t *testing.T, upTo int) {
	name := filepath.Join(t.TempDir(), "termgames.db")
	old, err := open(name, upTo)
	if err != nil {
		t.Fatal(err)
	}
	if v := pragma(t, old, "user_version"); v != int64(upTo) {
		t.Fatalf("the old file is at schema %d", v)
	}
	if upTo < 2 && strings.Contains(tables(t, old), "mines") {
		t.Fatalf("migration 1 made %s", tables(t, old))
	}
	if upTo < 3 && strings.Contains(columns(t, old, "games"), "options") {
		t.Fatalf("migration %d made games %s", upTo, columns(t, old, "games"))
	}
	seats := seated(t, old)
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	ended, inPlay := oldGames(t, old, seats, start)
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v := pragma(t, s, "user_version"); v != int64(len(migrations)) {
		t.Errorf("user_version %d after the migration", v)
	}
	if p, err := s.Player(ctx, "SHA256:bob", "robert"); err != nil || p.Name != "bob" {
		t.Errorf("bob: %+v, %v", p, err)
	}
	g, err := s.Game(ctx, ended.ID)
	if err != nil || len(g.Moves) != 6 || g.After != ended.After || g.How != "five" || !bytes.Equal(g.Record, ended.Record) || g.Options != "" {
		t.Errorf("the ended game: %+v, %v", g, err)
	}
	if rs, err := s.RatingsOf(ctx, "SHA256:alice"); err != nil || len(rs) != 1 || rs[0].Rating != ended.After[0] || rs[0].Wins != 1 {
		t.Errorf("alice's ratings: %+v, %v", rs, err)
	}
	in, err := s.InPlay(ctx, "")
	if err != nil || len(in) != 1 || in[0].ID != inPlay || len(in[0].Moves) != 1 || in[0].Seats[1].Resume != "r-bob" || in[0].Options != "" {
		t.Errorf("in play: %+v, %v", in, err)
	}
	// The game in play goes on, and ends rated.
	if err := s.AddMove(ctx, inPlay, store.Move{Seat: 1, Text: "=456", At: start}); err != nil {
		t.Error(err)
	}
	if g, err := s.Finish(ctx, inPlay, store.Result{Ended: start.Add(time.Hour), Winner: 1, How: "found"}); err != nil || !g.Rated || len(g.Moves) != 2 {
		t.Errorf("the game in play, ended: %+v, %v", g, err)
	}
	if games, err := s.GamesOf(ctx, "SHA256:bob", 5); err != nil || len(games) != 2 || games[0].Options != "" || games[1].Options != "" {
		t.Errorf("bob's games: %+v, %v", games, err)
	}
	// And what 0002 brought works,
	if err := s.AddMinesGame(ctx, "SHA256:alice", store.MinesGame{Level: "beginner", Won: true, Time: time.Second, At: start}); err != nil {
		t.Error(err)
	}
	if ms, err := s.MinesLeaders(ctx, "beginner", 5); err != nil || len(ms) != 1 || ms[0].Name != "alice" {
		t.Errorf("mines leaders: %+v, %v", ms, err)
	}
	// and what 0003 did.
	id, err := s.Begin(ctx, store.Game{Game: "omok", Rule: "renju", Code: "cd", Seats: seats, Started: start, Options: "5+5 swap2"})
	if err != nil {
		t.Fatal(err)
	}
	if g, err := s.Game(ctx, id); err != nil || g.Options != "5+5 swap2" {
		t.Errorf("a game begun after the migration: %+v, %v", g, err)
	}
}

// oldGames keeps in s, at a schema before games had options, what an older
// termgames kept, in the SQL it wrote (this one's Begin would name the
// options): a rated omok game of six moves that seat 0 won, and a game of
// baseball in play with one move. It returns the ended game as it reads
// back, and the ID of the one in play.
func oldGames(t *testing.T, s *Store, seats [2]store.Seat, start time.Time) (store.Game, int64) {
	t.Helper()
	ended := store.Game{ID: 1, Game: "omok", Rule: "freestyle", Code: "ab12", Seats: seats, Rated: true,
		Started: start, Ended: start.Add(time.Hour), Winner: 0, How: "five"}
	ended.Before = [2]glicko2.Rating{glicko2.Initial, glicko2.Initial}
	ended.After = store.Rate(ended.Before, 0)
	var record strings.Builder
	record.WriteString("Piskvork\n15x15, 11, 0\n")
	for i := range 6 {
		x, y := 1+i, 1+i%2
		ended.Moves = append(ended.Moves, store.Move{Seat: i % 2, Text: fmt.Sprintf("%c%d", 'a'+x-1, y), Time: time.Second, At: start.Add(time.Duration(i) * time.Second)})
		fmt.Fprintf(&record, "%d,%d,1000\n", x, y)
	}
	record.WriteString("-1\n")
	ended.Record = []byte(record.String())
	const inPlay = 2

	type row struct {
		sql  string
		args []any
	}
	rows := []row{
		{`INSERT INTO games (id, game, rule, code, rated, started, ended, winner, how, record)
			VALUES (?, 'omok', 'freestyle', 'ab12', 1, ?, ?, 0, 'five', ?)`,
			[]any{ended.ID, millis(start), millis(ended.Ended), ended.Record}},
		{`INSERT INTO games (id, game, rule, code, rated, started) VALUES (?, 'baseball', '', 'x', 1, ?)`,
			[]any{inPlay, millis(start)}},
		{`INSERT INTO moves (game, n, seat, text, took, at) VALUES (?, 0, 0, '=123', 0, ?)`,
			[]any{inPlay, millis(start)}},
	}
	for i, seat := range seats {
		b, a := ended.Before[i], ended.After[i]
		rows = append(rows,
			row{`INSERT INTO seats (game, seat, player, name, resume,
				rating_before, deviation_before, volatility_before, rating_after, deviation_after, volatility_after)
				VALUES (?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?)`,
				[]any{ended.ID, i, seat.Key, seat.Name, b.R, b.RD, b.Vol, a.R, a.RD, a.Vol}},
			row{`INSERT INTO seats (game, seat, player, name, resume) VALUES (?, ?, ?, ?, ?)`,
				[]any{inPlay, i, seat.Key, seat.Name, "r-" + seat.Name}},
			row{`INSERT INTO ratings (player, game, rule, rating, deviation, volatility, games, wins, losses, draws)
				VALUES (?, 'omok', 'freestyle', ?, ?, ?, 1, ?, ?, 0)`,
				[]any{seat.Key, a.R, a.RD, a.Vol, 1 - i, i}})
	}
	for n, m := range ended.Moves {
		rows = append(rows, row{`INSERT INTO moves (game, n, seat, text, took, at) VALUES (?, ?, ?, ?, ?, ?)`,
			[]any{ended.ID, n, m.Seat, m.Text, m.Time.Milliseconds(), millis(m.At)}})
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, r := range rows {
			if _, err := tx.ExecContext(ctx, r.sql, r.args...); err != nil {
				return fmt.Errorf("%s: %w", r.sql, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ended, inPlay
}

// playGame plays a rated omok game of n moves between seats, won by seat
// 0, and returns it as Finish kept it.
func playGame(s *Store, seats [2]store.Seat, start time.Time, n int) (store.Game, error) {
	id, err := s.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "ab12", Seats: seats, Started: start})
	if err != nil {
		return store.Game{}, err
	}
	var record strings.Builder
	record.WriteString("Piskvork\n15x15, 11, 0\n")
	for i := range n {
		x, y := 1+i%15, 1+i/15*2+i%2
		m := store.Move{Seat: i % 2, Text: fmt.Sprintf("%c%d", 'a'+x-1, y), Time: 1234 * time.Millisecond, At: start.Add(time.Duration(i) * time.Second)}
		if err := s.AddMove(ctx, id, m); err != nil {
			return store.Game{}, err
		}
		fmt.Fprintf(&record, "%d,%d,%d\n", x, y, m.Time.Milliseconds())
	}
	record.WriteString("-1\n")
	return s.Finish(ctx, id, store.Result{Ended: start.Add(time.Hour), Winner: 0, How: "five", Record: []byte(record.String())})
}

// refuse checks that Open refuses the file at name in one line that names
// the file and says why, and leaves the file as it was, with no new files
// beside it.
func refuse(t *testing.T, name, why string) {
	t.Helper()
	before, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	filesBefore := files(t, filepath.Dir(name))
	s, err := Open(name)
	if err == nil {
		s.Close()
		t.Fatalf("%s was opened", name)
	}
	msg := err.Error()
	if !strings.Contains(msg, name) || !strings.Contains(msg, why) || strings.Contains(msg, "\n") {
		t.Errorf("refused with %q, want the file and %q on one line", msg, why)
	}
	after, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("%s changed: %d bytes, then %d", name, len(before), len(after))
	}
	if got := files(t, filepath.Dir(name)); got != filesBefore {
		t.Errorf("the folder held %s, then %s", filesBefore, got)
	}
}

// files are the names of the files in dir.
func files(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return strings.Join(names, " ")
}

func TestRefuseNewer(t *testing.T) {
	name := filepath.Join(t.TempDir(), "termgames.db")
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Player(ctx, "SHA256:alice", "alice"); err != nil {
		t.Fatal(err)
	}
	newest := len(migrations) + 5
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", newest)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	refuse(t, name, fmt.Sprintf("written by a newer termgames (schema %d, this one knows %d)", newest, len(migrations)))
}

// The same, when the newer termgames was killed before its log reached
// the file.
func TestRefuseNewerInLog(t *testing.T) {
	name := filepath.Join(t.TempDir(), "termgames.db")
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	newest := len(migrations) + 1
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", newest)); err != nil {
		t.Fatal(err)
	}
	refuse(t, crashCopy(t, name), fmt.Sprintf("written by a newer termgames (schema %d, this one knows %d)", newest, len(migrations)))
}

func TestRefuseForeign(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("these are not the games you are looking for\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	refuse(t, text, "not a SQLite file")

	short := filepath.Join(dir, "short.db")
	if err := os.WriteFile(short, []byte("SQLite format 3\x00"), 0o600); err != nil {
		t.Fatal(err)
	}
	refuse(t, short, "not a SQLite file")

	// A database of another program, with tables and no application_id;
	// and one with an application_id of its own and no tables.
	for _, c := range []struct{ file, sql string }{
		{"other.db", "CREATE TABLE x(y)"},
		{"marked.db", "PRAGMA application_id = 1234"},
	} {
		name := filepath.Join(dir, c.file)
		db, err := sql.Open("sqlite", name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(c.sql); err != nil {
			t.Fatal(err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		refuse(t, name, "a SQLite database of another program")
	}
}

// A database of another program in WAL mode whose table is still in the
// log, as a crash leaves it: the header alone would show an empty file.
func TestRefuseForeignInLog(t *testing.T) {
	name := filepath.Join(t.TempDir(), "other.db")
	db, err := sql.Open("sqlite", name)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, q := range []string{"PRAGMA journal_mode = WAL", "PRAGMA wal_autocheckpoint = 0", "CREATE TABLE x(y)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	refuse(t, crashCopy(t, name), "a SQLite database of another program")
}

// crashCopy copies the database at name, its write-ahead log and the
// log's index, while the database is open, into a new folder: the files
// as a SIGKILL would leave them, the log not yet in the file, and no
// other process at them.
func crashCopy(t *testing.T, name string) string {
	t.Helper()
	crashed := filepath.Join(t.TempDir(), filepath.Base(name))
	for _, suffix := range []string{"", "-wal", "-shm"} {
		b, err := os.ReadFile(name + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if suffix == "-wal" && len(b) == 0 {
			t.Fatal("nothing in the log: the test shows nothing")
		}
		if err := os.WriteFile(crashed+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return crashed
}

// The files as a SIGKILL leaves them: what was committed is in the
// write-ahead log, not yet in the file, and the file's header says nothing
// of it. Open takes them as termgames', and every move is there.
func TestCrashed(t *testing.T) {
	name := filepath.Join(t.TempDir(), "termgames.db")
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	seats := seated(t, s)
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	id, err := s.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "ab", Seats: seats, Started: start})
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range []string{"h8", "i9", "j10"} {
		if err := s.AddMove(ctx, id, store.Move{Seat: i % 2, Text: text, At: start}); err != nil {
			t.Fatal(err)
		}
	}
	crashed := crashCopy(t, name)
	c, err := Open(crashed)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	in, err := c.InPlay(ctx, "")
	if err != nil || len(in) != 1 || len(in[0].Moves) != 3 || in[0].Moves[2].Text != "j10" {
		t.Errorf("in play after a crash: %+v, %v", in, err)
	}
}

func TestSurvivesReopen(t *testing.T) {
	name := filepath.Join(t.TempDir(), "termgames.db")
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	seats := seated(t, s)
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	ended, err := playGame(s, seats, start, 9)
	if err != nil {
		t.Fatal(err)
	}
	open, err := s.Begin(ctx, store.Game{Game: "omok", Rule: "renju", Code: "cd", Seats: seats, Started: start, Options: "3+2 swap2"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddMove(ctx, open, store.Move{Seat: 0, Text: "h8", Time: time.Second, At: start}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMinesGame(ctx, "SHA256:bob", store.MinesGame{Level: "expert", Won: true, Time: 99 * time.Second, Rate: 1.5, At: start}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Game(ctx, ended.ID)
	if err != nil || len(g.Moves) != 9 || !bytes.Equal(g.Record, ended.Record) || g.After != ended.After {
		t.Errorf("the ended game after a reopen: %+v, %v", g, err)
	}
	in, err := s.InPlay(ctx, "")
	if err != nil || len(in) != 1 || in[0].ID != open || in[0].Moves[0].Text != "h8" || in[0].Seats != seats || in[0].Options != "3+2 swap2" {
		t.Errorf("in play after a reopen: %+v, %v", in, err)
	}
	if taken, err := s.NameTaken(ctx, "alice"); err != nil || !taken {
		t.Errorf("alice's name after a reopen: %v, %v", taken, err)
	}
	if ms, err := s.MinesGames(ctx, "SHA256:bob"); err != nil || len(ms) != 1 || ms[0].Time != 99*time.Second {
		t.Errorf("bob's minesweeper after a reopen: %+v, %v", ms, err)
	}
}

// A full disk, made by a page limit on the writer's connection: a write
// that needs room fails with an error that says so, nothing panics, what
// was kept stays kept, reads go on, and so do writes once there is room.
func TestFullDisk(t *testing.T) {
	s := openTemp(t)
	defer s.Close()
	seats := seated(t, s)
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	id, err := s.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "ab", Seats: seats, Started: start})
	if err != nil {
		t.Fatal(err)
	}
	pages := pragma(t, s, "page_count")
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf("PRAGMA max_page_count = %d", pages)); err != nil {
		t.Fatal(err)
	}
	kept := 0
	var full error
	long := strings.Repeat("x", 1000)
	for i := 0; i < 100 && full == nil; i++ {
		full = s.AddMove(ctx, id, store.Move{Seat: i % 2, Text: long, At: start})
		if full == nil {
			kept++
		}
	}
	if full == nil {
		t.Fatal("100 long moves fitted in a full file")
	}
	msg := full.Error()
	if !strings.HasPrefix(msg, fmt.Sprintf("store: add move to game %d: ", id)) || !strings.Contains(msg, "full") {
		t.Errorf("a full disk said %q", msg)
	}
	// What needs a new page fails the same way; what fits in the pages
	// there are may still be kept, and the rest is refused cleanly.
	if err := s.AddMove(ctx, id, store.Move{Seat: 0, Text: long, At: start}); err == nil {
		t.Error("a second long move was kept")
	}
	if err := s.AddMinesGame(ctx, "SHA256:alice", store.MinesGame{Level: strings.Repeat("l", 5000), At: start}); err == nil {
		t.Error("a minesweeper game bigger than a page was kept")
	}
	if _, err := s.Player(ctx, "SHA256:carol", "carol"); err != nil && !strings.Contains(err.Error(), "full") {
		t.Errorf("a new player on a full disk: %v", err)
	}
	if _, err := playGame(s, seats, start, 40); err != nil && !strings.Contains(err.Error(), "full") {
		t.Errorf("a game on a full disk: %v", err)
	}
	g, err := s.Game(ctx, id)
	if err != nil || len(g.Moves) != kept || !g.Ended.IsZero() {
		t.Errorf("after a full disk: %d moves (%d kept), %v", len(g.Moves), kept, err)
	}
	// Room again: the store goes on.
	if _, err := s.w.ExecContext(ctx, "PRAGMA max_page_count = 1000000"); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMove(ctx, id, store.Move{Seat: 0, Text: "h8", At: start}); err != nil {
		t.Errorf("after room was made: %v", err)
	}
}

// A path with the characters a file: URI gives a meaning to.
func TestOddPath(t *testing.T) {
	odd := "a?b#c%20d.db"
	if runtime.GOOS == "windows" {
		odd = "a#b%20c&d=e.db" // no ? in a Windows file name
	}
	name := filepath.Join(t.TempDir(), odd)
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Player(ctx, "SHA256:alice", "alice"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(name); err != nil {
		t.Errorf("the store is not where it was asked to be: %v", err)
	}
}

// A folder that does not exist is an error, not a panic.
func TestOpenMissingFolder(t *testing.T) {
	name := filepath.Join(t.TempDir(), "no", "such", "folder", "termgames.db")
	s, err := Open(name)
	if err == nil {
		s.Close()
		t.Fatal("opened a store in a folder that is not there")
	}
	if !strings.Contains(err.Error(), name) {
		t.Errorf("%v does not name the file", err)
	}
	if errors.Is(err, errForeign) {
		t.Errorf("a missing folder is not a foreign file: %v", err)
	}
}

// A player's Created comes from the store's clock.
func TestClock(t *testing.T) {
	s := openTemp(t)
	defer s.Close()
	at := time.Date(2025, 5, 1, 20, 0, 0, 123_456_789, time.UTC)
	s.Now = func() time.Time { return at }
	p, err := s.Player(ctx, "SHA256:alice", "alice")
	if err != nil || !p.Created.Equal(store.KeptTime(at)) {
		t.Errorf("%+v, %v; want created at %v", p, err, store.KeptTime(at))
	}
}

// TestRefold: the names of a file kept before look-alike letters were
// told apart are told apart once it is opened; of two that fold alike,
// one keeps its old fold.
func TestRefold(t *testing.T) {
	name := filepath.Join(t.TempDir(), "termgames.db")
	old, err := open(name, len(migrations))
	if err != nil {
		t.Fatal(err)
	}
	// As the lower-casing of before kept them.
	for i, n := range []string{"ａｌｉｃｅ", "Вob", "bob"} {
		if _, err := old.w.Exec("INSERT INTO players (key, name, fold, created) VALUES (?, ?, ?, ?)",
			fmt.Sprintf("SHA256:%d", i), n, strings.ToLower(n), i); err != nil {
			t.Fatal(err)
		}
	}
	if taken, _ := old.NameTaken(ctx, "alice"); taken {
		t.Fatal("alice is taken before the fold")
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct {
		name, key string
	}{
		{"alice", "SHA256:0"},
		{"ALICE", "SHA256:0"},
		{"bob", "SHA256:2"}, // Вob's fold stays вob: bob has bob
	} {
		if p, err := s.PlayerNamed(ctx, c.name); err != nil || p.Key != c.key {
			t.Errorf("PlayerNamed(%q) = %+v, %v; want %s", c.name, p, err, c.key)
		}
	}
}

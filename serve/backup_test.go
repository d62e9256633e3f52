package serve

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"termgames/internal/cmdline"
	"termgames/internal/store/sqlite"
)

// `termgames serve backup` during a game: the copy passes `serve check`,
// holds every game finished before it, the game in play as far as it had
// gone, and nothing written after; the file in use is not changed.
func TestBackupDuringAGame(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "termgames.db")
	st := reopenStore(t, file)
	srv := startServer(t, config{NewMenu: gamesMenu, Store: st})
	aliceKey, bobKey := newSigner(t), newSigner(t)
	// sit has alice open a table and bob join it, each on a new connection.
	sit := func() (alice, bob *client) {
		alice = connect(t, srv.addr, "alice", withKey(aliceKey), 100, 30, narrow, "")
		bob = connect(t, srv.addr, "bob", withKey(bobKey), 100, 30, narrow, "")
		enterOnline(bob, "o", "2", openOmok(alice, "1"))
		alice.waitFor("Player 1P, 당신의 턴입니다.")
		return alice, bob
	}
	leave := func(cs ...*client) {
		for _, c := range cs {
			c.conn.Close()
		}
	}

	// Two finished games: five in a row, then a resignation.
	alice, bob := sit()
	alice.send("\r")
	placed(bob, 1)
	bob.send("k\r")
	placed(alice, 2)
	for i := range 3 {
		alice.send("l\r")
		placed(bob, 3+2*i)
		bob.send("l\r")
		placed(alice, 4+2*i)
	}
	alice.send("l\r")
	alice.waitFor("Player 1P(alice)의 승리로 게임을 종료합니다.")
	leave(alice, bob)
	alice, bob = sit()
	alice.send("\r")
	placed(bob, 1)
	bob.send("\x1b")
	bob.waitFor("나갈까요? (y/n)")
	bob.send("y")
	if !waitUntil(func() bool { return strings.Count(srv.logs.String(), "game ended") == 2 }) {
		t.Fatalf("the second game did not end:\n%s", srv.logs.String())
	}
	leave(alice, bob)

	// A third in play, three moves made.
	alice, bob = sit()
	alice.send("\r")
	placed(bob, 1)
	bob.send("k\r")
	placed(alice, 2)
	alice.send("l\r")
	placed(bob, 3)

	out := filepath.Join(dir, "backup.db")
	var said bytes.Buffer
	if err := Command([]string{"backup", "-db", file, out}, &said, &said, nil); err != nil {
		t.Fatalf("backup: %v\n%s", err, said.String())
	}
	t.Logf("backup said:\n%s", said.String())
	for _, want := range []string{"copied " + file + " into " + out, "3 games (1 in play, 2 ended) with 13 moves", "integrity ok"} {
		if !strings.Contains(said.String(), want) {
			t.Errorf("backup said %q, want %q in it", said.String(), want)
		}
	}
	// The game goes on after the copy: its next move is not in it.
	bob.send("l\r")
	placed(alice, 4)

	if fi, err := os.Stat(out); err != nil {
		t.Error(err)
	} else if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("the copy's mode %v, want 0600", fi.Mode())
	}
	said.Reset()
	if err := Command([]string{"check", "-db", out}, &said, &said, nil); err != nil {
		t.Fatalf("check: %v\n%s", err, said.String())
	}
	for _, want := range []string{"the newest this termgames knows", "2 players", "3 games (1 in play, 2 ended) with 13 moves", "integrity ok"} {
		if !strings.Contains(said.String(), want) {
			t.Errorf("check said %q, want %q in it", said.String(), want)
		}
	}

	copied := reopenStore(t, out)
	ctx := context.Background()
	for id := int64(1); id <= 3; id++ {
		live, err := st.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		kept, err := copied.Game(ctx, id)
		if err != nil {
			t.Fatalf("game %d in the copy: %v", id, err)
		}
		if id == 3 { // in play: the copy has it as it was
			if !kept.Ended.IsZero() || len(kept.Moves) != 3 || len(live.Moves) != 4 {
				t.Errorf("the game in play: %d moves in the copy, %d live", len(kept.Moves), len(live.Moves))
			}
			continue
		}
		if live.Ended.IsZero() || !reflect.DeepEqual(kept, live) {
			t.Errorf("game %d:\ncopy %+v\nlive %+v", id, kept, live)
		}
	}
}

// backup and check refuse what they cannot do in one line each: an
// existing OUT, a missing file, a PostgreSQL URL, no OUT; a damaged file
// fails check with what SQLite found.
func TestBackupCheckRefuse(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "termgames.db")
	st, err := sqlite.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Player(context.Background(), "SHA256:alice", "alice"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	exists := filepath.Join(dir, "exists.db")
	if err := os.WriteFile(exists, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"backup", "-db", file, exists}, false, exists + " exists: a backup never overwrites"},
		{[]string{"backup", "-db", filepath.Join(dir, "none.db"), filepath.Join(dir, "b.db")}, false, "none.db: no such file"},
		{[]string{"backup", "-db", "postgres://me@db/termgames", filepath.Join(dir, "b.db")}, true, "pg_dump"},
		{[]string{"backup", "-db", file}, true, "name the file to write the copy to"},
		{[]string{"check", "-db", filepath.Join(dir, "none.db")}, false, "none.db: no such file"},
		{[]string{"check", "-db", exists}, false, "not a termgames database"},
		{[]string{"check", "-db", "postgres://me@db/termgames"}, true, "pg_amcheck"},
		{[]string{"check", file}, true, "unexpected argument"},
	} {
		var said bytes.Buffer
		err := Command(c.args, &said, &said, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") ||
			errors.As(err, new(cmdline.UsageError)) != c.usage {
			t.Errorf("%v: %v, want %q on one line (usage error: %v)", c.args, err, c.want, c.usage)
		}
	}
	if b, err := os.ReadFile(exists); err != nil || string(b) != "mine" {
		t.Errorf("the existing file after a refused backup: %q %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file was made: %v", err)
	}

	// Damaged two ways, each a copy: the page of the players' table
	// overwritten, which integrity_check finds; the schema's first page,
	// after which SQLite reads nothing. check says so, status 1.
	for _, c := range []struct {
		table string
		want  string
	}{
		{"players", "page"},
		{"sqlite_schema", "cannot read it through"},
	} {
		damaged := filepath.Join(dir, "damaged-"+c.table+".db")
		var said bytes.Buffer
		if err := Command([]string{"backup", "-db", file, damaged}, &said, &said, nil); err != nil {
			t.Fatal(err)
		}
		damage(t, damaged, c.table)
		said.Reset()
		err = Command([]string{"check", "-db", damaged}, &said, &said, nil)
		if err == nil || !strings.Contains(err.Error(), "problems") || errors.As(err, new(cmdline.UsageError)) ||
			!strings.Contains(said.String(), "integrity: ") || !strings.Contains(said.String(), c.want) {
			t.Errorf("check of a file with %s damaged: %v\n%s", c.table, err, said.String())
		}
		t.Logf("check of a file with %s damaged said:\n%s", c.table, said.String())
	}
}

// damage overwrites the first page of table in the SQLite file at path
// (page 1 for sqlite_schema) with bytes that are no page.
func damage(t *testing.T, path, table string) {
	t.Helper()
	page := int64(1)
	if table != "sqlite_schema" {
		st, err := sqlite.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		err = db.QueryRow("SELECT rootpage FROM sqlite_schema WHERE name = ?", table).Scan(&page)
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Page 1 begins with the file's header, which says what a SQLite
	// file is: past it, the schema's own page.
	at, n := (page-1)*4096, 4096
	if page == 1 {
		at, n = 100, 4096-100
	}
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xa5}, n), at); err != nil {
		t.Fatal(err)
	}
}

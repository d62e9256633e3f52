package serve

import (
	"context"
	"flag"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/minesweeper"
)

// minesSeed places the mines of every test session's first game.
const minesSeed = 7

// minesMenu is minesweeper started as main's top menu starts a game, with
// the session's book (Books.For) in its Env; a guest's best times go to
// the file scores, the server's own.
func minesMenu(scores string) func(Player) console.Screen {
	return func(p Player) console.Screen {
		fs := flag.NewFlagSet("minesweeper", flag.ContinueOnError)
		start := minesweeper.Game().Flags(fs)
		if err := fs.Parse([]string{"-scores", scores}); err != nil {
			return console.Exit(err.Error())
		}
		env := cli.Env{Lang: p.Lang, ASCII: p.ASCII, Width: p.Width,
			Rand: rand.New(rand.NewPCG(minesSeed, minesSeed)), Book: p.Books.For("minesweeper")}
		s, err := start(env, nil)
		if err != nil {
			return console.Exit(err.Error())
		}
		return s
	}
}

// winKeys are the keys that win a session's first beginner game: Enter on
// the middle cell, where the cursor starts, then h j k l to each safe cell
// still covered and Enter, until the game is won. The mines are found the
// way the game lays them, from minesSeed.
func winKeys(t *testing.T) string {
	t.Helper()
	l := minesweeper.Levels()[0]
	r0, c0 := (l.Rows-1)/2, (l.Cols-1)/2
	field := func() *minesweeper.Field {
		f, err := minesweeper.NewField(l, rand.New(rand.NewPCG(minesSeed, minesSeed)))
		if err != nil {
			t.Fatal(err)
		}
		f.Open(r0, c0)
		return f
	}
	mine := func(r, c int) bool {
		f := field()
		f.Open(r, c)
		return f.Status() == minesweeper.Lost
	}
	f := field()
	keys := []string{"\r"}
	at := [2]int{r0, c0}
	for r := range l.Rows {
		for c := range l.Cols {
			if f.Status() != minesweeper.Playing || f.IsOpen(r, c) || mine(r, c) {
				continue
			}
			keys = append(keys, moves(at, [2]int{r, c}), "\r")
			f.Open(r, c)
			at = [2]int{r, c}
		}
	}
	if f.Status() != minesweeper.Won {
		t.Fatal("the keys do not win the game")
	}
	return strings.Join(keys, "")
}

// moves are the h j k l that take the cursor from one cell to another.
func moves(from, to [2]int) string {
	var b strings.Builder
	for r := from[0]; r != to[0]; {
		if r < to[0] {
			b.WriteByte('j')
			r++
		} else {
			b.WriteByte('k')
			r--
		}
	}
	for c := from[1]; c != to[1]; {
		if c < to[1] {
			b.WriteByte('l')
			c++
		} else {
			b.WriteByte('h')
			c--
		}
	}
	return b.String()
}

// winMines has c win a beginner game from minesweeper's menu and open the
// records screen, and returns it once it shows what wait says.
func winMines(c *client, keys string, wait func(screen string) bool) string {
	c.t.Helper()
	c.waitFor("원하는 메뉴를 입력하세요")
	c.send("1\r")
	c.waitFor("남은 지뢰")
	c.send(keys)
	c.waitFor("최고 기록 1위") // the game is kept
	c.send("q")
	c.waitFor("5. 최고 기록")
	c.send("5\r")
	return c.waitUntil("the records screen", wait)
}

// TestMinesRecordsOfKeys: two players with keys win a game each: their
// wins land in the store under their own names, each sees their own
// statistics and both names on the leaderboard; a guest's win goes to the
// server's file, as locally, and not to the store. The games outlive the
// server: a new one on the same store gives a player their figures back.
func TestMinesRecordsOfKeys(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "termgames.db")
	st := reopenStore(t, db)
	srv := startServer(t, config{Store: st, NewMenu: minesMenu(filepath.Join(dir, "scores.json"))})
	keys := winKeys(t)
	aliceKey, bobKey := newSigner(t), newSigner(t)

	alice := connect(t, srv.addr, "alice", withKey(aliceKey), 100, 30, narrow, "")
	screen := winMines(alice, keys, func(s string) bool { return strings.Contains(s, "1. alice") })
	mustShow(t, screen, "내 기록", "서버 순위", "게임 수          1", "승리             1 (100.0%)")
	alice.send("\x03")
	alice.end()

	bob := connect(t, srv.addr, "bob", withKey(bobKey), 100, 30, narrow, "")
	screen = winMines(bob, keys, func(s string) bool { return strings.Contains(s, "2. ") && strings.Contains(s, "서버 순위") })
	mustShow(t, screen, "alice", "bob", "게임 수          1")
	bob.send("\x03")
	bob.end()

	guest := connect(t, srv.addr, "carol", noKey(), 100, 30, narrow, "")
	screen = winMines(guest, keys, func(s string) bool { return strings.Contains(s, "게임 수          1") })
	if strings.Contains(screen, "서버 순위") || strings.Contains(screen, "carol") {
		t.Errorf("a guest's records screen shows the server's leaderboard:\n%s", screen)
	}
	guest.send("\x03")
	guest.end()

	ctx := context.Background()
	leaders, err := st.MinesLeaders(ctx, "beginner", 10)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range leaders {
		names = append(names, l.Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"alice", "bob"}) {
		t.Errorf("the leaderboard has %v, want alice and bob alone", names)
	}
	for _, k := range []string{fingerprint(aliceKey), fingerprint(bobKey)} {
		if games, err := st.MinesGames(ctx, k); err != nil || len(games) != 1 || !games[0].Won || games[0].Level != "beginner" {
			t.Errorf("the store keeps %+v (%v) for a key that won one game", games, err)
		}
	}

	// Another server on the same file: alice's figures are back.
	st.Close()
	again := startServer(t, config{Store: reopenStore(t, db), NewMenu: minesMenu(filepath.Join(dir, "scores.json"))})
	alice = connect(t, again.addr, "alice", withKey(aliceKey), 100, 30, narrow, "")
	alice.waitFor("원하는 메뉴를 입력하세요")
	alice.send("5\r")
	screen = alice.waitUntil("alice's records", func(s string) bool {
		return strings.Contains(s, "1. ") && strings.Contains(s, "2. ") && strings.Contains(s, "서버 순위")
	})
	mustShow(t, screen, "alice", "bob", "게임 수          1")
}

// mustShow fails t for each of want that screen does not show.
func mustShow(t *testing.T, screen string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(screen, w) {
			t.Errorf("the screen lacks %q:\n%s", w, screen)
		}
	}
}

// fingerprint is who a key's player is to the server.
func fingerprint(s gossh.Signer) string { return gossh.FingerprintSHA256(s.PublicKey()) }

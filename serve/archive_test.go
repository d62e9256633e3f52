package serve

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"termgames/internal/store"
	"termgames/omok"
)

// A name belongs to the key that first used it: another key asking for
// it is marked ~2 for good, a guest ~g; the first key keeps its name
// whatever user name it comes with later; a free name is a guest's as
// typed; nobody can type the mark in.
func TestNamesCannotBeTakenOver(t *testing.T) {
	srv := startServer(t, config{Store: tempStore(t)})
	alice, other := newSigner(t), newSigner(t)
	for _, c := range []struct {
		user string
		auth []gossh.AuthMethod
		want string
	}{
		{"alice", withKey(alice), "name alice\n"},
		{"alice", withKey(other), "name alice~2\n"},
		{"alice", noKey(), "name alice~g\n"},
		{"ALICE", noKey(), "name ALICE~g\n"},
		{"mallory", withKey(alice), "name alice\n"},
		{"alice~2", noKey(), "name alice2\n"},
		{"carol", noKey(), "name carol\n"},
		{"alice", withKey(other), "name alice~2\n"},
		{"abcdefghijklmnop", noKey(), "name abcdefghijkl\n"},
	} {
		c := c
		cl := connect(t, srv.addr, c.user, c.auth, 80, 24, narrow, "")
		cl.waitFor(c.want)
		cl.send("q")
		cl.end()
	}
}

// keep puts a finished omok game between a and b in st, 1P (a) winning
// with five, and returns its number.
func keep(t *testing.T, st store.Store, a, b store.Seat) int64 {
	t.Helper()
	ctx := context.Background()
	rec := &omok.Record{Size: 15, Rule: omok.Freestyle, Names: [2]string{a.Name, b.Name}}
	for i := range 9 {
		p := omok.Point{Row: 7 + i%2, Col: 5 + i/2}
		rec.Moves = append(rec.Moves, omok.Move{Point: p, Time: time.Duration(i+1) * time.Second})
	}
	id, err := st.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "ABCD", Seats: [2]store.Seat{a, b}, Started: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rec.Moves {
		if err := st.AddMove(ctx, id, store.Move{Seat: i % 2, Text: rec.PointName(m.Point), Time: m.Time, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Finish(ctx, id, store.Result{Ended: time.Now(), Winner: 0, How: "five", Record: rec.PSQ()}); err != nil {
		t.Fatal(err)
	}
	return id
}

// settle plays rated omok games between two new players with keys, the
// first winning two of three, until both ratings are settled (not
// provisional).
func settle(t *testing.T, st store.Store, a, b string) {
	t.Helper()
	ctx := context.Background()
	var seats [2]store.Seat
	for i, name := range []string{a, b} {
		p, err := st.Player(ctx, "SHA256:"+name, name)
		if err != nil {
			t.Fatal(err)
		}
		seats[i] = store.Seat{Key: p.Key, Name: p.Name}
	}
	for n := 0; n < 200; n++ {
		id, err := st.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "SETL", Seats: seats, Started: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		g, err := st.Finish(ctx, id, store.Result{Ended: time.Now(), Winner: n % 3 / 2, How: "five"})
		if err != nil {
			t.Fatal(err)
		}
		if !g.After[0].Provisional() && !g.After[1].Provisional() {
			return
		}
	}
	t.Fatal("the ratings never settled")
}

// The online menu's archive: the player's games (replayed on omok's
// replay screen), their profile with the new rating, the leaderboard;
// a guest is told that nothing of theirs is kept.
func TestArchiveScreens(t *testing.T) {
	st := tempStore(t)
	srv := startServer(t, config{Store: st, NewMenu: gamesMenu})
	aliceKey, bobKey := newSigner(t), newSigner(t)
	ctx := context.Background()
	a, err := st.Player(ctx, gossh.FingerprintSHA256(aliceKey.PublicKey()), "alice")
	if err != nil {
		t.Fatal(err)
	}
	b, err := st.Player(ctx, gossh.FingerprintSHA256(bobKey.PublicKey()), "bob")
	if err != nil {
		t.Fatal(err)
	}
	id := keep(t, st, store.Seat{Key: a.Key, Name: a.Name}, store.Seat{Key: b.Key, Name: b.Name})
	settle(t, st, "carol", "dave")

	alice := connect(t, srv.addr, "alice", withKey(aliceKey), 100, 30, narrow, "")
	alice.waitFor("choose:")
	alice.send("o")
	alice.waitFor("7. 온라인 대전")
	alice.send("7\r")
	alice.waitFor("10. 돌아가기")
	alice.send("5\r")
	alice.waitFor("[내 대국 기록] alice")
	alice.waitFor("오목 자유룰")
	alice.waitFor("vs bob")
	alice.waitFor("승 (5목)  1500? → ")
	alice.send("\r")
	alice.waitFor("#1 alice vs bob")
	alice.waitFor("1P alice 대 2P bob")
	alice.waitFor("○ ○ ○ ○ ○")
	alice.send("\x1b")
	alice.waitFor("[내 대국 기록] alice")
	alice.send("\x1b")
	alice.waitFor("10. 돌아가기")
	alice.send("6\r")
	alice.waitFor("[내 프로필] alice")
	alice.waitFor("1전 1승 0패 0무")
	alice.send("x")
	alice.waitFor("10. 돌아가기")
	alice.send("7\r")
	alice.waitFor("[순위표] 오목 자유룰")
	alice.waitUntil("carol and dave, settled, without alice and bob", func(s string) bool {
		i, j := strings.Index(s, "  1. carol"), strings.Index(s, "  2. dave")
		return i >= 0 && j > i && !strings.Contains(s, "alice ") && !strings.Contains(s, "bob ")
	})
	alice.waitFor("아직 확정되지 않은 레이팅(?)은 순위표에 넣지 않습니다.")
	alice.send("3")
	alice.waitFor("[순위표] 오목 렌주룰")
	alice.waitFor("아직 레이팅 대국이 없습니다.")
	alice.send("x")
	alice.waitFor("10. 돌아가기")

	guest := connect(t, srv.addr, "dave", noKey(), 100, 30, narrow, "")
	guest.waitFor("choose:")
	guest.send("b")
	guest.waitFor("6. Versus online")
	guest.send("6\r")
	guest.waitFor("10. Back")
	guest.send("6\r")
	guest.waitFor("Guests (no key) keep nothing.")
	_ = id
}

// runCommand runs cmd on the server without a terminal and returns what it
// printed and its exit status.
func runCommand(t *testing.T, addr, user string, auth []gossh.AuthMethod, cmd string) (string, string, int) {
	t.Helper()
	conn, err := dial(t, addr, user, auth)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errOut
	err = sess.Run(cmd)
	status := 0
	if ee, ok := err.(*gossh.ExitError); ok {
		status = ee.ExitStatus()
	} else if err != nil && err != io.EOF {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), status
}

// `records` lists the player's games and `record ID` prints one as a
// Piskvork .psq that omok reads back; guests, unknown and bad numbers
// are each told in a line.
func TestArchiveCommands(t *testing.T) {
	st := tempStore(t)
	srv := startServer(t, config{Store: st})
	aliceKey := newSigner(t)
	a, err := st.Player(context.Background(), gossh.FingerprintSHA256(aliceKey.PublicKey()), "alice")
	if err != nil {
		t.Fatal(err)
	}
	id := keep(t, st, store.Seat{Key: a.Key, Name: a.Name}, store.Seat{Name: "guest"})

	out, _, status := runCommand(t, srv.addr, "alice", withKey(aliceKey), "records")
	if status != 0 || !strings.HasPrefix(out, "1\t") || !strings.Contains(out, "omok freestyle\talice vs guest\talice won (five)\tcasual") {
		t.Errorf("records: status %d\n%s", status, out)
	}
	out, _, status = runCommand(t, srv.addr, "anyone", noKey(), "record 1")
	r, err := omok.ParseRecord([]byte(out), 0, omok.Freestyle)
	if status != 0 || err != nil || len(r.Moves) != 9 || r.Names != [2]string{"alice", "guest"} {
		t.Errorf("record %d: status %d, %v\n%s", id, status, err, out)
	}
	for _, c := range []struct {
		cmd    string
		auth   []gossh.AuthMethod
		status int
		says   string
	}{
		{"records", noKey(), 1, "guests (no key) keep no records"},
		{"record 99", noKey(), 1, "no game has the number 99"},
		{"record x", noKey(), 2, `record "x": want a game's number`},
	} {
		_, errOut, status := runCommand(t, srv.addr, "bob", c.auth, c.cmd)
		if status != c.status || !strings.Contains(errOut, c.says) {
			t.Errorf("%s: status %d, %q; want %d, %q", c.cmd, status, errOut, c.status, c.says)
		}
	}
	_, errOut, status := runCommand(t, startServer(t, config{}).addr, "alice", withKey(aliceKey), "records")
	if status != 1 || !strings.Contains(errOut, "this server keeps no records") {
		t.Errorf("records without a store: %d %q", status, errOut)
	}
}

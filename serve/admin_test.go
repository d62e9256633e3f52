package serve

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"termgames/internal/store"
	"termgames/serve/room"
)

// adminRun runs `admin ARGS` as the key's player, with stdin, and returns
// what it printed, its errors and its status.
func adminRun(t *testing.T, addr string, key gossh.Signer, stdin, args string) (string, string, int) {
	t.Helper()
	conn, err := dial(t, addr, "mod", withKey(key))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	sess.Stdout, sess.Stderr, sess.Stdin = &out, &errOut, strings.NewReader(stdin)
	err = sess.Run("admin " + args)
	status := 0
	if ee, ok := err.(*gossh.ExitError); ok {
		status = ee.ExitStatus()
	} else if err != nil && err != io.EOF {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), status
}

// An admin bans a player in the middle of a game: the game ends by
// forfeit, the player's session ends saying why, and their login is
// refused with the reason and the end of the ban; the ban holds after the
// server restarts on the same file, and unban lets the player in again.
// Anyone else running admin is told "not an admin".
func TestAdminBanMidGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "termgames.db")
	st := reopenStore(t, path)
	mod, aliceKey, bobKey := newSigner(t), newSigner(t), newSigner(t)
	cfg := config{NewMenu: gamesMenu, Store: st, Admins: map[string]bool{fingerprint(mod): true}}
	srv := startServer(t, cfg)

	alice := connect(t, srv.addr, "alice", withKey(aliceKey), 100, 30, narrow, "")
	bob := connect(t, srv.addr, "bob", withKey(bobKey), 100, 30, narrow, "")
	code := openOmok(alice, "1")
	enterOnline(bob, "o", "2", code)
	alice.waitFor("Player 1P, 당신의 턴입니다.")
	alice.send("\r")
	placed(bob, 1)

	out, errOut, status := adminRun(t, srv.addr, bobKey, "", "ban alice")
	if status != 1 || !strings.Contains(errOut, "not an admin") || out != "" {
		t.Errorf("a player's admin ban: status %d, %q %q", status, out, errOut)
	}
	if _, errOut, status := runCommand(t, srv.addr, "guest", noKey(), "admin bans"); status != 1 || !strings.Contains(errOut, "termgames: not an admin") {
		t.Errorf("a guest's admin bans: status %d, %q", status, errOut)
	}

	out, errOut, status = adminRun(t, srv.addr, mod, "", "ban bob 24h spamming the chat")
	if status != 0 || !strings.Contains(out, "banned bob until ") || !strings.Contains(out, "(24h0m0s from now): spamming the chat; 1 session ended, 1 game lost by forfeit") {
		t.Fatalf("ban: status %d, %q %q", status, out, errOut)
	}
	alice.waitFor("alice 님의 기권승입니다.")
	bob.waitOut("termgames: you are banned from this server until ")
	bob.waitOut("spamming the chat")
	if s := bob.end(); s != 1 {
		t.Errorf("the banned session ended with status %d", s)
	}
	if g := lastKept(t, st, fingerprint(aliceKey)); g.How != store.Forfeit || g.Winner != 0 {
		t.Errorf("the game kept: %s, winner %d", g.How, g.Winner)
	}
	refused := func(srv *testServer) {
		t.Helper()
		again := connect(t, srv.addr, "bob", withKey(bobKey), 100, 30, narrow, "")
		again.waitOut("termgames: you are banned from this server until ")
		again.waitOut("(24h0m0s from now): spamming the chat")
		if s := again.end(); s != 1 {
			t.Errorf("the refused login's status: %d", s)
		}
	}
	refused(srv)

	// The server restarts on the same file.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
	alice.end()
	st.Close()
	cfg.Store = reopenStore(t, path)
	srv = startServer(t, cfg)
	refused(srv)
	out, _, status = adminRun(t, srv.addr, mod, "", "bans")
	if status != 0 || !strings.Contains(out, "1 ban in force") || !strings.Contains(out, "bob\t"+fingerprint(bobKey)+"\tby mod on ") ||
		!strings.Contains(out, "spamming the chat") {
		t.Errorf("bans: status %d, %q", status, out)
	}
	if out, errOut, status := adminRun(t, srv.addr, mod, "", "unban BOB"); status != 0 || out != "lifted the ban of BOB\n" {
		t.Errorf("unban: status %d, %q %q", status, out, errOut)
	}
	if _, errOut, status := adminRun(t, srv.addr, mod, "", "unban bob"); status != 1 || !strings.Contains(errOut, "bob has no ban in force") {
		t.Errorf("unban twice: status %d, %q", status, errOut)
	}
	back := connect(t, srv.addr, "bob", withKey(bobKey), 100, 30, narrow, "")
	back.waitFor("choose:")
	out, _, _ = adminRun(t, srv.addr, mod, "", "log")
	for _, want := range []string{"mod\tban bob 24h spamming the chat\tbanned bob until", "mod\tbans\t1 ban in force",
		"mod\tunban BOB\tlifted the ban of BOB", "mod\tunban bob\tbob has no ban in force"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log has no %q:\n%s", want, out)
		}
	}
}

// admin move gives a player who lost their key their name, rating and
// games on a new key: the new key logs in as them, and its profile has
// their games.
func TestAdminMove(t *testing.T) {
	st := tempStore(t)
	mod, oldKey, bobKey, newKey := newSigner(t), newSigner(t), newSigner(t), newSigner(t)
	srv := startServer(t, config{NewMenu: gamesMenu, Store: st, Admins: map[string]bool{fingerprint(mod): true}})
	ctx := context.Background()
	a, _ := st.Player(ctx, fingerprint(oldKey), "alice")
	b, _ := st.Player(ctx, fingerprint(bobKey), "bob")
	keep(t, st, store.Seat{Key: a.Key, Name: a.Name}, store.Seat{Key: b.Key, Name: b.Name})
	before, _ := st.RatingsOf(ctx, a.Key)

	pub := string(gossh.MarshalAuthorizedKey(newKey.PublicKey()))
	for _, c := range []struct{ stdin, args, err string }{
		{"", "move alice", "no public key on standard input"},
		{"ssh-ed25519 AAAAnotakey\n", "move alice", "move: not a public key"},
		{pub, "move nobody", `no player with a key is named "nobody"`},
		{string(gossh.MarshalAuthorizedKey(bobKey.PublicKey())), "move alice", "is another player's, who has games of their own"},
	} {
		if _, errOut, status := adminRun(t, srv.addr, mod, c.stdin, c.args); status != 1 || !strings.Contains(errOut, c.err) {
			t.Errorf("%s with %q: status %d, %q", c.args, c.stdin, status, errOut)
		}
	}
	out, errOut, status := adminRun(t, srv.addr, mod, "# alice's new laptop\n"+pub, "move ALICE")
	if status != 0 || !strings.Contains(out, "moved alice, their ratings and games, from the key "+a.Key+" to "+fingerprint(newKey)) {
		t.Fatalf("move: status %d, %q %q", status, out, errOut)
	}
	if after, _ := st.RatingsOf(ctx, fingerprint(newKey)); len(after) != 1 || after[0] != before[0] {
		t.Errorf("the ratings after the move: %+v, want %+v", after, before)
	}
	alice := connect(t, srv.addr, "someone", withKey(newKey), 100, 30, narrow, "")
	alice.waitFor("choose:")
	alice.send("o")
	alice.waitFor("7. 온라인 대전")
	alice.send("7\r")
	alice.waitFor("10. 돌아가기")
	alice.send("6\r")
	alice.waitFor("[내 프로필] alice")
	alice.waitFor("1전 1승 0패 0무")
	alice.waitFor(before[0].Rating.String())
}

// The other commands, and each bad input said in a line with its status:
// 2 for a command not understood, 1 for one that cannot be done.
func TestAdminCommands(t *testing.T) {
	st := tempStore(t)
	mod, aliceKey, bobKey := newSigner(t), newSigner(t), newSigner(t)
	srv := startServer(t, config{Store: st, Admins: map[string]bool{fingerprint(mod): true}})
	alice := connect(t, srv.addr, "alice", withKey(aliceKey), 80, 24, narrow, "")
	alice.waitFor("name alice")
	if _, err := st.Player(context.Background(), fingerprint(bobKey), "bob"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   string
		status int
		want   string
	}{
		{"", 2, "admin: which command?"},
		{"reboot", 2, `admin: unknown command "reboot"`},
		{"ban", 2, "admin ban: wrong number of words"},
		{"ban alice 3days", 2, `"3days" is not a duration: write one as 30m, 24h or 168h`},
		{"mute alice 0s", 2, `"0s" is not a duration`},
		{"mute alice", 2, "admin mute: wrong number of words"},
		{"kick nobody", 1, `no player is named "nobody": not a player with a key, nor a guest connected now, nor an address`},
		{"kick bob", 1, "bob has no session now"},
		{"kick mod", 1, "mod is an admin"},
		{"rename alice bob", 1, `"bob" is another player's name, or looks like one`},
		{"rename alice ｂｏｂ", 1, `"ｂｏｂ" is another player's name, or looks like one`},
		{"rename alice ВОВ", 1, `"\u0412\u041e\u0412" cannot be a name`},
		{"rename alice al~ice", 1, `"al~ice" cannot be a name`},
		{"rename alice abcdefghijklmnop", 1, `"abcdefghijklmnop" cannot be a name: at most 12 columns`},
		{"chat ZZZZ", 1, `no game has the number "ZZZZ", and no table the code`},
		{"chat 99", 1, "no game has the number 99"},
		{"unmute alice", 1, "alice has no mute in force"},
	} {
		out, errOut, status := adminRun(t, srv.addr, mod, "", c.args)
		if status != c.status || !strings.Contains(errOut, "termgames: "+c.want) || out != "" {
			t.Errorf("admin %s: status %d, %q %q; want %d, %q", c.args, status, out, errOut, c.status, c.want)
		}
		if c.status == 2 && !strings.Contains(errOut, "usage: ssh HOST admin COMMAND") {
			t.Errorf("admin %s: no usage: %q", c.args, errOut)
		}
	}

	// A mute holds in memory for the chat, and in the store.
	out, _, status := adminRun(t, srv.addr, mod, "", "mute alice 30m")
	if status != 0 || !strings.Contains(out, "muted alice until ") || !strings.Contains(out, "(30m0s from now)") {
		t.Errorf("mute: %d %q", status, out)
	}
	if until := srv.mutes.untilFor(room.Speaker{Key: fingerprint(aliceKey)}); time.Until(until) < 29*time.Minute {
		t.Errorf("alice's mute ends at %v", until)
	}
	if _, err := st.Sanctioned(context.Background(), store.Mute, fingerprint(aliceKey), time.Now()); err != nil {
		t.Errorf("the mute kept: %v", err)
	}
	if out, _, status := adminRun(t, srv.addr, mod, "", "unmute alice"); status != 0 || !strings.Contains(out, "lifted the mute of alice") {
		t.Errorf("unmute: %d %q", status, out)
	}
	if until := srv.mutes.untilFor(room.Speaker{Key: fingerprint(aliceKey)}); !until.IsZero() {
		t.Errorf("alice is muted after the unmute, until %v", until)
	}

	// A rename: the next login has the new name.
	if out, _, status := adminRun(t, srv.addr, mod, "", "rename alice Alicia"); status != 0 || !strings.Contains(out, "renamed alice to Alicia") {
		t.Errorf("rename: %d %q", status, out)
	}
	// A kick ends the sessions now.
	if out, _, status := adminRun(t, srv.addr, mod, "", "kick alicia"); status != 0 || out != "kicked Alicia: 1 session ended\n" {
		t.Errorf("kick: %d %q", status, out)
	}
	alice.waitOut("termgames: an admin ended your session.")
	alice.end()
	again := connect(t, srv.addr, "alice", withKey(aliceKey), 80, 24, narrow, "")
	again.waitFor("name Alicia")

	// A ban for good, with no duration: a word that is not one starts
	// the reason.
	out, _, status = adminRun(t, srv.addr, mod, "", "ban alicia being rude")
	if status != 0 || !strings.Contains(out, "banned Alicia for good: being rude; 1 session ended, 0 games lost by forfeit") {
		t.Errorf("a ban for good: %d %q", status, out)
	}
	again.waitOut("termgames: you are banned from this server for good: being rude")
	if out, _, _ := adminRun(t, srv.addr, mod, "", "bans"); !strings.Contains(out, "Alicia\t"+fingerprint(aliceKey)) || !strings.Contains(out, "for good\tbeing rude") {
		t.Errorf("bans: %q", out)
	}
	if out, _, _ := adminRun(t, srv.addr, mod, "", "log"); !strings.Contains(out, "mod\treboot\tadmin: unknown command") {
		t.Errorf("the log keeps the refused commands too: %q", out)
	}

	// A guest is kicked by their name: another guest from the same
	// address stays.
	gus := connect(t, srv.addr, "gus", noKey(), 80, 24, narrow, "")
	gus.waitFor("name gus")
	other := connect(t, srv.addr, "other", noKey(), 80, 24, narrow, "")
	other.waitFor("name other")
	if out, _, status := adminRun(t, srv.addr, mod, "", "kick GUS"); status != 0 || out != "kicked gus (127.0.0.1): 1 session ended\n" {
		t.Errorf("kick a guest: %d %q", status, out)
	}
	gus.waitOut("termgames: an admin ended your session.")
	other.send("x")
	other.waitFor("last Rune x")
}

// admin chat prints a table's chat, by its code while it is open and by
// the game's number.
func TestAdminChat(t *testing.T) {
	st := tempStore(t)
	mod := newSigner(t)
	srv := startServer(t, config{Store: st, Admins: map[string]bool{fingerprint(mod): true}})
	for _, name := range []string{"alice", "bob"} {
		if _, err := st.Player(context.Background(), "SHA256:"+name, name); err != nil {
			t.Fatal(err)
		}
	}
	tb := srv.lobby.Open(room.Setup{Game: room.Baseball}, keyed("alice"))
	if out, errOut, status := adminRun(t, srv.addr, mod, "", "chat "+strings.ToLower(tb.Code)); status != 1 || !strings.Contains(errOut, "has no game kept yet") {
		t.Errorf("chat of a table waiting: %d %q %q", status, out, errOut)
	}
	if _, _, err := srv.lobby.Join(tb.Code, room.Baseball, keyed("bob")); err != nil {
		t.Fatal(err)
	}
	if err := tb.Say(room.Speaker{Name: "alice", Key: "SHA256:alice", Seat: 0}, "hello bob"); err != nil {
		t.Fatal(err)
	}
	if err := tb.Say(room.Speaker{Name: "carol~g", Seat: -1}, "go bob"); err != nil && err != room.ErrGuestChat {
		t.Fatal(err)
	}
	if err := tb.Say(room.Speaker{Name: "carol", Key: "SHA256:carol", Seat: -1}, "go bob"); err != nil {
		t.Fatal(err)
	}
	out, _, status := adminRun(t, srv.addr, mod, "", "chat "+tb.Code)
	if status != 0 || !strings.Contains(out, "alice: hello bob") || !strings.Contains(out, "[watching] carol: go bob") {
		t.Errorf("chat by code: %d %q", status, out)
	}
	id := tb.GameID()
	if again, _, _ := adminRun(t, srv.addr, mod, "", "chat #"+strconv.FormatInt(id, 10)); again != out {
		t.Errorf("chat by number:\n%q\nby code:\n%q", again, out)
	}
}

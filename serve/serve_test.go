package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"termgames/internal/cmdline"
	"termgames/serve/room"
)

// A player with a key gets the menu in a terminal of their size, under
// their name and key (the key that authenticated); resizes reach it; the
// menu's last words end the session with status 0.
func TestSessionRunsTheMenu(t *testing.T) {
	srv := startServer(t, config{})
	key := newSigner(t)
	c := connect(t, srv.addr, "alice", withKey(key), 80, 24, narrow, "")
	c.waitFor("name alice")
	c.waitFor("size 80x24")
	c.waitFor("key " + gossh.FingerprintSHA256(key.PublicKey()))
	if err := c.sess.WindowChange(30, 100); err != nil {
		t.Fatal(err)
	}
	c.waitFor("size 100x30")
	c.send("\x1b[A")
	c.waitFor("last Up")
	c.send("q")
	if got := c.end(); got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
	if c.screen.Mode(1049) || !c.screen.Mode(25) {
		t.Error("the terminal was not put back: still on the alternate screen, or the cursor hidden")
	}
	if !strings.Contains(c.screen.Text(), "bye from probe") {
		t.Errorf("no last words on the main screen:\n%s", c.screen.Text())
	}
}

// The width of □ is each terminal's own: two players at once, one whose
// terminal draws it wide and one narrow, each get theirs, whatever the
// server's environment says.
func TestWidthPerConnection(t *testing.T) {
	t.Setenv("RUNEWIDTH_EASTASIAN", "1")
	t.Setenv("LANG", "ko_KR.UTF-8")
	srv := startServer(t, config{})
	a := connect(t, srv.addr, "wide", noKey(), 80, 24, wide, "")
	b := connect(t, srv.addr, "narrow", noKey(), 80, 24, narrow, "")
	a.waitFor("□ is 2 wide")
	b.waitFor("□ is 1 wide")
}

// A player without a key gets in with no question and no key; with an
// allow-list, only its keys do.
func TestAuth(t *testing.T) {
	srv := startServer(t, config{})
	c := connect(t, srv.addr, "guest", noKey(), 80, 24, narrow, "")
	screen := c.waitFor("name guest")
	if !strings.Contains(screen, "key \n") && !strings.HasSuffix(screen, "key") {
		t.Errorf("a player without a key has a key:\n%s", screen)
	}

	allowed, other := newSigner(t), newSigner(t)
	srv = startServer(t, config{Allow: map[string]bool{gossh.FingerprintSHA256(allowed.PublicKey()): true}})
	connect(t, srv.addr, "friend", withKey(allowed), 80, 24, narrow, "").waitFor("name friend")
	if _, err := dial(t, srv.addr, "stranger", withKey(other)); err == nil {
		t.Error("a key not on the allow-list got in")
	}
	if _, err := dial(t, srv.addr, "guest", noKey()); err == nil {
		t.Error("a player without a key got past the allow-list")
	}
}

// A connection that does not finish its handshake in time is closed.
func TestLimitHandshakeTime(t *testing.T) {
	srv := startServer(t, config{HandshakeTimeout: 200 * time.Millisecond})
	conn, err := net.Dial("tcp", srv.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	began := time.Now()
	_, err = io.ReadAll(conn) // the server's version line, then its close
	if err != nil {
		t.Fatalf("the server kept a silent connection open: %v after %v", err, time.Since(began))
	}
	waitLog(t, srv, "handshake")
}

// waitLog waits until the server's log holds text.
func waitLog(t *testing.T, srv *testServer, text string) {
	t.Helper()
	if !waitUntil(func() bool { return strings.Contains(srv.logs.String(), text) }) {
		t.Fatalf("no %q in the log:\n%s", text, srv.logs.String())
	}
}

// waitUntil reports whether done comes to hold within wait, asking it
// every 5 ms.
func waitUntil(done func() bool) bool {
	deadline := time.Now().Add(wait)
	for !done() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// Sessions in all, and from one address, are bounded; one over the bound
// is told so in one line.
func TestLimitSessions(t *testing.T) {
	srv := startServer(t, config{MaxSessions: 2, MaxPerAddress: 10})
	for i := range 2 {
		connect(t, srv.addr, fmt.Sprint("p", i), noKey(), 80, 24, narrow, "").waitFor("name p")
	}
	c := connect(t, srv.addr, "third", noKey(), 80, 24, narrow, "")
	c.waitOut("the server is full (2 players)")
	if got := c.end(); got != 1 {
		t.Errorf("exit status %d, want 1", got)
	}

	srv = startServer(t, config{MaxPerAddress: 1})
	connect(t, srv.addr, "first", noKey(), 80, 24, narrow, "").waitFor("name first")
	c = connect(t, srv.addr, "second", noKey(), 80, 24, narrow, "")
	c.waitOut("too many sessions from your address (1)")
	if got := c.end(); got != 1 {
		t.Errorf("exit status %d, want 1", got)
	}
	waitLog(t, srv, "too many sessions")
}

// A session that sends more than its rate is closed, with a line.
func TestLimitInputRate(t *testing.T) {
	srv := startServer(t, config{InputRate: 1000, InputBurst: 2000})
	c := connect(t, srv.addr, "flood", noKey(), 80, 24, narrow, "")
	c.waitFor("name flood")
	c.send(strings.Repeat("a", 1500)) // within the burst
	c.waitFor("last Rune a")
	go io.WriteString(c.stdin, strings.Repeat("a", 20000))
	c.waitOut("too much input (over 1000 bytes a second)")
	if got := c.end(); got != 1 {
		t.Errorf("exit status %d, want 1", got)
	}

	// A window-change is a whole redraw: a flood of them spends the
	// budget too.
	c = connect(t, srv.addr, "resizer", noKey(), 80, 24, narrow, "")
	c.waitFor("name resizer")
	for i := range 40 {
		if err := c.sess.WindowChange(24, 60+i); err != nil {
			break // the server closed the session
		}
	}
	c.waitOut("too much input")
	c.end()
}

// The terminal's size is clamped, from the pty-req and from every
// window-change, before anything is sized from it; a size of 0 is 80 x 24.
func TestLimitTerminalSize(t *testing.T) {
	srv := startServer(t, config{MaxSize: consoleSize(120, 50)})
	c := connect(t, srv.addr, "big", noKey(), 300, 100, narrow, "")
	c.waitFor("size 120x50")
	if err := c.sess.WindowChange(1<<20, 1<<30); err != nil {
		t.Fatal(err)
	}
	c.send("x")
	c.waitFor("last Rune x")
	c.waitFor("size 120x50")
	if err := c.sess.WindowChange(40, 100); err != nil {
		t.Fatal(err)
	}
	c.waitFor("size 100x40")
	zero := connect(t, srv.addr, "zero", noKey(), 80, 24, narrow, "")
	zero.waitFor("name zero")
	if err := zero.sess.WindowChange(0, 0); err != nil {
		t.Fatal(err)
	}
	zero.send("y")
	zero.waitFor("last Rune y")
	zero.waitFor("size 80x24")
}

// No terminal, a command, a subsystem: each refused in one line.
func TestLimitNoTerminalExecSubsystem(t *testing.T) {
	srv := startServer(t, config{})
	c := connect(t, srv.addr, "pipe", noKey(), 0, 0, narrow, "")
	c.waitOut("no terminal: the games need one; connect with ssh -t")
	if got := c.end(); got != 2 {
		t.Errorf("no terminal: exit status %d, want 2", got)
	}
	c = connect(t, srv.addr, "exec", noKey(), 80, 24, narrow, "cat /etc/passwd")
	c.waitOut(`unknown command "cat /etc/passwd"`)
	if got := c.end(); got != 2 {
		t.Errorf("exec: exit status %d, want 2", got)
	}

	conn, err := dial(t, srv.addr, "sftp", noKey())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := sess.StderrPipe() // RequestSubsystem copies no output of its own
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestSubsystem("sftp"); err != nil {
		t.Fatal(err)
	}
	if out, _ := io.ReadAll(stderr); !strings.Contains(string(out), "no subsystems here") {
		t.Errorf("subsystem: %q", out)
	}
}

// Port forwarding, local and remote, is refused.
func TestLimitPortForwarding(t *testing.T) {
	srv := startServer(t, config{})
	conn, err := dial(t, srv.addr, "tunnel", noKey())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Dial("tcp", srv.addr); err == nil || !strings.Contains(err.Error(), "no port forwarding") {
		t.Errorf("ssh -L: %v, want a refusal saying no port forwarding", err)
	}
	if ln, err := conn.Listen("tcp", "127.0.0.1:0"); err == nil {
		ln.Close()
		t.Error("ssh -R: a forwarded port was opened")
	}
}

// A panic in one player's screen ends that player's connection, with a
// line and a log entry; the server and the other players go on.
func TestPanicEndsOneSession(t *testing.T) {
	srv := startServer(t, config{})
	other := connect(t, srv.addr, "other", noKey(), 80, 24, narrow, "")
	other.waitFor("name other")
	c := connect(t, srv.addr, "crash", noKey(), 80, 24, narrow, "")
	c.waitFor("name crash")
	c.send("p")
	c.waitOut("something went wrong; this connection ends here")
	if got := c.end(); got != 1 {
		t.Errorf("exit status %d, want 1", got)
	}
	waitLog(t, srv, "probe panics")
	other.send("z")
	other.waitFor("last Rune z")
	connect(t, srv.addr, "after", noKey(), 80, 24, narrow, "").waitFor("name after")
}

// A session with no key for IdleAfter closes, with a line; one whose
// player types stays.
func TestIdleSessionCloses(t *testing.T) {
	srv := startServer(t, config{IdleAfter: 300 * time.Millisecond})
	busy := connect(t, srv.addr, "busy", noKey(), 80, 24, narrow, "")
	busy.waitFor("name busy")
	c := connect(t, srv.addr, "idle", noKey(), 80, 24, narrow, "")
	c.waitFor("name idle")
	began := time.Now()
	for time.Since(began) < 900*time.Millisecond {
		busy.send("k")
		time.Sleep(50 * time.Millisecond)
	}
	c.waitOut("closed after 300ms without a key")
	c.end()
	busy.send("j")
	busy.waitFor("last Rune j")
}

// Shutdown tells every player and ends within its grace.
func TestShutdownTellsEveryone(t *testing.T) {
	srv := startServer(t, config{})
	var cs []*client
	for i := range 3 {
		c := connect(t, srv.addr, fmt.Sprint("p", i), noKey(), 80, 24, narrow, "")
		c.waitFor("name p")
		cs = append(cs, c)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	began := time.Now()
	srv.Shutdown(ctx)
	if took := time.Since(began); took > 4500*time.Millisecond {
		t.Errorf("shutdown took %v", took)
	}
	for _, c := range cs {
		c.waitOut("the server is stopping")
		c.end()
	}
	if _, err := dial(t, srv.addr, "late", noKey()); err == nil {
		t.Error("a connection after shutdown got in")
	}
}

// Names are cut to printable characters and a width before anyone draws
// them.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"alice":                      "alice",
		"\x1b[2J\x1b]0;pwned\x07bob": "[2J]0;pwnedb",
		"철수":                         "철수",
		"a□b○c":                      "abc",
		"":                           "player",
		"\x00\x01":                   "player",
		"verylongnamethatgoeson":     "verylongname",
		"한국어이름이아주길다":                 "한국어이름이",
		"e\u0301":                    "e",
	} {
		if got := printable(in, MaxName); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// Connections still in their handshake are bounded too (twice the
// sessions' bounds): a client that opens them and never gets to a
// session is closed at once, before any cryptography is spent on it.
func TestLimitConnections(t *testing.T) {
	srv := startServer(t, config{MaxPerAddress: 1, HandshakeTimeout: 10 * time.Second})
	for range 2 {
		conn, err := net.Dial("tcp", srv.addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		conn.SetReadDeadline(time.Now().Add(wait))
		if _, err := conn.Read(make([]byte, 64)); err != nil { // the server's version line
			t.Fatalf("a connection within the bound: %v", err)
		}
	}
	conn, err := net.Dial("tcp", srv.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(wait))
	if n, err := io.ReadAll(conn); err != nil || len(n) > 0 {
		t.Errorf("a connection over the bound: read %q, %v; want it closed unheard", n, err)
	}
	waitLog(t, srv, "too many connections")
}

// What the baseball games printed is left on the player's terminal when
// the session ends, as locally (Player.Played, the Afterword).
func TestSessionLeavesTheTranscript(t *testing.T) {
	srv := startServer(t, config{NewMenu: gamesMenu})
	c := connect(t, srv.addr, "bb", noKey(), 80, 24, narrow, "")
	c.waitFor("choose:")
	c.send("b")
	c.waitFor("2. You guess my number")
	c.send("2\r")
	c.waitFor("Your guess :")
	c.send("123\r")
	c.waitFor("Your guess : 123")
	c.send("\x1b")
	c.waitFor("4. Quit")
	c.send("4\r")
	c.waitFor("choose:")
	c.send("q")
	if got := c.end(); got != 0 {
		t.Errorf("exit status %d", got)
	}
	if screen := c.screen.Text(); !strings.Contains(screen, "Your guess : 123") || c.screen.Mode(1049) {
		t.Errorf("the main screen after the session:\n%s", screen)
	}
}

// The -clocks flag reads the server's list of time controls, which the
// lobby's tables then offer; a bad list is the command's usage error, one
// line and status 2, before anything starts. Without the flag or
// config.Controls, the default list.
func TestClocksFlag(t *testing.T) {
	var l controlList
	if err := l.Set(" 5+5, none ,30s/move"); err != nil || l.String() != "5+5,none,30s/move" {
		t.Errorf("read as %q, %v", l.String(), err)
	}
	def := controlList(room.DefaultControls())
	if def.String() != room.DefaultControlList {
		t.Errorf("the default shown as %q, want %q", def.String(), room.DefaultControlList)
	}
	for _, bad := range []string{"", "3+2,,5+5", "3+2,3+2", "30/move", "fast"} {
		var out, errOut strings.Builder
		err := Command([]string{"-clocks", bad}, &out, &errOut, nil)
		var ue cmdline.UsageError
		if !errors.As(err, &ue) || out.Len() != 0 || errOut.Len() != 0 ||
			!strings.Contains(err.Error(), `invalid value "`+bad+`" for flag -clocks: `) || strings.Contains(err.Error(), "\n") {
			t.Errorf("-clocks %q: %v (%T), printed %q %q; want one usage error and nothing printed", bad, err, err, out.String(), errOut.String())
		}
	}

	for _, tt := range []struct {
		controls []room.Control
		want     []room.Control
	}{
		{nil, room.DefaultControls()},
		{[]room.Control{{Base: time.Minute, PerMove: true}, {}}, []room.Control{{Base: time.Minute, PerMove: true}, {}}},
	} {
		srv, err := newServer(config{HostKey: newSigner(t), NewMenu: gamesMenu, Controls: tt.controls})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(srv.lobby.Controls(), tt.want) {
			t.Errorf("config.Controls %v: the lobby offers %v, want %v", tt.controls, srv.lobby.Controls(), tt.want)
		}
	}
}

// A bad -name or -public is a usage error in one line that says what is
// wanted, before anything starts.
func TestServerFlags(t *testing.T) {
	for _, bad := range [][]string{
		{"-name", "seoul 1"},
		{"-name", "서울"},
		{"-name", strings.Repeat("a", 33)},
		{"-name", "a\x1b[2Jb"},
		{"-public", "seoul.example"},
		{"-public", ":2222"},
		{"-public", "seoul.example:http"},
		{"-public", "seoul.example:70000"},
	} {
		var out, errOut strings.Builder
		err := Command(bad, &out, &errOut, nil)
		var ue cmdline.UsageError
		if !errors.As(err, &ue) || out.Len() != 0 || errOut.Len() != 0 || !strings.Contains(err.Error(), bad[0]+" ") ||
			strings.ContainsAny(err.Error(), "\n\x1b") {
			t.Errorf("%q: %v (%T), printed %q %q; want one usage error and nothing printed", bad, err, err, out.String(), errOut.String())
		}
	}
	for _, good := range [][2]string{{"seoul", "seoul.example:2222"}, {"busan-2.kr_1", "[::1]:22"}, {"", ""}} {
		if err := checkServer(good[0], good[1]); err != nil {
			t.Errorf("-name %q -public %q: %v", good[0], good[1], err)
		}
	}
}

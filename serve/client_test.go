package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"
	gossh "golang.org/x/crypto/ssh"

	"termgames/console"
	"termgames/internal/vtmodel"
)

// wait bounds every wait of these tests: a server that hangs fails the test.
const wait = 15 * time.Second

// testServer is a server on a loopback port of its own.
type testServer struct {
	*server
	addr string
	logs *syncBuffer
}

// syncBuffer is a log that the server writes and the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// newSigner returns a fresh Ed25519 key.
func newSigner(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// startServer serves cfg on 127.0.0.1 until the test ends; a nil NewMenu
// is the probe.
func startServer(t testing.TB, cfg config) *testServer {
	t.Helper()
	if cfg.HostKey == nil {
		cfg.HostKey = newSigner(t)
	}
	if cfg.NewMenu == nil {
		cfg.NewMenu = func(p Player) console.Screen { return &probe{p: p} }
	}
	logs := &syncBuffer{}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(logs, nil))
	}
	srv, err := newServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan struct{})
	go func() {
		defer close(served)
		_ = srv.Serve(ln)
	}()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		<-served
	})
	return &testServer{server: srv, addr: ln.Addr().String(), logs: logs}
}

// probe is the menu of these tests: it shows the player, the width it
// measures □ at, the size, and the last key; q leaves, p panics.
type probe struct {
	p    Player
	last string
}

func (s *probe) Update(ev console.Event) console.Screen {
	switch {
	case ev.IsRune('q'):
		return console.Exit("bye from probe")
	case ev.IsRune('p'):
		panic("probe panics")
	case ev.Type == console.KeyEvent:
		s.last = ev.Key.String() + " " + string(ev.Rune)
	}
	return s
}

func (s *probe) View(size console.Size) console.Frame {
	var f console.Frame
	f.Lines(0, "name "+s.p.Name, fmt.Sprintf("□ is %d wide", s.p.Width.RuneWidth('□')),
		fmt.Sprintf("size %dx%d", size.Width, size.Height), "last "+s.last, "key "+s.p.Key)
	return f
}

// client is a player: an SSH connection and, once it asks for one, a
// session with a terminal modelled by vtmodel, which answers the width
// question as a terminal of its kind does.
type client struct {
	t      testing.TB
	conn   *gossh.Client
	sess   *gossh.Session
	stdin  io.WriteCloser
	screen *vtmodel.Screen
	out    *syncBuffer // everything the session wrote, stdout and stderr
	done   chan error  // the session's end
}

// auth is how a client logs in: with a key, or with none.
func withKey(s gossh.Signer) []gossh.AuthMethod { return []gossh.AuthMethod{gossh.PublicKeys(s)} }

func noKey() []gossh.AuthMethod {
	return []gossh.AuthMethod{gossh.KeyboardInteractive(func(name, instruction string, questions []string, echos []bool) ([]string, error) {
		if len(questions) > 0 {
			return nil, fmt.Errorf("asked %q: want no questions", questions)
		}
		return nil, nil
	})}
}

// dial connects as user.
func dial(t testing.TB, addr, user string, auth []gossh.AuthMethod) (*gossh.Client, error) {
	t.Helper()
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: user, Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait,
	})
}

// connect dials and opens a session with a terminal of the given size
// (0 x 0: none), running cmd ("" for a shell).
func connect(t testing.TB, addr, user string, auth []gossh.AuthMethod, w, h int, term *runewidth.Condition, cmd string) *client {
	t.Helper()
	conn, err := dial(t, addr, user, auth)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	return open(t, conn, w, h, term, cmd)
}

// open starts a session on conn.
func open(t testing.TB, conn *gossh.Client, w, h int, term *runewidth.Condition, cmd string) *client {
	t.Helper()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	c := &client{t: t, conn: conn, sess: sess, out: &syncBuffer{}, done: make(chan error, 1)}
	vw, vh := w, h
	if vw <= 0 || vh <= 0 {
		vw, vh = 80, 24
	}
	c.screen = vtmodel.New(vw, vh, term)
	if c.stdin, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	c.screen.AnswerTo(c.stdin)
	both := io.MultiWriter(c.screen, c.out)
	sess.Stdout, sess.Stderr = both, both
	if w > 0 {
		if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
			t.Fatalf("pty: %v", err)
		}
	}
	if cmd == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(cmd)
	}
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	go func() { c.done <- sess.Wait() }()
	return c
}

func (c *client) send(keys string) {
	c.t.Helper()
	if _, err := io.WriteString(c.stdin, keys); err != nil {
		c.t.Fatalf("send %q: %v", keys, err)
	}
}

// waitFor waits until the screen shows text, and returns the screen.
func (c *client) waitFor(text string) string {
	c.t.Helper()
	return c.waitUntil(text, func(s string) bool { return strings.Contains(s, text) })
}

func (c *client) waitUntil(what string, ok func(screen string) bool) string {
	c.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		s := c.screen.Text()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("waiting for %s; the screen:\n%s\nwritten: %q", what, s, tail(c.out.String(), 400))
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// waitOut waits until the session has written text (stdout or stderr).
func (c *client) waitOut(text string) {
	c.t.Helper()
	deadline := time.Now().Add(wait)
	for !strings.Contains(c.out.String(), text) {
		if time.Now().After(deadline) {
			c.t.Fatalf("waiting for %q in what the session wrote: %q", text, tail(c.out.String(), 400))
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// end waits for the session to end and returns its exit status (-1: none).
func (c *client) end() int {
	c.t.Helper()
	select {
	case err := <-c.done:
		if err == nil {
			return 0
		}
		if e, ok := err.(*gossh.ExitError); ok {
			return e.ExitStatus()
		}
		return -1
	case <-time.After(wait):
		c.t.Fatalf("the session did not end; wrote %q", tail(c.out.String(), 400))
		return -1
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// narrow and wide are the two kinds of terminal.
var (
	narrow = console.NewCondition(console.Narrow)
	wide   = console.NewCondition(console.Wide)
)

func consoleSize(w, h int) console.Size { return console.Size{Width: w, Height: h} }

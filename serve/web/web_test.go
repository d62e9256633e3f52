package web

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"termgames/serve/room"
)

// newSite is a site of a lobby that keeps nothing, served by httptest.
func newSite(t *testing.T, cfg Config) (*Site, *httptest.Server) {
	t.Helper()
	if cfg.Lobby == nil {
		cfg.Lobby = room.NewLobby(room.Config{})
		t.Cleanup(cfg.Lobby.Close)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(func() {
		_ = s.Shutdown(context.Background()) // the streams end, or Close would wait for them
		srv.Close()
	})
	return s, srv
}

// get fetches path with the Accept-Language given, and returns the status
// and the body.
func get(t *testing.T, base, path, accept string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+path, nil)
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// playing opens an omok table between alice and bob and returns it.
func playing(t *testing.T, l *room.Lobby) *room.Table {
	t.Helper()
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "freestyle"}, room.Seat{Name: "alice", Key: "SHA256:alice"})
	if _, _, err := l.Join(tb.Code, room.Omok, room.Seat{Name: "bob", Key: "SHA256:bob"}); err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestNowListsTables(t *testing.T) {
	l := room.NewLobby(room.Config{})
	defer l.Close()
	tb := playing(t, l)
	_, srv := newSite(t, Config{Lobby: l})
	status, body := get(t, srv.URL, "/", "ko-KR,ko;q=0.9,en;q=0.8")
	if status != 200 || !strings.Contains(body, "/table/"+tb.Code) || !strings.Contains(body, "지금 열린 테이블") ||
		!strings.Contains(body, "alice") || !strings.Contains(body, "bob") {
		t.Fatalf("status %d, page:\n%s", status, body)
	}
	_, body = get(t, srv.URL, "/", "en-US,en;q=0.9")
	if !strings.Contains(body, "Tables open now") || !strings.Contains(body, `lang="en"`) {
		t.Fatalf("English page:\n%s", body)
	}
}

func TestLiveTableStreamsMoves(t *testing.T) {
	l := room.NewLobby(room.Config{})
	defer l.Close()
	tb := playing(t, l)
	_, srv := newSite(t, Config{Lobby: l})
	status, body := get(t, srv.URL, "/table/"+strings.ToLower(tb.Code), "en")
	if status != 200 || !strings.Contains(body, "alice to move") || !strings.Contains(body, `<svg class="omok"`) {
		t.Fatalf("status %d, page:\n%s", status, body)
	}
	res, err := http.Get(srv.URL + "/table/" + tb.Code + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	events := make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		var ev strings.Builder
		for sc.Scan() {
			if sc.Text() == "" {
				events <- ev.String()
				ev.Reset()
				continue
			}
			ev.WriteString(sc.Text() + "\n")
		}
		close(events)
	}()
	next := func() string {
		select {
		case ev := <-events:
			return ev
		case <-time.After(5 * time.Second):
			t.Fatal("no event in 5 s")
		}
		return ""
	}
	if ev := next(); !strings.HasPrefix(ev, "event: table\n") || strings.Contains(ev, `class="stone`) {
		t.Fatalf("first event:\n%s", ev)
	}
	if err := tb.Move(0, "h8"); err != nil {
		t.Fatal(err)
	}
	if ev := next(); !strings.Contains(ev, `class="stone b last"`) {
		t.Fatalf("after h8:\n%s", ev)
	}
}

func TestUnknownPages(t *testing.T) {
	_, srv := newSite(t, Config{})
	for _, path := range []string{"/nothing", "/table/ZZZZ", "/table/ZZZZ/events"} {
		if status, _ := get(t, srv.URL, path, ""); status != 404 {
			t.Errorf("%s: status %d, want 404", path, status)
		}
	}
}

// Five hundred pages watching one table: every one of them gets every
// move, each drawn once (the table's part is drawn once per change and
// language, not once per watcher), and the table's moves do not wait for
// them.
func TestFiveHundredStreams(t *testing.T) {
	const streams = 500
	l := room.NewLobby(room.Config{})
	defer l.Close()
	tb := playing(t, l)
	site, srv := newSite(t, Config{Lobby: l, MaxPerAddress: streams + 10})
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0}}
	got := make(chan int, streams)
	var bodies []io.Closer
	for range streams {
		res, err := client.Get(srv.URL + "/table/" + tb.Code + "/events")
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 {
			t.Fatalf("a stream: %s", res.Status)
		}
		bodies = append(bodies, res.Body)
		go func() {
			sc := bufio.NewScanner(res.Body)
			sc.Buffer(nil, 1<<20)
			stones := 0
			for sc.Scan() {
				if n := strings.Count(sc.Text(), `class="stone `); n > stones {
					stones = n
					got <- n
				}
			}
		}()
	}
	defer func() {
		for _, b := range bodies {
			b.Close()
		}
	}()
	moves := []string{"h8", "a1", "i8", "a2", "j8"}
	for i, m := range moves {
		if err := tb.Move(i%2, m); err != nil {
			t.Fatal(err)
		}
		// Every stream shows the stone within five seconds.
		deadline := time.After(5 * time.Second)
		for seen := 0; seen < streams; {
			select {
			case n := <-got:
				if n == i+1 {
					seen++
				}
			case <-deadline:
				t.Fatalf("move %d: %d of %d streams showed it", i+1, seen, streams)
			}
		}
	}
	if n := site.fragments.draws.Load(); n > int64(len(moves)+1)*2 {
		t.Errorf("the table was drawn %d times for %d changes and 500 streams", n, len(moves)+1)
	}
}

// hostile are names and lines a player might type to reach a visitor's
// browser.
var hostile = []string{`<script>alert(1)</script>`, `"><img src=x onerror=alert(1)>`, `javascript:alert(1)`}

// inert fails the test when page holds one of hostile as markup: a script
// element, an image, or a link to javascript:.
func inert(t *testing.T, what, page string) {
	t.Helper()
	for _, bad := range []string{"<script>alert", "<img src=x", `href="javascript:`, "onerror=alert(1)>"} {
		if strings.Contains(page, bad) {
			t.Errorf("%s holds %q as markup", what, bad)
		}
	}
}

// Names and chat lines reach the tables' page and a table's page, and its
// stream, as text.
func TestHostileNamesAreText(t *testing.T) {
	l := room.NewLobby(room.Config{GuestChat: true})
	defer l.Close()
	waiting := l.Open(room.Setup{Game: room.Baseball}, room.Seat{Name: hostile[2]})
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "freestyle"}, room.Seat{Name: hostile[0], Key: "SHA256:a"})
	if _, _, err := l.Join(tb.Code, room.Omok, room.Seat{Name: hostile[1], Key: "SHA256:b"}); err != nil {
		t.Fatal(err)
	}
	for i, line := range hostile {
		if err := tb.Say(room.Speaker{Name: hostile[i%2], Key: "SHA256:" + "ab"[i%2:i%2+1], Seat: i % 2}, line); err != nil {
			t.Fatal(err)
		}
	}
	_, srv := newSite(t, Config{Lobby: l})
	_, now := get(t, srv.URL, "/", "")
	inert(t, "the tables' page", now)
	if !strings.Contains(now, "&lt;script&gt;alert(1)&lt;/script&gt;") || !strings.Contains(now, waiting.Code) {
		t.Errorf("the tables' page does not show the names as text:\n%s", now)
	}
	_, live := get(t, srv.URL, "/table/"+tb.Code, "")
	inert(t, "the table's page", live)
	if strings.Count(live, "&lt;script&gt;alert(1)&lt;/script&gt;") < 3 { // a seat, the chat's speaker, a line
		t.Errorf("the table's page does not show the names and lines as text:\n%s", live)
	}
	res, err := http.Get(srv.URL + "/table/" + tb.Code + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	var ev strings.Builder
	for sc.Scan() && sc.Text() != "" {
		ev.WriteString(sc.Text() + "\n")
	}
	inert(t, "the table's stream", ev.String())
	if !strings.Contains(ev.String(), "&lt;img src=x") {
		t.Errorf("the stream does not show the names as text:\n%s", ev.String())
	}
}

// serveSite runs Serve on a loopback port, as serve -http does, and
// returns the site's address; Shutdown ends it with the test at the latest.
func serveSite(t *testing.T, cfg Config) (*Site, string) {
	t.Helper()
	if cfg.Lobby == nil {
		cfg.Lobby = room.NewLobby(room.Config{})
		t.Cleanup(cfg.Lobby.Close)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln) }()
	t.Cleanup(func() {
		_ = s.Shutdown(context.Background())
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("Serve: %v", err)
		}
	})
	return s, "http://" + ln.Addr().String()
}

// One address holds MaxPerAddress connections at most: one more is
// answered 429, one past twice as many closed unheard, and one closed
// lets the next in.
func TestConnectionsPerAddress(t *testing.T) {
	l := room.NewLobby(room.Config{})
	defer l.Close()
	tb := playing(t, l)
	site, base := serveSite(t, Config{Lobby: l, MaxPerAddress: 3})
	var open []io.Closer
	for range 3 {
		res, err := http.Get(base + "/table/" + tb.Code + "/events")
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, res.Body)
	}
	res, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), "too many connections") {
		t.Fatalf("a fourth connection: %s %q", res.Status, body)
	}
	// counted waits until the server counts n connections from the test.
	counted := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); ; {
			site.mu.Lock()
			got := site.perAddr["127.0.0.1"]
			site.mu.Unlock()
			if got == n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d connections counted, want %d", got, n)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	counted(3) // the refused one has been closed: the streams are left
	// Connections that say nothing, up to twice the limit, wait to be
	// refused; one more is closed at once, unheard.
	host := strings.TrimPrefix(base, "http://")
	var quiet []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		quiet = append(quiet, c)
	}
	counted(6) // the server has accepted them
	flood, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer flood.Close()
	flood.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, err := flood.Read(make([]byte, 1)); err != io.EOF {
		t.Fatalf("a connection past twice the limit: read %d, %v; want it closed", n, err)
	}
	for _, c := range quiet {
		c.Close()
	}
	open[0].Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		res, err := http.Get(base + "/")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("a closed stream never let the next connection in")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, b := range open[1:] {
		b.Close()
	}
}

// Shutdown ends the open streams at once, as the server stops.
func TestShutdownEndsStreams(t *testing.T) {
	l := room.NewLobby(room.Config{})
	defer l.Close()
	tb := playing(t, l)
	site, base := serveSite(t, Config{Lobby: l})
	res, err := http.Get(base + "/table/" + tb.Code + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	ended := make(chan struct{})
	go func() {
		io.Copy(io.Discard, res.Body)
		close(ended)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	if err := site.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	select {
	case <-ended:
	case <-time.After(3 * time.Second):
		t.Fatal("the stream is still open after Shutdown")
	}
	// Without the streams ended, Shutdown would wait for them until ctx:
	// five seconds.
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("Shutdown took %v with a stream open", took)
	}
}

// Every game with online tables is drawn by the pages.
func TestEveryGameDrawn(t *testing.T) {
	for _, g := range room.Games {
		if w, ok := webGames[g.Name()]; !ok || w.live == nil || w.kept == nil || w.record == "" {
			t.Errorf("%s: no webGame in games.go, or one without its live, kept or record", g.Name())
		}
	}
}

package web

import (
	"bufio"
	"io"
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
	t.Cleanup(srv.Close)
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

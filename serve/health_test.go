package serve

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// metricsServer serves srv's Handler on a loopback port of its own until the test
// ends, as -metrics does, and returns its URL.
func metricsServer(t *testing.T, srv *server) string {
	t.Helper()
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return hs.URL
}

// get asks url and returns the status and the body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// scrape reads /metrics and returns each sample's value by its name and
// labels as the text format writes them: `termgames_moves_total{game="omok"}`.
func scrape(t *testing.T, base string) map[string]float64 {
	t.Helper()
	code, body := get(t, base+"/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	samples := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cut := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[cut+1:], 64)
		if err != nil {
			t.Fatalf("/metrics: %q: %v", line, err)
		}
		samples[line[:cut]] = v
	}
	return samples
}

// sample waits until the sample name (with its labels) reaches want, and
// fails the test with what /metrics says if it does not.
func sample(t *testing.T, base, name string, want float64) {
	t.Helper()
	var got float64
	if !waitUntil(func() bool { got = scrape(t, base)[name]; return got == want }) {
		t.Fatalf("%s = %v, want %v", name, got, want)
	}
}

// The metrics move as a game is played over SSH: sessions by kind, the
// tables by state, the game started, its moves and their time, its end,
// and the store's writes (the game begun, each move, its end).
func TestMetricsOfAGame(t *testing.T) {
	st := tempStore(t)
	srv := startServer(t, config{NewMenu: gamesMenu, Store: st})
	base := metricsServer(t, srv.server)

	m := scrape(t, base)
	for _, name := range []string{
		`termgames_sessions{kind="keyed"}`, `termgames_sessions{kind="guest"}`,
		`termgames_refused_total{reason="full"}`, `termgames_connections`,
		`termgames_tables{game="omok",state="waiting"}`, `termgames_games_started_total{game="baseball"}`,
		`termgames_move_seconds_count{game="omok"}`, `termgames_store_write_seconds_count{op="move"}`,
		"go_goroutines", "process_resident_memory_bytes",
	} {
		if _, ok := m[name]; !ok {
			t.Errorf("no %s in /metrics", name)
		}
	}

	alice := connect(t, srv.addr, "alice", withKey(newSigner(t)), 100, 30, narrow, "")
	bob := connect(t, srv.addr, "bob", withKey(newSigner(t)), 100, 30, narrow, "")
	carol := connect(t, srv.addr, "carol", noKey(), 100, 30, narrow, "")
	carol.waitFor("choose:")
	sample(t, base, `termgames_sessions{kind="keyed"}`, 2)
	sample(t, base, `termgames_sessions{kind="guest"}`, 1)
	sample(t, base, `termgames_sessions_total{kind="keyed"}`, 2)

	code := openOmok(alice, "1")
	sample(t, base, `termgames_tables{game="omok",state="waiting"}`, 1)
	enterOnline(bob, "o", "2", code)
	alice.waitFor("Player 1P, 당신의 턴입니다.")
	sample(t, base, `termgames_tables{game="omok",state="waiting"}`, 0)
	sample(t, base, `termgames_tables{game="omok",state="playing"}`, 1)
	sample(t, base, `termgames_games_started_total{game="omok"}`, 1)
	sample(t, base, `termgames_store_write_seconds_count{op="begin"}`, 1)
	alice.send("\r")
	placed(bob, 1)
	bob.send("k\r")
	placed(alice, 2)
	sample(t, base, `termgames_moves_total{game="omok"}`, 2)
	sample(t, base, `termgames_store_write_seconds_count{op="move"}`, 2)
	for i := range 3 {
		alice.send("l\r")
		placed(bob, 3+2*i)
		bob.send("l\r")
		placed(alice, 4+2*i)
	}
	alice.send("l\r")
	alice.waitFor("Player 1P(alice)의 승리로 게임을 종료합니다.")
	sample(t, base, `termgames_moves_total{game="omok"}`, 9)
	sample(t, base, `termgames_move_seconds_count{game="omok"}`, 9)
	sample(t, base, `termgames_games_ended_total{game="omok",how="five"}`, 1)
	sample(t, base, `termgames_tables{game="omok",state="ended"}`, 1)
	sample(t, base, `termgames_store_write_seconds_count{op="move"}`, 9)
	sample(t, base, `termgames_store_write_seconds_count{op="finish"}`, 1)
	if n := scrape(t, base)[`termgames_store_write_failures_total{op="move"}`]; n != 0 {
		t.Errorf("%v move writes failed", n)
	}

	alice.conn.Close()
	bob.conn.Close()
	sample(t, base, `termgames_tables{game="omok",state="ended"}`, 0)
	sample(t, base, `termgames_sessions{kind="keyed"}`, 0)
	carol.send("q")
	carol.end()
	sample(t, base, `termgames_sessions{kind="guest"}`, 0)
	sample(t, base, `termgames_sessions_total{kind="guest"}`, 1)
}

// Refusals are counted by their reason.
func TestMetricsOfRefusals(t *testing.T) {
	srv := startServer(t, config{MaxSessions: 1, HandshakeTimeout: 200 * time.Millisecond})
	base := metricsServer(t, srv.server)
	silent, err := net.Dial("tcp", srv.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	sample(t, base, `termgames_refused_total{reason="handshake_timeout"}`, 1)
	if _, err := dial(t, srv.addr, "nokey", nil); err == nil {
		t.Fatal("a client with no way to log in came in")
	}
	sample(t, base, `termgames_refused_total{reason="handshake"}`, 1)
	first := connect(t, srv.addr, "first", noKey(), 80, 24, narrow, "")
	first.waitFor("name first")
	over := connect(t, srv.addr, "over", noKey(), 80, 24, narrow, "")
	over.end()
	over.conn.Close()
	sample(t, base, `termgames_refused_total{reason="full"}`, 1)
	first.send("q")
	first.end()
	first.conn.Close()
	sample(t, base, `termgames_sessions{kind="guest"}`, 0) // the one place is free again
	plain := connect(t, srv.addr, "plain", noKey(), 0, 0, narrow, "")
	plain.end()
	plain.conn.Close()
	sample(t, base, `termgames_refused_total{reason="no_terminal"}`, 1)
	ls := connect(t, srv.addr, "ls", noKey(), 0, 0, narrow, "ls")
	ls.end()
	sample(t, base, `termgames_refused_total{reason="command"}`, 1)
}

// /healthz answers while the server serves; /readyz while its store takes
// a write; both say why not once the server stops.
func TestHealth(t *testing.T) {
	srv := startServer(t, config{Store: tempStore(t)})
	base := metricsServer(t, srv.server)
	for _, path := range []string{"/healthz", "/readyz"} {
		if code, body := get(t, base+path); code != http.StatusOK || body != "ok\n" {
			t.Errorf("%s: %d %q", path, code, body)
		}
	}
	if n := scrape(t, base)[`termgames_store_write_seconds_count{op="probe"}`]; n != 1 {
		t.Errorf("%v probes counted, want the one of /readyz", n)
	}
	if code, _ := get(t, base+"/nothing"); code != http.StatusNotFound {
		t.Errorf("/nothing: %d", code)
	}
	srv.mu.Lock()
	srv.closing = true // as Shutdown begins
	srv.mu.Unlock()
	for _, path := range []string{"/healthz", "/readyz"} {
		if code, body := get(t, base+path); code != http.StatusServiceUnavailable || body != "stopping\n" {
			t.Errorf("%s while stopping: %d %q", path, code, body)
		}
	}
}

// /readyz says why when the store refuses the write: here a store closed
// under the server, which refuses every write.
func TestReadyStoreClosed(t *testing.T) {
	st := tempStore(t)
	srv := startServer(t, config{Store: st})
	base := metricsServer(t, srv.server)
	if code, _ := get(t, base+"/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz: %d", code)
	}
	st.Close()
	code, body := get(t, base+"/readyz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "store: write to") || !strings.Contains(body, "closed") {
		t.Errorf("/readyz with the store closed: %d %q", code, body)
	}
	if n := scrape(t, base)[`termgames_store_write_failures_total{op="probe"}`]; n != 1 {
		t.Errorf("%v failed probes counted", n)
	}
}

// Every line of a JSON log is a JSON object, and the lines of a session
// carry its remote address, user and key under the same keys.
func TestJSONLog(t *testing.T) {
	logs := &syncBuffer{}
	log, err := newLog("json", logs)
	if err != nil {
		t.Fatal(err)
	}
	srv := startServer(t, config{Log: log, NewMenu: gamesMenu})
	alice := connect(t, srv.addr, "alice", withKey(newSigner(t)), 100, 30, narrow, "")
	bob := connect(t, srv.addr, "bob", noKey(), 100, 30, narrow, "")
	code := openOmok(alice, "1")
	enterOnline(bob, "o", "2", code)
	alice.waitFor("Player 1P, 당신의 턴입니다.")
	bob.send("\x1b")
	bob.waitFor("나갈까요? (y/n)")
	bob.send("y")
	bob.waitFor("1. 새 테이블 만들기")
	plain := connect(t, srv.addr, "plain", noKey(), 0, 0, narrow, "")
	plain.end()
	if !waitUntil(func() bool { return strings.Contains(logs.String(), `"why":"no terminal"`) }) {
		t.Fatalf("no refusal in the log:\n%s", logs.String())
	}
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	sessions := 0
	for _, line := range lines {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Errorf("not JSON: %q: %v", line, err)
			continue
		}
		for _, k := range []string{"time", "level", "msg"} {
			if _, ok := rec[k]; !ok {
				t.Errorf("no %q in %q", k, line)
			}
		}
		if rec["msg"] == "session" {
			sessions++
			for _, k := range []string{"remote", "user", "key"} {
				if _, ok := rec[k]; !ok {
					t.Errorf("no %q in %q", k, line)
				}
			}
		}
		if rec["msg"] == "table opened" && (rec["table"] != code || rec["game"] == nil) {
			t.Errorf("the table's line: %q", line)
		}
	}
	if sessions != 2 {
		t.Errorf("%d session lines in:\n%s", sessions, logs.String())
	}
	if _, err := newLog("xml", io.Discard); err == nil || !strings.Contains(err.Error(), "text or json") {
		t.Errorf("-log xml: %v", err)
	}
}

package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"termgames/internal/store"
	"termgames/internal/store/sqlite"
	"termgames/minesweeper"
	"termgames/omok"
	"termgames/serve/room"
)

// tempStore is a real SQLite store in a file of the test's own.
func tempStore(t *testing.T) store.Store {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "termgames.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// keptSite is a site whose lobby keeps its games in a store of its own.
func keptSite(t *testing.T) (store.Store, *room.Lobby, string) {
	t.Helper()
	st := tempStore(t)
	l := room.NewLobby(room.Config{Store: st})
	t.Cleanup(l.Close)
	_, srv := newSite(t, Config{Lobby: l, Store: st})
	return st, l, srv.URL
}

// keyed is the seat of a player with a key.
func keyed(name string) room.Seat { return room.Seat{Name: name, Key: "SHA256:" + name} }

// fiveInARow are the moves of a quick freestyle game that black wins.
var fiveInARow = []string{"h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"}

// play opens a table of setup between p1 and p2 and makes moves, each by
// the seat given in turn from seat 0, unless a move says its seat as
// "1:move"; it returns the table.
func play(t *testing.T, l *room.Lobby, setup room.Setup, p1, p2 room.Seat, moves ...string) *room.Table {
	t.Helper()
	tb := l.Open(setup, p1)
	if _, _, err := l.Join(tb.Code, setup.Game, p2); err != nil {
		t.Fatal(err)
	}
	for k, m := range moves {
		seat := k % 2
		if s, rest, ok := strings.Cut(m, ":"); ok && (s == "0" || s == "1") {
			seat, m = int(s[0]-'0'), rest
		}
		if err := tb.Move(seat, m); err != nil {
			t.Fatalf("move %d %q by %dP: %v", k+1, m, seat+1, err)
		}
	}
	return tb
}

// gameOf is the ID of the game kept at tb.
func gameOf(t *testing.T, tb *room.Table) int64 {
	t.Helper()
	id := tb.GameID()
	if id == 0 {
		t.Fatal("the game was not kept")
	}
	return id
}

var (
	stoneRE  = regexp.MustCompile(`<g class="stone [^"]*"`)
	movesRE  = regexp.MustCompile(`<a href="\?move=(\d+)" data-n="\d+">([a-o]\d+)</a>`)
	currentR = regexp.MustCompile(`<li class="current"><a href="\?move=(\d+)"`)
)

// shown counts the stones a page shows (not hidden).
func shown(body string) int {
	n := 0
	for _, s := range stoneRE.FindAllString(body, -1) {
		if !strings.Contains(s, "hidden") {
			n++
		}
	}
	return n
}

// listed is the move list of a page, "h8 a1 …".
func listed(body string) string {
	var l []string
	for _, m := range movesRE.FindAllStringSubmatch(body, -1) {
		l = append(l, m[2])
	}
	return strings.Join(l, " ")
}

// download fetches path and returns the response's headers and body.
func download(t *testing.T, base, path string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

func TestKeptOmokGame(t *testing.T) {
	_, l, base := keptSite(t)
	tb := play(t, l, room.Setup{Game: room.Omok, Rule: "freestyle"}, keyed("alice"), keyed("bob"), fiveInARow...)
	id := gameOf(t, tb)
	path := fmt.Sprintf("/game/%d", id)

	status, body := get(t, base, path, "en")
	if status != 200 {
		t.Fatalf("status %d:\n%s", status, body)
	}
	for _, want := range []string{"<title>Omok freestyle #", "alice won (five in a row)", `href="/player/alice"`, `href="/player/bob"`,
		`data-n="9"`, `dy="4">9</text>`, `<g class="stone b last win" data-n="9">`, path + "/record", "rated", "/static/game.js"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if got, want := listed(body), strings.Join(fiveInARow, " "); got != want {
		t.Errorf("moves listed %q, want %q", got, want)
	}
	if n := shown(body); n != 9 {
		t.Errorf("%d stones shown, want 9", n)
	}
	// Both ratings move from the new player's 1500?, the winner's up.
	if !regexp.MustCompile(`alice</a> <span class="colour">black</span> <span class="rating">1500\? → 1\d{3}\? \(&#43;\d+\)`).MatchString(body) ||
		!regexp.MustCompile(`bob</a> <span class="colour">white</span> <span class="rating">1500\? → 1\d{3}\? \(-\d+\)`).MatchString(body) {
		t.Errorf("the ratings before and after are not shown:\n%s", body)
	}

	_, body = get(t, base, path+"?move=3", "en")
	if n := shown(body); n != 3 {
		t.Errorf("?move=3: %d stones shown, want 3", n)
	}
	if m := currentR.FindStringSubmatch(body); m == nil || m[1] != "3" {
		t.Errorf("?move=3: the current move is %v", m)
	}
	if !strings.Contains(body, `<g class="stone b last" data-n="3">`) || strings.Contains(body, " win") {
		t.Errorf("?move=3: the third stone is not the last, or the line is marked:\n%s", body)
	}
	if !strings.Contains(body, `href="?move=2" data-to="prev"`) || !strings.Contains(body, `href="?move=4" data-to="next"`) {
		t.Errorf("?move=3: the steps do not go to 2 and 4")
	}
	_, body = get(t, base, path+"?move=0", "en")
	if n := shown(body); n != 0 {
		t.Errorf("?move=0: %d stones shown", n)
	}

	res, record := download(t, base, path+"/record")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/plain; charset=utf-8" ||
		res.Header.Get("Content-Disposition") != fmt.Sprintf(`attachment; filename="termgames-%d.psq"`, id) {
		t.Fatalf("record: status %d, headers %v", res.StatusCode, res.Header)
	}
	r, err := omok.ParseRecord(record, 0, omok.Freestyle)
	if err != nil {
		t.Fatalf("the record does not read back: %v\n%s", err, record)
	}
	if got := r.MoveString(); got != strings.Join(fiveInARow, " ") {
		t.Errorf("the record's moves are %q", got)
	}
}

// A swap2 opening's choice places no stone, and a takeback accepted lifts
// one: the page shows the stones that stand, as the record keeps them.
func TestKeptOmokSwap2AndTakeback(t *testing.T) {
	st, l, base := keptSite(t)
	tb := play(t, l, room.Setup{Game: room.Omok, Rule: "freestyle", Swap2: true}, keyed("alice"), keyed("bob"),
		"0:h8", "0:i9", "0:j10", "1:white", "1:a1", "0:k11", "0:"+room.MoveOfferTakeback, "1:"+room.MoveYes, "0:l12")
	tb.Resign(1)
	id := gameOf(t, tb)
	waitEnded(t, st, id)

	_, body := get(t, base, fmt.Sprintf("/game/%d", id), "en")
	want := "h8 i9 j10 a1 l12"
	if got := listed(body); got != want {
		t.Errorf("moves listed %q, want %q", got, want)
	}
	if !strings.Contains(body, `alice</a> <span class="colour">black</span>`) || !strings.Contains(body, "alice won (resigned)") {
		t.Errorf("alice, the opener bob left with black, is not black and the winner:\n%s", body)
	}
	_, record := download(t, base, fmt.Sprintf("/game/%d/record", id))
	r, err := omok.ParseRecord(record, 0, omok.Freestyle)
	if err != nil || r.MoveString() != want {
		t.Fatalf("the record reads %v, %v:\n%s", r, err, record)
	}
}

// waitEnded waits until the store has game id's end: a resignation is
// sent to the table, not waited for.
func waitEnded(t *testing.T, st store.Store, id int64) store.Game {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		g, err := st.Game(context.Background(), id)
		if err == nil && !g.Ended.IsZero() {
			return g
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %d has not ended: %v", id, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestKeptGameInPlay(t *testing.T) {
	_, l, base := keptSite(t)
	tb := play(t, l, room.Setup{Game: room.Omok, Rule: "renju"}, keyed("alice"), room.Seat{Name: "carol"}, "h8", "i9")
	id := gameOf(t, tb)
	status, body := get(t, base, fmt.Sprintf("/game/%d", id), "ko")
	if status != 200 || !strings.Contains(body, `href="/table/`+tb.Code+`"`) || !strings.Contains(body, "아직 대국 중") ||
		strings.Contains(body, "/record") || listed(body) != "h8 i9" {
		t.Fatalf("status %d, page:\n%s", status, body)
	}
	// A guest has no page: their name is not linked.
	if strings.Contains(body, `href="/player/carol"`) || !strings.Contains(body, `<span class="name">carol</span>`) {
		t.Errorf("the guest's name is linked, or missing:\n%s", body)
	}
	if status, _ := get(t, base, fmt.Sprintf("/game/%d/record", id), ""); status != 404 {
		t.Errorf("the record of a game in play: status %d, want 404", status)
	}
}

func TestKeptBaseball(t *testing.T) {
	_, l, base := keptSite(t)
	tb := play(t, l, room.Setup{Game: room.Baseball}, keyed("alice"), room.Seat{Name: "carol"},
		"0:=123", "1:=456", "0:457", "1:789", "0:456", "1:321")
	id := gameOf(t, tb)
	_, body := get(t, base, fmt.Sprintf("/game/%d", id), "en")
	for _, want := range []string{"alice won (found the number first)", `<tr class="numbers"><th></th><td colspan="2">number 123</td><td colspan="2">number 456</td></tr>`,
		`<td class="guess">457</td><td class="answer">2 Strikes</td>`, `<td class="guess">321</td><td class="answer">1 Strike 2 Balls</td>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q:\n%s", want, body)
		}
	}
	res, record := download(t, base, fmt.Sprintf("/game/%d/record", id))
	if res.Header.Get("Content-Disposition") != fmt.Sprintf(`attachment; filename="termgames-%d.txt"`, id) ||
		!strings.HasPrefix(string(record), "number baseball") {
		t.Errorf("record: headers %v:\n%s", res.Header, record)
	}
}

// A baseball game in play keeps its numbers secret.
func TestKeptBaseballInPlayHidesNumbers(t *testing.T) {
	_, l, base := keptSite(t)
	tb := play(t, l, room.Setup{Game: room.Baseball}, keyed("alice"), keyed("bob"), "0:=123", "1:=456", "0:457")
	_, body := get(t, base, fmt.Sprintf("/game/%d", gameOf(t, tb)), "en")
	if strings.Contains(body, "123") || strings.Contains(body, "456") || !strings.Contains(body, "457") {
		t.Errorf("a game in play shows a number, or not the guess:\n%s", body)
	}
}

func TestKeptRace(t *testing.T) {
	st, l, base := keptSite(t)
	tb := play(t, l, room.Setup{Game: room.Race, Rule: "beginner"}, keyed("alice"), keyed("bob"))
	v := raceReady(t, tb)
	mine := slices.Index(v.Field(0).Mines(), true)
	if err := tb.Move(0, room.RaceClick(minesweeper.OpenClick, mine/v.Level.Cols, mine%v.Level.Cols)); err != nil {
		t.Fatal(err)
	}
	id := gameOf(t, tb)
	waitEnded(t, st, id)
	_, body := get(t, base, fmt.Sprintf("/game/%d", id), "en")
	for _, want := range []string{"bob won (opened a mine)", `<div class="field lost">`, `class="mine exploded"`, "clicks 1", "clicks 0"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q:\n%s", want, body)
		}
	}
	if strings.Count(body, `<table class="mines"`) != 2 {
		t.Errorf("not both fields drawn")
	}
}

func TestKeptUnknown(t *testing.T) {
	_, _, base := keptSite(t)
	for _, path := range []string{"/game/999", "/game/0", "/game/-1", "/game/abc", "/game/999/record", "/player/nobody",
		"/leaders/chess", "/leaders/omok/blitz", "/leaders/baseball/x"} {
		status, body := get(t, base, path, "en")
		if status != 404 {
			t.Errorf("%s: status %d, want 404", path, status)
		}
		if !strings.Contains(body, "No such") {
			t.Errorf("%s: the page does not say what is missing:\n%s", path, body)
		}
	}
}

func TestKeptWithoutStore(t *testing.T) {
	_, srv := newSite(t, Config{})
	for _, path := range []string{"/game/1", "/game/1/record", "/leaders", "/leaders/omok", "/player/alice"} {
		status, body := get(t, srv.URL, path, "en")
		if status != 404 || !strings.Contains(body, "This server keeps no games.") || strings.Contains(body, `href="/leaders"`) {
			t.Errorf("%s: status %d, page:\n%s", path, status, body)
		}
	}
}

// A void game has no result: neither a win nor a draw, on its page and
// on its players'.
func TestKeptVoidGame(t *testing.T) {
	st, _, base := keptSite(t)
	named(t, st, "SHA256:alice", "alice")
	named(t, st, "SHA256:bob", "bob")
	ctx := context.Background()
	id, err := st.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "VOID", Started: time.Now(),
		Seats: [2]store.Seat{{Key: "SHA256:alice", Name: "alice"}, {Key: "SHA256:bob", Name: "bob"}}})
	if err == nil {
		_, err = st.Finish(ctx, id, store.Result{Ended: time.Now(), Winner: -1, How: store.Void})
	}
	if err != nil {
		t.Fatal(err)
	}
	_, body := get(t, base, fmt.Sprintf("/game/%d", id), "en")
	if !strings.Contains(body, "Void: the game ended with no result") || strings.Contains(body, "draw") || strings.Contains(body, "1500") {
		t.Errorf("the void game's page:\n%s", body)
	}
	_, body = get(t, base, "/player/alice", "en")
	if !strings.Contains(body, "<td>void</td>") || strings.Contains(body, "draw") {
		t.Errorf("the void game on the player's page:\n%s", body)
	}
}

// raceReady waits until the race at tb has its board made, and returns
// the race as it then stands.
func raceReady(t *testing.T, tb *room.Table) *room.RaceView {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		st, _ := tb.State()
		if v := st.View.(*room.RaceView); v.Ready() {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatal("the race's board is not made")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

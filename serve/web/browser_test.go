package web

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"termgames/internal/browsertest"
	"termgames/minesweeper"
	"termgames/serve/room"
)

// browse has tab show path of srv, and waits for sel.
func browse(t *testing.T, tab context.Context, srv *httptest.Server, path, sel string) {
	t.Helper()
	if err := chromedp.Do(tab, chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS(sel))); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// textOf is the text of the first element sel.
func textOf(t *testing.T, tab context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(tab, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("%s: %v", sel, err)
	}
	return s
}

// Each game's table live in a browser, in Korean: omok with its clocks
// counting down between the moves (the page's script), also on a phone's
// screen; baseball's rounds; the race's two fields.
func TestBrowserGamesLive(t *testing.T) {
	tab := browsertest.New(t)
	l := room.NewLobby(room.Config{})
	defer l.Close()
	_, srv := newSite(t, Config{Lobby: l})

	ctl, _ := room.ParseControl("3+2")
	omok := l.Open(room.Setup{Game: room.Omok, Rule: "renju", Control: ctl}, room.Seat{Name: "민준", Key: "SHA256:a"})
	if _, _, err := l.Join(omok.Code, room.Omok, room.Seat{Name: "서연", Key: "SHA256:b"}); err != nil {
		t.Fatal(err)
	}
	for i, m := range []string{"h8", "h9", "i9", "g7", "j10"} {
		if err := omok.Move(i%2, m); err != nil {
			t.Fatal(err)
		}
	}
	browse(t, tab, srv, "/table/"+omok.Code+"?lang=ko", "#live svg.omok")
	if s := textOf(t, tab, "#live .status"); !strings.Contains(s, "서연의 차례") {
		t.Errorf("status %q", s)
	}
	before := textOf(t, tab, "#live .clock.running")
	time.Sleep(1200 * time.Millisecond)
	if after := textOf(t, tab, "#live .clock.running"); after == before {
		t.Errorf("the running clock still shows %s after 1.2 s", after)
	}
	browsertest.Shot(t, tab, "live-omok-ko")
	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	browse(t, tab, srv, "/table/"+omok.Code, "#live svg.omok")
	if w, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); w > 390 {
		t.Errorf("the page is %d pixels wide on a phone's 390", w)
	}
	browsertest.Shot(t, tab, "live-omok-phone")
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1000, 800)); err != nil {
		t.Fatal(err)
	}

	ball := l.Open(room.Setup{Game: room.Baseball}, room.Seat{Name: "alice", Key: "SHA256:a"})
	if _, _, err := l.Join(ball.Code, room.Baseball, room.Seat{Name: "bob", Key: "SHA256:b"}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct {
		seat int
		move string
	}{{0, "=123"}, {1, "=456"}, {0, "789"}, {1, "132"}, {0, "465"}, {1, "123"}} {
		if err := ball.Move(m.seat, m.move); err != nil {
			t.Fatalf("%d %s: %v", m.seat, m.move, err)
		}
	}
	browse(t, tab, srv, "/table/"+ball.Code, "#live table.rounds")
	rounds := textOf(t, tab, "#live table.rounds")
	for _, want := range []string{"132", "1 스트라이크 2 볼", "3 스트라이크", "아웃"} {
		if !strings.Contains(rounds, want) {
			t.Errorf("the rounds have no %q:\n%s", want, rounds)
		}
	}
	browsertest.Shot(t, tab, "live-baseball")

	race := l.Open(room.Setup{Game: room.Race, Rule: "beginner", Seed: 7}, room.Seat{Name: "alice", Key: "SHA256:a"})
	if _, _, err := l.Join(race.Code, room.Race, room.Seat{Name: "bob", Key: "SHA256:b"}); err != nil {
		t.Fatal(err)
	}
	raceReady(t, race)
	time.Sleep(room.RaceCount)
	st, _ := race.State()
	v := st.View.(*room.RaceView)
	f := v.Field(0)
	clicks := 0
	for i, mine := range f.Mines() {
		r, c := i/v.Level.Cols, i%v.Level.Cols
		if !mine && !f.IsOpen(r, c) && clicks < 3 {
			if err := race.Move(0, room.RaceClick(minesweeper.OpenClick, r, c)); err != nil {
				t.Fatal(err)
			}
			clicks++
		}
	}
	browse(t, tab, srv, "/table/"+race.Code, "#live table.mines")
	if n, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#live table.mines").length`)); n != 2 {
		t.Errorf("%d fields, want 2", n)
	}
	browsertest.Shot(t, tab, "live-race")
}

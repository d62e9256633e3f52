package serve

import (
	"context"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"termgames/internal/browsertest"
	"termgames/internal/store"
	"termgames/omok"
	"termgames/serve/web"
)

// startSite serves the web pages of srv's lobby and store on 127.0.0.1
// until the test ends, and returns their address: http://127.0.0.1:PORT.
func startSite(t *testing.T, srv *testServer) string {
	t.Helper()
	site, err := web.New(web.Config{Lobby: srv.lobby, Store: srv.cfg.Store, Log: srv.log})
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
		_ = site.Serve(ln)
	}()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = site.Shutdown(ctx)
		<-served
	})
	return "http://" + ln.Addr().String()
}

// waitText waits until the element sel's text holds want, and returns it.
func waitText(t *testing.T, tab context.Context, sel, want string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, 10*time.Second)
	defer cancel()
	var text string
	for {
		text, _ = chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if strings.Contains(text, want) {
			return text
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s never showed %q; it shows %q", sel, want, text)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// A game over SSH, in a browser: the page of the tables lists its table,
// its live page shows each stone placed over SSH within a second, and the
// end of the game, the winner and how; the kept game's page, from there,
// steps through its moves with the arrow keys, and its record downloads
// as a .psq that reads back to the moves played; the leaderboard lists
// its two players, in order, once their ratings count.
func TestBrowserGameOverSSH(t *testing.T) {
	tab := browsertest.New(t)
	srv := startServer(t, config{NewMenu: gamesMenu, Store: tempStore(t)})
	base := startSite(t, srv)
	alice := connect(t, srv.addr, "alice", withKey(newSigner(t)), 100, 30, narrow, "")
	bob := connect(t, srv.addr, "bob", withKey(newSigner(t)), 100, 30, narrow, "")
	code := openOmok(alice, "1")

	if err := chromedp.Do(tab, chromedp.Navigate(base+"/")); err != nil {
		t.Fatal(err)
	}
	link := `a[href="/table/` + code + `"]`
	if err := chromedp.Do(tab, chromedp.WaitVisible(chromedp.CSS(link))); err != nil {
		t.Fatalf("the tables' page has no link to %s: %v", code, err)
	}
	waitText(t, tab, "table.now", "alice")
	browsertest.Shot(t, tab, "now")
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(link)), chromedp.WaitVisible(chromedp.CSS("#live .table"))); err != nil {
		t.Fatal(err)
	}
	waitText(t, tab, "#live .status", "Waiting for a player")

	enterOnline(bob, "o", "2", code)
	alice.waitFor("Player 1P, 당신의 턴입니다.")
	waitText(t, tab, "#live .status", "alice to move")

	stones := func() int {
		n, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#live svg.omok .stone").length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// shown waits for the page to show n stones, and returns how long it took.
	shown := func(n int, since time.Time) time.Duration {
		for stones() < n {
			if time.Since(since) > 10*time.Second {
				t.Fatalf("the page never showed stone %d", n)
			}
			time.Sleep(5 * time.Millisecond)
		}
		return time.Since(since)
	}
	var slowest time.Duration
	move := func(c *client, keys string, n int) {
		start := time.Now()
		c.send(keys)
		slowest = max(slowest, shown(n, start))
	}
	move(alice, "\r", 1)
	move(bob, "k\r", 2)
	for i := range 3 {
		move(alice, "l\r", 3+2*i)
		move(bob, "l\r", 4+2*i)
	}
	browsertest.Shot(t, tab, "live")
	move(alice, "l\r", 9)
	alice.waitFor("Player 1P(alice)의 승리로 게임을 종료합니다.")
	waitText(t, tab, "#live .result", "alice won (five in a row)")
	t.Logf("the slowest of 9 stones reached the page %v after its keys were sent over SSH", slowest)
	if slowest > time.Second {
		t.Errorf("a stone took %v to reach the page, over a second", slowest)
	}
	if n, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#live svg.omok .stone.win").length`)); n != 5 {
		t.Errorf("%d stones of the winning line marked, want 5", n)
	}
	browsertest.Shot(t, tab, "live-end")

	// The kept game, from the live page's link: the arrow keys step
	// through its moves, and its record downloads as a .psq that omok's
	// reader (what omok convert runs) reads back to the moves played.
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`#live a[href^="/game/"]`)), chromedp.WaitVisible(chromedp.CSS("#steps svg.omok"))); err != nil {
		t.Fatal(err)
	}
	shownStones := func() int {
		n, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#steps svg .stone:not(.hidden)").length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := shownStones(); n != 9 {
		t.Errorf("the kept game shows %d stones, want all 9", n)
	}
	for _, k := range []struct {
		key  string
		want int
	}{{kb.ArrowLeft, 8}, {kb.ArrowLeft, 7}, {kb.Home, 0}, {kb.ArrowRight, 1}, {kb.End, 9}} {
		if err := chromedp.Do(tab, chromedp.KeyEvent(k.key)); err != nil {
			t.Fatal(err)
		}
		if n := shownStones(); n != k.want {
			t.Errorf("after %q: %d stones shown, want %d", k.key, n, k.want)
		}
	}
	downloads := t.TempDir()
	progress := chromedp.Events(tab, browser.DownloadProgress)
	if err := chromedp.Do(tab, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: downloads, EventsEnabled: new(true)})
		return err
	}), chromedp.Click(chromedp.CSS(`a[href$="/record"]`))); err != nil {
		t.Fatal(err)
	}
	var psq string
	for ev, err := range progress {
		if err != nil {
			t.Fatal(err)
		}
		if ev.State == browser.DownloadProgressStateCompleted {
			psq = filepath.Join(downloads, ev.GUID)
			break
		}
	}
	rec, err := omok.ReadRecordFile(psq)
	if err != nil {
		t.Fatalf("the downloaded record: %v", err)
	}
	if got, want := rec.MoveString(), "h8 h9 i8 i9 j8 j9 k8 k9 l8"; got != want {
		t.Errorf("the downloaded record's moves: %q, want %q", got, want)
	}
	browsertest.Shot(t, tab, "kept-over-ssh")

	// The leaderboard, once alice and bob have played enough rated games
	// for their ratings to count, alice winning most: alice, then bob.
	settleRatings(t, srv.cfg.Store, "alice", "bob")
	if err := chromedp.Do(tab, chromedp.Navigate(base+"/leaders/omok/freestyle"), chromedp.WaitVisible(chromedp.CSS("main table"))); err != nil {
		t.Fatal(err)
	}
	names, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("main table tbody tr a")].map(a => a.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names, []string{"alice", "bob"}) {
		t.Errorf("the leaderboard lists %q, want alice then bob", names)
	}
	browsertest.Shot(t, tab, "leaders")
}

// settleRatings plays rated games of omok freestyle between the players
// named a and b straight into st, a winning two of three, until neither
// rating is provisional.
func settleRatings(t *testing.T, st store.Store, a, b string) {
	t.Helper()
	ctx := context.Background()
	var seats [2]store.Seat
	for i, name := range []string{a, b} {
		p, err := st.PlayerNamed(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		seats[i] = store.Seat{Key: p.Key, Name: p.Name}
	}
	for n := range 200 {
		id, err := st.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "RATE", Seats: seats, Started: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		g, err := st.Finish(ctx, id, store.Result{Ended: time.Now(), Winner: n % 3 / 2, How: store.Resigned})
		if err != nil {
			t.Fatal(err)
		}
		if !g.After[0].Provisional() && !g.After[1].Provisional() {
			return
		}
	}
	t.Fatal("the ratings are not settled after 200 games")
}

package serve

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"termgames/internal/browsertest"
	siteweb "termgames/serve/web"
)

// startSite serves the web pages of srv's lobby and store on 127.0.0.1
// until the test ends, and returns their address: http://127.0.0.1:PORT.
func startSite(t *testing.T, srv *testServer) string {
	t.Helper()
	site, err := siteweb.New(siteweb.Config{Lobby: srv.lobby, Store: srv.cfg.Store, Log: srv.log})
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

// A table opened over SSH, in a browser: the page of the tables lists it,
// its live page shows each stone placed over SSH within a second, and the
// end of the game, the winner and how.
func TestBrowserLiveTable(t *testing.T) {
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
}

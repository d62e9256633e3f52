package serve

import (
	"fmt"
	"testing"

	"go.uber.org/goleak"
)

// 1,000 players come and go, half by quitting and half by dropping the
// connection, some of them after opening an online table or watching one,
// and leave no goroutine behind: each session's reader, its window-change
// drain, its commands (a table's wait among them) and the SSH library's
// own goroutines all end with it.
func TestNoGoroutineLeftBehind(t *testing.T) {
	cycles := 1000
	if testing.Short() {
		cycles = 100
	}
	srv := startServer(t, config{MaxPerAddress: 50, NewMenu: gamesMenu})
	host := connect(t, srv.addr, "host", noKey(), 100, 30, narrow, "")
	code := openOmok(host, "1")                     // a table that stays, to be joined once and watched
	opts := []goleak.Option{goleak.IgnoreCurrent()} // the server's accept loop, the host's session, other tests'
	for i := range cycles {
		c := connect(t, srv.addr, fmt.Sprint("p", i), noKey(), 100, 30, narrow, "")
		c.waitFor("choose:")
		switch {
		case i%10 == 1:
			openOmok(c, "1") // closed when its host leaves
		case i == 5:
			enterOnline(c, "o", "2", code) // a seat, then away when dropped
			c.waitFor("2P ●  p5 (나)")
		case i%10 == 3:
			enterOnline(c, "o", "4", code)
			c.waitFor("관전 중입니다")
		}
		if i%2 == 0 {
			c.send("\x03") // Ctrl-C, wherever the player is
			c.end()
		}
		c.conn.Close()
	}
	host.send("\x03") // its table's wait started after IgnoreCurrent
	host.end()
	goleak.VerifyNone(t, opts...)
	// The host's session began before IgnoreCurrent, so VerifyNone does not
	// wait for it: its count may still be on its way down.
	if !waitUntil(func() bool { return srv.Players() == 0 }) {
		t.Errorf("%d sessions still counted", srv.Players())
	}
}

package serve

import (
	"fmt"
	"testing"

	"go.uber.org/goleak"
)

// 1,000 players come and go, half by quitting and half by dropping the
// connection mid-game, and leave no goroutine behind: each session's
// reader, its window-change drain, its idle timer, its commands and the
// SSH library's own goroutines all end with it.
func TestNoGoroutineLeftBehind(t *testing.T) {
	cycles := 1000
	if testing.Short() {
		cycles = 100
	}
	srv := startServer(t, Config{MaxPerAddress: 50})
	opts := []goleak.Option{goleak.IgnoreCurrent()} // the server's accept loop, and other tests'
	for i := range cycles {
		c := connect(t, srv.addr, fmt.Sprint("p", i), noKey(), 80, 24, narrow, "")
		c.waitFor("name p")
		if i%2 == 0 {
			c.send("q")
			c.end()
		}
		c.conn.Close()
	}
	goleak.VerifyNone(t, opts...)
	if n := srv.Players(); n != 0 {
		t.Errorf("%d sessions still counted", n)
	}
}

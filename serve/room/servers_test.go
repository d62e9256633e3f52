package room

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"termgames/internal/store"
)

// serverLobby is a lobby of the server named name on st's database, its
// games in play back and its lease begun.
func serverLobby(t *testing.T, st store.Store, name string) *Lobby {
	t.Helper()
	l := NewLobby(Config{Store: st, Hold: time.Minute, Server: store.Server{Name: name, Public: name + ".example:2222"}})
	if err := l.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	return l
}

// Two servers on one database: a table's code is unique across both,
// even when both draw the same; each lists the other's tables with the
// command that reaches them, as they change, and tells where a table of
// the other is; a server that stops leaves the other's list.
func TestTwoServersTables(t *testing.T) {
	ctx := context.Background()
	st := tempStore(t)
	seoul, busan := serverLobby(t, st, "seoul"), serverLobby(t, st, "busan")
	t.Cleanup(busan.Close)
	// Both draw the same codes, in the same order.
	seoul.rng, busan.rng = rand.New(rand.NewPCG(1, 2)), rand.New(rand.NewPCG(1, 2))

	a := seoul.Open(Setup{Game: Omok, Rule: "renju"}, alice)
	b := busan.Open(Setup{Game: Omok}, bob)
	if a.Code == b.Code {
		t.Fatalf("both servers opened a table %s", a.Code)
	}
	busan.sync(ctx)
	got := busan.Tables(Omok)
	if len(got) != 2 || got[0].Code != b.Code || got[0].Server.Name != "" || got[1].Code != a.Code {
		t.Fatalf("busan's tables: %+v", got)
	}
	want := Listing{Server: store.Server{Name: "seoul", Public: "seoul.example:2222"}, Code: a.Code, Host: "alice",
		Setup: Setup{Game: Omok, Rule: "renju"}.normal(), Rated: true}
	if got[1] != want {
		t.Errorf("seoul's table on busan's list:\n got %+v\nwant %+v", got[1], want)
	}
	if c := Command(got[1]); c != "ssh -p 2222 seoul.example join "+a.Code {
		t.Errorf("the way to seoul's table: %q", c)
	}
	if li, ok := busan.Elsewhere(a.Code); !ok || li.Server.Name != "seoul" {
		t.Errorf("busan does not know where %s is: %+v %v", a.Code, li, ok)
	}
	if _, ok := seoul.Elsewhere(a.Code); ok {
		t.Errorf("seoul's own table is elsewhere to seoul")
	}
	if n := len(busan.Tables(Baseball)); n != 0 {
		t.Errorf("%d baseball tables", n)
	}

	// A player sits down at seoul: busan's list says so at its next read.
	if _, _, err := seoul.Join(a.Code, Omok, Seat{Name: "guest"}); err != nil {
		t.Fatal(err)
	}
	seoul.sync(ctx)
	busan.sync(ctx)
	if li, _ := busan.Elsewhere(a.Code); !li.Playing || li.Rated {
		t.Errorf("seoul's table, playing: %+v", li)
	} else if c := Command(li); c != "ssh -p 2222 seoul.example watch "+a.Code {
		t.Errorf("the way to watch seoul's table: %q", c)
	}

	// seoul stops: its tables leave busan's list, and their codes are free.
	seoul.Close()
	busan.sync(ctx)
	if got := busan.Tables(Omok); len(got) != 1 || got[0].Code != b.Code {
		t.Errorf("busan's tables after seoul stopped: %+v", got)
	}
	if err := st.Announce(ctx, store.Server{Name: "jeju"}, time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := st.OpenTable(ctx, store.Table{Code: a.Code, Server: store.Server{Name: "jeju"}, Game: "omok"}); err != nil {
		t.Errorf("the code of a table of a server stopped: %v", err)
	}
}

// A server killed (no Close) leaves the other's list when its lease ends;
// started again, it has its own game in play back under its code, and the
// other server, started again too, has not taken it.
func TestServerKilled(t *testing.T) {
	ctx := context.Background()
	path := t.TempDir() + "/games.db"
	st := reopenStore(t, path)
	seoul, busan := serverLobby(t, st, "seoul"), serverLobby(t, st, "busan")
	t.Cleanup(busan.Close)
	tb := seoul.Open(Setup{Game: Omok}, alice)
	seoul.Join(tb.Code, Omok, bob)
	if err := tb.Move(0, "h8"); err != nil {
		t.Fatal(err)
	}
	code := tb.Code
	seoul.sync(ctx)

	// seoul is killed: it renews its lease no more, and takes nothing
	// off the lists; its lease runs out.
	close(seoul.stopRenew)
	seoul.renewing.Wait()
	seoul.mu.Lock()
	seoul.renewStarted = false
	seoul.mu.Unlock()
	t.Cleanup(seoul.Close)
	if err := st.Announce(ctx, seoul.server, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)
	busan.sync(ctx)
	if got := busan.Tables(Omok); len(got) != 0 {
		t.Errorf("busan lists the tables of a server whose lease ended: %+v", got)
	}

	busan2 := serverLobby(t, st, "busan")
	t.Cleanup(busan2.Close)
	if _, _, ok := busan2.Held(alice.Key); ok {
		t.Fatal("busan brought back seoul's game")
	}
	seoul2 := serverLobby(t, st, "seoul")
	t.Cleanup(seoul2.Close)
	back, seat, ok := seoul2.Held(alice.Key)
	if !ok || seat != 0 || back.Code != code {
		t.Fatalf("seoul's game is not back: %v %d %v", back, seat, ok)
	}
	busan2.sync(ctx)
	if li, ok := busan2.Elsewhere(code); !ok || !li.Playing {
		t.Errorf("busan does not list seoul's game brought back: %+v %v", li, ok)
	}
}

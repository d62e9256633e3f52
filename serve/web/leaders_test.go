package web

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"termgames/internal/store"
)

// settle plays rated omok freestyle games between the players with keys a
// and b through the store, until both ratings are settled (no longer
// glicko2's Provisional): a wins two games of three. Through the store,
// as the tables keep them, but without a board: it is the ratings that
// are tested.
func settle(t *testing.T, st store.Store, a, b string) {
	t.Helper()
	ctx := context.Background()
	seats := [2]store.Seat{}
	for i, key := range []string{a, b} {
		p, err := st.Player(ctx, key, "x")
		if err != nil {
			t.Fatal(err)
		}
		seats[i] = store.Seat{Key: key, Name: p.Name}
	}
	at := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	for n := 0; n < 200; n++ {
		id, err := st.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "TEST", Seats: seats, Started: at})
		if err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Minute)
		g, err := st.Finish(ctx, id, store.Result{Ended: at, Winner: n % 3 / 2, How: store.Resigned})
		if err != nil {
			t.Fatal(err)
		}
		if !g.After[0].Provisional() && !g.After[1].Provisional() {
			return
		}
	}
	t.Fatal("the ratings are not settled after 200 games")
}

// named registers the player with key under name, whatever name.
func named(t *testing.T, st store.Store, key, name string) {
	t.Helper()
	ctx := context.Background()
	if _, err := st.Player(ctx, key, "x"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Rename(ctx, key, name); err != nil {
		t.Fatal(err)
	}
}

func TestLeaderboards(t *testing.T) {
	st, _, base := keptSite(t)
	named(t, st, "SHA256:alice", "alice")
	named(t, st, "SHA256:bob", "bob")
	settle(t, st, "SHA256:alice", "SHA256:bob")
	// A player with one rated game is not settled: left out.
	named(t, st, "SHA256:new1", "newcomer")
	named(t, st, "SHA256:new2", "newcomer2")
	ctx := context.Background()
	id, err := st.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "NEW", Started: time.Now(),
		Seats: [2]store.Seat{{Key: "SHA256:new1", Name: "newcomer"}, {Key: "SHA256:new2", Name: "newcomer2"}}})
	if err == nil {
		_, err = st.Finish(ctx, id, store.Result{Ended: time.Now(), Winner: 0, How: store.Five})
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddMinesGame(ctx, "SHA256:bob", store.MinesGame{Level: "beginner", Won: true, Time: 12340 * time.Millisecond,
		Rate: 1.5, At: time.Now()}); err != nil {
		t.Fatal(err)
	}

	row := regexp.MustCompile(`<tr><td class="num">(\d+)</td><td><a href="/player/(\w+)">\w+</a></td><td class="num">(\d+)</td>`)
	for _, path := range []string{"/leaders", "/leaders/omok", "/leaders/omok/freestyle"} {
		status, body := get(t, base, path, "en")
		if status != 200 {
			t.Fatalf("%s: status %d", path, status)
		}
		i := strings.Index(body, `<a href="/leaders/omok/freestyle">Omok freestyle</a>`)
		if i < 0 {
			t.Fatalf("%s: no board of omok freestyle:\n%s", path, body)
		}
		section := body[i:]
		section = section[:strings.Index(section, "</section>")]
		rows := row.FindAllStringSubmatch(section, -1)
		if len(rows) != 2 || rows[0][1] != "1" || rows[0][2] != "alice" || rows[1][1] != "2" || rows[1][2] != "bob" ||
			rows[0][3] <= rows[1][3] || strings.Contains(section, "newcomer") {
			t.Errorf("%s: the board lists %v, want alice above bob and no newcomer:\n%s", path, rows, section)
		}
	}
	_, body := get(t, base, "/leaders", "en")
	for _, want := range []string{"Omok renju", "Number baseball", "Minesweeper race ", "No rated game yet.",
		"Minesweeper&#39;s best times", "12.34 s"} {
		if !strings.Contains(body, want) {
			t.Errorf("/leaders lacks %q", want)
		}
	}
	_, body = get(t, base, "/leaders/omok/freestyle", "ko")
	if strings.Contains(body, "렌주룰") || !strings.Contains(body, "오목 자유룰") {
		t.Errorf("one rule's board shows others:\n%s", body)
	}
}

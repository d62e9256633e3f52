package postgres

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"termgames/internal/glicko2"
	"termgames/internal/store"
)

// Two servers on one database end 200 rated games at the same instant, 40
// of each of ten players: every game counts, and the ratings are those of
// the same games ended one after another.
//
// Glicko-2's updates depend on the order of the games, so the order is
// read back from what the stores answered: each game's Before of a player
// is the After of that player's game just before it. Following those
// links gives each player's games in the order they were rated (a lost
// update shows as two games rated from one rating), and any order that
// keeps every player's is the order the database committed them in, as far
// as the ratings can tell. The games are then ended again, one at a time in
// that order, on a fresh database, and every rating must come out the same
// to the last bit.
func TestPostgresConcurrentFinish(t *testing.T) {
	const players, games = 10, 200
	dsn := cluster.Database(t)
	var servers [2]*Store
	for i := range servers {
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		servers[i] = s
	}
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
		if _, err := servers[i%2].Player(ctx, "SHA256:"+names[i], names[i]); err != nil {
			t.Fatal(err)
		}
	}
	// Game i: players i and i+1+i/10 (of ten, never the same), won by
	// seat 0, seat 1 or drawn in turn; begun on either server.
	seats := func(i int) [2]int { return [2]int{i % players, (i + 1 + (i/players)%(players-1)) % players} }
	winner := func(i int) int { return i%3 - 1 }
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	begin := func(s *Store, i int) int64 {
		t.Helper()
		p := seats(i)
		var g store.Game
		g.Game, g.Rule, g.Code, g.Started = "omok", "freestyle", fmt.Sprint(i), start
		for k, n := range p {
			g.Seats[k] = store.Seat{Key: "SHA256:" + names[n], Name: names[n]}
		}
		id, err := s.Begin(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	ids := make([]int64, games)
	for i := range ids {
		ids[i] = begin(servers[i%2], i)
	}

	ended := make([]store.Game, games)
	gate := make(chan struct{})
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			<-gate
			g, err := servers[i%2].Finish(ctx, ids[i], store.Result{Ended: start.Add(time.Hour), Winner: winner(i), How: "five"})
			if err != nil {
				t.Error(err)
			}
			ended[i] = g
		})
	}
	close(gate)
	wg.Wait()
	if t.Failed() {
		return
	}

	order := ratedOrder(t, games, seats, ended)
	if t.Failed() {
		return
	}
	replay, err := Open(ctx, cluster.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	defer replay.Close()
	for _, name := range names {
		if _, err := replay.Player(ctx, "SHA256:"+name, name); err != nil {
			t.Fatal(err)
		}
	}
	for _, i := range order {
		g, err := replay.Finish(ctx, begin(replay, i), store.Result{Ended: start.Add(time.Hour), Winner: winner(i), How: "five"})
		if err != nil {
			t.Fatal(err)
		}
		if g.Before != ended[i].Before || g.After != ended[i].After {
			t.Errorf("game %d: %v -> %v at once, %v -> %v one at a time", i, ended[i].Before, ended[i].After, g.Before, g.After)
		}
	}
	for _, name := range names {
		want, err := replay.RatingsOf(ctx, "SHA256:"+name)
		if err != nil {
			t.Fatal(err)
		}
		for k, s := range servers {
			got, err := s.RatingsOf(ctx, "SHA256:"+name)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s on server %d: %+v, one at a time %+v", name, k, got, want)
			}
		}
		if len(want) != 1 || want[0].Games != 2*games/players {
			t.Errorf("%s: %+v, want %d games", name, want, 2*games/players)
		}
	}
}

// ratedOrder is an order of the games ended that keeps each player's games
// in the order they were rated, found by following each player's Before
// to the After of their game before; it fails t when the links do not
// make one chain a player (a rating lost, or counted twice).
func ratedOrder(t *testing.T, games int, seats func(int) [2]int, ended []store.Game) []int {
	t.Helper()
	type link struct {
		player int
		from   glicko2.Rating
	}
	next := map[link]int{} // the game that a player played from a rating
	byPlayer := map[int]int{}
	for i, g := range ended {
		for k, p := range seats(i) {
			l := link{p, g.Before[k]}
			if j, ok := next[l]; ok {
				t.Errorf("player %d's games %d and %d were both rated from %v", p, j, i, l.from)
			}
			next[l] = i
			byPlayer[p]++
		}
	}
	after := make([][]int, games) // the games that must come after each
	before := make([]int, games)  // how many must come before each
	for p, n := range byPlayer {
		r, prev := glicko2.Initial, -1
		for range n {
			i, ok := next[link{p, r}]
			if !ok {
				t.Errorf("player %d: no game rated from %v: the chain breaks", p, r)
				return nil
			}
			k := 0
			if seats(i)[1] == p {
				k = 1
			}
			if prev >= 0 {
				after[prev] = append(after[prev], i)
				before[i]++
			}
			r, prev = ended[i].After[k], i
		}
	}
	var order, ready []int
	for i := range games {
		if before[i] == 0 {
			ready = append(ready, i)
		}
	}
	for len(ready) > 0 {
		i := ready[0]
		ready = ready[1:]
		order = append(order, i)
		for _, j := range after[i] {
			if before[j]--; before[j] == 0 {
				ready = append(ready, j)
			}
		}
	}
	if len(order) != games {
		t.Errorf("the players' orders of their games disagree: %d of %d games in order", len(order), games)
	}
	return order
}

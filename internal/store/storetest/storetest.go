// Package storetest is the contract every store.Store keeps, as a test:
// store/sqlite and store/postgres run the same Run, so that what holds for
// the file holds for the database, and the other way round. Fill and Same
// (fill.go) check that a copy from one store into another answers alike.
package storetest

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"termgames/internal/glicko2"
	"termgames/internal/store"
)

// Run runs the contract against the stores that open makes: a new, empty
// store for each subtest, which Run closes when the subtest ends.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		test func(t *testing.T, s store.Store)
	}{
		{"Names", testNames},
		{"Games", testGames},
		{"BadGames", testBadGames},
		{"GamesOf", testGamesOf},
		{"Unrated", testUnrated},
		{"Ratings", testRatings},
		{"Leaderboard", testLeaderboard},
		{"Mines", testMines},
		{"Chat", testChat},
		{"Social", testSocial},
		{"LookAlikes", testLookAlikes},
		{"Rename", testRename},
		{"MoveKey", testMoveKey},
		{"Sanctions", testSanctions},
		{"AdminLog", testAdminLog},
		{"Concurrent", testConcurrent},
		{"Servers", testServers},
		{"Tables", testTables},
		{"Leases", testLeases},
		{"Probe", testProbe},
		{"Closed", testClosed},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("close: %v", err)
				}
			})
			c.test(t, s)
		})
	}
}

// t0 is when the games of the tests start; its nanoseconds show that a
// store keeps times to the millisecond (store.KeptTime).
var t0 = time.Date(2025, 5, 1, 20, 0, 0, 123_456_789, time.UTC)

var ctx = context.Background()

// key is the fingerprint of a test player's key.
func key(name string) string { return "SHA256:" + name }

// register registers a player with key(name) wanting name, and fails the
// test unless they get name.
func register(t *testing.T, s store.Store, names ...string) {
	t.Helper()
	for _, name := range names {
		p, err := s.Player(ctx, key(name), name)
		if err != nil {
			t.Fatalf("register %s: %v", name, err)
		}
		if p.Name != name {
			t.Fatalf("register %s: named %q", name, p.Name)
		}
	}
}

func testNames(t *testing.T, s store.Store) {
	for _, c := range []struct {
		key, want, name string
	}{
		{"k1", "alice", "alice"},
		{"k2", "alice", "alice~2"},
		{"k1", "bob", "alice"}, // the first key keeps "alice" for good
		{"k3", "alice", "alice~3"},
		{"k2", "alice", "alice~2"},
		{"k4", "alice~2", "alice2"}, // a '~' asked for is dropped
		{"k5", "abcdefghijklmnop", "abcdefghijkl"},
		{"k6", "abcdefghijklmnop", "abcdefghij~2"},
		{"k7", "가나다라마바사", "가나다라마바"},
		{"k8", "가나다라마바사", "가나다라마~2"},
		{"k11", "Alice", "Alice~4"}, // names are told apart without case
		{"k12", "ALICE~2", "ALICE2~2"},
	} {
		p, err := s.Player(ctx, c.key, c.want)
		if err != nil {
			t.Fatalf("Player(%s, %s): %v", c.key, c.want, err)
		}
		if p.Key != c.key || p.Name != c.name || p.Created.IsZero() {
			t.Errorf("Player(%s, %s) = %+v, want the name %q", c.key, c.want, p, c.name)
		}
	}
	first, _ := s.Player(ctx, "k1", "alice")
	again, _ := s.Player(ctx, "k1", "carol")
	if !again.Created.Equal(first.Created) {
		t.Errorf("created %v, then %v", first.Created, again.Created)
	}
	for _, c := range []struct {
		name  string
		taken bool
	}{
		{"alice", true},
		{"ALICE", true},
		{"Alice~4", true},
		{"alice~2", true},
		{"alice2", true},
		{"alice~6", false},
		{"abcdefghij~2", true},
		{"가나다라마바", true},
		{"bob", false},
		{"carol", false},
		{"alice~5", false},
		{"", false},
	} {
		taken, err := s.NameTaken(ctx, c.name)
		if err != nil || taken != c.taken {
			t.Errorf("NameTaken(%q) = %v, %v; want %v", c.name, taken, err, c.taken)
		}
	}
	// A guest has no name to keep; a key without a name gets none.
	if p, err := s.Player(ctx, "", "dave"); err == nil {
		t.Errorf("a guest was registered: %+v", p)
	}
	if p, err := s.Player(ctx, "k9", ""); err == nil {
		t.Errorf("an empty name was given: %+v", p)
	}
	if p, err := s.Player(ctx, "k9", "erin"); err != nil || p.Name != "erin" {
		t.Errorf("after a refusal: %+v, %v", p, err)
	}
}

// norm is g with every time in UTC and empty slices nil, so that two
// games kept alike compare equal with reflect.DeepEqual.
func norm(g store.Game) store.Game {
	g.Started = utc(g.Started)
	g.Ended = utc(g.Ended)
	if len(g.Record) == 0 {
		g.Record = nil
	}
	if len(g.Moves) == 0 {
		g.Moves = nil
	} else {
		g.Moves = slices.Clone(g.Moves)
	}
	for i := range g.Moves {
		g.Moves[i].At = utc(g.Moves[i].At)
	}
	return g
}

func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

// sameGame fails the test unless got is want, as kept.
func sameGame(t *testing.T, what string, got, want store.Game) {
	t.Helper()
	if g, w := norm(got), norm(want); !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, g, w)
	}
}

// omok is a game of omok between a and b (names of registered players, ""
// for a guest named guest) beginning at start.
func omok(a, b string, start time.Time) store.Game {
	seat := func(name, resume string) store.Seat {
		if name == "" {
			return store.Seat{Name: "guest", Resume: resume}
		}
		return store.Seat{Key: key(name), Name: name, Resume: resume}
	}
	return store.Game{
		Game:    "omok",
		Rule:    "freestyle",
		Code:    "ab12",
		Seats:   [2]store.Seat{seat(a, "r-"+a), seat(b, "r-"+b)},
		Started: start,
	}
}

func testGames(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob")
	g := omok("alice", "bob", t0)
	g.Options = "3+2 swap2" // kept as given, whatever it says
	id, err := s.Begin(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	want := g
	want.ID = id
	want.Rated = true
	want.Started = store.KeptTime(g.Started)
	got, err := s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, "begun", got, want)

	// Moves come back in the order made, with their times.
	for i, text := range []string{"h8", "i9", "g7"} {
		m := store.Move{
			Seat: i % 2,
			Text: text,
			Time: time.Duration(i+1)*time.Second + 987_654*time.Nanosecond,
			At:   t0.Add(time.Duration(i+1)*time.Second + 123_456),
		}
		if err := s.AddMove(ctx, id, m); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		m.Time = store.KeptDuration(m.Time)
		m.At = store.KeptTime(m.At)
		want.Moves = append(want.Moves, m)
	}
	got, err = s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, "in play", got, want)

	// A second game, which stays in play.
	other := omok("bob", "", t0.Add(time.Minute))
	other.Game, other.Rule, other.Code, other.Options = "baseball", "", "cd34", "30s/move"
	otherID, err := s.Begin(ctx, other)
	if err != nil {
		t.Fatal(err)
	}
	if otherID == id {
		t.Fatalf("two games with the ID %d", id)
	}
	if err := s.AddMove(ctx, otherID, store.Move{Seat: 1, Text: "=123", At: t0.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	in, err := s.InPlay(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(in, func(a, b store.Game) int { return cmp.Compare(a.ID, b.ID) })
	if len(in) != 2 || in[0].ID != min(id, otherID) {
		t.Fatalf("in play: %+v", in)
	}
	if in[0].ID != id {
		in[0], in[1] = in[1], in[0]
	}
	sameGame(t, "in play after a restart", in[0], want)
	if len(in[1].Moves) != 1 || in[1].Rated || in[1].Seats[0].Resume != "r-bob" || in[1].Options != "30s/move" {
		t.Errorf("the other game in play: %+v", in[1])
	}

	// The end: kept with its record, the resume codes gone, and the game
	// no longer in play.
	r := store.Result{Ended: t0.Add(10*time.Minute + 5), Winner: 0, How: "five", Record: []byte("Piskvork\n15x15, 11, 0\n8,8,1000\n")}
	ended, err := s.Finish(ctx, id, r)
	if err != nil {
		t.Fatal(err)
	}
	want.Ended = store.KeptTime(r.Ended)
	want.Winner, want.How, want.Record = r.Winner, r.How, r.Record
	want.Seats[0].Resume, want.Seats[1].Resume = "", ""
	want.Before = [2]glicko2.Rating{glicko2.Initial, glicko2.Initial}
	want.After = store.Rate(want.Before, 0)
	sameGame(t, "finished", ended, want)
	got, err = s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, "finished, read again", got, want)
	in, err = s.InPlay(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(in) != 1 || in[0].ID != otherID {
		t.Errorf("in play after the end of game %d: %+v", id, in)
	}

	// A draw ends a game too.
	drawn, err := s.Finish(ctx, otherID, store.Result{Ended: t0.Add(time.Hour), Winner: -1, How: "draw"})
	if err != nil {
		t.Fatal(err)
	}
	if drawn.Winner != -1 || drawn.How != "draw" || len(drawn.Moves) != 1 {
		t.Errorf("drawn: %+v", drawn)
	}
	if in, err := s.InPlay(ctx, ""); err != nil || len(in) != 0 {
		t.Errorf("in play with every game ended: %+v, %v", in, err)
	}
}

func testBadGames(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob")
	id, err := s.Begin(ctx, omok("alice", "bob", t0))
	if err != nil {
		t.Fatal(err)
	}
	move := store.Move{Seat: 0, Text: "h8", At: t0}
	end := store.Result{Ended: t0.Add(time.Minute), Winner: 1, How: "resigned"}

	// Unknown games.
	for _, bad := range []int64{0, -1, id + 100} {
		if err := s.AddMove(ctx, bad, move); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("AddMove to game %d: %v", bad, err)
		}
		if _, err := s.Finish(ctx, bad, end); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Finish game %d: %v", bad, err)
		}
		if _, err := s.Game(ctx, bad); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Game %d: %v", bad, err)
		}
	}

	// Bad input is refused and changes nothing.
	if _, err := s.Begin(ctx, omok("alice", "carol", t0)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a game with a key never registered: %v", err)
	}
	nameless := omok("alice", "bob", t0)
	nameless.Game = ""
	if _, err := s.Begin(ctx, nameless); err == nil {
		t.Error("a game with no name began")
	}
	for _, m := range []store.Move{{Seat: 2, Text: "h8"}, {Seat: 0}, {Seat: 1, Text: "h8", Time: -1}} {
		if err := s.AddMove(ctx, id, m); err == nil {
			t.Errorf("the move %+v was added", m)
		}
	}
	for _, r := range []store.Result{
		{Ended: t0, Winner: 2, How: "five"},
		{Winner: 0, How: "five"},
		{Ended: t0, Winner: 0},
	} {
		if _, err := s.Finish(ctx, id, r); err == nil {
			t.Errorf("the end %+v was kept", r)
		}
	}
	g, err := s.Game(ctx, id)
	if err != nil || len(g.Moves) != 0 || !g.Ended.IsZero() {
		t.Errorf("after bad moves and ends: %+v, %v", g, err)
	}
	if in, err := s.InPlay(ctx, ""); err != nil || len(in) != 1 {
		t.Errorf("in play after refusals: %+v, %v", in, err)
	}

	// An ended game takes nothing more, and keeps its first end.
	if err := s.AddMove(ctx, id, move); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(ctx, id, end); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMove(ctx, id, move); !errors.Is(err, store.ErrFinished) {
		t.Errorf("AddMove to an ended game: %v", err)
	}
	again := end
	again.Winner, again.How = 0, "five"
	if _, err := s.Finish(ctx, id, again); !errors.Is(err, store.ErrFinished) {
		t.Errorf("Finish of an ended game: %v", err)
	}
	g, err = s.Game(ctx, id)
	if err != nil || len(g.Moves) != 1 || g.Winner != 1 || g.How != "resigned" {
		t.Errorf("after a second end: %+v, %v", g, err)
	}
	rs, err := s.RatingsOf(ctx, key("bob"))
	if err != nil || len(rs) != 1 || rs[0].Games != 1 {
		t.Errorf("ratings after a second end: %+v, %v", rs, err)
	}
}

func testGamesOf(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob", "carol")
	play := func(a, b string, start, end time.Time) int64 {
		t.Helper()
		g := omok(a, b, start)
		g.Options = "5+5 " + g.Seats[0].Name // not the same for every game
		id, err := s.Begin(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AddMove(ctx, id, store.Move{Seat: 0, Text: "h8", At: start}); err != nil {
			t.Fatal(err)
		}
		if !end.IsZero() {
			if _, err := s.Finish(ctx, id, store.Result{Ended: end, Winner: 0, How: "five"}); err != nil {
				t.Fatal(err)
			}
		}
		return id
	}
	at := func(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }
	// Ended out of the order begun: newest first is by the end.
	g1 := play("alice", "bob", at(0), at(30))
	g2 := play("bob", "alice", at(1), at(10))
	g3 := play("carol", "alice", at(2), at(20))
	play("alice", "bob", at(3), time.Time{}) // in play: not among the ended
	g5 := play("bob", "carol", at(4), at(40))
	g6 := play("", "alice", at(5), at(50)) // a guest's game is alice's too
	g7 := play("alice", "alice", at(6), at(60))
	for _, c := range []struct {
		key   string
		limit int
		ids   []int64
	}{
		{key("alice"), 10, []int64{g7, g6, g1, g3, g2}},
		{key("alice"), 3, []int64{g7, g6, g1}},
		{key("alice"), 0, nil},
		{key("alice"), -1, nil},
		{key("bob"), 10, []int64{g5, g1, g2}},
		{key("carol"), 10, []int64{g5, g3}},
		{key("dave"), 10, nil},
		{"", 10, nil}, // guests have no games to look up
	} {
		games, err := s.GamesOf(ctx, c.key, c.limit)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, g := range games {
			ids = append(ids, g.ID)
			if len(g.Moves) != 0 || g.Ended.IsZero() || g.How != "five" || g.Options != "5+5 "+g.Seats[0].Name {
				t.Errorf("GamesOf(%s): %+v", c.key, g)
			}
		}
		if !slices.Equal(ids, c.ids) {
			t.Errorf("GamesOf(%s, %d) = %v, want %v", c.key, c.limit, ids, c.ids)
		}
	}
	games, err := s.GamesOf(ctx, key("alice"), 1)
	if err != nil || len(games) != 1 {
		t.Fatal(games, err)
	}
	full, err := s.Game(ctx, games[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	full.Moves = nil
	sameGame(t, "GamesOf against Game", games[0], full)
}

func testUnrated(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob")
	for _, c := range []struct {
		desc string
		g    store.Game
	}{
		{"a guest", omok("alice", "", t0)},
		{"a guest first", omok("", "bob", t0)},
		{"two guests", omok("", "", t0)},
		{"one key at both seats", omok("alice", "alice", t0)},
	} {
		c.g.Rated = true // Begin decides, not the caller
		id, err := s.Begin(ctx, c.g)
		if err != nil {
			t.Fatalf("%s: %v", c.desc, err)
		}
		g, err := s.Game(ctx, id)
		if err != nil || g.Rated {
			t.Errorf("%s: %+v, %v", c.desc, g, err)
		}
		g, err = s.Finish(ctx, id, store.Result{Ended: t0.Add(time.Minute), Winner: 0, How: "five"})
		if err != nil {
			t.Fatalf("%s: %v", c.desc, err)
		}
		if g.Rated || g.Before != [2]glicko2.Rating{} || g.After != [2]glicko2.Rating{} {
			t.Errorf("%s: finished as %+v", c.desc, g)
		}
	}
	for _, name := range []string{"alice", "bob"} {
		if rs, err := s.RatingsOf(ctx, key(name)); err != nil || len(rs) != 0 {
			t.Errorf("%s's ratings after unrated games: %+v, %v", name, rs, err)
		}
	}
	if board, err := s.Leaderboard(ctx, "omok", "freestyle", 10); err != nil || len(board) != 0 {
		t.Errorf("the leaderboard after unrated games: %+v, %v", board, err)
	}
}

// ratings follows what Finish should do to the players' ratings, by hand.
type ratings map[[3]string]store.Rating

// play plays a rated game of game and rule between a and b that winner
// won, checks Before and After against glicko2.Update by hand, and keeps
// the new ratings in rs.
func (rs ratings) play(t *testing.T, s store.Store, game, rule, a, b string, winner int) {
	t.Helper()
	rs.end(t, s, game, rule, a, b, winner, "five")
}

// end is play with the game ended how: every way to end but store.Void
// rates by the winner alone.
func (rs ratings) end(t *testing.T, s store.Store, game, rule, a, b string, winner int, how store.How) {
	t.Helper()
	g := omok(a, b, t0)
	g.Game, g.Rule = game, rule
	id, err := s.Begin(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	end, err := s.Finish(ctx, id, store.Result{Ended: t0.Add(time.Minute), Winner: winner, How: how})
	if err != nil {
		t.Fatal(err)
	}
	names := [2]string{a, b}
	var before [2]glicko2.Rating
	for i, name := range names {
		r, ok := rs[[3]string{name, game, rule}]
		if !ok {
			r = store.Rating{Game: game, Rule: rule, Rating: glicko2.Initial}
		}
		before[i] = r.Rating
	}
	for i, name := range names {
		score := map[int]float64{-1: 0.5, i: 1, 1 - i: 0}[winner]
		after := glicko2.Update(before[i], []glicko2.Result{{Opponent: before[1-i], Score: score}}, glicko2.Tau)
		if end.Before[i] != before[i] || end.After[i] != after {
			t.Errorf("%s in game %d: %v -> %v, want %v -> %v", name, id, end.Before[i], end.After[i], before[i], after)
		}
		r := rs[[3]string{name, game, rule}]
		r.Game, r.Rule, r.Rating = game, rule, after
		r.Games++
		switch score {
		case 1:
			r.Wins++
		case 0:
			r.Losses++
		default:
			r.Draws++
		}
		rs[[3]string{name, game, rule}] = r
	}
}

// check fails the test unless RatingsOf(name) is what rs holds for name.
func (rs ratings) check(t *testing.T, s store.Store, name string) {
	t.Helper()
	got, err := s.RatingsOf(ctx, key(name))
	if err != nil {
		t.Fatal(err)
	}
	var want []store.Rating
	for k, r := range rs {
		if k[0] == name {
			want = append(want, r)
		}
	}
	order := func(a, b store.Rating) int { return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Rule, b.Rule)) }
	slices.SortFunc(got, order)
	slices.SortFunc(want, order)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("RatingsOf(%s):\n got %+v\nwant %+v", name, got, want)
	}
}

func testRatings(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob", "carol")
	rs := ratings{}
	rs.play(t, s, "omok", "freestyle", "alice", "bob", 0)  // a win
	rs.play(t, s, "omok", "freestyle", "bob", "alice", 0)  // a loss, alice second
	rs.play(t, s, "omok", "freestyle", "alice", "bob", -1) // a draw
	rs.play(t, s, "omok", "freestyle", "carol", "alice", 1)
	rs.play(t, s, "omok", "renju", "alice", "bob", 1) // another rule: another rating
	rs.play(t, s, "baseball", "", "bob", "carol", 0)  // another game
	rs.play(t, s, "baseball", "", "carol", "bob", -1)
	rs.end(t, s, "omok", "freestyle", "bob", "carol", 1, "time")    // bob lost on time
	rs.end(t, s, "omok", "freestyle", "carol", "bob", -1, "agreed") // a draw agreed
	for _, name := range []string{"alice", "bob", "carol"} {
		rs.check(t, s, name)
	}
	alice := rs[[3]string{"alice", "omok", "freestyle"}]
	if alice.Games != 4 || alice.Wins != 2 || alice.Losses != 1 || alice.Draws != 1 {
		t.Errorf("alice at omok: %+v", alice)
	}
	bob := rs[[3]string{"bob", "omok", "freestyle"}]
	if bob.Games != 5 || bob.Wins != 1 || bob.Losses != 2 || bob.Draws != 2 {
		t.Errorf("bob at omok: %+v", bob)
	}
	if got, err := s.RatingsOf(ctx, key("dave")); err != nil || len(got) != 0 {
		t.Errorf("the ratings of nobody: %+v, %v", got, err)
	}
}

func testLeaderboard(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob", "carol", "dave", "erin")
	rs := ratings{}
	// alice beats everyone, bob beats carol and dave, carol beats dave;
	// erin plays only renju.
	for _, g := range [][2]string{
		{"alice", "bob"}, {"alice", "carol"}, {"alice", "dave"},
		{"bob", "carol"}, {"dave", "bob"}, {"carol", "dave"},
	} {
		winner := 0
		if g[0] == "dave" {
			winner = 1
		}
		rs.play(t, s, "omok", "freestyle", g[0], g[1], winner)
	}
	rs.play(t, s, "omok", "renju", "erin", "alice", 0)
	for _, c := range []struct {
		game, rule string
		limit      int
		names      []string
	}{
		{"omok", "freestyle", 10, []string{"alice", "bob", "carol", "dave"}},
		{"omok", "freestyle", 2, []string{"alice", "bob"}},
		{"omok", "freestyle", 0, nil},
		{"omok", "renju", 10, []string{"erin", "alice"}},
		{"baseball", "", 10, nil},
	} {
		board, err := s.Leaderboard(ctx, c.game, c.rule, c.limit)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for i, st := range board {
			names = append(names, st.Name)
			if want := rs[[3]string{st.Name, c.game, c.rule}]; st.Rating != want {
				t.Errorf("%s %s: %s's line %+v, want %+v", c.game, c.rule, st.Name, st.Rating, want)
			}
			if i > 0 && board[i-1].R < st.R {
				t.Errorf("%s %s: %v before %v", c.game, c.rule, board[i-1], st)
			}
		}
		if !slices.Equal(names, c.names) {
			t.Errorf("Leaderboard(%s, %s, %d) = %v, want %v", c.game, c.rule, c.limit, names, c.names)
		}
	}
	// Equal ratings come in the order of the names.
	register(t, s, "zed", "yan", "xia", "wu")
	rs.play(t, s, "baseball", "", "zed", "yan", -1)
	rs.play(t, s, "baseball", "", "xia", "wu", -1)
	board, err := s.Leaderboard(ctx, "baseball", "", 10)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, st := range board {
		names = append(names, st.Name)
	}
	if want := []string{"wu", "xia", "yan", "zed"}; !slices.Equal(names, want) {
		t.Errorf("a board of equals: %v, want %v", names, want)
	}
	// The established ratings come before the provisional ones, however
	// high: new1's one win puts it above the two who played on.
	register(t, s, "old1", "old2", "new1", "new2")
	for n := 0; n < 200 && (n == 0 || rs[[3]string{"old1", "omok", "standard"}].RD >= glicko2.ProvisionalRD ||
		rs[[3]string{"old2", "omok", "standard"}].RD >= glicko2.ProvisionalRD); n++ {
		rs.play(t, s, "omok", "standard", "old1", "old2", n%3/2) // old1 wins two of three
	}
	rs.play(t, s, "omok", "standard", "new1", "new2", 0)
	board, err = s.Leaderboard(ctx, "omok", "standard", 10)
	if err != nil {
		t.Fatal(err)
	}
	names = nil
	for _, st := range board {
		names = append(names, st.Name)
	}
	if want := []string{"old1", "old2", "new1", "new2"}; !slices.Equal(names, want) {
		t.Errorf("established, then provisional: %v, want %v", names, want)
	}
	if !board[2].Provisional() || board[1].Provisional() || board[2].R <= board[0].R {
		t.Errorf("the board's ratings: %+v", board)
	}
}

func testMines(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob", "carol")
	at := func(min int) time.Time { return t0.Add(time.Duration(min)*time.Minute + 456_789) }
	sec := func(s float64) time.Duration { return time.Duration(s*1000)*time.Millisecond + 321 }
	add := func(name string, g store.MinesGame) {
		t.Helper()
		if err := s.AddMinesGame(ctx, key(name), g); err != nil {
			t.Fatal(err)
		}
	}
	// Kept out of the order played: MinesGames is oldest first.
	aliceGames := []store.MinesGame{
		{Level: "beginner", Won: true, Time: sec(30.5), Rate: 1.25, At: at(5)},
		{Level: "beginner", Won: false, Time: sec(3), Rate: 0.5, At: at(1)},
		{Level: "beginner", Won: true, Time: sec(20.25), Rate: 2.5, At: at(3)},
		{Level: "30x16x99", Won: true, Time: sec(300), Rate: 0.9, At: at(2)},
		{Level: "beginner", Won: true, Time: sec(20.25), Rate: 2.5, At: at(4)}, // as fast, later
	}
	for _, g := range aliceGames {
		add("alice", g)
	}
	add("bob", store.MinesGame{Level: "beginner", Won: true, Time: sec(15), Rate: 3, At: at(6)})
	add("bob", store.MinesGame{Level: "beginner", Won: false, Time: sec(5), Rate: 3, At: at(7)}) // lost: no time
	add("carol", store.MinesGame{Level: "beginner", Won: false, Time: sec(1), Rate: 9, At: at(8)})
	add("carol", store.MinesGame{Level: "intermediate", Won: true, Time: sec(80), Rate: 1, At: at(9)})

	got, err := s.MinesGames(ctx, key("alice"))
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(aliceGames)
	slices.SortStableFunc(want, func(a, b store.MinesGame) int { return a.At.Compare(b.At) })
	if len(got) != len(want) {
		t.Fatalf("alice's games: %+v", got)
	}
	for i := range want {
		w := want[i]
		w.Time, w.At = store.KeptDuration(w.Time), store.KeptTime(w.At)
		g := got[i]
		if g.Level != w.Level || g.Won != w.Won || g.Time != w.Time || g.Rate != w.Rate || !g.At.Equal(w.At) {
			t.Errorf("alice's game %d: %+v, want %+v", i, g, w)
		}
	}
	if got, err := s.MinesGames(ctx, key("dave")); err != nil || len(got) != 0 {
		t.Errorf("nobody's games: %+v, %v", got, err)
	}

	for _, c := range []struct {
		level string
		limit int
		want  []store.MinesTime
	}{
		{"beginner", 10, []store.MinesTime{
			{Name: "bob", Time: store.KeptDuration(sec(15)), At: store.KeptTime(at(6))},
			{Name: "alice", Time: store.KeptDuration(sec(20.25)), At: store.KeptTime(at(3))},
		}},
		{"beginner", 1, []store.MinesTime{{Name: "bob", Time: store.KeptDuration(sec(15)), At: store.KeptTime(at(6))}}},
		{"beginner", 0, nil},
		{"intermediate", 10, []store.MinesTime{{Name: "carol", Time: store.KeptDuration(sec(80)), At: store.KeptTime(at(9))}}},
		{"expert", 10, nil},
	} {
		got, err := s.MinesLeaders(ctx, c.level, c.limit)
		if err != nil {
			t.Fatal(err)
		}
		same := len(got) == len(c.want)
		for i := 0; same && i < len(got); i++ {
			same = got[i].Name == c.want[i].Name && got[i].Time == c.want[i].Time && got[i].At.Equal(c.want[i].At)
		}
		if !same {
			t.Errorf("MinesLeaders(%s, %d) = %+v, want %+v", c.level, c.limit, got, c.want)
		}
	}

	// Only players with a key, and only whole games.
	if err := s.AddMinesGame(ctx, key("dave"), store.MinesGame{Level: "beginner", At: t0}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a game of a key never registered: %v", err)
	}
	if err := s.AddMinesGame(ctx, key("bob"), store.MinesGame{Time: time.Second, At: t0}); err == nil {
		t.Error("a game with no level was kept")
	}
	if got, err := s.MinesGames(ctx, key("bob")); err != nil || len(got) != 2 {
		t.Errorf("bob's games after a refusal: %+v, %v", got, err)
	}
}

// testConcurrent is the server on a busy night: tables adding moves and
// ending their games, all at once, while players read profiles and
// leaderboards. Nothing may fail (no "database is locked"), and every move
// and every rating must be there after.
func testConcurrent(t *testing.T, s store.Store) {
	const (
		players = 40
		tables  = 200
		moves   = 10
		readers = 20
		reads   = 10
	)
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("p%02d", i)
	}
	var wg sync.WaitGroup
	for _, name := range names { // registering at once too
		wg.Go(func() {
			if _, err := s.Player(ctx, key(name), name); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	// Table i seats players i and i+7 (of 40): each plays 10 games.
	seats := func(i int) [2]string { return [2]string{names[i%players], names[(i+7)%players]} }
	ids := make([]int64, tables)
	for i := range tables {
		wg.Go(func() {
			p := seats(i)
			id, err := s.Begin(ctx, omok(p[0], p[1], t0))
			if err != nil {
				t.Error(err)
				return
			}
			ids[i] = id
			for n := range moves {
				m := store.Move{Seat: n % 2, Text: fmt.Sprintf("m%d-%d", i, n), Time: time.Duration(n) * time.Millisecond, At: t0.Add(time.Duration(n) * time.Second)}
				if err := s.AddMove(ctx, id, m); err != nil {
					t.Error(err)
					return
				}
			}
			if _, err := s.Finish(ctx, id, store.Result{Ended: t0.Add(time.Hour), Winner: i%3 - 1, How: "five"}); err != nil {
				t.Error(err)
			}
		})
	}
	for i := range readers {
		wg.Go(func() {
			name := names[i%players]
			for range reads {
				if _, err := s.RatingsOf(ctx, key(name)); err != nil {
					t.Error(err)
				}
				if _, err := s.GamesOf(ctx, key(name), 20); err != nil {
					t.Error(err)
				}
				if _, err := s.Leaderboard(ctx, "omok", "freestyle", 10); err != nil {
					t.Error(err)
				}
				if _, err := s.InPlay(ctx, ""); err != nil {
					t.Error(err)
				}
				if _, err := s.NameTaken(ctx, name); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}

	for i, id := range ids {
		g, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Moves) != moves || g.Ended.IsZero() {
			t.Fatalf("table %d: %d moves, ended %v", i, len(g.Moves), g.Ended)
		}
		for n, m := range g.Moves {
			if m.Text != fmt.Sprintf("m%d-%d", i, n) || m.Seat != n%2 {
				t.Fatalf("table %d, move %d: %+v", i, n, m)
			}
		}
	}
	if in, err := s.InPlay(ctx, ""); err != nil || len(in) != 0 {
		t.Errorf("in play after every game ended: %d games, %v", len(in), err)
	}
	// Every game counted once for each player, each win someone's loss.
	var wins, losses, draws int
	for _, name := range names {
		rs, err := s.RatingsOf(ctx, key(name))
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != 1 || rs[0].Games != 2*tables/players || rs[0].Wins+rs[0].Losses+rs[0].Draws != rs[0].Games {
			t.Errorf("%s: %+v", name, rs)
			continue
		}
		wins, losses, draws = wins+rs[0].Wins, losses+rs[0].Losses, draws+rs[0].Draws
	}
	if wins != losses || wins+losses+draws != 2*tables {
		t.Errorf("%d wins, %d losses, %d draws in %d games", wins, losses, draws, tables)
	}
}

// testProbe: a probe's write is taken, on an empty store and on one in
// use, and changes nothing that the store answers.
func testProbe(t *testing.T, s store.Store) {
	if err := s.Probe(ctx); err != nil {
		t.Fatalf("an empty store: %v", err)
	}
	register(t, s, "alice", "bob")
	id, err := s.Begin(ctx, omok("alice", "bob", t0))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddMove(ctx, id, store.Move{Text: "h8", At: t0}); err != nil {
		t.Fatal(err)
	}
	before, err := s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := s.Probe(ctx); err != nil {
			t.Fatalf("a store in use: %v", err)
		}
	}
	after, err := s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, "after the probes", after, before)
	if taken, err := s.NameTaken(ctx, "alice"); err != nil || !taken {
		t.Errorf("after the probes, alice's name: %v, %v", taken, err)
	}
}

// testClosed: a store used after Close says so in an error, whatever the
// method, and never panics.
func testClosed(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob")
	id, err := s.Begin(ctx, omok("alice", "bob", t0))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	k := key("alice")
	for name, call := range map[string]func() error{
		"Player":       func() error { _, err := s.Player(ctx, key("carol"), "carol"); return err },
		"NameTaken":    func() error { _, err := s.NameTaken(ctx, "alice"); return err },
		"Begin":        func() error { _, err := s.Begin(ctx, omok("alice", "bob", t0)); return err },
		"AddMove":      func() error { return s.AddMove(ctx, id, store.Move{Text: "h8"}) },
		"Finish":       func() error { _, err := s.Finish(ctx, id, store.Result{Ended: t0, How: "five"}); return err },
		"InPlay":       func() error { _, err := s.InPlay(ctx, ""); return err },
		"Game":         func() error { _, err := s.Game(ctx, id); return err },
		"GamesOf":      func() error { _, err := s.GamesOf(ctx, k, 10); return err },
		"RatingsOf":    func() error { _, err := s.RatingsOf(ctx, k); return err },
		"Leaderboard":  func() error { _, err := s.Leaderboard(ctx, "omok", "freestyle", 10); return err },
		"AddMinesGame": func() error { return s.AddMinesGame(ctx, k, store.MinesGame{Level: "beginner"}) },
		"MinesGames":   func() error { _, err := s.MinesGames(ctx, k); return err },
		"MinesLeaders": func() error { _, err := s.MinesLeaders(ctx, "beginner", 10); return err },
		"Announce":     func() error { return s.Announce(ctx, store.Server{Name: "seoul"}, time.Minute) },
		"Withdraw":     func() error { return s.Withdraw(ctx, "seoul") },
		"OpenTable":    func() error { return s.OpenTable(ctx, table("seoul", "AB12")) },
		"UpdateTable":  func() error { return s.UpdateTable(ctx, table("seoul", "AB12")) },
		"CloseTable":   func() error { return s.CloseTable(ctx, "seoul", "AB12") },
		"OpenTables":   func() error { _, err := s.OpenTables(ctx); return err },
		"Probe":        func() error { return s.Probe(ctx) },
	} {
		if err := call(); err == nil {
			t.Errorf("%s after Close: no error", name)
		}
	}
}

// The lines said at a game's table are kept with it, in the order said,
// in play and after its end, a guest's without a key; a game that does
// not exist has none to add.
func testChat(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob")
	id, err := s.Begin(ctx, omok("alice", "bob", t0))
	if err != nil {
		t.Fatal(err)
	}
	if lines, err := s.Chat(ctx, id); err != nil || len(lines) != 0 {
		t.Fatalf("a game with no chat: %v %v", lines, err)
	}
	want := []store.ChatLine{
		{At: t0.Add(time.Second), Name: "alice", Key: key("alice"), Text: "안녕하세요 hello"},
		{At: t0.Add(2 * time.Second), Name: "carol~g", Watcher: true, Text: "nice"},
		{At: t0.Add(3 * time.Second), Name: "bob", Key: key("bob"), Text: "gg"},
	}
	for _, l := range want[:2] {
		if err := s.AddChat(ctx, id, l); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Finish(ctx, id, store.Result{Ended: t0.Add(time.Minute), Winner: 0, How: store.Five}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddChat(ctx, id, want[2]); err != nil {
		t.Fatalf("a line after the end: %v", err)
	}
	lines, err := s.Chat(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for i := range lines {
		lines[i].At = utc(lines[i].At)
	}
	for i := range want {
		want[i].At = utc(store.KeptTime(want[i].At))
	}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("the chat kept:\n got %+v\nwant %+v", lines, want)
	}
	if err := s.AddChat(ctx, id+100, want[0]); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a line at no game: %v", err)
	}
}

// A player ignores others by key and lists them by name, once however
// often asked, and no longer when undone; refusing challenges is a
// setting of one's own; keys that are no player's are refused.
func testSocial(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob", "carol")
	for _, other := range []string{"carol", "bob", "bob"} {
		if err := s.SetIgnore(ctx, key("alice"), key(other), true); err != nil {
			t.Fatal(err)
		}
	}
	names := func(who string) []string {
		t.Helper()
		ps, err := s.Ignored(ctx, key(who))
		if err != nil {
			t.Fatal(err)
		}
		var ns []string
		for _, p := range ps {
			ns = append(ns, p.Name)
		}
		return ns
	}
	if got := names("alice"); !slices.Equal(got, []string{"bob", "carol"}) {
		t.Errorf("alice ignores %v", got)
	}
	if got := names("bob"); len(got) != 0 {
		t.Errorf("bob ignores %v", got)
	}
	if err := s.SetIgnore(ctx, key("alice"), key("bob"), false); err != nil {
		t.Fatal(err)
	}
	if got := names("alice"); !slices.Equal(got, []string{"carol"}) {
		t.Errorf("alice ignores %v after unignoring bob", got)
	}
	if err := s.SetIgnore(ctx, key("alice"), key("nobody"), true); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ignoring a key that is no player's: %v", err)
	}
	for _, refuse := range []bool{true, false, true} {
		if err := s.SetRefusesChallenges(ctx, key("bob"), refuse); err != nil {
			t.Fatal(err)
		}
		if got, err := s.RefusesChallenges(ctx, key("bob")); err != nil || got != refuse {
			t.Errorf("bob refuses challenges: %v %v, want %v", got, err, refuse)
		}
	}
	if got, err := s.RefusesChallenges(ctx, key("alice")); err != nil || got {
		t.Errorf("alice, never set: %v %v", got, err)
	}
	if err := s.SetRefusesChallenges(ctx, key("nobody"), true); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a key that is no player's: %v", err)
	}
}

// testServers: each server brings back its own games in play, and the
// games that no server has go to the first server that asks.
func testServers(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob")
	begin := func(server, code string) int64 {
		t.Helper()
		g := omok("alice", "bob", t0)
		g.Server, g.Code = server, code
		id, err := s.Begin(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.Game(ctx, id); err != nil || got.Server != server {
			t.Fatalf("game %d of %q: %+v, %v", id, server, got, err)
		}
		return id
	}
	seoul, busan, nameless := begin("seoul", "AAAA"), begin("busan", "BBBB"), begin("", "CCCC")
	inPlay := func(server string, want ...int64) {
		t.Helper()
		in, err := s.InPlay(ctx, server)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, g := range in {
			if g.Server != server {
				t.Errorf("InPlay(%q) gave a game of %q", server, g.Server)
			}
			ids = append(ids, g.ID)
		}
		slices.Sort(ids)
		slices.Sort(want)
		if !slices.Equal(ids, want) {
			t.Errorf("InPlay(%q) = games %v, want %v", server, ids, want)
		}
	}
	inPlay("busan", busan, nameless) // the game of no server is busan's now
	inPlay("seoul", seoul)
	inPlay("busan", busan, nameless)
	inPlay("", nil...)
	if _, err := s.Finish(ctx, nameless, store.Result{Ended: t0, How: "five"}); err != nil {
		t.Fatal(err)
	}
	inPlay("busan", busan)
	inPlay("jeju", nil...)
}

// table is an open omok table of server with code.
func table(server, code string) store.Table {
	return store.Table{Code: code, Server: store.Server{Name: server}, Game: "omok", Rule: "renju", Options: "3+2", Host: "alice"}
}

// openTables fails the test unless the open tables are want, each with
// its server's address public[name].
func openTables(t *testing.T, s store.Store, public map[string]string, want ...store.Table) {
	t.Helper()
	got, err := s.OpenTables(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		want[i].Server.Public = public[want[i].Server.Name]
	}
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("open tables:\n got %+v\nwant %+v", got, want)
	}
}

// testTables: a code is one table's across every server; each table is
// listed with its server's address, as last updated, until it closes or
// its server withdraws.
func testTables(t *testing.T, s store.Store) {
	public := map[string]string{"seoul": "seoul.example:2222", "busan": "busan.example:2223"}
	for name, addr := range public {
		if err := s.Announce(ctx, store.Server{Name: name, Public: addr}, time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	openTables(t, s, public)
	a, b, c := table("seoul", "AB12"), table("busan", "CD34"), table("seoul", "EF56")
	for _, tb := range []store.Table{a, b, c} {
		if err := s.OpenTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	for _, taken := range []store.Table{table("busan", "AB12"), table("seoul", "AB12"), table("seoul", "CD34")} {
		if err := s.OpenTable(ctx, taken); !errors.Is(err, store.ErrCodeTaken) {
			t.Errorf("a second table %s at %s: %v, want %v", taken.Code, taken.Server.Name, err, store.ErrCodeTaken)
		}
	}
	openTables(t, s, public, b, a, c) // by server, then code

	// What a list shows changes with the table.
	b.Playing, b.Rated, b.Host, b.Rule, b.Options = true, true, "bob", "freestyle", "none swap2"
	if err := s.UpdateTable(ctx, b); err != nil {
		t.Fatal(err)
	}
	openTables(t, s, public, b, a, c)
	for _, missing := range []store.Table{table("seoul", "CD34"), table("seoul", "ZZZZ")} {
		if err := s.UpdateTable(ctx, missing); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("update of %s at %s, no table of its: %v, want %v", missing.Code, missing.Server.Name, err, store.ErrNotFound)
		}
	}

	// A closed table's code is free again, for any server.
	if err := s.CloseTable(ctx, "busan", "AB12"); err != nil { // not busan's: nothing closes
		t.Fatal(err)
	}
	if err := s.CloseTable(ctx, "seoul", "AB12"); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseTable(ctx, "seoul", "AB12"); err != nil {
		t.Errorf("closing a closed table: %v", err)
	}
	openTables(t, s, public, b, c)
	a.Server.Name = "busan"
	if err := s.OpenTable(ctx, a); err != nil {
		t.Fatal(err)
	}
	openTables(t, s, public, a, b, c)

	// A server that withdraws takes its tables with it; a server not
	// announced opens none.
	if err := s.Withdraw(ctx, "busan"); err != nil {
		t.Fatal(err)
	}
	openTables(t, s, public, c)
	if err := s.OpenTable(ctx, b); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a table of a server withdrawn: %v, want %v", err, store.ErrNotFound)
	}
	if err := s.OpenTable(ctx, table("jeju", "GH78")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a table of a server never announced: %v, want %v", err, store.ErrNotFound)
	}

	// Bad input is refused with a reason.
	for _, bad := range []store.Table{{Server: store.Server{Name: "seoul"}, Game: "omok"}, {Code: "JK90", Server: store.Server{Name: "seoul"}}} {
		if err := s.OpenTable(ctx, bad); err == nil {
			t.Errorf("OpenTable(%+v): no error", bad)
		}
	}
	if err := s.Announce(ctx, store.Server{Name: "seoul"}, 0); err == nil {
		t.Error("a lease of no time: no error")
	}

	// A server with no name (one alone on its file) keeps tables too.
	if err := s.Announce(ctx, store.Server{}, time.Hour); err != nil {
		t.Fatal(err)
	}
	d := table("", "MN34")
	if err := s.OpenTable(ctx, d); err != nil {
		t.Fatal(err)
	}
	openTables(t, s, public, d, c)
}

// testLeases: a server whose lease ends drops out of the lists with its
// tables, and is back when it renews its lease; its codes stay its own
// meanwhile.
func testLeases(t *testing.T, s store.Store) {
	public := map[string]string{"seoul": "seoul.example:2222", "busan": "busan.example:2223"}
	announce := func(name string, ttl time.Duration) {
		t.Helper()
		if err := s.Announce(ctx, store.Server{Name: name, Public: public[name]}, ttl); err != nil {
			t.Fatal(err)
		}
	}
	announce("seoul", time.Hour)
	announce("busan", 50*time.Millisecond)
	a, b := table("seoul", "AB12"), table("busan", "CD34")
	for _, tb := range []store.Table{a, b} {
		if err := s.OpenTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		got, err := s.OpenTables(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("busan's lease of 50ms has not ended after 10s: %+v", got)
		}
		time.Sleep(20 * time.Millisecond)
	}
	openTables(t, s, public, a)
	if err := s.OpenTable(ctx, table("seoul", "CD34")); !errors.Is(err, store.ErrCodeTaken) {
		t.Errorf("the code of a table of a server whose lease ended: %v, want %v", err, store.ErrCodeTaken)
	}
	announce("busan", time.Hour)
	openTables(t, s, public, b, a)
}

// testLookAlikes: a name that looks like a held one is that one.
func testLookAlikes(t *testing.T, s store.Store) {
	register(t, s, "alice")
	for n, name := range []string{"аlice", "ALICE", "ａｌｉｃｅ", "Αlice", "aliсe"} {
		if taken, err := s.NameTaken(ctx, name); err != nil || !taken {
			t.Errorf("NameTaken(%q) = %v, %v; want taken", name, taken, err)
		}
		k := fmt.Sprintf("posing%d", n)
		p, err := s.Player(ctx, k, name)
		if err != nil || p.Name == name {
			t.Errorf("Player(%s, %q) = %+v, %v: given the look-alike", k, name, p, err)
		}
		if found, err := s.PlayerNamed(ctx, name); err != nil || found.Key != key("alice") {
			t.Errorf("PlayerNamed(%q) = %+v, %v; want alice", name, found, err)
		}
	}
	if p, err := s.PlayerNamed(ctx, "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("PlayerNamed(bob) = %+v, %v; want not found", p, err)
	}
}

func testRename(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob")
	p, err := s.Rename(ctx, key("alice"), "alicia")
	if err != nil || p.Name != "alicia" || p.Key != key("alice") {
		t.Fatalf("Rename(alice, alicia) = %+v, %v", p, err)
	}
	if got, err := s.Player(ctx, key("alice"), "whatever"); err != nil || got.Name != "alicia" {
		t.Errorf("alice after the rename: %+v, %v", got, err)
	}
	if taken, _ := s.NameTaken(ctx, "alice"); taken {
		t.Error("alice is still taken after the rename")
	}
	if taken, _ := s.NameTaken(ctx, "ALICIA"); !taken {
		t.Error("ALICIA is free after the rename")
	}
	for _, name := range []string{"bob", "ВОВ", "Bob"} {
		if _, err := s.Rename(ctx, key("alice"), name); !errors.Is(err, store.ErrNameTaken) {
			t.Errorf("Rename(alice, %q): %v, want ErrNameTaken", name, err)
		}
	}
	if p, err := s.Rename(ctx, key("bob"), "BOB"); err != nil || p.Name != "BOB" {
		t.Errorf("a player's own name in capitals: %+v, %v", p, err)
	}
	if _, err := s.Rename(ctx, key("nobody"), "carol"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Rename(nobody): %v, want ErrNotFound", err)
	}
}

func testMoveKey(t *testing.T, s store.Store) {
	register(t, s, "alice", "bob", "carol")
	rs := ratings{}
	rs.play(t, s, "omok", "freestyle", "alice", "bob", 0)
	id, err := s.Begin(ctx, omok("alice", "bob", t0.Add(time.Hour))) // a game in play
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddChat(ctx, id, store.ChatLine{At: t0.Add(time.Hour), Name: "alice", Key: key("alice"), Text: "hi"}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMinesGame(ctx, key("alice"), store.MinesGame{Level: "beginner", Won: true, Time: 9 * time.Second, Rate: 1, At: t0}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetIgnore(ctx, key("alice"), key("carol"), true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetIgnore(ctx, key("bob"), key("alice"), true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetRefusesChallenges(ctx, key("alice"), true); err != nil {
		t.Fatal(err)
	}
	before, _ := s.RatingsOf(ctx, key("alice"))
	games, _ := s.GamesOf(ctx, key("alice"), 10)
	// The new key connected once already, and was given a name of its own,
	// and ignored someone.
	if p, err := s.Player(ctx, "SHA256:new", "alice"); err != nil || p.Name != "alice~2" {
		t.Fatalf("the new key's first login: %+v, %v", p, err)
	}
	if err := s.SetIgnore(ctx, "SHA256:new", key("bob"), true); err != nil {
		t.Fatal(err)
	}
	p, err := s.MoveKey(ctx, key("alice"), "SHA256:new")
	if err != nil || p.Name != "alice" || p.Key != "SHA256:new" {
		t.Fatalf("MoveKey = %+v, %v", p, err)
	}
	if got, err := s.Player(ctx, "SHA256:new", "zzz"); err != nil || got.Name != "alice" {
		t.Errorf("the new key logs in as %+v, %v; want alice", got, err)
	}
	after, _ := s.RatingsOf(ctx, "SHA256:new")
	if !reflect.DeepEqual(after, before) || len(after) != 1 {
		t.Errorf("the ratings moved: %+v, want %+v", after, before)
	}
	moved, _ := s.GamesOf(ctx, "SHA256:new", 10)
	if len(moved) != len(games) || len(moved) != 1 || moved[0].Seats[0].Key != "SHA256:new" {
		t.Errorf("the games moved: %+v, want %d", moved, len(games))
	}
	if old, _ := s.GamesOf(ctx, key("alice"), 10); len(old) != 0 {
		t.Errorf("the old key keeps games: %+v", old)
	}
	if m, _ := s.MinesGames(ctx, "SHA256:new"); len(m) != 1 {
		t.Errorf("the minesweeper games moved: %+v", m)
	}
	if g, err := s.Game(ctx, id); err != nil || g.Seats[0].Key != "SHA256:new" {
		t.Errorf("the game in play: %+v, %v", g.Seats, err)
	}
	if lines, _ := s.Chat(ctx, id); len(lines) != 1 || lines[0].Key != "SHA256:new" {
		t.Errorf("the chat: %+v", lines)
	}
	if taken, _ := s.NameTaken(ctx, "alice~2"); taken {
		t.Error("the new key's own name is still held")
	}
	if ign, err := s.Ignored(ctx, "SHA256:new"); err != nil || len(ign) != 1 || ign[0].Key != key("carol") {
		t.Errorf("whom alice ignores after the move: %+v, %v", ign, err)
	}
	if ign, err := s.Ignored(ctx, key("bob")); err != nil || len(ign) != 1 || ign[0].Key != "SHA256:new" || ign[0].Name != "alice" {
		t.Errorf("whom bob ignores after the move: %+v, %v", ign, err)
	}
	if r, err := s.RefusesChallenges(ctx, "SHA256:new"); err != nil || !r {
		t.Errorf("alice's refusal of challenges after the move: %v, %v", r, err)
	}
	// The old key is nobody now: it would register afresh.
	if _, err := s.MoveKey(ctx, key("alice"), "SHA256:other"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("moving a key that is no player's: %v", err)
	}
	// A key with games of its own is not taken over.
	if _, err := s.MoveKey(ctx, key("carol"), key("bob")); !errors.Is(err, store.ErrKeyInUse) {
		t.Errorf("moving onto bob's key: %v, want ErrKeyInUse", err)
	}
	if p, err := s.Player(ctx, key("carol"), "x"); err != nil || p.Name != "carol" {
		t.Errorf("carol after a refused move: %+v, %v", p, err)
	}
}

func testSanctions(t *testing.T, s store.Store) {
	now := t0
	ban := store.Sanction{Kind: store.Ban, Target: key("alice"), Name: "alice", By: "mod", Reason: "spam",
		At: now, Until: now.Add(24 * time.Hour)}
	if err := s.Sanction(ctx, ban); err != nil {
		t.Fatal(err)
	}
	good := store.Sanction{Kind: store.Ban, Target: "192.0.2.7", Name: "bob~g", By: "mod", At: now.Add(time.Minute)}
	if err := s.Sanction(ctx, good); err != nil {
		t.Fatal(err)
	}
	mute := store.Sanction{Kind: store.Mute, Target: key("alice"), Name: "alice", By: "mod", At: now, Until: now.Add(30 * time.Minute)}
	if err := s.Sanction(ctx, mute); err != nil {
		t.Fatal(err)
	}
	same := func(what string, got, want store.Sanction) {
		t.Helper()
		got.At, got.Until = utc(got.At), utc(got.Until)
		want.At, want.Until = utc(store.KeptTime(want.At)), utc(store.KeptTime(want.Until))
		if got != want {
			t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
		}
	}
	got, err := s.Sanctioned(ctx, store.Ban, key("alice"), now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	same("alice's ban", got, ban)
	if _, err := s.Sanctioned(ctx, store.Ban, key("alice"), now.Add(25*time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a ban run out: %v, want ErrNotFound", err)
	}
	if got, err := s.Sanctioned(ctx, store.Ban, "192.0.2.7", now.Add(1000*time.Hour)); err != nil || !got.Until.IsZero() {
		t.Errorf("a ban for good: %+v, %v", got, err)
	}
	if _, err := s.Sanctioned(ctx, store.Ban, key("bob"), now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("bob is not banned: %v", err)
	}
	list, err := s.Sanctions(ctx, store.Ban, now.Add(time.Hour))
	if err != nil || len(list) != 2 {
		t.Fatalf("the bans: %+v, %v", list, err)
	}
	same("the first ban", list[0], ban)
	same("the second ban", list[1], good)
	if list, _ := s.Sanctions(ctx, store.Ban, now.Add(25*time.Hour)); len(list) != 1 || list[0].Target != "192.0.2.7" {
		t.Errorf("the bans in force a day on: %+v", list)
	}
	if list, _ := s.Sanctions(ctx, store.Mute, now); len(list) != 1 {
		t.Errorf("the mutes: %+v", list)
	}
	// A new ban replaces the old.
	longer := ban
	longer.Until, longer.Reason = now.Add(168*time.Hour), "spam again"
	if err := s.Sanction(ctx, longer); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Sanctioned(ctx, store.Ban, key("alice"), now.Add(100*time.Hour))
	same("the longer ban", got, longer)
	if lifted, err := s.Lift(ctx, store.Ban, key("alice"), now); err != nil || !lifted {
		t.Errorf("Lift: %v, %v", lifted, err)
	}
	if lifted, err := s.Lift(ctx, store.Ban, key("alice"), now); err != nil || lifted {
		t.Errorf("Lift again: %v, %v", lifted, err)
	}
	if _, err := s.Sanctioned(ctx, store.Ban, key("alice"), now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("alice after the unban: %v", err)
	}
	if _, err := s.Sanctioned(ctx, store.Mute, key("alice"), now); err != nil {
		t.Errorf("the unban lifted the mute: %v", err)
	}
	// A mute run out is no longer lifted, but goes.
	if lifted, err := s.Lift(ctx, store.Mute, key("alice"), now.Add(time.Hour)); err != nil || lifted {
		t.Errorf("lifting a mute run out: %v, %v", lifted, err)
	}
	for _, bad := range []store.Sanction{
		{Kind: "jail", Target: "x", At: now},
		{Kind: store.Ban, At: now},
		{Kind: store.Ban, Target: "x"},
		{Kind: store.Ban, Target: "x", At: now, Until: now.Add(-time.Second)},
	} {
		if err := s.Sanction(ctx, bad); err == nil {
			t.Errorf("kept %+v", bad)
		}
	}
}

func testAdminLog(t *testing.T, s store.Store) {
	if log, err := s.AdminLog(ctx, 10); err != nil || len(log) != 0 {
		t.Fatalf("an empty log: %+v, %v", log, err)
	}
	var want []store.AdminAction
	for i := range 5 {
		a := store.AdminAction{At: t0.Add(time.Duration(i) * time.Minute), Admin: "mod", Key: key("mod"),
			Command: fmt.Sprintf("kick p%d", i), Result: fmt.Sprintf("p%d: 1 session ended", i)}
		if err := s.AddAdminAction(ctx, a); err != nil {
			t.Fatal(err)
		}
		a.At = utc(store.KeptTime(a.At))
		want = append(want, a)
	}
	log, err := s.AdminLog(ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range log {
		log[i].At = utc(log[i].At)
	}
	if !reflect.DeepEqual(log, want[2:]) {
		t.Errorf("the last three:\n got %+v\nwant %+v", log, want[2:])
	}
}

package storetest

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"termgames/internal/store"
)

// Kept names what Fill kept, for Same to ask both stores about.
type Kept struct {
	Keys   []string    // every player's key
	Names  []string    // every player's name
	IDs    []int64     // every game's ID
	Boards [][2]string // every game and rule played rated
	Levels []string    // every minesweeper level played
	Counts store.Counts
}

// Fill keeps in s, an empty store, a bit of everything a store keeps, as
// the contract's tests make it: names given twice and folded, games rated,
// unrated, drawn, lost on time, agreed, void and still in play (with moves,
// options and resume codes), omok's rules and baseball, records, ratings
// at several games and rules, minesweeper's games, won and lost, bans and
// mutes (in force, for good and run out) and the moderators' actions.
func Fill(t *testing.T, s store.Store) Kept {
	t.Helper()
	var k Kept
	for _, want := range []string{"alice", "bob", "carol", "Alice", "가나다라마바사", "dave"} {
		key := key(fmt.Sprint(want, len(k.Keys)))
		p, err := s.Player(ctx, key, want)
		if err != nil {
			t.Fatal(err)
		}
		k.Keys, k.Names = append(k.Keys, key), append(k.Names, p.Name)
	}
	alice, bob, carol, alice2 := k.Keys[0], k.Keys[1], k.Keys[2], k.Keys[3]
	for _, other := range []string{bob, carol} {
		if err := s.SetIgnore(ctx, alice, other, true); err != nil {
			t.Fatal(err)
		}
		k.Counts.Ignores++
	}
	if err := s.SetRefusesChallenges(ctx, bob, true); err != nil {
		t.Fatal(err)
	}
	k.Counts.Refusing++
	seat := func(key string) store.Seat {
		if key == "" {
			return store.Seat{Name: "guest", Resume: "r-guest"}
		}
		i := slices.Index(k.Keys, key)
		return store.Seat{Key: key, Name: k.Names[i], Resume: "r-" + k.Names[i]}
	}
	for i, c := range []struct {
		a, b, game, rule, options string
		moves                     []string
		winner                    int
		how                       store.How // "": still in play
	}{
		{alice, bob, "omok", "freestyle", "", []string{"h8", "i9", "g7", "j10", "f6"}, 0, "five"},
		{bob, carol, "omok", "renju", "10+10", []string{"h8", "h9", "h10"}, -1, "agreed"},
		{alice, "", "omok", "freestyle", "", []string{"h8"}, 1, "resigned"},
		{carol, alice, "baseball", "", "30s/move", []string{"=123", "=456", "789", "123"}, 1, "found"},
		{alice, bob, "omok", "freestyle", "", []string{"h8", "i9"}, 0, store.Void},
		{bob, alice, "omok", "freestyle", "3+2 swap2", []string{"h8"}, 1, "time"},
		{alice2, carol, "omok", "renju", "", []string{"h8", "i9"}, -1, "draw"},
		{alice, carol, "omok", "standard", "3+2 swap2", []string{"h8", "i9", "g7", "j10"}, 0, ""},
		{"", bob, "baseball", "", "30s/move", []string{"=321"}, 0, ""},
		{alice, alice, "omok", "freestyle", "", []string{"h8"}, 0, "five"},
		{alice, bob, "omok", "freestyle", "", []string{"a1", "b2", "c3"}, 1, "forfeit"},
	} {
		start := t0.Add(time.Duration(i) * time.Minute)
		g := store.Game{Game: c.game, Rule: c.rule, Code: fmt.Sprintf("c%d", i), Options: c.options,
			Seats: [2]store.Seat{seat(c.a), seat(c.b)}, Started: start}
		if i%3 == 2 {
			g.Server = "seoul"
		}
		id, err := s.Begin(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		k.IDs = append(k.IDs, id)
		for n, text := range c.moves {
			m := store.Move{Seat: n % 2, Text: text, Time: time.Duration(n)*time.Second + 1234567, At: start.Add(time.Duration(n) * time.Second)}
			if err := s.AddMove(ctx, id, m); err != nil {
				t.Fatal(err)
			}
			k.Counts.Moves++
		}
		if c.a != "" { // a player's line and a watcher's, a guest's
			for n, l := range []store.ChatLine{{Name: seat(c.a).Name, Key: c.a, Text: "gg"},
				{Name: "dave~g", Watcher: true, Text: "잘 둔다 ☺"}} {
				l.At = start.Add(time.Duration(n)*time.Second + 7)
				if err := s.AddChat(ctx, id, l); err != nil {
					t.Fatal(err)
				}
				k.Counts.Chat++
			}
		}
		if c.how == "" {
			continue
		}
		r := store.Result{Ended: start.Add(30*time.Minute + 7), Winner: c.winner, How: c.how}
		if c.game == "omok" {
			r.Record = []byte(fmt.Sprintf("Piskvork\n15x15, %d, 0\n-1\n", i))
		}
		ended, err := s.Finish(ctx, id, r)
		if err != nil {
			t.Fatal(err)
		}
		if b := [2]string{c.game, c.rule}; ended.Rated && !slices.Contains(k.Boards, b) {
			k.Boards = append(k.Boards, b)
		}
	}
	sec := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	for i, m := range []struct {
		key string
		g   store.MinesGame
	}{
		{alice, store.MinesGame{Level: "beginner", Won: true, Time: sec(30.5), Rate: 1.25}},
		{alice, store.MinesGame{Level: "beginner", Won: false, Time: sec(3), Rate: 0.5}},
		{bob, store.MinesGame{Level: "beginner", Won: true, Time: sec(15.125), Rate: 3}},
		{carol, store.MinesGame{Level: "intermediate", Won: true, Time: sec(80), Rate: 1}},
		{alice2, store.MinesGame{Level: "30x16x99", Won: true, Time: sec(300), Rate: 0.9}},
	} {
		m.g.At = t0.Add(time.Duration(10-i)*time.Minute + 456_789)
		if err := s.AddMinesGame(ctx, m.key, m.g); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(k.Levels, m.g.Level) {
			k.Levels = append(k.Levels, m.g.Level)
		}
	}
	for _, sn := range []store.Sanction{
		{Kind: store.Ban, Target: bob, Name: "bob", By: "mod", Reason: "spam", At: t0, Until: t0.Add(24 * time.Hour)},
		{Kind: store.Ban, Target: "192.0.2.7", Name: "guest (192.0.2.7)", By: "mod", At: t0.Add(time.Minute)},
		{Kind: store.Ban, Target: carol, Name: "carol", By: "mod", At: t0.Add(-48 * time.Hour), Until: t0.Add(-24 * time.Hour)}, // run out
		{Kind: store.Mute, Target: bob, Name: "bob", By: "mod", At: t0, Until: t0.Add(30 * time.Minute)},
	} {
		if err := s.Sanction(ctx, sn); err != nil {
			t.Fatal(err)
		}
		k.Counts.Sanctions++
	}
	for i, cmd := range []string{"ban bob 24h spam", "ban guest", "mute bob 30m", "bans"} {
		a := store.AdminAction{At: t0.Add(time.Duration(i) * time.Second), Admin: "mod", Key: key("mod"), Command: cmd, Result: "done"}
		if err := s.AddAdminAction(ctx, a); err != nil {
			t.Fatal(err)
		}
		k.Counts.AdminLog++
	}
	k.Counts.Players, k.Counts.Games, k.Counts.MinesGames = int64(len(k.Keys)), int64(len(k.IDs)), 5
	for _, key := range k.Keys {
		rs, err := s.RatingsOf(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		k.Counts.Ratings += int64(len(rs))
	}
	return k
}

// Same fails t unless got answers every question about what k names as
// want does: players and names, every game with its moves, the games in
// play, each player's games, ratings and minesweeper games, the
// leaderboards, the bans and mutes and the moderators' actions.
func Same(t *testing.T, want, got store.Store, k Kept) {
	t.Helper()
	both := func(what string, ask func(s store.Store) (any, error)) {
		t.Helper()
		w, werr := ask(want)
		g, gerr := ask(got)
		if werr != nil || gerr != nil {
			t.Errorf("%s: %v; %v", what, werr, gerr)
			return
		}
		if !reflect.DeepEqual(w, g) {
			t.Errorf("%s:\n got %+v\nwant %+v", what, g, w)
		}
	}
	for _, key := range k.Keys {
		both("player "+key, func(s store.Store) (any, error) {
			p, err := s.Player(ctx, key, "somebody")
			p.Created = utc(p.Created)
			return p, err
		})
		both("games of "+key, func(s store.Store) (any, error) { return games(s.GamesOf(ctx, key, 1000)) })
		both("whom "+key+" ignores", func(s store.Store) (any, error) {
			ps, err := s.Ignored(ctx, key)
			for i := range ps {
				ps[i].Created = utc(ps[i].Created)
			}
			return nonEmpty(ps, err)
		})
		both("does "+key+" refuse challenges", func(s store.Store) (any, error) { return s.RefusesChallenges(ctx, key) })
		both("ratings of "+key, func(s store.Store) (any, error) { return nonEmpty(s.RatingsOf(ctx, key)) })
		both("minesweeper games of "+key, func(s store.Store) (any, error) {
			gs, err := s.MinesGames(ctx, key)
			for i := range gs {
				gs[i].At = utc(gs[i].At)
			}
			return nonEmpty(gs, err)
		})
	}
	for _, name := range append(slices.Clone(k.Names), "ALICE", "nobody") {
		both("name "+name, func(s store.Store) (any, error) { return s.NameTaken(ctx, name) })
	}
	for _, id := range k.IDs {
		both(fmt.Sprint("game ", id), func(s store.Store) (any, error) {
			g, err := s.Game(ctx, id)
			return norm(g), err
		})
		both(fmt.Sprint("chat of game ", id), func(s store.Store) (any, error) {
			lines, err := s.Chat(ctx, id)
			for i := range lines {
				lines[i].At = utc(lines[i].At)
			}
			return nonEmpty(lines, err)
		})
	}
	for _, server := range []string{"", "seoul"} {
		both("in play at "+server, func(s store.Store) (any, error) {
			gs, err := games(s.InPlay(ctx, server))
			slices.SortFunc(gs, func(a, b store.Game) int { return cmp.Compare(a.ID, b.ID) })
			return gs, err
		})
	}
	for _, b := range k.Boards {
		both(fmt.Sprint("leaderboard ", b), func(s store.Store) (any, error) { return nonEmpty(s.Leaderboard(ctx, b[0], b[1], 100)) })
	}
	for _, kind := range []store.SanctionKind{store.Ban, store.Mute} {
		for _, at := range []time.Time{t0, t0.Add(-30 * time.Hour)} {
			both(fmt.Sprint(kind, "s at ", at), func(s store.Store) (any, error) {
				list, err := s.Sanctions(ctx, kind, at)
				for i := range list {
					list[i].At, list[i].Until = utc(list[i].At), utc(list[i].Until)
				}
				return nonEmpty(list, err)
			})
		}
	}
	both("admin log", func(s store.Store) (any, error) {
		log, err := s.AdminLog(ctx, 1000)
		for i := range log {
			log[i].At = utc(log[i].At)
		}
		return nonEmpty(log, err)
	})
	for _, level := range k.Levels {
		both("minesweeper leaders "+level, func(s store.Store) (any, error) {
			ms, err := s.MinesLeaders(ctx, level, 100)
			for i := range ms {
				ms[i].At = utc(ms[i].At)
			}
			return nonEmpty(ms, err)
		})
	}
}

// games are gs normalized (norm).
func games(gs []store.Game, err error) ([]store.Game, error) {
	for i := range gs {
		gs[i] = norm(gs[i])
	}
	return nonEmpty(gs, err)
}

// nonEmpty is s, nil when empty: stores differ in nil or empty.
func nonEmpty[S ~[]E, E any](s S, err error) (S, error) {
	if len(s) == 0 {
		return nil, err
	}
	return s, err
}

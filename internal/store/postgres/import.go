package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"termgames/internal/glicko2"
	"termgames/internal/store"
)

// ErrNotEmpty is Import's refusal of a database that keeps something
// already: a copy goes into an empty one only, so that nothing is merged
// or overwritten by mistake.
var ErrNotEmpty = errors.New("the database is not empty")

// Import copies into the database everything that export gives its
// store.Sink (a SQLite store's Export, say), with the games' IDs, in one
// transaction: all of it or, on any failure, nothing. It refuses, with
// ErrNotEmpty and writing nothing, a database that keeps any player,
// game, rating or minesweeper game. After the copy it counts what the
// database keeps and compares it with what export counted and with what
// it gave, and keeps nothing unless all three agree. It returns the
// counts.
func (s *Store) Import(ctx context.Context, export func(to store.Sink) (store.Counts, error)) (store.Counts, error) {
	var got store.Counts
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// No server writes while the copy goes in.
		if _, err := tx.Exec(ctx, "LOCK TABLE players, ignores, games, seats, moves, chat, ratings, mines_games, sanctions, admin_log IN EXCLUSIVE MODE"); err != nil {
			return err
		}
		had, err := counts(ctx, tx)
		if err != nil {
			return err
		}
		if had != (store.Counts{}) {
			return fmt.Errorf("%w: it keeps %v", ErrNotEmpty, had)
		}
		in := &sink{ctx: ctx, tx: tx, moves: map[int64]int{}, chat: map[int64]int{}}
		want, err := export(in)
		if err != nil {
			return err
		}
		if err := in.flush(); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE players SET refuses_challenges = true WHERE key = ANY($1)", in.refusing); err != nil {
			return err
		}
		for _, q := range []string{
			// The next game and minesweeper game are numbered after the
			// last copied; the next move of a game in play after its last.
			"SELECT setval(pg_get_serial_sequence('games', 'id'), coalesce(max(id), 0) + 1, false) FROM games",
			"SELECT setval(pg_get_serial_sequence('mines_games', 'id'), coalesce(max(id), 0) + 1, false) FROM mines_games",
			"UPDATE games SET moves = m.next FROM (SELECT game, max(n) + 1 AS next FROM moves GROUP BY game) AS m WHERE games.id = m.game",
		} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
		}
		if got, err = counts(ctx, tx); err != nil {
			return err
		}
		if got != want || in.given != want {
			return fmt.Errorf("the counts disagree: the source counts %v, gave %v, and the database keeps %v", want, in.given, got)
		}
		return nil
	})
	if err != nil {
		return store.Counts{}, fmt.Errorf("store: import into %s: %w", s.name, oneLine(err))
	}
	return got, nil
}

// counts counts what the database keeps.
func counts(ctx context.Context, q querier) (store.Counts, error) {
	var c store.Counts
	err := q.QueryRow(ctx, `SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM games),
		(SELECT count(*) FROM moves), (SELECT count(*) FROM ratings), (SELECT count(*) FROM mines_games),
		(SELECT count(*) FROM chat), (SELECT count(*) FROM ignores),
		(SELECT count(*) FROM players WHERE refuses_challenges), (SELECT count(*) FROM sanctions), (SELECT count(*) FROM admin_log)`).
		Scan(&c.Players, &c.Games, &c.Moves, &c.Ratings, &c.MinesGames, &c.Chat, &c.Ignores, &c.Refusing, &c.Sanctions, &c.AdminLog)
	return c, err
}

// sink is the store.Sink of Import: it gathers the rows and copies them
// in with COPY, a few thousand at a time, each table's before the tables
// that refer to it.
type sink struct {
	ctx   context.Context
	tx    pgx.Tx
	given store.Counts
	moves map[int64]int // the number of each game's next move
	chat  map[int64]int // the number of each game's next line of chat
	// refusing are the players who refuse challenges, set once they are in.
	refusing []string
	rows     [len(copyTables)][][]any
	held     int
}

// copyTables are the tables that sink fills, in the order of their foreign
// keys, with the columns it fills.
var copyTables = [...]struct {
	name    string
	columns []string
}{
	{"players", []string{"key", "name", "fold", "created"}},
	{"ignores", []string{"player", "ignored"}},
	{"games", []string{"id", "game", "rule", "code", "server", "options", "rated", "started", "ended", "winner", "how", "record"}},
	{"seats", []string{"game", "seat", "player", "name", "resume",
		"rating_before", "deviation_before", "volatility_before", "rating_after", "deviation_after", "volatility_after"}},
	{"moves", []string{"game", "n", "seat", "text", "took", "at"}},
	{"chat", []string{"game", "n", "at", "name", "player", "watcher", "text"}},
	{"ratings", []string{"player", "game", "rule", "rating", "deviation", "volatility", "games", "wins", "losses", "draws"}},
	{"mines_games", []string{"player", "level", "won", "took", "rate", "at"}},
	{"sanctions", []string{"kind", "target", "name", "by", "reason", "at", "until"}},
	{"admin_log", []string{"at", "admin", "key", "command", "result"}}, // numbered in the order given
}

// The tables by their place in copyTables.
const (
	playersTable = iota
	ignoresTable
	gamesTable
	seatsTable
	movesTable
	chatTable
	ratingsTable
	minesTable
	sanctionsTable
	adminLogTable
)

// batch is how many rows sink holds before it copies them in.
const batch = 5000

// add holds a row of table i, and copies what it holds when it is enough.
func (s *sink) add(i int, row ...any) error {
	s.rows[i] = append(s.rows[i], row)
	if s.held++; s.held < batch {
		return nil
	}
	return s.flush()
}

// flush copies in every row held, table by table in the order of copyTables.
func (s *sink) flush() error {
	for i, t := range copyTables {
		if len(s.rows[i]) == 0 {
			continue
		}
		if _, err := s.tx.CopyFrom(s.ctx, pgx.Identifier{t.name}, t.columns, pgx.CopyFromRows(s.rows[i])); err != nil {
			return fmt.Errorf("copy %s: %w", t.name, err)
		}
		s.rows[i] = s.rows[i][:0]
	}
	s.held = 0
	return nil
}

func (s *sink) KeepPlayer(p store.Player) error {
	s.given.Players++
	return s.add(playersTable, p.Key, p.Name, store.NameKey(p.Name), at(p.Created))
}

func (s *sink) KeepSocial(key string, refuses bool, ignores []string) error {
	if refuses {
		s.given.Refusing++
		s.refusing = append(s.refusing, key)
	}
	for _, other := range ignores {
		s.given.Ignores++
		if err := s.add(ignoresTable, key, other); err != nil {
			return err
		}
	}
	return nil
}

func (s *sink) KeepGame(g store.Game) error {
	s.given.Games++
	var ended, winner, how any // NULL while in play
	if !g.Ended.IsZero() {
		ended, winner, how = at(g.Ended), g.Winner, string(g.How)
	}
	if err := s.add(gamesTable, g.ID, g.Game, g.Rule, g.Code, g.Server, g.Options, g.Rated, at(g.Started), ended, winner, how, g.Record); err != nil {
		return err
	}
	for i, seat := range g.Seats {
		row := []any{g.ID, i, key(seat), seat.Name, seat.Resume}
		row = append(row, nullable(g.Before[i])...)
		row = append(row, nullable(g.After[i])...)
		if err := s.add(seatsTable, row...); err != nil {
			return err
		}
	}
	return nil
}

// nullable is a rating around a game as seats keep it: NULL for none (an
// unrated game's).
func nullable(r glicko2.Rating) []any {
	if r == (glicko2.Rating{}) {
		return []any{nil, nil, nil}
	}
	return []any{r.R, r.RD, r.Vol}
}

func (s *sink) KeepMove(id int64, m store.Move) error {
	s.given.Moves++
	n := s.moves[id]
	s.moves[id] = n + 1
	return s.add(movesTable, id, n, m.Seat, m.Text, m.Time.Milliseconds(), at(m.At))
}

func (s *sink) KeepChat(id int64, l store.ChatLine) error {
	s.given.Chat++
	n := s.chat[id]
	s.chat[id] = n + 1
	var player any // NULL for a guest
	if l.Key != "" {
		player = l.Key
	}
	return s.add(chatTable, id, n, at(l.At), l.Name, player, l.Watcher, l.Text)
}

func (s *sink) KeepRating(key string, r store.Rating) error {
	s.given.Ratings++
	return s.add(ratingsTable, key, r.Game, r.Rule, r.R, r.RD, r.Vol, r.Games, r.Wins, r.Losses, r.Draws)
}

func (s *sink) KeepMinesGame(key string, g store.MinesGame) error {
	s.given.MinesGames++
	return s.add(minesTable, key, g.Level, g.Won, g.Time.Milliseconds(), g.Rate, at(g.At))
}

func (s *sink) KeepSanction(sn store.Sanction) error {
	s.given.Sanctions++
	var until any // NULL: for good
	if !sn.Until.IsZero() {
		until = at(sn.Until)
	}
	return s.add(sanctionsTable, string(sn.Kind), sn.Target, sn.Name, sn.By, sn.Reason, at(sn.At), until)
}

func (s *sink) KeepAdminAction(a store.AdminAction) error {
	s.given.AdminLog++
	return s.add(adminLogTable, at(a.At), a.Admin, a.Key, a.Command, a.Result)
}

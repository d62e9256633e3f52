package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"termgames/internal/glicko2"
	"termgames/internal/store"
)

// Begin implements store.Games.
func (s *Store) Begin(ctx context.Context, g store.Game) (int64, error) {
	if err := store.CheckBegin(g); err != nil {
		return 0, fmt.Errorf("store: begin a game: %w", err)
	}
	var id int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, seat := range g.Seats {
			if seat.Key == "" {
				continue
			}
			if ok, err := registered(ctx, tx, seat.Key); err != nil || !ok {
				return fmt.Errorf("player %s: %w", seat.Key, notRegistered(err))
			}
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO games (game, rule, code, server, options, rated, started)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, g.Game, g.Rule, g.Code, g.Server, g.Options, store.Rated(g.Seats), millis(g.Started))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for i, seat := range g.Seats {
			_, err := tx.ExecContext(ctx, `INSERT INTO seats (game, seat, player, name, resume)
				VALUES (?, ?, ?, ?, ?)`, id, i, sql.NullString{String: seat.Key, Valid: seat.Key != ""}, seat.Name, seat.Resume)
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: begin a game: %w", err)
	}
	return id, nil
}

// inPlay is nil when game id is in play, store.ErrFinished when it has
// ended and store.ErrNotFound when there is no such game.
func inPlay(ctx context.Context, tx *sql.Tx, id int64) error {
	var ended sql.NullInt64
	if err := tx.QueryRowContext(ctx, "SELECT ended FROM games WHERE id = ?", id).Scan(&ended); err != nil {
		return notFound(err)
	}
	if ended.Valid {
		return store.ErrFinished
	}
	return nil
}

// Finish implements store.Games: the end, the ratings and the game read
// back are one transaction.
func (s *Store) Finish(ctx context.Context, id int64, r store.Result) (store.Game, error) {
	if err := store.CheckResult(r); err != nil {
		return store.Game{}, fmt.Errorf("store: finish game %d: %w", id, err)
	}
	var g store.Game
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := inPlay(ctx, tx, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET ended = ?, winner = ?, how = ?, record = ? WHERE id = ?`,
			millis(r.Ended), r.Winner, r.How, r.Record, id)
		if err != nil {
			return err
		}
		if r.How == store.Void { // no result: nothing to rate
			if _, err := tx.ExecContext(ctx, `UPDATE games SET rated = 0 WHERE id = ?`, id); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE seats SET resume = '' WHERE game = ?`, id); err != nil {
			return err
		}
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		if !g.Rated {
			return nil
		}
		if err := rate(ctx, tx, &g); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return store.Game{}, fmt.Errorf("store: finish game %d: %w", id, err)
	}
	return g, nil
}

// rate moves the ratings of both players of g, which has just ended, and
// keeps them around the game, in g too.
func rate(ctx context.Context, tx *sql.Tx, g *store.Game) error {
	var now [2]store.Rating
	for i, seat := range g.Seats {
		var err error
		if now[i], err = rating(ctx, tx, seat.Key, g.Game, g.Rule); err != nil {
			return err
		}
		g.Before[i] = now[i].Rating
	}
	g.After = store.Rate(g.Before, g.Winner)
	for i, seat := range g.Seats {
		now[i].Rating = g.After[i]
		store.Count(&now[i], i, g.Winner)
		if err := keepRating(ctx, tx, seat.Key, now[i]); err != nil {
			return err
		}
		b, a := g.Before[i], g.After[i]
		_, err := tx.ExecContext(ctx, `UPDATE seats SET
			rating_before = ?, deviation_before = ?, volatility_before = ?,
			rating_after = ?, deviation_after = ?, volatility_after = ?
			WHERE game = ? AND seat = ?`, b.R, b.RD, b.Vol, a.R, a.RD, a.Vol, g.ID, i)
		if err != nil {
			return err
		}
	}
	return nil
}

// InPlay implements store.Games, in the order begun.
func (s *Store) InPlay(ctx context.Context, server string) ([]store.Game, error) {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE games SET server = ? WHERE ended IS NULL AND server = ''`, server)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: games in play at %q: %w", server, err)
	}
	var games []store.Game
	err = s.read(ctx, func(tx *sql.Tx) error {
		var err error
		games, err = queryGames(ctx, tx, `WHERE g.ended IS NULL AND g.server = ? ORDER BY g.id`, server)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+moveColumns+` FROM moves
			WHERE game IN (SELECT id FROM games WHERE ended IS NULL AND server = ?) ORDER BY game, n`, server)
		if err != nil {
			return err
		}
		defer rows.Close()
		at := make(map[int64]*store.Game, len(games))
		for i := range games {
			at[games[i].ID] = &games[i]
		}
		for rows.Next() {
			id, m, err := scanMove(rows)
			if err != nil {
				return err
			}
			if g := at[id]; g != nil {
				g.Moves = append(g.Moves, m)
			}
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: games in play at %q: %w", server, err)
	}
	return games, nil
}

// Game implements store.Games.
func (s *Store) Game(ctx context.Context, id int64) (store.Game, error) {
	var g store.Game
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = game(ctx, tx, id)
		return err
	})
	if err != nil {
		return store.Game{}, fmt.Errorf("store: game %d: %w", id, err)
	}
	return g, nil
}

// GamesOf implements store.Games: by the end, newest first, then the
// last begun first.
func (s *Store) GamesOf(ctx context.Context, key string, limit int) ([]store.Game, error) {
	if limit <= 0 {
		return nil, nil
	}
	var games []store.Game
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		games, err = queryGames(ctx, tx, `WHERE g.id IN (SELECT game FROM seats WHERE player = ?)
			AND g.ended IS NOT NULL
			ORDER BY g.ended DESC, g.id DESC
			LIMIT ?`, key, limit)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: games of %s: %w", key, err)
	}
	return games, nil
}

// game reads game id with its moves.
func game(ctx context.Context, tx *sql.Tx, id int64) (store.Game, error) {
	games, err := queryGames(ctx, tx, `WHERE g.id = ?`, id)
	if err != nil {
		return store.Game{}, err
	}
	if len(games) == 0 {
		return store.Game{}, store.ErrNotFound
	}
	g := games[0]
	rows, err := tx.QueryContext(ctx, `SELECT `+moveColumns+` FROM moves WHERE game = ? ORDER BY n`, id)
	if err != nil {
		return store.Game{}, err
	}
	defer rows.Close()
	for rows.Next() {
		_, m, err := scanMove(rows)
		if err != nil {
			return store.Game{}, err
		}
		g.Moves = append(g.Moves, m)
	}
	return g, rows.Err()
}

// moveColumns are a row of moves as scanMove reads it.
const moveColumns = "game, seat, text, took, at"

func scanMove(rows *sql.Rows) (int64, store.Move, error) {
	var id, took, at int64
	var m store.Move
	err := rows.Scan(&id, &m.Seat, &m.Text, &took, &at)
	m.Time, m.At = time.Duration(took)*time.Millisecond, timeAt(at)
	return id, m, err
}

// queryGames reads the games (without moves) that where, the end of a
// query on games g with their seats, picks.
func queryGames(ctx context.Context, tx *sql.Tx, where string, args ...any) ([]store.Game, error) {
	var games []store.Game
	err := eachGame(ctx, tx, func(g store.Game) error {
		games = append(games, g)
		return nil
	}, where, args...)
	return games, err
}

// eachGame is queryGames calling fn with each game as it is read.
func eachGame(ctx context.Context, tx *sql.Tx, fn func(store.Game) error, where string, args ...any) error {
	rows, err := tx.QueryContext(ctx, `SELECT
			g.id, g.game, g.rule, g.code, g.server, g.options, g.rated, g.started, g.ended, g.winner, g.how, g.record,
			`+seatColumns("s0")+`, `+seatColumns("s1")+`
		FROM games AS g
			JOIN seats AS s0 ON s0.game = g.id AND s0.seat = 0
			JOIN seats AS s1 ON s1.game = g.id AND s1.seat = 1
		`+where, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var g store.Game
		var started int64
		var ended, winner sql.NullInt64
		var how sql.NullString
		var seats [2]seatRow
		fields := []any{&g.ID, &g.Game, &g.Rule, &g.Code, &g.Server, &g.Options, &g.Rated, &started, &ended, &winner, &how, &g.Record}
		fields = append(fields, seats[0].fields()...)
		fields = append(fields, seats[1].fields()...)
		if err := rows.Scan(fields...); err != nil {
			return err
		}
		g.Started = timeAt(started)
		if ended.Valid {
			g.Ended = timeAt(ended.Int64)
		}
		g.Winner, g.How = int(winner.Int64), store.How(how.String)
		for i, s := range seats {
			g.Seats[i] = store.Seat{Key: s.key.String, Name: s.name, Resume: s.resume}
			g.Before[i], g.After[i] = s.before.rating(), s.after.rating()
		}
		if err := fn(g); err != nil {
			return err
		}
	}
	return rows.Err()
}

// seatColumns are a row of seats, named s, as seatRow reads it.
func seatColumns(s string) string {
	return fmt.Sprintf(`%[1]s.player, %[1]s.name, %[1]s.resume,
		%[1]s.rating_before, %[1]s.deviation_before, %[1]s.volatility_before,
		%[1]s.rating_after, %[1]s.deviation_after, %[1]s.volatility_after`, s)
}

// seatRow is a row of seats as read.
type seatRow struct {
	key           sql.NullString
	name, resume  string
	before, after nullRating
}

func (s *seatRow) fields() []any {
	return []any{&s.key, &s.name, &s.resume,
		&s.before.r, &s.before.rd, &s.before.vol, &s.after.r, &s.after.rd, &s.after.vol}
}

// nullRating is a rating that an unrated game does not have.
type nullRating struct{ r, rd, vol sql.NullFloat64 }

func (n nullRating) rating() glicko2.Rating {
	return glicko2.Rating{R: n.r.Float64, RD: n.rd.Float64, Vol: n.vol.Float64}
}

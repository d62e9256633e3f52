package postgres

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"termgames/internal/glicko2"
	"termgames/internal/store"
)

// beginSQL keeps a game and its two seats in one statement: a seat whose
// key is no player's breaks the foreign key and nothing is kept.
const beginSQL = `WITH g AS (
		INSERT INTO games (game, rule, code, options, rated, started, server)
		VALUES ($1, $2, $3, $4, $5, $6, $13) RETURNING id
	), s AS (
		INSERT INTO seats (game, seat, player, name, resume)
		SELECT g.id, v.seat, v.player, v.name, v.resume FROM g, (VALUES
			(0, $7::text, $8::text, $9::text),
			(1, $10::text, $11::text, $12::text)) AS v (seat, player, name, resume)
	)
	SELECT id FROM g`

// Begin implements store.Games.
func (s *Store) Begin(ctx context.Context, g store.Game) (int64, error) {
	if err := store.CheckBegin(g); err != nil {
		return 0, fmt.Errorf("store: begin a game: %w", err)
	}
	var id int64
	err := s.pool.QueryRow(ctx, beginSQL, g.Game, g.Rule, g.Code, g.Options, store.Rated(g.Seats), at(g.Started),
		key(g.Seats[0]), g.Seats[0].Name, g.Seats[0].Resume,
		key(g.Seats[1]), g.Seats[1].Name, g.Seats[1].Resume, g.Server).Scan(&id)
	if violates(err, "23503") {
		err = s.unregistered(ctx, g.Seats)
	}
	if err != nil {
		return 0, fmt.Errorf("store: begin a game: %w", err)
	}
	return id, nil
}

// key is a seat's key as a column keeps it: NULL for a guest.
func key(s store.Seat) *string {
	if s.Key == "" {
		return nil
	}
	return &s.Key
}

// unregistered says which seat's key is no player's, after a game
// refused for it.
func (s *Store) unregistered(ctx context.Context, seats [2]store.Seat) error {
	for _, seat := range seats {
		if seat.Key == "" {
			continue
		}
		var ok bool
		err := s.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM players WHERE key = $1)", seat.Key).Scan(&ok)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("player %s: %w", seat.Key, store.ErrNotFound)
		}
	}
	return fmt.Errorf("a seat's player: %w", store.ErrNotFound)
}

// inPlay is nil when game id is in play, store.ErrFinished when it has
// ended and store.ErrNotFound when there is no such game.
func inPlay(ctx context.Context, q querier, id int64) error {
	var ended *time.Time
	if err := q.QueryRow(ctx, "SELECT ended FROM games WHERE id = $1", id).Scan(&ended); err != nil {
		return notFound(err)
	}
	if ended != nil {
		return store.ErrFinished
	}
	return nil
}

// finishSQL ends a game in play and takes its seats' resume codes; it
// counts the games it ended, none when the game is not in play. The
// UPDATE locks the game's row: a second end of the same game waits for
// this one, then finds it ended.
const finishSQL = `WITH g AS (
		UPDATE games SET ended = $2, winner = $3, how = $4, record = $5, rated = rated AND NOT $6
		WHERE id = $1 AND ended IS NULL RETURNING id
	), s AS (
		UPDATE seats SET resume = '' WHERE game IN (SELECT id FROM g)
	)
	SELECT count(*) FROM g`

// Finish implements store.Games: the end, the ratings and the game read
// back are one transaction.
func (s *Store) Finish(ctx context.Context, id int64, r store.Result) (store.Game, error) {
	if err := store.CheckResult(r); err != nil {
		return store.Game{}, fmt.Errorf("store: finish game %d: %w", id, err)
	}
	var g store.Game
	err := s.write(ctx, func(tx pgx.Tx) error {
		var ended int
		// A Void end has no result: the game is kept unrated.
		err := tx.QueryRow(ctx, finishSQL, id, at(r.Ended), r.Winner, string(r.How), r.Record, r.How == store.Void).Scan(&ended)
		if err != nil {
			return err
		}
		if ended == 0 {
			if err := inPlay(ctx, tx, id); err != nil {
				return err
			}
			return fmt.Errorf("game %d is in play and was not ended", id)
		}
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		if !g.Rated {
			return nil
		}
		return rate(ctx, tx, &g)
	})
	if err != nil {
		return store.Game{}, fmt.Errorf("store: finish game %d: %w", id, err)
	}
	return g, nil
}

// rate moves the ratings of both players of g, which has just ended, and
// keeps them around the game, in g too. Both players' rows at the game and
// rule are locked first, made at glicko2.Initial where missing, in the
// order of the keys: another game of either player, ended at the same
// instant by this server or another, waits here until this one commits,
// and then reads the ratings this one wrote. Every transaction takes the
// rows in the same order, so that no two wait for each other.
func rate(ctx context.Context, tx pgx.Tx, g *store.Game) error {
	keys := []string{g.Seats[0].Key, g.Seats[1].Key}
	slices.Sort(keys)
	in := glicko2.Initial
	_, err := tx.Exec(ctx, `INSERT INTO ratings (player, game, rule, rating, deviation, volatility, games, wins, losses, draws)
		VALUES ($1, $3, $4, $5, $6, $7, 0, 0, 0, 0), ($2, $3, $4, $5, $6, $7, 0, 0, 0, 0)
		ON CONFLICT (player, game, rule) DO NOTHING`, keys[0], keys[1], g.Game, g.Rule, in.R, in.RD, in.Vol)
	if err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT player, `+ratingColumns+` FROM ratings
		WHERE game = $1 AND rule = $2 AND player IN ($3, $4)
		ORDER BY player FOR UPDATE`, g.Game, g.Rule, keys[0], keys[1])
	if err != nil {
		return err
	}
	now := map[string]store.Rating{}
	for rows.Next() {
		var player string
		var r store.Rating
		if err := rows.Scan(append([]any{&player}, ratingFields(&r)...)...); err != nil {
			rows.Close()
			return err
		}
		now[player] = r
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i, seat := range g.Seats {
		r, ok := now[seat.Key]
		if !ok {
			return fmt.Errorf("no rating row for %s", seat.Key)
		}
		g.Before[i] = r.Rating
	}
	g.After = store.Rate(g.Before, g.Winner)
	batch := &pgx.Batch{}
	for i, seat := range g.Seats {
		r := now[seat.Key]
		r.Rating = g.After[i]
		store.Count(&r, i, g.Winner)
		batch.Queue(`UPDATE ratings SET rating = $4, deviation = $5, volatility = $6,
				games = $7, wins = $8, losses = $9, draws = $10
			WHERE player = $1 AND game = $2 AND rule = $3`,
			seat.Key, r.Game, r.Rule, r.R, r.RD, r.Vol, r.Games, r.Wins, r.Losses, r.Draws)
		b, a := g.Before[i], g.After[i]
		batch.Queue(`UPDATE seats SET
				rating_before = $3, deviation_before = $4, volatility_before = $5,
				rating_after = $6, deviation_after = $7, volatility_after = $8
			WHERE game = $1 AND seat = $2`, g.ID, i, b.R, b.RD, b.Vol, a.R, a.RD, a.Vol)
	}
	return tx.SendBatch(ctx, batch).Close()
}

// InPlay implements store.Games, in the order begun. The games that no
// server has are taken first, in a statement of their own: two servers
// that start at once each take some, never one game both.
func (s *Store) InPlay(ctx context.Context, server string) ([]store.Game, error) {
	_, err := s.pool.Exec(ctx, `UPDATE games SET server = $1 WHERE ended IS NULL AND server = ''`, server)
	if err != nil {
		return nil, fmt.Errorf("store: games in play at %q: %w", server, err)
	}
	games, err := queryGames(ctx, s.pool, true, `WHERE g.ended IS NULL AND g.server = $1 ORDER BY g.id`, server)
	if err != nil {
		return nil, fmt.Errorf("store: games in play at %q: %w", server, err)
	}
	return games, nil
}

// Game implements store.Games.
func (s *Store) Game(ctx context.Context, id int64) (store.Game, error) {
	g, err := game(ctx, s.pool, id)
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
	games, err := queryGames(ctx, s.pool, false, `WHERE g.id IN (SELECT game FROM seats WHERE player = $1)
			AND g.ended IS NOT NULL
			ORDER BY g.ended DESC, g.id DESC
			LIMIT $2`, key, limit)
	if err != nil {
		return nil, fmt.Errorf("store: games of %s: %w", key, err)
	}
	return games, nil
}

// game reads game id with its moves.
func game(ctx context.Context, q querier, id int64) (store.Game, error) {
	games, err := queryGames(ctx, q, true, `WHERE g.id = $1`, id)
	if err != nil {
		return store.Game{}, err
	}
	if len(games) == 0 {
		return store.Game{}, store.ErrNotFound
	}
	return games[0], nil
}

// gameColumns are a game with its two seats, as gameRow reads them.
const gameColumns = `g.id, g.game, g.rule, g.code, g.server, g.options, g.rated, g.started, g.ended, g.winner, g.how, g.record,
	s0.player, s0.name, s0.resume,
	s0.rating_before, s0.deviation_before, s0.volatility_before,
	s0.rating_after, s0.deviation_after, s0.volatility_after,
	s1.player, s1.name, s1.resume,
	s1.rating_before, s1.deviation_before, s1.volatility_before,
	s1.rating_after, s1.deviation_after, s1.volatility_after`

// moveArrays are a game's moves, in the order made, as four arrays: the
// game and its moves come in one statement, which sees one moment.
const moveArrays = `,
	array(SELECT seat FROM moves WHERE game = g.id ORDER BY n),
	array(SELECT text FROM moves WHERE game = g.id ORDER BY n),
	array(SELECT took FROM moves WHERE game = g.id ORDER BY n),
	array(SELECT at FROM moves WHERE game = g.id ORDER BY n)`

// queryGames reads the games that where, the end of a query on games g
// with their seats, picks; with their moves when withMoves.
func queryGames(ctx context.Context, q querier, withMoves bool, where string, args ...any) ([]store.Game, error) {
	cols := gameColumns
	if withMoves {
		cols += moveArrays
	}
	rows, err := q.Query(ctx, `SELECT `+cols+`
		FROM games AS g
			JOIN seats AS s0 ON s0.game = g.id AND s0.seat = 0
			JOIN seats AS s1 ON s1.game = g.id AND s1.seat = 1
		`+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []store.Game
	for rows.Next() {
		var r gameRow
		fields := r.fields()
		if withMoves {
			fields = append(fields, &r.seats, &r.texts, &r.took, &r.at)
		}
		if err := rows.Scan(fields...); err != nil {
			return nil, err
		}
		games = append(games, r.game())
	}
	return games, rows.Err()
}

// gameRow is a row of gameColumns, and of moveArrays, as read.
type gameRow struct {
	g      store.Game
	ended  *time.Time
	winner *int16
	how    *string
	seat   [2]seatRow
	seats  []int16
	texts  []string
	took   []int64
	at     []time.Time
}

func (r *gameRow) fields() []any {
	fs := []any{&r.g.ID, &r.g.Game, &r.g.Rule, &r.g.Code, &r.g.Server, &r.g.Options, &r.g.Rated, &r.g.Started,
		&r.ended, &r.winner, &r.how, &r.g.Record}
	for i := range r.seat {
		fs = append(fs, r.seat[i].fields()...)
	}
	return fs
}

// game is the game that r read.
func (r *gameRow) game() store.Game {
	g := r.g
	g.Started = kept(g.Started)
	if r.ended != nil {
		g.Ended = kept(*r.ended)
	}
	if r.winner != nil {
		g.Winner = int(*r.winner)
	}
	if r.how != nil {
		g.How = store.How(*r.how)
	}
	for i, s := range r.seat {
		g.Seats[i] = store.Seat{Name: s.name, Resume: s.resume}
		if s.key != nil {
			g.Seats[i].Key = *s.key
		}
		g.Before[i], g.After[i] = s.before.rating(), s.after.rating()
	}
	for i := range r.seats {
		g.Moves = append(g.Moves, store.Move{
			Seat: int(r.seats[i]),
			Text: r.texts[i],
			Time: time.Duration(r.took[i]) * time.Millisecond,
			At:   kept(r.at[i]),
		})
	}
	return g
}

// seatRow is a seat's columns as read.
type seatRow struct {
	key           *string
	name, resume  string
	before, after nullRating
}

func (s *seatRow) fields() []any {
	return []any{&s.key, &s.name, &s.resume,
		&s.before.r, &s.before.rd, &s.before.vol, &s.after.r, &s.after.rd, &s.after.vol}
}

// nullRating is a rating that an unrated game does not have.
type nullRating struct{ r, rd, vol *float64 }

func (n nullRating) rating() glicko2.Rating {
	var r glicko2.Rating
	if n.r != nil && n.rd != nil && n.vol != nil {
		r = glicko2.Rating{R: *n.r, RD: *n.rd, Vol: *n.vol}
	}
	return r
}

package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"termgames/internal/glicko2"
	"termgames/internal/store"
)

// RatingsOf implements store.Ratings, by game and rule.
func (s *Store) RatingsOf(ctx context.Context, key string) ([]store.Rating, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+ratingColumns+` FROM ratings
		WHERE player = $1 ORDER BY game, rule`, key)
	var rs []store.Rating
	if err == nil {
		rs, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Rating, error) {
			var r store.Rating
			return r, row.Scan(ratingFields(&r)...)
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: ratings of %s: %w", key, err)
	}
	return rs, nil
}

// Leaderboard implements store.Ratings: the established ratings first,
// then the provisional ones, each the highest first, then by name.
func (s *Store) Leaderboard(ctx context.Context, game, rule string, limit int) ([]store.Standing, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT p.name, `+ratingColumns+` FROM ratings
		JOIN players AS p ON p.key = player
		WHERE game = $1 AND rule = $2
		ORDER BY deviation >= $4, rating DESC, p.name
		LIMIT $3`, game, rule, limit, float64(glicko2.ProvisionalRD))
	var board []store.Standing
	if err == nil {
		board, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Standing, error) {
			var st store.Standing
			return st, row.Scan(append([]any{&st.Name}, ratingFields(&st.Rating)...)...)
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard of %s %s: %w", game, rule, err)
	}
	return board, nil
}

// ratingColumns are a row of ratings in the order of ratingFields.
const ratingColumns = "game, rule, rating, deviation, volatility, games, wins, losses, draws"

func ratingFields(r *store.Rating) []any {
	return []any{&r.Game, &r.Rule, &r.R, &r.RD, &r.Vol, &r.Games, &r.Wins, &r.Losses, &r.Draws}
}

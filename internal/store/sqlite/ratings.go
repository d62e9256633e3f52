package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"termgames/internal/glicko2"
	"termgames/internal/store"
)

// RatingsOf implements store.Ratings, by game and rule.
func (s *Store) RatingsOf(ctx context.Context, key string) ([]store.Rating, error) {
	var rs []store.Rating
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+ratingColumns+` FROM ratings
			WHERE player = ? ORDER BY game, rule`, key)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r store.Rating
			if err := rows.Scan(ratingFields(&r)...); err != nil {
				return err
			}
			rs = append(rs, r)
		}
		return rows.Err()
	})
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
	var board []store.Standing
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT p.name, `+ratingColumns+` FROM ratings
			JOIN players AS p ON p.key = player
			WHERE game = ? AND rule = ?
			ORDER BY deviation >= ?, rating DESC, p.name
			LIMIT ?`, game, rule, glicko2.ProvisionalRD, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var st store.Standing
			if err := rows.Scan(append([]any{&st.Name}, ratingFields(&st.Rating)...)...); err != nil {
				return err
			}
			board = append(board, st)
		}
		return rows.Err()
	})
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

// rating reads key's rating at game and rule, glicko2.Initial and no
// games when there is none yet.
func rating(ctx context.Context, tx *sql.Tx, key, game, rule string) (store.Rating, error) {
	r := store.Rating{Game: game, Rule: rule}
	err := tx.QueryRowContext(ctx, `SELECT `+ratingColumns+` FROM ratings
		WHERE player = ? AND game = ? AND rule = ?`, key, game, rule).Scan(ratingFields(&r)...)
	if errors.Is(err, sql.ErrNoRows) {
		r.Rating = glicko2.Initial
		return r, nil
	}
	return r, err
}

// keepRating writes key's rating.
func keepRating(ctx context.Context, tx *sql.Tx, key string, r store.Rating) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO ratings (player, `+ratingColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (player, game, rule) DO UPDATE SET
			rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
			games = excluded.games, wins = excluded.wins, losses = excluded.losses, draws = excluded.draws`,
		key, r.Game, r.Rule, r.R, r.RD, r.Vol, r.Games, r.Wins, r.Losses, r.Draws)
	return err
}

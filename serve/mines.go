package serve

import (
	"context"
	"log/slog"

	"termgames/internal/store"
	"termgames/minesweeper"
	"termgames/serve/room"
)

// Books are a player's own records of the games, kept in the server's
// store, as Online is their online tables: main hands For(game) to each
// game in cli.Env.Book. Only a player with a key has them, on a server
// with a store; a guest plays as locally, with the server's files.
type Books struct {
	// Minesweeper keeps the player's minesweeper games, from which their
	// best times and statistics are made, and has the server's
	// leaderboard of each level.
	Minesweeper minesweeper.Book
}

// For returns the book of the game whose command is name, as the table of
// games names it; nil for a game that keeps none in the store, or a player
// who has none.
func (b Books) For(name string) any {
	if name == "minesweeper" && b.Minesweeper != nil {
		return b.Minesweeper
	}
	return nil
}

// books returns the books of p: none for a guest or without a store.
func (s *server) books(p Player, log *slog.Logger) Books {
	if s.cfg.Store == nil || p.Key == "" {
		return Books{}
	}
	return Books{Minesweeper: &minesBook{store: s.cfg.Store, key: p.Key, want: room.AskedName(p.Name), log: log}}
}

// minesBook is a keyed player's minesweeper games in the server's store.
// Its errors go to the log as well as to the game, which says them on the
// player's screen and plays on.
type minesBook struct {
	store store.Store
	key   string
	want  string // the name the player is registered under the first time
	log   *slog.Logger
}

// Games returns the player's games, oldest first.
func (b *minesBook) Games(ctx context.Context) ([]minesweeper.Result, error) {
	games, err := b.store.MinesGames(ctx, b.key)
	if err != nil {
		b.log.Error("minesweeper: read the player's games", "err", err)
		return nil, err
	}
	results := make([]minesweeper.Result, len(games))
	for i, g := range games {
		results[i] = minesweeper.Result{Level: g.Level, Won: g.Won, Time: g.Time, Rate: g.Rate, At: g.At}
	}
	return results, nil
}

// Add keeps a game. The player is registered first, the first time
// (store.Players.Player gives a key its name for good), so that the
// leaderboard has a name for them.
func (b *minesBook) Add(ctx context.Context, r minesweeper.Result) error {
	_, err := b.store.Player(ctx, b.key, b.want)
	if err == nil {
		err = b.store.AddMinesGame(ctx, b.key, store.MinesGame{Level: r.Level, Won: r.Won, Time: r.Time, Rate: r.Rate, At: r.At})
	}
	if err != nil {
		b.log.Error("minesweeper: keep a game", "level", r.Level, "err", err)
	}
	return err
}

// Leaders returns the best time of each player at level.
func (b *minesBook) Leaders(ctx context.Context, level string, limit int) ([]minesweeper.Leader, error) {
	times, err := b.store.MinesLeaders(ctx, level, limit)
	if err != nil {
		b.log.Error("minesweeper: read the leaderboard", "level", level, "err", err)
		return nil, err
	}
	leaders := make([]minesweeper.Leader, len(times))
	for i, t := range times {
		leaders[i] = minesweeper.Leader{Name: t.Name, Time: t.Time, At: t.At}
	}
	return leaders, nil
}

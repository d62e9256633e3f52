package store

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"termgames/internal/glicko2"
)

// Memory is the whole Store in memory, for tests that do not look at the
// file: it keeps what store/sqlite keeps, by the same rules, and answers
// the same (storetest runs both). One mutex guards it all: it is for tests,
// and a test's few thousand calls never wait long on it.
type Memory struct {
	// Now is the clock of a player's Created, time.Now unless a test sets
	// it before the store is used.
	Now func() time.Time

	mu      sync.Mutex
	closed  bool
	players map[string]Player // by key
	names   map[string]string // name -> key
	games   []*Game           // games[id-1]
	ratings map[ratingKey]*Rating
	mines   map[string][]MinesGame // by key, in the order kept
}

// ratingKey is whose rating at which game and rule.
type ratingKey struct{ key, game, rule string }

// NewMemory returns an empty Memory.
func NewMemory() *Memory {
	return &Memory{
		Now:     time.Now,
		players: map[string]Player{},
		names:   map[string]string{},
		ratings: map[ratingKey]*Rating{},
		mines:   map[string][]MinesGame{},
	}
}

var _ Store = (*Memory)(nil)

// errClosed is what a Memory answers once closed, where SQLite would say
// its database is closed.
var errClosed = errors.New("the store is closed")

// lock takes the mutex unless the store is closed; the caller unlocks
// only when it returns nil.
func (m *Memory) lock() error {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return errClosed
	}
	return nil
}

// Close implements Store.
func (m *Memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	return nil
}

// Player implements Players.
func (m *Memory) Player(ctx context.Context, key, want string) (Player, error) {
	if key == "" {
		return Player{}, errors.New("store: player: a guest has no key to keep a name for")
	}
	if err := m.lock(); err != nil {
		return Player{}, fmt.Errorf("store: player %s: %w", key, err)
	}
	defer m.mu.Unlock()
	if p, ok := m.players[key]; ok {
		return p, nil
	}
	name, err := FreeName(want, func(name string) (bool, error) {
		_, taken := m.names[NameKey(name)]
		return taken, nil
	})
	if err != nil {
		return Player{}, fmt.Errorf("store: player %s: %w", key, err)
	}
	p := Player{Key: key, Name: name, Created: KeptTime(m.Now())}
	m.players[key] = p
	m.names[NameKey(name)] = key
	return p, nil
}

// NameTaken implements Players.
func (m *Memory) NameTaken(ctx context.Context, name string) (bool, error) {
	if err := m.lock(); err != nil {
		return false, fmt.Errorf("store: is %q taken: %w", name, err)
	}
	defer m.mu.Unlock()
	_, taken := m.names[NameKey(name)]
	return taken, nil
}

// Begin implements Games.
func (m *Memory) Begin(ctx context.Context, g Game) (int64, error) {
	if err := CheckBegin(g); err != nil {
		return 0, fmt.Errorf("store: begin a game: %w", err)
	}
	if err := m.lock(); err != nil {
		return 0, fmt.Errorf("store: begin a game: %w", err)
	}
	defer m.mu.Unlock()
	for _, s := range g.Seats {
		if _, ok := m.players[s.Key]; s.Key != "" && !ok {
			return 0, fmt.Errorf("store: begin a game: player %s: %w", s.Key, ErrNotFound)
		}
	}
	g.ID = int64(len(m.games) + 1)
	g.Rated = Rated(g.Seats)
	g.Started = KeptTime(g.Started)
	g.Moves = nil
	g.Winner, g.How, g.Record = 0, "", nil
	g.Before, g.After = [2]glicko2.Rating{}, [2]glicko2.Rating{}
	m.games = append(m.games, &g)
	return g.ID, nil
}

// game returns game id; the caller holds the mutex.
func (m *Memory) game(id int64) (*Game, error) {
	if id < 1 || id > int64(len(m.games)) {
		return nil, ErrNotFound
	}
	return m.games[id-1], nil
}

// AddMove implements Games.
func (m *Memory) AddMove(ctx context.Context, id int64, mv Move) error {
	if err := CheckMove(mv); err != nil {
		return fmt.Errorf("store: add move to game %d: %w", id, err)
	}
	if err := m.lock(); err != nil {
		return fmt.Errorf("store: add move to game %d: %w", id, err)
	}
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err == nil && !g.Ended.IsZero() {
		err = ErrFinished
	}
	if err != nil {
		return fmt.Errorf("store: add move to game %d: %w", id, err)
	}
	mv.Time = KeptDuration(mv.Time)
	mv.At = KeptTime(mv.At)
	g.Moves = append(g.Moves, mv)
	return nil
}

// Finish implements Games.
func (m *Memory) Finish(ctx context.Context, id int64, r Result) (Game, error) {
	if err := CheckResult(r); err != nil {
		return Game{}, fmt.Errorf("store: finish game %d: %w", id, err)
	}
	if err := m.lock(); err != nil {
		return Game{}, fmt.Errorf("store: finish game %d: %w", id, err)
	}
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err == nil && !g.Ended.IsZero() {
		err = ErrFinished
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: finish game %d: %w", id, err)
	}
	if r.How == Void { // no result: nothing to rate
		g.Rated = false
	}
	if g.Rated {
		var now [2]*Rating
		for i, s := range g.Seats {
			k := ratingKey{s.Key, g.Game, g.Rule}
			if m.ratings[k] == nil {
				m.ratings[k] = &Rating{Game: g.Game, Rule: g.Rule, Rating: glicko2.Initial}
			}
			now[i] = m.ratings[k]
			g.Before[i] = now[i].Rating
		}
		g.After = Rate(g.Before, r.Winner)
		for i := range now {
			now[i].Rating = g.After[i]
			Count(now[i], i, r.Winner)
		}
	}
	g.Ended = KeptTime(r.Ended)
	g.Winner, g.How, g.Record = r.Winner, r.How, slices.Clone(r.Record)
	for i := range g.Seats {
		g.Seats[i].Resume = ""
	}
	return copyGame(g, true), nil
}

// copyGame is g for a caller, sharing nothing with the store.
func copyGame(g *Game, moves bool) Game {
	c := *g
	c.Moves = nil
	if moves {
		c.Moves = slices.Clone(g.Moves)
	}
	c.Record = slices.Clone(g.Record)
	return c
}

// InPlay implements Games.
func (m *Memory) InPlay(ctx context.Context) ([]Game, error) {
	if err := m.lock(); err != nil {
		return nil, fmt.Errorf("store: games in play: %w", err)
	}
	defer m.mu.Unlock()
	var in []Game
	for _, g := range m.games {
		if g.Ended.IsZero() {
			in = append(in, copyGame(g, true))
		}
	}
	return in, nil
}

// Game implements Games.
func (m *Memory) Game(ctx context.Context, id int64) (Game, error) {
	if err := m.lock(); err != nil {
		return Game{}, fmt.Errorf("store: game %d: %w", id, err)
	}
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err != nil {
		return Game{}, fmt.Errorf("store: game %d: %w", id, err)
	}
	return copyGame(g, true), nil
}

// GamesOf implements Games.
func (m *Memory) GamesOf(ctx context.Context, key string, limit int) ([]Game, error) {
	if err := m.lock(); err != nil {
		return nil, fmt.Errorf("store: games of %s: %w", key, err)
	}
	defer m.mu.Unlock()
	var of []Game
	for _, g := range m.games {
		if !g.Ended.IsZero() && key != "" && (g.Seats[0].Key == key || g.Seats[1].Key == key) {
			of = append(of, copyGame(g, false))
		}
	}
	slices.SortFunc(of, func(a, b Game) int {
		return cmp.Or(b.Ended.Compare(a.Ended), cmp.Compare(b.ID, a.ID))
	})
	return of[:min(len(of), max(limit, 0))], nil
}

// RatingsOf implements Ratings.
func (m *Memory) RatingsOf(ctx context.Context, key string) ([]Rating, error) {
	if err := m.lock(); err != nil {
		return nil, fmt.Errorf("store: ratings of %s: %w", key, err)
	}
	defer m.mu.Unlock()
	var of []Rating
	for k, r := range m.ratings {
		if k.key == key {
			of = append(of, *r)
		}
	}
	slices.SortFunc(of, func(a, b Rating) int {
		return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Rule, b.Rule))
	})
	return of, nil
}

// Leaderboard implements Ratings: highest rating first, then by name.
func (m *Memory) Leaderboard(ctx context.Context, game, rule string, limit int) ([]Standing, error) {
	if err := m.lock(); err != nil {
		return nil, fmt.Errorf("store: leaderboard of %s %s: %w", game, rule, err)
	}
	defer m.mu.Unlock()
	var board []Standing
	for k, r := range m.ratings {
		if k.game == game && k.rule == rule {
			board = append(board, Standing{Name: m.players[k.key].Name, Rating: *r})
		}
	}
	slices.SortFunc(board, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.R, a.R), cmp.Compare(a.Name, b.Name))
	})
	return board[:min(len(board), max(limit, 0))], nil
}

// AddMinesGame implements Mines.
func (m *Memory) AddMinesGame(ctx context.Context, key string, g MinesGame) error {
	if err := CheckMinesGame(g); err != nil {
		return fmt.Errorf("store: add minesweeper game of %s: %w", key, err)
	}
	if err := m.lock(); err != nil {
		return fmt.Errorf("store: add minesweeper game of %s: %w", key, err)
	}
	defer m.mu.Unlock()
	if _, ok := m.players[key]; !ok {
		return fmt.Errorf("store: add minesweeper game of %s: %w", key, ErrNotFound)
	}
	g.Time = KeptDuration(g.Time)
	g.At = KeptTime(g.At)
	m.mines[key] = append(m.mines[key], g)
	return nil
}

// MinesGames implements Mines.
func (m *Memory) MinesGames(ctx context.Context, key string) ([]MinesGame, error) {
	if err := m.lock(); err != nil {
		return nil, fmt.Errorf("store: minesweeper games of %s: %w", key, err)
	}
	defer m.mu.Unlock()
	gs := slices.Clone(m.mines[key])
	slices.SortStableFunc(gs, func(a, b MinesGame) int { return a.At.Compare(b.At) })
	return gs, nil
}

// MinesLeaders implements Mines: each player's fastest won game at level
// (the earlier of two as fast), fastest first, then the earlier, then by
// name.
func (m *Memory) MinesLeaders(ctx context.Context, level string, limit int) ([]MinesTime, error) {
	if err := m.lock(); err != nil {
		return nil, fmt.Errorf("store: minesweeper leaders at %s: %w", level, err)
	}
	defer m.mu.Unlock()
	var leaders []MinesTime
	for key, gs := range m.mines {
		var best *MinesGame
		for i, g := range gs {
			if g.Level != level || !g.Won {
				continue
			}
			if best == nil || g.Time < best.Time || g.Time == best.Time && g.At.Before(best.At) {
				best = &gs[i]
			}
		}
		if best != nil {
			leaders = append(leaders, MinesTime{Name: m.players[key].Name, Time: best.Time, At: best.At})
		}
	}
	slices.SortFunc(leaders, func(a, b MinesTime) int {
		return cmp.Or(cmp.Compare(a.Time, b.Time), a.At.Compare(b.At), cmp.Compare(a.Name, b.Name))
	})
	return leaders[:min(len(leaders), max(limit, 0))], nil
}

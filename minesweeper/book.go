package minesweeper

import (
	"context"
	"slices"
	"time"
)

// Book keeps one player's games somewhere other than the best-times file:
// over SSH, the server's store, for a player with a key, so that their
// best times and statistics follow the key and not the machine, and the
// records screen can show the other players' best times beside theirs.
// The game calls it off the UI goroutine (console.Do), from several
// commands at once, so it must be safe for concurrent use; it may be slow.
type Book interface {
	// Games returns the player's counted games, oldest first: their best
	// times and statistics are made from them (tally), by the same code
	// that keeps them in the file.
	Games(ctx context.Context) ([]Result, error)
	// Add keeps one counted game of the player.
	Add(ctx context.Context, r Result) error
	// Leaders returns the best time of each player at a level, by its
	// best-times key, fastest first, at most limit.
	Leaders(ctx context.Context, level string, limit int) ([]Leader, error)
}

// Result is one counted game as a Book keeps it: every game the file's
// statistics count, won or not.
type Result struct {
	// Level is the game's best-times key: the level's Key, ended with
	// "+noguess" for its no-guess boards.
	Level string
	Won   bool
	Time  time.Duration // from the first opening to the end
	Rate  float64       // a win's 3BV/s
	At    time.Time     // when it ended
}

// Leader is one player's best time at a level, a line of a Book's
// leaderboard.
type Leader struct {
	Name string // as the other players see it
	Time time.Duration
	At   time.Time // when it was won
}

// tally makes the best times and the statistics of a book's games with
// the code that keeps them in the file (store.enter, with Stats.count and
// sortBest), so that the same games give the same figures either way.
func tally(games []Result) *store {
	s := newStore("", nil)
	s.loaded = true
	for _, g := range games {
		s.enter(g.Level, g.entry())
	}
	return s
}

// entry is the game as the file takes it.
func (r Result) entry() entry {
	return entry{won: r.Won, counted: true, rate: r.Rate, rec: Record{Millis: r.Time.Milliseconds(), When: r.At}}
}

// resultOf is a game of level key as a book takes it; a game left before
// its end has no time of its own, and ended now.
func resultOf(key string, e entry, now time.Time) Result {
	at := e.rec.When
	if at.IsZero() {
		at = now.Truncate(time.Second)
	}
	return Result{Level: key, Won: e.won, Time: e.rec.Time(), Rate: e.rate, At: at}
}

// rankIn is the 1-based place of a win's record among best, 0 when it is
// not there. A book may keep times to the millisecond and dates to the
// second only, so that is what is compared.
func rankIn(best []Record, r Record) int {
	return slices.IndexFunc(best, func(x Record) bool {
		return x.Millis == r.Millis && x.When.Unix() == r.When.Unix()
	}) + 1
}

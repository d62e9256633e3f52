// Package store is what termgames serve keeps: players and their names,
// every online game (in play, move by move, and finished), each player's
// ratings, and minesweeper's games of players with a key. It is small
// interfaces with no SQL, after soft-serve's store: the SQLite
// implementation is store/sqlite, the PostgreSQL one store/postgres
// (store/stores opens either, by the server's -db). Tests use a real
// SQLite file or a throw-away PostgreSQL cluster (store/pgtest).
//
// The rules of what is kept live here, once, for every implementation
// (rules.go): a name belongs to the key that first used it; a game is
// rated when both players have keys, two different ones; a rated game's
// ratings change in the same transaction that keeps its end.
package store

import (
	"context"
	"errors"
	"time"

	"termgames/internal/glicko2"
)

// Store is everything the server keeps.
type Store interface {
	Players
	Games
	Ratings
	Mines
	Social
	Tables
	Moderation
	// Probe makes a write that changes nothing and commits it: whether
	// the store takes writes now (the server's readiness check). It
	// returns when the write is committed, refused, or ctx is done.
	Probe(ctx context.Context) error
	// Close closes the store; nothing may be called after.
	Close() error
}

// Errors of the store.
var (
	// ErrNotFound: no such game or player.
	ErrNotFound = errors.New("not found")
	// ErrFinished: the game has ended already; nothing more is added.
	ErrFinished = errors.New("the game has ended")
	// ErrCodeTaken: a table of this server or another has the code.
	ErrCodeTaken = errors.New("the code is taken")
)

// Player is a player with a key: the key's fingerprint is who they are,
// Name what every screen shows.
type Player struct {
	Key     string // SHA256 fingerprint of the SSH key
	Name    string // unique on the server
	Created time.Time
}

// Players keeps who has which name.
type Players interface {
	// Player returns the player with key, registering them the first time
	// under the first free name of want, want~2, want~3, … (want has no
	// '~': the caller strips it). A name once given is the key's for good.
	Player(ctx context.Context, key, want string) (Player, error)
	// NameTaken reports whether a player with a key holds name: a guest
	// asking for it is shown apart.
	NameTaken(ctx context.Context, name string) (bool, error)
	// PlayerNamed returns the player whose name is name, as names are
	// told apart (NameKey); ErrNotFound when none is.
	PlayerNamed(ctx context.Context, name string) (Player, error)
	// Rename gives the player with key the name name (which the caller
	// made printable, without '~'); ErrNameTaken when another player
	// holds it, ErrNotFound when key is no player's. The games keep the
	// names they were played under.
	Rename(ctx context.Context, key, name string) (Player, error)
	// MoveKey moves the player with key from, their name, ratings, games,
	// minesweeper games, ignores and settings, to the key to: a player who
	// lost their key.
	// A player of to with nothing kept but a name (they connected with the
	// new key before asking) is replaced; one with games is ErrKeyInUse.
	MoveKey(ctx context.Context, from, to string) (Player, error)
}

// Seat is a player at a game, as kept.
type Seat struct {
	Key    string // "" for a guest
	Name   string
	Resume string // the resume code, while the game is in play
}

// Move is one move of a game in play, in the game's own notation: omok's
// point as "h8", baseball's guess "123" or a secret chosen "=123".
type Move struct {
	Seat int
	Text string
	// Time is what the player took for it (the .psq's milliseconds).
	Time time.Duration
	At   time.Time // when it was made
}

// Game is one online game: in play while Ended is zero.
type Game struct {
	ID   int64
	Game string // "omok" or "baseball"
	Rule string // omok's rule ("freestyle", …); "" for baseball
	Code string // the table's code
	// Server is the name of the server whose table plays the game (the
	// server's -name), "" for a server with no name: after a restart,
	// each server brings back its own games in play (InPlay).
	Server  string
	Seats   [2]Seat
	Rated   bool
	Started time.Time
	Moves   []Move // in play: every move so far
	// Options are the table's options as the serve package writes them
	// ("3+2 swap2"), "" for none: kept as given and never read by the
	// store, so that a game brought back after a restart has its clock
	// and opening, and a new option needs no new column.
	Options string

	// Once ended:
	Ended  time.Time
	Winner int // the winning seat, -1 for a draw
	// How is how it ended; only Void is read by the store, and the
	// ratings follow Winner alone.
	How How
	// Record is the finished game in its game's record format: omok's
	// Piskvork .psq; baseball's rounds as text.
	Record []byte
	// Before and After are the seats' ratings around a rated game.
	Before, After [2]glicko2.Rating
}

// Result is how a game ended, with its record.
type Result struct {
	Ended  time.Time
	Winner int // -1: a draw
	How    How
	Record []byte
}

// Games keeps the online games: a game is begun when its second player
// sits down, each move is added (and committed) before the opponent sees
// it, and its end is kept with the record.
type Games interface {
	// Begin keeps a game that starts now, with no moves yet, and returns
	// its ID; the store decides whether it is rated (Rated: both seats
	// have keys, two different ones), whatever g.Rated says.
	Begin(ctx context.Context, g Game) (int64, error)
	// AddMove keeps a move of game id, in play.
	AddMove(ctx context.Context, id int64, m Move) error
	// Finish keeps the end of game id and, when it is rated, both
	// players' new ratings, in one transaction; it returns the game as
	// kept (with Before and After). A game ended Void is kept unrated.
	Finish(ctx context.Context, id int64, r Result) (Game, error)
	// InPlay returns every game of server not yet ended, with its moves:
	// the tables to bring back after its restart. Games in play that no
	// server has (Server "": kept by a server with no name, or copied from
	// one) become server's, so that a server given a name later, or moved
	// from a file to a database, takes back its own.
	InPlay(ctx context.Context, server string) ([]Game, error)
	// Game returns a game, in play or ended, with its moves.
	Game(ctx context.Context, id int64) (Game, error)
	// GamesOf returns the ended games of the player with key, newest
	// first, at most limit (without moves).
	GamesOf(ctx context.Context, key string, limit int) ([]Game, error)
	// AddChat keeps a line said at game id's table, in play or ended;
	// Chat returns them, oldest first. Moderators read them.
	AddChat(ctx context.Context, id int64, line ChatLine) error
	Chat(ctx context.Context, id int64) ([]ChatLine, error)
}

// ChatLine is a line said at a table, as kept with its game.
type ChatLine struct {
	At   time.Time
	Name string // the sender as the table showed them: "alice~2", "bob~g"
	Key  string // the sender's key; "" for a guest
	// Watcher: a watcher said it, and only the watchers saw it.
	Watcher bool
	Text    string
}

// Rating is a player's rating at one game and rule.
type Rating struct {
	Game, Rule string
	glicko2.Rating
	Games, Wins, Losses, Draws int
}

// Standing is a line of a leaderboard.
type Standing struct {
	Name string
	Rating
}

// Ratings reads the ratings that Finish keeps.
type Ratings interface {
	// RatingsOf returns every rating of the player with key (a game and
	// rule never played is not there: it would be glicko2.Initial).
	RatingsOf(ctx context.Context, key string) ([]Rating, error)
	// Leaderboard returns the best rated players at game and rule, at
	// most limit: the established ratings first (glicko2's Provisional
	// is false), best first, then the provisional ones, best first.
	Leaderboard(ctx context.Context, game, rule string, limit int) ([]Standing, error)
}

// MinesGame is one counted minesweeper game of a player with a key.
type MinesGame struct {
	Level string // minesweeper's level key ("beginner", "30x16x99", …)
	Won   bool
	Time  time.Duration // from the first opening to the end
	Rate  float64       // 3BV/s
	At    time.Time
}

// MinesTime is a best time on the server's leaderboard.
type MinesTime struct {
	Name string
	Time time.Duration
	At   time.Time
}

// Mines keeps minesweeper's games of players with a key.
type Mines interface {
	// AddMinesGame keeps one counted game.
	AddMinesGame(ctx context.Context, key string, g MinesGame) error
	// MinesGames returns the player's games, oldest first: their best
	// times and statistics are made from them.
	MinesGames(ctx context.Context, key string) ([]MinesGame, error)
	// MinesLeaders returns the best time of each player at level, fastest
	// first, at most limit.
	MinesLeaders(ctx context.Context, level string, limit int) ([]MinesTime, error)
}

// Social keeps what a player with a key says of others and of
// themselves: the players they ignore (their chat hidden from them, their
// challenges refused without a word), and whether they take challenges
// at all.
type Social interface {
	// SetIgnore makes the player with key ignore the player with other
	// (on), or no longer (off); both are players with keys.
	SetIgnore(ctx context.Context, key, other string, on bool) error
	// Ignored returns the players the player with key ignores, by name.
	Ignored(ctx context.Context, key string) ([]Player, error)
	// SetRefusesChallenges says whether the player with key refuses
	// every challenge; RefusesChallenges reads it (false for a player
	// never set, and for a key that is no player's).
	SetRefusesChallenges(ctx context.Context, key string, refuse bool) error
	RefusesChallenges(ctx context.Context, key string) (bool, error)
}

// Server is a server of the store's database as the others see it.
type Server struct {
	Name   string // its -name, unique among the servers of a database
	Public string // the address players reach it at: "host:2222"
}

// Table is an open table as the lists of every server on the database
// show it.
type Table struct {
	Code   string // unique among the tables of every server
	Server Server // where the table lives: only a Table read back has Public
	Game   string // "omok", "baseball", "race"
	Rule   string // as a Game's
	// Options are the table's options as a Game's are: kept as given.
	Options string
	Host    string // the name of the player in seat 1
	Playing bool   // both seats taken: open to watch only
	Rated   bool
}

// Tables is what the servers on one database share of their tables: the
// code of each open table, unique across them by the database's own
// constraint, and what each server's list shows of the others'. A server
// is listed while its lease runs: it renews it (Announce) every few
// seconds, so that one killed or cut off drops out of every list, with its
// tables, when its lease ends, and takes them off at its next start
// (Withdraw). A store that one server alone uses keeps the same, for it
// alone.
type Tables interface {
	// Announce starts or renews the lease of server s (its Public kept
	// anew) for ttl from now, on the database's clock.
	Announce(ctx context.Context, s Server, ttl time.Duration) error
	// Withdraw takes server name and every table of it off the lists:
	// at its start (the tables of its last run are gone) and at its stop.
	Withdraw(ctx context.Context, name string) error
	// OpenTable keeps t as open at t.Server.Name, which must have been
	// announced; ErrCodeTaken when any table, of any server, has its code.
	OpenTable(ctx context.Context, t Table) error
	// UpdateTable keeps what the lists show of t, a table open at
	// t.Server.Name with t.Code; ErrNotFound when there is none.
	UpdateTable(ctx context.Context, t Table) error
	// CloseTable takes the table with code off server's tables; its code
	// is free again. Closing a table not open is no error.
	CloseTable(ctx context.Context, server, code string) error
	// OpenTables returns the tables of every server whose lease runs, by
	// server and code, each with its server's Public.
	OpenTables(ctx context.Context) ([]Table, error)
}

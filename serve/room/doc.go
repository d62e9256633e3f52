// Package room is the online tables' rules side of termgames serve: the
// lobby, its tables, and each online game's rules, with no terminal in it.
//
// A Lobby holds the open tables by code. Each Table is one goroutine that
// owns its game: joins, leaves, moves, offers, the fall of a flag, the end
// of a seat hold, rematches and the store's writes are messages it handles
// one at a time, and after each it publishes an immutable State that the
// screens read without a lock. A Game is a value (Omok, Baseball, Race in
// Games) that says what a table asks of it: its variants, its clocks, its
// offers and its Rules, the position and the check of a move. The screens
// that draw the tables, and each game's words, are package serve's.
//
//	lobby.go      the lobby: tables by code, seats by resume code, Config
//	table.go      a table's goroutine, its State, Rules, joins and leaves
//	match.go      clocks, offers and rematches at a table
//	kept.go       the store's side: each move kept before it is shown,
//	              the end and the ratings, games brought back at a restart
//	quickmatch.go the quick match
//	servers.go    several servers on one database: codes unique across
//	              them, each listing the others' tables, the lease
//	game.go       what a table asks of a game (Game, Games)
//	setup.go      what a table is opened for (Setup), as the store keeps it
//	clock.go      the chess clock, the time controls, the TimeSource
//	offer.go      takebacks and draws by consent
//	names.go      the guest's mark on a name a key holds
//	omok.go, baseball.go, race.go   each game's online rules
package room

package store

import "fmt"

// Counts are how many of each thing a store keeps: what a copy from one
// store into another checks on both sides.
type Counts struct {
	Players    int64
	Games      int64 // in play and ended, each with its two seats
	Moves      int64
	Ratings    int64 // a player's rating at one game and rule
	MinesGames int64
	Chat       int64 // lines said at the games' tables
	Ignores    int64 // a player ignoring another
	Refusing   int64 // players who refuse challenges
	Sanctions  int64 // bans and mutes, in force or run out
	AdminLog   int64 // the moderators' actions
}

// String says the counts as a host reads them.
func (c Counts) String() string {
	return fmt.Sprintf("%d players (%d ignoring another, %d refusing challenges), %d games with %d moves and %d lines of chat, %d ratings, %d minesweeper games, %d bans and mutes, %d admin actions",
		c.Players, c.Ignores, c.Refusing, c.Games, c.Moves, c.Chat, c.Ratings, c.MinesGames, c.Sanctions, c.AdminLog)
}

// Sink takes everything a store keeps, row by row, as it is kept (the
// games with their IDs), for a copy into another store (`termgames serve
// migrate`): the store copied from calls it, players first, what they
// set of each other, then the
// games in the order of their IDs, the moves of each in the order made,
// the lines of chat of each in the order said, the ratings, the
// minesweeper games, oldest first, the bans and mutes, and the
// moderators' actions, oldest first.
type Sink interface {
	// KeepPlayer takes a player.
	KeepPlayer(p Player) error
	// KeepSocial takes what the player with key set (store.Social): that
	// they refuse challenges, and whom they ignore; after every player.
	KeepSocial(key string, refuses bool, ignores []string) error
	// KeepGame takes a game as kept, with its ID, seats, rated flag, end
	// and ratings around it, without its moves.
	KeepGame(g Game) error
	// KeepMove takes the next move of game id.
	KeepMove(id int64, m Move) error
	// KeepChat takes the next line said at game id's table.
	KeepChat(id int64, line ChatLine) error
	// KeepRating takes the rating of the player with key.
	KeepRating(key string, r Rating) error
	// KeepMinesGame takes a minesweeper game of the player with key.
	KeepMinesGame(key string, g MinesGame) error
	// KeepSanction takes a ban or a mute.
	KeepSanction(s Sanction) error
	// KeepAdminAction takes a moderator's action.
	KeepAdminAction(a AdminAction) error
}

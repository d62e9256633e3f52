package web

import (
	"termgames/internal/store"
	"termgames/serve/room"
)

// games.go is what the pages draw of each game with online tables, by
// the name room.Games give it: its table live, a kept game, its record's
// file. Each game's value is in its own file (omok.go, baseball.go,
// race.go); the pages read these values and never branch on a game, so
// that another online game is another file here. A game with none shows
// its players and its result without a board.
//
// A kept game's page makes its moves again, as far as they go (each
// game's replay): a game still being played shows what is kept so far,
// and a move that no longer replays (a game kept by another version) ends
// the replay there, as the terminal's replay screens do.

// webGame is a game as the pages draw it.
type webGame struct {
	// live draws the game of a table's state st on v (its board, what
	// each seat shows, a status of its own) and returns the seat to move,
	// -1 when none is.
	live func(w *words, st room.State, v *liveView) int
	// kept draws kept game g on p, after the moves move asks for (the
	// page's ?move=, "" for all) where the game is stepped through.
	kept func(w *words, g store.Game, move string, p *gamePage)
	// record is the extension of the game's record file: ".psq", ".txt".
	record string
}

// webGames are the games the pages draw, by name.
var webGames = map[string]*webGame{
	room.Omok.Name():     omokWeb,
	room.Baseball.Name(): baseballWeb,
	room.Race.Name():     raceWeb,
}

// replayedView is the View of rules, a game's replayed, as a V; false when
// there are no rules (a game no server plays) or they draw another game.
func replayedView[V any](rules room.Rules) (V, bool) {
	var v V
	if rules == nil {
		return v, false
	}
	v, ok := rules.View().(V)
	return v, ok
}

package serve

import (
	"fmt"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/store"
	"termgames/serve/room"
)

// game.go is what the online screens show of a game with online tables:
// room.Game is its rules (serve/room), onlineGame its screens and words.
// The menus, the lists, the archive and the table screens read these
// values and never branch on a game, so that another online game is its
// Rules in serve/room, its screens here, and a line in each list
// (docs/adding-a-game.md).

// onlineGame is a game's online screens and words. Each game's value is
// in its own files (omoktable.go's omokOnline, …), never changed once
// made.
type onlineGame struct {
	game *room.Game
	// original is the language of the original program, which the game's
	// online screens speak unless the player chose the other.
	original lang.Tag
	// screen is the game's screen of a table, from what every table's
	// screen has (b, the table's State taken), waiting for the table's
	// changes.
	screen func(b tableBase) console.Screen
	// replay shows a game kept in the store, from the list of the
	// player's games (back).
	replay func(o *online, t *onlineText, kept store.Game, back console.Screen) (console.Screen, error)
	// korean and english are the game's own words on the online screens.
	korean, english *gameText
}

// onlineGames are the screens of room.Games, by game. Filled by init:
// the screens reach the list (a table's words) and the list the screens.
var onlineGames map[*room.Game]*onlineGame

func init() {
	onlineGames = map[*room.Game]*onlineGame{}
	for _, g := range []*onlineGame{omokOnline, baseballOnline, raceOnline} {
		onlineGames[g.game] = g
	}
}

// screensOf is the screens of game g, one of room.Games.
func screensOf(g *room.Game) *onlineGame { return onlineGames[g] }

// gameText is what the online screens say of one game, in one language.
type gameText struct {
	menuTitle string // the online menu's title: "온라인 대전 (오목)"
	title     string // at the top of its tables: "[온라인 대전] 오목"
	// name names the game in the archive and the leaderboards; Printf:
	// the variant's name, where the game has variants ("오목 %s").
	name string
	// variantMenu and variantPrompt ask for the variant of a new table,
	// numbered as Game.Variants; variantNames say each in lists and
	// records.
	variantMenu   []string
	variantPrompt string
	variantNames  map[string]string
	rematch       string // the keys at the end of a game
}

// wordsOf returns game g's words in the language of t, the online
// screens' texts.
func wordsOf(g *room.Game, t *onlineText) *gameText {
	if langOf(t) == lang.Korean {
		return screensOf(g).korean
	}
	return screensOf(g).english
}

// short names the game of a table in the list of tables: its variant, or
// its title where it has none.
func short(g *room.Game, t *onlineText, variant string) string {
	w := wordsOf(g, t)
	if name, ok := w.variantNames[variant]; ok {
		return name
	}
	return w.title
}

// nameIn names game and variant as kept by the store, as the archive says
// them ("오목 렌주룰"); a game no longer served is named as kept.
func nameIn(t *onlineText, game, variant string) string {
	g, ok := room.GameNamed(game)
	if !ok {
		return game + " " + variant
	}
	w := wordsOf(g, t)
	if len(g.Variants()) == 0 {
		return w.name
	}
	if name, ok := w.variantNames[variant]; ok {
		variant = name
	}
	return fmt.Sprintf(w.name, variant)
}

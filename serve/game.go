package serve

import (
	"fmt"
	"slices"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/store"
)

// game.go is what the server asks of a game that has online tables, as a
// value: its name, its language, the questions a new table asks, its
// Rules, its table screen, its replay and its words. The lobby, the
// tables, the store's side and the online screens read these values and
// never branch on a game, so that another online game is its own files
// and one more line in games (docs/adding-a-game.md).

// games are the games with online tables, in the order of the menus.
var games = []*Game{Omok, Baseball, Race}

// gameNamed returns the game the store and the commands call name.
func gameNamed(name string) (*Game, bool) {
	i := slices.IndexFunc(games, func(g *Game) bool { return g.name == name })
	if i < 0 {
		return nil, false
	}
	return games[i], true
}

// Game is a game with online tables. Each game's value is in its own
// files (omokgame.go's Omok, baseballgame.go's Baseball), never changed
// once made.
type Game struct {
	// name is the game in the store, in the logs, and as the table of
	// games calls its command: "omok".
	name string
	// original is the language of the original program, which the game's
	// online screens speak unless the player chose the other.
	original lang.Tag
	// variants are the rules a table may be opened with, as the store
	// keeps them ("freestyle", …), the first the default; none where the
	// game has one rule only. A new table asks for one when there are
	// several (gameText.variantMenu).
	variants []string
	// clock is the kind of time control its tables may have.
	clock clockKind
	// offers: a takeback or a draw may be offered at its tables, when its
	// Rules allow it at that point (Rules.Offers).
	offers bool
	// dealt: each of its games is dealt by chance (the race's board): a
	// table draws its Setup's Seed when it opens and again at each
	// rematch, and the store keeps it, so that a game brought back is
	// dealt again the same.
	dealt bool
	// ownPace: its seats move at once, each at its own pace (the race),
	// so that a move took the time since that seat's own last, not since
	// the table's last move.
	ownPace bool
	// swap2 reports whether a table of the variant may open with swap2;
	// nil for never. The question is asked where it may, and the quick
	// match plays it.
	swap2 func(variant string) bool
	// newRules makes the Rules of a game at a table of setup (normal), in
	// which seat first moves first.
	newRules func(s Setup, first int) Rules
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

// gameText is what the online screens say of one game, in one language.
type gameText struct {
	menuTitle string // the online menu's title: "온라인 대전 (오목)"
	title     string // at the top of its tables: "[온라인 대전] 오목"
	// name names the game in the archive and the leaderboards; Printf:
	// the variant's name, where the game has variants ("오목 %s").
	name string
	// variantMenu and variantPrompt ask for the variant of a new table,
	// numbered as variants; variantNames say each in lists and records.
	variantMenu   []string
	variantPrompt string
	variantNames  map[string]string
	rematch       string // the keys at the end of a game
}

// words returns the game's words in the language of t, the online
// screens' texts.
func (g *Game) words(t *onlineText) *gameText {
	if langOf(t) == lang.Korean {
		return g.korean
	}
	return g.english
}

// String is the game's name.
func (g *Game) String() string { return g.name }

// variant returns the variant a table of g plays when asked for want: want
// when it is one of g's, else the default ("" for a game of one rule).
func (g *Game) variant(want string) string {
	switch {
	case len(g.variants) == 0:
		return ""
	case slices.Contains(g.variants, want):
		return want
	}
	return g.variants[0]
}

// short names the game of a table in the list of tables: its variant, or
// its title where it has none.
func (g *Game) short(t *onlineText, variant string) string {
	w := g.words(t)
	if name, ok := w.variantNames[variant]; ok {
		return name
	}
	return w.title
}

// nameIn names game and variant as kept by the store, as the archive says
// them ("오목 렌주룰"); a game no longer served is named as kept.
func nameIn(t *onlineText, game, variant string) string {
	g, ok := gameNamed(game)
	if !ok {
		return game + " " + variant
	}
	w := g.words(t)
	if len(g.variants) == 0 {
		return w.name
	}
	if name, ok := w.variantNames[variant]; ok {
		variant = name
	}
	return fmt.Sprintf(w.name, variant)
}

// clockKind is the time controls a game's tables may have; none is always
// offered too.
type clockKind uint8

const (
	fischerClock clockKind = iota // a time for the game, with an increment per move
	perMoveClock                  // a time for each move
	noClock                       // no clock at all
)

// fits reports whether a table of a game with clocks of kind k may have
// control c.
func (k clockKind) fits(c Control) bool {
	switch {
	case !c.Timed():
		return true
	case k == perMoveClock:
		return c.PerMove
	case k == fischerClock:
		return !c.PerMove
	}
	return false
}

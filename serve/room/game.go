package room

import (
	"slices"
)

// game.go is what a table asks of a game, as a value: its name, the
// questions a new table asks (its variants, its clocks, swap2), whether
// offers are made at it, and its Rules. The lobby and the tables read these
// values and never branch on a game, so that another online game is its
// Rules in a file of its own and one more line in Games; its screens and
// words are serve's (docs/adding-a-game.md).

// Games are the games with online tables, in the order of the menus.
var Games = []*Game{Omok, Baseball, Race}

// GameNamed returns the game the store and the commands call name.
func GameNamed(name string) (*Game, bool) {
	i := slices.IndexFunc(Games, func(g *Game) bool { return g.name == name })
	if i < 0 {
		return nil, false
	}
	return Games[i], true
}

// Game is a game with online tables. Each game's value is in its own file
// (omok.go's Omok, baseball.go's Baseball, race.go's Race), never changed
// once made.
type Game struct {
	// name is the game in the store, in the logs, and as the table of
	// games calls its command: "omok".
	name string
	// variants are the rules a table may be opened with, as the store
	// keeps them ("freestyle", …), the first the default; none where the
	// game has one rule only.
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
	// nil for never.
	swap2 func(variant string) bool
	// newRules makes the Rules of a game at a table of setup (normal), in
	// which seat first moves first.
	newRules func(s Setup, first int) Rules
}

// Name is the game in the store, in the logs and in the commands: "omok".
func (g *Game) Name() string { return g.name }

// String is the game's name.
func (g *Game) String() string { return g.name }

// Variants are the rules a table of g may be opened with, as the store
// keeps them, the default first; none for a game of one rule.
func (g *Game) Variants() []string { return slices.Clone(g.variants) }

// Variant returns the variant a table of g plays when asked for want: want
// when it is one of g's, else the default ("" for a game of one rule).
func (g *Game) Variant(want string) string {
	switch {
	case len(g.variants) == 0:
		return ""
	case slices.Contains(g.variants, want):
		return want
	}
	return g.variants[0]
}

// Fits reports whether a table of g may have time control c: no clock
// always, else a clock of g's kind.
func (g *Game) Fits(c Control) bool { return g.clock.fits(c) }

// Offers reports whether a takeback or a draw may be offered at g's
// tables, where its Rules allow it at that point.
func (g *Game) Offers() bool { return g.offers }

// Swap2 reports whether a table of g playing variant may open with swap2:
// the question a new table asks where it may, and the quick match plays.
func (g *Game) Swap2(variant string) bool { return g.swap2 != nil && g.swap2(variant) }

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

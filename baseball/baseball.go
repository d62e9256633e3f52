// Package baseball is number baseball (숫자 야구), after the blog post of
// seed 001: one player thinks of three different digits from 1 to 9, the
// other guesses, and each guess is answered with strikes (right digit, right
// place) and balls (right digit, wrong place).
//
// The rules and the computer guessers (number.go, guess.go, besttree.go) do
// no I/O; the screens (menu.go, play.go, text.go) turn keys into calls of
// them, and baseball.go holds what they share. Three modes: the original,
// where the computer guesses the player's number from one-key answers; the
// player guessing the computer's number; and a versus game of both at once.
// layout_test.go, at the module's root, checks that no rules file imports
// the terminal's packages.
package baseball

import (
	"math/rand/v2"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/lang"
)

// Options are what main passes to the game.
type Options struct {
	// Lang is the language of the texts; English, the original's, when
	// none is chosen.
	Lang lang.Tag
	// AI is the computer guesser: Classic or Best ("" is Best, as
	// ParseAI reads an empty -ai).
	AI AI
	// Rand is the only source of chance (the computer's secret, the
	// guessers' choices); main makes it from -seed. Nil gets a random seed.
	Rand *rand.Rand
	// Width measures text as the terminal draws it; nil is a narrow
	// terminal.
	Width *runewidth.Condition
}

// game is what every screen of one run shares.
type game struct {
	txt   *texts
	ai    AI
	rand  *rand.Rand
	width *runewidth.Condition
	need  console.Size
	back  console.Screen // the top menu, or nil when started directly
}

// New returns the baseball menu. Quitting it returns back, or ends the
// program when back is nil.
func New(opt Options, back console.Screen) console.Screen {
	g := &game{txt: textsFor(opt.Lang), ai: opt.AI, rand: opt.Rand, width: opt.Width, back: back}
	if g.ai != Classic {
		g.ai = Best
	}
	if g.rand == nil {
		g.rand = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	if g.width == nil {
		g.width = console.NewCondition(console.Narrow)
	}
	// Tall enough for the menu and its prompt, wide enough for every line.
	g.need = console.Size{Width: g.txt.width(g.width), Height: len(g.txt.menu) + 2}
	return newMenu(g)
}

// Package omok is two-player omok (오목), ported from FanJae's C++ console
// program, and the Baekjoon 2615 judge, ported from BlockDMask's solution.
//
// The rules (board.go) and the judge (judge.go) never touch the terminal:
// Board places and takes back stones and finds the winner of a move by
// looking only along the four lines through it; Judge reads a 19x19 board
// and answers as Baekjoon 2615 expects. The screens (menu.go, play.go) turn
// keys into calls of the rules and the board into console frames, with the
// original's texts (text.go); omok.go holds what they share. The wall
// between the two is checked: layout_test.go, at the module's root, fails
// when a rules file imports the terminal's packages.
package omok

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/omok/engine"
	"termgames/omok/renju"
)

// Options are the command line's choices for a game.
type Options struct {
	// Lang is the language of the texts; the original's Korean when none
	// is chosen.
	Lang lang.Tag
	// ASCII draws the board with . O X instead of □ ○ ●.
	ASCII bool
	// Size is the number of rows and columns: 15 (the original's) or 19
	// (the judge's); 0 means 15. The command line accepts only those two
	// (ParseSize); the screens draw any size from 5 to 19 and take any other
	// as 15.
	Size int
	// Rule decides which lines win and which moves are forbidden:
	// Freestyle (the original's), Standard, Renju or Omok. The how-to
	// explains it until the player chooses another before a game.
	Rule Rule
	// RuleGiven says the command line chose Rule (-rule): the menu then
	// starts a game without asking for the rule.
	RuleGiven bool
	// Width measures text and pads board glyphs; nil builds one from the
	// environment (console.NewCondition).
	Width *runewidth.Condition
	// VsComputer starts a game against the computer at once (-ai), at
	// Level, the computer moving first when ComputerFirst. Without it the
	// menu's entry 5 asks for both.
	VsComputer    bool
	Level         engine.Level
	ComputerFirst bool
	// ComputerNodes, when not 0, limits the computer to that many
	// positions a move instead of its time: tests get the same moves on
	// every machine.
	ComputerNodes int64
	// Rand drives the computer's mistakes (easy) and its choice among
	// equal moves; nil: a fixed seed, the same game for the same moves.
	Rand *rand.Rand
	// Online, set in a session of termgames serve, adds the menu's entry
	// 온라인 대전, which shows the screen it returns (back: this menu).
	Online func(back console.Screen) console.Screen
}

// SetComputer reads the -ai and -first flags: level "" keeps the menu;
// easy, normal or hard starts a game against the computer, in which first
// says who moves first, "me" or "computer".
func (o *Options) SetComputer(level, first string) error {
	if level == "" {
		return nil
	}
	l, err := engine.ParseLevel(level)
	if err != nil {
		return fmt.Errorf("-ai: %w", err)
	}
	switch first {
	case "me", "":
		o.ComputerFirst = false
	case "computer":
		o.ComputerFirst = true
	default:
		return fmt.Errorf("-first %q: want me or computer", first)
	}
	o.VsComputer, o.Level = true, l
	return nil
}

// The sizes the screens can draw: five in a row needs at least five cells,
// and past 19 the board no longer fits an 80x24 terminal.
const (
	minSize = 5
	maxSize = LargeSize
)

// normalized fills in the defaults, so that the screens never see a zero or
// impossible value.
func (o Options) normalized() Options {
	if o.Size < minSize || o.Size > maxSize {
		o.Size = DefaultSize
	}
	if !slices.Contains(renju.Rules, o.Rule) {
		o.Rule = Freestyle
	}
	if o.Width == nil {
		o.Width = console.NewCondition(console.Auto)
	}
	o.Lang = lang.Resolve(o.Lang, lang.Korean)
	return o
}

// New returns the omok menu. Choosing 4 (종료) returns to back, the top
// menu; when back is nil the game was started on its own and choosing 4
// ends the program with the original's last words, 프로그램을 종료합니다.
func New(opt Options, back console.Screen) console.Screen {
	opt = opt.normalized()
	t := language(opt.Lang)
	block, items := menuBlock(opt, t)
	m := &menuScreen{
		opt:  opt,
		text: t,
		back: back,
		menu: console.NewMenu(block, t.prompt, t.retry, items),
	}
	if opt.VsComputer {
		return newComputerGame(m, opt.Level, opt.ComputerFirst)
	}
	return m
}

// Package baseball is number baseball (숫자 야구), after the C program of
// the blog post "숫자 야구 게임 만들기": one player thinks of three
// different digits from 1 to 9, the other guesses, and each guess is
// answered with strikes (right digit, right place) and balls (right digit,
// wrong place). Four digits, and the digit 0 (the classic Bulls and Cows),
// are played too (Rules).
//
// The rules and the computer guessers (number.go, guess.go, besttree.go,
// besttrees.go with the tables of trees/, bench.go) do no I/O but the
// bench's report; the screens (menu.go, play.go, text.go) turn keys into
// calls of them, and baseball.go holds what they share. Three modes: the original,
// where the computer guesses the player's number from one-key answers; the
// player guessing the computer's number; and a versus game of both at once.
// layout_test.go, at the module's root, checks that no rules file imports
// the terminal's packages.
//
// The original is a teletype: it prints line after line, the terminal
// scrolls, and what was played stays in the terminal after it ends. Two ways
// to keep that were weighed. Running the games on the main screen as a
// teletype (append lines, no alternate screen) is the most faithful, but it
// needs a second way of drawing from console: a renderer that appends
// instead of placing cells, rewrites only the line being typed (which breaks
// once that line wraps, or the terminal reflows it on a resize), and leaves
// and re-enters the alternate screen when a board game starts from the same
// menu; every screen test would then need a model of the scrollback. The
// games here instead draw frames like every other screen, and ask console
// for one small thing only, Options.Afterword: text printed on the ordinary
// screen once the terminal is restored. So, in play: while the current game
// fits on the screen, the screen is its transcript, as the original's was;
// once it does not, a compact table of its clues stands above its newest
// lines (play.go), so that every clue stays in sight, at 80x24 too, where
// the original's first clues had scrolled away. And after the program,
// everything the games printed (Options.Transcript, which main passes on
// as the Afterword) is left in the terminal, as the original's lines were.
package baseball

import (
	"flag"
	"io"
	"math/rand/v2"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/lang"
)

// original is the language of the C program, which the screens speak
// unless -lang says otherwise.
const originalLang = lang.English

// Game is baseball's line in the program's table of games, with the
// guessers' benchmark as its subcommand.
func Game() cli.Game {
	return cli.Game{
		Name:    "baseball",
		Title:   lang.Text{Korean: "숫자 야구", English: "Number baseball"},
		Lang:    originalLang,
		Summary: "number baseball (-ai best|classic, -digits 3|4, -zero)",
		Shared:  cli.Seed, // no board: nothing of ambiguous width to draw
		Flags:   flags,
		Commands: []cli.Command{
			{Name: "bench", Args: "[flags]", Summary: "the computer finds every number: total, mean, worst (-digits, -zero, -ai)", Run: cli.NoInput(BenchCommand)},
		},
	}
}

// flags declares baseball's own flags.
func flags(fs *flag.FlagSet) cli.Start {
	var rules Rules
	RulesFlags(fs, &rules)
	ai := Best
	fs.Func("ai", "the computer's `guesser`: best (fewest guesses, the default) or classic (the blog's)", func(s string) (err error) {
		ai, err = ParseAI(s)
		return err
	})
	return func(env cli.Env, back console.Screen) (console.Screen, error) {
		opt := Options{Lang: env.Lang, AI: ai, Rules: rules, Rand: env.Rand, Width: env.Width, Transcript: env.Transcript, Online: env.Online}
		return New(opt, back), nil
	}
}

// Options are what main passes to the game.
type Options struct {
	// Lang is the language of the texts; English, the original's, when
	// none is chosen.
	Lang lang.Tag
	// AI is the computer guesser: Classic or Best ("" is Best, as
	// ParseAI reads an empty -ai).
	AI AI
	// Rules are the numbers played at first (-digits, -zero); the zero
	// Rules are the original's. The menu's digits item changes them.
	Rules Rules
	// Rand is the only source of chance (the computer's secret, the
	// guessers' choices); main makes it from -seed. Nil gets a random seed.
	Rand *rand.Rand
	// Width measures text as the terminal draws it; nil is
	// console.DefaultWidth's.
	Width *runewidth.Condition
	// Transcript, when not nil, receives every character the games print,
	// as the original printed them, so that the caller can leave what was
	// played in the terminal once the alternate screen is gone.
	Transcript io.Writer
	// Online, set in a session of termgames serve, adds the menu's entry
	// for versus games online, which shows the screen it returns (back:
	// this menu).
	Online func(back console.Screen) console.Screen
}

// game is what every screen of one run shares.
type game struct {
	rules Rules
	txt   *texts
	ai    AI
	rand  *rand.Rand
	width *runewidth.Condition
	need  console.Size
	back  console.Screen // the top menu, or nil when started directly
	out   io.Writer      // Options.Transcript
	tag   lang.Tag       // the language spoken: the too-small screen's too
	// online opens the online tables (Options.Online); nil locally.
	online func(back console.Screen) console.Screen
}

// New returns the baseball menu. Quitting it returns back, or ends the
// program when back is nil.
func New(opt Options, back console.Screen) console.Screen {
	g := &game{rules: opt.Rules.norm(), txt: textsFor(opt.Lang, opt.Rules), ai: opt.AI, rand: opt.Rand, width: opt.Width, back: back, out: opt.Transcript,
		tag: lang.Resolve(opt.Lang, originalLang), online: opt.Online}
	if g.ai != Classic {
		g.ai = Best
	}
	if g.rand == nil {
		g.rand = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	g.width = console.DefaultWidth(g.width)
	// Tall enough for the menu and its prompt, wide enough for the menu;
	// the games' lines wrap.
	g.need = console.Size{Width: g.txt.width(g.width), Height: len(g.txt.menu) + 2}
	return newMenu(g)
}

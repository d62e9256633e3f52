// Package cli is what the command line and the top menu know of a game:
// its command, its title, the flags it takes and how it starts. The
// program keeps one table of games (games.go, at the module's root), one
// Game a game, and builds from it the top menu and its numbering, the
// command dispatch, -h and the usage; each game's package says the rest
// of itself in its own Game function.
package cli

import (
	"flag"
	"io"
	"math/rand/v2"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/lang"
)

// Shared names the flags that the games have in common; a game takes only
// those that change something in it, and gets exactly the flags it
// declares.
type Shared uint8

// The shared flags besides -lang, which every game takes.
const (
	Glyphs Shared = 1 << iota // -ascii, -wide, -narrow: the game draws □ ○ ● or ■
	Seed                      // -seed: the game plays with chance
)

// Env is what a game gets from the shared flags and the terminal.
type Env struct {
	// Lang is -lang; lang.Original lets each screen speak its original's.
	Lang lang.Tag
	// ASCII is -ascii: glyphs for a font without □ ○ ●.
	ASCII bool
	// Width is the one width measure of the program, from -wide, -narrow,
	// RUNEWIDTH_EASTASIAN or the terminal's answer.
	Width *runewidth.Condition
	// Rand is the game's random source, from -seed or a fresh seed.
	Rand *rand.Rand
	// Transcript collects what a game leaves in the terminal after the
	// program, as the originals' lines stayed (baseball's games).
	Transcript io.Writer
	// Online opens the game's online tables from its menu, back being that
	// menu; nil where there are none (a local terminal, or a game that
	// has no online play).
	Online func(back console.Screen) console.Screen
	// Book keeps the player's own records of the game where the local
	// files must not: over SSH, the server's store, for a player with a
	// key. Its type is the game's own (minesweeper.Book), which this
	// package cannot name without importing every game; a game refuses
	// one of another type. nil: the game keeps them as it does locally.
	Book any
}

// Start makes a game's first screen, its menu, once its flags are parsed.
// back is where the menu's quit goes (the top menu); nil when the game was
// started as a command, whose quit then ends the program. An error is a
// failure (status 1), a cmdline.UsageError a bad command line (status 2).
type Start func(env Env, back console.Screen) (console.Screen, error)

// Game is one row of the table of games.
type Game struct {
	// Name is the command: termgames NAME.
	Name string
	// Title is the game's entry on the top menu.
	Title lang.Text
	// Lang is what the game speaks when -lang is not given: its original
	// program's language, where it has one.
	Lang lang.Tag
	// Summary is the game's line in the usage: what it is, and its flags.
	Summary string
	// Shared are the shared flags the game takes.
	Shared Shared
	// Flags declares the game's own flags on fs and returns how to start
	// the game once fs is parsed. The top menu calls it with a FlagSet
	// that it never parses, so every flag keeps its default there.
	Flags func(fs *flag.FlagSet) Start
	// Commands are the game's subcommands: termgames NAME COMMAND.
	Commands []Command
}

// Command is a subcommand of a game: one run without a terminal (the
// judge, the brain, a benchmark), which has Run, or one that shows a screen
// (a replay), which has Flags and is started as a game is.
type Command struct {
	Name    string // termgames GAME NAME
	Args    string // its arguments in the usage, e.g. "[FILE]"
	Summary string // its line in the usage
	// Run does the command's work; it parses args with cmdline.Parse, its
	// FlagSet writing to stdout, where -h's answer goes since it was asked
	// for. flag.ErrHelp means -h was answered (status 0), a
	// cmdline.UsageError a bad command line (status 2), any other error a
	// failure (status 1).
	Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
	// Flags, for a command that shows a screen, declares its own flags as
	// Game.Flags does; the program adds -lang and the Shared flags, takes
	// up to MaxArgs arguments (Start reads them from fs.Args), and runs the
	// screen Start returns in the terminal.
	Flags   func(fs *flag.FlagSet) Start
	Shared  Shared
	MaxArgs int
}

// Command returns the game's subcommand called name.
func (g Game) Command(name string) (Command, bool) {
	for _, c := range g.Commands {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// NoInput makes the Run of a command that reads no standard input and
// writes only its answer, to stdout.
func NoInput(run func(args []string, stdout io.Writer) error) func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return func(args []string, _ io.Reader, stdout, _ io.Writer) error {
		return run(args, stdout)
	}
}

// Command termgames plays classic console games, Omok (오목), Number
// Baseball (숫자 야구) and Minesweeper (지뢰찾기), from a top menu or one
// by one as commands, and runs their tools that need no terminal (the
// Baekjoon 2615 omok judge, the Gomocup brain, the solver's benchmark).
// The games and their commands are one table (games.go); `termgames help`
// lists them. `termgames serve` offers the same top menu over SSH, with
// online tables for two players on two terminals.
//
// Exit status: 0 normal, 1 runtime error, 2 usage error, no terminal or
// TERM=dumb, and 128+n when stopped by signal n (130 for Ctrl-C).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/cmdline"
	"termgames/internal/lang"
	"termgames/serve"
)

func main() {
	args := os.Args[1:]
	if strings.HasPrefix(filepath.Base(os.Args[0]), "pbrain-") {
		// A Gomocup manager runs brains named pbrain-*, with no arguments.
		args = append([]string{"omok", "brain"}, args...)
	}
	os.Exit(run(args, os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitRuntime = 1
	exitUsage   = 2
)

// common are the flags every game takes, and what the program makes of
// them for the game: its Env.
type common struct {
	lang   lang.Tag
	ascii  bool
	wide   bool
	narrow bool
	seed   uint64
	seeded bool // -seed was given

	w *runewidth.Condition // the width measure built from the flags

	// played collects the baseball games' transcript, which is left in the
	// terminal after the program, as the original's lines were.
	played *strings.Builder

	online serve.Online // the online tables, in an SSH session only
	books  serve.Books  // the player's records in the server's store, in an SSH session only
}

// register declares -lang and the shared flags in u; a command gets those
// and no others, so that its -h lists only what changes something in it
// and any other flag is refused.
func (c *common) register(fs *flag.FlagSet, u cli.Shared, langDefault string) {
	fs.Func("lang", "`language`: ko or en (default: "+langDefault+")", func(s string) (err error) {
		c.lang, err = lang.Parse(s)
		return err
	})
	if u&cli.Glyphs != 0 {
		fs.BoolVar(&c.ascii, "ascii", false, "draw with ASCII glyphs, for terminals or fonts without ○ ● □")
		fs.BoolVar(&c.wide, "wide", false, "the terminal draws ○ ● □ two columns wide (as a Korean Windows console does)")
		fs.BoolVar(&c.narrow, "narrow", false, "the terminal draws ○ ● □ one column wide (most terminals)")
	}
	if u&cli.Seed != 0 {
		fs.Func("seed", "seed `N` for the random numbers, to replay a game", func(s string) error {
			_, err := fmt.Sscan(s, &c.seed)
			c.seeded = err == nil
			return err
		})
	}
}

// check validates the flags that are not free text.
func (c *common) check() error {
	if c.wide && c.narrow {
		return errors.New("-wide and -narrow together: choose one")
	}
	return nil
}

// widthFlag is the player's -wide or -narrow.
func (c *common) widthFlag() console.WidthFlag {
	switch {
	case c.wide:
		return console.Wide
	case c.narrow:
		return console.Narrow
	}
	return console.Auto
}

// env is what a game gets from the flags. Each call draws a fresh random
// source: from -seed, or from the runtime's own random seed.
func (c *common) env() cli.Env {
	seed := c.seed
	if !c.seeded {
		seed = rand.Uint64()
	}
	env := cli.Env{
		Lang:  c.lang,
		ASCII: c.ascii,
		Width: c.w,
		Rand:  rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
	}
	if c.played != nil { // a nil *strings.Builder is no io.Writer to write to
		env.Transcript = c.played
	}
	return env
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	screen, c, err := parse(args, stdin, stdout, stderr)
	var ue cmdline.UsageError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, ue)
		return exitUsage
	case err != nil:
		fmt.Fprintln(stderr, "termgames:", err)
		return exitRuntime
	case screen == nil:
		return exitOK // a command that has already done its work
	}
	err = console.Run(screen, console.Options{
		Width:        c.w,
		NoColor:      os.Getenv("NO_COLOR") != "",
		MeasureWidth: !console.WidthDecided(c.widthFlag()),
		Afterword:    c.played.String,
	})
	var intr *console.Interrupted
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, console.ErrNotTerminal), errors.Is(err, console.ErrDumbTerminal):
		fmt.Fprintln(stderr, "termgames:", err)
		return exitUsage
	case errors.As(err, &intr):
		return intr.ExitCode()
	}
	fmt.Fprintln(stderr, "termgames:", err)
	return exitRuntime
}

// parse reads the command line and returns the screen to run, or does the
// work itself (a subcommand, -h) and returns no screen.
func parse(args []string, stdin io.Reader, stdout, stderr io.Writer) (console.Screen, *common, error) {
	table := games()
	cmd := ""
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "help":
		usage(stdout, table)
		return nil, nil, nil
	case "serve": // each SSH session gets the top menu, built here as locally
		return nil, nil, serve.Command(args, stdout, stderr, func(p serve.Player) console.Screen {
			return newTopMenu(common{lang: p.Lang, ascii: p.ASCII, w: p.Width, online: p.Online, books: p.Books, played: p.Played}, table)
		})
	}
	c := common{played: new(strings.Builder)}
	fs := flag.NewFlagSet(strings.TrimSpace("termgames "+cmd), flag.ContinueOnError)
	fs.SetOutput(stdout) // only -h writes there: it was asked for
	if cmd == "" {
		c.register(fs, sharedByAll(table), langDefaults(table))
		fs.Usage = func() {
			usage(fs.Output(), table)
			fmt.Fprintln(fs.Output(), "\nflags of the top menu:")
			fs.PrintDefaults()
		}
		if err := parseFlags(fs, args, 0, &c); err != nil {
			return nil, nil, err
		}
		return newTopMenu(c, table), &c, nil
	}
	i := slices.IndexFunc(table, func(g cli.Game) bool { return g.Name == cmd })
	if i < 0 {
		return nil, nil, cmdline.UsageError{Command: "termgames", Err: fmt.Errorf("unknown command %q", cmd)}
	}
	g := table[i]
	shared, flags, maxArgs := g.Shared, g.Flags, 0
	if len(args) > 0 {
		if sub, ok := g.Command(args[0]); ok {
			if sub.Flags == nil {
				return nil, nil, sub.Run(args[1:], stdin, stdout, stderr)
			}
			// A command that shows a screen is started as a game is.
			fs = flag.NewFlagSet("termgames "+cmd+" "+sub.Name, flag.ContinueOnError)
			fs.SetOutput(stdout)
			shared, flags, maxArgs, args = sub.Shared, sub.Flags, sub.MaxArgs, args[1:]
		}
	}
	c.register(fs, shared, langName(g.Lang))
	start := flags(fs)
	if err := parseFlags(fs, args, maxArgs, &c); err != nil {
		return nil, nil, err
	}
	screen, err := start(c.env(), nil)
	if err != nil {
		return nil, nil, err
	}
	return screen, &c, nil
}

// sharedByAll are the shared flags of the top menu: every game's, since
// it hands them on to the game chosen.
func sharedByAll(table []cli.Game) cli.Shared {
	var u cli.Shared
	for _, g := range table {
		u |= g.Shared
	}
	return u
}

// langDefaults says, for -lang at the top menu, what each game speaks
// without it.
func langDefaults(table []cli.Game) string {
	var each []string
	for _, g := range table {
		each = append(each, langName(g.Lang)+" for "+g.Name)
	}
	return "each game's own: " + strings.Join(each, ", ")
}

func langName(t lang.Tag) string {
	if t == lang.English {
		return "English"
	}
	return "Korean"
}

// parseFlags parses and checks flags, and builds the width measure they
// choose; a stray argument is a usage error.
func parseFlags(fs *flag.FlagSet, args []string, maxArgs int, c *common) error {
	if err := cmdline.Parse(fs, args, maxArgs); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return cmdline.Usage(fs, err)
	}
	if !lang.UTF8Locale(os.Getenv) {
		c.plainLocale(fs)
	}
	c.w = console.NewCondition(c.widthFlag())
	return nil
}

// plainLocale suits a locale that cannot show Korean (LANG=C, say):
// English texts and ASCII glyphs, unless the player chose -lang or -ascii
// (-ascii=false) on the command line.
func (c *common) plainLocale(fs *flag.FlagSet) {
	chosen := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { chosen[f.Name] = true })
	if !chosen["lang"] {
		c.lang = lang.English
	}
	if !chosen["ascii"] {
		c.ascii = true
	}
}

// usage lists the commands: the top menu, each game and its subcommands,
// from the table of games.
func usage(w io.Writer, table []cli.Game) {
	line := func(cmd, what string) { fmt.Fprintf(w, "  %-37s  %s\n", cmd, what) }
	fmt.Fprintln(w, "usage:")
	line("termgames [flags]", "the top menu")
	for _, g := range table {
		line("termgames "+g.Name+" [flags]", g.Summary)
		for _, sub := range g.Commands {
			line("termgames "+g.Name+" "+sub.Name+" "+sub.Args, sub.Summary)
		}
	}
	line("termgames serve [flags]", "the games over SSH for friends: ssh -p 2222 HOST (-addr, -hostkey, -allow)")
	line("termgames COMMAND -h", "a command's flags (each lists only its own)")
}

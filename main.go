// Command termgames plays three classic console games, Omok (오목), Number
// Baseball (숫자 야구) and Minesweeper (지뢰찾기), and judges Baekjoon 2615
// omok boards.
//
//	termgames                      the top menu
//	termgames omok [flags]         two-player omok
//	termgames omok judge [FILE]    Baekjoon 2615: who won a 19x19 board
//	termgames omok brain [flags]   the Gomocup (piskvork) brain; also as pbrain-*
//	termgames omok forbid [FILE]   renju forbidden points, as Yixin-Board's YXSHOWFORBID
//	termgames baseball [flags]     number baseball
//	termgames minesweeper [flags]  minesweeper
//
// Exit status: 0 normal, 1 runtime error, 2 usage error, no terminal or
// TERM=dumb, and 128+n when stopped by signal n (130 for Ctrl-C).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/mattn/go-runewidth"

	"termgames/baseball"
	"termgames/console"
	"termgames/internal/lang"
	"termgames/minesweeper"
	"termgames/omok"
	"termgames/omok/engine"
	"termgames/omok/renju"
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

// common are the flags every game takes.
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
}

// uses says which of the common flags change something in a command, so
// that its -h lists only those and any other is refused.
type uses uint8

const (
	usesGlyphs uses = 1 << iota // -ascii, -wide, -narrow: the command draws □ ○ ● or ■
	usesSeed                    // -seed: the command plays with chance
)

func (c *common) register(fs *flag.FlagSet, u uses) {
	fs.Func("lang", "`language`: ko or en (default: the original's, Korean for omok and minesweeper, English for baseball)", func(s string) (err error) {
		c.lang, err = lang.Parse(s)
		return err
	})
	if u&usesGlyphs != 0 {
		fs.BoolVar(&c.ascii, "ascii", false, "draw with ASCII glyphs, for terminals or fonts without ○ ● □")
		fs.BoolVar(&c.wide, "wide", false, "the terminal draws ○ ● □ two columns wide (as a Korean Windows console does)")
		fs.BoolVar(&c.narrow, "narrow", false, "the terminal draws ○ ● □ one column wide (most terminals)")
	}
	if u&usesSeed != 0 {
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

// rand returns the game's random source: from -seed, or from the runtime's
// own random seed.
func (c *common) rand() *rand.Rand {
	seed := c.seed
	if !c.seeded {
		seed = rand.Uint64()
	}
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// usageError is a command line the program cannot run; flag has already
// said why on stderr where it could.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	screen, c, err := parse(args, stdin, stdout, stderr)
	var ue usageError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		if ue.error != nil {
			fmt.Fprintln(stderr, "termgames:", ue.error)
		}
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
// work itself (the judge, -h) and returns no screen.
func parse(args []string, stdin io.Reader, stdout, stderr io.Writer) (_ console.Screen, _ *common, err error) {
	// What the flag package prints goes to standard output when -h or
	// -help asked for it, and to standard error with a usage error.
	var said bytes.Buffer
	defer func() {
		if errors.Is(err, flag.ErrHelp) {
			_, _ = said.WriteTo(stdout)
			return
		}
		_, _ = said.WriteTo(stderr)
	}()
	cmd := ""
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("termgames "+cmd, flag.ContinueOnError)
	fs.SetOutput(&said)
	c := common{played: new(strings.Builder)}
	switch cmd {
	case "omok":
		c.register(fs, usesGlyphs|usesSeed) // the computer player draws on chance
	case "baseball":
		c.register(fs, usesSeed) // no board: nothing of ambiguous width to draw
	default:
		c.register(fs, usesGlyphs|usesSeed)
	}
	switch cmd {
	case "":
		fs.Usage = func() { usage(&said, fs) }
		if err := parseFlags(fs, args, &c); err != nil {
			return nil, nil, err
		}
		return newTopMenu(c, c.w), &c, nil
	case "omok":
		if len(args) > 0 && args[0] == "judge" {
			return nil, nil, judge(args[1:], stdin, stdout, &said)
		}
		if len(args) > 0 && args[0] == "brain" {
			err := engine.BrainCommand(args[1:], stdin, stdout, stderr)
			if errors.Is(err, engine.ErrUsage) {
				err = usageError{err}
			}
			return nil, nil, err
		}
		if len(args) > 0 && args[0] == "forbid" {
			return nil, nil, renju.ForbidCommand(args[1:], stdin, stdout, &said)
		}
		size, rule := omok.DefaultSize, omok.Freestyle
		fs.Func("size", "board `size`: 15 or 19 (default 15)", func(s string) (err error) {
			size, err = omok.ParseSize(s)
			return err
		})
		fs.Var(&rule, "rule", "`rule`: freestyle (five or more wins, as the original), standard (exactly five), renju or omok (with forbidden moves); given, the menu does not ask")
		ai := fs.String("ai", "", "play against the computer at `level` easy, normal or hard, without the menu")
		first := fs.String("first", "me", "against the computer, who moves first: me or computer")
		if err := parseFlags(fs, args, &c); err != nil {
			return nil, nil, err
		}
		opt := omokOptions(c, c.w, size, rule)
		if err := opt.SetComputer(*ai, *first); err != nil {
			return nil, nil, usageError{err}
		}
		fs.Visit(func(f *flag.Flag) { opt.RuleGiven = opt.RuleGiven || f.Name == "rule" })
		return omok.New(opt, nil), &c, nil
	case "baseball":
		if len(args) > 0 && args[0] == "bench" {
			err := baseball.BenchCommand(args[1:], stdout, &said)
			if errors.Is(err, baseball.ErrBenchUsage) {
				err = usageError{}
			}
			return nil, nil, err
		}
		var rules baseball.Rules
		baseball.RulesFlags(fs, &rules)
		ai := baseball.Best
		fs.Func("ai", "the computer's `guesser`: best (fewest guesses, the default) or classic (the blog's)", func(s string) (err error) {
			ai, err = baseball.ParseAI(s)
			return err
		})
		if err := parseFlags(fs, args, &c); err != nil {
			return nil, nil, err
		}
		opt := baseballOptions(c, c.w)
		opt.AI, opt.Rules = ai, rules
		return baseball.New(opt, nil), &c, nil
	case "minesweeper":
		if len(args) > 0 && args[0] == "bench" {
			err := minesweeper.BenchCommand(args[1:], stdout, &said)
			if errors.Is(err, minesweeper.ErrBenchUsage) {
				err = usageError{}
			}
			return nil, nil, err
		}
		marks := fs.Bool("marks", false, "f on a flag makes a ? mark before clearing it")
		scores := fs.String("scores", "", "best-times `FILE` (default: termgames/scores.json in the user's config folder)")
		noGuess := fs.Bool("noguess", false, "boards that logic alone solves, made at the first opening")
		if err := parseFlags(fs, args, &c); err != nil {
			return nil, nil, err
		}
		opt := minesweeperOptions(c, c.w)
		opt.Marks, opt.Scores, opt.NoGuess = *marks, *scores, *noGuess
		return minesweeper.New(opt, nil), &c, nil
	case "help":
		usage(stdout, fs)
		return nil, nil, nil
	}
	usage(stderr, fs)
	return nil, nil, usageError{fmt.Errorf("unknown command %q", cmd)}
}

// parseFlags parses and checks flags, and builds the width measure they
// choose; a stray argument is a usage error.
func parseFlags(fs *flag.FlagSet, args []string, c *common) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("unexpected argument %q", fs.Arg(0))}
	}
	if err := c.check(); err != nil {
		return usageError{err}
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

func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `usage:
  termgames [flags]                      the top menu
  termgames omok [flags]                 two-player omok (-size 15|19, -rule freestyle|standard|renju|omok)
  termgames omok judge [FILE]            Baekjoon 2615: who won a 19x19 board (stdin without FILE or with -)
  termgames omok forbid [FILE]           forbidden points of a board (-rule renju|omok), as YXSHOWFORBID
  termgames baseball [flags]             number baseball (-ai best|classic, -digits 3|4, -zero)
  termgames baseball bench [flags]       the computer finds every number: total, mean, worst (-digits, -zero, -ai)
  termgames minesweeper [flags]          minesweeper (-marks, -scores FILE, -noguess)
  termgames minesweeper bench [flags]    the solver plays: win rates per level (-level, -games, -seed, -noguess, -first)
  termgames COMMAND -h                   a command's flags (each lists only its own)

flags of the top menu:
`)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// judge runs the Baekjoon 2615 judge on FILE or standard input. It needs
// no terminal.
func judge(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("termgames omok judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: termgames omok judge [FILE]\n\nReads 19 lines of 19 numbers (0 empty, 1 black, 2 white) and prints\nthe winner (1 or 2) and the row and column of the leftmost stone of the\nfive, or 0 when nobody has exactly five.")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{}
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return usageError{errors.New("judge takes at most one FILE")}
	}
	in := stdin
	if fs.NArg() == 1 && fs.Arg(0) != "-" { // "-" is stdin, as in cat
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	res, err := omok.Judge(in)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, res.String())
	return err
}

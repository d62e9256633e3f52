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
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/cmdline"
	"termgames/internal/lang"
	"termgames/omok/engine"
	"termgames/omok/renju"
)

// original is the language of FanJae's program, which the screens speak
// unless -lang says otherwise.
const originalLang = lang.Korean

// Game is omok's line in the program's table of games: the command, its
// flags, and the judge, the brain and the forbidden points as its
// subcommands.
func Game() cli.Game {
	return cli.Game{
		Name:    "omok",
		Title:   lang.Text{Korean: "오목", English: "Omok"},
		Lang:    originalLang,
		Summary: "two-player omok, or against the computer (-size 15|19, -rule freestyle|standard|renju|omok, -ai)",
		Shared:  cli.Glyphs | cli.Seed, // the computer player draws on chance
		Flags:   flags,
		Commands: []cli.Command{
			{Name: "judge", Args: "[FILE]", Summary: "Baekjoon 2615: who won a 19x19 board (stdin without FILE or with -)", Run: judgeCommand},
			{Name: "forbid", Args: "[FILE]", Summary: "forbidden points of a board (-rule renju|omok), as YXSHOWFORBID", Run: renju.ForbidCommand},
			{Name: "convert", Args: "[-to psq|moves|board] [FILE]", Summary: "a game record (.psq or h8 i9 …) in another form (stdin without FILE or with -)", Run: convertCommand},
			{Name: "replay", Args: "[flags] FILE", Summary: "replay a game record (.psq or h8 i9 …) move by move", Flags: replayFlags, Shared: cli.Glyphs | cli.Seed, MaxArgs: 1},
			{Name: "brain", Args: "[flags]", Summary: "the Gomocup (piskvork) brain; also as a copy named pbrain-*", Run: engine.BrainCommand},
		},
	}
}

// flags declares omok's own flags.
func flags(fs *flag.FlagSet) cli.Start {
	size, rule := DefaultSize, Freestyle
	fs.Func("size", "board `size`: 15 or 19 (default 15)", func(s string) (err error) {
		size, err = ParseSize(s)
		return err
	})
	fs.Var(&rule, "rule", "`rule`: freestyle (five or more wins, as the original), standard (exactly five), renju or omok (with forbidden moves); the menu's entry 6 changes it")
	var (
		vsComputer, computerFirst bool
		level                     engine.Level
	)
	fs.Func("ai", "play against the computer at `level` easy, normal or hard, without the menu", func(s string) (err error) {
		level, err = engine.ParseLevel(s)
		vsComputer = err == nil
		return err
	})
	fs.Func("first", "against the computer, who moves first: me (the default) or computer", func(s string) (err error) {
		computerFirst, err = parseFirst(s)
		return err
	})
	records := recordsFlag(fs)
	return func(env cli.Env, back console.Screen) (console.Screen, error) {
		opt := Options{Lang: env.Lang, ASCII: env.ASCII, Size: size, Rule: rule, Width: env.Width, Rand: env.Rand, Online: env.Online,
			VsComputer: vsComputer, Level: level, ComputerFirst: computerFirst, Records: records(env)}
		return New(opt, back), nil
	}
}

// judgeCommand is `omok judge [FILE]`: the Baekjoon 2615 judge on FILE or
// standard input. It needs no terminal.
func judgeCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("termgames omok judge", flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: termgames omok judge [FILE]\n\nReads 19 lines of 19 numbers (0 empty, 1 black, 2 white) and prints\nthe winner (1 or 2) and the row and column of the leftmost stone of the\nfive, or 0 when nobody has exactly five.")
	}
	if err := cmdline.Parse(fs, args, 1); err != nil {
		return err
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
	res, err := Judge(in)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, res.String())
	return err
}

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
	// Freestyle (the original's), Standard, Renju or Omok. Every game is
	// played on it until the player chooses another from the menu's last
	// entry; the how-to and the panel beside the board explain it.
	Rule Rule
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
	// Records is the folder that keeps every game's record (기보) and that
	// the menu's 기보 보기 lists; "" keeps none and hides the entry.
	Records string
	// Online, set in a session of termgames serve, adds the menu's entry
	// 온라인 대전, which shows the screen it returns (back: this menu).
	Online func(back console.Screen) console.Screen
}

// parseFirst reads -first, who moves first against the computer: "me" or
// "computer"; it tells whether the computer does.
func parseFirst(s string) (computer bool, err error) {
	switch s {
	case "me":
		return false, nil
	case "computer":
		return true, nil
	}
	return false, errors.New("want me or computer")
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
	o.Width = console.DefaultWidth(o.Width)
	o.Lang = lang.Resolve(o.Lang, originalLang)
	return o
}

// New returns the omok menu. Choosing 4 (종료) returns to back, the top
// menu; when back is nil the game was started on its own and choosing 4
// ends the program with the original's last words, 프로그램을 종료합니다.
func New(opt Options, back console.Screen) console.Screen {
	opt = opt.normalized()
	t := textsFor(opt.Lang)
	m := &menuScreen{
		opt:     opt,
		text:    t,
		back:    back,
		keeping: &sync.WaitGroup{},
	}
	m.menu = m.newMenu()
	if opt.VsComputer {
		return newComputerGame(m, opt.Level, opt.ComputerFirst)
	}
	return m
}

// recordsFlag declares -records on fs, and returns the folder that keeps
// the games once fs is parsed: -records, or termgames/records in the
// user's config folder; "" keeps none. Over SSH (env.Online) the server's
// folder is not the players' to share: nothing is kept, and the menu has no
// entry for it.
func recordsFlag(fs *flag.FlagSet) func(env cli.Env) string {
	records, set := "", false
	fs.Func("records", "`folder` that keeps every game's record (default: termgames/records in the user's config folder; \"\": keep none)", func(s string) error {
		records, set = s, true
		return nil
	})
	return func(env cli.Env) string {
		switch {
		case env.Online != nil:
			return ""
		case set:
			return records
		}
		dir, err := DefaultRecordsDir()
		if err != nil {
			return "" // no config folder (no home): nothing kept, as with -records ""
		}
		return dir
	}
}

// convertCommand is `omok convert [-to psq|moves|board] [FILE]`: a record
// from FILE or standard input, in either form (told by its content),
// printed in the form asked for. A bad record is said in one line naming
// the file and the line or move, and nothing is printed.
func convertCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("termgames omok convert", flag.ContinueOnError)
	fs.SetOutput(stdout)
	to := "moves"
	fs.Func("to", "what to print: `psq` (Piskvork), moves (h8 i9 …) or board (the judge's 0 1 2 lines) (default moves)", func(s string) error {
		switch s {
		case "psq", "moves", "board":
			to = s
			return nil
		}
		return errors.New("want psq, moves or board")
	})
	size, rule := 0, Freestyle
	fs.Func("size", "board `size` of a move string, which does not say it: 15 or 19 (default: 15, or 19 when a move needs it)", func(s string) (err error) {
		size, err = ParseSize(s)
		return err
	})
	fs.Var(&rule, "rule", "`rule` of a move string, which does not say it (default freestyle); a .psq says its own")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: termgames omok convert [-to psq|moves|board] [-size N] [-rule R] [FILE]\n\nReads a game record, a Piskvork .psq or a move string such as \"h8 i9 j10\",\nfrom FILE (standard input without FILE or with -) and prints it in another form.")
		fs.PrintDefaults()
	}
	if err := cmdline.Parse(fs, args, 1); err != nil {
		return err
	}
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		r, err := ReadRecordFileAs(fs.Arg(0), size, rule)
		if err != nil {
			return err
		}
		return writeRecord(stdout, r, to)
	}
	r, err := readRecord(stdin, "standard input", size, rule)
	if err != nil {
		return err
	}
	return writeRecord(stdout, r, to)
}

// writeRecord prints r in the form to.
func writeRecord(w io.Writer, r *Record, to string) error {
	var err error
	switch to {
	case "psq":
		_, err = w.Write(r.PSQ())
	case "board":
		_, err = io.WriteString(w, r.BoardText())
	default:
		_, err = fmt.Fprintln(w, r.MoveString())
	}
	return err
}

// replayFlags are the flags of `omok replay FILE`: the replay screen on
// its own. Playing on from it goes to omok's menu afterwards, and its
// games are kept as any other.
func replayFlags(fs *flag.FlagSet) cli.Start {
	records := recordsFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: termgames omok replay [flags] FILE\n\nShows a game record (a Piskvork .psq or a move string such as \"h8 i9 j10\")\nmove by move.")
		fs.PrintDefaults()
	}
	return func(env cli.Env, back console.Screen) (console.Screen, error) {
		if fs.NArg() != 1 {
			return nil, cmdline.Usagef(fs, "want the FILE to replay")
		}
		r, err := ReadRecordFile(fs.Arg(0))
		if err != nil {
			return nil, err
		}
		opt := Options{Lang: env.Lang, ASCII: env.ASCII, Width: env.Width, Rand: env.Rand, Records: records(env)}
		return Replay(opt, r, filepath.Base(fs.Arg(0)), back), nil
	}
}

// Replay returns the replay screen of r, opened at its last move, with name
// at the top of its panel: the same screen as the menu's 기보 보기, for a
// record from elsewhere (a file, the server's archive). Esc goes back to
// back (nil: the program ends); a game played on from it is omok's, with
// opt's language, glyphs and records, and its menu's quit goes to back.
func Replay(opt Options, r *Record, name string, back console.Screen) console.Screen {
	opt.Size, opt.Rule, opt.VsComputer = r.Size, r.Rule, false
	m := New(opt, back).(*menuScreen)
	return newReplay(m, r, name, back)
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"termgames/internal/cmdline"
)

// A tool is one subcommand: its name, a line saying what it does, and its
// parse, which reads its own flags from args (the subcommand's name left
// out) and returns the tool's run, or the UsageError of a bad command line.
// Parsing does nothing else, so that the commands the docs quote can be
// checked without running them.
type tool struct {
	name, summary string
	parse         func(args []string, stdout, stderr io.Writer) (run func() error, err error)
}

var tools = []tool{
	{"play", "play termgames' brain against an opponent and tally the games", playCommand},
	{"forbid-rapfi", "compare omok forbid's forbidden points with Rapfi's on random positions", forbidRapfiCommand},
	{"make-openings", "find openings that Rapfi scores as balanced", makeOpeningsCommand},
	{"review", "have Rapfi judge every position of a game", reviewCommand},
	{"rapfi-games", "have Rapfi play itself and write every position with its evaluation", rapfiGamesCommand},
	{"fit", "fit the evaluation's values to judged positions and write evaltable.go", fitCommand},
}

const (
	exitOK      = 0
	exitRuntime = 1
	exitUsage   = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the tool named by args[0] and returns the exit status: 2 for
// a bad command line, said in cmdline's one line.
func run(args []string, stdout, stderr io.Writer) int {
	err := dispatch(args, stdout, stderr)
	var ue cmdline.UsageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, ue)
		return exitUsage
	default:
		fmt.Fprintln(stderr, "match:", err)
		return exitRuntime
	}
}

func dispatch(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return cmdline.UsageError{Command: "match", Err: errors.New("want a tool: " + toolNames())}
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		return nil
	}
	for _, t := range tools {
		if t.name == args[0] {
			run, err := t.parse(args[1:], stdout, stderr)
			if err != nil {
				return err
			}
			return run()
		}
	}
	return cmdline.UsageError{Command: "match", Err: fmt.Errorf("unknown tool %q: want %s", args[0], toolNames())}
}

func toolNames() string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.name
	}
	return strings.Join(names, ", ")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: match TOOL [flags]   (go run ./omok/engine/match TOOL -h for a tool's flags)")
	fmt.Fprintln(w)
	for _, t := range tools {
		fmt.Fprintf(w, "  %-14s %s\n", t.name, t.summary)
	}
}

// newFlags is the flag set of tool name, whose -h writes the synopsis
// (the tool's usage line, a blank line and what it does) and the flags to
// stdout.
func newFlags(name, synopsis string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("match "+name, flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: match %s\n\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

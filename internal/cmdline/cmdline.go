// Package cmdline is how every command of termgames reads its command
// line and says what is wrong with one: Parse parses the flags and counts
// the arguments, and a UsageError (exit status 2) is one line of one shape
// that names the command, what is wrong and where help is. It knows no
// game and no terminal, so that rules packages with a command of their own
// (the brain, the forbidden points, the benchmarks) use it too.
package cmdline

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
)

// UsageError is a command line the program cannot run: exit status 2.
// Every command says it in one line of one shape, which names the command,
// what is wrong (the flag, its value, the stray argument) and where help is:
//
//	termgames omok forbid: invalid value "gomoku" for flag -rule: want renju or omok (see termgames omok forbid -h)
type UsageError struct {
	Command string // the command as typed: "termgames omok forbid"
	Err     error  // what is wrong with it
}

func (e UsageError) Error() string {
	return fmt.Sprintf("%s: %v (see %s -h)", e.Command, e.Err, e.Command)
}

func (e UsageError) Unwrap() error { return e.Err }

// Usage is the UsageError of the command that fs parses (fs.Name is the
// command as typed), or err itself when it already is one.
func Usage(fs *flag.FlagSet, err error) error {
	if errors.As(err, new(UsageError)) {
		return err
	}
	return UsageError{Command: fs.Name(), Err: err}
}

// Usagef is Usage with a message formatted as fmt.Errorf does.
func Usagef(fs *flag.FlagSet, format string, a ...any) error {
	return Usage(fs, fmt.Errorf(format, a...))
}

// Parse parses args for the command of fs, as every command and game of
// the table does, and takes at most maxArgs arguments after the flags. -h
// (or -help) writes fs.Usage's text to fs.Output and returns
// flag.ErrHelp. An unknown flag, a bad value or a stray argument is a
// UsageError, and nothing is written: the one line is the caller's to say.
// fs.Usage must write to fs.Output.
func Parse(fs *flag.FlagSet, args []string, maxArgs int) error {
	out := fs.Output()
	var said bytes.Buffer // the flag package's own message and usage, kept for -h only
	fs.SetOutput(&said)
	err := fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		_, _ = said.WriteTo(out)
		return err
	case err != nil:
		return Usage(fs, err)
	case fs.NArg() > maxArgs:
		return Usagef(fs, "unexpected argument %q", fs.Arg(maxArgs))
	}
	return nil
}

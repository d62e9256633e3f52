package omok

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"termgames/internal/cli"
)

// convertCommand is `omok convert [-to psq|moves|board] [FILE]`: a record
// from FILE or standard input, in either form (told by its content),
// printed in the form asked for. A bad record is said in one line naming
// the file and the line or move, and nothing is printed.
func convertCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("termgames omok convert", flag.ContinueOnError)
	fs.SetOutput(stderr)
	to := fs.String("to", "moves", "what to print: `psq` (Piskvork), moves (h8 i9 …) or board (the judge's 0 1 2 lines)")
	size, rule := 0, Freestyle
	fs.Func("size", "board `size` of a move string, which does not say it: 15 or 19 (default: 15, or 19 when a move needs it)", func(s string) (err error) {
		size, err = ParseSize(s)
		return err
	})
	fs.Var(&rule, "rule", "`rule` of a move string, which does not say it (default freestyle); a .psq says its own")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: termgames omok convert [-to psq|moves|board] [-size N] [-rule R] [FILE]\n\nReads a game record, a Piskvork .psq or a move string such as \"h8 i9 j10\",\nfrom FILE (standard input without FILE or with -) and prints it in another form.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return cli.UsageError{}
	}
	switch *to {
	case "psq", "moves", "board":
	default:
		return cli.UsageError{Err: fmt.Errorf("-to %q: want psq, moves or board", *to)}
	}
	if fs.NArg() > 1 {
		return cli.UsageError{Err: fmt.Errorf("convert takes at most one FILE, not %q", fs.Args())}
	}
	in, name := stdin, "standard input"
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		r, err := ReadRecordFileAs(fs.Arg(0), size, rule)
		if err != nil {
			return err
		}
		return writeRecord(stdout, r, *to)
	}
	r, err := readRecord(in, name, size, rule)
	if err != nil {
		return err
	}
	return writeRecord(stdout, r, *to)
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

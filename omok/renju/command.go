package renju

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"termgames/internal/cmdline"
)

// String draws the board one row a line: . empty, X black, O white.
func (b *Board) String() string {
	var sb strings.Builder
	for i, c := range b.cells {
		sb.WriteByte(".XO"[c])
		if i%b.size == b.size-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// maxLine bounds one input line: a 54-cell row with spaces is 108 bytes.
const maxLine = 64 << 10

// ReadBoard reads a board as the Baekjoon 2615 judge does: one line per row,
// each cell a number 0 (empty), 1 (black) or 2 (white), separated by spaces
// or tabs, or written together as one word of digits ("0012000"). The first
// row says the size (5 to MaxSize); blank lines are skipped. Anything else
// is an error naming the line.
func ReadBoard(r io.Reader) (*Board, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 256), maxLine)
	var rows [][]Stone
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a byte-order mark from a Windows editor
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(fields) == 1 && len(fields[0]) > 1 {
			fields = strings.Split(fields[0], "")
		}
		row, err := readRow(fields, rows)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than %d bytes", line+1, maxLine)
		}
		return nil, fmt.Errorf("reading the board: %w", err)
	}
	switch {
	case len(rows) == 0:
		return nil, errors.New("no board: want lines of 0, 1 and 2, one per row")
	case len(rows) < len(rows[0]):
		return nil, fmt.Errorf("line %d: input ends after %d rows, want %d", line+1, len(rows), len(rows[0]))
	}
	b := NewBoard(len(rows))
	for r, row := range rows {
		for c, s := range row {
			if s != Empty {
				b.set(r, c, s)
			}
		}
	}
	return b, nil
}

// readRow checks one row against the rows before it.
func readRow(fields []string, before [][]Stone) ([]Stone, error) {
	n := len(fields)
	switch {
	case len(before) == 0 && (n < 5 || n > MaxSize):
		return nil, fmt.Errorf("a row of %d cells: want a board of 5 to %d", n, MaxSize)
	case len(before) > 0 && n != len(before[0]):
		return nil, fmt.Errorf("%d cells, want %d like the first row", n, len(before[0]))
	case len(before) == len(fields):
		return nil, fmt.Errorf("more than %d rows", len(fields))
	}
	row := make([]Stone, n)
	for i, f := range fields {
		if f != "0" && f != "1" && f != "2" {
			return nil, fmt.Errorf("cell %d is %q: want 0, 1 or 2", i+1, shorten(f))
		}
		row[i] = Stone(f[0] - '0')
	}
	return row, nil
}

// shorten keeps an error message about a bad token short.
func shorten(s string) string {
	if r := []rune(s); len(r) > 20 {
		return string(r[:20]) + "..."
	}
	return s
}

// ToMove returns the colour whose turn it is when nothing else says so:
// white when black has more stones, black otherwise.
func (b *Board) ToMove() Stone {
	n := 0
	for _, c := range b.cells {
		switch c {
		case Black:
			n++
		case White:
			n--
		}
	}
	if n > 0 {
		return White
	}
	return Black
}

// YixinForbid returns the Yixin-Board answer to YXSHOWFORBID for colour s
// under rule r: "FORBID " and each forbidden point as four digits, the
// column then the row, 0-based and zero-padded, then ".": "FORBID 0707.",
// or "FORBID ." when there is none.
func (b *Board) YixinForbid(r Rule, s Stone) string {
	var sb strings.Builder
	sb.WriteString("FORBID ")
	for _, p := range b.ForbiddenPoints(r, s) {
		fmt.Fprintf(&sb, "%02d%02d", p.Col, p.Row)
	}
	sb.WriteByte('.')
	return sb.String()
}

const forbidUsage = `usage: termgames omok forbid [-rule renju|omok] [-turn black|white] [FILE|-]

Reads a board from FILE or standard input (one line per row of 0 empty,
1 black, 2 white; 15 or 19 rows, or any size from 5 to %d) and prints the
forbidden points of the side to move as Yixin-Board's YXSHOWFORBID does:
FORBID, then each point as two digits of column and two of row (0-based),
then a dot; "FORBID ." when there is none. The side to move is black unless
black has more stones, or as -turn says.
`

// ForbidCommand is `termgames omok forbid`: args are what follows
// "forbid". It reads FILE (standard input when absent or "-") and writes
// the answer to stdout. It returns flag.ErrHelp after -h.
func ForbidCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("termgames omok forbid", flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() { fmt.Fprintf(fs.Output(), forbidUsage, MaxSize) }
	rule := Renju
	fs.Var(&rule, "rule", "renju or omok")
	var s Stone // the side to move; Empty: by the stone counts
	fs.Func("turn", "black or white (default: by the stone counts)", func(v string) error {
		switch strings.ToLower(v) {
		case "black", "1":
			s = Black
		case "white", "2":
			s = White
		default:
			return errors.New("want black or white")
		}
		return nil
	})
	if err := cmdline.Parse(fs, args, 1); err != nil {
		return err
	}

	in, name := stdin, "standard input"
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		name = fs.Arg(0)
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("omok forbid: %w", err)
		}
		defer f.Close()
		in = f
	}
	b, err := ReadBoard(in)
	if err != nil {
		return fmt.Errorf("omok forbid: %s: %w", name, err)
	}
	if s == Empty {
		s = b.ToMove()
	}
	_, err = fmt.Fprintln(stdout, b.YixinForbid(rule, s))
	return err
}

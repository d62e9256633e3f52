package omok

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// JudgeSize is the board of Baekjoon 2615: 19 lines of 19 numbers.
const JudgeSize = 19

// MaxInput bounds what the judge reads. A board is 19 rows of 37 bytes;
// even with generous spacing and blank lines it is a few KB, so an input
// that goes on past this is not a board, and reading on would only wait (an
// endless stream of blank lines never ends) or cost memory.
const MaxInput = 64 << 10

// Result is the answer of Baekjoon 2615 for one board.
type Result struct {
	// Winner is P1 (black, 1) or P2 (white, 2) when that colour has exactly
	// five in a row, Empty (0) when nobody has.
	Winner Stone
	// Row and Col are 1-based: the leftmost stone of the five, or the
	// topmost when the five is vertical. Zero when nobody won.
	Row, Col int
}

// String returns exactly what Baekjoon 2615 expects: "1\n3 2\n" or "0\n".
func (r Result) String() string {
	if r.Winner == Empty {
		return "0\n"
	}
	return fmt.Sprintf("%d\n%d %d\n", r.Winner, r.Row, r.Col)
}

// LineError is a malformed judge input, with the line it was found on.
type LineError struct {
	Line int // 1-based line of the input
	Err  error
}

// Error names the line first, as main prints it: "judge: line 4: ...".
func (e *LineError) Error() string { return fmt.Sprintf("judge: line %d: %v", e.Line, e.Err) }

// Unwrap returns what was wrong with the line.
func (e *LineError) Unwrap() error { return e.Err }

// Judge reads a Baekjoon 2615 board (19 lines of 19 numbers: 0 empty,
// 1 black, 2 white) and says who has exactly five in a row. Blank lines are
// skipped, numbers may be separated by any spaces or tabs, and a line may end
// in CR LF. Anything else that is not such a board is an error naming the
// line, never a guess: a token other than 0, 1 or 2, a line with too few or
// too many numbers, too few or too many lines.
func Judge(r io.Reader) (Result, error) {
	b, err := readBoard(r)
	if err != nil {
		return Result{}, err
	}
	return judge(b), nil
}

// readBoard parses the input into a 19x19 board.
func readBoard(r io.Reader) (*Board, error) {
	b := NewBoard(JudgeSize, Standard)
	in := &capReader{r: r, left: MaxInput}
	sc := bufio.NewScanner(in)
	// Room for the whole input in one line, so that the cap, not the
	// scanner's buffer, is what stops a long input.
	sc.Buffer(make([]byte, 0, 256), MaxInput+1)
	line, rows := 0, 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a byte-order mark from a Windows editor
		}
		tokens := strings.Fields(text)
		if len(tokens) == 0 {
			continue
		}
		if rows == JudgeSize {
			return nil, &LineError{line, fmt.Errorf("more than %d rows", JudgeSize)}
		}
		if err := readRow(b, rows, tokens); err != nil {
			return nil, &LineError{line, err}
		}
		rows++
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, errTooLong) {
			return nil, &LineError{in.lines + 1, err}
		}
		return nil, fmt.Errorf("judge: reading the board: %w", err)
	}
	if rows < JudgeSize {
		return nil, &LineError{line + 1, fmt.Errorf("input ends after %d rows, want %d", rows, JudgeSize)}
	}
	return b, nil
}

// errTooLong is an input that goes on past MaxInput bytes.
var errTooLong = fmt.Errorf("input longer than %d bytes: not a 19x19 board", MaxInput)

// capReader reads at most left bytes of r, then fails with errTooLong if
// r has more; an input of exactly left bytes ends normally. It counts the
// line ends it passed, to name the line where the input went too far.
type capReader struct {
	r     io.Reader
	left  int
	lines int
	over  [1]byte
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left == 0 {
		// One byte more tells "exactly the cap" from "longer".
		n, err := io.ReadFull(c.r, c.over[:])
		if n > 0 {
			return 0, errTooLong
		}
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		return 0, err
	}
	if len(p) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= n
	c.lines += bytes.Count(p[:n], []byte{'\n'})
	return n, err
}

// readRow stores one row of numbers.
func readRow(b *Board, row int, tokens []string) error {
	for col, t := range tokens {
		// Exactly one digit: "01" or "+1" would be a guess at what was meant.
		if t != "0" && t != "1" && t != "2" {
			return fmt.Errorf("token %s is not 0, 1 or 2", quoteToken(t))
		}
		if col < JudgeSize {
			b.put(Point{row, col}, Stone(t[0]-'0'))
		}
	}
	switch n := len(tokens); {
	case n < JudgeSize:
		return fmt.Errorf("too few numbers: %d, want %d", n, JudgeSize)
	case n > JudgeSize:
		return fmt.Errorf("too many numbers: %d, want %d", n, JudgeSize)
	}
	return nil
}

// quoteToken shows a bad token as typed when it is short and printable
// ASCII, and quoted and cut short otherwise, so that a binary file never
// sends control bytes to the terminal through an error message.
func quoteToken(t string) string {
	const maxShown = 20
	plain := len(t) <= maxShown
	for _, r := range t {
		if r > unicode.MaxASCII || !unicode.IsPrint(r) || r == '"' {
			plain = false
		}
	}
	if plain {
		return t
	}
	// Cut after maxShown characters, counting a byte that is not UTF-8 as
	// one: the cut never splits a character, and the bytes kept are the
	// bytes read, which QuoteToASCII escapes as \xff (a []rune conversion
	// would turn them all into U+FFFD).
	end, shown := 0, 0
	for end < len(t) && shown < maxShown {
		_, size := utf8.DecodeRuneInString(t[end:])
		end += size
		shown++
	}
	if end < len(t) {
		return strconv.QuoteToASCII(t[:end]) + "..."
	}
	return strconv.QuoteToASCII(t)
}

// judge finds a run of exactly five, scanning the board row by row and,
// at each stone that starts a run, the directions →, ↓, ↘, ↙ in that order,
// as BlockDMask's solution does; so when a board breaks the problem's promise
// of at most one five, the answer is still the one that solution gives.
func judge(b *Board) Result {
	for row := range b.size {
		for col := range b.size {
			p := Point{row, col}
			s := b.At(p)
			if s == Empty {
				continue
			}
			for _, d := range directions {
				if b.At(Point{row - d.Row, col - d.Col}) == s {
					continue // p is inside a run, not at its start
				}
				if 1+b.count(p, d, s, b.size) != 5 {
					continue
				}
				lead := p
				if d.Col < 0 {
					// ↙ starts at the top-right end; its leftmost stone is the lowest.
					lead = Point{row + 4*d.Row, col + 4*d.Col}
				}
				return Result{Winner: s, Row: lead.Row + 1, Col: lead.Col + 1}
			}
		}
	}
	return Result{}
}

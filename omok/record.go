package omok

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"termgames/omok/renju"
)

// A record (기보) is a game's moves with the time each took, read and
// written in the two forms other gomoku programs share: Piskvork's .psq
// file (also Yixin-Board's and the Gomocup archives') and the h8 move
// string of Gomocalc, Yixin, Figrid and the RIF database. This file is
// rules only: it reads and writes bytes, never a file or the terminal.

// Move is one move of a record: its point and the time its player took.
type Move struct {
	Point
	Time time.Duration
}

// Record is one game. Every record that ParseRecord returns, and every one
// a game makes, replays on its board: no move off the board, on a stone,
// after the win, or forbidden by the rule.
type Record struct {
	Size  int
	Rule  Rule
	Moves []Move
	// Levels say who played 1P and 2P, as the .psq header's L1:L2 does: 0
	// a person, above 0 a computer; termgames writes its levels as 1
	// (easy), 2 (normal) and 3 (hard).
	Levels [2]int
	// Names are the .psq's name lines, "" where it had none.
	Names [2]string
	// Unfinished marks a game left before its end (Esc in the game).
	Unfinished bool
}

// maxRecordBytes bounds what ParseRecord reads: a 19x19 game of 361 moves
// with long times and names is well under 16 KB, so anything past this is
// no record of a game.
const maxRecordBytes = 64 << 10

// maxMoveTime bounds a move's time in a .psq: a day, far past any move and
// far below where a time.Duration overflows.
const maxMoveTime = 24 * time.Hour

// psqMagic starts every .psq file.
const psqMagic = "Piskvorky"

// Errors of the record's readers, wrapped with the line or move.
var (
	ErrEmptyRecord = errors.New("empty: no moves")
	ErrNotRecord   = errors.New("not a record: neither a Piskvork .psq (first line \"Piskvorky 15x15, 0:0, 0\") nor moves such as \"h8 i9 j10\"")
	ErrTooLong     = fmt.Errorf("longer than any game (a record is at most %d KB)", maxRecordBytes>>10)
)

// ParseRecord reads a record in either form, told apart by its content: a
// first line starting "Piskvorky" is a .psq, anything else the h8 move
// string. The move string says neither the board nor the rule: size 0
// takes 15, or 19 when a move is past the 15x15 board, and rule is the
// rule. A .psq says its size, and its rule after its last line (none:
// Freestyle). Every error names the line (.psq) or the move (move string).
func ParseRecord(data []byte, size int, rule Rule) (*Record, error) {
	if len(data) > maxRecordBytes {
		return nil, ErrTooLong
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF")) // a byte-order mark, as Windows editors write
	text := string(data)
	switch body := strings.TrimSpace(text); {
	case body == "":
		return nil, ErrEmptyRecord
	case strings.HasPrefix(body, psqMagic):
		return parsePSQ(text)
	}
	return parseMoves(text, size, rule)
}

// parsePSQ reads Piskvork's format: the header "Piskvorky WxH, L1:L2, F",
// one "x,y,ms" line a move (x the column, y the row, from 1 at the
// top-left; the time may be missing, as Piskvork allows), then optional
// name lines and a code line. What follows the code line is termgames'
// own: "rule NAME" and "unfinished". Blank lines between moves are skipped
// as Piskvork's reader skips them.
func parsePSQ(text string) (*Record, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	r := &Record{Rule: Freestyle}
	var w, h, first int
	header := strings.TrimSpace(lines[i])
	if n, _ := fmt.Sscanf(header, "Piskvorky %dx%d, %d:%d, %d", &w, &h, &r.Levels[0], &r.Levels[1], &first); n != 5 {
		return nil, fmt.Errorf("line %d: %q is not a .psq header such as \"Piskvorky 15x15, 0:0, 0\"", i+1, header)
	}
	switch {
	case w != h:
		return nil, fmt.Errorf("line %d: board %dx%d: only square boards are played here", i+1, w, h)
	case w < minSize || w > maxSize:
		return nil, fmt.Errorf("line %d: board %dx%d: the boards here are %dx%d to %dx%d", i+1, w, h, minSize, minSize, maxSize, maxSize)
	case r.Levels[0] < 0 || r.Levels[1] < 0:
		return nil, fmt.Errorf("line %d: levels %d:%d: want 0 (a person) or more (a computer)", i+1, r.Levels[0], r.Levels[1])
	}
	r.Size = w
	lineOf := []int{}
	for i++; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "" {
			continue
		}
		m, ok, err := psqMove(l)
		if !ok {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if len(r.Moves) == w*h {
			return nil, fmt.Errorf("line %d: %w", i+1, ErrTooLong)
		}
		r.Moves = append(r.Moves, m)
		lineOf = append(lineOf, i+1)
	}
	if len(r.Moves) == 0 {
		return nil, fmt.Errorf("line %d: %w", i+1, ErrEmptyRecord)
	}
	if err := psqTail(r, lines, i); err != nil {
		return nil, err
	}
	if k, err := r.check(); err != nil {
		return nil, fmt.Errorf("line %d: move %d (%s): %w", lineOf[k], k+1, r.PointName(r.Moves[k].Point), err)
	}
	return r, nil
}

// psqMove reads one move line; ok is false for a line that is no move
// (names, the code line), as Piskvork's "%d,%d" stops at them.
func psqMove(l string) (m Move, ok bool, err error) {
	f := strings.Split(l, ",")
	if len(f) < 2 || len(f) > 3 {
		return m, false, nil
	}
	var n [3]int
	for k, s := range f {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return m, k > 0, fmt.Errorf("%q is not a move \"x,y,ms\"", l)
		}
		n[k] = v
	}
	if n[2] < 0 || time.Duration(n[2]) > maxMoveTime/time.Millisecond {
		return m, true, fmt.Errorf("%q: time %d ms", l, n[2])
	}
	// Off the board is Place's to say, with the move's number; a huge
	// number still must not wrap around into the board.
	col, row := max(min(n[0], 1000), -1000)-1, max(min(n[1], 1000), -1000)-1
	return Move{Point: Point{Row: row, Col: col}, Time: time.Duration(n[2]) * time.Millisecond}, true, nil
}

// psqTail reads the lines after the moves: up to two names, the code line
// (a number), and after it termgames' rule and unfinished lines. Other
// lines after the code are left alone, for programs that add their own.
func psqTail(r *Record, lines []string, i int) error {
	names := 0
	for ; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if _, err := strconv.Atoi(l); err == nil {
			i++
			break
		}
		if l != "" && names < len(r.Names) {
			r.Names[names] = l
			names++
		}
	}
	for ; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		switch {
		case len(f) == 2 && f[0] == "rule":
			rule, err := renju.ParseRule(f[1])
			if err != nil {
				return fmt.Errorf("line %d: unknown rule %q: %w", i+1, f[1], err)
			}
			r.Rule = rule
		case len(f) == 1 && f[0] == "unfinished":
			r.Unfinished = true
		}
	}
	return nil
}

// parseMoves reads the h8 move string: moves with or without spaces or
// commas between them, in either case.
func parseMoves(text string, size int, rule Rule) (*Record, error) {
	type at struct{ col, row int }
	var pts []at
	s := strings.ToLower(text)
	for k := 0; k < len(s); {
		c := s[k]
		switch {
		case c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' || c == ';':
			k++
			continue
		case c < 'a' || c > 'z':
			return nil, badPoint(s, k, len(pts))
		}
		j := k + 1
		for j < len(s) && j-k <= 3 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		row, err := strconv.Atoi(s[k+1 : j])
		if err != nil || j-k > 3 {
			return nil, badPoint(s, k, len(pts))
		}
		if len(pts) == maxSize*maxSize {
			return nil, fmt.Errorf("move %d: %w", len(pts)+1, ErrTooLong)
		}
		pts = append(pts, at{int(c - 'a'), row})
		k = j
	}
	if len(pts) == 0 {
		return nil, ErrEmptyRecord
	}
	if size == 0 {
		size = DefaultSize
		for _, p := range pts {
			if p.col >= DefaultSize || p.row > DefaultSize {
				size = LargeSize
			}
		}
	}
	r := &Record{Size: size, Rule: rule, Moves: make([]Move, len(pts))}
	for k, p := range pts {
		r.Moves[k] = Move{Point: Point{Row: size - p.row, Col: p.col}}
		if p.row < 1 {
			r.Moves[k].Row = size // off the board below, whatever the size
		}
	}
	if k, err := r.check(); err != nil {
		return nil, fmt.Errorf("move %d (%s): %w", k+1, moveName(pts[k].col, pts[k].row), err)
	}
	return r, nil
}

// badPoint is the error of a move string whose text at k is no point,
// after n good ones: before any good one the text is no record at all.
func badPoint(s string, k, n int) error {
	line := strings.Count(s[:k], "\n") + 1
	if n == 0 {
		return fmt.Errorf("line %d: %w", line, ErrNotRecord)
	}
	return fmt.Errorf("line %d: move %d: %q is not a point such as h8", line, n+1, word(s[k:]))
}

// word is the move string's text from a bad point to the next space, for
// the message.
func word(s string) string {
	if i := strings.IndexAny(s, " ,;\t\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 12 {
		s = s[:12] + "…"
	}
	return s
}

// moveName spells a point as typed, even off the board.
func moveName(col, row int) string { return string(rune('a'+col)) + strconv.Itoa(row) }

// check replays the record and returns the first move that does not fit,
// with why: off the board, on a stone, after the win, forbidden.
func (r *Record) check() (int, error) {
	b := NewBoard(r.Size, r.Rule)
	for k, m := range r.Moves {
		if _, err := b.Place(m.Point); err != nil {
			return k, placeError(err, r.Size)
		}
	}
	return 0, nil
}

// placeError words Place's refusals as a record's reader says them.
func placeError(err error, size int) error {
	switch {
	case errors.Is(err, ErrOutside):
		return fmt.Errorf("off the %dx%d board", size, size)
	case errors.Is(err, ErrOccupied):
		return errors.New("the point is already taken")
	case errors.Is(err, ErrOver):
		return errors.New("a move after the game was over")
	}
	return err // a *ForbiddenError: "forbidden move: 3-3"
}

// Board replays the first n moves (all of them when n is past the end)
// and returns the position. Every Record replays: ParseRecord checks its
// moves, and a game's record is of moves its board took.
func (r *Record) Board(n int) *Board {
	b := NewBoard(r.Size, r.Rule)
	for k, m := range r.Moves[:min(max(n, 0), len(r.Moves))] {
		if _, err := b.Place(m.Point); err != nil {
			panic(fmt.Sprintf("omok: a record's move %d at %v: %v", k+1, m.Point, err))
		}
	}
	return b
}

// Outcome is where the game stands after its last move.
func (r *Record) Outcome() Outcome { return r.Board(len(r.Moves)).Outcome() }

// PointName spells p in h8 notation: the column a letter from a at the
// left, the row a number from 1 at the bottom.
func (r *Record) PointName(p Point) string { return PointName(p, r.Size) }

// PointName spells p of a size x size board in h8 notation.
func PointName(p Point, size int) string {
	if p.Col < 0 || p.Col >= 26 {
		return fmt.Sprintf("(%d,%d)", p.Col+1, p.Row+1)
	}
	return moveName(p.Col, size-p.Row)
}

// ParsePoint reads a point of a size x size board in h8 notation, as
// PointName spells it, in either case.
func ParsePoint(s string, size int) (Point, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) < 2 || len(t) > 3 || t[0] < 'a' || t[0] > 'z' {
		return Point{}, fmt.Errorf("%q is not a point such as h8", s)
	}
	row, err := strconv.Atoi(t[1:])
	if err != nil || t[1] < '1' || t[1] > '9' {
		return Point{}, fmt.Errorf("%q is not a point such as h8", s)
	}
	p := Point{Row: size - row, Col: int(t[0] - 'a')}
	if p.Row < 0 || p.Row >= size || p.Col >= size {
		return Point{}, fmt.Errorf("%q: off the %dx%d board", s, size, size)
	}
	return p, nil
}

// MoveString is the h8 move string, "h8 i9 j10", as Gomocalc and Yixin
// take it.
func (r *Record) MoveString() string {
	names := make([]string, len(r.Moves))
	for k, m := range r.Moves {
		names[k] = r.PointName(m.Point)
	}
	return strings.Join(names, " ")
}

// PSQ is the record as Piskvork writes it, which Piskvork and Yixin-Board
// open: the header, the moves, the two name lines, the code line 0. The
// rule (when not freestyle) and "unfinished" follow the code line, where
// neither program reads: Piskvork's reader stops at the first line that
// is no move and takes the two lines after as the players' names.
func (r *Record) PSQ() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %dx%d, %d:%d, 0\n", psqMagic, r.Size, r.Size, r.Levels[0], r.Levels[1])
	for _, m := range r.Moves {
		fmt.Fprintf(&b, "%d,%d,%d\n", m.Col+1, m.Row+1, m.Time.Milliseconds())
	}
	for k, name := range r.Names {
		b.WriteString(psqName(name, k, r.Levels[k]) + "\n")
	}
	b.WriteString("0\n")
	if r.Rule != Freestyle {
		fmt.Fprintf(&b, "rule %s\n", r.Rule)
	}
	if r.Unfinished {
		b.WriteString("unfinished\n")
	}
	return b.Bytes()
}

// psqName is player k's name line, which must read back as a name: a
// name that would read as a move ("3,4") or as the code line (a number)
// is put in quotes, and no name is Piskvork's default.
func psqName(name string, k, level int) string {
	name = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(name, "\r", ""), "\n", ""))
	if name == "" {
		return defaultName(k, level)
	}
	_, isMove, _ := psqMove(name)
	if _, err := strconv.Atoi(name); err == nil || isMove {
		return `"` + name + `"`
	}
	return name
}

// defaultName is a player's name line as Piskvork writes it: homo-1 and
// homo-2 for people (Piskvork's own word), and for the computer the name
// termgames' brain goes by among Piskvork's brains.
func defaultName(k, level int) string {
	if level > 0 {
		return "pbrain-termgames"
	}
	return "homo-" + strconv.Itoa(k+1)
}

// BoardText is the position after the last move as the Baekjoon 2615
// judge reads a board: size lines of size numbers, 0 empty, 1 black (1P),
// 2 white (2P).
func (r *Record) BoardText() string {
	b := r.Board(len(r.Moves))
	var s strings.Builder
	for row := range r.Size {
		for col := range r.Size {
			if col > 0 {
				s.WriteByte(' ')
			}
			s.WriteByte('0' + byte(b.At(Point{row, col})))
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// Equal reports whether two records hold the same game: board, rule,
// points and times.
func (r *Record) Equal(o *Record) bool {
	return r.Size == o.Size && r.Rule == o.Rule && slices.Equal(r.Moves, o.Moves)
}

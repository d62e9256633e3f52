package console

import (
	"strings"
	"termgames/internal/lang"
	"time"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Color is one of the 16 standard terminal colours, or Default.
type Color uint8

// The 16 ANSI colours. Default leaves the terminal's own colour.
const (
	Default Color = iota
	Black
	Red
	Green
	Yellow
	Blue
	Magenta
	Cyan
	White
	BrightBlack
	BrightRed
	BrightGreen
	BrightYellow
	BrightBlue
	BrightMagenta
	BrightCyan
	BrightWhite
)

// Style is how a span is drawn. Colour is only ever an extra: with NO_COLOR
// the console drops FG and BG and keeps Bold, Reverse and Underline, so a
// screen must stay playable with those alone.
type Style struct {
	FG, BG    Color
	Bold      bool
	Reverse   bool
	Underline bool
}

// Plain is the terminal's default style.
var Plain = Style{}

// Span is a piece of text placed at an absolute column of its row.
type Span struct {
	Col   int
	Text  string
	Style Style
}

// Frame is what a screen wants shown: rows of spans, not bytes. The console
// lays the spans out on cells, a later span over an earlier one cell by
// cell, and writes only the cells that changed since the last frame, each
// at its own column, so a glyph that a terminal draws wider or narrower
// than expected never shifts the cells after it.
type Frame struct {
	// Rows are the frame's spans, row by row. Put and SetRow only ever
	// append to or replace a row; the renderer keeps copies of the rows it
	// drew to know them again, so a row may be changed or reused afterwards.
	Rows [][]Span
	// Cursor is where the terminal cursor is shown (at a prompt); nil hides it.
	Cursor *Pos
	// Mouse asks for mouse reports while this frame is shown.
	Mouse bool
	// Tick asks for a TickEvent this long after the frame is shown.
	Tick time.Duration
	// Need is the smallest terminal this frame fits in; when the terminal is
	// smaller, Run shows what size is needed instead of a broken frame
	// (TooSmall), in the frame's language Lang.
	Need Size
	// Lang is the language the screen speaks: that of the too-small
	// screen. console knows the words of its own screen in both languages,
	// and nothing of the games.
	Lang lang.Tag
}

// Label gives a game screen's frame what the console needs besides its
// rows, the one way every game's screens do it: the language it speaks,
// and the smallest terminal it needs (need, or more where the frame's own
// parts, a menu, already ask for more).
func (f *Frame) Label(tag lang.Tag, need Size) {
	f.Lang = tag
	f.Need = Size{Width: max(f.Need.Width, need.Width), Height: max(f.Need.Height, need.Height)}
}

// Put places text at row and column in style st.
func (f *Frame) Put(row, col int, text string, st Style) {
	for len(f.Rows) <= row {
		f.Rows = append(f.Rows, nil)
	}
	if f.Rows[row] == nil && row > 0 {
		// Rows of a board are alike: room for as many spans as the row
		// above spares growing the row one span at a time.
		f.Rows[row] = make([]Span, 0, len(f.Rows[row-1]))
	}
	f.Rows[row] = append(f.Rows[row], Span{Col: col, Text: text, Style: st})
}

// SetRow makes spans the whole of row, in place of what was put there. The
// frame shares spans rather than copying them, so a screen can keep a row
// it built and give it to frame after frame, rebuilding only the rows that
// changed; a Put on the row later copies them first, so that it never
// writes into the screen's spans.
func (f *Frame) SetRow(row int, spans []Span) {
	for len(f.Rows) <= row {
		f.Rows = append(f.Rows, nil)
	}
	f.Rows[row] = spans[:len(spans):len(spans)]
}

// Line places plain text at the start of a row.
func (f *Frame) Line(row int, text string) { f.Put(row, 0, text, Plain) }

// Lines places plain lines one under another from row, and returns the row
// after the last one.
func (f *Frame) Lines(row int, lines ...string) int {
	for _, l := range lines {
		f.Line(row, l)
		row++
	}
	return row
}

// CursorAt shows the terminal cursor at row and column.
func (f *Frame) CursorAt(row, col int) { f.Cursor = &Pos{Row: row, Col: col} }

// The one rule by which a frame becomes cells, for Text and for the terminal
// alike: the spans of a row are written in the order they were put, each
// glyph from the span's column on, so a later span wins over an earlier one
// cell by cell (Put(0, 5, "X") then Put(0, 2, "abcdef") reads "  abcdef").
// A wide glyph takes two cells; a glyph written over half of a wide glyph
// blanks its other half, as a terminal does. Zero-width runes and control
// characters are dropped, so nothing in a span can move the cursor. A glyph
// that would cross the right edge is not drawn, and cells left of column 0
// are not there.

// cell is one column of a row as a frame lays it out.
type cell struct {
	r  rune  // the glyph; 0 in the right half of a wide glyph
	w  uint8 // the columns the glyph takes: 1 or 2, 0 in a right half
	st Style
}

// blank is an empty cell in the terminal's default style.
var blank = cell{r: ' ', w: 1}

// runeWidth is the width w gives r, 0 for control characters; ASCII, the
// bulk of every frame, skips the tables.
func runeWidth(w *runewidth.Condition, r rune) int {
	switch {
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return 0
	case r < 0x7f:
		return 1
	}
	return w.RuneWidth(r)
}

// paint writes spans over cells, a row as wide as len(cells), by the rule
// above. With noColor the colours are dropped.
func paint(cells []cell, spans []Span, w *runewidth.Condition, noColor bool) {
	n := len(cells)
	for _, sp := range spans {
		st := sp.Style
		if noColor {
			st.FG, st.BG = Default, Default
		}
		col := sp.Col
		for _, r := range sp.Text {
			if col >= n {
				break
			}
			width := runeWidth(w, r)
			if width == 0 {
				continue
			}
			if col < 0 {
				if col+width > 0 { // a wide glyph cut at the left edge
					if cells[0].w == 2 && n > 1 {
						cells[1] = blank
					}
					cells[0] = blank
				}
				col += width
				continue
			}
			// Overwriting half of a wide glyph blanks the other half.
			if cells[col].w == 0 && col > 0 {
				cells[col-1] = blank
			}
			if end := col + width; end < n && cells[end].w == 0 {
				cells[end] = blank
			}
			if col+width > n {
				cells[col] = blank // cut at the edge: no half glyphs
				break
			}
			cells[col] = cell{r: r, w: uint8(width), st: st}
			if width == 2 {
				cells[col+1] = cell{st: st}
			}
			col += width
		}
	}
}

// rowWidth is how far right the spans of a row reach.
func rowWidth(spans []Span, w *runewidth.Condition) int {
	n := 0
	for _, sp := range spans {
		end := sp.Col
		for _, r := range sp.Text {
			end += runeWidth(w, r)
		}
		n = max(n, end)
	}
	return n
}

// layRow returns the cells of a row as wide as its spans reach.
func layRow(spans []Span, w *runewidth.Condition, width int) []cell {
	cells := make([]cell, max(width, rowWidth(spans, w)))
	for i := range cells {
		cells[i] = blank
	}
	paint(cells, spans, w, false)
	return cells
}

// Text returns the frame as the lines a player would read in a terminal
// whose character widths are those of w, trailing blanks removed. Styles
// are not shown; StyleAt tells them.
func (f Frame) Text(w *runewidth.Condition) string {
	lines := make([]string, len(f.Rows))
	var b strings.Builder
	for i, row := range f.Rows {
		b.Reset()
		for _, c := range layRow(row, w, 0) {
			if c.w != 0 {
				b.WriteRune(c.r)
			}
		}
		lines[i] = strings.TrimRight(b.String(), " ")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// StyleAt returns the style of the cell at row and column as Text lays the
// frame out (a wide glyph's style in both its cells), Plain where nothing
// was put.
func (f Frame) StyleAt(w *runewidth.Condition, row, col int) Style {
	if row < 0 || row >= len(f.Rows) || col < 0 {
		return Plain
	}
	return layRow(f.Rows[row], w, col+1)[col].st
}

// Width is the number of columns text takes in a terminal whose character
// widths are those of w.
func Width(w *runewidth.Condition, text string) int { return w.StringWidth(text) }

// Pad returns text padded with spaces on the right to cols columns as w
// measures it, so a glyph of either width fills the same cells.
func Pad(w *runewidth.Condition, text string, cols int) string {
	if r, n := utf8.DecodeRuneInString(text); n == len(text) && cols == 2 && runeWidth(w, r) == 1 {
		if p, ok := padded(r); ok {
			return p
		}
	}
	return w.FillRight(text, cols)
}

// padTable holds every rune of the blocks boards draw with (ASCII, Latin-1,
// and U+2000 to U+25FF: punctuation, arrows, box drawing, geometric shapes)
// followed by one blank, so that padding a board's glyph to two columns
// allocates nothing: a 100 x 100 board pads 10,000 glyphs per frame. It is
// built once and never changes.
var padTable = func() string {
	var b strings.Builder
	for _, blk := range padBlocks {
		for r := blk.from; r < blk.to; r++ {
			b.WriteRune(r)
			b.WriteByte(' ')
		}
	}
	return b.String()
}()

// padBlocks are the runs of runes in padTable, each rune taking size bytes
// with its blank, the runs one after the other.
var padBlocks = [...]struct {
	from, to rune
	size     int
}{{0x20, 0x7f, 2}, {0xa0, 0x100, 3}, {0x2000, 0x2600, 4}}

// padded returns r followed by one blank, from padTable.
func padded(r rune) (string, bool) {
	off := 0
	for _, blk := range padBlocks {
		if r >= blk.from && r < blk.to {
			i := off + int(r-blk.from)*blk.size
			return padTable[i : i+blk.size], true
		}
		off += int(blk.to-blk.from) * blk.size
	}
	return "", false
}

package console

import (
	"sort"
	"strings"
	"time"

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
// moves to each span's column absolutely, so a glyph that a terminal draws
// wider or narrower than expected never shifts the spans after it.
type Frame struct {
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
	// Lang is the language the screen speaks, "ko" or "en" (also for ""):
	// that of the too-small screen. console knows the words of its own
	// screen in both, and nothing of the games.
	Lang string
}

// Put places text at row and column in style st.
func (f *Frame) Put(row, col int, text string, st Style) {
	for len(f.Rows) <= row {
		f.Rows = append(f.Rows, nil)
	}
	f.Rows[row] = append(f.Rows[row], Span{Col: col, Text: text, Style: st})
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

// sortedRow returns the spans of a row ordered by column, stable for spans
// at the same column (the later one drawn last wins).
func sortedRow(spans []Span) []Span {
	out := append([]Span(nil), spans...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Col < out[j].Col })
	return out
}

// Text returns the frame as the lines a player would read in a terminal
// whose character widths are those of w: each span written at its column
// over what was there, trailing blanks removed. Styles are not shown.
func (f Frame) Text(w *runewidth.Condition) string {
	lines := make([]string, len(f.Rows))
	for i, row := range f.Rows {
		lines[i] = rowText(row, w)
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// rowText lays the spans of one row out on a grid of cells, the way a
// terminal would: a wide character takes two cells, and text written over
// half of a wide character blanks its other half.
func rowText(spans []Span, w *runewidth.Condition) string {
	type cell struct {
		r    rune
		cont bool // the right half of a wide character
	}
	var cells []cell
	set := func(col int, r rune, width int) {
		for len(cells) < col+width {
			cells = append(cells, cell{r: ' '})
		}
		// Overwriting half of a wide character erases the other half.
		if cells[col].cont && col > 0 {
			cells[col-1] = cell{r: ' '}
		}
		if end := col + width; end < len(cells) && cells[end].cont {
			cells[end] = cell{r: ' '}
		}
		cells[col] = cell{r: r}
		for k := 1; k < width; k++ {
			cells[col+k] = cell{cont: true}
		}
	}
	for _, sp := range spans {
		col := sp.Col
		for _, r := range sp.Text {
			width := w.RuneWidth(r)
			if width == 0 {
				continue
			}
			set(col, r, width)
			col += width
		}
	}
	var b strings.Builder
	for _, c := range cells {
		if !c.cont {
			b.WriteRune(c.r)
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// Width is the number of columns text takes in a terminal whose character
// widths are those of w.
func Width(w *runewidth.Condition, text string) int { return w.StringWidth(text) }

// Pad returns text padded with spaces on the right to cols columns as w
// measures it, so a glyph of either width fills the same cells.
func Pad(w *runewidth.Condition, text string, cols int) string { return w.FillRight(text, cols) }

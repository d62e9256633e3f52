package console

import (
	"strings"

	"github.com/mattn/go-runewidth"
)

// maxTranscript bounds how many lines a Transcript keeps: more than any
// terminal shows, few enough that a long session costs nothing.
const maxTranscript = 1000

// Transcript is a console in the style of the original programs: text is
// printed line after line, the newest at the bottom, the oldest scrolling
// away when the screen is full. Menus and the baseball guesser read this way.
type Transcript struct {
	lines []string // finished lines
	cur   string   // the line being written, where the cursor is
}

// Print adds text to the current line. A "\n" in text ends the line.
func (t *Transcript) Print(text string) {
	for {
		before, after, found := strings.Cut(text, "\n")
		t.cur += before
		if !found {
			return
		}
		t.lines = append(t.lines, t.cur)
		t.cur = ""
		text = after
	}
}

// Println adds each text as the end of a line.
func (t *Transcript) Println(texts ...string) {
	for _, s := range texts {
		t.Print(s + "\n")
	}
	if len(t.lines) > maxTranscript {
		t.lines = append([]string(nil), t.lines[len(t.lines)-maxTranscript:]...)
	}
}

// Clear empties the transcript, as the originals' system("cls") does.
func (t *Transcript) Clear() { t.lines, t.cur = nil, "" }

// Lines returns every line kept, the current one last.
func (t *Transcript) Lines() []string { return append(append([]string(nil), t.lines...), t.cur) }

// Frame shows the newest lines that fit in size, with extra (typed text not
// yet entered) after the current line and the cursor after that. A line
// wider than the terminal wraps onto the next row, as it would in a
// terminal printing it, instead of being cut.
func (t *Transcript) Frame(size Size, w *runewidth.Condition, extra string) Frame {
	rows := Wrap(w, size.Width, append(append([]string(nil), t.lines...), t.cur+extra)...)
	if Width(w, rows[len(rows)-1]) >= size.Width && size.Width > 0 {
		rows = append(rows, "") // a full row sends the cursor to the next one
	}
	if h := max(size.Height, 1); len(rows) > h {
		rows = rows[len(rows)-h:]
	}
	var f Frame
	last := f.Lines(0, rows...) - 1
	f.CursorAt(last, Width(w, rows[len(rows)-1]))
	return f
}

// Wrap breaks lines into rows of at most width columns, as a terminal with
// autowrap breaks what is printed: at the last character that fits, a wide
// character that would straddle the margin going whole to the next row.
// A width below 1 leaves the lines as they are.
func Wrap(w *runewidth.Condition, width int, lines ...string) []string {
	var rows []string
	for _, l := range lines {
		rows = append(rows, wrapLine(w, width, l)...)
	}
	return rows
}

func wrapLine(w *runewidth.Condition, width int, line string) []string {
	if width < 1 || Width(w, line) <= width {
		return []string{line}
	}
	var rows []string
	var b strings.Builder
	used := 0
	for _, r := range line {
		rw := w.RuneWidth(r)
		if used+rw > width && used > 0 {
			rows = append(rows, b.String())
			b.Reset()
			used = 0
		}
		b.WriteRune(r)
		used += rw
	}
	return append(rows, b.String())
}

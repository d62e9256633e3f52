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
// yet entered) after the current line and the cursor after that. A
// finished line wider than the terminal wraps between words, as a console
// wraps it, so that a long message (a file error) shows whole.
func (t *Transcript) Frame(size Size, w *runewidth.Condition, extra string) Frame {
	var all []string
	for _, l := range t.lines {
		all = append(all, Wrap(w, l, size.Width)...)
	}
	all = append(all, t.cur+extra)
	if h := max(size.Height, 1); len(all) > h {
		all = all[len(all)-h:]
	}
	var f Frame
	last := f.Lines(0, all...) - 1
	f.CursorAt(last, Width(w, all[len(all)-1]))
	return f
}

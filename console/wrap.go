package console

import (
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Wrap breaks text into lines of at most width columns as w measures them,
// between words where it can, so that a long message (a file error, say)
// shows whole instead of cut at the terminal's edge with its reason lost.
// A word wider than a line is cut where the line ends. Spaces at a break
// are dropped; leading spaces (an indent) are kept on the first line.
func Wrap(w *runewidth.Condition, text string, width int) []string {
	if width < 1 || Width(w, text) <= width {
		return []string{text}
	}
	var lines []string
	line := ""
	indent := text[:len(text)-len(strings.TrimLeft(text, " "))]
	for i, word := range strings.Fields(text) {
		if i == 0 {
			word = indent + word
		}
		switch {
		case line == "":
			line = word
		case Width(w, line)+1+Width(w, word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
		for Width(w, line) > width { // a word wider than a line
			head := w.Truncate(line, width, "")
			if head == "" { // a character wider than the whole line
				_, size := utf8.DecodeRuneInString(line)
				head = line[:size]
			}
			lines = append(lines, head)
			line = line[len(head):]
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

package console

import (
	"fmt"
	"strconv"
	"strings"
)

// The control sequences the console writes. Each is standard ECMA-48 or a
// widely supported xterm extension; terminals that do not know 2026
// (synchronized output) ignore it.
const (
	seqSyncBegin   = "\x1b[?2026h"
	seqSyncEnd     = "\x1b[?2026l"
	seqAltScreen   = "\x1b[?1049h"
	seqMainScreen  = "\x1b[?1049l"
	seqHideCursor  = "\x1b[?25l"
	seqShowCursor  = "\x1b[?25h"
	seqNoWrap      = "\x1b[?7l" // long lines are cut, never wrapped onto the next row
	seqWrap        = "\x1b[?7h"
	seqMouseOn     = "\x1b[?1000h\x1b[?1006h" // button presses, reported as SGR
	seqMouseOff    = "\x1b[?1006l\x1b[?1000l"
	seqClearScreen = "\x1b[H\x1b[2J"
	seqClearLine   = "\x1b[2K"
	seqClearBelow  = "\x1b[J"
	seqReset       = "\x1b[m"
)

// renderer turns frames into the bytes that bring the terminal from the
// previous frame to this one: only changed rows are rewritten, each cleared
// first and then written span by span at absolute columns.
type renderer struct {
	noColor bool
	rows    []string // what each row was drawn with, as bytes
	mouse   bool
	fresh   bool // the screen is unknown (start, resize): clear it whole
}

// invalidate makes the next render clear the screen and redraw every row.
func (r *renderer) invalidate() { r.fresh = true }

// forget is invalidate after the terminal was left and entered again (a
// suspend): mouse reports were turned off too, and must be asked again.
func (r *renderer) forget() {
	r.fresh = true
	r.mouse = false
}

// render returns the bytes for frame f on a terminal of the given size.
func (r *renderer) render(f Frame, size Size) []byte {
	if f.Need.Width > size.Width || f.Need.Height > size.Height {
		f = tooSmall(f.Need, size)
	}
	var b strings.Builder
	b.WriteString(seqSyncBegin)
	b.WriteString(seqHideCursor)
	if r.fresh {
		b.WriteString(seqReset + seqClearScreen)
		r.rows = nil
		r.fresh = false
	}
	if f.Mouse != r.mouse {
		if f.Mouse {
			b.WriteString(seqMouseOn)
		} else {
			b.WriteString(seqMouseOff)
		}
		r.mouse = f.Mouse
	}
	n := min(len(f.Rows), size.Height)
	rows := make([]string, n)
	for i := range n {
		rows[i] = r.encodeRow(f.Rows[i])
		if i < len(r.rows) && r.rows[i] == rows[i] {
			continue
		}
		fmt.Fprintf(&b, "\x1b[%d;1H%s%s", i+1, seqClearLine, rows[i])
	}
	if len(r.rows) > n {
		fmt.Fprintf(&b, "\x1b[%d;1H%s", n+1, seqClearBelow)
	}
	r.rows = rows
	if c := f.Cursor; c != nil && c.Row < size.Height {
		fmt.Fprintf(&b, "\x1b[%d;%dH%s", c.Row+1, min(c.Col, size.Width-1)+1, seqShowCursor)
	}
	b.WriteString(seqSyncEnd)
	return []byte(b.String())
}

// encodeRow writes a row's spans, each at its own column.
func (r *renderer) encodeRow(spans []Span) string {
	var b strings.Builder
	for _, sp := range sortedRow(spans) {
		if sp.Text == "" {
			continue
		}
		b.WriteString("\x1b[")
		b.WriteString(strconv.Itoa(sp.Col + 1))
		b.WriteByte('G')
		sgr := r.sgr(sp.Style)
		b.WriteString(sgr)
		b.WriteString(sanitize(sp.Text))
		if sgr != "" {
			b.WriteString(seqReset)
		}
	}
	return b.String()
}

// sanitize drops control characters from text so that nothing a screen puts
// in a span can move the cursor or change the terminal's state.
func sanitize(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return -1
		}
		return r
	}, s)
}

func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r < 0xa0) }

// sgr returns the Select Graphic Rendition sequence for a style, or "" for
// the plain style.
func (r *renderer) sgr(st Style) string {
	var codes []string
	if st.Bold {
		codes = append(codes, "1")
	}
	if st.Underline {
		codes = append(codes, "4")
	}
	if st.Reverse {
		codes = append(codes, "7")
	}
	if !r.noColor {
		if c := colorCode(st.FG, 30, 90); c != "" {
			codes = append(codes, c)
		}
		if c := colorCode(st.BG, 40, 100); c != "" {
			codes = append(codes, c)
		}
	}
	if len(codes) == 0 {
		return ""
	}
	return "\x1b[" + strings.Join(codes, ";") + "m"
}

// colorCode returns the SGR number of c: base+0..7 for the normal colours,
// bright+0..7 for the bright ones.
func colorCode(c Color, base, bright int) string {
	switch {
	case c == Default:
		return ""
	case c <= White:
		return strconv.Itoa(base + int(c-Black))
	default:
		return strconv.Itoa(bright + int(c-BrightBlack))
	}
}

// tooSmall is the frame shown instead of one that does not fit: what size
// is needed, and what the terminal has. The screen still gets every key, so
// Esc and q keep working, and its own frame returns once the terminal grows.
func tooSmall(need, size Size) Frame {
	var out Frame
	out.Lines(0,
		fmt.Sprintf("terminal too small: needs %d x %d", need.Width, need.Height),
		fmt.Sprintf("now %d x %d", size.Width, size.Height),
		fmt.Sprintf("터미널이 작습니다: %d x %d 이상 필요", need.Width, need.Height),
	)
	return out
}

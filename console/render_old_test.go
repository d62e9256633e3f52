package console

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// oldRenderer is the renderer before cells: every changed row cleared and
// written again, each span at its own column with ESC [ <col> G and its
// style reset after it. It stays here as the reference the benchmarks
// compare the renderer with.
type oldRenderer struct {
	noColor bool
	rows    []string // what each row was drawn with, as bytes
	mouse   bool
	fresh   bool
}

func (r *oldRenderer) invalidate() { r.fresh = true }

func (r *oldRenderer) render(f Frame, size Size) []byte {
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
		fmt.Fprintf(&b, "\x1b[%d;1H\x1b[2K%s", i+1, rows[i])
	}
	if len(r.rows) > n {
		fmt.Fprintf(&b, "\x1b[%d;1H\x1b[J", n+1)
	}
	r.rows = rows
	if c := f.Cursor; c != nil && c.Row < size.Height {
		fmt.Fprintf(&b, "\x1b[%d;%dH%s", c.Row+1, min(c.Col, size.Width-1)+1, seqShowCursor)
	}
	b.WriteString(seqSyncEnd)
	return []byte(b.String())
}

func (r *oldRenderer) encodeRow(spans []Span) string {
	var b strings.Builder
	sorted := append([]Span(nil), spans...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Col < sorted[j].Col })
	for _, sp := range sorted {
		if sp.Text == "" {
			continue
		}
		b.WriteString("\x1b[")
		b.WriteString(strconv.Itoa(sp.Col + 1))
		b.WriteByte('G')
		sgr := r.sgr(sp.Style)
		b.WriteString(sgr)
		b.WriteString(strings.Map(func(r rune) rune {
			if r < 0x20 || (r >= 0x7f && r < 0xa0) {
				return -1
			}
			return r
		}, sp.Text))
		if sgr != "" {
			b.WriteString(seqReset)
		}
	}
	return b.String()
}

func (r *oldRenderer) sgr(st Style) string {
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
		if st.FG != Default {
			codes = append(codes, strconv.Itoa(colorCode(st.FG, 30, 90)))
		}
		if st.BG != Default {
			codes = append(codes, strconv.Itoa(colorCode(st.BG, 40, 100)))
		}
	}
	if len(codes) == 0 {
		return ""
	}
	return "\x1b[" + strings.Join(codes, ";") + "m"
}

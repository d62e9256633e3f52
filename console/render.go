package console

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
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
	seqClearEOL    = "\x1b[K"
	seqEraseChar   = "\x1b[X"
	seqReset       = "\x1b[m"
)

// syncMin is the smallest update wrapped in synchronized output (?2026),
// besides every full redraw. A smaller update is a few cells (a cursor move
// is 20 to 40 bytes, a clock tick 10 to 30): it reaches the terminal in one
// read, and even drawn half-way for one refresh it shows nothing a player
// could call flicker, so the 16 bytes of ?2026 would only make it half as
// long again. From a few rows on, a half-drawn update is visible.
const syncMin = 256

// eraseMin is how many changed blank cells at the end of a row make erasing
// to the end of the row (ESC [ K, 3 bytes plus perhaps a style reset)
// cheaper than writing the blanks.
const eraseMin = 4

// What the renderer knows of where the terminal's cursor is.
const (
	atNowhere = iota // nothing: the next move is absolute
	atRow            // its row, not its column (after an ambiguous glyph)
	atCell           // its row and column
)

// renderer turns frames into the bytes that bring the terminal from the
// last frame it drew to the next one. It keeps that frame's spans, row by
// row, and lays out as cells (glyph, width, style) only a row whose spans
// changed, as it was and as it is now, to write only the cells that
// differ, each reached by the cheapest move: absolute (CUP, CHA, CR),
// relative (CUF, CUB, BS, CUU, CUD) or by writing again the unchanged cells
// in between when that is shorter.
// The style changes only where it changes, by the shorter of resetting or
// changing the attributes that differ. A frame that changes nothing writes
// nothing.
//
// Ambiguous glyphs (□ ○ ● ■ · × and the like) are drawn one column wide by
// some terminals and two by others, and the width measure can be wrong
// about the terminal. Unless the terminal confirmed the measure (trusted),
// the renderer keeps every cell at its own column whatever width the
// terminal draws them at:
//   - after writing an ambiguous glyph it forgets the cursor's column, so
//     the next cell is reached by an absolute move, never by trusting where
//     the terminal's cursor went;
//   - the cell right of an ambiguous glyph (its padding on a board, or the
//     right half of one measured wide) is its shadow: a terminal that draws
//     the glyph wide covers it. The shadow is written before the glyph, so
//     the glyph covers it there and it shows where the glyph is narrow; a
//     changed shadow redraws its glyph, and a glyph that stops being
//     ambiguous redraws its shadow, which a wide one covered.
//
// Once trusted, cursor tracking is exact and a board row is written as
// plain text, about the bytes a player reads.
type renderer struct {
	noColor bool
	// width measures glyphs: the screens' Condition (nil: narrow).
	width *runewidth.Condition
	// trusted says the terminal draws ambiguous glyphs at the width that
	// width gives them (it answered the width probe so).
	trusted bool

	known bool // spans is what the terminal shows; false: redraw all
	size  Size
	// spans is the last frame drawn, row by row: the renderer's own
	// copies of its spans. Cells for the whole screen are not kept: an
	// idle player's session would hold 12 bytes a cell (36 KB at 100 x 30)
	// for what a few hundred bytes of spans say.
	spans [][]Span

	// The row being drawn, drow, as cells: as the terminal shows it (old),
	// as the new frame has it (line), and which of them must be written
	// (dirty). Every cursor move is on that row.
	drow  int
	old   []cell
	line  []cell
	dirty []bool

	// The terminal's state as the bytes written so far leave it.
	modes    bool // shown and mouse are known
	shown    bool // the cursor is visible
	mouse    bool // mouse reports are on
	sgr      Style
	at       int // atNowhere, atRow or atCell
	row, col int

	out []byte
}

// invalidate makes the next render clear the screen and draw every cell:
// after a resize, on resume, on an explicit redraw, or when something else
// may have written to the terminal.
func (r *renderer) invalidate() { r.known = false }

// render returns the bytes for frame f on a terminal of the given size:
// none when the terminal already shows it.
func (r *renderer) render(f Frame, size Size) []byte {
	if f.Need.Width > size.Width || f.Need.Height > size.Height {
		f = TooSmall(f.Need, size, f.Lang)
	}
	if r.width == nil {
		r.width = NewCondition(Narrow)
	}
	size.Width, size.Height = max(size.Width, 0), max(size.Height, 0)
	W, H := size.Width, size.Height
	r.out = r.out[:0]
	full := !r.known || size != r.size
	if full {
		r.out = append(r.out, seqReset+seqClearScreen...)
		r.spans = make([][]Span, H) // every row blank
		r.size, r.known, r.modes = size, true, false
		r.sgr, r.at, r.row, r.col = Plain, atCell, 0, 0
	}
	if !r.modes || f.Mouse != r.mouse {
		if f.Mouse {
			r.out = append(r.out, seqMouseOn...)
		} else {
			r.out = append(r.out, seqMouseOff...)
		}
		r.mouse = f.Mouse
	}
	show := f.Cursor != nil && f.Cursor.Row >= 0 && f.Cursor.Row < H && W > 0
	if !show && (!r.modes || r.shown) {
		r.out = append(r.out, seqHideCursor...)
		r.shown = false
	}
	for y := range H {
		var spans []Span
		if y < len(f.Rows) {
			spans = f.Rows[y]
		}
		// A row of the same spans is the same row: most rows of a frame
		// are, and this spares laying them out. The spans are compared
		// with a copy of the last ones, so a screen that changes a row it
		// handed over is still drawn as it is now.
		if slices.Equal(spans, r.spans[y]) {
			continue
		}
		r.lay(y, spans)
		r.drawRow()
		r.spans[y] = slices.Clone(spans)
	}
	if show {
		y := f.Cursor.Row
		r.lay(y, r.spans[y]) // drawn: nothing of it to write
		r.moveTo(y, min(max(f.Cursor.Col, 0), W-1))
		if !r.modes || !r.shown {
			r.out = append(r.out, seqShowCursor...)
			r.shown = true
		}
	}
	r.modes = true
	if len(r.out) == 0 {
		return nil
	}
	if !full && len(r.out) < syncMin {
		return append([]byte(nil), r.out...)
	}
	b := make([]byte, 0, len(seqSyncBegin)+len(r.out)+len(seqSyncEnd))
	b = append(b, seqSyncBegin...)
	b = append(b, r.out...)
	return append(b, seqSyncEnd...)
}

// lay makes y the row being drawn, from the terminal showing the spans
// drawn there last to it showing spans, and marks the cells that differ.
func (r *renderer) lay(y int, spans []Span) {
	r.drow = y
	r.old = r.layOut(r.old, r.spans[y])
	r.line = r.layOut(r.line, spans)
	if len(r.dirty) != len(r.line) {
		r.dirty = make([]bool, len(r.line))
	}
	for x := range r.line {
		r.dirty[x] = r.old[x] != r.line[x]
	}
}

// layOut returns cells, resized to a row of the terminal, with spans laid
// out on them.
func (r *renderer) layOut(cells []cell, spans []Span) []cell {
	n := r.size.Width
	if cap(cells) < n {
		cells = make([]cell, n)
	}
	cells = cells[:n]
	for i := range cells {
		cells[i] = blank
	}
	paint(cells, spans, r.width, r.noColor)
	return cells
}

// ambiguous reports whether terminals disagree on r's width (East Asian
// ambiguous width: one column in most, two in a CJK setting).
func ambiguous(r rune) bool { return r >= 0x80 && runewidth.IsAmbiguousWidth(r) }

// ambiguousNarrow reports whether c is an ambiguous glyph measured one
// column wide: its right neighbour is its shadow.
func ambiguousNarrow(c cell) bool { return c.w == 1 && ambiguous(c.r) }

// drawRow writes the cells of the row being drawn that differ from the
// last frame.
func (r *renderer) drawRow() {
	W, y := r.size.Width, r.drow
	old, nw, d := r.old, r.line, r.dirty
	if !slices.Contains(d, true) {
		return
	}
	r.spread(old, nw)
	// Blanks at the end of the row: one erase instead of many spaces. It
	// goes first, so that it can never erase a glyph written after it.
	tail := W
	for tail > 0 && nw[tail-1] == blank {
		tail--
	}
	first, count := -1, 0
	for x := tail; x < W; x++ {
		if d[x] {
			count++
			if first < 0 {
				first = x
			}
		}
	}
	if count >= eraseMin {
		r.moveTo(y, first)
		r.setStyle(Plain) // an erase paints the current background
		r.out = append(r.out, seqClearEOL...)
		for x := first; x < W; x++ {
			d[x] = false
		}
	}
	for x := 0; x < W; {
		c := nw[x]
		if !d[x] || c.w == 0 {
			x++
			continue
		}
		if r.trusted || !ambiguous(c.r) {
			r.put(y, x, c)
			x += int(c.w)
			continue
		}
		if c.w == 2 {
			// Measured wide: blank the right half first, for a terminal
			// that draws the glyph narrow, unless it shows that blank
			// already (a cleared screen, or such a glyph in this style).
			shown := old[x+1] == blank && c.st == Plain ||
				old[x].w == 2 && ambiguous(old[x].r) && old[x].st == c.st
			if !shown {
				r.put(y, x+1, cell{r: ' ', w: 1, st: c.st})
			}
			r.put(y, x, c)
			x += 2
			continue
		}
		// Measured narrow: a run of ambiguous glyphs, each the shadow of
		// the one before, is written right to left, shadows first.
		end := x
		for end+1 < W && d[end+1] && ambiguousNarrow(nw[end]) {
			end++
		}
		if end == W-1 && ambiguousNarrow(nw[end]) {
			// No shadow at the right edge, where a terminal that draws
			// the glyph wide cannot draw it at all: erase what was there.
			r.moveTo(y, end)
			r.setStyle(nw[end].st)
			r.out = append(r.out, seqEraseChar...)
		}
		for i := end; i >= x; i-- {
			r.put(y, i, nw[i])
		}
		x = end + int(nw[end].w)
	}
}

// spread marks, besides the cells that changed, the ones that must be
// written with them: the whole of a wide glyph, old or new, and (unless
// trusted) the glyph whose shadow changes and the shadow of a glyph that
// stops being ambiguous.
func (r *renderer) spread(old, nw []cell) {
	d := r.dirty
	W := len(d)
	for again := true; again; {
		again = false
		mark := func(i int) {
			if i >= 0 && i < W && !d[i] {
				d[i] = true
				again = true
			}
		}
		for x := range W {
			if !d[x] {
				continue
			}
			if nw[x].w == 0 || old[x].w == 0 {
				mark(x - 1)
			}
			if nw[x].w == 2 || old[x].w == 2 {
				mark(x + 1)
			}
			if r.trusted {
				continue
			}
			if x > 0 && ambiguousNarrow(nw[x-1]) {
				mark(x - 1)
			}
			if ambiguousNarrow(old[x]) && !ambiguousNarrow(nw[x]) {
				mark(x + 1)
			}
		}
	}
}

// put writes cell c at row y, column x.
func (r *renderer) put(y, x int, c cell) {
	r.moveTo(y, x)
	r.setStyle(c.st)
	r.out = utf8.AppendRune(r.out, c.r)
	switch {
	case !r.trusted && ambiguous(c.r):
		r.at = atRow // one column further or two: the terminal decides
	case x+int(c.w) >= r.size.Width:
		r.at = atRow // at the right margin terminals differ
	default:
		r.col = x + int(c.w)
	}
}

// How the cursor gets somewhere.
const (
	mvNone    = iota
	mvCUP     // ESC [ row ; col H
	mvCR      // CR: column 1
	mvCHA     // ESC [ col G
	mvCUF     // ESC [ n C
	mvCUB     // ESC [ n D
	mvBS      // n backspaces
	mvThrough // write the unchanged cells on the way again
	mvStay    // the column is right already
)

// moveTo puts the cursor at row y, column x by the shortest sequence.
func (r *renderer) moveTo(y, x int) {
	if r.at == atCell && r.row == y && r.col == x {
		return
	}
	cost := 4 + digits(y+1) + digits(x+1) // CUP
	if x == 0 {
		cost = 3 + digits(y+1)
	}
	vert, horiz := 0, mvCUP
	if r.at != atNowhere {
		dy := y - r.row
		vc := 0
		if dy != 0 {
			vc = 2 + countLen(abs(dy)) + 1
		}
		if vc < cost {
			if h, _ := r.horizontal(y, x, cost-vc, dy == 0); h != mvNone {
				vert, horiz = dy, h
			}
		}
	}
	if horiz == mvCUP {
		r.out = append(r.out, "\x1b["...)
		r.out = strconv.AppendInt(r.out, int64(y+1), 10)
		if x > 0 {
			r.out = append(r.out, ';')
			r.out = strconv.AppendInt(r.out, int64(x+1), 10)
		}
		r.out = append(r.out, 'H')
		r.row, r.col, r.at = y, x, atCell
		return
	}
	switch {
	case vert > 0:
		r.out = appendCSI(r.out, vert, 'B')
	case vert < 0:
		r.out = appendCSI(r.out, -vert, 'A')
	}
	switch horiz {
	case mvCR:
		r.out = append(r.out, '\r')
	case mvCHA:
		r.out = append(r.out, "\x1b["...)
		r.out = strconv.AppendInt(r.out, int64(x+1), 10)
		r.out = append(r.out, 'G')
	case mvCUF:
		r.out = appendCSI(r.out, x-r.col, 'C')
	case mvCUB:
		r.out = appendCSI(r.out, r.col-x, 'D')
	case mvBS:
		for range r.col - x {
			r.out = append(r.out, '\b')
		}
	case mvThrough:
		for _, c := range r.line[r.col:x] {
			if c.w != 0 {
				r.out = utf8.AppendRune(r.out, c.r)
			}
		}
	}
	r.row, r.col, r.at = y, x, atCell
}

// horizontal finds the cheapest way to column x on the cursor's row (after
// any vertical move) that costs less than limit: mvNone if there is none.
// sameRow allows writing through the cells on the way.
func (r *renderer) horizontal(y, x, limit int, sameRow bool) (how, cost int) {
	how, cost = mvNone, limit
	try := func(h, c int) {
		if c < cost {
			how, cost = h, c
		}
	}
	if x == 0 {
		try(mvCR, 1)
	}
	try(mvCHA, 3+digits(x+1))
	if r.at != atCell {
		return how, cost
	}
	switch dx := x - r.col; {
	case dx == 0:
		try(mvStay, 0) // the vertical move alone
	case dx > 0:
		try(mvCUF, 2+countLen(dx)+1)
		if sameRow {
			if n := r.through(y, x, cost); n >= 0 {
				try(mvThrough, n)
			}
		}
	default:
		try(mvCUB, 2+countLen(-dx)+1)
		try(mvBS, -dx)
	}
	return how, cost
}

// through returns the bytes of writing again the cells from the cursor to
// column x of row y, the row being drawn, when they are unchanged, in the
// current style and (unless trusted) free of ambiguous glyphs; -1 when
// they are not, or when that costs limit or more.
func (r *renderer) through(y, x, limit int) int {
	nw, old := r.line, r.old
	if r.row != y || y != r.drow || nw[r.col].w == 0 {
		return -1
	}
	if !r.trusted && r.col > 0 && ambiguousNarrow(nw[r.col-1]) {
		return -1 // the cursor's cell may be that glyph's right half
	}
	n := 0
	for i := r.col; i < x; i++ {
		c := nw[i]
		if r.dirty[i] || c != old[i] || c.st != r.sgr {
			return -1
		}
		if c.w == 0 {
			continue
		}
		if !r.trusted && ambiguous(c.r) {
			return -1
		}
		if n += utf8.RuneLen(c.r); n >= limit {
			return -1
		}
	}
	return n
}

// appendCSI appends ESC [ n final, leaving out n when it is 1.
func appendCSI(b []byte, n int, final byte) []byte {
	b = append(b, "\x1b["...)
	if n != 1 {
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, final)
}

// countLen is the length of n as a parameter of appendCSI.
func countLen(n int) int {
	if n == 1 {
		return 0
	}
	return digits(n)
}

func digits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// setStyle changes the terminal's style to st, by the shorter of a reset
// followed by st's attributes and a change of only the attributes that
// differ.
func (r *renderer) setStyle(st Style) {
	if st == r.sgr {
		return
	}
	var a, b [32]byte
	reset := appendSGR(a[:0], Plain, st, true)
	change := appendSGR(b[:0], r.sgr, st, false)
	if len(change) < len(reset) {
		reset = change
	}
	r.out = append(r.out, reset...)
	r.sgr = st
}

// appendSGR appends the SGR sequence from style from to style to: with
// reset, ESC [ 0 ; ... m (ESC [ m for the plain style); without, only the
// attributes that differ.
func appendSGR(b []byte, from, to Style, reset bool) []byte {
	b = append(b, "\x1b["...)
	start := len(b)
	code := func(n int) {
		if len(b) > start {
			b = append(b, ';')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	if reset {
		from = Plain
		if to != Plain {
			code(0)
		}
	}
	flag := func(was, is bool, on, off int) {
		switch {
		case is && !was:
			code(on)
		case was && !is:
			code(off)
		}
	}
	flag(from.Bold, to.Bold, 1, 22)
	flag(from.Underline, to.Underline, 4, 24)
	flag(from.Reverse, to.Reverse, 7, 27)
	if from.FG != to.FG {
		code(colorCode(to.FG, 30, 90))
	}
	if from.BG != to.BG {
		code(colorCode(to.BG, 40, 100))
	}
	return append(b, 'm')
}

// colorCode returns the SGR number of c: base+0..7 for the normal colours,
// bright+0..7 for the bright ones, base+9 for the terminal's default.
func colorCode(c Color, base, bright int) int {
	switch {
	case c == Default:
		return base + 9
	case c <= White:
		return base + int(c-Black)
	default:
		return bright + int(c-BrightBlack)
	}
}

package minesweeper

import (
	"fmt"
	"strings"
	"time"

	"termgames/console"
)

// The board screen's layout: the status line on row 0, the board from row
// boardTop with each cell two columns wide from column boardLeft, then a
// blank row, the help lines and a row for a message.
const (
	boardTop  = 2
	boardLeft = 2
	helpLines = 3
	// extraRows is every row that is not the board: status, blank, blank,
	// help, message.
	extraRows = boardTop + 1 + helpLines + 1
)

// board is a game being played: the field, the cursor and the clock.
type board struct {
	app      *app
	field    *Field
	row, col int       // the cursor
	start    time.Time // the first opening: the clock starts
	now      time.Time // the latest event's time
	took     time.Duration
	message  string // the time of a win, its rank once saved, or a problem saving it
}

// Update moves the cursor, opens, flags, and leaves for the menu.
func (b *board) Update(ev console.Event) console.Screen {
	b.app.observe(ev)
	b.now = ev.Time
	var next console.Screen = b
	switch ev.Type {
	case console.KeyEvent:
		next = b.key(ev)
	case console.MouseEvent:
		b.mouse(ev)
	}
	return b.app.with(next)
}

func (b *board) key(ev console.Event) console.Screen {
	switch {
	case ev.IsKey(console.KeyEsc), ev.IsRune('q'), ev.IsRune('Q'):
		return b.app.toMenu()
	case ev.IsRune('r'), ev.IsRune('R'):
		return b.app.play(b.field.Level())
	case ev.IsKey(console.KeyUp), ev.IsRune('k'):
		b.move(-1, 0)
	case ev.IsKey(console.KeyDown), ev.IsRune('j'):
		b.move(1, 0)
	case ev.IsKey(console.KeyLeft), ev.IsRune('h'):
		b.move(0, -1)
	case ev.IsKey(console.KeyRight), ev.IsRune('l'):
		b.move(0, 1)
	case ev.IsKey(console.KeyEnter), ev.IsRune(' '):
		b.open(b.row, b.col, ev.Time)
	case ev.IsRune('f'), ev.IsRune('F'):
		b.field.Flag(b.row, b.col, b.app.opt.Marks)
	}
	return b
}

// move steps the cursor, stopping at the edges.
func (b *board) move(dr, dc int) {
	l := b.field.Level()
	b.row = min(max(b.row+dr, 0), l.Rows-1)
	b.col = min(max(b.col+dc, 0), l.Cols-1)
}

// mouse handles a press on a cell: the left button opens (or chords on an
// open number), the right one flags, the middle one chords. The cursor
// follows the pointer, so keys go on from where the mouse was.
func (b *board) mouse(ev console.Event) {
	m := ev.Mouse
	if m.Release || m.Motion || m.Col < boardLeft {
		return
	}
	// A click on the "too small" message is not a click on the board.
	if !b.fits(ev.Size) {
		return
	}
	r, c := m.Row-boardTop, (m.Col-boardLeft)/2
	if !b.field.Inside(r, c) {
		return
	}
	switch m.Button {
	case console.MouseLeft:
		b.row, b.col = r, c
		b.open(r, c, ev.Time)
	case console.MouseRight:
		b.row, b.col = r, c
		b.field.Flag(r, c, b.app.opt.Marks)
	case console.MouseMiddle:
		b.row, b.col = r, c
		b.chord(r, c, ev.Time)
	}
}

// open opens a covered cell, or chords on an open number.
func (b *board) open(r, c int, at time.Time) {
	if b.field.IsOpen(r, c) {
		b.chord(r, c, at)
		return
	}
	started := b.field.Started()
	b.field.Open(r, c)
	if !started && b.field.Started() {
		b.start = at
	}
	b.settle(at)
}

func (b *board) chord(r, c int, at time.Time) {
	b.field.Chord(r, c)
	b.settle(at)
}

// settle stops the clock when the game has just ended, and has a win
// entered in the best times; until the file answers, the message shows the
// time alone.
func (b *board) settle(at time.Time) {
	if b.field.Status() == Playing || b.took != 0 {
		return
	}
	b.took = max(at.Sub(b.start), time.Millisecond)
	if b.field.Status() != Won {
		return
	}
	b.message = fmt.Sprintf(b.app.t.winTime, seconds(b.took))
	rec := Record{Millis: b.took.Milliseconds(), When: at.Truncate(time.Second)}
	b.app.save(b, b.field.Level().Key(), rec, at)
}

// saved tells how the win was entered in the best times.
func (b *board) saved(r saved) {
	t := b.app.t
	switch {
	case r.err != nil:
		b.message = fmt.Sprintf(t.saveFailed, r.err)
	case r.rank > 0:
		b.message = fmt.Sprintf(t.winRank, seconds(b.took), r.rank)
	default:
		b.message = fmt.Sprintf(t.winTime, seconds(b.took))
	}
	// The file may have gone bad since the menu read it; it was kept aside
	// before the new one was written, and the player hears of it here.
	if r.notice != nil {
		b.message += "   " + strings.Join(b.app.noticeLines(r.notice), " ")
	}
}

// elapsed is what the clock shows: nothing before the first opening, the
// time since it while playing, the game's time once it is over.
func (b *board) elapsed() time.Duration {
	switch {
	case b.field.Status() != Playing:
		return b.took
	case !b.field.Started():
		return 0
	}
	return max(b.now.Sub(b.start), 0)
}

// need is the smallest terminal the screen fits in.
func (b *board) need() console.Size {
	l := b.field.Level()
	return console.Size{
		Width:  max(boardLeft+2*l.Cols, b.app.textWidth(l)),
		Height: l.Rows + extraRows,
	}
}

// textWidth is the width of the lines around a board of level l: the help,
// and the status line at its widest (the most flags, so the count left is
// most negative, a long clock and the longer result), so that the need
// stays steady while the clock runs.
func (a *app) textWidth(l Level) int {
	t := a.t
	w := 0
	for _, s := range a.help() {
		w = max(w, console.Width(a.w, s))
	}
	widest := t.levelName(l) + "   " + fmt.Sprintf(t.minesLeft, l.Mines-l.Rows*l.Cols) + "   " +
		fmt.Sprintf(t.clock, 99999) + "   " + longer(t.win, t.lose)
	return max(w, console.Width(a.w, widest))
}

func (b *board) fits(size console.Size) bool {
	n := b.need()
	return size.Width >= n.Width && size.Height >= n.Height
}

// help is the help lines under the board.
func (a *app) help() []string {
	h := a.t.help
	if a.opt.Marks {
		h = append([]string{a.t.helpMarks}, h[1:]...)
	}
	return h
}

// status is the status line without the result: level, mines left, clock.
func (b *board) status() string {
	t := b.app.t
	return t.levelName(b.field.Level()) + "   " +
		fmt.Sprintf(t.minesLeft, b.field.MinesLeft()) + "   " +
		fmt.Sprintf(t.clock, int(b.elapsed()/time.Second))
}

// View draws the status line, the board, the help and the message; or, in
// a terminal too small for them, what size is needed.
func (b *board) View(size console.Size) console.Frame {
	var f console.Frame
	need := b.need()
	if !b.fits(size) {
		t := b.app.t
		f.Lines(0, t.tooSmall[0],
			fmt.Sprintf(t.tooSmall[1], need.Width, need.Height),
			fmt.Sprintf(t.tooSmall[2], size.Width, size.Height))
		f.Tick = b.tick()
		return f
	}
	f.Need = need
	f.Mouse = true
	f.Tick = b.tick()
	status := b.status()
	f.Line(0, status)
	switch b.field.Status() {
	case Won:
		f.Put(0, console.Width(b.app.w, status)+3, b.app.t.win, console.Style{Bold: true})
	case Lost:
		f.Put(0, console.Width(b.app.w, status)+3, b.app.t.lose, console.Style{Bold: true})
	}
	b.drawField(&f)
	l := b.field.Level()
	row := f.Lines(boardTop+l.Rows+1, b.app.help()...)
	if b.message != "" {
		// Wrapped, so that the reason at the end of an error shows.
		f.Lines(row, console.Wrap(b.app.w, b.message, size.Width)...)
	}
	return f
}

// drawField puts every cell at its own column, padded to two columns; the
// cursor is the cell in reverse video, its glyph unchanged.
func (b *board) drawField(f *console.Frame) {
	g := glyphsFor(b.app.opt.ASCII)
	l := b.field.Level()
	for r := range l.Rows {
		for c := range l.Cols {
			text, st := g.glyph(b.field.Look(r, c))
			if r == b.row && c == b.col && b.field.Status() == Playing {
				st.Reverse = !st.Reverse
			}
			f.Put(boardTop+r, boardLeft+2*c, console.Pad(b.app.w, text, 2), st)
		}
	}
}

// tick asks for the next event when the clock's second changes, so the
// clock ticks on whole seconds from the first opening.
func (b *board) tick() time.Duration {
	if b.field.Status() != Playing || !b.field.Started() {
		return 0
	}
	return time.Second - b.elapsed()%time.Second
}

func longer(a, b string) string {
	if len(b) > len(a) {
		return b
	}
	return a
}

// The board's glyphs. None is an emoji (an emoji's width differs from one
// terminal to the next, and some draw it in colour whatever we ask):
//
//   - covered ■ (U+25A0): a solid tile, still to be opened, the way the
//     original's raised covers read;
//   - open blank · (U+00B7): open and empty, yet visibly a cell, so a row of
//     blanks can be counted and the cursor stays findable on it;
//   - flag ► (U+25BA, black right-pointing pointer): a pennant, in red. Not
//     ▶ (U+25B6), which is an emoji in some terminals;
//   - "?" for the mark, 1-8 for the numbers: plain ASCII;
//   - mine ● (U+25CF): round, unlike the square tiles around it; the one
//     that went off is drawn in reverse video (and red);
//   - wrong flag × (U+00D7): a crossed-out flag.
//
// ■ · ► ● × are East Asian ambiguous width: one column in most terminals,
// two in a Korean Windows console. Each is padded to two columns with the
// screen's width measure and put at its own column, so the board is square
// either way. -ascii draws # . F ? * X instead.
type glyphSet struct {
	covered, blank, flag, mark, mine, wrong string
}

// glyphsFor returns the glyphs to draw with: ASCII ones for -ascii.
func glyphsFor(ascii bool) glyphSet {
	if ascii {
		return glyphSet{covered: "#", blank: ".", flag: "F", mark: "?", mine: "*", wrong: "X"}
	}
	return glyphSet{covered: "■", blank: "·", flag: "►", mark: "?", mine: "●", wrong: "×"}
}

// numberColor is the classic colour of a number 1 to 8 (1 blue, 2 green,
// 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey) in the 16 terminal
// colours.
// Black would vanish on a dark terminal, so 7 takes the terminal's own text
// colour (black on the classic light background), in bold.
func numberColor(n int) console.Style {
	colors := [9]console.Color{
		1: console.BrightBlue, 2: console.Green, 3: console.BrightRed, 4: console.Blue,
		5: console.Red, 6: console.Cyan, 7: console.Default, 8: console.BrightBlack,
	}
	return console.Style{FG: colors[n], Bold: n == 7}
}

// glyph returns how a cell with look l is drawn. Every look differs by its
// glyph alone, so the board reads the same without colour (NO_COLOR).
func (g glyphSet) glyph(l Look) (string, console.Style) {
	if n, ok := l.Number(); ok {
		if n == 0 {
			return g.blank, console.Style{FG: console.BrightBlack}
		}
		return string(rune('0' + n)), numberColor(n)
	}
	switch l {
	case Flagged:
		return g.flag, console.Style{FG: console.BrightRed, Bold: true}
	case Marked:
		return g.mark, console.Style{Bold: true}
	case Mine:
		return g.mine, console.Style{Bold: true}
	case Exploded:
		// Reverse with a red foreground: a red tile, or reverse video alone
		// under NO_COLOR.
		return g.mine, console.Style{FG: console.Red, Bold: true, Reverse: true}
	case WrongFlag:
		return g.wrong, console.Style{FG: console.BrightRed, Bold: true}
	}
	return g.covered, console.Plain
}

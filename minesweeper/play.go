package minesweeper

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"termgames/console"
	"termgames/minesweeper/solver"
)

// The board screen's layout: the status line on row 0, the board from row
// boardTop with each cell two columns wide from column boardLeft, then a
// blank row, the help lines and a row for a message. Once the game is over
// the help gives way to the game's figures and the keys that still do
// something.
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
	drawn    fieldRows
	noGuess  bool // the board is made at the first opening to need no guess
	gen      *generation
	hint     string // the last hint, in the status line until the field changes
	usedHint bool   // a hint was used: a win is not a best time
	moves    int    // changes to the field, so that a late hint is dropped
	unplayed bool   // the first opening won the game
	retry    bool   // the same board again: kept out of the best times and statistics
	clicks   []Click
	first    time.Time // the first click: Click.At counts from it
	figures  Figures   // the game's, once it is over
	needs    struct {
		ok, wide bool         // worked out, and for which width measure
		size     console.Size // need's answer
	}
	top   topLine          // the status line, built in Update
	ended [][]console.Span // the rows in the help's place, built when the game ends
}

// topLine is the status line as last built, and what it shows: it is
// built again when one of those changes (the count, the clock's second,
// the result, a hint), not on every cursor move. Its spans are handed to
// frame after frame, never changed.
type topLine struct {
	spans []console.Span
	shows topShows
}

type topShows struct {
	ok          bool
	mines, secs int
	status      Status
	hint        string
	noGuess     bool
	retry       bool
	wide        bool // the width measure the result was placed with
}

// generation is a no-guess board being made off the UI goroutine, for a
// first opening at row, col. The command counts its tries in tries, which
// the screen reads to show progress; cancel stops it when the player
// leaves the board.
type generation struct {
	row, col int
	began    time.Time
	tries    atomic.Int64
	cancel   context.CancelFunc
}

// generated is what making a no-guess board gives back.
type generated struct {
	board *board
	gen   *generation
	mines []bool
	err   error
}

// hinted is the solver's answer to a hint.
type hinted struct {
	board *board
	moves int
	step  solver.Step
	err   error
}

// progressAfter is how long a no-guess board may take before the screen
// says that it is being made.
const progressAfter = 200 * time.Millisecond

// Update moves the cursor, opens, flags, and leaves for the menu, the
// same board again or the game watched again; then it builds what View
// draws.
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
	if next, ok := next.(*board); ok {
		next.prepare()
	}
	return b.app.with(next)
}

func (b *board) key(ev console.Event) console.Screen {
	switch {
	case ev.IsKey(console.KeyEsc), ev.IsRune('q'), ev.IsRune('Q'):
		b.leave(ev.Time)
		return b.app.toMenu()
	case ev.IsRune('r'), ev.IsRune('R'):
		b.leave(ev.Time)
		return b.app.play(b.field.Level())
	case ev.IsRune('a'), ev.IsRune('A'): // ㅁ in Hangul input mode arrives as a
		if mines := b.field.Mines(); mines != nil && b.gen == nil {
			b.leave(ev.Time)
			return b.app.playAgain(b, mines)
		}
	case ev.IsRune('w'), ev.IsRune('W'): // ㅈ arrives as w
		if b.field.Status() != Playing && len(b.clicks) > 0 {
			return newWatch(b, ev.Time)
		}
	case ev.IsRune('t'), ev.IsRune('T'): // ㅅ in Hangul input mode arrives as t
		if b.gen == nil {
			b.askHint()
		}
	default:
		b.keyMove(ev)
	}
	return b
}

// counts reports whether the game goes in the best times and the
// statistics: one of the original's levels, no hint, not the same board
// again, and not won by its first opening.
func (b *board) counts() bool {
	return b.field.Level().Name != "" && !b.usedHint && !b.retry && !b.unplayed
}

// leave stops the board being made, and counts a game left before its end
// as played (and not won) in the statistics.
func (b *board) leave(at time.Time) {
	b.stopGenerating()
	if b.field.Started() && b.field.Status() == Playing && b.counts() {
		b.app.save(nil, scoreKey(b.field.Level(), b.noGuess), entry{counted: true}, at)
	}
}

// note keeps a click of the game: every open, flag and chord counts,
// whether or not it changes the field.
func (b *board) note(a Action, r, c int, at time.Time) {
	if len(b.clicks) == 0 {
		b.first = at
	}
	b.clicks = append(b.clicks, Click{Action: a, Row: r, Col: c, At: max(at.Sub(b.first), 0)})
}

// keyMove moves the cursor, opens and flags; while the board is being
// made, only the cursor moves.
func (b *board) keyMove(ev console.Event) {
	if dr, dc, ok := console.Direction(ev); ok {
		b.move(dr, dc)
		return
	}
	switch a, ok := KeyAction(ev); {
	case ok && a == OpenClick:
		b.open(b.row, b.col, ev.Time)
	case ok && b.gen == nil:
		b.flag(b.row, b.col, ev.Time)
	}
}

// flag flags, marks or clears a covered cell.
func (b *board) flag(r, c int, at time.Time) {
	if b.field.Status() != Playing {
		return
	}
	b.note(FlagClick, r, c, at)
	if b.field.Flag(r, c, b.app.opt.Marks) {
		b.changed()
	}
}

// changed notes that the field changed: the hint no longer stands.
func (b *board) changed() {
	b.moves++
	b.hint = ""
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
	a, r, c, ok := MouseAction(ev, boardTop, boardLeft)
	// A click on the "too small" message is not a click on the board, and
	// the board being made takes no clicks.
	if !ok || !b.fits(ev.Size) || b.gen != nil || !b.field.Inside(r, c) {
		return
	}
	b.row, b.col = r, c
	switch a {
	case OpenClick:
		b.open(r, c, ev.Time)
	case FlagClick:
		b.flag(r, c, ev.Time)
	case ChordClick:
		b.chord(r, c, ev.Time)
	}
}

// open opens a covered cell, or chords on an open number.
func (b *board) open(r, c int, at time.Time) {
	if b.field.Status() != Playing || b.gen != nil {
		return // over, or the board is being made
	}
	if b.field.IsOpen(r, c) {
		b.chord(r, c, at)
		return
	}
	b.note(OpenClick, r, c, at)
	started := b.field.Started()
	if !started && b.noGuess && !b.retry {
		b.generate(r, c, at)
		return
	}
	if b.field.Open(r, c) {
		b.changed()
	}
	if !started && b.field.Started() {
		b.start = at
		// A field so dense that the first opening, which is always safe,
		// opens every safe cell, was won without being played.
		b.unplayed = b.field.Status() == Won
	}
	b.settle(at)
}

func (b *board) chord(r, c int, at time.Time) {
	if b.field.Status() != Playing || b.gen != nil {
		return
	}
	b.note(ChordClick, r, c, at)
	if b.field.Chord(r, c) {
		b.changed()
	}
	b.settle(at)
}

// generate starts making a no-guess board for a first opening at r, c,
// off the UI goroutine. Its random numbers come from a source of its own,
// seeded from the session's, so that -seed still replays a game.
func (b *board) generate(r, c int, at time.Time) {
	if b.field.Status() != Playing || b.field.IsOpen(r, c) || b.field.Look(r, c) == Flagged {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := &generation{row: r, col: c, began: at, cancel: cancel}
	b.gen = g
	l := b.field.Level()
	rng := rand.New(rand.NewPCG(b.app.rng.Uint64(), b.app.rng.Uint64()))
	b.app.cmds = append(b.app.cmds, func(quit context.Context) any {
		defer context.AfterFunc(quit, cancel)()
		mines, err := solver.NoGuess(ctx, l.Rows, l.Cols, l.Mines, r*l.Cols+c, rng,
			func(n int) { g.tries.Store(int64(n)) })
		return generated{board: b, gen: g, mines: mines, err: err}
	})
}

// stopGenerating cancels the board being made, when the player leaves.
func (b *board) stopGenerating() {
	if b.gen != nil {
		b.gen.cancel()
		b.gen = nil
	}
}

// generated lays the no-guess board and makes the first opening; the
// clock starts now, not when the player asked. Without a board (a field
// too dense for logic) the game goes on with a normal one, and says so.
func (b *board) generated(r generated, at time.Time) {
	if b.gen != r.gen {
		return // the player left that board
	}
	b.gen = nil
	switch {
	case errors.Is(r.err, solver.ErrNoBoard):
		b.message = b.app.t.noBoard
	case r.err != nil:
		return // stopped: the program is leaving
	default:
		if err := b.field.Lay(r.mines); err != nil {
			b.message = err.Error()
		}
	}
	if b.field.Open(r.gen.row, r.gen.col) {
		b.changed()
	}
	b.start = at
	b.noGuess = r.err == nil
	b.unplayed = b.field.Status() == Won // as in open: a first opening that wins
	b.settle(at)
}

// askHint asks the solver, off the UI goroutine, for the next move in the
// position the player sees (flags are the player's guesses: the solver
// ignores them).
func (b *board) askHint() {
	if b.field.Status() != Playing {
		return
	}
	if !b.field.Started() {
		b.hint = b.app.t.hintFirst
		return
	}
	l := b.field.Level()
	p := solver.NewPosition(l.Rows, l.Cols, l.Mines)
	b.field.Position(p)
	moves := b.moves
	b.app.cmds = append(b.app.cmds, func(context.Context) any {
		// The safest cell, as the hint says, not the game-winning choice
		// of the bench's player, which may take a riskier cell.
		pl := solver.Player{Safest: true}
		step, err := pl.Next(p)
		return hinted{board: b, moves: moves, step: step, err: err}
	})
}

// hinted shows the hint: the cursor goes to a certainly safe cell, or
// flags a certain mine, or goes to the safest cell and the status line
// gives its mine chance. An answer to a field that has changed since is
// dropped.
func (b *board) hinted(r hinted) {
	if r.moves != b.moves || r.err != nil || b.field.Status() != Playing {
		return
	}
	b.usedHint = true
	t := b.app.t
	cols := b.field.Level().Cols
	if !r.step.Guess && len(r.step.Open) > 0 {
		b.goNear(r.step.Open)
		b.hint = t.hintSafe
		return
	}
	var unflagged []int
	for _, m := range r.step.Mines {
		if b.field.Look(m/cols, m%cols) != Flagged {
			unflagged = append(unflagged, m)
		}
	}
	if len(unflagged) > 0 {
		b.goNear(unflagged)
		// The hint's flag is a flag click of the game's, so that watching
		// it again plays the same game.
		if b.field.Look(b.row, b.col) == Marked {
			b.flag(b.row, b.col, b.now) // a "?" clears first
		}
		b.flag(b.row, b.col, b.now)
		b.hint = t.hintMine
		return
	}
	if !r.step.Guess {
		return
	}
	b.goNear(r.step.Open)
	b.hint = fmt.Sprintf(t.hintProb, max(1, int(math.Round(100*r.step.Prob))))
}

// goNear moves the cursor to the cell of cells nearest to it.
func (b *board) goNear(cells []int) {
	cols := b.field.Level().Cols
	best, dist := -1, 0
	for _, i := range cells {
		d := max(abs(i/cols-b.row), abs(i%cols-b.col))
		if best < 0 || d < dist {
			best, dist = i, d
		}
	}
	if best >= 0 {
		b.row, b.col = best/cols, best%cols
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// settle stops the clock when the game has just ended, works out its
// figures, and has it entered in the statistics and a win in the best
// times; until the file answers, the message shows the time alone.
func (b *board) settle(at time.Time) {
	if b.field.Status() == Playing || b.took != 0 {
		return
	}
	b.took = max(at.Sub(b.start), time.Millisecond)
	b.figures = FiguresOf(b.field, b.took, len(b.clicks))
	b.ended = [][]console.Span{{{Text: b.app.t.figuresLine(b.figures)}}, {{Text: b.app.t.endKeys}}}
	won := b.field.Status() == Won
	t := b.app.t
	// Best times and statistics are kept for the original's three levels
	// only: a custom field's times compare with no one's, a game won by its
	// first opening was not played, and the same board again is known.
	switch {
	case won && b.unplayed:
		b.message = fmt.Sprintf(t.winUnplayed, seconds(b.took))
	case won && b.field.Level().Name == "":
		b.message = fmt.Sprintf(t.winCustom, seconds(b.took))
	case won:
		b.message = fmt.Sprintf(t.winTime, seconds(b.took))
	}
	switch {
	case b.retry:
		b.message = strings.TrimSpace(b.message + "   " + t.retryNoBest)
	case b.usedHint:
		b.message = strings.TrimSpace(b.message + "   " + t.hintNoBest)
	}
	if !b.counts() {
		return
	}
	e := entry{won: won, counted: true, rate: b.figures.Rate(),
		rec: Record{Millis: b.took.Milliseconds(), When: at.Truncate(time.Second)}}
	b.app.save(b, scoreKey(b.field.Level(), b.noGuess), e, at)
}

// saved tells how the game was entered in the best times.
func (b *board) saved(r saved) {
	t := b.app.t
	switch {
	case r.err != nil && !r.won:
		b.message = fmt.Sprintf(t.statsFailed, r.err)
	case r.err != nil:
		b.message = fmt.Sprintf(t.saveFailed, r.err)
	case !r.won:
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

// prepare builds what View draws, after every event: the smallest
// terminal the screen fits in, the status line and the field's rows.
//
// The need is worked out again only when the width measure changes (the
// terminal's answer about widths came): measuring the help and the widest
// status line on every event took as long as the rest of a cursor move.
func (b *board) prepare() {
	if wide := b.app.w.EastAsianWidth; !b.needs.ok || b.needs.wide != wide {
		l := b.field.Level()
		b.needs.size = console.Size{
			Width:  max(boardLeft+2*l.Cols, b.app.textWidth(l)),
			Height: l.Rows + extraRows,
		}
		b.needs.ok, b.needs.wide = true, wide
	}
	b.topRow()
	cursor := -1
	if b.field.Status() == Playing {
		cursor = b.col
	}
	b.drawn.update(b.field, b.row, cursor, boardLeft, b.app.opt.ASCII, b.app.w.EastAsianWidth)
}

// need is the smallest terminal the screen fits in, as prepare found it.
func (b *board) need() console.Size { return b.needs.size }

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
	// The no-guess tag and a hint are left out: on the original's levels
	// they fit in 80 columns, and where they do not the terminal cuts the
	// line (the console never wraps), rather than every custom field
	// asking for a wider terminal.
	widest := t.levelName(l) + "   " + fmt.Sprintf(t.minesLeft, l.Mines-l.Rows*l.Cols) + "   " +
		fmt.Sprintf(t.clock, 99999) + "   " + longer(t.win, t.lose)
	// The figures at their widest but for the rare game of over 999.9
	// seconds or 9,999 clicks, whose row the terminal then cuts.
	cells := l.Rows * l.Cols
	figures := t.figuresLine(Figures{Time: 999900 * time.Millisecond, Solved: cells - 1, BBBV: cells, Clicks: 9999})
	return max(w, console.Width(a.w, widest), console.Width(a.w, figures), console.Width(a.w, t.endKeys))
}

func (b *board) fits(size console.Size) bool {
	n := b.need()
	return size.Width >= n.Width && size.Height >= n.Height
}

// helpRows are the help lines under the board as a frame's rows, built
// once (New): the same spans every frame, which the renderer knows at once.
func (a *app) helpRows() [][]console.Span { return a.helpSpans }

// buildHelpRows makes the rows helpRows hands out.
func (a *app) buildHelpRows() {
	for _, l := range a.help() {
		a.helpSpans = append(a.helpSpans, []console.Span{{Text: l}})
	}
}

// help is the help lines under the board.
func (a *app) help() []string {
	h := a.t.help
	if a.opt.Marks {
		h = append([]string{a.t.helpMarks}, h[1:]...)
	}
	return h
}

// status is the status line without the result: level, mines left, clock,
// as shows has them.
func (b *board) status(shows topShows) string {
	t := b.app.t
	name := t.levelName(b.field.Level())
	if shows.noGuess {
		name += t.noGuessTag
	}
	if shows.retry {
		name += t.retryTag
	}
	return name + "   " + fmt.Sprintf(t.minesLeft, shows.mines) + "   " + fmt.Sprintf(t.clock, shows.secs)
}

// topRow builds the status line: level, mines left, clock, and the result
// or the last hint after it, in bold.
func (b *board) topRow() {
	shows := topShows{ok: true, mines: b.field.MinesLeft(), secs: int(b.elapsed() / time.Second),
		status: b.field.Status(), hint: b.hint, noGuess: b.noGuess, retry: b.retry, wide: b.app.w.EastAsianWidth}
	if b.top.shows == shows {
		return
	}
	status := b.status(shows)
	spans := []console.Span{{Text: status}}
	after := shows.hint
	switch shows.status {
	case Won:
		after = b.app.t.win
	case Lost:
		after = b.app.t.lose
	}
	if after != "" {
		spans = append(spans, console.Span{Col: console.Width(b.app.w, status) + 3, Text: after, Style: console.Style{Bold: true}})
	}
	b.top = topLine{spans: spans, shows: shows}
}

// View draws the status line, the board, the help (or the figures of a
// game that ended) and the message; or, in a terminal too small for them,
// what size is needed.
func (b *board) View(size console.Size) console.Frame {
	var f console.Frame
	need := b.need()
	if !b.fits(size) {
		f = console.TooSmall(need, size, b.app.tag())
		f.Tick = b.tick()
		return f
	}
	f.Label(b.app.tag(), need)
	f.Rows = make([][]console.Span, 0, need.Height) // not grown a row at a time
	f.Mouse = true
	f.Tick = b.tick()
	f.SetRow(0, b.top.spans)
	b.drawn.draw(&f)
	l := b.field.Level()
	row := boardTop + l.Rows + 1
	help := b.app.helpRows()
	if b.ended != nil {
		help = b.ended
	}
	for _, spans := range help {
		f.SetRow(row, spans)
		row++
	}
	row = boardTop + l.Rows + 1 + helpLines
	switch g := b.gen; {
	case g != nil && b.now.Sub(g.began) >= progressAfter:
		f.Line(row, fmt.Sprintf(b.app.t.generating, g.tries.Load()+1))
	case b.message != "":
		// Wrapped, so that the reason at the end of an error shows.
		f.Lines(row, console.Wrap(b.app.w, b.message, size.Width)...)
	}
	return f
}

// update builds the rows of field, with the cursor on cell row, col (col
// -1: no cursor); each cell's glyph is at its own column, two apart from
// column left, and the cursor is the cell in reverse video, its glyph
// unchanged. Only the glyph's own cells carry its style: a highlight
// covers the glyph, not the spacing after it, whether the terminal draws
// it one column wide or two.
//
// Each row's spans are kept with the looks they were built from and built
// again only when those or the cursor change: a cursor move on a 100 x 100
// field builds two rows, not 10,000 cells. The cells are looked at only
// when the field changed since the last update (Field.Changes), so that a
// cursor move does not read the whole field either.
func (d *fieldRows) update(field *Field, row, col, left int, ascii, wide bool) {
	g := glyphsFor(ascii)
	l := field.Level()
	d.fit(l, ascii, wide, left)
	scan := d.field != field || d.changes != field.Changes()
	d.field, d.changes = field, field.Changes()
	for r := range l.Rows {
		cursor := -1
		if r == row {
			cursor = col
		}
		looks, same := d.looks[r], d.rows[r] != nil && d.cursor[r] == cursor
		for c := 0; scan && c < l.Cols; c++ {
			if look := field.Look(r, c); look != looks[c] {
				looks[c], same = look, false
			}
		}
		if !same {
			spans := make([]console.Span, l.Cols)
			for c, look := range looks {
				text, st := g.glyph(look)
				if c == cursor {
					st.Reverse = !st.Reverse
				}
				spans[c] = console.Span{Col: d.left + 2*c, Text: text, Style: st}
			}
			d.rows[r], d.cursor[r] = spans, cursor
		}
	}
}

// Drawing draws a field as the board screen does, for another screen
// (the server's race) to show a field the same way: each cell's glyph
// padded to two columns at its own column, the cursor's cell in reverse
// video, a row built again only when its cells or the cursor change. The
// zero Drawing draws from the frame's top left corner.
type Drawing struct {
	// Top and Left are the frame's row and column of the field's first
	// cell.
	Top, Left int
	// ASCII draws with ASCII glyphs (-ascii).
	ASCII bool
	rows  fieldRows
}

// Update builds the rows of field as it stands, with the cursor on row,
// col (col -1: none); wide is the width measure's EastAsianWidth.
func (d *Drawing) Update(field *Field, row, col int, wide bool) {
	d.rows.update(field, row, col, d.Left, d.ASCII, wide)
}

// Draw puts the rows built last in f, after what f's rows hold already,
// so that two fields can stand side by side.
func (d *Drawing) Draw(f *console.Frame) {
	for r, spans := range d.rows.rows {
		row := d.Top + r
		for len(f.Rows) <= row {
			f.Rows = append(f.Rows, nil)
		}
		// An empty row takes the spans as they are, shared as SetRow shares
		// them (with no room to grow); a row that holds another drawing's
		// spans is copied by append before this one's go after them.
		if have := f.Rows[row]; len(have) > 0 {
			f.Rows[row] = append(have[:len(have):len(have)], spans...)
		} else {
			f.Rows[row] = spans[:len(spans):len(spans)]
		}
	}
}

// KeyAction reads a key as the board screen does: Enter and Space open
// (a chord, on an open number), f flags.
func KeyAction(ev console.Event) (Action, bool) {
	switch {
	case ev.IsKey(console.KeyEnter), ev.IsRune(' '):
		return OpenClick, true
	case ev.IsRune('f'), ev.IsRune('F'):
		return FlagClick, true
	}
	return 0, false
}

// MouseAction reads a mouse press on a field drawn with its first cell at
// top, left as the board screen does: the left button opens (a chord, on
// an open number), the right one flags, the middle one chords. ok is
// false for anything else; the cell may lie outside the field.
func MouseAction(ev console.Event, top, left int) (a Action, row, col int, ok bool) {
	m := ev.Mouse
	if ev.Type != console.MouseEvent || m.Release || m.Motion || m.Col < left {
		return 0, 0, 0, false
	}
	row, col = m.Row-top, (m.Col-left)/2
	switch m.Button {
	case console.MouseLeft:
		return OpenClick, row, col, true
	case console.MouseRight:
		return FlagClick, row, col, true
	case console.MouseMiddle:
		return ChordClick, row, col, true
	}
	return 0, 0, 0, false
}

// draw puts the rows in the frame, from row boardTop.
func (d *fieldRows) draw(f *console.Frame) {
	for r, spans := range d.rows {
		f.SetRow(boardTop+r, spans)
	}
}

// fieldRows are the field's rows as last drawn: each row's spans, with the
// looks and the cursor column (-1: not in the row) they show. Rows handed to
// a frame are never changed; a row that changes is built anew.
type fieldRows struct {
	rows    [][]console.Span
	looks   [][]Look
	cursor  []int
	level   Level
	ascii   bool
	wide    bool   // the width measure the glyphs were padded with
	left    int    // the column of the first cell: boardLeft on the board screen
	field   *Field // the field looks were taken from, at its count of
	changes int    // changes (Field.Changes)
}

// fit forgets every row unless they were built for this field and these
// glyphs and widths.
func (d *fieldRows) fit(l Level, ascii, wide bool, left int) {
	if d.rows != nil && d.level == l && d.ascii == ascii && d.wide == wide && d.left == left {
		return
	}
	*d = fieldRows{level: l, ascii: ascii, wide: wide, left: left,
		rows: make([][]console.Span, l.Rows), looks: make([][]Look, l.Rows), cursor: make([]int, l.Rows)}
	for r := range d.looks {
		d.looks[r] = make([]Look, l.Cols)
	}
}

// tick asks for the next event when the clock's second changes, so the
// clock ticks on whole seconds from the first opening.
func (b *board) tick() time.Duration {
	if b.gen != nil {
		return 100 * time.Millisecond // the progress line, while the board is made
	}
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
// either way. -ascii draws # . F ? * instead, the mine that went off as X
// (in reverse video too) and a wrong flag as /, a struck-out flag.
type glyphSet struct {
	covered, blank, flag, mark, mine, exploded, wrong string
}

// glyphsFor returns the glyphs to draw with: ASCII ones for -ascii.
func glyphsFor(ascii bool) glyphSet {
	if ascii {
		return glyphSet{covered: "#", blank: ".", flag: "F", mark: "?", mine: "*", exploded: "X", wrong: "/"}
	}
	return glyphSet{covered: "■", blank: "·", flag: "►", mark: "?", mine: "●", exploded: "●", wrong: "×"}
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
		return g.exploded, console.Style{FG: console.Red, Bold: true, Reverse: true}
	case WrongFlag:
		return g.wrong, console.Style{FG: console.BrightRed, Bold: true}
	}
	return g.covered, console.Plain
}

// watch plays the clicks of a game that ended again, on the same mines
// and the same screen: → makes the next click, Space plays them at the
// speed they were made (and pauses), ← goes back to the start, and Esc,
// q or Backspace go back to the game's end. The clock comes from the
// console's ticks: while playing, each frame asks for a tick when the next
// click is due.
type watch struct {
	game    *board // the game watched, shown again on leaving
	field   *Field // the replay's, laid with the game's mines
	made    int    // clicks made so far
	playing bool
	began   time.Time // while playing: when the game's first click would have come
	now     time.Time
	drawn   fieldRows
	top     []console.Span
}

// newWatch starts watching the game of b from its start.
func newWatch(b *board, now time.Time) console.Screen {
	w := &watch{game: b, now: now}
	if w.rewind() != nil {
		return b // a game without mines has nothing to watch
	}
	w.prepare()
	return w
}

// rewind goes back to the covered field, before the first click.
func (w *watch) rewind() error {
	f, err := NewFieldOf(w.game.field.Level(), w.game.field.Mines())
	if err != nil {
		return err
	}
	w.field, w.made, w.playing = f, 0, false
	return nil
}

// step makes the next click.
func (w *watch) step() {
	if w.made < len(w.game.clicks) {
		w.field.Do(w.game.clicks[w.made], w.game.app.opt.Marks)
		w.made++
	}
	if w.made == len(w.game.clicks) {
		w.playing = false
	}
}

// Update turns the keys and the ticks into clicks made, then builds what
// View draws.
func (w *watch) Update(ev console.Event) console.Screen {
	a := w.game.app
	a.observe(ev)
	w.now = ev.Time
	switch {
	case ev.IsKey(console.KeyEsc), ev.IsKey(console.KeyBackspace), ev.IsRune('q'), ev.IsRune('Q'):
		w.game.prepare() // a save may have answered meanwhile
		return a.with(w.game)
	case ev.IsKey(console.KeyRight), ev.IsRune('l'):
		w.playing = false
		w.step()
	case ev.IsKey(console.KeyLeft), ev.IsKey(console.KeyHome), ev.IsRune('h'):
		_ = w.rewind() // it worked in newWatch, on the same mines
	case ev.IsRune(' '):
		w.toggle()
	}
	// Every click that is due by now, on a tick or any other event.
	for w.playing && !w.now.Before(w.due()) {
		w.step()
	}
	w.prepare()
	return a.with(w)
}

// toggle starts or pauses playing. Playing goes on from the clicks made:
// the next one comes as long after the last one as it did in the game.
func (w *watch) toggle() {
	if w.playing {
		w.playing = false
		return
	}
	if w.made == len(w.game.clicks) {
		_ = w.rewind() // it worked in newWatch, on the same mines
	}
	w.playing = true
	w.began = w.now
	if w.made > 0 {
		w.began = w.now.Add(-w.game.clicks[w.made-1].At)
	}
}

// due is when the next click comes, while playing.
func (w *watch) due() time.Time { return w.began.Add(w.game.clicks[w.made].At) }

// shown is the time since the first click at the replay's point: that of
// the last click made, or while playing, the time since the first.
func (w *watch) shown() time.Duration {
	switch {
	case w.playing:
		return max(w.now.Sub(w.began), 0)
	case w.made > 0:
		return w.game.clicks[w.made-1].At
	}
	return 0
}

// clock is the game's clock at the replay's point: it ran from the first
// opening, which flags may have come before.
func (w *watch) clock() time.Duration {
	return max(w.shown()-w.game.start.Sub(w.game.first), 0)
}

// prepare builds the status line and the field's rows, with the cell of
// the last click in reverse video.
func (w *watch) prepare() {
	t := w.game.app.t
	line := fmt.Sprintf(t.watchTitle, w.made, len(w.game.clicks), seconds(w.clock()))
	solved, _ := w.field.BBBV()
	line += fmt.Sprintf("   3BV %d/%d", solved, w.game.figures.BBBV)
	w.top = []console.Span{{Text: line}}
	row, col := -1, -1
	if w.made > 0 {
		c := w.game.clicks[w.made-1]
		row, col = c.Row, c.Col
	}
	w.drawn.update(w.field, row, col, boardLeft, w.game.app.opt.ASCII, w.game.app.w.EastAsianWidth)
}

// View draws the replay where the game was: the status line, the board and
// the watch's keys.
func (w *watch) View(size console.Size) console.Frame {
	b := w.game
	need := b.need()
	var f console.Frame
	if !b.fits(size) {
		f = console.TooSmall(need, size, b.app.tag())
		f.Tick = w.tick()
		return f
	}
	f.Label(b.app.tag(), need)
	f.Mouse = true // as on the board, so that the terminal does not switch modes
	f.Tick = w.tick()
	f.SetRow(0, w.top)
	w.drawn.draw(&f)
	row := boardTop + b.field.Level().Rows + 1
	for _, l := range b.app.t.watchHelp {
		f.Line(row, l)
		row++
	}
	return f
}

// tick asks for a tick when the next click is due, while playing; and on
// every tenth of a second between, so that the time shown runs.
func (w *watch) tick() time.Duration {
	if !w.playing {
		return 0
	}
	const tenth = 100 * time.Millisecond
	untilNext := max(w.due().Sub(w.now), time.Millisecond)
	return min(untilNext, tenth-w.shown()%tenth)
}

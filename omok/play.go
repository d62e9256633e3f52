package omok

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"termgames/console"
	"termgames/omok/engine"
	"termgames/omok/renju"
)

// glyphs are how a cell is drawn, by Stone: the original's □ ○ ●, or . O X
// with -ascii for terminals whose fonts lack them.
var (
	unicodeGlyphs = [3]string{Empty: "□", P1: "○", P2: "●"}
	asciiGlyphs   = [3]string{Empty: ".", P1: "O", P2: "X"}
)

// Glyphs are how a board's cells are drawn, here and at the server's
// online tables alike.
type Glyphs struct {
	Stones [3]string // by Stone
	Forbid string    // a point the rule forbids the player to move
}

// GlyphsFor returns the original's □ ○ ● (and × for a forbidden point),
// or with ascii . O X and x, for terminals whose fonts lack them.
func GlyphsFor(ascii bool) Glyphs {
	if ascii {
		return Glyphs{Stones: asciiGlyphs, Forbid: asciiForbid}
	}
	return Glyphs{Stones: unicodeGlyphs, Forbid: unicodeForbid}
}

// The mark of a point the rule forbids the player to move (renju, 오목룰).
const (
	unicodeForbid = "×"
	asciiForbid   = "x"
)

// Styles of the board. Each stays readable under NO_COLOR, where the console
// drops the colours: the cursor is reverse video, the last stone bold and
// underlined, the winning stones reverse video on a board without a cursor.
var (
	lastStyle = console.Style{FG: console.Red, Bold: true, Underline: true}
	winStyle  = console.Style{FG: console.Yellow, Bold: true, Reverse: true}
	// forbidStyle dims the × of a forbidden point; without colour the
	// glyph alone tells it from □.
	forbidStyle = console.Style{FG: console.BrightBlack}
)

// panelGap is the space between the board and the keys beside it, and
// legendWidth the width of the stones' legend there ("1P ○  2P ●").
const (
	panelGap    = 4
	legendWidth = 12
)

// game is the original's PlayGame(): the board with a cursor, the turn line,
// the key line and the system message under it. It also asks before leaving
// on Esc, and shows the final board until a key is pressed.
type game struct {
	menu    *menuScreen
	opt     Options
	text    *texts
	glyphs  Glyphs
	board   *Board
	pos     *Position // the board as drawn, with the forbidden map for the player to move
	cursor  Point
	message string // the original's system_message: the line under the key line
	confirm bool   // Esc was pressed: asking whether to leave
	cpu     *computer
	drawn   boardRows
	widths  widths
	// posAt is the board's count of changes pos was made for
	// (Board.Changes): Update makes it again when they differ.
	posAt int
	// times are the moves' times, in the board's order; turnStart is when
	// the move under way began, and clock the time of the latest event
	// (the driver stamps every event with it).
	times     []time.Duration
	turnStart time.Time
	clock     time.Time
	// kept is set once the game has been handed to the records folder,
	// keptLine what the end of the game says of it.
	kept     bool
	keptLine string
}

// boardRows are the board's rows as last built, and the panel's spans
// beside each, with what they were built from. A cursor move builds the
// two rows it touches again, a move or a take-back all of them; an event
// that changed nothing builds none. View puts the panel beside the rows
// where the terminal is wide enough.
type boardRows struct {
	rows    [][]console.Span
	panel   [][]console.Span // the panel's spans of each row
	changes int              // the board's count of changes drawn (Board.Changes); a game keeps its one board
	cursor  Point
	wide    bool // the width measure in force
}

// widths are the widths of the game's lines for one width measure: they
// depend on the texts and the board's size only, so they are measured
// once, not on every frame.
type widths struct {
	ok, wide bool
	need     int // the widest line the game can show (needWidth)
	panel    int // the panel's widest line
}

// computer is the opponent of a game against the computer: the engine, its
// copy of the board, and the thinking under way. Each think carries a tag;
// an answer whose tag is not the latest (the person took back the move it
// answers, or left) is dropped.
type computer struct {
	eng      *engine.Engine
	level    engine.Level
	human    Stone // the person's stones
	thinking bool
	tag      int
	stop     context.CancelFunc
	nodes    int64
}

// computerMove is a think's answer, delivered as a console.ResultEvent.
type computerMove struct {
	tag  int
	move engine.Point
	err  error
}

// newComputerGame starts a game of the person against the computer at
// level; the computer moves first (with ○) when computerFirst.
func newComputerGame(m *menuScreen, level engine.Level, computerFirst bool) console.Screen {
	g := newGame(m)
	var rng *rand.Rand
	if m.opt.Rand != nil {
		// A source of its own: a game left while the computer thinks may
		// still be thinking when the next one starts, and a *rand.Rand is
		// not safe for two goroutines.
		rng = rand.New(rand.NewPCG(m.opt.Rand.Uint64(), m.opt.Rand.Uint64()))
	}
	g.cpu = &computer{eng: engine.New(level, rng), level: level, human: P1, nodes: m.opt.ComputerNodes}
	g.drawn = boardRows{} // the panel names the computer now
	g.prepare()
	if computerFirst {
		g.cpu.human = P2
		return g.think()
	}
	return g
}

// think starts the computer thinking off the UI goroutine, on a copy of
// its board.
func (g *game) think() console.Screen {
	c := g.cpu
	c.tag++
	b, err := g.board.Engine()
	if err != nil {
		g.message = err.Error()
		return g
	}
	c.thinking = true
	tag, eng := c.tag, c.eng
	lim := engine.DefaultLimits(c.level)
	if c.nodes > 0 {
		lim = engine.Limits{Nodes: c.nodes}
	}
	ctx, cancel := context.WithCancel(context.Background())
	c.stop = cancel
	return console.Do(g, func(run context.Context) any {
		defer context.AfterFunc(run, cancel)()
		defer cancel()
		r, err := eng.Think(ctx, b, lim)
		return computerMove{tag: tag, move: r.Move, err: err}
	})
}

// cancelThinking forgets the think under way; its answer will be dropped.
func (c *computer) cancelThinking() {
	if c.thinking {
		c.stop()
		c.thinking = false
		c.tag++
	}
}

// answered plays the computer's move when it answers the latest think,
// and keeps the game when that move ended it.
func (g *game) answered(mv computerMove) console.Screen {
	c := g.cpu
	if c == nil || !c.thinking || mv.tag != c.tag {
		return g // stale: the person took the move back, or left
	}
	c.thinking = false
	if mv.err != nil {
		g.message = mv.err.Error()
		return g
	}
	p := Point{Row: mv.move.Y, Col: mv.move.X}
	out, err := g.board.Place(p)
	if err != nil {
		g.message = fmt.Sprintf("%v: %v", p, err)
		return g
	}
	g.timed()
	if out.Over() {
		return g.keep(false, g)
	}
	return g
}

// timed notes the time of the move just placed, and starts the next.
func (g *game) timed() {
	g.times = append(g.times, max(g.clock.Sub(g.turnStart), 0))
	g.turnStart = g.clock
}

// record is the game so far as a record (기보).
func (g *game) record() *Record {
	r := &Record{Size: g.board.Size(), Rule: g.board.Rule()}
	for k, p := range g.board.History() {
		m := Move{Point: p}
		if k < len(g.times) { // a board set up without the clock: no times
			m.Time = g.times[k]
		}
		r.Moves = append(r.Moves, m)
	}
	if g.cpu != nil {
		r.Levels[g.cpu.human.Other()-1] = int(g.cpu.level) + 1
	}
	return r
}

// recordKept is a record's write, delivered as a console.ResultEvent.
type recordKept struct {
	path string
	err  error
}

// keep hands the game to the records folder, off the UI goroutine, and
// goes on to next; unfinished marks a game left before its end. A game
// without moves, or played where no folder keeps records, is not kept.
func (g *game) keep(unfinished bool, next console.Screen) console.Screen {
	dir := g.opt.Records
	if dir == "" || g.kept || g.board.Moves() == 0 {
		return next
	}
	g.kept = true
	rec := g.record()
	rec.Unfinished = unfinished
	when := g.clock
	if when.IsZero() {
		when = time.Now() // a game driven without a clock (a test's Update)
	}
	keeping := g.menu.keeping
	keeping.Add(1)
	return console.Do(next, func(context.Context) any {
		defer keeping.Done()
		path, err := KeepRecord(dir, rec, when)
		return recordKept{path: path, err: err}
	})
}

// computersTurn reports whether the person must wait for the computer.
func (g *game) computersTurn() bool {
	return g.cpu != nil && (g.cpu.thinking || g.board.Turn() != g.cpu.human)
}

func newGame(m *menuScreen) *game {
	g := &game{
		menu:   m,
		opt:    m.opt,
		text:   m.text,
		glyphs: GlyphsFor(m.opt.ASCII),
		board:  NewBoard(m.opt.Size, m.opt.Rule),
		clock:  m.clock,
	}
	g.turnStart = g.clock
	g.prepare()
	return g
}

// prepare brings what View draws up to date with the game: the position
// and its forbidden map (made again when the board changed: it takes
// microseconds, BenchmarkForbiddenMap in omok/renju), the widths of the game's lines
// under the width measure in force, and the board's rows, built again only
// where they changed.
func (g *game) prepare() {
	if g.pos == nil || g.posAt != g.board.Changes() {
		g.pos = g.board.Position()
		g.posAt = g.board.Changes()
	}
	wide := g.opt.Width.EastAsianWidth
	if !g.widths.ok || g.widths.wide != wide {
		g.widths = widths{ok: true, wide: wide, need: g.needWidth(), panel: g.panelWidth()}
	}
	n, d := g.board.Size(), &g.drawn
	switch {
	case d.rows == nil || d.changes != g.board.Changes() || d.wide != wide:
		*d = boardRows{rows: make([][]console.Span, n), panel: g.panel(), changes: g.board.Changes(),
			cursor: g.cursor, wide: wide}
		for r := range n {
			d.rows[r] = g.boardRow(r)
		}
	case d.cursor != g.cursor:
		was := d.cursor.Row
		d.cursor = g.cursor
		d.rows[was] = g.boardRow(was)
		d.rows[g.cursor.Row] = g.boardRow(g.cursor.Row)
	}
}

// Update handles one event and prepares what View draws.
func (g *game) Update(ev console.Event) console.Screen {
	next := g.update(ev)
	g.prepare()
	return next
}

// update handles one key, the computer's answer or the record's write;
// resizes, ticks and mouse reports change nothing. While the computer
// thinks every key works as usual except placing a stone, which waits for
// its move.
func (g *game) update(ev console.Event) console.Screen {
	if !ev.Time.IsZero() {
		g.clock = ev.Time
		if g.turnStart.IsZero() { // a game started before any event (-ai)
			g.turnStart = g.clock
		}
	}
	if mv, ok := ev.Result.(computerMove); ok && ev.Type == console.ResultEvent {
		return g.answered(mv)
	}
	if k, ok := ev.Result.(recordKept); ok && ev.Type == console.ResultEvent {
		g.keptLine = g.menu.noteKept(k)
		return g
	}
	if ev.Type != console.KeyEvent {
		return g
	}
	switch {
	case g.board.Outcome().Over():
		// 아무 키를 입력하면 메뉴로 돌아갑니다: the original then prints the
		// menu under the final board, with no cls between them.
		m := g.menu
		m.menu.Show(g.finalLines()...)
		return m
	case g.confirm:
		return g.answer(ev)
	}
	if dr, dc, ok := console.Direction(ev); ok {
		g.move(dr, dc)
		return g
	}
	switch {
	case ev.IsKey(console.KeyEnter) || ev.IsRune(' '):
		return g.place()
	case ev.IsKey(console.KeyBackspace) || ev.IsRune('u'):
		g.undo()
	case ev.IsKey(console.KeyEsc):
		g.confirm, g.message = true, ""
	}
	return g
}

// move steps the cursor, stopping at the edges as the original's
// IndexSafeCheck does, and clears the message as the original does.
func (g *game) move(dr, dc int) {
	if p := (Point{g.cursor.Row + dr, g.cursor.Col + dc}); g.board.Inside(p) {
		g.cursor = p
	}
	g.message = ""
}

// place puts the current player's stone under the cursor. The player
// stays to move after a refusal: the point is taken, or the rule forbids it.
// Against the computer it then asks for its reply.
func (g *game) place() console.Screen {
	if g.computersTurn() {
		return g // the status line already says the computer is thinking
	}
	out, err := g.board.Place(g.cursor)
	var fe *ForbiddenError
	switch {
	case errors.As(err, &fe):
		g.message = fmt.Sprintf(g.text.forbidden, g.text.shapeName[fe.Shape])
		return g
	case err != nil:
		g.message = g.text.occupied // the other refusal a player can reach
		return g
	}
	g.message = ""
	g.timed()
	switch {
	case out.Over():
		return g.keep(false, g)
	case g.cpu == nil:
		return g
	}
	return g.think()
}

// undo takes back the last move and puts the cursor on it, where the player
// who now moves again most likely wants to be. Against the computer it
// takes back the person's last move and the computer's reply together (or
// the move the computer is thinking about).
func (g *game) undo() {
	n := 1
	if c := g.cpu; c != nil {
		switch {
		case c.thinking && g.board.Moves() > 0:
			c.cancelThinking() // and take back the move it was answering
		case !c.thinking && g.board.Moves() >= 2 && g.board.Turn() == c.human:
			n = 2
		default:
			g.message = g.text.noUndo
			return
		}
	}
	var p Point
	for range n {
		q, ok := g.board.Undo()
		if !ok {
			g.message = g.text.noUndo
			return
		}
		g.times = g.times[:min(len(g.times), g.board.Moves())]
		p = q
	}
	g.cursor = p
	g.message = g.text.undone
}

// answer handles a key while asking whether to leave: y or Enter leaves
// (Enter confirms the question Esc asked), n or Esc goes back to the game,
// and other keys wait for an answer.
func (g *game) answer(ev console.Event) console.Screen {
	switch {
	case ev.IsRune('y') || ev.IsRune('Y') || ev.IsKey(console.KeyEnter):
		if g.cpu != nil {
			g.cpu.cancelThinking()
		}
		return g.keep(true, g.menu.reopen())
	case ev.IsRune('n') || ev.IsRune('N') || ev.IsKey(console.KeyEsc):
		g.confirm = false
	}
	return g
}

// View draws the board, one span per cell at its own column, then the
// original's lines under it, and the keys beside it when there is room.
func (g *game) View(size console.Size) console.Frame {
	n := g.board.Size()
	f := console.Frame{Rows: make([][]console.Span, 0, n+3)}
	g.drawBoard(&f, size)
	out := g.board.Outcome()
	row := n
	switch {
	case out.Winner != Empty && g.cpu != nil && out.Winner != g.cpu.human:
		g.endLines(&f, size, g.text.computerWins)
	case out.Winner != Empty:
		g.endLines(&f, size, fmt.Sprintf(g.text.win, int(out.Winner)))
	case out.Draw && !g.board.Full():
		g.endLines(&f, size, g.text.noMoves)
	case out.Draw:
		g.endLines(&f, size, g.text.draw)
	case g.cpu != nil && g.cpu.thinking:
		f.Lines(row, g.text.thinking, g.text.move)
	default:
		f.Lines(row, g.turnLine(), g.text.move)
		if g.confirm {
			f.Line(row+2, g.text.confirm)
			f.CursorAt(row+2, console.Width(g.opt.Width, g.text.confirm))
		} else if g.message != "" {
			f.Line(row+2, g.message)
		}
	}
	f.Label(g.opt.Lang, console.Size{Width: g.widths.need, Height: n + 3})
	return f
}

// endLines are the lines under the final board: the verdict, the key to
// press, the game's move string (to copy into Gomocalc or Yixin), wrapped
// to the screen, and what became of its record.
func (g *game) endLines(f *console.Frame, size console.Size, verdict string) {
	row := f.Lines(g.board.Size(), verdict, g.text.anyKey)
	moves := g.record().MoveString()
	for _, l := range console.Wrap(g.opt.Width, g.text.rec.moveString+moves, max(size.Width, 20)) {
		f.Line(row, l)
		row++
	}
	if g.keptLine != "" {
		f.Lines(row, console.Wrap(g.opt.Width, g.keptLine, max(size.Width, 20))...)
	}
}

// turnLine says who moves: the original's line between two people; against
// the computer it also says that the player to move is the person, and
// with which stone, since nothing else says which side the person took.
func (g *game) turnLine() string {
	turn := g.board.Turn()
	if g.cpu == nil {
		return fmt.Sprintf(g.text.turn, int(turn))
	}
	return fmt.Sprintf(g.text.yourTurn, int(turn), g.glyphs.Stones[turn])
}

// finalLines are the final board and the two lines under it, as text for
// the menu's transcript: the original prints its menu under them.
func (g *game) finalLines() []string {
	n := g.board.Size()
	lines := make([]string, 0, n+2)
	for r := range n {
		var b strings.Builder
		for c := range n {
			b.WriteString(console.Pad(g.opt.Width, g.glyphs.Stones[g.board.At(Point{r, c})], 2))
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	if out := g.board.Outcome(); out.Winner != Empty {
		lines = append(lines, fmt.Sprintf(g.text.win, int(out.Winner)))
	} else {
		lines = append(lines, g.text.draw)
	}
	return append(lines, g.text.anyKey)
}

// drawBoard puts every cell's glyph at column 2*c, so that the board is
// square whether the terminal draws □ ○ ● one column wide or two, and the
// panel beside it when the terminal is wide enough. Update built the rows
// (prepare).
func (g *game) drawBoard(f *console.Frame, size console.Size) {
	d := &g.drawn
	shown := 2*g.board.Size()+panelGap+g.widths.panel <= size.Width
	for r, row := range d.rows {
		if shown && len(d.panel[r]) > 0 {
			row = append(row[:len(row):len(row)], d.panel[r]...)
		}
		f.SetRow(r, row)
	}
}

// boardRow builds row r of the board.
func (g *game) boardRow(r int) []console.Span {
	look := RowLook{Glyphs: g.glyphs, Forbidden: true, Cursor: g.cursor}
	if !g.board.Outcome().Over() {
		look.CursorStone = g.board.Turn()
	}
	return AppendRow(make([]console.Span, 0, g.pos.Size), g.pos, r, look)
}

// RowLook is how a board's row is drawn beyond its position: the glyphs,
// whether the forbidden points are marked, and the cursor.
type RowLook struct {
	Glyphs
	// Forbidden marks the points the rule forbids the player to move
	// (Position.Forbid): on the screen of the player to move, and the
	// watchers'.
	Forbidden bool
	Cursor    Point
	// CursorStone is the stone the cursor shows on an empty point, the
	// one its player would place; Empty: no cursor (a game over, a
	// watcher).
	CursorStone Stone
}

// AppendRow appends row r of v to dst, one span per cell at column 2*c,
// and returns it: the board of a game here and of an online table at the
// server, drawn by the same code. Only the glyph's own cells carry its
// style: the cursor and the winning five cover the stone, not the spacing
// after it.
func AppendRow(dst []console.Span, v *Position, r int, look RowLook) []console.Span {
	n := v.Size
	for c := range n {
		p := Point{r, c}
		s := v.Cells[r*n+c]
		glyph := look.Stones[s]
		var st console.Style
		switch {
		case slices.Contains(v.Line, p):
			st = winStyle
		case v.HasLast && p == v.Last:
			st = lastStyle
		case look.Forbidden && v.Forbid != nil && v.Forbid[r*n+c] != renju.None:
			glyph, st = look.Forbid, forbidStyle
		}
		if look.CursorStone != Empty && p == look.Cursor {
			// The cursor is drawn as the stone the current player would
			// place, as in the original, or as the stone already there, so
			// that a full cell never looks empty; on a point the rule
			// forbids it stays the ×.
			if s == Empty && glyph != look.Forbid {
				glyph = look.Stones[look.CursorStone]
			}
			st.Reverse = true
		}
		dst = append(dst, console.Span{Col: 2 * c, Text: glyph, Style: st})
	}
	return dst
}

// panelLines are the lines beside the board: the keys, a blank line for
// the stones' legend, the rule, the moves, the computer's level and the
// last move.
func (g *game) panelLines() []string {
	t := g.text
	lines := append([]string(nil), t.panel...)
	lines = append(lines, "", "", t.ruleName[g.board.Rule()])
	if g.board.Rule().HasForbidden() {
		lines = append(lines, fmt.Sprintf(t.legend, g.glyphs.Forbid))
	}
	lines = append(lines, fmt.Sprintf(t.moves, g.board.Moves()))
	if g.cpu != nil {
		lines = append(lines, fmt.Sprintf(t.computer, t.levelName[g.cpu.level]))
	}
	if p, ok := g.board.Last(); ok {
		lines = append(lines, fmt.Sprintf(t.last, p.Row+1, p.Col+1))
	}
	return lines
}

// panel returns the spans beside each row of the board: the keys, the
// stones, the rule and the last move. The game needs none of it; it is
// shown only where the terminal is wide enough (widths.panel).
func (g *game) panel() [][]console.Span {
	n := g.board.Size()
	col := 2*n + panelGap
	rows := make([][]console.Span, n)
	// Beside the board only: the lines under it are as wide as the screen.
	lines := g.panelLines()
	lines = lines[:min(len(lines), n)]
	for i, l := range lines {
		if l != "" {
			rows[i] = append(rows[i], console.Span{Col: col, Text: l})
		}
	}
	// The stones' legend, each glyph in its own two columns like the board.
	legend := len(g.text.panel) + 1
	if legend >= len(lines) {
		return rows
	}
	w := g.opt.Width
	rows[legend] = append(rows[legend],
		console.Span{Col: col, Text: "1P"},
		console.Span{Col: col + 3, Text: console.Pad(w, g.glyphs.Stones[P1], 2)},
		console.Span{Col: col + 7, Text: "2P"},
		console.Span{Col: col + 10, Text: console.Pad(w, g.glyphs.Stones[P2], 2)})
	return rows
}

// panelWidth is the panel's widest line. Whether the panel fits must not
// change as the game goes on: it measures the widest counts the board
// allows, not the current ones.
func (g *game) panelWidth() int {
	t, w, n := g.text, g.opt.Width, g.board.Size()
	width := legendWidth
	for _, l := range append(g.panelLines(), fmt.Sprintf(t.moves, n*n), fmt.Sprintf(t.last, n, n)) {
		width = max(width, console.Width(w, l))
	}
	return width
}

// needWidth is the widest line the game can show, so that the size it asks
// for does not change from one frame to the next.
func (g *game) needWidth() int {
	t, w := g.text, g.opt.Width
	width := 2 * g.board.Size()
	for _, l := range []string{
		fmt.Sprintf(t.turn, 1), t.move, t.occupied, t.undone, t.noUndo, t.confirm,
		fmt.Sprintf(t.win, 1), t.draw, t.noMoves, t.anyKey, t.thinking, t.computerWins,
	} {
		width = max(width, console.Width(w, l))
	}
	if g.board.Rule().HasForbidden() {
		for _, name := range t.shapeName {
			width = max(width, console.Width(w, fmt.Sprintf(t.forbidden, name)))
		}
	}
	return width
}

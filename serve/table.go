package serve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"termgames/baseball"
	"termgames/console"
	"termgames/omok"
	"termgames/omok/renju"
)

// table.go is the screens of a table: omok's board and baseball's rounds,
// for the two players and the watchers alike (seat -1). Every key turns
// into a call of the table (room.go), which checks it with the rules; the
// screens draw the table's State, taken afresh each time the table
// changes: a command waits for that on its own goroutine and wakes the
// screen (tableChanged), so that both players' screens, and the
// watchers', change the moment a move is made.

// tableChanged is the answer of a table's wait: the table has changed.
type tableChanged struct{ t *Table }

// tableBase is what both games' table screens share.
type tableBase struct {
	o      *online
	t      *Table
	seat   int // 0 or 1; -1 for a watcher
	back   console.Screen
	txt    *onlineText
	resume string

	st      State
	wake    <-chan struct{}
	armed   bool
	gone    chan struct{} // closed when the screen leaves: its wait ends
	confirm bool          // Esc asked whether to leave
	msg     string
}

// newTableScreen returns the screen of t as seat sees it, waiting for the
// table's changes.
func newTableScreen(o *online, t *Table, seat int, back console.Screen) console.Screen {
	b := tableBase{o: o, t: t, seat: seat, back: back, txt: textFor(o.p.Lang, t.Game), gone: make(chan struct{})}
	if seat >= 0 {
		b.resume = t.ResumeCode(seat)
	}
	b.refresh()
	if t.Game == Baseball {
		s := &baseballTable{tableBase: b}
		return s.arm(s)
	}
	s := &omokTable{tableBase: b, cursor: omok.Point{Row: omok.DefaultSize / 2, Col: omok.DefaultSize / 2}}
	s.glyphs, s.forbid = unicodeGlyphs, "×"
	if o.p.ASCII {
		s.glyphs, s.forbid = asciiGlyphs, "x"
	}
	s.redraw()
	return s.arm(s)
}

// KeepOpen marks a table's screen as one the idle rule leaves open: the
// other player, or the watchers, count on it.
func (b *tableBase) KeepOpen() bool { return true }

func (b *tableBase) refresh() { b.st, b.wake = b.t.State() }

// arm starts the wait for the table's next change, unless one is on.
func (b *tableBase) arm(self console.Screen) console.Screen {
	if b.armed {
		return self
	}
	b.armed = true
	wake, gone, t := b.wake, b.gone, b.t
	return console.Do(self, func(ctx context.Context) any {
		select {
		case <-wake:
			return tableChanged{t}
		case <-gone:
		case <-ctx.Done():
		}
		return nil
	})
}

// common handles what both games' screens do alike: the table's changes,
// leaving (Esc, then y; any key once the game is over). It reports
// whether it handled ev, and the screen to show then.
func (b *tableBase) common(self console.Screen, ev console.Event) (console.Screen, bool) {
	if ev.Type == console.ResultEvent {
		if c, ok := ev.Result.(tableChanged); ok && c.t == b.t {
			b.armed = false
			b.refresh()
			return b.arm(self), true
		}
		return self, true
	}
	if ev.Type != console.KeyEvent {
		return self, true
	}
	switch {
	case b.st.Outcome.Over:
		return b.leave(), true
	case b.confirm:
		switch {
		case ev.IsRune('y') || ev.IsRune('Y') || ev.IsKey(console.KeyEnter):
			if b.seat >= 0 {
				b.t.Resign(b.seat)
			}
			return b.leave(), true
		case ev.IsRune('n') || ev.IsRune('N') || ev.IsKey(console.KeyEsc):
			b.confirm = false
		}
		return self, true
	case ev.IsKey(console.KeyEsc):
		if b.seat >= 0 && !b.st.Seats[1].Taken {
			return b.leave(), true // nobody came: nothing to lose
		}
		b.confirm, b.msg = true, ""
		return self, true
	}
	return self, false
}

// leave stands up from the table (or stops watching) and goes back.
func (b *tableBase) leave() console.Screen {
	close(b.gone)
	b.o.release(b.t)
	if r, ok := b.back.(interface{ reshow() console.Screen }); ok {
		return r.reshow()
	}
	return b.back
}

// name is seat i's name, marked when it is the player's own.
func (b *tableBase) name(i int) string {
	n := b.st.Seats[i].Name
	if i == b.seat {
		n += b.txt.you
	}
	return n
}

// away returns the line of the countdown of a seat away, and the delay
// until the next second, or "" and 0.
func (b *tableBase) away(now time.Time) (string, time.Duration) {
	if b.st.HoldEnds.IsZero() || b.st.Outcome.Over {
		return "", 0
	}
	for i, s := range b.st.Seats {
		if s.Taken && s.Present == 0 {
			left := max(b.st.HoldEnds.Sub(now), 0)
			secs := int((left + time.Second - 1) / time.Second)
			next := left % time.Second
			if next <= 0 {
				next = time.Second
			}
			return fmt.Sprintf(b.txt.away, b.st.Seats[i].Name, secs), next
		}
	}
	return "", 0
}

// result is the line that says how the game ended.
func (b *tableBase) result(winLine func(seat int) string, draw string) string {
	o := b.st.Outcome
	switch {
	case o.How == "left":
		return b.txt.left
	case o.How == "forfeit":
		return fmt.Sprintf(b.txt.forfeit, b.st.Seats[o.Winner].Name, b.st.Seats[1-o.Winner].Name)
	case o.Winner < 0:
		return draw
	}
	return winLine(o.Winner)
}

// The glyphs of the board, as omok draws them.
var (
	unicodeGlyphs = [3]string{omok.Empty: "□", omok.P1: "○", omok.P2: "●"}
	asciiGlyphs   = [3]string{omok.Empty: ".", omok.P1: "O", omok.P2: "X"}
)

// Styles of the board, readable without colour as omok's are.
var (
	lastStyle   = console.Style{FG: console.Red, Bold: true, Underline: true}
	winStyle    = console.Style{FG: console.Yellow, Bold: true, Reverse: true}
	forbidStyle = console.Style{FG: console.BrightBlack}
)

// panelGap is the space between the board and the panel beside it.
const panelGap = 4

// omokTable is an omok table's screen: the board with the player's cursor,
// the panel (the table, both players, the moves, the resume code), and the
// lines under the board.
type omokTable struct {
	tableBase
	cursor omok.Point
	glyphs [3]string
	forbid string
	drawn  drawnRows
}

// Update moves the cursor and places stones through the table, and builds
// again the rows that changed, for View to draw.
func (s *omokTable) Update(ev console.Event) console.Screen {
	next := s.update(ev)
	s.redraw()
	return next
}

func (s *omokTable) update(ev console.Event) console.Screen {
	if next, done := s.common(s, ev); done {
		return next
	}
	n := s.st.Board.Size
	move := func(dr, dc int) {
		p := omok.Point{Row: s.cursor.Row + dr, Col: s.cursor.Col + dc}
		if p.Row >= 0 && p.Row < n && p.Col >= 0 && p.Col < n {
			s.cursor = p
		}
		s.msg = ""
	}
	switch {
	case s.seat < 0:
	case ev.IsKey(console.KeyUp) || ev.IsRune('k'):
		move(-1, 0)
	case ev.IsKey(console.KeyDown) || ev.IsRune('j'):
		move(1, 0)
	case ev.IsKey(console.KeyLeft) || ev.IsRune('h'):
		move(0, -1)
	case ev.IsKey(console.KeyRight) || ev.IsRune('l'):
		move(0, 1)
	case ev.IsKey(console.KeyEnter) || ev.IsRune(' '):
		s.msg = s.refusal(s.t.Place(s.seat, s.cursor))
		s.refresh() // the move shows at once; the wait wakes too, and finds it drawn
	}
	return s
}

// refusal is the line that explains a move the table refused.
func (s *omokTable) refusal(err error) string {
	var fe *omok.ForbiddenError
	switch {
	case err == nil, errors.Is(err, ErrOver):
		return ""
	case errors.As(err, &fe):
		name := fe.Shape.String()
		if s.txt == &koreanText && fe.Shape == renju.Overline {
			name = "장목"
		}
		return fmt.Sprintf(s.txt.forbid, name)
	case errors.Is(err, omok.ErrOccupied):
		return s.txt.occupied
	case errors.Is(err, ErrWaiting):
		return fmt.Sprintf(s.txt.waiting, s.t.Code)
	}
	return s.txt.notYours
}

// View draws the board, one span per cell at its own column, the panel
// beside it and three lines under it.
func (s *omokTable) View(size console.Size) console.Frame {
	n := s.st.Board.Size
	f := console.Frame{Rows: make([][]console.Span, 0, n+3)}
	for r, row := range s.drawn.rows {
		f.SetRow(r, row)
	}
	s.drawLines(&f, n)
	f.Label(langOf(s.txt), console.Size{Width: 2*n + panelGap + 26, Height: n + 3})
	return f
}

// drawnRows are the board's rows as last built, the panel beside them
// included, with what they were built from. Only the rows that changed
// are built again: a move changes one or two rows of the board and a few
// of the panel, a cursor move two rows, as omok's own screen does. With
// 200 games on a server, rows built afresh for every frame make garbage
// enough that collecting it puts pauses on a move's way now and then
// (BenchmarkGames, docs/performance.md).
type drawnRows struct {
	version int        // the table's State drawn
	view    *BoardView // the position drawn
	mine    bool       // it was the player's turn: the cursor's stone and the forbidden points
	over    bool
	wide    bool
	cursor  omok.Point
	rows    [][]console.Span
	panel   [][]console.Span
}

// redraw brings the rows up to the table's state and the cursor, building
// again only those that changed.
func (s *omokTable) redraw() {
	d, v, n := &s.drawn, s.st.Board, s.st.Board.Size
	wide, mine, over := s.o.p.Width.EastAsianWidth, s.myTurn(), s.st.Outcome.Over
	if d.rows == nil || d.wide != wide || d.mine != mine || d.over != over || d.view.Size != n {
		*d = drawnRows{version: s.st.Version, view: v, mine: mine, over: over, wide: wide, cursor: s.cursor,
			rows: make([][]console.Span, n), panel: s.panel(n)}
		for r := range n {
			d.rows[r] = s.boardRow(r)
		}
		return
	}
	switch {
	case d.version == s.st.Version && d.cursor == s.cursor:
		return
	case d.version == s.st.Version: // a cursor move
		was := d.cursor.Row
		d.cursor = s.cursor
		d.rows[was] = s.boardRow(was)
		d.rows[s.cursor.Row] = s.boardRow(s.cursor.Row)
		return
	}
	old, was := d.view, d.cursor.Row
	panel := s.panel(n)
	d.version, d.view, d.cursor = s.st.Version, v, s.cursor
	for r := range n {
		same := slices.Equal(panel[r], d.panel[r])
		d.panel[r] = panel[r]
		if same && r != was && r != s.cursor.Row && !rowChanged(old, v, r) {
			continue
		}
		d.rows[r] = s.boardRow(r)
	}
}

// myTurn reports whether the player is to move now.
func (s *omokTable) myTurn() bool {
	v := s.st.Board
	return s.seat >= 0 && !s.st.Outcome.Over && s.st.Seats[1].Taken && int(v.Turn) == s.seat+1
}

// rowChanged reports whether row r of the board looks different in b than
// in a: a stone, the last move's mark, the winning line, a forbidden point.
func rowChanged(a, b *BoardView, r int) bool {
	n := a.Size
	if !slices.Equal(a.Cells[r*n:(r+1)*n], b.Cells[r*n:(r+1)*n]) ||
		a.HasLast && a.Last.Row == r || b.HasLast && b.Last.Row == r ||
		len(a.Line) != len(b.Line) || (a.Forbid == nil) != (b.Forbid == nil) {
		return true
	}
	return a.Forbid != nil && !slices.Equal(a.Forbid[r*n:(r+1)*n], b.Forbid[r*n:(r+1)*n])
}

// boardRow builds row r of the board, and the panel's spans beside it.
func (s *omokTable) boardRow(r int) []console.Span {
	v := s.st.Board
	n := v.Size
	over := s.st.Outcome.Over
	myTurn := s.myTurn()
	panel := s.drawn.panel[r]
	row := make([]console.Span, n, n+len(panel))
	for c := range n {
		p := omok.Point{Row: r, Col: c}
		st := v.Cells[r*n+c]
		glyph := s.glyphs[st]
		var style console.Style
		switch {
		case slices.Contains(v.Line, p):
			style = winStyle
		case v.HasLast && p == v.Last:
			style = lastStyle
		case v.Forbid != nil && (myTurn || s.seat < 0) && v.Forbid[r*n+c] != renju.None:
			glyph, style = s.forbid, forbidStyle
		}
		if s.seat >= 0 && !over && p == s.cursor {
			if st == omok.Empty && glyph != s.forbid {
				glyph = s.glyphs[s.seat+1]
			}
			style.Reverse = true
		}
		row[c] = console.Span{Col: 2 * c, Text: glyph, Style: style}
	}
	return append(row, panel...)
}

// panel returns the spans beside each of the n rows of the board: the
// table's facts, and the keys.
func (s *omokTable) panel(n int) [][]console.Span {
	t, v, w := s.txt, s.st.Board, s.o.p.Width
	col := 2*n + panelGap
	rows := make([][]console.Span, n)
	put := func(row int, spans ...console.Span) {
		if row < n {
			rows[row] = append(rows[row], spans...)
		}
	}
	text := func(row int, text string) { put(row, console.Span{Col: col, Text: text}) }
	text(0, t.title[Omok])
	text(1, fmt.Sprintf(t.code, s.t.Code)+"  "+t.ruleName[v.Rule])
	for i := range 2 { // each stone in its own two columns, as on the board
		put(2+i, console.Span{Col: col, Text: fmt.Sprintf("%dP", i+1)},
			console.Span{Col: col + 3, Text: console.Pad(w, s.glyphs[i+1], 2)},
			console.Span{Col: col + 6, Text: s.seatName(i)})
	}
	text(4, fmt.Sprintf(t.watchers, s.st.Watchers))
	text(5, fmt.Sprintf(t.moves, v.Moves))
	if v.HasLast {
		text(6, fmt.Sprintf(t.last, v.Last.Row+1, v.Last.Col+1))
	}
	if s.resume != "" {
		text(7, fmt.Sprintf(t.resume, s.resume))
	}
	keys := t.panel
	if s.seat < 0 {
		keys = []string{t.watching}
	}
	for i, k := range keys {
		text(9+i, k)
	}
	return rows
}

// seatName is a seat's name in the panel: "..." while it is empty.
func (s *omokTable) seatName(i int) string {
	if !s.st.Seats[i].Taken {
		return "..."
	}
	return s.name(i)
}

// drawLines writes the three lines under the board: whose turn it is (or
// how the game ended), what to do, and a message or the question.
func (s *omokTable) drawLines(f *console.Frame, row int) {
	t, v := s.txt, s.st.Board
	away, next := s.away(time.Now())
	f.Tick = next
	switch {
	case s.st.Outcome.Over:
		f.Lines(row, s.result(func(seat int) string {
			return fmt.Sprintf(t.win, seat+1, s.st.Seats[seat].Name)
		}, t.draw), t.anyKey)
		return
	case !s.st.Seats[1].Taken:
		f.Line(row, fmt.Sprintf(t.waiting, s.t.Code))
	case s.seat >= 0 && int(v.Turn) == s.seat+1:
		f.Line(row, fmt.Sprintf(t.yourTurn, s.seat+1))
	default:
		f.Line(row, fmt.Sprintf(t.turn, int(v.Turn), s.st.Seats[int(v.Turn)-1].Name))
	}
	switch {
	case away != "":
		f.Line(row+1, away)
	case s.seat < 0:
		f.Line(row+1, t.watching)
	case s.st.Seats[1].Taken:
		f.Line(row+1, t.move)
	}
	if s.confirm {
		q := t.confirm
		if s.seat < 0 {
			q = t.confirmW
		}
		f.Line(row+2, q)
		f.CursorAt(row+2, console.Width(s.o.p.Width, q))
	} else if s.msg != "" {
		f.Line(row+2, s.msg)
	}
}

// baseballTable is a baseball versus table's screen: both players'
// guesses round by round, each with its answer, and the prompt of the
// player whose turn it is to type (their number, or a guess).
type baseballTable struct {
	tableBase
	in console.LineInput
}

// Update takes the player's number and guesses, typed at the prompt.
func (s *baseballTable) Update(ev console.Event) console.Screen {
	if next, done := s.common(s, ev); done {
		return next
	}
	if s.seat < 0 || s.prompt() == "" {
		return s
	}
	line, done := s.in.Update(ev)
	if !done {
		return s
	}
	var err error
	if !s.st.Chosen[s.seat] {
		err = s.t.Choose(s.seat, line)
	} else {
		_, err = s.t.Guess(s.seat, line)
	}
	s.msg = s.refusal(err)
	s.refresh()
	return s
}

// refusal explains a number the rules refused.
func (s *baseballTable) refusal(err error) string {
	switch {
	case err == nil, errors.Is(err, ErrOver):
		return ""
	case errors.Is(err, baseball.ErrZero):
		return s.txt.badZero
	case errors.Is(err, baseball.ErrRepeats):
		return s.txt.badRepeat
	case errors.Is(err, baseball.ErrLength):
		return s.txt.badLength
	}
	return s.txt.notYours
}

// prompt is what the player is asked now, "" when nothing.
func (s *baseballTable) prompt() string {
	st := s.st
	switch {
	case s.seat < 0 || st.Outcome.Over || !st.Seats[1].Taken:
		return ""
	case !st.Chosen[s.seat]:
		return s.txt.choose
	case st.Turn == s.seat:
		return s.txt.guess
	}
	return ""
}

// View draws the header, the rounds (the newest that fit), and the status
// and prompt lines at the bottom.
func (s *baseballTable) View(size console.Size) console.Frame {
	t, st := s.txt, s.st
	var f console.Frame
	head := []string{
		t.title[Baseball] + "   " + fmt.Sprintf(t.code, s.t.Code) + "   " + fmt.Sprintf(t.watchers, st.Watchers),
		fmt.Sprintf("1P %s  vs  2P %s", s.seatName(0), s.seatName(1)),
	}
	switch {
	case s.resume != "":
		head = append(head, fmt.Sprintf(t.resume, s.resume))
	case s.seat < 0:
		head = append(head, t.watching)
	}
	if st.Outcome.Over {
		head = append(head, fmt.Sprintf(t.numbers, st.Seats[0].Name, st.Secrets[0], st.Seats[1].Name, st.Secrets[1]))
	} else if s.seat >= 0 && st.Chosen[s.seat] {
		head = append(head, fmt.Sprintf(t.chosen, s.t.secretOf(s.seat)))
	}
	head = append(head, rule28, fmt.Sprintf(t.guessHead, st.Seats[0].Name, st.Seats[1].Name))
	row := f.Lines(0, head...)
	rounds := max(len(st.Guesses[0]), len(st.Guesses[1]))
	room := max(size.Height-row-3, 1)
	for i := max(0, rounds-room); i < rounds; i++ {
		row = f.Lines(row, fmt.Sprintf("%-3d  %-12s  %-12s", i+1, s.turnText(0, i), s.turnText(1, i)))
	}
	bottom := max(row, size.Height-3)
	f.Line(bottom, rule28)
	away, next := s.away(time.Now())
	f.Tick = next
	status := ""
	switch {
	case st.Outcome.Over:
		status = s.result(func(seat int) string {
			return t.found(st.Seats[seat].Name, len(st.Guesses[seat]))
		}, t.bbDraw(len(st.Guesses[0])))
		f.Lines(bottom+1, status, t.anyKey)
		f.Label(langOf(t), console.Size{Width: 60, Height: len(head) + 5})
		return f
	case !st.Seats[1].Taken:
		status = fmt.Sprintf(t.waiting, s.t.Code)
	case s.prompt() != "":
		status = s.prompt() + s.in.String()
		f.CursorAt(bottom+1, console.Width(s.o.p.Width, status))
	case !st.Chosen[0] || !st.Chosen[1]:
		other := 1 - max(s.seat, 0)
		if s.seat < 0 && st.Chosen[1] {
			other = 0
		}
		status = fmt.Sprintf(t.otherPicks, st.Seats[other].Name)
	default:
		status = fmt.Sprintf(t.theirs, st.Seats[st.Turn].Name)
	}
	f.Line(bottom+1, status)
	switch {
	case s.confirm:
		q := t.confirm
		if s.seat < 0 {
			q = t.confirmW
		}
		f.Line(bottom+2, q)
		f.CursorAt(bottom+2, console.Width(s.o.p.Width, q))
	case away != "":
		f.Line(bottom+2, away)
	case s.msg != "":
		f.Line(bottom+2, s.msg)
	}
	f.Label(langOf(t), console.Size{Width: 60, Height: len(head) + 5})
	return f
}

// seatName is a seat's name in the header: "..." while it is empty.
func (s *baseballTable) seatName(i int) string {
	if !s.st.Seats[i].Taken {
		return "..."
	}
	return s.name(i)
}

// turnText is seat's guess of round i and its answer.
func (s *baseballTable) turnText(seat, i int) string {
	g := s.st.Guesses[seat]
	if i >= len(g) {
		return ""
	}
	return g[i].Guess.String() + " " + s.txt.answer(g[i].Answer)
}

// secretOf is seat's own number, which only its own screen shows.
func (t *Table) secretOf(seat int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.chosen[seat] {
		return ""
	}
	return t.secret[seat].String()
}

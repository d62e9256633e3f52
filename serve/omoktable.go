package serve

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/store"
	"termgames/omok"
	"termgames/omok/renju"
	"termgames/serve/room"
)

// omokOnline is omok's online screens and words.
var omokOnline = &onlineGame{
	game:     room.Omok,
	original: lang.Korean,
	screen:   omokScreen,
	replay:   replayOmok,
	korean: &gameText{
		menuTitle: "온라인 대전 (오목)",
		title:     "[온라인 대전] 오목",
		name:      "오목 %s",
		variantMenu: []string{rule28, "규칙을 선택하세요.", "1. 자유룰 (5개 이상이면 승리)", "2. 표준룰 (정확히 5개)",
			"3. 렌주룰 (선공 3-3, 4-4, 장목 금지)", "4. 오목룰 (3-3 금지)", rule28},
		variantPrompt: "원하는 규칙을 입력하세요 : ",
		variantNames:  map[string]string{"freestyle": "자유룰", "standard": "표준룰", "renju": "렌주룰", "omok": "오목룰"},
		rematch:       "r : 재대결 (흑백을 바꿔 한 판 더)   다른 키 : 메뉴로",
	},
	english: &gameText{
		menuTitle: "Play online (Omok)",
		title:     "[Online] Omok",
		name:      "Omok %s",
		variantMenu: []string{rule28, "Choose the rule.", "1. Freestyle (five or more wins)", "2. Standard (exactly five)",
			"3. Renju (no 3-3, 4-4 or six for black)", "4. Omok (no 3-3)", rule28},
		variantPrompt: "Enter a rule number : ",
		variantNames:  map[string]string{"freestyle": "freestyle", "standard": "standard", "renju": "renju", "omok": "omok"},
		rematch:       "r : rematch (colours swapped)   any other key : menu",
	},
}

// omokScreen is an omok table's screen, its cursor on the centre of the
// board.
func omokScreen(b tableBase) console.Screen {
	s := &omokTable{tableBase: b, glyphs: omok.GlyphsFor(b.o.p.ASCII)}
	s.tableBase.refusal = s.refusal
	n := s.board().Size
	s.cursor = omok.Point{Row: n / 2, Col: n / 2}
	s.redraw()
	return s.arm(s)
}

// panelGap is the space between the board and the panel beside it, and
// panelWidth the panel's widest line: the clock of a 10+10 table in
// Korean, "남은 시간  1P 10:00  2P 10:00".
const (
	panelGap   = 4
	panelWidth = 30
)

// omokTable is an omok table's screen: the board with the player's cursor,
// the panel (the table, both players, the moves, the resume code), and the
// lines under the board.
type omokTable struct {
	tableBase
	cursor omok.Point
	glyphs omok.Glyphs
	drawn  drawnRows
}

// game is the game the screen draws: the table's view, taken with its
// State.
func (s *omokTable) game() *room.OmokView { return s.st.View.(*room.OmokView) }

// board is the position the screen draws.
func (s *omokTable) board() *omok.Position { return s.game().Position }

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
	n := s.board().Size
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
		return s.move(s, omok.PointName(s.cursor, n))
	case s.game().Opening != nil && (ev.IsRune('1') || ev.IsRune('2') || ev.IsRune('3')):
		return s.move(s, s.keyChoice(int(ev.Rune-'1')).String())
	}
	return s
}

// swap2Keys are the choices of swap2 by their keys 1, 2, 3, as the
// responder has them (omok.Swap2Turn.Choices).
var swap2Keys = [3]omok.Choice{omok.PlayWhite, omok.PlayBlack, omok.PlaceTwo}

// keyChoice is the choice of key k (0 for the key 1) in swap2's opening:
// the kth of the choices offered now, and when none is (a stone is
// asked, or the opener has but two) the responder's kth, which the table
// then refuses with the rules' reason.
func (s *omokTable) keyChoice(k int) omok.Choice {
	if cs := s.game().Opening.Choices; k < len(cs) {
		return cs[k]
	}
	return swap2Keys[k]
}

// refusal is the line that explains a move the table refused.
func (s *omokTable) refusal(err error) string {
	var fe *omok.ForbiddenError
	switch {
	case err == nil, errors.Is(err, room.ErrOver):
		return ""
	case errors.As(err, &fe):
		name := fe.Shape.String()
		if s.txt == &koreanText && fe.Shape == renju.Overline {
			name = "장목"
		}
		return fmt.Sprintf(s.txt.forbid, name)
	case errors.Is(err, omok.ErrOccupied):
		return s.txt.occupied
	case errors.Is(err, room.ErrWaiting):
		return fmt.Sprintf(s.txt.waiting, s.t.Code)
	case errors.Is(err, omok.ErrStoneAsked), errors.Is(err, omok.ErrChoiceAsked), errors.Is(err, omok.ErrNotOffered):
		return s.swap2Refusal(err)
	}
	return s.txt.notYours
}

// View draws the board, one span per cell at its own column, the panel
// beside it and three lines under it.
func (s *omokTable) View(size console.Size) console.Frame {
	n := s.board().Size
	f := console.Frame{Rows: make([][]console.Span, 0, n+3)}
	for r, row := range s.drawn.rows {
		f.SetRow(r, row)
	}
	s.drawLines(&f, n)
	s.drawChat(&f, n+3, size)
	f.Label(langOf(s.txt), console.Size{Width: 2*n + panelGap + panelWidth, Height: n + 3})
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
	version int            // the table's room.State drawn
	view    *omok.Position // the position drawn
	mine    bool           // it was the player's turn: the cursor's stone and the forbidden points
	over    bool
	wide    bool
	cursor  omok.Point
	rows    [][]console.Span
	panel   [][]console.Span
}

// redraw brings the rows up to the table's state and the cursor, building
// again only those that changed.
func (s *omokTable) redraw() {
	d, v := &s.drawn, s.board()
	n := v.Size
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
	v := s.game()
	return s.seat >= 0 && !s.st.Outcome.Over && s.st.Seats[1].Taken && v.Turn == s.seat
}

// rowChanged reports whether row r of the board looks different in b than
// in a: a stone, the last move's mark, the winning line, a forbidden point.
func rowChanged(a, b *omok.Position, r int) bool {
	n := a.Size
	if !slices.Equal(a.Cells[r*n:(r+1)*n], b.Cells[r*n:(r+1)*n]) ||
		a.HasLast && a.Last.Row == r || b.HasLast && b.Last.Row == r ||
		len(a.Line) != len(b.Line) || (a.Forbid == nil) != (b.Forbid == nil) {
		return true
	}
	return a.Forbid != nil && !slices.Equal(a.Forbid[r*n:(r+1)*n], b.Forbid[r*n:(r+1)*n])
}

// boardRow builds row r of the board, as omok's own screen does, and
// the panel's spans beside it. The forbidden points show to the player to
// move and to the watchers; the cursor, to a player while the game is on,
// as the player's stone, or in swap2's opening the stone asked (none
// while a choice is).
func (s *omokTable) boardRow(r int) []console.Span {
	g := s.game()
	v := g.Position
	panel := s.drawn.panel[r]
	look := omok.RowLook{Glyphs: s.glyphs, Forbidden: s.myTurn() || s.seat < 0, Cursor: s.cursor}
	switch {
	case s.seat < 0 || s.st.Outcome.Over:
	case g.Opening != nil:
		look.CursorStone = g.Opening.Stone
	default:
		look.CursorStone = g.Colour(s.seat)
	}
	row := omok.AppendRow(make([]console.Span, 0, v.Size+len(panel)), v, r, look)
	return append(row, panel...)
}

// panel returns the spans beside each of the n rows of the board: the
// table's facts, and the keys.
func (s *omokTable) panel(n int) [][]console.Span {
	t, g, w := s.txt, s.game(), s.o.p.Width
	v := g.Position
	col := 2*n + panelGap
	rows := make([][]console.Span, n)
	put := func(row int, spans ...console.Span) {
		if row < n {
			rows[row] = append(rows[row], spans...)
		}
	}
	text := func(row int, text string) { put(row, console.Span{Col: col, Text: text}) }
	text(0, wordsOf(s.t.Game, t).title)
	text(1, fmt.Sprintf(t.code, s.t.Code)+"  "+short(s.t.Game, t, v.Rule.String()))
	for i := range 2 { // each stone in its own two columns, as on the board
		put(2+i, console.Span{Col: col, Text: fmt.Sprintf("%dP", i+1)},
			console.Span{Col: col + 3, Text: console.Pad(w, s.seatGlyph(g, i), 2)},
			console.Span{Col: col + 6, Text: s.seatName(i)})
	}
	text(4, fmt.Sprintf(t.watchers, s.st.Watchers)+"  "+s.rated())
	text(5, fmt.Sprintf(t.moves, v.Moves))
	if v.HasLast {
		text(6, fmt.Sprintf(t.last, v.Last.Row+1, v.Last.Col+1))
	}
	if s.resume != "" {
		text(7, fmt.Sprintf(t.resume, s.resume))
	}
	var keys []string
	switch {
	case s.seat < 0:
		keys = []string{t.watching, s.ct.key}
	case g.Opening != nil: // nothing is offered during swap2's opening
		keys = append(slices.Clip(t.panel), t.s2Key, s.ct.key)
	default:
		// The offers' keys, the chat's beside the last: the board has no
		// row more.
		keys = slices.Concat(t.panel, s.mt.keys)
		keys[len(keys)-1] += "   " + s.ct.key
	}
	for i, k := range keys {
		text(9+i, k)
	}
	return rows
}

// unsettled stands for the stone of a seat while swap2 has not settled
// the colours.
const unsettled = "?"

// seatGlyph is the stone seat i plays, as the board draws it, or
// unsettled.
func (s *omokTable) seatGlyph(g *room.OmokView, i int) string {
	c := g.Colour(i)
	if c == omok.Empty {
		return unsettled
	}
	return s.glyphs.Stones[c]
}

// drawLines writes the three lines under the board: whose turn it is (or
// how the game ended), what to do (or that a seat is away, or that the
// game could not be saved), and a message or the question.
func (s *omokTable) drawLines(f *console.Frame, row int) {
	t, v := s.txt, s.game()
	now := s.now()
	away, next := s.away(now)
	clock, tick := s.clockLine(now)
	f.Tick = soonest(next, tick)
	if clock != "" {
		f.Put(clockRow, 2*row+panelGap, clock, console.Plain)
	}
	switch {
	case s.st.Outcome.Over:
		f.Lines(row, s.result(func(seat int) string {
			return fmt.Sprintf(t.win, seat+1, s.st.Seats[seat].Name)
		}, t.draw), s.endLine(), s.unsaved())
		return
	case !s.st.Seats[1].Taken:
		f.Line(row, fmt.Sprintf(t.waiting, s.t.Code))
	case v.Opening != nil:
		f.Line(row, s.swap2Line(v.Opening))
	case v.Turn < 0: // the board is over, and the table shows it in a moment
	case s.seat >= 0 && v.Turn == s.seat:
		f.Line(row, fmt.Sprintf(t.yourTurn, s.seat+1))
	default:
		f.Line(row, fmt.Sprintf(t.turn, v.Turn+1, s.st.Seats[v.Turn].Name))
	}
	switch {
	case away != "":
		f.Line(row+1, away)
	case s.unsaved() != "":
		f.Line(row+1, s.unsaved())
	case s.seat < 0:
		f.Line(row+1, t.watching)
	case s.st.Seats[1].Taken:
		f.Line(row+1, s.todo(v))
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
	} else if o := s.offerLine(); o != "" {
		f.Line(row+2, o)
	}
}

// clockRow is the panel's row of the clock, under the resume code.
const clockRow = 8

// swap2Line is the line that says, on every screen of the table, what
// swap2's opening waits for: whose stone, of which colour, or whose
// choice, among what.
func (s *omokTable) swap2Line(o *room.Swap2View) string {
	t, name := s.txt, s.st.Seats[o.By].Name
	if o.Stone != omok.Empty {
		return fmt.Sprintf(t.s2Place, name, t.s2Colour[o.Stone], o.Nth, o.Of)
	}
	return fmt.Sprintf(t.s2Choose, name, s.choiceList(o.Choices))
}

// todo is the line that tells a player what to do: place a stone, or in
// swap2's opening choose with the keys, or wait for the other's choice.
func (s *omokTable) todo(v *room.OmokView) string {
	o := v.Opening
	switch {
	case o == nil || o.Stone != omok.Empty:
		return s.txt.move
	case o.By == s.seat:
		return fmt.Sprintf(s.txt.s2Pick, choiceKeys(o.Choices))
	}
	return fmt.Sprintf(s.txt.s2Picking, s.st.Seats[o.By].Name)
}

// swap2Refusal is the line that explains an action swap2's opening
// refused: a stone asked, a choice asked, or a choice not offered.
func (s *omokTable) swap2Refusal(err error) string {
	t, o := s.txt, s.game().Opening
	stone := errors.Is(err, omok.ErrStoneAsked)
	switch {
	case o == nil || stone != (o.Stone != omok.Empty):
		return "" // the opening went on meanwhile: the lines above say it
	case stone:
		return fmt.Sprintf(t.s2Stone, t.s2Colour[o.Stone])
	case errors.Is(err, omok.ErrChoiceAsked):
		return fmt.Sprintf(t.s2NoStone, s.choiceList(o.Choices))
	}
	return fmt.Sprintf(t.s2Offered, s.choiceList(o.Choices))
}

// choiceList writes choices with their keys: "1. 백  2. 흑  3. 두 개 더".
func (s *omokTable) choiceList(cs []omok.Choice) string {
	words := make([]string, len(cs))
	for k, c := range cs {
		words[k] = fmt.Sprintf("%d. %s", k+1, s.txt.s2Choice[c])
	}
	return strings.Join(words, "  ")
}

// choiceKeys writes the keys of choices: "1, 2, 3".
func choiceKeys(cs []omok.Choice) string {
	keys := make([]string, len(cs))
	for k := range cs {
		keys[k] = strconv.Itoa(k + 1)
	}
	return strings.Join(keys, ", ")
}

// replayOmok shows a kept game of omok on omok's replay screen, from its
// .psq.
func replayOmok(o *online, _ *onlineText, kept store.Game, back console.Screen) (console.Screen, error) {
	r, err := omok.ParseRecord(kept.Record, 0, omok.Freestyle)
	if err != nil {
		return nil, err
	}
	opt := omok.Options{Lang: o.p.Lang, ASCII: o.p.ASCII, Width: o.p.Width}
	return omok.Replay(opt, r, keptTitle(kept), back), nil
}

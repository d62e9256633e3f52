package serve

import (
	"errors"
	"fmt"
	"time"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/store"
	"termgames/minesweeper"
	"termgames/serve/room"
)

// raceOnline is the minesweeper race's online screens and words.
var raceOnline = &onlineGame{
	game:     room.Race,
	original: lang.Korean,
	screen:   raceScreen,
	replay:   replayRace,
	korean:   raceWords(&koreanRace),
	english:  raceWords(&englishRace),
}

// racetable.go is the minesweeper race's table screen: a player's own
// field, played with the local game's keys and mouse (minesweeper.KeyAction,
// MouseAction) and drawn by its code (minesweeper.Drawing), the other
// player's progress beside it; the watchers' both fields side by side, or
// both players' progress where the terminal is too narrow. Once the race
// is over, every screen shows both fields and both players' figures. A
// kept race is watched again on raceReplay.

// The race screen's layout: the header's rows, then the fields from row
// raceTop, the first from column raceLeft, the second raceGap columns
// after the first; the panel of the other's progress raceGap columns
// after a player's field.
const (
	raceTop   = 4
	raceLeft  = 2
	raceGap   = 4
	racePanel = 24 // the panel's widest line
)

// raceScreen is a race table's screen.
func raceScreen(b tableBase) console.Screen {
	s := &raceTable{tableBase: b, rt: raceTextFor(b.txt)}
	s.tableBase.refusal = s.refusal
	l := s.game().Level
	s.row, s.col = (l.Rows-1)/2, (l.Cols-1)/2
	s.covered, _ = minesweeper.NewField(l, nil)
	s.prepare()
	return s.arm(s)
}

// raceTable is a race table's screen.
type raceTable struct {
	tableBase
	rt       *raceText
	row, col int                    // the player's cursor on their own field
	covered  *minesweeper.Field     // what the fields show before the race: all covered
	drawn    [2]minesweeper.Drawing // the field on the left (the player's own; 1P's for a watcher), the one on the right
	// sending: a click is on its way to the table (kept in the store
	// first); the clicks made meanwhile wait in queued, so that they
	// reach the table in the order they were made (each move goes from a
	// command of its own, and two commands may race).
	sending bool
	queued  []string
	placed  uint64 // the seed of the board the cursor was put on, at its first opening
}

// game is the race the screen draws: the table's view, taken with its
// State.
func (s *raceTable) game() *room.RaceView { return s.st.View.(*room.RaceView) }

// shown is the seat whose field is on the left: the player's own, 1P's
// for a watcher.
func (s *raceTable) shown() int { return max(s.seat, 0) }

// started is when the race's time runs, once the count is over.
func (s *raceTable) started() time.Time { return s.st.Started.Add(room.RaceCount) }

// racing reports whether the player's clicks count now: both seated, the
// count over, the board made, the race not over.
func (s *raceTable) racing(now time.Time) bool {
	st := s.st
	return s.seat >= 0 && st.Seats[1].Taken && !st.Outcome.Over && !now.Before(s.started()) && s.game().Ready()
}

// Update takes the player's keys and clicks on their own field, then
// builds the fields' rows for View.
func (s *raceTable) Update(ev console.Event) console.Screen {
	next := s.update(ev)
	s.prepare()
	return next
}

func (s *raceTable) update(ev console.Event) console.Screen {
	if r, ok := ev.Result.(moved); ok && ev.Type == console.ResultEvent && r.t == s.t {
		next, _ := s.common(s, ev)
		s.sending = false
		if len(s.queued) == 0 {
			return next
		}
		text := s.queued[0]
		s.queued = s.queued[1:]
		return s.send(text)
	}
	if ev.Type == console.MouseEvent {
		a, r, c, ok := minesweeper.MouseAction(ev, raceTop, raceLeft)
		if !ok || s.confirm {
			return s
		}
		return s.click(a, r, c)
	}
	if next, done := s.common(s, ev); done {
		return next
	}
	if dr, dc, ok := console.Direction(ev); ok {
		l := s.game().Level
		s.row = min(max(s.row+dr, 0), l.Rows-1)
		s.col = min(max(s.col+dc, 0), l.Cols-1)
		return s
	}
	if a, ok := minesweeper.KeyAction(ev); ok {
		return s.click(a, s.row, s.col)
	}
	return s
}

// click makes the player's click on their own field a move of the table:
// an open on an open number chords, as in the local game.
func (s *raceTable) click(a minesweeper.Action, r, c int) console.Screen {
	f := s.game().Field(max(s.seat, 0))
	if !s.racing(s.now()) || f == nil || !f.Inside(r, c) {
		return s
	}
	s.row, s.col = r, c
	if a == minesweeper.OpenClick && f.IsOpen(r, c) {
		a = minesweeper.ChordClick
	}
	if s.sending {
		s.queued = append(s.queued, room.RaceClick(a, r, c))
		return s
	}
	return s.send(room.RaceClick(a, r, c))
}

// send sends a click to the table.
func (s *raceTable) send(text string) console.Screen {
	s.sending = true
	return s.move(s, text)
}

// refusal words a click the table refused: none is the player's to
// mend (the race is over), but for a click the race does not know, said
// as it is.
func (s *raceTable) refusal(err error) string {
	switch {
	case err == nil, errors.Is(err, room.ErrOver):
		return ""
	}
	return err.Error()
}

// field is what seat's field shows now: all covered until the race
// begins.
func (s *raceTable) field(seat int, now time.Time) *minesweeper.Field {
	if !s.st.Seats[1].Taken || now.Before(s.started()) {
		return s.covered
	}
	return s.game().Field(seat)
}

// prepare builds the fields' rows, the left one with the player's cursor
// while they race.
func (s *raceTable) prepare() {
	now := s.now()
	v := s.game()
	l := v.Level
	if r, c, ok := v.First(); ok && s.placed != v.Seed {
		s.row, s.col, s.placed = r, c, v.Seed // each board's cursor starts where it was opened
	}
	wide := s.o.p.Width.EastAsianWidth
	for i := range s.drawn {
		s.drawn[i].Top, s.drawn[i].ASCII = raceTop, s.o.p.ASCII
		s.drawn[i].Left = raceLeft + i*(second(l)-raceLeft)
	}
	cursor := -1
	if s.seat >= 0 && !s.st.Outcome.Over {
		cursor = s.col
	}
	seat := s.shown()
	if f := s.field(seat, now); f != nil {
		s.drawn[0].Update(f, s.row, cursor, wide)
	}
	if f := s.field(1-seat, now); f != nil {
		s.drawn[1].Update(f, -1, -1, wide)
	}
}

// second is the column of the field on the right: after the left one,
// or after its progress line where the field is narrower.
func second(l minesweeper.Level) int { return raceLeft + max(2*l.Cols, racePanel) + raceGap }

// View draws the header, the fields, and the lines under them, in 24
// rows at expert as the local game does: the table and both players, the
// race's state (the count, the time and the mines left, the result), the
// fields, the keys or both players' figures, a message.
func (s *raceTable) View(size console.Size) console.Frame {
	t, rt, st, v := s.txt, s.rt, s.st, s.game()
	l := v.Level
	now := s.now()
	var f console.Frame
	players := fmt.Sprintf("1P %s  vs  2P %s", s.seatName(0), s.seatName(1)) + "   " + s.ct.key
	switch {
	case s.resume != "":
		players += "   " + fmt.Sprintf(t.resume, s.resume)
	case s.seat < 0:
		players += "   " + t.watching
	}
	f.Lines(0, fmt.Sprintf(rt.heading, wordsOf(s.t.Game, t).title, rt.levelName(l))+"   "+fmt.Sprintf(t.code, s.t.Code)+"   "+
		fmt.Sprintf(t.watchers, st.Watchers)+"   "+s.rated(), players)
	status, tick := s.status(now)
	f.Line(raceTop-2, status)

	boardW, right := 2*l.Cols, second(l)
	both := s.seat < 0 || st.Outcome.Over
	row := raceTop + l.Rows + 1
	switch {
	case !v.Ready() && st.Seats[1].Taken:
		f.Line(raceTop, rt.making)
		tick = soonest(tick, 50*time.Millisecond)
	case both && size.Width >= right+boardW:
		for i, col := range [2]int{raceLeft, right} {
			seat := i ^ s.shown()
			s.drawn[i].Draw(&f)
			f.Put(raceTop-1, col, s.name(seat), console.Plain)
			f.Put(raceTop+l.Rows, col, s.progress(seat), console.Plain)
		}
	case both && s.seat >= 0:
		// Too narrow for both fields: the player's own, and the other's
		// progress.
		s.drawn[0].Draw(&f)
		f.Line(raceTop-1, s.progressLine(1-s.seat))
	case both:
		// Too narrow for both fields: the watchers read the progress.
		row = f.Lines(raceTop, s.progressLine(0), s.progressLine(1), fmt.Sprintf(rt.narrow, right+boardW))
	default:
		s.drawn[0].Draw(&f)
		if st.Seats[1].Taken {
			s.panel(&f, size, boardW)
		} else {
			f.Line(raceTop-1, rt.waiting)
		}
	}
	row = s.under(&f, row)
	away, next := s.away(now)
	f.Tick = soonest(tick, next)
	switch {
	case s.confirm:
		q := t.confirm
		if s.seat < 0 {
			q = t.confirmW
		}
		f.Line(row, q)
		f.CursorAt(row, console.Width(s.o.p.Width, q))
	case away != "":
		f.Line(row, away)
	case s.unsaved() != "":
		f.Line(row, s.unsaved())
	case s.msg != "":
		f.Line(row, s.msg)
	}
	s.drawChat(&f, row+1, size)
	f.Mouse = s.seat >= 0 && !st.Outcome.Over
	f.Label(langOf(t), console.Size{Width: max(raceLeft+boardW, 60), Height: raceTop + l.Rows + 4})
	return f
}

// status is the line over the fields: the count, the race's time, the
// player's mines left, the waiting, or how the race ended; and when it
// next changes.
func (s *raceTable) status(now time.Time) (string, time.Duration) {
	st, rt := s.st, s.rt
	switch {
	case !st.Seats[1].Taken:
		return fmt.Sprintf(s.txt.waiting, s.t.Code), 0
	case now.Before(s.started()):
		left := s.started().Sub(now)
		secs := int((left + time.Second - 1) / time.Second)
		return fmt.Sprintf(rt.count, secs), left - time.Duration(secs-1)*time.Second
	case st.Outcome.Over:
		return s.result(s.winLine, s.txt.draw), 0
	}
	run := now.Sub(s.started())
	if s.seat >= 0 { // the player's own time: the server's downtime is not in it
		run = max(s.game().Spent[s.seat]+now.Sub(st.Since[s.seat])-room.RaceCount, 0)
	}
	line := fmt.Sprintf(rt.clock, int(run/time.Second))
	if s.seat >= 0 {
		if fd := s.game().Field(s.seat); fd != nil {
			line = minesweeper.MinesLeftLine(rt.tag, fd.MinesLeft()) + "   " + line
		}
	}
	return line, time.Second - run%time.Second
}

// progressLine is seat's progress in one line: its name, the safe cells
// it has opened of all, its flags.
func (s *raceTable) progressLine(seat int) string {
	opened, safe, flags := s.game().Progress(seat)
	return fmt.Sprintf(s.rt.progress, s.name(seat), opened, safe, flags)
}

// progress is seat's progress under its field: the safe cells it has
// opened of all, its flags.
func (s *raceTable) progress(seat int) string {
	opened, safe, flags := s.game().Progress(seat)
	return fmt.Sprintf(s.rt.opened, opened, safe) + "  " + fmt.Sprintf(s.rt.flags, flags)
}

// panel is the other player's progress beside the player's field, or
// under the header where the terminal has no room beside it.
func (s *raceTable) panel(f *console.Frame, size console.Size, boardW int) {
	other := 1 - s.shown()
	opened, safe, flags := s.game().Progress(other)
	lines := []string{fmt.Sprintf(s.rt.opponent, s.name(other)), fmt.Sprintf(s.rt.opened, opened, safe),
		fmt.Sprintf(s.rt.flags, flags)}
	col := raceLeft + boardW + raceGap
	if size.Width < col+racePanel {
		f.Line(raceTop-1, s.progressLine(other))
		return
	}
	for i, l := range lines {
		f.Put(raceTop+i, col, l, console.Plain)
	}
}

// under draws the lines under the fields from row: the keys while the
// race goes on, both players' figures and the keys of a rematch once it
// is over; and returns the row for a message.
func (s *raceTable) under(f *console.Frame, row int) int {
	st, rt := s.st, s.rt
	if !st.Outcome.Over {
		if s.seat < 0 {
			return row
		}
		help := minesweeper.KeyHelp(rt.tag)
		help[len(help)-1] += "   " + rt.leave
		return f.Lines(row, help...)
	}
	v := s.game()
	var lines []string
	width := max(console.Width(s.o.p.Width, st.Seats[0].Name), console.Width(s.o.p.Width, st.Seats[1].Name))
	for i := range 2 {
		lines = append(lines, console.Pad(s.o.p.Width, st.Seats[i].Name, width)+"  "+minesweeper.FiguresLine(rt.tag, v.Figures(i)))
	}
	return f.Lines(row, append(lines, s.endLine())...)
}

// winLine says how the race was won: cleared first, or the other opened
// a mine.
func (s *raceTable) winLine(seat int) string {
	names := s.st.Seats
	if s.st.Outcome.How == room.RaceMine {
		return fmt.Sprintf(s.rt.mine, names[1-seat].Name, names[seat].Name)
	}
	return fmt.Sprintf(s.rt.cleared, names[seat].Name)
}

// raceReplay watches a kept race again, as the local game watches a game
// again: both fields side by side, the clicks of both players made in the
// order of their times; → makes the next click, Space plays them at the
// speed they were made (and pauses), ← goes back to the start, and Esc, q
// or Backspace go back to the list.
type raceReplay struct {
	o       *online
	txt     *onlineText
	rt      *raceText
	back    console.Screen
	kept    store.Game
	game    room.Rules      // the race at the replay's point (room.RaceAt)
	made    int             // moves made so far
	at      []time.Duration // each move's time in the race
	playing bool
	began   time.Time // while playing: when the race's start would have come
	now     time.Time
	drawn   [2]minesweeper.Drawing
}

// replayRace shows kept, a race, on the replay screen.
func replayRace(o *online, t *onlineText, kept store.Game, back console.Screen) (console.Screen, error) {
	r := &raceReplay{o: o, txt: t, rt: raceTextFor(t), back: back, kept: kept}
	if err := r.rewind(); err != nil {
		return nil, err
	}
	var spent [2]time.Duration
	for _, m := range kept.Moves {
		spent[m.Seat&1] += m.Time
		r.at = append(r.at, max(spent[m.Seat&1]-room.RaceCount, 0))
	}
	return r, nil
}

// rewind goes back to the start: both fields as the first opening left
// them.
func (r *raceReplay) rewind() error {
	game, err := room.RaceAt(r.kept)
	if err != nil {
		return err
	}
	r.game, r.made, r.playing = game, 0, false
	r.prepare()
	return nil
}

// view is the race at the replay's point.
func (r *raceReplay) view() *room.RaceView { return r.game.View().(*room.RaceView) }

// step makes the next move; a move the race refuses (a game kept by
// another version) ends the replay there.
func (r *raceReplay) step() {
	if r.made < len(r.kept.Moves) {
		m := r.kept.Moves[r.made]
		if _, err := r.game.Apply(m.Seat&1, m.Text, m.Time); err != nil {
			r.made = len(r.kept.Moves)
		}
		r.made++
	}
	if r.made >= len(r.kept.Moves) {
		r.made, r.playing = len(r.kept.Moves), false
	}
}

// Update turns the keys and the ticks into moves made.
func (r *raceReplay) Update(ev console.Event) console.Screen {
	r.now = ev.Time
	switch {
	case ev.IsKey(console.KeyEsc), ev.IsKey(console.KeyBackspace), ev.IsRune('q'), ev.IsRune('Q'):
		return reshow(r.back)
	case ev.IsKey(console.KeyRight), ev.IsRune('l'):
		r.playing = false
		r.step()
	case ev.IsKey(console.KeyLeft), ev.IsKey(console.KeyHome), ev.IsRune('h'):
		_ = r.rewind() // it was made once: the same again
	case ev.IsRune(' '):
		r.toggle()
	}
	for r.playing && !r.now.Before(r.began.Add(r.at[r.made])) {
		r.step()
	}
	r.prepare()
	return r
}

// toggle starts or pauses playing, from the moves made.
func (r *raceReplay) toggle() {
	if r.playing {
		r.playing = false
		return
	}
	if r.made == len(r.kept.Moves) {
		_ = r.rewind() // it was made once: the same again
	}
	if len(r.kept.Moves) == 0 {
		return
	}
	r.playing, r.began = true, r.now
	if r.made > 0 {
		r.began = r.now.Add(-r.at[r.made-1])
	}
}

// shown is the race's time at the replay's point.
func (r *raceReplay) shown() time.Duration {
	switch {
	case r.playing:
		return max(r.now.Sub(r.began), 0)
	case r.made > 0:
		return r.at[r.made-1]
	}
	return 0
}

// prepare builds both fields' rows, the cell of the last click in
// reverse video.
func (r *raceReplay) prepare() {
	v := r.view()
	l := v.Level
	var last [2][2]int
	last[0], last[1] = [2]int{-1, -1}, [2]int{-1, -1}
	for seat, cs := range v.Clicks {
		if len(cs) > 0 && r.made > 0 && r.kept.Moves[r.made-1].Seat&1 == seat {
			last[seat] = [2]int{cs[len(cs)-1].Row, cs[len(cs)-1].Col}
		}
	}
	for i := range r.drawn {
		r.drawn[i].Top, r.drawn[i].Left, r.drawn[i].ASCII = raceTop, raceLeft+i*(second(l)-raceLeft), r.o.p.ASCII
		r.drawn[i].Update(v.Field(i), last[i][0], last[i][1], r.o.p.Width.EastAsianWidth)
	}
}

// View draws the title, both fields with their players' progress, and
// the keys; the progress alone where the terminal is too narrow.
func (r *raceReplay) View(size console.Size) console.Frame {
	v := r.view()
	l := v.Level
	var f console.Frame
	f.Line(0, keptTitle(r.kept)+"   "+fmt.Sprintf(r.rt.heading, wordsOf(room.Race, r.txt).title, r.rt.levelName(l)))
	f.Line(1, fmt.Sprintf(r.rt.replayTitle, r.made, len(r.kept.Moves), fmt.Sprintf("%.1f", r.shown().Seconds())))
	right := second(l)
	row := raceTop + l.Rows + 2
	if size.Width >= right+2*l.Cols {
		for i, col := range [2]int{raceLeft, right} {
			r.drawn[i].Draw(&f)
			f.Put(raceTop-1, col, r.kept.Seats[i].Name, console.Plain)
			opened, safe, flags := v.Progress(i)
			f.Put(raceTop+l.Rows, col, fmt.Sprintf(r.rt.opened, opened, safe)+"  "+fmt.Sprintf(r.rt.flags, flags), console.Plain)
		}
	} else {
		row = raceTop
		for i := range 2 {
			opened, safe, flags := v.Progress(i)
			row = f.Lines(row, fmt.Sprintf(r.rt.progress, r.kept.Seats[i].Name, opened, safe, flags))
		}
		row = f.Lines(row, fmt.Sprintf(r.rt.narrow, right+2*l.Cols)) + 1
	}
	f.Lines(row, r.rt.replayHelp...)
	if r.playing {
		const tenth = 100 * time.Millisecond
		f.Tick = min(max(r.began.Add(r.at[r.made]).Sub(r.now), time.Millisecond), tenth-r.shown()%tenth)
	}
	f.Label(langOf(r.txt), console.Size{Width: 60, Height: row + 2})
	return f
}

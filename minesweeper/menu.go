package minesweeper

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"termgames/console"
)

// The menu's items.
const (
	itemCustom  = 4
	itemBest    = 5
	itemNoGuess = 6
	itemQuit    = 7
	itemOnline  = 8 // only over SSH (Options.Online): races at online tables
)

// Update reads the menu's answer.
func (a *app) Update(ev console.Event) console.Screen {
	a.observe(ev)
	if a.notice != nil {
		a.menu.Show(a.notice...)
		a.notice = nil
	}
	return a.with(a.choose(ev))
}

// choose acts on the menu's answer.
func (a *app) choose(ev console.Event) console.Screen {
	switch n := a.menu.Update(ev); n {
	case 0:
		return a
	case itemCustom:
		return newAskCustom(a)
	case itemBest:
		return newBestTimes(a)
	case itemNoGuess:
		a.noGuess = !a.noGuess
		a.menu = a.newMenu()
		return a
	case itemQuit:
		return a.menu.Leave(a.back, "")
	case itemOnline:
		a.menu.Show() // a fresh menu for when the online menu comes back
		return a.opt.Online(a)
	default:
		return a.play(Levels()[n-1])
	}
}

// View shows the menu.
func (a *app) View(size console.Size) console.Frame {
	f := a.menu.View(size, a.w)
	f.Label(a.tag(), console.Size{})
	return f
}

// toMenu clears the screen and asks the menu again, with lines above it.
func (a *app) toMenu(lines ...string) console.Screen {
	a.menu.Show(lines...)
	return a
}

// play starts a game of level l.
func (a *app) play(l Level) console.Screen {
	f, err := NewField(l, a.rng)
	if err != nil {
		return a.toMenu(err.Error())
	}
	b := &board{app: a, field: f, row: (l.Rows - 1) / 2, col: (l.Cols - 1) / 2, noGuess: a.noGuess}
	b.prepare()
	return b
}

// playAgain starts the same board as old again: its mines, laid at the
// first opening wherever it is. Such a game is said on the screen and kept
// out of the best times and the statistics.
func (a *app) playAgain(old *board, mines []bool) console.Screen {
	l := old.field.Level()
	f, err := NewFieldOf(l, mines)
	if err != nil {
		return a.toMenu(err.Error())
	}
	b := &board{app: a, field: f, row: (l.Rows - 1) / 2, col: (l.Cols - 1) / 2, noGuess: old.noGuess, retry: true}
	b.prepare()
	return b
}

// askCustom asks for a custom field the way the menu asks: rows, then
// columns, then mines, one question at a time in a scrolling transcript; a
// wrong answer gets the retry line and the same question again. Esc goes
// back to the menu.
type askCustom struct {
	app  *app
	log  console.Transcript
	in   console.LineInput
	step int // 0 rows, 1 columns, 2 mines
	rows int
	cols int
}

func newAskCustom(a *app) console.Screen {
	maxRows, maxCols := a.customLimit()
	if maxRows < 2 || maxCols < 2 {
		return a.toMenu(a.t.customTooBig)
	}
	s := &askCustom{app: a}
	s.log.Println(a.t.custom)
	return s
}

// customLimit is the largest field the terminal can show, by the board
// screen's layout, and MaxSide x MaxSide at most.
func (a *app) customLimit() (rows, cols int) {
	size := a.size
	// The help and status lines must fit too; at their widest (a custom
	// field with the most cells to flag) they hardly depend on the size, so
	// a terminal narrower than them fits no board at all.
	if a.textWidth(Level{Rows: MaxSide, Cols: MaxSide, Mines: 1}) > size.Width {
		return 0, 0
	}
	return min(MaxSide, size.Height-extraRows), min(MaxSide, (size.Width-boardLeft)/2)
}

// bounds are the answers the current question accepts.
func (s *askCustom) bounds() (lo, hi int, question string) {
	maxRows, maxCols := s.app.customLimit()
	t := s.app.t
	switch s.step {
	case 0:
		return 2, maxRows, t.askRows
	case 1:
		return 2, maxCols, t.askCols
	}
	return 1, s.rows*s.cols - 1, t.askMines
}

// question is the current question with the range the terminal allows
// now: it is drawn after the transcript, not printed into it, so that it
// follows a resize.
func (s *askCustom) question() string {
	lo, hi, q := s.bounds()
	return fmt.Sprintf(q, lo, hi)
}

// Update reads one answer; the limits are those of the terminal's latest
// size when the answer is given.
func (s *askCustom) Update(ev console.Event) console.Screen {
	s.app.observe(ev)
	return s.app.with(s.answer(ev))
}

// answer takes a typed line: the next question, the game, or the retry.
func (s *askCustom) answer(ev console.Event) console.Screen {
	if ev.IsKey(console.KeyEsc) {
		return s.app.toMenu()
	}
	line, done := s.in.Update(ev)
	if !done || strings.TrimSpace(line) == "" {
		return s
	}
	s.log.Println(s.question() + line)
	n, err := strconv.Atoi(strings.TrimSpace(line)) // spaces around it are fine, as for cin
	lo, hi, _ := s.bounds()
	if err != nil || n < lo || n > hi {
		s.log.Println(s.app.t.retry)
		return s
	}
	switch s.step {
	case 0:
		s.rows = n
	case 1:
		s.cols = n
	case 2:
		return s.app.play(Custom(s.rows, s.cols, n))
	}
	s.step++
	return s
}

// View shows the questions and answers so far, and the one being typed.
func (s *askCustom) View(size console.Size) console.Frame {
	return s.log.Frame(size, s.app.w, s.question()+s.in.String())
}

// bestTimes shows the ten best times and the statistics of one of the
// original's three levels (or of their no-guess boards) at a time; custom
// fields keep neither (play.go). With a book, the book's leaderboard of
// the level stands beside the player's own times, and the statistics go
// under them. Left and right turn the page; Esc, Enter, q or Backspace go
// back to the menu.
type bestTimes struct {
	app   *app
	pages []page
	page  int
}

// newBestTimes lists the original's three levels, then those of their
// no-guess boards that have times or games; with a book, all three of
// them, whose leaderboards may have times of others, and the leaderboards
// are read again.
func newBestTimes(a *app) console.Screen {
	b := &bestTimes{app: a}
	for _, l := range Levels() {
		b.pages = append(b.pages, page{level: l})
	}
	if a.opt.Book != nil {
		var keys []string
		for _, l := range Levels() {
			b.pages = append(b.pages, page{level: l, noGuess: true})
		}
		for _, p := range b.pages {
			keys = append(keys, scoreKey(p.level, p.noGuess))
		}
		a.cmds = append(a.cmds, a.readLeaders(keys))
		return b
	}
	for _, key := range a.store.keys() {
		// Custom fields keep no best times (play.go); a file from before
		// may hold some, which stay in it unlisted.
		if p, ok := pageOfKey(key); ok && p.level.Name != "" && !slices.Contains(b.pages, p) {
			b.pages = append(b.pages, p)
		}
	}
	return b
}

// noGuessSuffix ends the best-times key of a level's no-guess boards, so
// that their times are kept apart; files written before no-guess boards
// have no such keys and read as before.
const noGuessSuffix = "+noguess"

// scoreKey is the best-times key of level l, with or without no-guess
// boards.
func scoreKey(l Level, noGuess bool) string {
	if noGuess {
		return l.Key() + noGuessSuffix
	}
	return l.Key()
}

// page is one page of the best times: a level, with no-guess boards or
// without.
type page struct {
	level   Level
	noGuess bool
}

// pageOfKey reads a best-times key back into its page.
func pageOfKey(key string) (page, bool) {
	base, noGuess := strings.CutSuffix(key, noGuessSuffix)
	l, ok := levelOfKey(base)
	return page{l, noGuess}, ok
}

// levelOfKey reads a best-times key back into its level: a name of one of
// the original's levels, or "RxC/M".
func levelOfKey(key string) (Level, bool) {
	for _, l := range Levels() {
		if l.Key() == key {
			return l, true
		}
	}
	var l Level
	var rest string
	if n, _ := fmt.Sscanf(key, "%dx%d/%d%s", &l.Rows, &l.Cols, &l.Mines, &rest); n != 3 {
		return Level{}, false
	}
	if l.Check() != nil || l.Key() != key {
		return Level{}, false
	}
	return Custom(l.Rows, l.Cols, l.Mines), true
}

// Update turns the page or goes back to the menu.
func (b *bestTimes) Update(ev console.Event) console.Screen {
	b.app.observe(ev)
	return b.app.with(b.turn(ev))
}

// turn turns the page, or goes back to the menu.
func (b *bestTimes) turn(ev console.Event) console.Screen {
	switch {
	case ev.IsKey(console.KeyEsc), ev.IsKey(console.KeyEnter), ev.IsKey(console.KeyBackspace),
		ev.IsRune('q'), ev.IsRune('Q'):
		return b.app.toMenu()
	case ev.IsKey(console.KeyTab), ev.IsRune(' '):
		b.page = (b.page + 1) % len(b.pages)
	}
	if dr, dc, ok := console.Direction(ev); ok {
		// ← and ↑ turn back a page, → and ↓ on to the next.
		b.page = (b.page + len(b.pages) + dr + dc) % len(b.pages)
	}
	return b
}

// View lists the page's times (rank, seconds to a tenth, and when) with
// the level's statistics beside them, or, with a book, with the
// leaderboard beside them and the statistics under.
func (b *bestTimes) View(console.Size) console.Frame {
	t := b.app.t
	p := b.pages[b.page]
	title := t.levelTitle(p.level)
	if p.noGuess {
		title += t.noGuessTag
	}
	var f console.Frame
	f.Line(0, fmt.Sprintf(t.bestTitle, title)+fmt.Sprintf("   (%d/%d)", b.page+1, len(b.pages)))
	key := scoreKey(p.level, p.noGuess)
	recs := b.app.store.times(key)
	var times []string
	if len(recs) == 0 {
		times = append(times, "  "+t.bestNone)
	}
	for i, r := range recs {
		times = append(times, fmt.Sprintf("%3d. %8s%s   %s", i+1, seconds(r.Time()), t.unit, r.When.Format("2006-01-02 15:04")))
	}
	// The statistics start past the widest a times line can be.
	col := console.Width(b.app.w, fmt.Sprintf("%3d. %8s%s   %s", keepBest, "9999.9", t.unit, "2006-01-02 15:04")) + 4
	stats := t.statsBlock(b.app.w, b.app.store.statsOf(key), recs)
	var row int
	if b.app.opt.Book == nil {
		row = sideBySide(&f, 2, times, stats, col)
	} else {
		row = sideBySide(&f, 2, append([]string{t.ownTimes}, times...), b.leaderLines(key), col)
		row = sideBySide(&f, row+1, stats, nil, 0)
	}
	f.Line(row+1, t.bestHelp)
	// The whole list or the too-small screen, never lines cut or piled up.
	need := console.Size{Height: row + 2}
	for _, spans := range f.Rows {
		for _, sp := range spans {
			need.Width = max(need.Width, sp.Col+console.Width(b.app.w, sp.Text))
		}
	}
	f.Label(b.app.tag(), need)
	return f
}

// sideBySide sets left's lines from row on, and right's beside them from
// column col; it returns the row after the longer.
func sideBySide(f *console.Frame, row int, left, right []string, col int) int {
	for i := range max(len(left), len(right)) {
		var spans []console.Span
		if i < len(left) {
			spans = append(spans, console.Span{Text: left[i]})
		}
		if i < len(right) {
			spans = append(spans, console.Span{Col: col, Text: right[i]})
		}
		f.SetRow(row, spans)
		row++
	}
	return row
}

// leaderLines is the book's leaderboard of level key under its title:
// each player's best time, their names padded to the widest; or, until it
// is read, or when it cannot be, a line that says so.
func (b *bestTimes) leaderLines(key string) []string {
	t, w := b.app.t, b.app.w
	lines := []string{t.leaders}
	leaders, read := b.app.leaders[key]
	switch {
	case b.app.leadersErr != nil:
		return append(lines, "  "+t.leadersFailed)
	case !read:
		return append(lines, "  "+t.leadersWait)
	case len(leaders) == 0:
		return append(lines, "  "+t.bestNone)
	}
	width := 0
	for _, l := range leaders {
		width = max(width, console.Width(w, l.Name))
	}
	for i, l := range leaders {
		lines = append(lines, fmt.Sprintf("%3d. %s  %6s%s", i+1, w.FillRight(l.Name, width), seconds(l.Time), t.unit))
	}
	return lines
}

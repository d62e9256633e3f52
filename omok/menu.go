package omok

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"termgames/console"
	"termgames/omok/engine"
	"termgames/omok/renju"
)

// The menu's items, numbered as the original numbers them.
const (
	itemPlay = iota + 1
	itemHowTo
	itemCredits
	itemQuit
	itemComputer // not in the original: a game against the computer
	itemRule     // not in the original: the rule for every game after
	// After the rule come, each only where it is offered, the kept games
	// (Options.Records) and the online tables (Options.Online, over SSH).
)

// menuScreen is the original's menu(): a numbered menu in a scrolling
// transcript, where the how-to and the credits are printed above the menu
// after a clear, as the original's system("cls") and reprint do.
type menuScreen struct {
	opt  Options
	text *texts
	back console.Screen
	menu *console.Menu
	// ask is the question entry 5 asks in the menu's style, the level and
	// then who moves first; nil while the menu itself is shown.
	ask   *console.Menu
	level engine.Level
	// short is the how-to without its 3-3 diagram, fed the same keys as
	// menu while the how-to is up, and shown instead when the whole how-to
	// (tall) and the menu do not fit: under renju at 80x24 the original's
	// first lines would scroll off an alternate screen that has no
	// scrollback. nil when no how-to with a diagram is up.
	short *console.Menu
	tall  []string
	// saidFolder is set once a record could not be written: the folder
	// is said once, and the games go on.
	saidFolder bool
	// clock is the time of the latest event, where a game's clock starts.
	clock time.Time
	// keeping counts the games being written to the records folder (keep),
	// off the UI goroutine: the list waits for them, so that a game just
	// left is in it.
	keeping *sync.WaitGroup
}

// items are the menu's entries after the rule's, by number.
func (m *menuScreen) records() int {
	if m.opt.Records == "" {
		return 0
	}
	return itemRule + 1
}

// online is the online tables' entry number, 0 where there are none.
func (m *menuScreen) online() int {
	if m.opt.Online == nil {
		return 0
	}
	return max(itemRule, m.records()) + 1
}

// noteKept says what became of a game's record: the file it went to, or,
// the first time only, why the folder could not keep it.
func (m *menuScreen) noteKept(k recordKept) string {
	switch {
	case k.err == nil:
		return fmt.Sprintf(m.text.rec.kept, filepath.Base(k.path))
	case m.saidFolder:
		return ""
	}
	m.saidFolder = true
	return fmt.Sprintf(m.text.rec.notKept, k.err)
}

// Update passes typed keys to the menu and acts on a chosen item.
func (m *menuScreen) Update(ev console.Event) console.Screen {
	m.clock = ev.Time
	if k, ok := ev.Result.(recordKept); ok && ev.Type == console.ResultEvent {
		if line := m.noteKept(k); line != "" && k.err != nil {
			m.menu.Show(line)
		}
		return m
	}
	if m.ask != nil {
		return m.answer(ev)
	}
	if m.short != nil {
		m.short.Update(ev)
	}
	n := m.menu.Update(ev)
	if n != 0 {
		m.short = nil
	}
	switch {
	case n == 0:
		return m
	case n == m.records():
		return newListScreen(m)
	case n == m.online():
		m.menu.Show() // a fresh menu for when the online menu comes back
		return m.opt.Online(m)
	}
	switch n {
	case itemPlay:
		return newGame(m)
	case itemComputer:
		return m.askLevel()
	case itemRule:
		return m.askRule()
	case itemHowTo:
		m.showHowTo()
	case itemCredits:
		m.menu.Show(m.text.credits...)
	case itemQuit:
		return m.menu.Leave(m.back, m.text.quit)
	}
	return m
}

// newMenu returns the menu as it stands: its entry 6 names the rule in
// force; the kept games are 7 where a folder keeps them, and an SSH
// session has the online tables after.
func (m *menuScreen) newMenu() *console.Menu {
	block := m.text.menuBlock(m.opt.Rule, m.records() != 0, m.online() != 0)
	items := max(itemRule, m.records(), m.online())
	return console.NewMenu(block, m.text.prompt, m.text.retry, items).QuitOnEsc(itemQuit)
}

// askLevel asks entry 5's first question of its own, the level.
func (m *menuScreen) askLevel() console.Screen {
	m.ask = console.NewMenu(m.text.levels, m.text.prompt, m.text.retry, 3)
	return m
}

// answer takes the answers to entry 5's questions: 1-3 for the level, then
// 1 (the person first, ○) or 2 (the computer first). Esc goes back to the
// menu.
func (m *menuScreen) answer(ev console.Event) console.Screen {
	if ev.IsKey(console.KeyEsc) {
		return m.reopen()
	}
	n := m.ask.Update(ev)
	switch {
	case n == 0:
		return m
	case m.ask.Count() == 3:
		m.level = engine.Level(n - 1) // 1. 쉬움 2. 보통 3. 어려움
		glyphs, _ := m.glyphs()
		m.ask = console.NewMenu(stones(m.text.first, glyphs), m.text.prompt, m.text.retry, 2)
		return m
	}
	m.ask = nil
	return newComputerGame(m, m.level, n == 2)
}

// View shows the transcript.
func (m *menuScreen) View(size console.Size) console.Frame {
	var f console.Frame
	switch {
	case m.ask != nil:
		f = m.ask.View(size, m.opt.Width)
	case m.short != nil && m.howToRows(size) > size.Height:
		f = m.short.View(size, m.opt.Width)
	default:
		f = m.menu.View(size, m.opt.Width)
	}
	f.Label(m.opt.Lang, console.Size{})
	return f
}

// showHowTo prints the how-to for the rule in force (the last one chosen)
// above the menu, and keeps the version without the diagram beside it.
func (m *menuScreen) showHowTo() {
	glyphs, forbid := m.glyphs()
	full := m.text.howToPlay(m.opt.Rule, m.opt.Size, glyphs, forbid)
	m.menu.Show(full...)
	// The short how-to leaves out the diagram, and the keys that the panel
	// beside the board lists anyway, past the original's two.
	left := append(threeThree(glyphs, forbid, fmt.Sprintf(m.text.diagram, forbid)), m.text.keys[3:]...)
	short := slices.DeleteFunc(slices.Clone(full), func(l string) bool { return slices.Contains(left, l) })
	if len(short) == len(full) {
		return
	}
	m.tall = full
	m.short = m.newMenu()
	m.short.Show(short...)
}

// glyphs are the stones and the forbidden mark as the board draws them.
func (m *menuScreen) glyphs() ([3]string, string) {
	g := GlyphsFor(m.opt.ASCII)
	return g.Stones, g.Forbid
}

// howToRows is how many rows the whole how-to and the menu under it take
// in a terminal of size, long lines wrapped as the transcript wraps them.
func (m *menuScreen) howToRows(size console.Size) int {
	rows := len(m.text.menu) + 1 // the block and the prompt
	for _, l := range m.tall {
		rows += len(console.Wrap(m.opt.Width, l, size.Width))
	}
	return rows
}

// askRule clears the screen and asks for the rule in the menu's style, one
// number per rule. The answer holds for every game until the program ends.
func (m *menuScreen) askRule() console.Screen {
	return &ruleScreen{
		menu: m,
		ask:  console.NewMenu(m.text.ruleMenu, m.text.rulePrompt, m.text.retry, len(renju.Rules)),
	}
}

// ruleScreen is the rule question of the menu's last entry.
type ruleScreen struct {
	menu *menuScreen
	ask  *console.Menu
}

// Update passes typed keys to the question; Esc returns to the menu and
// keeps the rule.
func (s *ruleScreen) Update(ev console.Event) console.Screen {
	if ev.IsKey(console.KeyEsc) {
		return s.menu.reopen()
	}
	n := s.ask.Update(ev)
	if n == 0 {
		return s
	}
	m := s.menu
	m.opt.Rule = renju.Rules[n-1]
	m.menu = m.newMenu()
	m.menu.Show(fmt.Sprintf(m.text.ruleSet, m.text.ruleWord[m.opt.Rule]))
	return m
}

// View shows the question's transcript.
func (s *ruleScreen) View(size console.Size) console.Frame {
	f := s.ask.View(size, s.menu.opt.Width)
	f.Label(s.menu.opt.Lang, console.Size{})
	return f
}

// reopen clears the screen and asks again, as the original's loop prints
// the menu once a game has ended.
func (m *menuScreen) reopen() console.Screen {
	m.ask = nil
	m.menu.Show()
	return m
}

// listScreen is the menu's 기보 보기: the kept games, newest first, one
// line each; Enter opens the one under the cursor in the replay screen.
type listScreen struct {
	menu    *menuScreen
	loaded  bool
	err     error
	list    []Kept
	cursor  int
	top     int // the first line shown, so that the cursor stays in view
	visible int // lines the last Update made room for
}

// recordsListed is the folder's reading, delivered as a ResultEvent.
type recordsListed struct {
	list []Kept
	err  error
}

// newListScreen reads the folder off the UI goroutine and shows it.
func newListScreen(m *menuScreen) console.Screen {
	s := &listScreen{menu: m, visible: 10}
	dir, keeping := m.opt.Records, m.keeping
	return console.Do(s, func(context.Context) any {
		keeping.Wait()
		list, err := ListRecords(dir)
		return recordsListed{list, err}
	})
}

// Update moves the cursor, opens a game, or goes back to the menu.
func (s *listScreen) Update(ev console.Event) console.Screen {
	if r, ok := ev.Result.(recordsListed); ok && ev.Type == console.ResultEvent {
		s.loaded, s.list, s.err = true, r.list, r.err
		return s
	}
	switch {
	case ev.Type == console.ResizeEvent:
		s.visible = max(ev.Size.Height-4, 1)
	case ev.Type != console.KeyEvent:
	case ev.IsKey(console.KeyEsc):
		return s.menu.reopen()
	case ev.IsKey(console.KeyUp) || ev.IsRune('k'):
		s.cursor--
	case ev.IsKey(console.KeyDown) || ev.IsRune('j'):
		s.cursor++
	case ev.IsKey(console.KeyPageUp):
		s.cursor -= s.visible
	case ev.IsKey(console.KeyPageDown):
		s.cursor += s.visible
	case ev.IsKey(console.KeyHome):
		s.cursor = 0
	case ev.IsKey(console.KeyEnd):
		s.cursor = len(s.list) - 1
	case ev.IsKey(console.KeyEnter) || ev.IsRune(' '):
		if s.cursor < len(s.list) && s.list[s.cursor].Rec != nil {
			k := s.list[s.cursor]
			return newReplay(s.menu, k.Rec, filepath.Base(k.Path), s)
		}
	}
	s.cursor = max(min(s.cursor, len(s.list)-1), 0)
	s.top = max(min(s.top, s.cursor), s.cursor-s.visible+1, 0)
	return s
}

// View shows the title, the games and the keys.
func (s *listScreen) View(size console.Size) console.Frame {
	t := &s.menu.text.rec
	var f console.Frame
	f.Line(0, t.listTitle)
	row := 2
	switch {
	case !s.loaded:
		f.Line(row, t.loading)
	case s.err != nil:
		f.Line(row, s.err.Error())
	case len(s.list) == 0:
		f.Line(row, fmt.Sprintf(t.listEmpty, s.menu.opt.Records))
	}
	end := min(len(s.list), s.top+max(size.Height-4, 1))
	for i := s.top; i < end; i++ {
		st := console.Plain
		if i == s.cursor {
			st.Reverse = true
		}
		f.Put(row, 0, s.line(i), st)
		row++
	}
	f.Line(max(row+1, 4), t.listKeys)
	f.Label(s.menu.opt.Lang, console.Size{Width: console.Width(s.menu.opt.Width, t.listKeys), Height: 6})
	return f
}

// line is one kept game: when, who, the rule, the result, the moves.
func (s *listScreen) line(i int) string {
	k := s.list[i]
	when := k.When.Format("2006-01-02 15:04")
	if k.Err != nil {
		why := filepath.Base(k.Path) + ": " + strings.TrimPrefix(k.Err.Error(), k.Path+": ")
		return fmt.Sprintf("%3d. %s  %s", i+1, when, fmt.Sprintf(s.menu.text.rec.broken, why))
	}
	r, t := k.Rec, s.menu.text
	return fmt.Sprintf("%3d. %s  %s  %s  %s  %s", i+1, when, playersName(t, r), t.ruleWord[r.Rule],
		resultName(t, r), fmt.Sprintf(t.rec.moveCount, len(r.Moves)))
}

// playersName says who played: 1P 대 2P, with the players' names where
// the record has them (an online game's), or the computer at its level.
func playersName(t *texts, r *Record) string {
	var names [2]string
	for k, l := range r.Levels {
		switch {
		case l == 0 && r.Names[k] != "" && r.Names[k] != defaultName(k, 0):
			names[k] = t.rec.person[k] + " " + r.Names[k]
		case l == 0:
			names[k] = t.rec.person[k]
		case l <= len(t.levelName):
			names[k] = fmt.Sprintf(t.rec.computer, t.levelName[l-1])
		default:
			names[k] = fmt.Sprintf(t.rec.computer, strconv.Itoa(l))
		}
	}
	return fmt.Sprintf(t.rec.players, names[0], names[1])
}

// resultName says how the game ended.
func resultName(t *texts, r *Record) string {
	out := r.Outcome()
	switch {
	case out.Winner != Empty:
		return fmt.Sprintf(t.rec.won, int(out.Winner))
	case out.Draw:
		return t.rec.draw
	case r.Unfinished:
		return t.rec.unfinished
	}
	return t.rec.going
}

// replayScreen shows a record at any move: the board after the move, the
// move's number, player, point and time beside it, the computer's view of
// the position when asked, and a game played on from there.
type replayScreen struct {
	menu    *menuScreen
	text    *texts
	rec     *Record
	name    string         // the file's name, in the panel
	back    console.Screen // Esc; nil: the program ends
	glyphs  [3]string
	at      int    // moves shown
	board   *Board // the position after at moves, made in Update
	numbers bool   // move numbers on the stones
	typed   string // digits of a move to go to
	asking  bool   // the play-on question is up
	message string
	// The analysis: think is the one under way (nil: none), seen the
	// last answer, for the position after seen.at moves.
	think *analysisRun
	seen  *analysis
	tag   int
}

// analysisRun is a think under way, to be stopped when the screen moves on.
type analysisRun struct {
	tag  int
	stop context.CancelFunc
}

// analysis is the engine's answer about the position after at moves.
type analysis struct {
	tag int
	at  int
	v   Verdict
	err error
}

// newReplay opens r at its last move; Esc goes back to back.
func newReplay(m *menuScreen, r *Record, name string, back console.Screen) *replayScreen {
	s := &replayScreen{menu: m, text: m.text, rec: r, name: name, back: back, glyphs: GlyphsFor(m.opt.ASCII).Stones}
	s.goTo(len(r.Moves))
	return s
}

// goTo shows the position after n moves, clamped to the record.
func (s *replayScreen) goTo(n int) {
	n = min(max(n, 0), len(s.rec.Moves))
	if s.board == nil || n != s.at {
		s.at = n
		s.board = s.rec.Board(n)
	}
	s.message = ""
}

// Update handles a key or the engine's answer.
func (s *replayScreen) Update(ev console.Event) console.Screen {
	if a, ok := ev.Result.(analysis); ok && ev.Type == console.ResultEvent {
		if s.think != nil && a.tag == s.think.tag {
			s.think, s.seen = nil, &a
		}
		return s
	}
	if ev.Type != console.KeyEvent {
		return s
	}
	if s.asking {
		return s.playOnAnswer(ev)
	}
	switch {
	case ev.IsKey(console.KeyEsc):
		s.stopThinking()
		if s.back == nil {
			return console.Exit("")
		}
		if m, ok := s.back.(*menuScreen); ok {
			return m.reopen()
		}
		return s.back
	case ev.IsKey(console.KeyLeft):
		s.goTo(s.at - 1)
	case ev.IsKey(console.KeyRight):
		s.goTo(s.at + 1)
	case ev.IsKey(console.KeyHome):
		s.goTo(0)
	case ev.IsKey(console.KeyEnd):
		s.goTo(len(s.rec.Moves))
	case ev.IsKey(console.KeyPageUp):
		s.goTo(s.at - 10)
	case ev.IsKey(console.KeyPageDown):
		s.goTo(s.at + 10)
	case ev.Key == console.KeyRune && ev.Rune >= '0' && ev.Rune <= '9':
		if len(s.typed) < 3 {
			s.typed += string(ev.Rune)
		}
	case ev.IsKey(console.KeyBackspace):
		if s.typed != "" {
			s.typed = s.typed[:len(s.typed)-1]
		}
	case ev.IsKey(console.KeyEnter):
		if n, err := strconv.Atoi(s.typed); err == nil {
			s.goTo(n)
		}
		s.typed = ""
	case ev.IsRune('n'):
		s.numbers = !s.numbers
	case ev.IsRune(' ') || ev.IsRune('a'):
		return s.analyse()
	case ev.IsRune('p'):
		if s.board.Outcome().Over() {
			s.message = s.text.rec.over
		} else {
			s.asking = true
		}
	}
	return s
}

// playOnAnswer takes the play-on question's answer: 1 two players, 2-4
// the computer at easy, normal, hard, the person moving next.
func (s *replayScreen) playOnAnswer(ev console.Event) console.Screen {
	switch {
	case ev.IsKey(console.KeyEsc):
		s.asking = false
	case ev.Key == console.KeyRune && ev.Rune >= '1' && ev.Rune <= '4':
		s.asking = false
		s.stopThinking()
		level := int(ev.Rune-'1') - 1 // -1: two players
		s.menu.clock = ev.Time        // where the new game's clock starts
		return playOn(s.menu, s.rec, s.at, level)
	}
	return s
}

// playOn starts a game from the position after n moves of r, with their
// times: two players (level -1), or the person to move against the
// computer at level. It is kept as a record of its own.
func playOn(m *menuScreen, r *Record, n int, level int) console.Screen {
	saved := m.opt
	m.opt.Size, m.opt.Rule = r.Size, r.Rule
	g := newGame(m)
	m.opt = saved // the menu's own rule stays
	if level >= 0 {
		g.cpu = &computer{eng: engine.New(engine.Level(level), nil), level: engine.Level(level), nodes: m.opt.ComputerNodes}
	}
	g.board = r.Board(n)
	for _, mv := range r.Moves[:n] {
		g.times = append(g.times, mv.Time)
	}
	g.cursor = Point{r.Size / 2, r.Size / 2}
	if p, ok := g.board.Last(); ok {
		g.cursor = p
	}
	g.prepare()
	if g.cpu != nil {
		g.cpu.human = g.board.Turn()
	}
	return g
}

// stopThinking drops the analysis under way.
func (s *replayScreen) stopThinking() {
	if s.think != nil {
		s.think.stop()
		s.think = nil
	}
}

// analyse asks the hard engine about the position shown, off the UI
// goroutine: its move, and whether a side wins by force. Asking again
// while it thinks starts afresh.
func (s *replayScreen) analyse() console.Screen {
	s.stopThinking()
	if s.board.Outcome().Over() {
		s.message = s.text.rec.over
		return s
	}
	s.tag++
	ctx, cancel := context.WithCancel(context.Background())
	s.think = &analysisRun{tag: s.tag, stop: cancel}
	s.seen = nil
	tag, at, rec := s.tag, s.at, s.rec
	lim := engine.DefaultLimits(engine.Hard)
	if n := s.menu.opt.ComputerNodes; n > 0 {
		lim = engine.Limits{Nodes: n}
	}
	return console.Do(s, func(run context.Context) any {
		defer context.AfterFunc(run, cancel)()
		defer cancel()
		v, err := Analyse(ctx, rec, at, lim)
		return analysis{tag: tag, at: at, v: v, err: err}
	})
}

// verdict words the engine's view of the position.
func (s *replayScreen) verdict(v Verdict) string {
	t, g := &s.text.rec, unicodeGlyphs
	switch {
	case v.Winner != Empty && v.Moves > 0 && v.ByFours:
		return fmt.Sprintf(t.winVCF, int(v.Winner), g[v.Winner], v.Moves)
	case v.Winner != Empty && v.Moves > 0:
		return fmt.Sprintf(t.winForced, int(v.Winner), g[v.Winner], v.Moves)
	case v.Winner != Empty:
		return fmt.Sprintf(t.winSoon, int(v.Winner), g[v.Winner])
	case v.Better != Empty:
		return fmt.Sprintf(t.better, int(v.Better), g[v.Better])
	}
	return t.even
}

// View draws the board after the move shown, the panel beside it and the
// line under it.
func (s *replayScreen) View(size console.Size) console.Frame {
	n := s.rec.Size
	var f console.Frame
	last, hasLast := s.board.Last()
	number := make(map[Point]int, s.at)
	if s.numbers {
		for k, m := range s.rec.Moves[:s.at] {
			number[m.Point] = k + 1
		}
	}
	var best *Point
	if s.seen != nil && s.seen.at == s.at && s.seen.err == nil {
		best = &s.seen.v.Move
	}
	for r := range n {
		for c := range n {
			p := Point{r, c}
			st := s.board.At(p)
			glyph, style := s.glyphs[st], console.Plain
			if k, ok := number[p]; ok {
				glyph = fmt.Sprintf("%2d", k%100)
				if st == P2 {
					style.Reverse = true // ● filled, ○ not: readable without colour
				}
			}
			if hasLast && p == last {
				style = lastStyle
				if st == P2 && s.numbers {
					style.Reverse = true
				}
			}
			if best != nil && p == *best {
				glyph, style = s.glyphs[s.board.Turn()], console.Style{FG: console.Green, Bold: true, Reverse: true}
			}
			f.Put(r, 2*c, glyph, style)
		}
	}
	lines := s.panelLines()
	col := 2*n + panelGap
	width := 0
	for _, l := range lines {
		width = max(width, console.Width(s.menu.opt.Width, l))
	}
	beside := col+width <= size.Width
	row0 := 0
	if !beside {
		col, row0 = 0, n+2
	}
	for i, l := range lines {
		f.Put(row0+i, col, l, console.Plain)
	}
	under := n
	switch {
	case s.asking:
		under = f.Lines(n, s.text.rec.playOn...)
		f.Line(under, s.text.rec.playPrompt)
	case s.typed != "":
		f.Line(n, fmt.Sprintf(s.text.rec.gotoLine, s.typed))
	case s.message != "":
		f.Line(n, s.message)
	}
	need := console.Size{Width: 2 * n, Height: n + 2}
	if !beside {
		need.Height = n + 2 + len(lines)
	}
	f.Label(s.menu.opt.Lang, need)
	return f
}

// panelLines are the lines beside the board: the file, who played, the
// rule, the move shown, its time, the keys and the computer's view.
func (s *replayScreen) panelLines() []string {
	t, r := s.text, s.rec
	lines := []string{s.name, playersName(t, r), t.ruleWord[r.Rule] + "  " + resultName(t, r), ""}
	if s.at == 0 {
		lines = append(lines, t.rec.start+"  ("+fmt.Sprintf(t.rec.moveCount, len(r.Moves))+")", "")
	} else {
		m := r.Moves[s.at-1]
		who := P1
		if s.at%2 == 0 {
			who = P2
		}
		lines = append(lines,
			fmt.Sprintf(t.rec.moveLine, s.at, int(who), s.glyphs[who], r.PointName(m.Point))+" / "+strconv.Itoa(len(r.Moves)),
			fmt.Sprintf(t.rec.timeLine, m.Time.Seconds()))
	}
	lines = append(lines, "")
	lines = append(lines, t.rec.keys...)
	lines = append(lines, "")
	switch {
	case s.think != nil:
		lines = append(lines, t.rec.thinking)
	case s.seen != nil && s.seen.at == s.at && s.seen.err != nil:
		lines = append(lines, s.seen.err.Error())
	case s.seen != nil && s.seen.at == s.at:
		lines = append(lines, fmt.Sprintf(t.rec.bestMove, r.PointName(s.seen.v.Move)), s.verdict(s.seen.v))
	}
	return lines
}

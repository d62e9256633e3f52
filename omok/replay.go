package omok

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/lang"
	"termgames/omok/engine"
)

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
	dir := m.opt.Records
	return console.Do(s, func(context.Context) any {
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

// playersName says who played: 1P 대 2P, or the computer at its level.
func playersName(t *texts, r *Record) string {
	var names [2]string
	for k, l := range r.Levels {
		switch {
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
	tag     int
	at      int
	move    Point
	verdict string
	err     error
}

// newReplay opens r at its last move; Esc goes back to back.
func newReplay(m *menuScreen, r *Record, name string, back console.Screen) *replayScreen {
	s := &replayScreen{menu: m, text: m.text, rec: r, name: name, back: back, glyphs: unicodeGlyphs}
	if m.opt.ASCII {
		s.glyphs = asciiGlyphs
	}
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
		eb, err := engine.NewBoard(r.Size, engine.RuleOf(r.Rule))
		if err != nil {
			panic(fmt.Sprintf("omok: engine board: %v", err))
		}
		g.cpu = &computer{eng: engine.New(engine.Level(level), nil), level: engine.Level(level), board: eb, nodes: m.opt.ComputerNodes}
	}
	for _, mv := range r.Moves[:n] {
		_, _ = g.board.Place(mv.Point) // a Record replays
		g.times = append(g.times, mv.Time)
		if g.cpu != nil {
			_ = g.cpu.board.Play(engine.Point{X: mv.Col, Y: mv.Row})
		}
	}
	g.cursor = Point{r.Size / 2, r.Size / 2}
	if p, ok := g.board.Last(); ok {
		g.cursor = p
	}
	g.fillForbidden()
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
	tag, at, rec, t, nodes := s.tag, s.at, s.rec, s.text, s.menu.opt.ComputerNodes
	return console.Do(s, func(run context.Context) any {
		defer context.AfterFunc(run, cancel)()
		defer cancel()
		a := analyse(ctx, rec, at, t, nodes)
		a.tag = tag
		return a
	})
}

// analyse is the engine's view of the position after at moves of rec:
// its move, and a verdict. When it sees a forced win it plays the win out
// (the engine against itself, quickly) to count the winner's moves.
func analyse(ctx context.Context, rec *Record, at int, t *texts, nodes int64) analysis {
	a := analysis{at: at}
	b, err := engineBoard(rec, at)
	if err != nil {
		a.err = err
		return a
	}
	eng := engine.New(engine.Hard, nil)
	lim := engine.DefaultLimits(engine.Hard)
	if nodes > 0 {
		lim = engine.Limits{Nodes: nodes}
	}
	res, err := eng.Think(ctx, b.Clone(), lim)
	if err != nil {
		a.err = err
		return a
	}
	a.move = Point{Row: res.Move.Y, Col: res.Move.X}
	mover := Stone(b.ToMove())
	glyphs := unicodeGlyphs
	switch {
	case res.Score > 19000:
		n, byFours := playOut(ctx, eng, b, mover)
		switch {
		case n > 0 && byFours:
			a.verdict = fmt.Sprintf(t.rec.winVCF, int(mover), glyphs[mover], n)
		case n > 0:
			a.verdict = fmt.Sprintf(t.rec.winForced, int(mover), glyphs[mover], n)
		default:
			a.verdict = fmt.Sprintf(t.rec.winSoon, int(mover), glyphs[mover])
		}
	case res.Score < -19000:
		a.verdict = fmt.Sprintf(t.rec.winSoon, int(mover.Other()), glyphs[mover.Other()])
	case res.Score > 150:
		a.verdict = fmt.Sprintf(t.rec.better, int(mover), glyphs[mover])
	case res.Score < -150:
		a.verdict = fmt.Sprintf(t.rec.better, int(mover.Other()), glyphs[mover.Other()])
	default:
		a.verdict = t.rec.even
	}
	return a
}

// playOut plays the engine against itself from b, where winner has a
// forced win, and returns the winner's moves to the five (0: none within
// the bound) and whether each of them made a four.
func playOut(ctx context.Context, eng *engine.Engine, b *engine.Board, winner Stone) (int, bool) {
	const plies = 60
	b = b.Clone()
	moves, fours := 0, true
	for range plies {
		res, err := eng.Think(ctx, b.Clone(), engine.Limits{Nodes: 20000})
		if err != nil || b.Play(res.Move) != nil {
			return 0, false
		}
		if Stone(b.At(res.Move)) == winner {
			moves++
			if res.Kind != "five" && res.Kind != "vcf" && res.Kind != "open four" {
				fours = false
			}
		}
		if w := b.Winner(); w != 0 {
			if Stone(w) == winner {
				return moves, fours
			}
			return 0, false
		}
	}
	return 0, false
}

// engineBoard is the engine's board after at moves of rec.
func engineBoard(rec *Record, at int) (*engine.Board, error) {
	b, err := engine.NewBoard(rec.Size, engine.RuleOf(rec.Rule))
	if err != nil {
		return nil, err
	}
	for _, m := range rec.Moves[:at] {
		if err := b.Play(engine.Point{X: m.Col, Y: m.Row}); err != nil {
			return nil, err
		}
	}
	return b, nil
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
		best = &s.seen.move
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
	lines := []string{s.name, playersName(t, r) + "  " + t.ruleWord[r.Rule] + "  " + resultName(t, r), ""}
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
		lines = append(lines, fmt.Sprintf(t.rec.bestMove, r.PointName(s.seen.move)), s.seen.verdict)
	}
	return lines
}

// replayCommand is `omok replay FILE`: the replay screen on its own, in
// the terminal. Playing on from it goes to omok's menu afterwards.
func replayCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("termgames omok replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var tag lang.Tag
	fs.Func("lang", "`language`: ko or en (default: ko)", func(s string) (err error) {
		tag, err = lang.Parse(s)
		return err
	})
	ascii := fs.Bool("ascii", false, "draw with ASCII glyphs, for terminals or fonts without ○ ● □")
	wide := fs.Bool("wide", false, "the terminal draws ○ ● □ two columns wide")
	narrow := fs.Bool("narrow", false, "the terminal draws ○ ● □ one column wide")
	def, _ := DefaultRecordsDir()
	records := fs.String("records", def, "`folder` that keeps the games played on from the record (\"\": keep none)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: termgames omok replay [flags] FILE\n\nShows a game record (a Piskvork .psq or a move string such as \"h8 i9 j10\")\nmove by move.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return cli.UsageError{}
	}
	switch {
	case fs.NArg() != 1:
		return cli.UsageError{Err: errors.New("replay takes one FILE")}
	case *wide && *narrow:
		return cli.UsageError{Err: errors.New("-wide and -narrow together: choose one")}
	}
	var r *Record
	var err error
	if fs.Arg(0) == "-" {
		r, err = readRecord(stdin, "standard input", 0, Freestyle)
	} else {
		r, err = ReadRecordFile(fs.Arg(0))
	}
	if err != nil {
		return err
	}
	flagW := console.Auto
	switch {
	case *wide:
		flagW = console.Wide
	case *narrow:
		flagW = console.Narrow
	}
	w := console.NewCondition(flagW)
	m := New(Options{Lang: tag, ASCII: *ascii, Width: w, Size: r.Size, Rule: r.Rule, Records: *records}, nil).(*menuScreen)
	err = console.Run(newReplay(m, r, filepath.Base(fs.Arg(0)), nil), console.Options{
		Width:        w,
		NoColor:      os.Getenv("NO_COLOR") != "",
		MeasureWidth: !console.WidthDecided(flagW),
	})
	if errors.Is(err, console.ErrNotTerminal) || errors.Is(err, console.ErrDumbTerminal) {
		return cli.UsageError{Err: err}
	}
	return err
}

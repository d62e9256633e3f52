package baseball

import (
	"fmt"
	"io"
	"strings"

	"termgames/console"
)

// stage is what a game waits for.
type stage int

const (
	waitReady stage = iota // the key 'r'
	askStrike              // one key, 0 to 3 (4 with four digits)
	askBall                // one key, 0 to 3 (4 with four digits)
	typeGuess              // three or four digits and Enter
	askAgain               // any key; n leaves
)

// play is one of the three games, in a transcript like the original's
// console: lines printed one after another, the oldest scrolling away, and
// above them, once the current game no longer fits, the table of its clues
// (clueLayout).
type play struct {
	g     *game
	menu  *menuScreen
	mode  int // modeComputer, modePlayer or modeVersus
	stage stage

	// log is the current game's transcript; earlier holds the lines of the
	// games played before it on this screen, which read on above it as
	// they did in the original's console.
	log     console.Transcript
	earlier []string
	// scroll is how many rows of the clue table are hidden below its
	// window, when the table is longer than the screen has room for.
	scroll int

	// The computer finding the player's number (the original, and versus).
	guesser Guesser
	history []Turn
	strikes int // the answer's strikes, while its balls are asked

	// The player finding the computer's number (mode 2, and versus).
	secret Number
	input  console.LineInput
	tries  int
	mine   []Turn // the player's guesses that counted, with their answers

	// Versus: the player found the number on this turn (0: not yet).
	playerFound int
}

func newPlay(g *game, mode int, menu *menuScreen) *play {
	p := &play{g: g, menu: menu, mode: mode}
	p.start()
	return p
}

// maxEarlier bounds the lines of earlier games kept on the screen: more
// than any terminal shows.
const maxEarlier = 200

// start begins a game, after the menu or after the answer to "continue?";
// as in the original, a new game goes on in the same transcript.
func (p *play) start() {
	t := p.g.txt
	if lines := p.log.Lines(); len(lines) > 1 {
		p.earlier = append(p.earlier, lines[:len(lines)-1]...)
		p.earlier = p.earlier[max(0, len(p.earlier)-maxEarlier):]
	}
	p.log.Clear()
	p.history, p.mine, p.tries, p.playerFound, p.scroll = nil, nil, 0, 0, 0
	rules := p.g.rules
	if p.mode != modePlayer {
		p.guesser = rules.NewGuesser(p.g.ai, p.g.rand)
	}
	if p.mode != modeComputer {
		p.secret = rules.all()[p.g.rand.IntN(rules.Count())]
	}
	switch p.mode {
	case modeComputer:
		p.println(t.think)
		p.print(t.ready)
		p.stage = waitReady
	case modePlayer:
		p.println(t.myNumber)
		p.askGuess()
	case modeVersus:
		p.println(t.think, t.versusRules)
		p.print(t.ready)
		p.stage = waitReady
	}
}

// print adds text to the transcript on the screen, and to the one left in
// the terminal after the program (Options.Transcript).
func (p *play) print(text string) {
	p.scroll = 0 // new output brings the newest clues back, as a terminal's does
	p.log.Print(text)
	if p.g.out != nil {
		_, _ = io.WriteString(p.g.out, text)
	}
}

// println prints each text as the end of a line.
func (p *play) println(texts ...string) {
	for _, s := range texts {
		p.print(s + "\n")
	}
}

// leave ends the transcript's current line, as a terminal's next output
// would start on a new one, and asks the menu again.
func (p *play) leave() console.Screen {
	if lines := p.log.Lines(); lines[len(lines)-1] != "" {
		p.print("\n")
	}
	return p.menu.reshow()
}

// pageRows is how far PgUp and PgDn move the clue table.
const pageRows = 5

// Update handles one key. Esc leaves to the menu from anywhere in a game;
// the arrows and PgUp/PgDn scroll the clue table when it is longer than the
// screen has room for.
func (p *play) Update(ev console.Event) console.Screen {
	if ev.Type != console.KeyEvent {
		return p
	}
	switch ev.Key {
	case console.KeyEsc:
		return p.leave()
	case console.KeyUp:
		p.scrollClues(1, ev.Size)
	case console.KeyDown:
		p.scrollClues(-1, ev.Size)
	case console.KeyPageUp:
		p.scrollClues(pageRows, ev.Size)
	case console.KeyPageDown:
		p.scrollClues(-pageRows, ev.Size)
	}
	switch p.stage {
	case waitReady:
		// Only r starts, as in the original's while (getch() != 'r').
		if ev.IsRune('r') {
			p.print("\n")
			if p.mode == modeComputer {
				p.computerGuess()
			} else {
				p.askGuess()
			}
		}
	case askStrike, askBall:
		if echo, ok := typed(ev); ok {
			p.answerKey(ev, echo)
		}
	case typeGuess:
		if line, done := p.input.Update(ev); done {
			p.playerGuess(line)
		}
	case askAgain:
		// The original's `if (c == 'n') break;`: any other key plays on.
		if echo, ok := typed(ev); ok {
			p.println(echo)
			if ev.IsRune('n') {
				return p.leave()
			}
			p.start()
		}
	}
	return p
}

// scrollClues moves the clue table's window by n rows towards the oldest
// clues (n < 0: towards the newest), within the table.
func (p *play) scrollClues(n int, size console.Size) {
	p.scroll = max(0, min(p.scroll+n, p.layoutClues(size).maxScroll))
}

// typed reports whether ev is a key that the original's getch() read and
// printf("%c\n") echoed: a character, shown as typed, or Enter, which
// shows nothing. Arrows and other keys are left to scroll the clues.
func typed(ev console.Event) (echo string, ok bool) {
	switch {
	case ev.IsKey(console.KeyEnter):
		return "", true
	case ev.Type == console.KeyEvent && ev.Key == console.KeyRune:
		if ev.Typed != 0 {
			return string(ev.Typed), true
		}
		return string(ev.Rune), true
	}
	return "", false
}

// answerKey takes a key typed at "Enter strike number :" or "Enter Ball
// number :". As in the original, the key is echoed, and anything but 0 to
// 3 (4 with four digits) asks the same question again on the next line.
func (p *play) answerKey(ev console.Event, echo string) {
	if ev.Key == console.KeyRune && ev.Rune >= '0' && ev.Rune <= '0'+rune(p.g.rules.Digits) {
		p.answerDigit(int(ev.Rune - '0'))
		return
	}
	p.println(echo)
	if p.stage == askStrike {
		p.print(p.g.txt.strike)
	} else {
		p.print(p.g.txt.ball)
	}
}

// computerGuess makes the computer's next guess and asks its strikes.
func (p *play) computerGuess() {
	t := p.g.txt
	guess, ok := p.guesser.Guess(p.history)
	if !ok {
		p.cheated() // answerDigit checks first; a guesser's own "no" is heeded too
		return
	}
	line := fmt.Sprintf(t.iGuess, guess)
	if p.g.rules.onlyOne(p.history) {
		line += t.onlyOne
	}
	p.history = append(p.history, Turn{Guess: guess})
	p.println(line)
	p.print(t.strike)
	p.stage = askStrike
}

// answerDigit takes the player's strike or ball count for the last guess.
func (p *play) answerDigit(d int) {
	t := p.g.txt
	p.println(fmt.Sprint(d))
	if p.stage == askStrike {
		p.strikes = d
		p.print(t.ball)
		p.stage = askBall
		return
	}
	a := Answer{Strikes: p.strikes, Balls: d}
	if !p.g.rules.Possible(a) {
		// Refused at once, and the whole answer asked again: the mistake may
		// as well have been in the strikes.
		if a.Strikes+a.Balls > p.g.rules.Digits {
			p.println(t.tooMany)
		} else {
			p.println(t.twoAndOne)
		}
		p.print(t.strike)
		p.stage = askStrike
		return
	}
	p.history[len(p.history)-1].Answer = a
	// Every answer, three strikes too, against all the earlier ones: a lie
	// is named at the answer that leaves no number, in both modes.
	verdict := p.g.rules.Check(p.history)
	if verdict == Cheated {
		p.cheated()
		return
	}
	found := verdict == Found
	if p.mode == modeComputer {
		if found {
			p.println(t.gotIt(len(p.history)))
			p.askContinue()
			return
		}
		p.computerGuess()
		return
	}
	p.endTurn(found)
}

// cheated ends a game whose answers no number fits.
func (p *play) cheated() {
	t := p.g.txt
	p.println(t.cheated)
	if p.mode == modeVersus {
		p.println(fmt.Sprintf(t.mineWas, p.secret))
	}
	p.askContinue()
}

// endTurn ends a round of versus, after the computer's guess: the player
// went first, so both have made as many guesses.
func (p *play) endTurn(computerFound bool) {
	t := p.g.txt
	switch {
	case p.playerFound > 0 && computerFound:
		p.println(t.draw(p.tries))
	case p.playerFound > 0:
		p.println(t.youWin(p.tries))
	case computerFound:
		p.println(t.iWin(len(p.history)))
	default:
		p.askGuess()
		return
	}
	p.println(fmt.Sprintf(t.mineWas, p.secret))
	p.askContinue()
}

// askGuess asks the player for a guess of the computer's number.
func (p *play) askGuess() {
	p.print(p.g.txt.yourGuess)
	p.stage = typeGuess
}

// playerGuess scores a typed guess. A bad one is explained and not
// counted.
func (p *play) playerGuess(line string) {
	t := p.g.txt
	p.println(line)
	guess, err := p.g.rules.Parse(strings.TrimSpace(line))
	if err != nil {
		switch err {
		case ErrZero:
			p.println(t.badZero)
		case ErrRepeats:
			p.println(t.badRepeat)
		default:
			p.println(t.badLength)
		}
		p.askGuess()
		return
	}
	p.tries++
	a := Score(p.secret, guess)
	p.mine = append(p.mine, Turn{Guess: guess, Answer: a})
	p.println(t.answer(a))
	if p.mode == modePlayer {
		if a == p.g.rules.Win() {
			p.println(t.youGotIt(p.tries))
			p.askContinue()
			return
		}
		p.askGuess()
		return
	}
	if a == p.g.rules.Win() {
		p.playerFound = p.tries
	}
	p.computerGuess()
}

// askContinue asks the original's last question.
func (p *play) askContinue() {
	p.print(p.g.txt.again)
	p.stage = askAgain
}

// gameLines are the current game's lines, with the guess being typed.
func (p *play) gameLines() []string {
	lines := p.log.Lines()
	if p.stage == typeGuess {
		lines[len(lines)-1] += p.input.String()
	}
	return lines
}

// lastRows lays lines out as rows of a terminal width columns wide (a
// longer line wraps between its words instead of being cut at the edge)
// and returns the last n of them, and whether there were more. It wraps
// from the end and stops there: a frame costs what the screen shows, not
// what the game has printed.
func (p *play) lastRows(lines []string, width, n int) (rows []string, more bool) {
	for i := len(lines) - 1; i >= 0 && len(rows) <= n; i-- {
		rows = append(console.Wrap(p.g.width, lines[i], width), rows...)
	}
	if len(rows) > n {
		return rows[len(rows)-n:], true
	}
	return rows, false
}

// View shows the transcript, with the guess being typed, and the Esc hint
// at the bottom right when it fits beside the text. While the current game
// fits on the screen, the screen is the transcript, as the original's was;
// once it does not, the table of the game's clues stands above its newest
// lines, so that no clue is ever out of sight.
func (p *play) View(size console.Size) console.Frame {
	w := p.g.width
	var f console.Frame
	top := p.clues(&f, size)
	lines := p.gameLines()
	if top == 0 {
		lines = append(append([]string(nil), p.earlier...), lines...)
	}
	room := max(size.Height-top, 1)
	rows, _ := p.lastRows(lines, size.Width, room)
	if last := rows[len(rows)-1]; size.Width > 0 && console.Width(w, last) >= size.Width {
		rows = append(rows, "") // a full row sends the cursor to the next one
		rows = rows[max(0, len(rows)-room):]
	}
	last := f.Lines(top, rows...) - 1
	f.CursorAt(last, console.Width(w, rows[len(rows)-1]))
	f.Label(p.g.tag, p.g.need)
	p.escHint(&f, size)
	return f
}

// escHint puts the Esc hint at the bottom right, where it fits beside the
// text of that row.
func (p *play) escHint(f *console.Frame, size console.Size) {
	hint := p.g.txt.esc
	row := max(size.Height-1, 0)
	col := size.Width - console.Width(p.g.width, hint)
	used := 0
	if row < len(f.Rows) {
		for _, sp := range f.Rows[row] {
			used = max(used, sp.Col+console.Width(p.g.width, sp.Text))
		}
		if f.Cursor != nil && f.Cursor.Row == row {
			used = max(used, f.Cursor.Col+1)
		}
	}
	if col >= used+2 {
		f.Put(row, col, hint, console.Style{FG: console.BrightBlack})
	}
}

// The clue table keeps every clue of the current game in sight. The
// original printed line after line and let the terminal scroll: at 80x24 a
// game of eight guesses already pushed its first clues off the screen, to
// be read back only in the terminal's scrollback. Ours draws on the
// alternate screen, which has no scrollback, so once the current game is
// longer than the screen, its finished rounds are listed compactly above
// its newest lines ("1. 138 0S1B"), in as many columns as the width
// allows. A computer's game never has more than 8 rounds, so in modes 1 and
// 3 the table always fits at 80x24 (three rows at most); only the player's
// own guesses in mode 2 are unbounded, and a table longer than the screen
// scrolls with the arrows and PgUp/PgDn. The whole transcript is also left
// in the terminal after the program (Options.Transcript), as the
// original's was.

const (
	clueGap = 3 // columns between two columns of the table
	liveMin = 3 // transcript rows kept under the table: a guess and its questions
)

// clueLayout is where the clue table's entries go in a terminal of some
// size: rows of cols entries, each ew columns wide, of which visible rows
// are shown; no table (rows 0) while the game fits on the screen.
type clueLayout struct {
	entries            []string
	ew, cols, rows     int
	visible, maxScroll int
}

// layoutClues lays out the current game's clue table for size.
func (p *play) layoutClues(size console.Size) clueLayout {
	var l clueLayout
	window := size.Height - 2 - liveMin // rows left for entries under the title, above the rule
	if _, more := p.lastRows(p.gameLines(), size.Width, size.Height); window < 1 || !more {
		return l
	}
	l.entries = p.clueEntries()
	if len(l.entries) == 0 {
		return l
	}
	for _, e := range l.entries {
		l.ew = max(l.ew, console.Width(p.g.width, e))
	}
	l.cols = max(1, (size.Width+clueGap)/(l.ew+clueGap))
	l.rows = (len(l.entries) + l.cols - 1) / l.cols
	l.visible = min(l.rows, window)
	l.maxScroll = l.rows - l.visible
	return l
}

// clues draws the clue table from the top of f and returns the rows it
// took: none while the game fits on the screen.
func (p *play) clues(f *console.Frame, size console.Size) int {
	l := p.layoutClues(size)
	if l.rows == 0 {
		return 0
	}
	scroll := min(p.scroll, l.maxScroll)
	first := l.rows - l.visible - scroll
	t, w := p.g.txt, p.g.width
	f.Line(0, t.cluesTitle[p.mode])
	// Row by row, oldest first: a new clue never moves the others, and the
	// rows scrolled away are the oldest.
	for k, e := range l.entries {
		r, c := k/l.cols, k%l.cols
		if r >= first && r < first+l.visible {
			f.Put(1+r-first, c*(l.ew+clueGap), e, console.Plain)
		}
	}
	width := min(size.Width, max(l.cols*(l.ew+clueGap)-clueGap, console.Width(w, t.cluesMore)))
	rule := strings.Repeat("-", width)
	if more := t.cluesMore; l.maxScroll > 0 && console.Width(w, more) <= width {
		rule = more + rule[console.Width(w, more):]
	}
	f.Line(1+l.visible, rule)
	return l.visible + 2
}

// clueEntries are the finished rounds of the current game, oldest first:
// the computer's guesses with the player's answers, the player's guesses
// with the computer's, or in versus both side by side, round by round.
func (p *play) clueEntries() []string {
	theirs := p.history
	if p.stage == askStrike || p.stage == askBall {
		theirs = theirs[:len(theirs)-1] // the last guess is not answered yet
	}
	var out []string
	switch p.mode {
	case modeComputer:
		for i, turn := range theirs {
			out = append(out, fmt.Sprintf("%2d. %s", i+1, clue(turn)))
		}
	case modePlayer:
		for i, turn := range p.mine {
			out = append(out, fmt.Sprintf("%2d. %s", i+1, clue(turn)))
		}
	case modeVersus:
		blank := strings.Repeat(" ", len(clue(Turn{Guess: p.g.rules.all()[0]})))
		for i := range max(len(p.mine), len(theirs)) {
			yours, mine := blank, ""
			if i < len(p.mine) {
				yours = clue(p.mine[i])
			}
			if i < len(theirs) {
				mine = clue(theirs[i])
			}
			out = append(out, strings.TrimRight(fmt.Sprintf("%2d. %s  %s", i+1, yours, mine), " "))
		}
	}
	return out
}

// clue is one guess and its answer, as short as the table needs it.
func clue(t Turn) string {
	return fmt.Sprintf("%s %dS%dB", t.Guess, t.Answer.Strikes, t.Answer.Balls)
}

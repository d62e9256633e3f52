package baseball

import (
	"fmt"
	"strings"

	"termgames/console"
)

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
	if window < 1 || len(p.gameRows(size)) <= size.Height {
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
		blank := strings.Repeat(" ", len(clue(Turn{})))
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

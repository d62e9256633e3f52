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

// clues returns the clue table, drawn from the top of a frame, when the
// current game, gameRows rows long, does not fit in size; nil when it fits,
// when no round is finished yet, or when the screen is too low for a table.
func (p *play) clues(size console.Size, gameRows int) *console.Frame {
	entries := p.clueEntries()
	window := size.Height - 2 - liveMin // rows left for entries under the title, above the rule
	if gameRows <= size.Height || len(entries) == 0 || window < 1 {
		return nil
	}
	w := p.g.width
	ew := 0
	for _, e := range entries {
		ew = max(ew, console.Width(w, e))
	}
	cols := max(1, (size.Width+clueGap)/(ew+clueGap))
	rows := (len(entries) + cols - 1) / cols
	visible := min(rows, window)
	scroll := min(p.scroll, rows-visible)
	first := rows - visible - scroll

	t := p.g.txt
	title := t.cluesTitle[p.mode]
	if rows > visible {
		title += t.cluesMore
	}
	var f console.Frame
	f.Line(0, title)
	for k, e := range entries {
		r, c := k%rows, k/rows
		if r >= first && r < first+visible {
			f.Put(1+r-first, c*(ew+clueGap), e, console.Plain)
		}
	}
	f.Line(1+visible, strings.Repeat("-", min(size.Width, cols*(ew+clueGap)-clueGap)))
	return &f
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

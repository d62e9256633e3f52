package baseball

import (
	"fmt"
	"strings"

	"termgames/console"
)

// stage is what a game waits for.
type stage int

const (
	waitReady stage = iota // the key 'r'
	askStrike              // one key, 0 to 3
	askBall                // one key, 0 to 3
	typeGuess              // three digits and Enter
	askAgain               // y or n
)

// play is one of the three games, in a transcript like the original's
// console: lines printed one after another, the oldest scrolling away.
type play struct {
	g     *game
	menu  *menuScreen
	mode  int // modeComputer, modePlayer or modeVersus
	log   console.Transcript
	stage stage

	// The computer finding the player's number (the original, and versus).
	guesser Guesser
	history []Turn
	strikes int // the answer's strikes, while its balls are asked

	// The player finding the computer's number (mode 2, and versus).
	secret Number
	input  console.LineInput
	tries  int

	// Versus: the player found the number on this turn (0: not yet).
	playerFound int
}

func newPlay(g *game, mode int, menu *menuScreen) *play {
	p := &play{g: g, menu: menu, mode: mode}
	p.start()
	return p
}

// start begins a game, after the menu or after "y" to continue; as in the
// original, a new game goes on in the same transcript.
func (p *play) start() {
	t := p.g.txt
	p.history, p.tries, p.playerFound = nil, 0, 0
	if p.mode != modePlayer {
		p.guesser = NewGuesser(p.g.ai, p.g.rand)
	}
	if p.mode != modeComputer {
		p.secret = allNumbers[p.g.rand.IntN(Count)]
	}
	switch p.mode {
	case modeComputer:
		p.log.Println(t.think)
		p.log.Print(t.ready)
		p.stage = waitReady
	case modePlayer:
		p.log.Println(t.myNumber)
		p.askGuess()
	case modeVersus:
		p.log.Println(t.think, t.versusRules)
		p.log.Print(t.ready)
		p.stage = waitReady
	}
}

// Update handles one key. Esc leaves to the menu from anywhere in a game.
func (p *play) Update(ev console.Event) console.Screen {
	if ev.Type != console.KeyEvent {
		return p
	}
	if ev.IsKey(console.KeyEsc) {
		return p.menu.reshow()
	}
	switch p.stage {
	case waitReady:
		// Only r starts, as in the original's while (getch() != 'r').
		if ev.IsRune('r') {
			p.log.Print("\n")
			if p.mode == modeComputer {
				p.computerGuess()
			} else {
				p.askGuess()
			}
		}
	case askStrike, askBall:
		if d, ok := answerKey(ev); ok {
			p.answerDigit(d)
		}
	case typeGuess:
		if line, done := p.input.Update(ev); done {
			p.playerGuess(line)
		}
	case askAgain:
		switch {
		case ev.IsRune('y') || ev.IsRune('Y'):
			p.log.Println("y")
			p.start()
		case ev.IsRune('n') || ev.IsRune('N'):
			p.log.Println("n")
			return p.menu.reshow()
		}
	}
	return p
}

// answerKey reads a strike or ball count: the keys 0 to 3, as the original
// accepts; any other key is ignored.
func answerKey(ev console.Event) (int, bool) {
	if ev.Type != console.KeyEvent || ev.Key != console.KeyRune || ev.Rune < '0' || ev.Rune > '3' {
		return 0, false
	}
	return int(ev.Rune - '0'), true
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
	if len(Consistent(p.history)) == 1 {
		line += t.onlyOne
	}
	p.history = append(p.history, Turn{Guess: guess})
	p.log.Println(line)
	p.log.Print(t.strike)
	p.stage = askStrike
}

// answerDigit takes the player's strike or ball count for the last guess.
func (p *play) answerDigit(d int) {
	t := p.g.txt
	p.log.Println(fmt.Sprint(d))
	if p.stage == askStrike {
		p.strikes = d
		p.log.Print(t.ball)
		p.stage = askBall
		return
	}
	a := Answer{Strikes: p.strikes, Balls: d}
	if !a.Possible() {
		// Refused at once, and the whole answer asked again: the mistake may
		// as well have been in the strikes.
		if a.Strikes+a.Balls > 3 {
			p.log.Println(t.tooMany)
		} else {
			p.log.Println(t.twoAndOne)
		}
		p.log.Print(t.strike)
		p.stage = askStrike
		return
	}
	p.history[len(p.history)-1].Answer = a
	// Every answer, three strikes too, against all the earlier ones: a lie
	// is named at the answer that leaves no number, in both modes.
	verdict := Check(p.history)
	if verdict == Cheated {
		p.cheated()
		return
	}
	found := verdict == Found
	if p.mode == modeComputer {
		if found {
			p.log.Println(t.gotIt(len(p.history)))
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
	p.log.Println(t.cheated)
	if p.mode == modeVersus {
		p.log.Println(fmt.Sprintf(t.mineWas, p.secret))
	}
	p.askContinue()
}

// endTurn ends a round of versus, after the computer's guess: the player
// went first, so both have made as many guesses.
func (p *play) endTurn(computerFound bool) {
	t := p.g.txt
	switch {
	case p.playerFound > 0 && computerFound:
		p.log.Println(t.draw(p.tries))
	case p.playerFound > 0:
		p.log.Println(t.youWin(p.tries))
	case computerFound:
		p.log.Println(t.iWin(len(p.history)))
	default:
		p.askGuess()
		return
	}
	p.log.Println(fmt.Sprintf(t.mineWas, p.secret))
	p.askContinue()
}

// askGuess asks the player for a guess of the computer's number.
func (p *play) askGuess() {
	p.log.Print(p.g.txt.yourGuess)
	p.stage = typeGuess
}

// playerGuess scores a typed guess. A bad one is explained and not
// counted.
func (p *play) playerGuess(line string) {
	t := p.g.txt
	p.log.Println(line)
	guess, err := ParseNumber(strings.TrimSpace(line))
	if err != nil {
		switch err {
		case ErrZero:
			p.log.Println(t.badZero)
		case ErrRepeats:
			p.log.Println(t.badRepeat)
		default:
			p.log.Println(t.badLength)
		}
		p.askGuess()
		return
	}
	p.tries++
	a := Score(p.secret, guess)
	p.log.Println(t.answer(a))
	if p.mode == modePlayer {
		if a == Win {
			p.log.Println(t.youGotIt(p.tries))
			p.askContinue()
			return
		}
		p.askGuess()
		return
	}
	if a == Win {
		p.playerFound = p.tries
	}
	p.computerGuess()
}

// askContinue asks the original's last question.
func (p *play) askContinue() {
	p.log.Print(p.g.txt.again)
	p.stage = askAgain
}

// View shows the transcript, the guess being typed, and the Esc hint at
// the bottom right when it fits beside the text.
func (p *play) View(size console.Size) console.Frame {
	extra := ""
	if p.stage == typeGuess {
		extra = p.input.String()
	}
	f := p.log.Frame(size, p.g.width, extra)
	f.Need = p.g.need
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
	return f
}

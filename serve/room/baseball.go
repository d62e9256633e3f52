package room

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"termgames/baseball"
	"termgames/internal/store"
)

// baseballGame is number baseball's online rules, versus: each seat
// chooses a number ("=123"), then they guess each other's in turn ("123"),
// seat first first, each guess scored by baseball.Score. The game ends after a
// round (seat 1's guess) in which one or both found the number: fewer
// guesses wins, the same number of guesses draws, as in the versus game
// against the computer. Its view is a *BaseballView, made again after
// each move.
type baseballGame struct {
	secret  [2]baseball.Number
	chosen  [2]bool
	guesses [2][]baseball.Turn
	times   [2][]time.Duration // of each seat's guesses
	over    bool
	first   int // the seat that guesses first
	view    *BaseballView
}

// BaseballView is a baseball table as the screens draw it.
type BaseballView struct {
	// Chosen says whether each seat has chosen its number.
	Chosen [2]bool
	// Guesses are the guesses each seat made of the other's number, with
	// their answers.
	Guesses [2][]baseball.Turn
	// Turn is the seat to guess, -1 while the numbers are chosen.
	Turn int
	// numbers are the numbers chosen so far: a seat's screen shows its
	// own, and every screen both once the game is over (State.Outcome),
	// however it ended.
	numbers [2]baseball.Number
}

// ErrChosen refuses a second number of a seat.
var ErrChosen = errors.New("the number is already chosen")

// ChooseNumber starts a move that chooses the seat's own number.
const ChooseNumber = "="

// Baseball is number baseball online, versus: each player chooses a
// number and guesses the other's, with a clock per guess if any.
var Baseball = &Game{
	name:     "baseball",
	clock:    perMoveClock,
	newRules: func(s Setup, first int) Rules { return newBaseballGame(first) },
}

// newBaseballGame starts a game in which seat first guesses first.
func newBaseballGame(first int) *baseballGame {
	g := &baseballGame{first: first}
	g.view = g.makeView()
	return g
}

// Rule is "": the original's three digits 1 to 9 are the only rule.
func (g *baseballGame) Rule() string { return "" }

// turn is the seat to guess: both guess in turn, seat first first, once
// both numbers are chosen; -1 before, and once the game is over.
func (g *baseballGame) turn() int {
	if !g.chosen[0] || !g.chosen[1] || g.over {
		return -1
	}
	if len(g.guesses[g.first]) > len(g.guesses[1-g.first]) {
		return 1 - g.first
	}
	return g.first
}

// Turn is the seat to guess, -1 while the numbers are chosen: the clock
// runs once both are.
func (g *baseballGame) Turn() int { return g.turn() }

// Offers: baseball has no takeback (a guess's answer has been seen) and
// no draw by agreement.
func (g *baseballGame) Offers() bool { return false }

// read reads move for seat: the number it chooses or guesses, and
// whether it chooses.
func (g *baseballGame) read(seat int, move string) (baseball.Number, bool, error) {
	text, choose := strings.CutPrefix(move, ChooseNumber)
	n, err := baseball.ParseNumber(strings.TrimSpace(text))
	switch {
	case err != nil:
		return n, choose, err
	case g.over:
		return n, choose, ErrOver
	case choose && g.chosen[seat]:
		return n, choose, ErrChosen
	case !choose && g.turn() != seat:
		return n, choose, ErrNotYourTurn
	}
	return n, choose, nil
}

// Check reads the move and sees that it is seat's to make.
func (g *baseballGame) Check(seat int, move string) error {
	_, _, err := g.read(seat, move)
	return err
}

// Apply keeps seat's number, or scores its guess; after the second
// guesser's guess it looks whether the game is over.
func (g *baseballGame) Apply(seat int, move string, took time.Duration) (Outcome, error) {
	n, choose, err := g.read(seat, move)
	if err != nil {
		return Outcome{}, err
	}
	defer func() { g.view = g.makeView() }()
	if choose {
		g.secret[seat], g.chosen[seat] = n, true
		return Outcome{}, nil
	}
	a := baseball.Score(g.secret[1-seat], n)
	g.guesses[seat] = append(g.guesses[seat], baseball.Turn{Guess: n, Answer: a})
	g.times[seat] = append(g.times[seat], took)
	if seat == g.first {
		return Outcome{}, nil
	}
	found0 := g.guesses[0][len(g.guesses[0])-1].Answer == baseball.Win
	found1 := g.guesses[1][len(g.guesses[1])-1].Answer == baseball.Win
	var o Outcome
	switch {
	case found0 && found1:
		o = Outcome{Over: true, Winner: -1, How: store.Draw}
	case found0:
		o = Outcome{Over: true, Winner: 0, How: store.Found}
	case found1:
		o = Outcome{Over: true, Winner: 1, How: store.Found}
	}
	g.over = o.Over
	return o, nil
}

// makeView copies what the screens draw; the guesses' slices are cut to
// their length, so that later appends never show through.
func (g *baseballGame) makeView() *BaseballView {
	v := &BaseballView{Chosen: g.chosen, Turn: g.turn(), numbers: g.secret}
	for i := range g.guesses {
		v.Guesses[i] = g.guesses[i][:len(g.guesses[i]):len(g.guesses[i])]
	}
	return v
}

// View is a *BaseballView.
func (g *baseballGame) View() any { return g.view }

// Moves counts the guesses.
func (g *baseballGame) Moves() int { return len(g.guesses[0]) + len(g.guesses[1]) }

// Record is the game as text: both players with their numbers, then a
// line a round, each guess with its answer and the seconds it took.
func (g *baseballGame) Record(names [2]string) []byte {
	var b strings.Builder
	b.WriteString("number baseball, versus\n")
	for i, name := range names {
		fmt.Fprintf(&b, "%dP %s: %s\n", i+1, name, numberText(g.secret[i], g.chosen[i]))
	}
	for r := range max(len(g.guesses[0]), len(g.guesses[1])) {
		fmt.Fprintf(&b, "%d.", r+1)
		for i := range g.guesses {
			if r < len(g.guesses[i]) {
				t := g.guesses[i][r]
				fmt.Fprintf(&b, "  %s %dS %dB %.1fs", t.Guess, t.Answer.Strikes, t.Answer.Balls, g.times[i][r].Seconds())
			}
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// NumberText is seat's number as the screens and the record show it:
// "-" while it has chosen none. A seat's screen shows its own, and every
// screen both once the game is over.
func (v *BaseballView) NumberText(seat int) string {
	return numberText(v.numbers[seat], v.Chosen[seat])
}

// numberText is a seat's number in the record, "-" when it chose none.
func numberText(n baseball.Number, chosen bool) string {
	if !chosen {
		return "-"
	}
	return n.String()
}

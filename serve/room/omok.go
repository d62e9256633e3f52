package room

import (
	"errors"
	"fmt"
	"time"

	"termgames/internal/store"
	"termgames/omok"
	"termgames/omok/renju"
)

// omokGame is omok's online rules: one board, which checks every move
// (omok.Board), the swap2 opening on it at a table that plays one
// (omok.Swap2), and the times of the stones for the record. Seat first
// plays black, or with swap2 opens, and the opening settles the colours.
// Its view is an *OmokView, made again after each move.
type omokGame struct {
	board *omok.Board
	swap2 *omok.Swap2 // nil at a table without swap2
	first int         // the seat that plays black, or opens swap2
	times []time.Duration
	moves int // the moves made: the stones and swap2's choices
	view  *OmokView
}

// OmokView is an omok table's game as the screens draw it: the position,
// and while swap2 is played, what the opening waits for. Never changed
// once made.
type OmokView struct {
	*omok.Position
	// Opening is what swap2 waits for while it is played; nil at a table
	// without swap2 and once the colours are settled.
	Opening *Swap2View
	// Black is the seat that plays black; -1 while swap2 has not settled
	// the colours.
	Black int
	// Turn is the seat to act now (Rules.Turn): to place a stone, or in
	// the opening to choose; -1 once the board is over.
	Turn int
	// Order is the stones on the board in the order they were placed,
	// black's first (a kept game's page numbers them).
	Order []omok.Point
}

// Swap2View is what the swap2 opening waits for, as the screens say it.
type Swap2View struct {
	By int // the seat to act
	// Stone is the colour of the stone asked (omok.P1 black, omok.P2
	// white); omok.Empty when a choice is asked.
	Stone omok.Stone
	// Choices are what By may choose when a choice is asked, in the
	// order of the keys 1, 2, 3.
	Choices []omok.Choice
	// Nth and Of count the stone asked among those By places in a row:
	// the opener's first of three, the responder's second of two.
	Nth, Of int
}

// Colour is the stone seat plays, omok.Empty while swap2 has not settled
// the colours.
func (v *OmokView) Colour(seat int) omok.Stone {
	switch {
	case v.Black < 0:
		return omok.Empty
	case seat == v.Black:
		return omok.P1
	}
	return omok.P2
}

// Omok is omok online: the original's 15x15 board, any of the four rules,
// Fischer clocks, takebacks and draws by consent, and swap2 at a rule
// with no forbidden moves.
var Omok = &Game{
	name:     "omok",
	variants: ruleNames(),
	clock:    fischerClock,
	offers:   true,
	swap2: func(variant string) bool {
		r, err := omok.ParseRule(variant)
		return err == nil && omok.Swap2Allowed(r)
	},
	newRules: func(s Setup, first int) Rules {
		r, _ := omok.ParseRule(s.Rule) // a normal setup's is one of ruleNames
		return newOmokGame(r, s.Swap2, first)
	},
}

// ruleNames are omok's rules as the store keeps them, freestyle first.
func ruleNames() []string {
	var names []string
	for _, r := range renju.Rules {
		names = append(names, r.String())
	}
	return names
}

// newOmokGame starts an omok game on the original's 15x15 board, seat
// first playing black, or with swap2 (at a rule that allows it) opening.
func newOmokGame(rule omok.Rule, swap2 bool, first int) *omokGame {
	g := &omokGame{board: omok.NewBoard(omok.DefaultSize, rule), first: first}
	if swap2 && omok.Swap2Allowed(rule) {
		g.swap2, _ = omok.NewSwap2(g.board) // an empty board of a rule that allows it
	}
	g.view = g.makeView()
	return g
}

// opening reports whether swap2 is being played: the colours are not yet
// settled.
func (g *omokGame) opening() bool { return g.swap2 != nil && !g.swap2.Done() }

// roleSeat is the seat that has role r in the opening.
func (g *omokGame) roleSeat(r omok.Role) int {
	if r == omok.Opener {
		return g.first
	}
	return 1 - g.first
}

// role is seat's part in the opening.
func (g *omokGame) role(seat int) omok.Role {
	if seat == g.first {
		return omok.Opener
	}
	return omok.Responder
}

// black is the seat that plays black: seat first, or whom swap2 chose;
// -1 while the opening is played.
func (g *omokGame) black() int {
	if g.swap2 == nil {
		return g.first
	}
	if r, ok := g.swap2.Black(); ok {
		return g.roleSeat(r)
	}
	return -1
}

// stone is the colour seat plays; omok.Empty while swap2 is played.
func (g *omokGame) stone(seat int) omok.Stone {
	b := g.black()
	switch {
	case b < 0:
		return omok.Empty
	case seat == b:
		return omok.P1
	}
	return omok.P2
}

// seatOf is the seat that plays stone; -1 while swap2 is played.
func (g *omokGame) seatOf(stone omok.Stone) int {
	b := g.black()
	switch {
	case b < 0:
		return -1
	case stone == omok.P1:
		return b
	}
	return 1 - b
}

// Turn is the seat to act: in the opening the seat whose part acts,
// then the seat whose stone goes next; -1 once the board is over.
func (g *omokGame) Turn() int {
	if g.board.Outcome().Over() {
		return -1
	}
	if g.opening() {
		turn, _ := g.swap2.Turn()
		return g.roleSeat(turn.By)
	}
	return g.seatOf(g.board.Turn())
}

// Offers: a takeback or a draw may be offered in omok, once swap2 has
// settled the colours: its stones are no one's moves to take back, and
// a draw before either has a colour would answer no question.
func (g *omokGame) Offers() bool { return !g.opening() }

// Rule is the rule's name as the -rule flag takes it.
func (g *omokGame) Rule() string { return g.board.Rule().String() }

// point reads move, a point in h8 notation, for seat: it must be seat's
// turn.
func (g *omokGame) point(seat int, move string) (omok.Point, error) {
	if g.board.Turn() != g.stone(seat) {
		return omok.Point{}, ErrNotYourTurn
	}
	return omok.ParsePoint(move, g.board.Size())
}

// Check asks whether seat may make move now: in the swap2 opening the
// action asked of it, then a stone the board takes.
func (g *omokGame) Check(seat int, move string) error {
	if g.opening() {
		return g.outOfTurn(g.swap2.Check(g.role(seat), move))
	}
	p, err := g.point(seat, move)
	if err != nil {
		return err
	}
	return g.board.Check(p)
}

// Apply makes seat's move: in the opening, its action through the Swap2;
// then its stone, where five in a row wins, and a board with no point
// left to play draws.
func (g *omokGame) Apply(seat int, move string, took time.Duration) (Outcome, error) {
	if g.opening() {
		return Outcome{}, g.applyAction(seat, move, took)
	}
	p, err := g.point(seat, move)
	if err != nil {
		return Outcome{}, err
	}
	out, err := g.board.Place(p)
	if err != nil {
		return Outcome{}, err
	}
	g.made(took, true)
	switch {
	case out.Winner != omok.Empty:
		return Outcome{Over: true, Winner: g.seatOf(out.Winner), How: store.Five}, nil
	case out.Draw:
		return Outcome{Over: true, Winner: -1, How: store.Draw}, nil
	}
	return Outcome{}, nil
}

// applyAction makes seat's action in the opening, which cannot end the
// game: no colour has five stones in it.
func (g *omokGame) applyAction(seat int, move string, took time.Duration) error {
	stones := g.board.Moves()
	if err := g.outOfTurn(g.swap2.Apply(g.role(seat), move)); err != nil {
		return err
	}
	g.made(took, g.board.Moves() > stones)
	return nil
}

// outOfTurn makes the opening's refusal of an action out of turn also the
// table's (ErrNotYourTurn), as a stone out of turn is.
func (g *omokGame) outOfTurn(err error) error {
	if errors.Is(err, omok.ErrSwap2Turn) {
		return fmt.Errorf("%w: %w", ErrNotYourTurn, err)
	}
	return err
}

// made counts a move made, keeps a stone's time for the record (a
// choice has no place in it) and makes the view again.
func (g *omokGame) made(took time.Duration, stone bool) {
	g.moves++
	if stone {
		g.times = append(g.times, took)
	}
	g.view = g.makeView()
}

// makeView is the game as it stands, for the screens.
func (g *omokGame) makeView() *OmokView {
	v := &OmokView{Position: g.board.Position(), Black: g.black(), Turn: g.Turn(), Order: g.board.History()}
	if !g.opening() {
		return v
	}
	turn, _ := g.swap2.Turn()
	o := &Swap2View{By: g.roleSeat(turn.By), Stone: turn.Stone, Choices: turn.Choices}
	switch n := g.board.Moves(); {
	case turn.Stone == omok.Empty:
	case turn.By == omok.Opener: // stones 1-3
		o.Nth, o.Of = n+1, 3
	default: // stones 4-5, after "more"
		o.Nth, o.Of = n-2, 2
	}
	v.Opening = o
	return v
}

// View is the game, an *OmokView.
func (g *omokGame) View() any { return g.view }

// Moves counts the moves made: the stones, and swap2's choices.
func (g *omokGame) Moves() int { return g.moves }

// Record is the game as Piskvork's .psq, with the players' names (by
// seat) on its name lines, black's first (while swap2 is played, the
// opener's), and the stones with their times; swap2's choices, which the
// format has no place for, are in the store's moves.
func (g *omokGame) Record(names [2]string) []byte {
	lead := g.black()
	if lead < 0 {
		lead = g.first
	}
	if lead == 1 {
		names[0], names[1] = names[1], names[0]
	}
	// A game that ended off the board (resigned, forfeit) is unfinished
	// as a record: its position has no winner.
	r := &omok.Record{Size: g.board.Size(), Rule: g.board.Rule(), Names: names, Unfinished: !g.board.Outcome().Over()}
	for k, p := range g.board.History() {
		r.Moves = append(r.Moves, omok.Move{Point: p, Time: g.times[k]})
	}
	return r.PSQ()
}

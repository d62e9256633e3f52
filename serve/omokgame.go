package serve

import (
	"time"

	"termgames/omok"
)

// omokGame is omok's online rules: one board, which checks every move
// (omok.Board), and the times of the moves for the record. Seat first
// plays black. Its view is an *omok.Position, made again after each move.
type omokGame struct {
	board *omok.Board
	first int // the seat that plays black
	times []time.Duration
	view  *omok.Position
}

// newOmokGame starts an omok game on the original's 15x15 board, seat
// first playing black.
func newOmokGame(rule omok.Rule, swap2 bool, first int) *omokGame {
	g := &omokGame{board: omok.NewBoard(omok.DefaultSize, rule), first: first}
	g.view = g.board.Position()
	return g
}

// stone is the colour seat plays.
func (g *omokGame) stone(seat int) omok.Stone {
	if seat == g.first {
		return omok.P1
	}
	return omok.P2
}

// seatOf is the seat that plays stone.
func (g *omokGame) seatOf(stone omok.Stone) int {
	if stone == omok.P1 {
		return g.first
	}
	return 1 - g.first
}

// Turn is the seat whose stone goes next; -1 once the board is over.
func (g *omokGame) Turn() int {
	if g.board.Outcome().Over() {
		return -1
	}
	return g.seatOf(g.board.Turn())
}

// Offers: a takeback or a draw may be offered in omok.
func (g *omokGame) Offers() bool { return true }

// Game is Omok.
func (g *omokGame) Game() Game { return Omok }

// Name is "omok".
func (g *omokGame) Name() string { return "omok" }

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

// Check asks the board whether seat's stone may go at move.
func (g *omokGame) Check(seat int, move string) error {
	p, err := g.point(seat, move)
	if err != nil {
		return err
	}
	return g.board.Check(p)
}

// Apply places seat's stone at move; five in a row wins, and a board with
// no point left to play draws.
func (g *omokGame) Apply(seat int, move string, took time.Duration) (Outcome, error) {
	p, err := g.point(seat, move)
	if err != nil {
		return Outcome{}, err
	}
	out, err := g.board.Place(p)
	if err != nil {
		return Outcome{}, err
	}
	g.times = append(g.times, took)
	g.view = g.board.Position()
	switch {
	case out.Winner != omok.Empty:
		return Outcome{Over: true, Winner: g.seatOf(out.Winner), How: "five"}, nil
	case out.Draw:
		return Outcome{Over: true, Winner: -1, How: "draw"}, nil
	}
	return Outcome{}, nil
}

// View is the position, an *omok.Position.
func (g *omokGame) View() any { return g.view }

// Moves counts the stones on the board.
func (g *omokGame) Moves() int { return g.board.Moves() }

// Record is the game as Piskvork's .psq, with the players' names (by
// seat) on its name lines, black's first.
func (g *omokGame) Record(names [2]string) []byte {
	if g.first == 1 {
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

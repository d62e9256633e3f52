package omok

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"termgames/omok/engine"
	"termgames/omok/renju"
)

// Stone is what a cell holds. The values are those of the original's board
// array and of Baekjoon 2615's input: 1 is the player who moves first (1P,
// black in the judge's input), 2 the other (2P, white).
type Stone uint8

// The contents of a cell.
const (
	Empty Stone = iota
	P1          // player 1P, who moves first; drawn ○ as in the original
	P2          // player 2P; drawn ●
)

// String names the stone as the game's messages do.
func (s Stone) String() string {
	switch s {
	case P1:
		return "1P"
	case P2:
		return "2P"
	}
	return "empty"
}

// Other returns the opponent's stone.
func (s Stone) Other() Stone {
	switch s {
	case P1:
		return P2
	case P2:
		return P1
	}
	return Empty
}

// Rule decides which lines win and which moves are forbidden. It is
// renju.Rule, so that the rules package and the computer player share it.
type Rule = renju.Rule

// The rules a game can be played by.
const (
	// Freestyle is the original's WinCheck: five or more in a row wins.
	Freestyle = renju.Freestyle
	// Standard needs exactly five: six or more in a row (an overline) does
	// not win, as in Baekjoon 2615.
	Standard = renju.Standard
	// Renju (렌주룰): black may not make 3-3, 4-4 or six, and wins only with
	// exactly five; white wins with five or more.
	Renju = renju.Renju
	// Omok (오목룰): 3-3 is forbidden for both players; six never wins.
	Omok = renju.Omok
)

// ParseRule reads a rule name as the -rule flag takes it.
func ParseRule(s string) (Rule, error) { return renju.ParseRule(s) }

// The board sizes the game offers; the original's is 15, the judge's 19.
const (
	DefaultSize = 15
	LargeSize   = 19
)

// ParseSize reads a board size as the -size flag takes it: 15 or 19.
func ParseSize(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || (n != DefaultSize && n != LargeSize) {
		return 0, fmt.Errorf("want %d or %d", DefaultSize, LargeSize)
	}
	return n, nil
}

// Point is a cell of the board, 0-based from the top-left corner.
type Point struct {
	Row, Col int
}

// Outcome is where a game stands after a move.
type Outcome struct {
	// Winner is the player who made a winning line with the last move, or
	// Empty.
	Winner Stone
	// Line holds the winning stones: each winning line through the last
	// move, from one end to the other. A move can complete two lines at
	// once; it is then in both.
	Line []Point
	// Draw is set when the board filled up and nobody won, or when every
	// empty point is one the rule forbids the player to move.
	Draw bool
}

// Over reports whether the game has ended, by a win or a draw.
func (o Outcome) Over() bool { return o.Winner != Empty || o.Draw }

// Errors of Place.
var (
	ErrOutside  = errors.New("the point is outside the board")
	ErrOccupied = errors.New("a stone is already there")
	ErrOver     = errors.New("the game is over")
	// ErrForbidden is the error a *ForbiddenError matches with errors.Is.
	ErrForbidden = errors.New("forbidden move")
)

// ForbiddenError is a move the rule forbids, with the shape it would make.
type ForbiddenError struct {
	Shape renju.Shape // 3-3, 4-4 or overline
}

// Error names the shape: "forbidden move: 3-3".
func (e *ForbiddenError) Error() string { return "forbidden move: " + e.Shape.String() }

// Is makes errors.Is(err, ErrForbidden) true.
func (e *ForbiddenError) Is(target error) bool { return target == ErrForbidden }

// directions are the four lines through a stone: →, ↓, ↘ and ↙. Their
// opposites (←, ↑, ↖, ↗) are the same lines walked the other way, which is
// why the original's 3-1 says four directions are enough.
var directions = [4]Point{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// reach bounds how far the winner check walks from the new stone each way.
// Five past it on one side already makes six in a row, which settles both
// rules, so the check costs the same on any board.
const reach = 5

// Board is a square omok board with its moves, so that moves can be taken
// back. Players alternate, 1P first.
type Board struct {
	size    int
	rule    Rule
	cells   []Stone
	moves   []Point
	outcome Outcome
	changes int // counts the stones put and taken back (Changes)
	// forbid mirrors the stones for the forbidden-move checks; nil under a
	// rule that forbids nothing. Place and Undo keep it in step.
	forbid *renju.Board
}

// NewBoard returns an empty board of size x size cells played by rule.
// A size below 1 is taken as 1, one above renju.MaxSize as that.
func NewBoard(size int, rule Rule) *Board {
	size = min(max(size, 1), renju.MaxSize)
	b := &Board{size: size, rule: rule, cells: make([]Stone, size*size)}
	if rule.HasForbidden() {
		b.forbid = renju.NewBoard(size)
	}
	return b
}

// Size returns the number of rows (and columns).
func (b *Board) Size() int { return b.size }

// Rule returns the rule the board is played by.
func (b *Board) Rule() Rule { return b.rule }

// Inside reports whether p is a cell of the board.
func (b *Board) Inside(p Point) bool {
	return p.Row >= 0 && p.Row < b.size && p.Col >= 0 && p.Col < b.size
}

// At returns the stone at p, Empty outside the board.
func (b *Board) At(p Point) Stone {
	if !b.Inside(p) {
		return Empty
	}
	return b.cells[p.Row*b.size+p.Col]
}

// Turn returns the player to move: 1P after an even number of moves.
func (b *Board) Turn() Stone {
	if len(b.moves)%2 == 0 {
		return P1
	}
	return P2
}

// Moves returns how many stones are on the board.
func (b *Board) Moves() int { return len(b.moves) }

// Last returns the point of the last move, and false before the first.
func (b *Board) Last() (Point, bool) {
	if len(b.moves) == 0 {
		return Point{}, false
	}
	return b.moves[len(b.moves)-1], true
}

// Engine returns the position as the engine searches it: a board of the
// engine's with the same moves, made afresh, so that the game's Board stays
// the one position the screen, the forbidden points and the engine are fed
// from.
func (b *Board) Engine() (*engine.Board, error) {
	e, err := engine.NewBoard(b.size, engine.RuleOf(b.rule))
	if err != nil {
		return nil, fmt.Errorf("omok: the engine's board: %w", err)
	}
	for k, p := range b.moves {
		if err := e.Play(engine.Point{X: p.Col, Y: p.Row}); err != nil {
			return nil, fmt.Errorf("omok: the engine's board, move %d at %v: %w", k+1, p, err)
		}
	}
	return e, nil
}

// History returns the points of the moves in the order played.
func (b *Board) History() []Point { return slices.Clone(b.moves) }

// Changes counts the changes to the board, every stone placed and every
// one taken back, so that a screen can tell in one comparison whether it
// has drawn the board as it is.
func (b *Board) Changes() int { return b.changes }

// Full reports whether every cell holds a stone.
func (b *Board) Full() bool { return len(b.moves) == len(b.cells) }

// Outcome returns where the game stands after the last move.
func (b *Board) Outcome() Outcome { return b.outcome }

// Place puts the stone of the player to move at p, and returns where the
// game then stands. It refuses a point outside the board, an occupied one,
// any move once the game is over, and a move the rule forbids (a
// *ForbiddenError naming the shape); the turn passes only on success.
func (b *Board) Place(p Point) (Outcome, error) {
	if err := b.Check(p); err != nil {
		return b.outcome, err
	}
	b.put(p, b.Turn())
	b.moves = append(b.moves, p)
	winner, line := b.Winner(p)
	b.outcome = Outcome{Winner: winner, Line: line, Draw: winner == Empty && b.stuck()}
	return b.outcome, nil
}

// Check returns the error Place would return for p, without placing: an
// online table checks a move, keeps it, and only then places it.
func (b *Board) Check(p Point) error {
	switch {
	case b.outcome.Over():
		return ErrOver
	case !b.Inside(p):
		return ErrOutside
	case b.At(p) != Empty:
		return ErrOccupied
	}
	if sh := b.Forbidden(p); sh != renju.None {
		return &ForbiddenError{sh}
	}
	return nil
}

// Undo takes back the last move and returns its point; false when there is
// none. The game goes on again even if that move had ended it, since no
// earlier position can hold a win: the game stops at the first one.
func (b *Board) Undo() (Point, bool) {
	p, ok := b.Last()
	if !ok {
		return p, false
	}
	b.put(p, Empty)
	b.moves = b.moves[:len(b.moves)-1]
	b.outcome = Outcome{}
	return p, true
}

// put sets a cell, in the mirror too.
func (b *Board) put(p Point, s Stone) {
	b.cells[p.Row*b.size+p.Col] = s
	b.changes++
	if b.forbid != nil {
		if err := b.forbid.Put(renju.Point(p), renju.Stone(s)); err != nil {
			panic(fmt.Sprintf("omok: forbidden points: %v", err)) // put is given only points and stones of the board
		}
	}
}

// Position is the board as it stands, made apart from it and never changed
// after: what a screen draws, so that the screens of an online table can
// all read one while the game goes on, and the board stays the one owner
// of the game.
type Position struct {
	Size    int
	Rule    Rule
	Cells   []Stone // row by row: row*Size+col
	Turn    Stone   // the player to move
	Moves   int
	Last    Point
	HasLast bool
	Line    []Point // the winning stones (Outcome.Line)
	Draw    bool
	// Forbid says why the rule forbids the player to move each point,
	// row by row (ForbiddenMap); nil once the game is over, when nothing
	// is forbidden any more.
	Forbid []renju.Shape
}

// At returns the stone at p, Empty outside the board.
func (v *Position) At(p Point) Stone {
	if p.Row < 0 || p.Row >= v.Size || p.Col < 0 || p.Col >= v.Size {
		return Empty
	}
	return v.Cells[p.Row*v.Size+p.Col]
}

// Position returns the board as it stands now, its forbidden map made
// afresh.
func (b *Board) Position() *Position {
	v := &Position{Size: b.size, Rule: b.rule, Cells: slices.Clone(b.cells), Turn: b.Turn(), Moves: len(b.moves),
		Line: slices.Clone(b.outcome.Line), Draw: b.outcome.Draw}
	v.Last, v.HasLast = b.Last()
	if !b.outcome.Over() {
		v.Forbid = b.ForbiddenMap(nil)
	}
	return v
}

// Forbidden returns why the rule forbids the player to move to play at p,
// or renju.None when the move is allowed (or is no move: off the board, on
// a stone).
func (b *Board) Forbidden(p Point) renju.Shape {
	if b.forbid == nil {
		return renju.None
	}
	return b.forbid.Forbidden(b.rule, renju.Stone(b.Turn()), renju.Point(p))
}

// stuck reports whether the player to move has no point left to play: the
// board is full, or the rule forbids every empty point. It stops at the
// first allowed point, so it rarely looks far.
func (b *Board) stuck() bool {
	if b.Full() {
		return true
	}
	if b.forbid == nil {
		return false
	}
	for i, c := range b.cells {
		if c == Empty && b.Forbidden(Point{i / b.size, i % b.size}) == renju.None {
			return false
		}
	}
	return true
}

// ForbiddenMap returns why the rule forbids the player to move each cell,
// row by row (row*size+col), reusing dst when it is big enough: all
// renju.None under a rule that forbids nothing.
func (b *Board) ForbiddenMap(dst []renju.Shape) []renju.Shape {
	if b.forbid == nil {
		n := b.size * b.size
		if cap(dst) < n {
			dst = make([]renju.Shape, n)
		}
		dst = dst[:n]
		clear(dst)
		return dst
	}
	return b.forbid.ForbiddenMap(b.rule, renju.Stone(b.Turn()), dst)
}

// Winner returns the player whose stone at p makes a winning line, with the
// stones of every such line, or Empty and nil. It looks only along the four
// lines through p, at most five cells each way, so the verdict costs the
// same on any board and position (the original scanned the whole board after
// every move); only a win, once a game, walks its whole line to list it.
func (b *Board) Winner(p Point) (Stone, []Point) {
	s := b.At(p)
	if s == Empty {
		return Empty, nil
	}
	var won [len(directions)]bool
	found := false
	for i, d := range directions {
		n := 1 + b.count(p, d, s, reach) + b.count(p, Point{-d.Row, -d.Col}, s, reach)
		if b.rule.Wins(renju.Stone(s), n) {
			won[i], found = true, true
		}
	}
	if !found {
		return Empty, nil
	}
	var line []Point
	for i, d := range directions {
		if won[i] {
			line = append(line, b.run(p, d, s)...)
		}
	}
	return s, line
}

// count returns how many stones s follow p in direction d, up to limit.
func (b *Board) count(p, d Point, s Stone, limit int) int {
	n := 0
	for n < limit {
		p = Point{p.Row + d.Row, p.Col + d.Col}
		if b.At(p) != s {
			break
		}
		n++
	}
	return n
}

// run returns the whole line of stones s through p along d, from its end
// against d to its end along d. Only a win asks for it, once a game.
func (b *Board) run(p, d Point, s Stone) []Point {
	back := b.count(p, Point{-d.Row, -d.Col}, s, b.size)
	n := 1 + back + b.count(p, d, s, b.size)
	start := Point{p.Row - back*d.Row, p.Col - back*d.Col}
	line := make([]Point, n)
	for k := range line {
		line[k] = Point{start.Row + k*d.Row, start.Col + k*d.Col}
	}
	return line
}

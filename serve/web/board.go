package web

import (
	"fmt"
	"html/template"
	"strings"
	"sync"

	"termgames/baseball"
	"termgames/minesweeper"
	"termgames/omok"
)

// board.go is the boards as the pages draw them (templates/board.html),
// the live tables' and the kept games' alike: omok's board as SVG, with
// its stones black and white (1P, who moves first, black, as the online
// tables play it), numbered on a kept game; baseball's rounds as a table;
// the race's two fields as minesweeper draws them, with its glyphs
// (■ covered, · open, ► flag, ● mine, × a wrong flag).

// cell is the distance between two lines of omok's board, in the SVG's
// units; the board has a cell's margin all round for the coordinates.
const cell = 30

// omokBoard is an omok board as board.html draws it.
type omokBoard struct {
	Size     int
	Stones   []boardStone
	Numbered bool // each stone shows its move's number
	Label    string
}

// boardStone is a stone on the board, with the number of the move that
// placed it (0 when unknown) and whether it is the last move or of the
// winning line; a kept game's page draws the stones after the move shown
// Hidden, for its script to show them.
type boardStone struct {
	Row, Col int
	Black    bool
	N        int
	Last     bool
	Win      bool
	Hidden   bool
}

// Grid is the board's wood, lines, star points and coordinates: the same
// at every move, drawn once for each size (gridOf).
func (b omokBoard) Grid() template.HTML { return gridOf(b.Size) }

// grids are the grids drawn, by size.
var grids sync.Map

// gridTemplate draws a grid ("omokgrid" of board.html).
var gridTemplate = template.Must(template.ParseFS(templateFiles, "templates/board.html"))

// gridOf is the grid of a board of size, drawn the first time it is asked.
func gridOf(size int) template.HTML {
	if g, ok := grids.Load(size); ok {
		return g.(template.HTML)
	}
	var b strings.Builder
	if err := gridTemplate.ExecuteTemplate(&b, "omokgrid", omokBoard{Size: size}); err != nil {
		panic(err) // the template is the binary's own, parsed at start: a bug
	}
	g, _ := grids.LoadOrStore(size, template.HTML(b.String()))
	return g.(template.HTML)
}

// Span is the SVG's width and height: the grid, the coordinates' margin
// at the top and the left, and half a cell at the bottom and the right.
func (b omokBoard) Span() int { return b.Size*cell + cell/2 }

// Lines are the grid's lines, as x1, y1, x2, y2.
func (b omokBoard) Lines() [][4]int {
	var l [][4]int
	lo, hi := cell, b.Size*cell
	for i := 1; i <= b.Size; i++ {
		l = append(l, [4]int{lo, i * cell, hi, i * cell}, [4]int{i * cell, lo, i * cell, hi})
	}
	return l
}

// Stars are the board's star points: the centre and the four at a
// quarter of the board in from each corner.
func (b omokBoard) Stars() [][2]int {
	q := 3
	if b.Size >= 19 {
		q = 4
	}
	m, far := b.Size/2, b.Size-1-q
	var s [][2]int
	for _, p := range [][2]int{{q, q}, {q, far}, {m, m}, {far, q}, {far, far}} {
		s = append(s, [2]int{(p[1] + 1) * cell, (p[0] + 1) * cell})
	}
	return s
}

// Columns are the column letters, and where each is written.
func (b omokBoard) Columns() []axisLabel {
	var l []axisLabel
	for c := 0; c < b.Size; c++ {
		l = append(l, axisLabel{At: (c + 1) * cell, Text: string(rune('a' + c))})
	}
	return l
}

// Rows are the row numbers, counted from the bottom as omok's points
// are written ("h8"), and where each is written.
func (b omokBoard) Rows() []axisLabel {
	var l []axisLabel
	for r := 0; r < b.Size; r++ {
		l = append(l, axisLabel{At: (r + 1) * cell, Text: fmt.Sprint(b.Size - r)})
	}
	return l
}

// axisLabel is a coordinate written beside the board.
type axisLabel struct {
	At   int
	Text string
}

// X and Y are a stone's centre in the SVG.
func (s boardStone) X() int { return (s.Col + 1) * cell }

// Y is the stone's centre's y.
func (s boardStone) Y() int { return (s.Row + 1) * cell }

// omokBoardOf is the board of a position as it stands, its last move
// marked and its winning line too; stones are not numbered (a position
// does not know the order; a kept game's page numbers its moves).
func omokBoardOf(pos *omok.Position) omokBoard {
	b := omokBoard{Size: pos.Size}
	win := map[omok.Point]bool{}
	for _, p := range pos.Line {
		win[p] = true
	}
	for i, st := range pos.Cells {
		if st == omok.Empty {
			continue
		}
		p := omok.Point{Row: i / pos.Size, Col: i % pos.Size}
		b.Stones = append(b.Stones, boardStone{Row: p.Row, Col: p.Col, Black: st == omok.P1,
			Last: pos.HasLast && p == pos.Last, Win: win[p]})
	}
	return b
}

// pointName writes p as omok's records do: "h8".
func pointName(p omok.Point, size int) string {
	return fmt.Sprintf("%c%d", 'a'+p.Col, size-p.Row)
}

// roundsBoard is a baseball game's rounds as board.html draws them: each
// round's guess of each seat and its answer.
type roundsBoard struct {
	Names   [2]string
	Numbers [2]string // each seat's number, "" while it is secret
	Rows    []roundRow
	Turn    int // the seat to guess, -1 when none
}

// roundRow is one round: the guesses of both seats, "" where a seat has
// not guessed yet.
type roundRow struct {
	N              int
	Guess, Answer  [2]string
	Strikes, Balls [2]int
}

// roundsOf lays out the guesses of both seats by round.
func roundsOf(w *words, guesses [2][]baseball.Turn) []roundRow {
	n := max(len(guesses[0]), len(guesses[1]))
	rows := make([]roundRow, n)
	for i := range rows {
		rows[i].N = i + 1
		for s := range 2 {
			if i < len(guesses[s]) {
				t := guesses[s][i]
				rows[i].Guess[s] = t.Guess.String()
				rows[i].Answer[s] = baseball.AnswerText(w.Tag, t.Answer)
				rows[i].Strikes[s], rows[i].Balls[s] = t.Answer.Strikes, t.Answer.Balls
			}
		}
	}
	return rows
}

// mineField is a race's field as board.html draws it.
type mineField struct {
	Name  string
	Rows  [][]mineCell
	Lost  bool
	Won   bool
	Ready bool // the board is made: until then nothing is drawn
}

// mineCell is a cell of a field: its glyph and the class that colours it.
type mineCell struct {
	Glyph, Class string
}

// mineFieldOf draws f, or an empty field while f is nil.
func mineFieldOf(name string, f *minesweeper.Field) mineField {
	m := mineField{Name: name}
	if f == nil {
		return m
	}
	m.Ready = true
	l := f.Level()
	m.Rows = make([][]mineCell, l.Rows)
	for r := range l.Rows {
		row := make([]mineCell, l.Cols)
		for c := range l.Cols {
			row[c] = mineCellOf(f.Look(r, c))
		}
		m.Rows[r] = row
	}
	m.Won = f.Status() == minesweeper.Won
	m.Lost = f.Status() == minesweeper.Lost
	return m
}

// mineCellOf is a cell's look as minesweeper's screen draws it.
func mineCellOf(l minesweeper.Look) mineCell {
	if n, ok := l.Number(); ok {
		if n == 0 {
			return mineCell{Glyph: "·", Class: "open"}
		}
		return mineCell{Glyph: fmt.Sprint(n), Class: fmt.Sprintf("open n%d", n)}
	}
	switch l {
	case minesweeper.Flagged:
		return mineCell{Glyph: "►", Class: "flag"}
	case minesweeper.Marked:
		return mineCell{Glyph: "?", Class: "mark"}
	case minesweeper.Mine:
		return mineCell{Glyph: "●", Class: "mine"}
	case minesweeper.Exploded:
		return mineCell{Glyph: "●", Class: "mine exploded"}
	case minesweeper.WrongFlag:
		return mineCell{Glyph: "×", Class: "wrong"}
	}
	return mineCell{Glyph: "■", Class: "covered"}
}

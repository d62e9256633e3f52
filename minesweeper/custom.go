package minesweeper

import (
	"fmt"
	"strconv"

	"termgames/console"
)

// askCustom asks for a custom field the way the menu asks: rows, then
// columns, then mines, one question at a time in a scrolling transcript; a
// wrong answer gets the retry line and the same question again. Esc goes
// back to the menu.
type askCustom struct {
	app  *app
	log  console.Transcript
	in   console.LineInput
	step int // 0 rows, 1 columns, 2 mines
	rows int
	cols int
}

func newAskCustom(a *app) console.Screen {
	maxRows, maxCols := a.customLimit()
	if maxRows < 2 || maxCols < 2 {
		return a.toMenu(a.t.customTooBig)
	}
	s := &askCustom{app: a}
	s.log.Println(a.t.custom)
	return s
}

// customLimit is the largest field the terminal can show, by the board
// screen's layout, and MaxSide x MaxSide at most. Before any ResizeEvent (only
// in tests) the terminal is taken to have room for anything.
func (a *app) customLimit() (rows, cols int) {
	size := a.size
	if size == (console.Size{}) {
		return MaxSide, MaxSide
	}
	// The help and status lines must fit too; at their widest (a custom
	// field with the most cells to flag) they hardly depend on the size, so
	// a terminal narrower than them fits no board at all.
	if a.textWidth(Level{Rows: MaxSide, Cols: MaxSide, Mines: 1}) > size.Width {
		return 0, 0
	}
	return min(MaxSide, size.Height-extraRows), min(MaxSide, (size.Width-boardLeft)/2)
}

// bounds are the answers the current question accepts.
func (s *askCustom) bounds() (lo, hi int, question string) {
	maxRows, maxCols := s.app.customLimit()
	t := s.app.t
	switch s.step {
	case 0:
		return 2, maxRows, t.askRows
	case 1:
		return 2, maxCols, t.askCols
	}
	return 1, s.rows*s.cols - 1, t.askMines
}

// question is the current question with the range the terminal allows
// now: it is drawn after the transcript, not printed into it, so that it
// follows a resize.
func (s *askCustom) question() string {
	lo, hi, q := s.bounds()
	return fmt.Sprintf(q, lo, hi)
}

// Update reads one answer; the limits are those of the terminal's latest
// size when the answer is given.
func (s *askCustom) Update(ev console.Event) console.Screen {
	s.app.observe(ev)
	if ev.IsKey(console.KeyEsc) {
		return s.app.toMenu()
	}
	line, done := s.in.Update(ev)
	if !done || line == "" {
		return s
	}
	s.log.Println(s.question() + line)
	n, err := strconv.Atoi(line)
	lo, hi, _ := s.bounds()
	if err != nil || n < lo || n > hi {
		s.log.Println(s.app.t.retry)
		return s
	}
	switch s.step {
	case 0:
		s.rows = n
	case 1:
		s.cols = n
	case 2:
		return s.app.play(Custom(s.rows, s.cols, n))
	}
	s.step++
	return s
}

// View shows the questions and answers so far, and the one being typed.
func (s *askCustom) View(size console.Size) console.Frame {
	return s.log.Frame(size, s.app.w, s.question()+s.in.String())
}

package minesweeper

import (
	"fmt"
	"time"
)

// The figures players of minesweeper judge a game by, as ms_toollib and
// Arbiter define them (no terminal, no I/O):
//
//   - 3BV (Bechtel's Board Benchmark Value): the fewest clicks that open
//     every safe cell without flags. It is the number of openings (the
//     8-connected regions of blank cells, each with the numbers around it,
//     which one click opens whole) plus the numbered cells that touch no
//     blank (each of which takes a click of its own).
//   - Solved 3BV: how much of that the player has done: an opening counts
//     once all its blank cells are open, a lone number once it is open. A
//     won game has solved all of it.
//   - Clicks: every open, flag and chord the player made, by key or by
//     mouse, also those that changed nothing (a flag on an open cell, a
//     chord with too few flags); a "?" mark is a flag click.
//   - 3BV/s: solved 3BV divided by the game's time in seconds.
//   - IOE (index of efficiency): solved 3BV divided by clicks.

// Action is what a click does: open a cell, flag it, or chord on it.
type Action uint8

// The actions of a click.
const (
	OpenClick Action = iota
	FlagClick
	ChordClick
)

// Click is one click of a game: its action, its cell, and when it came,
// counted from the game's first click.
type Click struct {
	Action   Action
	Row, Col int
	At       time.Duration
}

// Do makes click c on the field (marks as for Flag) and reports whether
// anything changed: replaying a game's clicks on the same mines plays the
// same game.
func (f *Field) Do(c Click, marks bool) bool {
	switch c.Action {
	case OpenClick:
		return f.Open(c.Row, c.Col)
	case FlagClick:
		return f.Flag(c.Row, c.Col, marks)
	case ChordClick:
		return f.Chord(c.Row, c.Col)
	}
	return false
}

// Mines returns where the mines lie, row by row, one per cell; nil before
// the first opening has placed them.
func (f *Field) Mines() []bool {
	if !f.placed {
		return nil
	}
	return append([]bool(nil), f.mine...)
}

// NewFieldOf returns a covered field of level l whose first opening lays
// the given mines (row by row, one per cell) instead of random ones: the
// same board again. The first opening may then hit a mine.
func NewFieldOf(l Level, mines []bool) (*Field, error) {
	if err := l.Check(); err != nil {
		return nil, err
	}
	if len(mines) != l.Rows*l.Cols {
		return nil, fmt.Errorf("minesweeper: %d cells for a field of %d", len(mines), l.Rows*l.Cols)
	}
	n := 0
	for _, m := range mines {
		if m {
			n++
		}
	}
	if n != l.Mines {
		return nil, fmt.Errorf("minesweeper: %d mines for a level of %d", n, l.Mines)
	}
	f := newField(l, nil)
	f.preset = append([]bool(nil), mines...)
	return f, nil
}

// BBBV returns the field's 3BV and how much of it is solved (see the top
// of this file). Before the first opening there are no mines to count
// from, and both are 0.
func (f *Field) BBBV() (solved, total int) {
	if !f.placed {
		return 0, 0
	}
	blank := func(i int) bool { return !f.mine[i] && f.count[i] == 0 }
	seen := make([]bool, len(f.mine))      // a blank already in an opening
	nearBlank := make([]bool, len(f.mine)) // a number on an opening's edge
	var buf [8]int
	var stack []int
	for i := range f.mine {
		if !blank(i) || seen[i] {
			continue
		}
		// A new opening: walk its blanks, noting the numbers around them.
		total++
		allOpen := true
		seen[i] = true
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			allOpen = allOpen && f.cover[j] == open
			for _, n := range f.around(j, &buf) {
				switch {
				case blank(n) && !seen[n]:
					seen[n] = true
					stack = append(stack, n)
				case !blank(n):
					nearBlank[n] = true // never a mine: it touches a blank
				}
			}
		}
		if allOpen {
			solved++
		}
	}
	for i, m := range f.mine {
		if !m && f.count[i] > 0 && !nearBlank[i] {
			total++
			if f.cover[i] == open {
				solved++
			}
		}
	}
	return solved, total
}

// Figures are a game's figures: its time, its 3BV solved and whole, and
// its clicks.
type Figures struct {
	Time         time.Duration
	Solved, BBBV int
	Clicks       int
}

// FiguresOf returns the figures of a game on f that took d and clicks.
func FiguresOf(f *Field, d time.Duration, clicks int) Figures {
	solved, total := f.BBBV()
	return Figures{Time: d, Solved: solved, BBBV: total, Clicks: clicks}
}

// Rate is 3BV/s: the solved 3BV per second of the game; 0 for a game
// without time.
func (g Figures) Rate() float64 {
	if g.Time <= 0 {
		return 0
	}
	return float64(g.Solved) / g.Time.Seconds()
}

// IOE is the solved 3BV per click; 0 for a game without clicks.
func (g Figures) IOE() float64 {
	if g.Clicks == 0 {
		return 0
	}
	return float64(g.Solved) / float64(g.Clicks)
}

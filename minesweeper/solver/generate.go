package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
)

// MaxTries bounds the layouts NoGuess tries before it gives up: a field
// too dense for logic (a custom one) ends with ErrNoBoard instead of a
// search without end.
const MaxTries = 20000

// ErrNoBoard is a field for which no no-guess layout was found in
// MaxTries tries.
var ErrNoBoard = errors.New("solver: no no-guess layout found")

// NoGuess returns the mines of a rows x cols field with mines mines, laid
// by the game's rule for a first opening at cell first (that cell and,
// when there is room, its neighbours stay free), such that logic alone,
// with the total mine count, opens every safe cell from that first
// opening. It draws layouts from rng until one solves. progress, when not
// nil, is told the number of layouts tried so far after each one; ctx
// stops the search.
func NoGuess(ctx context.Context, rows, cols, mines, first int, rng *rand.Rand, progress func(tries int)) ([]bool, error) {
	if rows < 1 || cols < 1 || mines < 0 || mines >= rows*cols || first < 0 || first >= rows*cols {
		return nil, fmt.Errorf("solver: no-guess field %d x %d, %d mines, first cell %d", rows, cols, mines, first)
	}
	var pl Player
	for try := 1; try <= MaxTries; try++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		l := Lay(rows, cols, mines, first, rng)
		if SolvesByLogic(l, first, &pl) {
			return l.Mine, nil
		}
		if progress != nil {
			progress(try)
		}
	}
	return nil, ErrNoBoard
}

// SolvesByLogic reports whether logic alone clears layout l from a first
// opening at cell first: every step opens only cells proved safe. pl is
// used for the reasoning (nil for a fresh one); l is played, so it is
// left opened as far as logic got.
func SolvesByLogic(l *Layout, first int, pl *Player) bool {
	if pl == nil {
		pl = &Player{}
	}
	pl.Reset()
	if !l.Open(first) {
		return false
	}
	for !l.Solved() {
		step, err := pl.next(l.Position(), false)
		if err != nil || len(step.Open) == 0 {
			return false
		}
		for _, i := range step.Open {
			if !l.Open(i) {
				return false // cannot happen: the solver proved it safe
			}
		}
	}
	return true
}

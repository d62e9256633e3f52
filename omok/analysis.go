package omok

import (
	"context"

	"termgames/omok/engine"
)

// Verdict is the hard engine's view of a position: its move, and either a
// forced win for one side or which side stands better.
type Verdict struct {
	Move Point
	// Winner has a forced win, or is Empty.
	Winner Stone
	// Moves is how many moves of the winner's the win took when the
	// engine played it out against itself; 0 when the play-out did not
	// reach the five.
	Moves int
	// ByFours is set when each of those moves made a four (or the five):
	// a win by fours (VCF).
	ByFours bool
	// Better is the side the evaluation favours when nobody wins by force;
	// Empty for an even position.
	Better Stone
}

// evenMargin is how far from 0 the engine's score must be, in its units,
// for one side to stand better: about an open two's worth.
const evenMargin = 150

// forcedScore is where the engine's scores of proved wins begin.
const forcedScore = 19000

// Analyse asks the hard engine about the position after the first at
// moves of rec, within lim (a node limit gives the same answer on every
// machine). A forced win is played out, the engine against itself with a
// small node limit each move, to count the winner's moves.
func Analyse(ctx context.Context, rec *Record, at int, lim engine.Limits) (Verdict, error) {
	b, err := rec.Board(at).Engine()
	if err != nil {
		return Verdict{}, err
	}
	eng := engine.New(engine.Hard, nil)
	res, err := eng.Think(ctx, b.Clone(), lim)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Move: Point{Row: res.Move.Y, Col: res.Move.X}}
	mover := Stone(b.ToMove())
	switch {
	case res.Score > forcedScore:
		v.Winner = mover
		v.Moves, v.ByFours = playOut(ctx, eng, b, mover)
	case res.Score < -forcedScore:
		v.Winner = mover.Other()
	case res.Score > evenMargin:
		v.Better = mover
	case res.Score < -evenMargin:
		v.Better = mover.Other()
	}
	return v, nil
}

// playOut plays the engine against itself from b, where winner has a
// forced win, and returns the winner's moves to the five (0: none within
// the bound) and whether each of them made a four.
func playOut(ctx context.Context, eng *engine.Engine, b *engine.Board, winner Stone) (int, bool) {
	const plies = 60
	b = b.Clone()
	moves, fours := 0, true
	for range plies {
		res, err := eng.Think(ctx, b.Clone(), engine.Limits{Nodes: 20000})
		if err != nil || b.Play(res.Move) != nil {
			return 0, false
		}
		if Stone(b.At(res.Move)) == winner {
			moves++
			if res.Kind != "five" && res.Kind != "vcf" && res.Kind != "open four" {
				fours = false
			}
		}
		if w := b.Winner(); w != 0 {
			if Stone(w) == winner {
				return moves, fours
			}
			return 0, false
		}
	}
	return 0, false
}

package main

import (
	"math/rand/v2"

	"termgames/omok/engine"
)

// Beginner plays as a person who has just learnt the game: it completes its
// own five, blocks a five the opponent threatens, and otherwise lengthens
// its longest line (on a line with room for five), never noticing an open
// three. It is the lowest rung of the ladder the levels are measured on:
// the easy level should beat it about half the time, normal nearly always
// and hard always.
type Beginner struct {
	rng *rand.Rand
}

// NewBeginner returns a beginner whose choices among equal moves come from
// rng.
func NewBeginner(rng *rand.Rand) *Beginner { return &Beginner{rng: rng} }

var lines = [4]engine.Point{{X: 1}, {Y: 1}, {X: 1, Y: 1}, {X: 1, Y: -1}}

// Move returns the beginner's move on b for the side to move, and false
// when no legal point is left.
func (g *Beginner) Move(b *engine.Board) (engine.Point, bool) {
	me := b.ToMove()
	var legal []engine.Point
	for y := range b.Size() {
		for x := range b.Size() {
			p := engine.Point{X: x, Y: y}
			if b.Legal(p, me) == nil {
				legal = append(legal, p)
			}
		}
	}
	if len(legal) == 0 {
		return engine.Point{}, false
	}
	if b.Moves() == 0 {
		return engine.Point{X: b.Size() / 2, Y: b.Size() / 2}, true
	}
	if p, ok := fivePoint(b, me, legal); ok {
		return p, true
	}
	if p, ok := fivePoint(b, me.Other(), legal); ok {
		return p, true
	}
	best, bestV := []engine.Point(nil), -1
	for _, p := range legal {
		if !near(b, p) {
			continue
		}
		v := lineValue(b, p, me)
		switch {
		case v > bestV:
			best, bestV = append(best[:0], p), v
		case v == bestV:
			best = append(best, p)
		}
	}
	if len(best) == 0 {
		return legal[g.rng.IntN(len(legal))], true
	}
	return best[g.rng.IntN(len(best))], true
}

// fivePoint returns a point where colour c makes a winning row.
func fivePoint(b *engine.Board, c engine.Color, legal []engine.Point) (engine.Point, bool) {
	for _, p := range legal {
		if wins(b, p, c) {
			return p, true
		}
	}
	return engine.Point{}, false
}

// wins reports whether c playing p makes a row that wins under b's rule.
func wins(b *engine.Board, p engine.Point, c engine.Color) bool {
	exact := b.Rule().ExactFive(c)
	for _, d := range lines {
		n := 1 + stonesInRow(b, p, d, c) + stonesInRow(b, p, engine.Point{X: -d.X, Y: -d.Y}, c)
		if n == 5 || n > 5 && !exact {
			return true
		}
	}
	return false
}

// stonesInRow counts c's stones next to p in direction d.
func stonesInRow(b *engine.Board, p, d engine.Point, c engine.Color) int {
	n := 0
	for q := (engine.Point{X: p.X + d.X, Y: p.Y + d.Y}); b.Inside(q) && b.At(q) == c; q = (engine.Point{X: q.X + d.X, Y: q.Y + d.Y}) {
		n++
	}
	return n
}

// room counts the cells from p in direction d that are c's or empty.
func room(b *engine.Board, p, d engine.Point, c engine.Color) int {
	n := 0
	for q := (engine.Point{X: p.X + d.X, Y: p.Y + d.Y}); b.Inside(q) && b.At(q) != c.Other() && n < 5; q = (engine.Point{X: q.X + d.X, Y: q.Y + d.Y}) {
		n++
	}
	return n
}

// lineValue is how long the longest line through p becomes when c plays
// there, counting only lines with room for five; open ends break ties.
func lineValue(b *engine.Board, p engine.Point, c engine.Color) int {
	best := 0
	for _, d := range lines {
		back := engine.Point{X: -d.X, Y: -d.Y}
		if 1+room(b, p, d, c)+room(b, p, back, c) < 5 {
			continue
		}
		n := 1 + stonesInRow(b, p, d, c) + stonesInRow(b, p, back, c)
		v := n * 4
		for _, e := range []engine.Point{d, back} {
			k := stonesInRow(b, p, e, c) + 1
			q := engine.Point{X: p.X + e.X*k, Y: p.Y + e.Y*k}
			if b.Inside(q) && b.At(q) == engine.None {
				v++
			}
		}
		best = max(best, v)
	}
	return best
}

// near reports whether p touches a stone.
func near(b *engine.Board, p engine.Point) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			q := engine.Point{X: p.X + dx, Y: p.Y + dy}
			if b.Inside(q) && b.At(q) != engine.None {
				return true
			}
		}
	}
	return false
}

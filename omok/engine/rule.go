package engine

import (
	"fmt"

	"termgames/omok/renju"
)

// Rule says what wins and which points a colour may not take. The engine
// asks it about forbidden points only where a three, a four or an overline
// would be made, so a rule with forbidden points (renju, the Korean omok
// rule) plugs in without the engine knowing its details.
type Rule interface {
	// Name is the rule's name as the command line spells it.
	Name() string
	// ExactFive reports whether only exactly five in a row wins for c; when
	// false, five or more wins.
	ExactFive(c Color) bool
	// NewForbidder returns a tracker of one board's stones that knows the
	// rule's forbidden points, or nil when the rule forbids nothing.
	NewForbidder(size int) Forbidder
}

// Forbidder follows the stones of one board and answers whether a point
// is forbidden.
type Forbidder interface {
	// Put sets p to c; None takes the stone away.
	Put(p Point, c Color)
	// Forbidden reports whether c may not play the empty point p. A move
	// that makes a five is never forbidden.
	Forbidden(p Point, c Color) bool
}

// renjuRule is a rule of package renju.
type renjuRule struct{ r renju.Rule }

// The rules.
var (
	// Freestyle: five or more in a row wins, for both colours (Gomocup rule 0).
	Freestyle Rule = renjuRule{renju.Freestyle}
	// Standard: exactly five wins; an overline wins for neither colour
	// (Gomocup rule 1).
	Standard Rule = renjuRule{renju.Standard}
	// Renju: black wins only with exactly five and may not make 3-3, 4-4 or
	// an overline; white wins with five or more (Gomocup rule 4).
	Renju Rule = renjuRule{renju.Renju}
	// Omok, the Korean everyday rule (오목룰): exactly five wins for both,
	// and neither may make 3-3.
	Omok Rule = renjuRule{renju.Omok}
)

// RuleOf returns the engine's rule for a rule of package renju, which the
// game's screens use.
func RuleOf(r renju.Rule) Rule { return renjuRule{r} }

func (r renjuRule) Name() string { return r.r.String() }

func (r renjuRule) ExactFive(c Color) bool { return !r.r.Wins(renju.Stone(c), 6) }

func (r renjuRule) NewForbidder(size int) Forbidder {
	if !r.r.HasForbidden() {
		return nil
	}
	return &renjuForbidder{rule: r.r, b: renju.NewBoard(size)}
}

// renjuForbidder keeps a renju.Board beside the engine's board.
type renjuForbidder struct {
	rule renju.Rule
	b    *renju.Board
}

func (f *renjuForbidder) Put(p Point, c Color) {
	if err := f.b.Put(renju.Point{Row: p.Y, Col: p.X}, renju.Stone(c)); err != nil {
		panic(fmt.Sprintf("engine: forbidden points: %v", err)) // the board puts only its own points and colours
	}
}

func (f *renjuForbidder) Forbidden(p Point, c Color) bool {
	return f.b.Forbidden(f.rule, renju.Stone(c), renju.Point{Row: p.Y, Col: p.X}) != renju.None
}

// ParseRule reads a rule name: freestyle, standard, renju or omok.
func ParseRule(s string) (Rule, error) {
	r, err := renju.ParseRule(s)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	return RuleOf(r), nil
}

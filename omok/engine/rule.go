package engine

import (
	"fmt"
	"strings"
)

// Rule says what wins and which points a colour may not take. The engine
// asks it only about points where a double threat or an overline would be
// made, so a rule with forbidden points (renju, the Korean omok rule) plugs
// in without the engine knowing its details.
type Rule interface {
	// Name is the rule's name as the command line spells it.
	Name() string
	// ExactFive reports whether only exactly five in a row wins for c; when
	// false, five or more wins.
	ExactFive(c Color) bool
	// HasForbidden reports whether Forbidden can ever be true.
	HasForbidden() bool
	// Forbidden reports whether c may not play the empty point p of b. It
	// may read b only through At and Size.
	Forbidden(b Stones, p Point, c Color) bool
}

// Stones is the read-only view of a board that a Rule's Forbidden gets.
type Stones interface {
	Size() int
	At(p Point) Color
}

// simpleRule is a rule without forbidden points.
type simpleRule struct {
	name  string
	exact bool
}

func (r simpleRule) Name() string                        { return r.name }
func (r simpleRule) ExactFive(Color) bool                { return r.exact }
func (r simpleRule) HasForbidden() bool                  { return false }
func (r simpleRule) Forbidden(Stones, Point, Color) bool { return false }

// The rules without forbidden points.
var (
	// Freestyle: five or more in a row wins, for both colours (Gomocup rule 0).
	Freestyle Rule = simpleRule{"freestyle", false}
	// Standard: exactly five wins; an overline wins for neither colour
	// (Gomocup rule 1).
	Standard Rule = simpleRule{"standard", true}
)

// ParseRule reads a rule name.
func ParseRule(s string) (Rule, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "freestyle":
		return Freestyle, nil
	case "standard":
		return Standard, nil
	}
	return nil, fmt.Errorf("unknown rule %q: want freestyle or standard", s)
}

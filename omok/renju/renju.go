// Package renju holds the omok rules that forbid moves: renju (렌주룰), where
// black may not make a double three, a double four or an overline, and the
// Korean everyday rule (오목룰), where neither colour may make a double
// three. It also says who won under every rule the game offers.
//
// It stands on its own, without the omok package or the terminal, so that
// both the two-player game (package omok) and the computer player can use
// it: a Board keeps the stones as bit lines, updated in O(1) per stone, and
// answers whether a point is forbidden for a colour, and why, by looking up
// each of the four lines through it in a table built once from every
// possible line of eleven cells. Only a double-three candidate needs more:
// a three is real only if it can become a straight four by a move that
// makes no five at the same time and is itself not forbidden, which is
// checked by placing the stones and asking again, recursively, as the
// renju rules define it.
//
// # The rules
//
//	rule       wins                               forbidden
//	freestyle  five or more                       nothing
//	standard   exactly five                       nothing
//	renju      black exactly five, white 5+       black: 3-3, 4-4, overline (6+)
//	omok       exactly five (overline never wins) both colours: 3-3
//
// In both rules with forbidden moves a move that makes a five wins even when
// it makes a forbidden shape at the same time. Under the 오목룰 a three is
// the same "real three" as in renju (it must be able to become a straight
// four by a move that makes no five and is not itself a 3-3; a six there is
// no five, since it does not win), 4-4 is allowed, and an overline may be
// played but does not win: a straight four's ends must each make exactly
// five, so a row that could only grow into six is not a four.
package renju

import (
	"errors"
	"fmt"
	"strings"
)

// Stone is what a cell holds. The values are those of package omok and of
// the judge's input: 1 black (who moves first), 2 white.
type Stone uint8

// The contents of a cell.
const (
	Empty Stone = iota
	Black
	White
)

// String names the colour.
func (s Stone) String() string {
	switch s {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}

// Other returns the opponent's colour, Empty for Empty.
func (s Stone) Other() Stone {
	switch s {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// Point is a cell of the board, 0-based from the top-left corner. It has
// the same fields as omok.Point, so the two convert into each other.
type Point struct {
	Row, Col int
}

// Rule decides which lines win and which moves are forbidden.
type Rule uint8

// The rules a game can be played by. Freestyle and Standard keep the values
// they had in package omok.
const (
	// Freestyle is the original's: five or more in a row wins.
	Freestyle Rule = iota
	// Standard needs exactly five; six or more does not win.
	Standard
	// Renju (렌주룰): black may not make 3-3, 4-4 or an overline and wins
	// only with exactly five; white wins with five or more.
	Renju
	// Omok (오목룰, the Korean everyday rule): 3-3 is forbidden for both
	// colours; only exactly five wins.
	Omok
)

// Rules lists every rule, in the order of their values.
var Rules = []Rule{Freestyle, Standard, Renju, Omok}

var ruleNames = [...]string{Freestyle: "freestyle", Standard: "standard", Renju: "renju", Omok: "omok"}

// String returns the rule's name as the -rule flag spells it.
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", uint8(r))
}

// ParseRule reads a rule name as the -rule flag takes it; its error says
// what is wanted, the caller what was given.
func ParseRule(s string) (Rule, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for r, n := range ruleNames {
		if n == name {
			return Rule(r), nil
		}
	}
	return Freestyle, errors.New("want freestyle, standard, renju or omok")
}

// Set makes *Rule a flag.Value, so that a command can declare -rule with
// flag.Var.
func (r *Rule) Set(s string) error {
	v, err := ParseRule(s)
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Wins reports whether a row of n stones of colour s wins under the rule.
func (r Rule) Wins(s Stone, n int) bool {
	switch {
	case n < 5 || s == Empty:
		return false
	case n == 5:
		return true
	}
	return r == Freestyle || (r == Renju && s == White)
}

// Forbids reports whether the rule forbids any move of colour s.
func (r Rule) Forbids(s Stone) bool {
	switch r {
	case Renju:
		return s == Black
	case Omok:
		return s == Black || s == White
	}
	return false
}

// HasForbidden reports whether the rule forbids any move of either colour.
func (r Rule) HasForbidden() bool { return r.Forbids(Black) || r.Forbids(White) }

// Shape is why a move is forbidden.
type Shape uint8

// The forbidden shapes. None is a move the rule allows.
const (
	None        Shape = iota
	DoubleThree       // 3-3: two real threes at once (삼삼)
	DoubleFour        // 4-4: two fours at once, also along one line (사사)
	Overline          // six or more in a row (장목)
)

var shapeNames = [...]string{None: "none", DoubleThree: "3-3", DoubleFour: "4-4", Overline: "overline"}

// String names the shape as players write it: 3-3, 4-4, overline.
func (s Shape) String() string {
	if int(s) < len(shapeNames) {
		return shapeNames[s]
	}
	return fmt.Sprintf("Shape(%d)", uint8(s))
}

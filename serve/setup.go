package serve

import (
	"fmt"
	"strings"

	"termgames/omok"
)

// Setup is what a table is opened for: the game, omok's rule, the time
// control and, at a freestyle or standard omok table, whether swap2 opens
// the game. The quick match pairs players who ask for the same Setup.
type Setup struct {
	Game    Game
	Rule    omok.Rule // omok's rule; none for baseball
	Control Control
	Swap2   bool // omok only, at a rule with no forbidden moves (omok.Swap2Allowed)
}

// normal is the setup as a table plays it: baseball has no rule and no
// swap2, and swap2 is dropped at a rule that does not allow it.
func (s Setup) normal() Setup {
	if s.Game == Baseball {
		s.Rule, s.Swap2 = 0, false
	}
	if !omok.Swap2Allowed(s.Rule) {
		s.Swap2 = false
	}
	return s
}

// String names the setup in logs: "omok freestyle 3+2 swap2",
// "baseball none".
func (s Setup) String() string {
	w := []string{"baseball"}
	if s.Game == Omok {
		w = []string{"omok", s.Rule.String()}
	}
	w = append(w, s.Control.String())
	if s.Swap2 {
		w = append(w, "swap2")
	}
	return strings.Join(w, " ")
}

// rules makes the Rules of a game at a table of the setup, in which seat
// first plays black (at swap2: opens) or guesses first.
func (s Setup) rules(first int) Rules {
	if s.Game == Baseball {
		return newBaseballGame(first)
	}
	return newOmokGame(s.Rule, s.Swap2, first)
}

// options writes what the store keeps of a game beside its game and
// rule: the control, "swap2", and "second" when seat 1 moves first (the
// seats swap at each rematch): "3+2 swap2 second".
func (s Setup) options(first int) string {
	w := []string{s.Control.String()}
	if s.Swap2 {
		w = append(w, "swap2")
	}
	if first == 1 {
		w = append(w, "second")
	}
	return strings.Join(w, " ")
}

// readOptions reads into s what options wrote, and returns the seat that
// moves first. "" (a game kept before tables had options) is no clock,
// no swap2, seat 0 first.
func (s *Setup) readOptions(text string) (first int, err error) {
	for k, w := range strings.Fields(text) {
		switch {
		case w == "swap2":
			s.Swap2 = true
		case w == "second":
			first = 1
		case k == 0:
			if s.Control, err = ParseControl(w); err != nil {
				return 0, fmt.Errorf("options %q: %w", text, err)
			}
		default:
			return 0, fmt.Errorf("options %q: %q is no option", text, w)
		}
	}
	return first, nil
}

package room

import (
	"fmt"
	"strconv"
	"strings"

	"termgames/internal/store"
)

// Setup is what a table is opened for: the game, its variant (omok's
// rule), the time control and, at a freestyle or standard omok table,
// whether swap2 opens the game. The quick match pairs players who ask for
// the same Setup.
type Setup struct {
	Game    *Game
	Rule    string // the game's variant, as the store keeps it ("renju"); "" at a game of one rule
	Control Control
	Swap2   bool // where the game's swap2 allows it
	// Seed deals a game dealt by chance (Game.dealt): the same seed, the
	// same deal. 0 until the table draws it; always 0 at other games.
	Seed uint64
}

// seedWord starts the option that keeps a dealt game's seed: "seed=42".
const seedWord = "seed="

// normal is the setup as a table plays it: a variant the game has (its
// default for one it has not), and swap2 only where the game allows it.
func (s Setup) normal() Setup {
	s.Rule = s.Game.Variant(s.Rule)
	if !s.Game.dealt {
		s.Seed = 0
	}
	if !s.Game.Swap2(s.Rule) {
		s.Swap2 = false
	}
	return s
}

// String names the setup as a table plays it (normal), in logs: "omok
// freestyle 3+2 swap2", "baseball none".
func (s Setup) String() string {
	s = s.normal()
	w := []string{s.Game.name}
	if s.Rule != "" {
		w = append(w, s.Rule)
	}
	w = append(w, s.Control.String())
	if s.Swap2 {
		w = append(w, "swap2")
	}
	return strings.Join(w, " ")
}

// rules makes the Rules of a game at a table of the setup, in which seat
// first moves first (omok: plays black, or opens swap2).
func (s Setup) rules(first int) Rules { return s.Game.newRules(s, first) }

// options writes what the store keeps of a game beside its game and
// rule: the control, "swap2", "second" when seat 1 moves first (the
// seats swap at each rematch), and a dealt game's seed: "3+2 swap2
// second", "none seed=42".
func (s Setup) options(first int) string {
	w := []string{s.Control.String()}
	if s.Swap2 {
		w = append(w, "swap2")
	}
	if first == 1 {
		w = append(w, "second")
	}
	if s.Seed != 0 {
		w = append(w, seedWord+strconv.FormatUint(s.Seed, 10))
	}
	return strings.Join(w, " ")
}

// readOptions reads into s what options wrote, and returns the seat that
// moves first. "" (the store's default, for a game kept without options)
// is no clock, no swap2, seat 0 first.
func (s *Setup) readOptions(text string) (first int, err error) {
	for k, w := range strings.Fields(text) {
		switch {
		case w == "swap2":
			s.Swap2 = true
		case w == "second":
			first = 1
		case strings.HasPrefix(w, seedWord):
			if s.Seed, err = strconv.ParseUint(w[len(seedWord):], 10, 64); err != nil {
				return 0, fmt.Errorf("options %q: %w", text, err)
			}
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

// setupOf reads the setup of stored game g (its game, variant and
// options), and the seat that moved first. A game or a variant this
// server does not play is refused by name.
func setupOf(g store.Game) (Setup, int, error) {
	game, ok := GameNamed(g.Game)
	if !ok {
		return Setup{}, 0, fmt.Errorf("no game is called %q", g.Game)
	}
	if g.Rule != game.Variant(g.Rule) {
		return Setup{}, 0, fmt.Errorf("%s: no rule is called %q", g.Game, g.Rule)
	}
	s := Setup{Game: game, Rule: g.Rule}
	first, err := s.readOptions(g.Options)
	return s.normal(), first, err
}

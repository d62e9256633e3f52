package omok

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"termgames/omok/renju"
)

// Swap2 is the opening that makes freestyle and standard omok fair between
// equals (played so on piskvorky.net and at Gomocup): without it, black
// wins from the centre, and so does whoever sits down first. The opener
// places three stones, black, white, black; the responder then plays
// white, plays black, or places two more stones, white then black, and
// leaves the colour to the opener. The stones go on the game's own Board,
// in the board's order (black first, then turn about), so that the game
// goes on from them with nothing copied.
//
// Every action is also text, as the server's store keeps moves: a stone in
// h8 notation, a choice as "white", "black" or "more" (Choice.String).
// ReplaySwap2 brings an opening back from that list, after a restart or
// from a record. This file is rules only: no console, no key, no print.
type Swap2 struct {
	board   *Board
	actions []string
	stage   swap2Stage
	black   Role // who plays black, once done
}

// swap2Stage is where the opening stands; each waits for one role.
type swap2Stage uint8

const (
	openerPlaces    swap2Stage = iota // stones 1-3, by the opener
	responderChoose                   // white, black or more
	responderPlaces                   // stones 4-5, after "more"
	openerChooses                     // white or black, after "more"
	swap2Done
)

// Role is a player's part in the opening. Which seat or name has which
// role is the table's to say; the opening knows only the two parts.
type Role uint8

// The two parts of swap2.
const (
	// Opener places the first three stones, and chooses the colour when
	// the responder places two more.
	Opener Role = iota
	// Responder answers the first three stones with a choice.
	Responder
)

// String names the role in messages and logs.
func (r Role) String() string {
	if r == Responder {
		return "responder"
	}
	return "opener"
}

// Other returns the other role.
func (r Role) Other() Role { return 1 - r }

// Choice is an answer to the stones on the board: the colour to play, or
// two more stones.
type Choice uint8

// The choices of swap2. The responder has all three; after "more", the
// opener has the first two.
const (
	PlayWhite Choice = iota + 1 // take white; the other plays black
	PlayBlack                   // take black; the other plays white, and moves next
	PlaceTwo                    // place a white and a black stone, then the opener chooses
)

// choiceWords are the choices as the store and the record write them.
var choiceWords = map[Choice]string{PlayWhite: "white", PlayBlack: "black", PlaceTwo: "more"}

// String writes the choice as an action: "white", "black" or "more".
func (c Choice) String() string {
	if w, ok := choiceWords[c]; ok {
		return w
	}
	return fmt.Sprintf("Choice(%d)", uint8(c))
}

// ParseChoice reads a choice as String writes it, in either case.
func ParseChoice(s string) (Choice, bool) {
	w := strings.ToLower(strings.TrimSpace(s))
	for c, word := range choiceWords {
		if w == word {
			return c, true
		}
	}
	return 0, false
}

// Swap2Turn is what the opening waits for: who acts, and either the stone
// they place or the choices they have.
type Swap2Turn struct {
	By Role
	// Stone is the colour of the stone to place: P1 (black) or P2
	// (white); Empty when a choice is asked.
	Stone Stone
	// Choices are what By may choose, in the order to show them, when
	// Stone is Empty.
	Choices []Choice
}

// Errors of the opening; the board's own (ErrOccupied, ErrOutside) come
// as they are.
var (
	ErrSwap2Rule    = errors.New("swap2 is played at freestyle and standard tables only")
	ErrSwap2Board   = errors.New("swap2 begins on an empty board")
	ErrSwap2Over    = errors.New("swap2: the opening is over")
	ErrSwap2Turn    = errors.New("swap2: it is the other player's turn")
	ErrStoneAsked   = errors.New("swap2: a stone is asked, not a choice")
	ErrChoiceAsked  = errors.New("swap2: a choice is asked, not a stone")
	ErrNotOffered   = errors.New("swap2: not one of the choices")
	ErrSwap2Garbled = errors.New("swap2: neither a stone such as h8 nor a choice (white, black, more)")
)

// Swap2Allowed reports whether swap2 may open a game of rule: at renju
// and the 오목룰, black's forbidden moves already answer black's head
// start, and their tables keep the opening they have.
func Swap2Allowed(rule Rule) bool { return !rule.HasForbidden() }

// NewSwap2 begins the opening on b, which must be empty and of a rule
// without forbidden moves. Until the opening is done, its stones go on b
// only through the Swap2.
func NewSwap2(b *Board) (*Swap2, error) {
	switch {
	case !Swap2Allowed(b.Rule()):
		return nil, fmt.Errorf("%w, not %v", ErrSwap2Rule, b.Rule())
	case b.Moves() > 0:
		return nil, ErrSwap2Board
	}
	return &Swap2{board: b}, nil
}

// ReplaySwap2 begins the opening on b and makes actions, each by the role
// whose turn it is: the opening as it stood when they were kept. The error
// names the first action that does not fit.
func ReplaySwap2(b *Board, actions []string) (*Swap2, error) {
	s, err := NewSwap2(b)
	if err != nil {
		return nil, err
	}
	for k, a := range actions {
		turn, ok := s.Turn()
		if !ok {
			return nil, fmt.Errorf("action %d (%q): %w", k+1, a, ErrSwap2Over)
		}
		if err := s.Apply(turn.By, a); err != nil {
			return nil, fmt.Errorf("action %d: %w", k+1, err)
		}
	}
	return s, nil
}

// Turn returns what the opening waits for, and false once it is done.
func (s *Swap2) Turn() (Swap2Turn, bool) {
	switch s.stage {
	case openerPlaces:
		return Swap2Turn{By: Opener, Stone: s.board.Turn()}, true
	case responderChoose:
		return Swap2Turn{By: Responder, Choices: []Choice{PlayWhite, PlayBlack, PlaceTwo}}, true
	case responderPlaces:
		return Swap2Turn{By: Responder, Stone: s.board.Turn()}, true
	case openerChooses:
		return Swap2Turn{By: Opener, Choices: []Choice{PlayWhite, PlayBlack}}, true
	}
	return Swap2Turn{}, false
}

// Done reports whether the colours are settled: the game goes on from the
// board, white to move.
func (s *Swap2) Done() bool { return s.stage == swap2Done }

// Black returns who plays black, once the opening is done.
func (s *Swap2) Black() (Role, bool) { return s.black, s.Done() }

// Colour returns the stone r plays once the opening is done (P1, black,
// or P2, white); Empty before.
func (s *Swap2) Colour(r Role) Stone {
	if !s.Done() {
		return Empty
	}
	if r == s.black {
		return P1
	}
	return P2
}

// Actions returns the opening so far as text, in order: the stones in h8
// notation and the choices' words, each to be made again by ReplaySwap2.
func (s *Swap2) Actions() []string { return slices.Clone(s.actions) }

// Place puts by's stone of the colour asked at p. It refuses a stone out
// of turn, when a choice is asked, and where the board refuses it.
func (s *Swap2) Place(by Role, p Point) error {
	turn, err := s.check(by)
	if err != nil {
		return err
	}
	if turn.Stone == Empty {
		return ErrChoiceAsked
	}
	if _, err := s.board.Place(p); err != nil {
		return err
	}
	s.actions = append(s.actions, PointName(p, s.board.Size()))
	switch {
	case s.stage == openerPlaces && s.board.Moves() == 3:
		s.stage = responderChoose
	case s.stage == responderPlaces && s.board.Moves() == 5:
		s.stage = openerChooses
	}
	return nil
}

// Choose makes by's choice. It refuses a choice out of turn, when a stone
// is asked, and one not offered (the opener may not ask for more).
func (s *Swap2) Choose(by Role, c Choice) error {
	turn, err := s.check(by)
	if err != nil {
		return err
	}
	if turn.Stone != Empty {
		return ErrStoneAsked
	}
	if !slices.Contains(turn.Choices, c) {
		return fmt.Errorf("%w: %v; the choices are %s", ErrNotOffered, c, choiceList(turn.Choices))
	}
	s.actions = append(s.actions, c.String())
	switch c {
	case PlaceTwo:
		s.stage = responderPlaces
		return nil
	case PlayWhite:
		s.black = by.Other()
	case PlayBlack:
		s.black = by
	}
	s.stage = swap2Done
	return nil
}

// Apply makes by's action written as text: a stone in h8 notation, or a
// choice's word.
func (s *Swap2) Apply(by Role, action string) error {
	c, p, err := s.read(by, action)
	switch {
	case err != nil:
		return err
	case c != 0:
		return s.Choose(by, c)
	}
	return s.Place(by, p)
}

// Check returns the error Apply would return for by's action, changing
// nothing: an online table checks an action, keeps it, and only then
// makes it.
func (s *Swap2) Check(by Role, action string) error {
	_, _, err := s.read(by, action)
	return err
}

// read reads by's action as the opening stands, and refuses it as Choose
// or Place would: it returns the choice, or 0 and the point of the stone.
func (s *Swap2) read(by Role, action string) (Choice, Point, error) {
	if c, ok := ParseChoice(action); ok {
		turn, err := s.check(by)
		switch {
		case err != nil:
			return 0, Point{}, err
		case turn.Stone != Empty:
			return 0, Point{}, ErrStoneAsked
		case !slices.Contains(turn.Choices, c):
			return 0, Point{}, fmt.Errorf("%w: %v; the choices are %s", ErrNotOffered, c, choiceList(turn.Choices))
		}
		return c, Point{}, nil
	}
	// The move string's reader, on the largest board there is, so that a
	// point off this board is the board's to refuse, as any stone is.
	r, err := parseMoves(action, renju.MaxSize, Freestyle)
	if err != nil || len(r.Moves) != 1 {
		return 0, Point{}, fmt.Errorf("%w: %q", ErrSwap2Garbled, action)
	}
	p := r.Moves[0].Point
	p.Row += s.board.Size() - renju.MaxSize // counted from the bottom row
	turn, err := s.check(by)
	switch {
	case err != nil:
		return 0, Point{}, err
	case turn.Stone == Empty:
		return 0, Point{}, ErrChoiceAsked
	}
	return 0, p, s.board.Check(p)
}

// check refuses any action when the opening is over or not by's turn.
func (s *Swap2) check(by Role) (Swap2Turn, error) {
	turn, ok := s.Turn()
	switch {
	case !ok:
		return turn, ErrSwap2Over
	case turn.By != by:
		return turn, ErrSwap2Turn
	}
	return turn, nil
}

// choiceList writes choices for a message: "white, black or more".
func choiceList(cs []Choice) string {
	words := make([]string, len(cs))
	for k, c := range cs {
		words[k] = c.String()
	}
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

package omok

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The opener's three stones in every test: h8 black, i9 white, j10 black;
// after "more", the responder's k11 white and l12 black.
var (
	threeStones = []string{"h8", "i9", "j10"}
	twoMore     = []string{"k11", "l12"}
)

// TestSwap2Paths plays every way the opening ends: the responder's three
// choices, and after "more" the opener's two. At each step it checks what
// the opening asks, and at the end who plays black, the stones and their
// colours, who moves next, and that the actions replay to the same.
func TestSwap2Paths(t *testing.T) {
	place := func(by Role, s Stone) Swap2Turn { return Swap2Turn{By: by, Stone: s} }
	responderChoice := Swap2Turn{By: Responder, Choices: []Choice{PlayWhite, PlayBlack, PlaceTwo}}
	openerChoice := Swap2Turn{By: Opener, Choices: []Choice{PlayWhite, PlayBlack}}
	opening := []Swap2Turn{place(Opener, P1), place(Opener, P2), place(Opener, P1), responderChoice}
	more := []Swap2Turn{place(Responder, P2), place(Responder, P1), openerChoice}
	tests := []struct {
		name    string
		actions []string
		asks    []Swap2Turn // what the opening asks before each action
		black   Role
	}{
		{"responder plays white", append(slices.Clone(threeStones), "white"), opening, Opener},
		{"responder plays black", append(slices.Clone(threeStones), "black"), opening, Responder},
		{"more, opener plays white", slices.Concat(threeStones, []string{"more"}, twoMore, []string{"white"}),
			slices.Concat(opening, more), Responder},
		{"more, opener plays black", slices.Concat(threeStones, []string{"more"}, twoMore, []string{"black"}),
			slices.Concat(opening, more), Opener},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBoard(DefaultSize, Freestyle)
			s, err := NewSwap2(b)
			if err != nil {
				t.Fatal(err)
			}
			for k, a := range tt.actions {
				turn, ok := s.Turn()
				if !ok || !reflect.DeepEqual(turn, tt.asks[k]) {
					t.Fatalf("before %q: Turn = %+v, %v; want %+v", a, turn, ok, tt.asks[k])
				}
				if s.Done() {
					t.Fatalf("done before %q", a)
				}
				moves := b.Moves()
				if err := s.Check(turn.By, a); err != nil || b.Moves() != moves || len(s.Actions()) != k {
					t.Fatalf("Check(%v, %q) = %v, and %d stones, %d actions after it", turn.By, a, err, b.Moves(), len(s.Actions()))
				}
				if err := s.Apply(turn.By, a); err != nil {
					t.Fatalf("%v %q: %v", turn.By, a, err)
				}
			}
			if turn, ok := s.Turn(); ok || !s.Done() {
				t.Fatalf("not done: Turn = %+v", turn)
			}
			if black, ok := s.Black(); !ok || black != tt.black {
				t.Errorf("Black = %v, %v; want %v", black, ok, tt.black)
			}
			if s.Colour(tt.black) != P1 || s.Colour(tt.black.Other()) != P2 {
				t.Errorf("colours: %v %v", s.Colour(tt.black), s.Colour(tt.black.Other()))
			}
			if !slices.Equal(s.Actions(), tt.actions) {
				t.Errorf("Actions = %q, want %q", s.Actions(), tt.actions)
			}
			checkOpeningStones(t, b, tt.actions)
			// The game goes on from the opening: white moves next, and
			// the board takes it.
			if b.Turn() != P2 {
				t.Errorf("after the opening, %v to move; want white (2P)", b.Turn())
			}
			if _, err := b.Place(Point{0, 0}); err != nil {
				t.Errorf("the game's first move after the opening: %v", err)
			}

			b2 := NewBoard(DefaultSize, Freestyle)
			r, err := ReplaySwap2(b2, tt.actions)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if black, ok := r.Black(); !ok || black != tt.black || !slices.Equal(b2.History(), b.History()[:b2.Moves()]) {
				t.Errorf("replay: black %v, %v; stones %v", black, ok, b2.History())
			}
		})
	}
}

// checkOpeningStones checks that the actions' stones are on b in order,
// black first and then turn about: the opener's black, white, black, and
// after "more" the responder's white and black.
func checkOpeningStones(t *testing.T, b *Board, actions []string) {
	t.Helper()
	var want []string
	for _, a := range actions {
		if _, ok := ParseChoice(a); !ok {
			want = append(want, a)
		}
	}
	hist := b.History()
	if len(hist) != len(want) {
		t.Fatalf("%d stones on the board, want %d", len(hist), len(want))
	}
	for k, p := range hist {
		colour := P1
		if k%2 == 1 {
			colour = P2
		}
		if got := PointName(p, b.Size()); got != want[k] || b.At(p) != colour {
			t.Errorf("stone %d: %s %v, want %s %v", k+1, got, b.At(p), want[k], colour)
		}
	}
}

// TestSwap2Refuses tries every action the opening must refuse, at each
// stage, and checks that a refusal changes nothing, and that Check
// refuses it first with the same error.
func TestSwap2Refuses(t *testing.T) {
	tests := []struct {
		name   string
		before []string // made first, each by the role whose turn it is
		by     Role
		action string
		want   error
	}{
		{"the responder places first", nil, Responder, "h8", ErrSwap2Turn},
		{"the opener chooses before any stone", nil, Opener, "white", ErrStoneAsked},
		{"the responder chooses before three stones", threeStones[:2], Responder, "black", ErrSwap2Turn},
		{"a stone on a stone", threeStones[:2], Opener, "h8", ErrOccupied},
		{"a column off the board", nil, Opener, "p8", ErrOutside},
		{"a row off the board", nil, Opener, "h16", ErrOutside},
		{"row 0, which no board has", nil, Opener, "h0", ErrSwap2Garbled},
		{"the opener places a fourth stone", threeStones, Opener, "k11", ErrSwap2Turn},
		{"the responder places without more", threeStones, Responder, "k11", ErrChoiceAsked},
		{"the opener chooses for the responder", threeStones, Opener, "white", ErrSwap2Turn},
		{"the responder chooses again after more", append(slices.Clone(threeStones), "more"), Responder, "white", ErrStoneAsked},
		{"the opener places after more", append(slices.Clone(threeStones), "more"), Opener, "k11", ErrSwap2Turn},
		{"the opener asks for more", slices.Concat(threeStones, []string{"more"}, twoMore), Opener, "more", ErrNotOffered},
		{"the responder chooses the colour", slices.Concat(threeStones, []string{"more"}, twoMore), Responder, "black", ErrSwap2Turn},
		{"a stone after the opening", append(slices.Clone(threeStones), "white"), Responder, "k11", ErrSwap2Over},
		{"a choice after the opening", append(slices.Clone(threeStones), "black"), Opener, "white", ErrSwap2Over},
		{"a word that is no choice", threeStones, Responder, "swap", ErrSwap2Garbled},
		{"nothing", nil, Opener, "", ErrSwap2Garbled},
		{"two stones at once", nil, Opener, "h8 i9", ErrSwap2Garbled},
		{"a point without its row", nil, Opener, "h", ErrSwap2Garbled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBoard(DefaultSize, Standard)
			s, err := ReplaySwap2(b, tt.before)
			if err != nil {
				t.Fatal(err)
			}
			turn, _ := s.Turn()
			moves, actions := b.Moves(), s.Actions()
			if err := s.Check(tt.by, tt.action); !errors.Is(err, tt.want) {
				t.Errorf("Check(%v, %q) = %v, want %v", tt.by, tt.action, err, tt.want)
			}
			err = s.Apply(tt.by, tt.action)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Apply(%v, %q) = %v, want %v", tt.by, tt.action, err, tt.want)
			}
			after, _ := s.Turn()
			if b.Moves() != moves || !slices.Equal(s.Actions(), actions) || !reflect.DeepEqual(after, turn) {
				t.Errorf("the refusal changed the opening: %d stones, actions %q, turn %+v", b.Moves(), s.Actions(), after)
			}
		})
	}
}

func TestSwap2Messages(t *testing.T) {
	s, err := ReplaySwap2(NewBoard(DefaultSize, Freestyle), slices.Concat(threeStones, []string{"more"}, twoMore))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Choose(Opener, PlaceTwo)
	if want := "swap2: not one of the choices: more; the choices are white or black"; err == nil || err.Error() != want {
		t.Errorf("Choose(more) = %v, want %q", err, want)
	}
	if err := s.Apply(Opener, "sideways"); err == nil || !strings.Contains(err.Error(), `"sideways"`) {
		t.Errorf("a garbled action's error %v does not name it", err)
	}
}

func TestSwap2OnlyAtRulesWithoutForbiddenMoves(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Standard, Renju, Omok} {
		_, err := NewSwap2(NewBoard(DefaultSize, rule))
		want := rule == Freestyle || rule == Standard
		if Swap2Allowed(rule) != want || (err == nil) != want {
			t.Errorf("%v: Swap2Allowed = %v, NewSwap2 error %v", rule, Swap2Allowed(rule), err)
		}
		if !want && !errors.Is(err, ErrSwap2Rule) {
			t.Errorf("%v: error %v, want ErrSwap2Rule", rule, err)
		}
	}
	b := NewBoard(DefaultSize, Freestyle)
	play(t, b, Point{7, 7})
	if _, err := NewSwap2(b); !errors.Is(err, ErrSwap2Board) {
		t.Errorf("a board with a stone: %v, want ErrSwap2Board", err)
	}
}

// TestSwap2Text checks the actions as the store keeps them: in either case
// when read, lower case when written, on the board's own size.
func TestSwap2Text(t *testing.T) {
	b := NewBoard(LargeSize, Freestyle)
	s, err := ReplaySwap2(b, []string{"S19", "a1", "J10", "WHITE"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"s19", "a1", "j10", "white"}; !slices.Equal(s.Actions(), want) {
		t.Errorf("Actions = %q, want %q", s.Actions(), want)
	}
	if want := []Point{{0, 18}, {18, 0}, {9, 9}}; !slices.Equal(b.History(), want) {
		t.Errorf("stones %v, want %v", b.History(), want)
	}
	for c, w := range map[Choice]string{PlayWhite: "white", PlayBlack: "black", PlaceTwo: "more", 9: "Choice(9)"} {
		if c.String() != w {
			t.Errorf("%d: %q, want %q", c, c.String(), w)
		}
	}
	if Opener.String() != "opener" || Responder.String() != "responder" || Opener.Other() != Responder {
		t.Errorf("roles: %v %v %v", Opener, Responder, Opener.Other())
	}
}

func TestReplaySwap2Refuses(t *testing.T) {
	tests := []struct {
		name    string
		actions []string
		want    error
		says    string
	}{
		{"a stone where a choice is asked", []string{"h8", "i9", "j10", "k11"}, ErrChoiceAsked, "action 4"},
		{"an action past the end", []string{"h8", "i9", "j10", "black", "k11"}, ErrSwap2Over, `action 5 ("k11")`},
		{"the same point twice", []string{"h8", "h8"}, ErrOccupied, "action 2"},
		{"garbled", []string{"h8", "?"}, ErrSwap2Garbled, "action 2"},
	}
	for _, tt := range tests {
		_, err := ReplaySwap2(NewBoard(DefaultSize, Freestyle), tt.actions)
		if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s: %v, want %v naming %s", tt.name, err, tt.want, tt.says)
		}
	}
}

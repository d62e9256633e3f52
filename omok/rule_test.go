package omok

import (
	"errors"
	"math/rand/v2"
	"testing"

	"termgames/console"
	"termgames/omok/renju"
)

// Black (1P) builds two open threes through (7,7): (7,5) (7,6) and (5,7)
// (6,7); white answers far away.
var threeThreeGame = []Point{{7, 5}, {0, 0}, {7, 6}, {0, 2}, {5, 7}, {0, 4}, {6, 7}, {0, 6}}

func TestPlaceRefusesForbiddenMoves(t *testing.T) {
	tests := []struct {
		name  string
		rule  Rule
		moves []Point // played first, all allowed
		move  Point
		want  renju.Shape
	}{
		{"renju: black 3-3", Renju, threeThreeGame, Point{7, 7}, renju.DoubleThree},
		{"오목룰: black 3-3", Omok, threeThreeGame, Point{7, 7}, renju.DoubleThree},
		{"오목룰: white 3-3", Omok, append([]Point{{14, 14}}, threeThreeGame...), Point{7, 7}, renju.DoubleThree},
		{"renju: black 4-4", Renju, []Point{{7, 4}, {0, 0}, {7, 5}, {0, 2}, {7, 6}, {7, 8}, {4, 7}, {0, 6}, {5, 7}, {0, 8}, {6, 7}, {3, 7}}, Point{7, 7}, renju.DoubleFour},
		{"renju: black six", Renju, []Point{{7, 3}, {0, 0}, {7, 4}, {0, 2}, {7, 5}, {0, 4}, {7, 7}, {0, 6}, {7, 8}, {0, 8}}, Point{7, 6}, renju.Overline},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBoard(15, tt.rule)
			play(t, b, tt.moves...)
			turn, n := b.Turn(), b.Moves()
			if got := b.Forbidden(tt.move); got != tt.want {
				t.Errorf("Forbidden = %v, want %v", got, tt.want)
			}
			if m := b.ForbiddenMap(nil); m[tt.move.Row*15+tt.move.Col] != tt.want {
				t.Errorf("ForbiddenMap = %v, want %v", m[tt.move.Row*15+tt.move.Col], tt.want)
			}
			_, err := b.Place(tt.move)
			var fe *ForbiddenError
			if !errors.Is(err, ErrForbidden) || !errors.As(err, &fe) || fe.Shape != tt.want {
				t.Fatalf("Place = %v, want a forbidden %v", err, tt.want)
			}
			if err.Error() != "forbidden move: "+tt.want.String() {
				t.Errorf("error text %q", err)
			}
			if b.Turn() != turn || b.Moves() != n || b.At(tt.move) != Empty {
				t.Errorf("the refused move changed the board: turn %v, %d moves, cell %v", b.Turn(), b.Moves(), b.At(tt.move))
			}
		})
	}
}

func TestRulesWithoutForbiddenMoves(t *testing.T) {
	for _, r := range []Rule{Freestyle, Standard} {
		b := NewBoard(15, r)
		play(t, b, threeThreeGame...)
		if out := play(t, b, Point{7, 7}); out.Over() {
			t.Errorf("%v: the 3-3 ended the game", r)
		}
		if m := b.ForbiddenMap(nil); len(m) != 225 || m[0] != renju.None {
			t.Errorf("%v: ForbiddenMap = %d cells", r, len(m))
		}
	}
	// 4-4 and six are allowed under the 오목룰, and six does not win.
	b := NewBoard(15, Omok)
	out := play(t, b, Point{7, 3}, Point{0, 0}, Point{7, 4}, Point{0, 2}, Point{7, 5}, Point{0, 4}, Point{7, 7}, Point{0, 6}, Point{7, 8}, Point{0, 8}, Point{7, 6})
	if out.Over() {
		t.Errorf("오목룰: six won: %+v", out)
	}
}

func TestWinnerByRule(t *testing.T) {
	// Black's five at (7,7) also makes a 3-3 (column and ↘): it wins under
	// renju and the 오목룰.
	five := []Point{{7, 3}, {0, 0}, {7, 4}, {0, 2}, {7, 5}, {0, 4}, {7, 6}, {0, 6}, {5, 7}, {0, 8}, {6, 7}, {0, 10}, {5, 5}, {0, 12}, {6, 6}, {14, 0}}
	for _, r := range []Rule{Renju, Omok} {
		b := NewBoard(15, r)
		play(t, b, five...)
		if out := play(t, b, Point{7, 7}); out.Winner != P1 || len(out.Line) != 5 {
			t.Errorf("%v: five with a 3-3: %+v", r, out)
		}
	}
	// White's six: a win under renju, not under the 오목룰 (nor standard).
	six := []Point{{14, 0}, {7, 3}, {14, 2}, {7, 4}, {14, 4}, {7, 5}, {14, 6}, {7, 7}, {14, 8}, {7, 8}, {13, 13}}
	for r, want := range map[Rule]Stone{Renju: P2, Omok: Empty, Standard: Empty, Freestyle: P2} {
		b := NewBoard(15, r)
		play(t, b, six...)
		if out := play(t, b, Point{7, 6}); out.Winner != want {
			t.Errorf("%v: white six: winner %v, want %v", r, out.Winner, want)
		}
	}
}

// TestMirrorInStep plays random games with take-backs under both rules with
// forbidden moves: every refusal is what a fresh rules board says, and the
// mirror always holds the board's stones.
func TestMirrorInStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 12))
	refused := 0
	for game := range 200 {
		r := []Rule{Renju, Omok}[game%2]
		b := NewBoard(15, r)
		for range 150 {
			if b.Moves() > 0 && rng.IntN(4) == 0 {
				b.Undo()
				continue
			}
			p := Point{4 + rng.IntN(7), 4 + rng.IntN(7)}
			fresh := renju.NewBoard(15)
			for i, c := range b.cells {
				fresh.Put(renju.Point{Row: i / 15, Col: i % 15}, renju.Stone(c))
			}
			want := fresh.Forbidden(r, renju.Stone(b.Turn()), renju.Point(p))
			out, err := b.Place(p)
			var fe *ForbiddenError
			switch {
			case want != renju.None && (!errors.As(err, &fe) || fe.Shape != want):
				t.Fatalf("game %d: Place(%v) = %v, want forbidden %v", game, p, err, want)
			case want == renju.None && errors.Is(err, ErrForbidden):
				t.Fatalf("game %d: Place(%v) = %v, want allowed", game, p, err)
			case want != renju.None:
				refused++
			}
			if out.Over() {
				break
			}
		}
		for i, c := range b.cells {
			if got := b.forbid.At(renju.Point{Row: i / 15, Col: i % 15}); got != renju.Stone(c) {
				t.Fatalf("game %d: mirror holds %v at %d, board %v", game, got, i, c)
			}
		}
	}
	if refused < 20 {
		t.Errorf("only %d forbidden moves tried: the games do not test refusals", refused)
	}
	t.Logf("%d forbidden moves refused", refused)
}

// When every empty point is forbidden for the player to move, the game is a
// draw: nobody could ever move again.
func TestDrawWhenOnlyForbiddenPointsRemain(t *testing.T) {
	// 6x6 under renju. Each of black's rows XXX.XX, XX.XXX, XXXX.X has
	// one gap, which makes six; white's rows keep the columns and
	// diagonals short. White's last stone goes at (5,5).
	rows := []string{
		"ooo.oo",
		"xxxoxx",
		"oo.ooo",
		"xxoxxx",
		"oooo.o",
		"xxxxo.",
	}
	b := NewBoard(6, Renju)
	for r, row := range rows {
		for c, ch := range row {
			switch ch {
			case 'o':
				b.put(Point{r, c}, P1)
			case 'x':
				b.put(Point{r, c}, P2)
			}
		}
	}
	b.moves = make([]Point, 31) // 2P to move
	out, err := b.Place(Point{5, 5})
	if err != nil || !out.Draw || out.Winner != Empty {
		t.Fatalf("Place = %+v, %v; want a draw", out, err)
	}
	for _, p := range []Point{{0, 3}, {2, 2}, {4, 4}} {
		if sh := b.Forbidden(p); sh != renju.Overline {
			t.Errorf("%v: %v, want overline", p, sh)
		}
	}
	w := console.NewCondition(console.Narrow)
	g := startGame(Options{Size: 6, Rule: Renju, Width: w}).(*game)
	g.board = b
	if got := under(g, w, 6)[0]; got != "남은 자리가 모두 금수라서 무승부로 게임을 종료합니다." {
		t.Errorf("the screen says %q", got)
	}
	// Under the 오목룰 six is allowed: the game goes on.
	b.rule = Omok
	b.Undo()
	if out, err := b.Place(Point{5, 5}); err != nil || out.Over() {
		t.Errorf("오목룰: %+v, %v", out, err)
	}
}

// TestPlaceReadsThreesAsTheRIF: the screens' board asks package renju, so
// it reads a three as the RIF defines it, "without at the same time a five
// in a row is made" (package renju's TestThreeByTheDefinition draws both
// positions). Black's (7,6) makes a three whose one straight four is by
// (7,4), the five of black's four in column 4: no 3-3. Black's (11,5) is a
// 4-3-3 once a three one level down that needs a five stops counting.
func TestPlaceReadsThreesAsTheRIF(t *testing.T) {
	tests := []struct {
		name  string
		moves []Point // black first, white far away
		move  Point
		want  renju.Shape
	}{
		{"a straight four only by completing a four", []Point{
			{3, 4}, {2, 4}, {4, 4}, {14, 0}, {5, 4}, {14, 2}, {7, 3}, {14, 4},
			{7, 5}, {14, 6}, {5, 6}, {14, 8}, {6, 6}, {14, 10}, {6, 4}, {14, 12},
		}, Point{7, 6}, renju.None},
		{"a five one level down", []Point{
			{7, 3}, {0, 0}, {7, 5}, {0, 2}, {8, 5}, {0, 4}, {8, 8}, {0, 6}, {9, 5},
			{0, 8}, {9, 7}, {0, 10}, {10, 4}, {0, 12}, {10, 7}, {0, 14}, {12, 6}, {2, 14},
		}, Point{11, 5}, renju.DoubleThree},
	}
	for _, tt := range tests {
		for _, r := range []Rule{Renju, Omok} {
			b := NewBoard(15, r)
			play(t, b, tt.moves...)
			if got := b.Forbidden(tt.move); got != tt.want {
				t.Errorf("%v, %s: Forbidden(%v) = %v, want %v", r, tt.name, tt.move, got, tt.want)
			}
			_, err := b.Place(tt.move)
			got := renju.None
			if fe := (*ForbiddenError)(nil); errors.As(err, &fe) {
				got = fe.Shape
			}
			if got != tt.want || (got == renju.None && err != nil) {
				t.Errorf("%v, %s: Place(%v) = %v, want %v", r, tt.name, tt.move, err, tt.want)
			}
		}
	}
}

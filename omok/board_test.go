package omok

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// line returns n points from start, one step d apart.
func line(start, d Point, n int) []Point {
	out := make([]Point, n)
	for k := range out {
		out[k] = Point{start.Row + k*d.Row, start.Col + k*d.Col}
	}
	return out
}

// join concatenates lists of points.
func join(lists ...[]Point) []Point { return slices.Concat(lists...) }

// setStones puts stones of s straight onto the board, without turns, so that
// a table can describe any position.
func setStones(b *Board, s Stone, ps []Point) {
	for _, p := range ps {
		b.cells[p.Row*b.size+p.Col] = s
	}
}

var (
	right     = Point{0, 1}
	down      = Point{1, 0}
	downRight = Point{1, 1}
	downLeft  = Point{1, -1}
)

func TestWinner(t *testing.T) {
	const n = 15
	tests := []struct {
		name   string
		rule   Rule
		mine   []Point // stones of the mover, P1; the move is among them
		theirs []Point // stones of P2
		move   Point
		want   []Point // the winning stones; nil: no win
	}{
		// Each direction, in the middle of the board, the move at an end.
		{name: "→ move at the left end", mine: line(Point{7, 5}, right, 5), move: Point{7, 5}, want: line(Point{7, 5}, right, 5)},
		{name: "→ move at the right end", mine: line(Point{7, 5}, right, 5), move: Point{7, 9}, want: line(Point{7, 5}, right, 5)},
		{name: "↓", mine: line(Point{3, 7}, down, 5), move: Point{7, 7}, want: line(Point{3, 7}, down, 5)},
		{name: "↘", mine: line(Point{4, 4}, downRight, 5), move: Point{4, 4}, want: line(Point{4, 4}, downRight, 5)},
		{name: "↙", mine: line(Point{4, 10}, downLeft, 5), move: Point{8, 6}, want: line(Point{4, 10}, downLeft, 5)},
		// The last stone in the middle of the five, joining two and two.
		{name: "→ move in the middle", mine: line(Point{2, 3}, right, 5), move: Point{2, 5}, want: line(Point{2, 3}, right, 5)},
		{name: "↓ move in the middle", mine: line(Point{5, 0}, down, 5), move: Point{7, 0}, want: line(Point{5, 0}, down, 5)},
		{name: "↘ move second", mine: line(Point{6, 6}, downRight, 5), move: Point{7, 7}, want: line(Point{6, 6}, downRight, 5)},
		{name: "↙ move fourth", mine: line(Point{6, 8}, downLeft, 5), move: Point{9, 5}, want: line(Point{6, 8}, downLeft, 5)},
		{name: "standard, move in the middle", rule: Standard, mine: line(Point{9, 2}, right, 5), move: Point{9, 4}, want: line(Point{9, 2}, right, 5)},
		// Each edge and corner.
		{name: "top-left corner →", mine: line(Point{0, 0}, right, 5), move: Point{0, 0}, want: line(Point{0, 0}, right, 5)},
		{name: "top-right corner →", mine: line(Point{0, 10}, right, 5), move: Point{0, 14}, want: line(Point{0, 10}, right, 5)},
		{name: "bottom-left corner →", mine: line(Point{14, 0}, right, 5), move: Point{14, 2}, want: line(Point{14, 0}, right, 5)},
		{name: "bottom-right corner →", mine: line(Point{14, 10}, right, 5), move: Point{14, 14}, want: line(Point{14, 10}, right, 5)},
		{name: "top-left corner ↓", mine: line(Point{0, 0}, down, 5), move: Point{4, 0}, want: line(Point{0, 0}, down, 5)},
		{name: "bottom-left corner ↓", mine: line(Point{10, 0}, down, 5), move: Point{14, 0}, want: line(Point{10, 0}, down, 5)},
		{name: "top-right corner ↓", mine: line(Point{0, 14}, down, 5), move: Point{0, 14}, want: line(Point{0, 14}, down, 5)},
		{name: "right edge ↓", mine: line(Point{6, 14}, down, 5), move: Point{8, 14}, want: line(Point{6, 14}, down, 5)},
		{name: "top edge ↓ from row 0", mine: line(Point{0, 7}, down, 5), move: Point{2, 7}, want: line(Point{0, 7}, down, 5)},
		{name: "top-left corner ↘", mine: line(Point{0, 0}, downRight, 5), move: Point{0, 0}, want: line(Point{0, 0}, downRight, 5)},
		{name: "bottom-right corner ↘", mine: line(Point{10, 10}, downRight, 5), move: Point{14, 14}, want: line(Point{10, 10}, downRight, 5)},
		{name: "top-right corner ↙", mine: line(Point{0, 14}, downLeft, 5), move: Point{0, 14}, want: line(Point{0, 14}, downLeft, 5)},
		{name: "bottom-left corner ↙", mine: line(Point{10, 4}, downLeft, 5), move: Point{14, 0}, want: line(Point{10, 4}, downLeft, 5)},
		{name: "left edge ↘", mine: line(Point{3, 0}, downRight, 5), move: Point{5, 2}, want: line(Point{3, 0}, downRight, 5)},
		{name: "bottom edge ↙", mine: line(Point{10, 9}, downLeft, 5), move: Point{14, 5}, want: line(Point{10, 9}, downLeft, 5)},
		// Not five.
		{name: "four in a row", mine: line(Point{7, 5}, right, 4), move: Point{7, 8}},
		{name: "four at the edge", mine: line(Point{0, 11}, right, 4), move: Point{0, 14}},
		{name: "five with a gap", mine: join(line(Point{7, 2}, right, 2), line(Point{7, 5}, right, 3)), move: Point{7, 5}},
		{name: "five broken by the other colour", mine: join(line(Point{7, 2}, right, 2), line(Point{7, 5}, right, 3)), theirs: []Point{{7, 4}}, move: Point{7, 2}},
		{name: "four and four crossing", mine: join(line(Point{7, 4}, right, 4), line(Point{4, 7}, down, 4)), move: Point{7, 7}},
		{name: "five of the other player elsewhere", mine: []Point{{0, 0}}, theirs: line(Point{5, 5}, right, 5), move: Point{0, 0}},
		{name: "five wrapping around the edge", mine: join(line(Point{3, 12}, right, 3), line(Point{4, 0}, right, 2)), move: Point{3, 14}},
		// Overlines.
		{name: "six, freestyle", mine: line(Point{7, 3}, right, 6), move: Point{7, 8}, want: line(Point{7, 3}, right, 6)},
		{name: "six, standard", rule: Standard, mine: line(Point{7, 3}, right, 6), move: Point{7, 8}},
		{name: "six joined in the middle, freestyle", mine: line(Point{2, 2}, downRight, 6), move: Point{4, 4}, want: line(Point{2, 2}, downRight, 6)},
		{name: "six joined in the middle, standard", rule: Standard, mine: line(Point{2, 2}, downRight, 6), move: Point{4, 4}},
		{name: "nine, freestyle", mine: line(Point{0, 3}, down, 9), move: Point{4, 3}, want: line(Point{0, 3}, down, 9)},
		{name: "nine, standard", rule: Standard, mine: line(Point{0, 3}, down, 9), move: Point{4, 3}},
		{name: "fifteen, standard", rule: Standard, mine: line(Point{0, 14}, downLeft, 15), move: Point{14, 0}},
		{name: "six at the edge, standard", rule: Standard, mine: line(Point{14, 9}, right, 6), move: Point{14, 14}},
		{name: "five stopped by the other colour, standard", rule: Standard, mine: line(Point{7, 3}, right, 5), theirs: []Point{{7, 2}, {7, 8}}, move: Point{7, 5}, want: line(Point{7, 3}, right, 5)},
		{
			name: "overline and a five through the move, standard", rule: Standard,
			mine: join(line(Point{7, 1}, right, 6), line(Point{3, 4}, down, 4), line(Point{8, 4}, down, 0)),
			move: Point{7, 4}, want: line(Point{3, 4}, down, 5),
		},
		{
			name: "two fives at once", mine: join(line(Point{7, 3}, right, 5), line(Point{3, 5}, down, 5)),
			move: Point{7, 5}, want: join(line(Point{7, 3}, right, 5), line(Point{3, 5}, down, 5)),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBoard(n, tt.rule)
			setStones(b, P2, tt.theirs)
			setStones(b, P1, tt.mine)
			if b.At(tt.move) != P1 {
				t.Fatalf("bad table: the move %v is not one of the mover's stones", tt.move)
			}
			got, stones := b.Winner(tt.move)
			wantWinner := Empty
			if tt.want != nil {
				wantWinner = P1
			}
			if got != wantWinner {
				t.Fatalf("Winner(%v) = %v, want %v", tt.move, got, wantWinner)
			}
			if !sameSet(stones, tt.want) {
				t.Errorf("winning stones = %v, want %v", stones, tt.want)
			}
		})
	}
}

// sameSet reports whether a and b hold the same points, in any order.
func sameSet(a, b []Point) bool {
	less := func(p, q Point) int {
		if p.Row != q.Row {
			return p.Row - q.Row
		}
		return p.Col - q.Col
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, less)
	slices.SortFunc(b, less)
	a, b = slices.Compact(a), slices.Compact(b)
	return slices.Equal(a, b)
}

func TestWinnerOfEmptyCellOrOutside(t *testing.T) {
	b := NewBoard(15, Freestyle)
	for _, p := range []Point{{0, 0}, {-1, 0}, {15, 3}, {3, 15}} {
		if s, line := b.Winner(p); s != Empty || line != nil {
			t.Errorf("Winner(%v) = %v, %v on an empty board", p, s, line)
		}
	}
}

// play places the points one after another, 1P first, and fails on a refusal.
func play(t *testing.T, b *Board, moves ...Point) Outcome {
	t.Helper()
	var out Outcome
	for i, p := range moves {
		var err error
		out, err = b.Place(p)
		if err != nil {
			t.Fatalf("move %d at %v: %v", i+1, p, err)
		}
	}
	return out
}

func TestPlaceTurnsAndWin(t *testing.T) {
	b := NewBoard(15, Freestyle)
	if b.Turn() != P1 {
		t.Fatalf("first turn = %v, want 1P", b.Turn())
	}
	// The original's transcript: 1P at the top-left, then 2P on the same cell.
	play(t, b, Point{0, 0})
	if b.Turn() != P2 {
		t.Fatalf("turn after one move = %v, want 2P", b.Turn())
	}
	if _, err := b.Place(Point{0, 0}); !errors.Is(err, ErrOccupied) {
		t.Fatalf("Place on an occupied cell: err = %v, want ErrOccupied", err)
	}
	if b.Turn() != P2 || b.Moves() != 1 {
		t.Fatalf("after a refused move: turn %v, moves %d; want 2P, 1", b.Turn(), b.Moves())
	}
	if _, err := b.Place(Point{15, 0}); !errors.Is(err, ErrOutside) {
		t.Fatalf("Place outside: err = %v, want ErrOutside", err)
	}
	// The transcript's game: 1P fills the top row, 2P the second.
	out := play(t, b, Point{1, 0}, Point{0, 1}, Point{1, 1}, Point{0, 2}, Point{1, 2}, Point{0, 3}, Point{1, 3})
	if out.Over() {
		t.Fatalf("game over after four each: %+v", out)
	}
	out = play(t, b, Point{0, 4})
	if out.Winner != P1 || out.Draw || !sameSet(out.Line, line(Point{0, 0}, right, 5)) {
		t.Fatalf("outcome = %+v, want 1P winning on the top row", out)
	}
	if b.Outcome().Winner != P1 {
		t.Errorf("Outcome() = %+v after the win", b.Outcome())
	}
	if _, err := b.Place(Point{5, 5}); !errors.Is(err, ErrOver) {
		t.Errorf("Place after the win: err = %v, want ErrOver", err)
	}
	if last, _ := b.Last(); last != (Point{0, 4}) {
		t.Errorf("Last() = %v, want (0,4)", last)
	}
}

func TestUndo(t *testing.T) {
	b := NewBoard(15, Freestyle)
	if _, ok := b.Undo(); ok {
		t.Fatal("Undo on an empty board succeeded")
	}
	if _, ok := b.Last(); ok {
		t.Fatal("Last() on an empty board succeeded")
	}
	play(t, b, Point{7, 7}, Point{7, 8})
	p, ok := b.Undo()
	if !ok || p != (Point{7, 8}) {
		t.Fatalf("Undo() = %v, %v; want (7,8), true", p, ok)
	}
	if b.At(p) != Empty || b.Turn() != P2 || b.Moves() != 1 {
		t.Fatalf("after Undo: cell %v, turn %v, moves %d; want empty, 2P, 1", b.At(p), b.Turn(), b.Moves())
	}
	if last, _ := b.Last(); last != (Point{7, 7}) {
		t.Errorf("Last() after Undo = %v, want (7,7)", last)
	}
	// Undo a winning move: the game goes on, and the same player may move.
	play(t, b, Point{0, 0}, Point{7, 9}, Point{0, 1}, Point{7, 10}, Point{0, 2}, Point{7, 11}, Point{0, 3})
	if out := play(t, b, Point{7, 8}); out.Winner != P1 {
		t.Fatalf("want 1P to win with (7,8), got %+v", out)
	}
	if _, ok := b.Undo(); !ok {
		t.Fatal("Undo of the winning move failed")
	}
	if b.Outcome().Over() || b.Turn() != P1 {
		t.Fatalf("after undoing the win: outcome %+v, turn %v", b.Outcome(), b.Turn())
	}
	if out := play(t, b, Point{10, 10}); out.Over() {
		t.Fatalf("a quiet move after the undo ended the game: %+v", out)
	}
}

// drawMoves fills a 5x5 board with no five for either player, 1P and 2P
// alternating, 1P last:
//
//	o o x x o
//	x x o o x
//	o o x x o
//	x x o o x
//	o o x x o
func drawMoves() []Point {
	var os, xs []Point
	for r := range 5 {
		for c := range 5 {
			if (r%2 == 0) == (c%4 < 2 || c == 4) {
				os = append(os, Point{r, c})
			} else {
				xs = append(xs, Point{r, c})
			}
		}
	}
	var moves []Point
	for i := range os {
		moves = append(moves, os[i])
		if i < len(xs) {
			moves = append(moves, xs[i])
		}
	}
	return moves
}

func TestFullBoardIsDraw(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Standard} {
		b := NewBoard(5, rule)
		moves := drawMoves()
		if len(moves) != 25 {
			t.Fatalf("bad pattern: %d moves", len(moves))
		}
		out := play(t, b, moves[:24]...)
		if out.Over() || b.Full() {
			t.Fatalf("%v: over or full before the last cell: %+v", rule, out)
		}
		out = play(t, b, moves[24])
		if !out.Draw || out.Winner != Empty || !b.Full() || !out.Over() {
			t.Fatalf("%v: outcome on a full board = %+v, want a draw", rule, out)
		}
		if _, err := b.Place(Point{0, 0}); !errors.Is(err, ErrOver) {
			t.Errorf("%v: Place after a draw: err = %v, want ErrOver", rule, err)
		}
		if _, ok := b.Undo(); !ok || b.Outcome().Over() {
			t.Errorf("%v: Undo after a draw left %+v", rule, b.Outcome())
		}
	}
}

func TestFullBoardWinIsNotDraw(t *testing.T) {
	// Every cell but the last is taken, and the last completes 1P's column:
	// a win, not a draw. The position is set straight (it need not come
	// from alternate play: Turn counts stones only).
	b := NewBoard(5, Freestyle)
	last := Point{4, 4}
	for r := range 5 {
		for c := range 5 {
			p := Point{r, c}
			if p == last {
				continue
			}
			s := P2 // the draw pattern of drawMoves, with column 4 all 1P's
			if c == 4 || (r%2 == 0) == (c < 2) {
				s = P1
			}
			setStones(b, s, []Point{p})
			b.moves = append(b.moves, p)
		}
	}
	if b.Turn() != P1 {
		t.Fatalf("bad position: turn %v", b.Turn())
	}
	out, err := b.Place(last)
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != P1 || out.Draw || !b.Full() {
		t.Fatalf("outcome = %+v, full %v; want a 1P win and no draw", out, b.Full())
	}
}

func TestStone(t *testing.T) {
	if P1.Other() != P2 || P2.Other() != P1 || Empty.Other() != Empty {
		t.Error("Other is wrong")
	}
	if P1.String() != "1P" || P2.String() != "2P" || Empty.String() != "empty" {
		t.Error("String is wrong")
	}
}

func TestParseRule(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Rule
		ok   bool
	}{
		{"freestyle", Freestyle, true}, {"standard", Standard, true}, {" Standard ", Standard, true},
		{"FREESTYLE", Freestyle, true}, {"", Freestyle, false}, {"gomoku", Freestyle, false},
		{"renju", Renju, true}, {" Omok", Omok, true},
	} {
		got, err := ParseRule(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParseRule(%q) = %v, %v", tt.in, got, err)
		}
		var r Rule
		if err := r.Set(tt.in); (err == nil) != tt.ok || r != tt.want {
			t.Errorf("Set(%q) = %v, leaves %v", tt.in, err, r)
		}
	}
	if Freestyle.String() != "freestyle" || Standard.String() != "standard" || Renju.String() != "renju" || Omok.String() != "omok" {
		t.Error("Rule.String is wrong")
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int{"15": 15, "19": 19, " 19 ": 19, "0": 0, "17": 0, "x": 0, "": 0} {
		got, err := ParseSize(in)
		if got != want || (err == nil) != (want != 0) {
			t.Errorf("ParseSize(%q) = %d, %v", in, got, err)
		}
	}
}

// exactFive is a brute force for the winner check, written apart from it:
// it tries every window of five cells through p and asks that all five hold
// p's stone, and under Standard that the cells just outside do not.
func exactFive(b *Board, p Point) bool {
	s := b.At(p)
	for _, d := range directions {
		for k := -4; k <= 0; k++ {
			start := Point{p.Row + k*d.Row, p.Col + k*d.Col}
			all := true
			for i := range 5 {
				if b.At(Point{start.Row + i*d.Row, start.Col + i*d.Col}) != s {
					all = false
				}
			}
			if !all {
				continue
			}
			before := b.At(Point{start.Row - d.Row, start.Col - d.Col})
			after := b.At(Point{start.Row + 5*d.Row, start.Col + 5*d.Col})
			if b.rule == Freestyle || (before != s && after != s) {
				return true
			}
		}
	}
	return false
}

// TestRandomGames plays random games and checks every move's verdict against
// the original's full-board WinCheck (freestyle) and against a brute force
// (both rules).
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(2615, 15))
	for game := range 400 {
		size := []int{15, 19, 7}[game%3]
		rule := []Rule{Freestyle, Standard}[game%2]
		t.Run(fmt.Sprintf("%d-%dx%d-%v", game, size, size, rule), func(t *testing.T) {
			b := NewBoard(size, rule)
			free := rng.Perm(size * size)
			for _, i := range free {
				p := Point{i / size, i % size}
				mover := b.Turn()
				out, err := b.Place(p)
				if err != nil {
					t.Fatalf("move %d at %v: %v", b.Moves(), p, err)
				}
				won := out.Winner != Empty
				if out.Winner != Empty && out.Winner != mover {
					t.Fatalf("move at %v by %v: winner %v", p, mover, out.Winner)
				}
				if brute := exactFive(b, p); won != brute {
					t.Fatalf("move %d at %v: Winner says %v, brute force %v", b.Moves(), p, won, brute)
				}
				if rule == Freestyle {
					if orig := winCheckOriginal(b.cells, size, int(mover)-1); won != orig {
						t.Fatalf("move %d at %v: Winner says %v, the original's WinCheck %v", b.Moves(), p, won, orig)
					}
				}
				if out.Over() {
					if out.Draw != (b.Full() && !won) {
						t.Fatalf("draw %v with a full board %v and a win %v", out.Draw, b.Full(), won)
					}
					return
				}
			}
			t.Fatal("the board filled up without the game ending")
		})
	}
}

// Check says what Place would say, without placing: random points of
// random renju and omok games, each checked and then placed, and the
// Position made after every move is the board as it stands.
func TestCheckIsPlaceWithoutPlacing(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2615))
	for game := range 40 {
		b := NewBoard(15, []Rule{Renju, Omok}[game%2])
		for range 400 {
			p := Point{rng.IntN(17) - 1, rng.IntN(17) - 1}
			before := b.Changes()
			checked := b.Check(p)
			if b.Changes() != before {
				t.Fatalf("Check(%v) changed the board", p)
			}
			_, placed := b.Place(p)
			if fmt.Sprint(checked) != fmt.Sprint(placed) {
				t.Fatalf("game %d, %v: Check says %v, Place %v", game, p, checked, placed)
			}
			v := b.Position()
			last, hasLast := b.Last()
			if v.Moves != b.Moves() || v.Turn != b.Turn() || v.Last != last || v.HasLast != hasLast ||
				v.At(p) != b.At(p) || (v.Forbid == nil) != b.Outcome().Over() {
				t.Fatalf("game %d, %v: the position %+v is not the board's", game, p, v)
			}
			if b.Outcome().Over() {
				break
			}
		}
	}
}

package renju

import (
	"strings"
	"testing"
)

// diagram builds a 15x15 board from rows drawn from the top-left corner:
// . empty, X black, O white, * the point asked about (left empty). Rows
// shorter than the board are padded with empty cells.
func diagram(t *testing.T, rows ...string) (*Board, Point) {
	t.Helper()
	b := NewBoard(15)
	var at Point
	stars := 0
	for r, row := range rows {
		for c, ch := range row {
			p := Point{r, c}
			switch ch {
			case 'X':
				b.Put(p, Black)
			case 'O':
				b.Put(p, White)
			case '*':
				at = p
				stars++
			case '.':
			default:
				t.Fatalf("diagram row %d: %q is not . X O *", r, ch)
			}
		}
	}
	if stars != 1 {
		t.Fatalf("diagram has %d points marked *, want 1", stars)
	}
	return b, at
}

// swapColours turns a diagram's black stones white and its white black.
func swapColours(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.Map(func(c rune) rune {
			switch c {
			case 'X':
				return 'O'
			case 'O':
				return 'X'
			}
			return c
		}, r)
	}
	return out
}

// The positions of the renju literature's forbidden shapes, each as rows
// from the top-left corner; * is the move.
var (
	openThrees = []string{
		"",
		"",
		"",
		"......X",
		"......X",
		"....XX*",
	}
	splitThrees = []string{
		"",
		"",
		"......X",
		"",
		"......X",
		"...X.X*",
	}
	diagonalThrees = []string{
		"",
		"",
		"",
		"....X...X",
		".....X.X",
		"......*",
	}
	tripleThree = []string{
		"",
		"",
		"",
		"....X.X.X",
		".....XXX",
		"......*",
	}
	fourThree = []string{
		"",
		"",
		"......X",
		"......X",
		"......X",
		"....XX*",
	}
	crossedFours = []string{
		"",
		"......O",
		"......X",
		"......X",
		"......X",
		"..OXXX*",
	}
	fiveAndTwoThrees = []string{
		"",
		"",
		"",
		"....X.X",
		".....XX",
		"..XXXX*",
	}
	fiveAndOverline = []string{
		"",
		"",
		"......X",
		"......X",
		"......X",
		"..XXXX*",
		"......X",
		"......X",
	}
	fiveAndTwoFours = []string{
		"",
		"..O...O",
		"...X..X",
		"....X.X",
		".....XX",
		"..XXXX*",
	}
	// A row of six made of a four and a gap: XXXX*X.
	overlineWithFour = []string{
		"",
		"",
		"",
		"",
		"",
		"..XXXX*X",
	}
	// OXX*.. can only become a four with one way to five: no three.
	blockedThree = []string{
		"",
		"",
		"",
		"......X",
		"......X",
		"...OXX*..",
	}
	// X..XX*..X: each straight four it could become would have an end that
	// makes six, not five, so it is no three.
	threeBetweenStones = []string{
		"",
		"",
		"",
		"......X",
		"......X",
		"X..XX*..X",
	}
	// XX* against the left edge: its four would have an end off the board.
	threeAtEdge = []string{
		"",
		"",
		"",
		"..X",
		"..X",
		"XX*",
	}
	// .XX* one cell from the edge is still a three: .XXXX. fits.
	threeNearEdge = []string{
		"",
		"",
		"",
		"...X",
		"...X",
		".XX*",
	}
	fourFourInCorner = []string{
		"XXX*",
		"...X",
		"...X",
		"...X",
	}
	overlineAtEdge = []string{
		"XXX*XX",
	}

	// The false forbidden points (거짓금수). In each, * makes an open three
	// in its column and a split three X.X* in its row whose only straight
	// four comes from the gap g at (7,4); whether * is a 3-3 depends on
	// whether g is forbidden once * is played.

	// g makes six in column 4: an overline, so the row's three is false.
	extensionOverline = []string{
		"",
		"",
		"",
		"....X",
		"....X",
		"....X.X",
		"....X.X",
		"...X.X*",
		"....X",
	}
	// The same without the stone under g: g now makes a five in column 4
	// at the same time as the row's straight four, so by the RIF's
	// definition of a three the row holds none, and * is no 3-3.
	extensionFive = extensionOverline[:len(extensionOverline)-1]
	// g makes a four in column 4 besides the row's straight four: 4-4.
	extensionDoubleFour = []string{
		"",
		"",
		"",
		"....O",
		"....X",
		"....X.X",
		"....X.X",
		"...X.X*",
	}
	// g makes open threes in column 4 and on its ↘ diagonal besides the
	// row's straight four: a real 3-3 (each of them can grow into a
	// straight four by an allowed move), so the row's three is false.
	extensionDoubleThree = []string{
		"",
		"",
		"",
		"",
		"",
		"..X.X.X",
		"...XX.X",
		"...X.X*",
	}
)

// Depth two, * at (9,8): its row X.X* has one straight four, by g at (9,6);
// g makes a straight four in the row, a three in its ↘ diagonal, and a
// split three X.X in column 6 whose one straight four is by h at (7,6).
// With the stone at (7,7), h is a 4-4 (column 6 and row 7's X.XXX), so g's
// column three is false, g is only a 4-3 and allowed, and * is a real 3-3.
// Without it h is allowed, g is a 4-3-3 and forbidden, and * is allowed.
var (
	depthTwoReal = []string{
		"", "", "", "", "", "",
		"......X",
		"....X..XX",
		".....XX.X",
		".....X.X*",
	}
	depthTwoFalse = withRow(depthTwoReal, 7, "....X...X")
)

// The RIF (1996, corrected 1998) defines a three as "a row with three
// stones to which you, without at the same time a five in a row is made,
// can add one more stone to attain a straight four". These positions are
// built from its words; the code answered otherwise before it followed
// them, as the brute force's older reading (fiveExtends) still does.
var (
	// * at (7,6) makes an open three in column 6 and the split three
	// X.X* in row 7, whose only straight four is by g at (7,4). Black's
	// four in column 4, blocked by O, has its five at g, so g would make
	// the straight four and a five at the same time: the row is no three,
	// and * makes one three, no 3-3.
	//
	//	  0 1 2 3 4 5 6
	//	2 . . . . O . .
	//	3 . . . . X . .
	//	4 . . . . X . .
	//	5 . . . . X . X
	//	6 . . . . X . X
	//	7 . . . X g X *
	extensionCompletesFour = []string{
		"",
		"",
		"....O",
		"....X",
		"....X",
		"....X.X",
		"....X.X",
		"...X.X*",
	}
	// The same wording one level down, with no four on the board. * at
	// (11,5) makes a four in column 5 (its five at f, (10,5)), an open
	// three on the ↘ diagonal, and on the ↗ diagonal the split three
	// *.XX whose only straight four is by g at (10,6). Once * and g are
	// played, g has a straight four on the ↗, the split three X.XX on the
	// ↘ through (7,3), and X.XX in row 10 whose only straight four is by
	// f, which would also make column 5's five: no three. So g is a 4-3,
	// allowed, the ↗ three is real, and * is a 4-3-3: forbidden as 3-3.
	// Counting row 10 as a three made g a 3-3 and * an allowed 4-3.
	//
	//	   3 4 5 6 7 8
	//	7  X . X . . .
	//	8  . . X . . X
	//	9  . . X . X .
	//	10 . X f g X .
	//	11 . . * . . .
	//	12 . . . X . .
	fiveOneLevelDown = []string{
		"", "", "", "", "", "", "",
		"...X.X",
		".....X..X",
		".....X.X",
		"....X..X",
		".....*",
		"......X",
	}
)

// TestThreeByTheDefinition checks the positions built from the RIF's
// definition of a three, under both rules with a 3-3 (the 오목룰 reads a
// three the same way), against the tables, the forbidden map and the
// brute force, and that each is one where counting a three whose only
// straight four makes a five at the same time gave the other answer.
func TestThreeByTheDefinition(t *testing.T) {
	tests := []struct {
		name        string
		rule        Rule
		stone       Stone
		rows        []string
		want, loose Shape
	}{
		{"renju: the straight four's point completes a four", Renju, Black, extensionCompletesFour, None, DoubleThree},
		{"오목룰: the straight four's point completes a four", Omok, Black, extensionCompletesFour, None, DoubleThree},
		{"오목룰 white: the straight four's point completes a four", Omok, White, swapColours(extensionCompletesFour), None, DoubleThree},
		{"renju: the straight four's point completes an open four", Renju, Black, extensionFive, None, DoubleThree},
		{"renju: a five one level down makes a 4-3-3", Renju, Black, fiveOneLevelDown, DoubleThree, None},
		{"오목룰: a five one level down makes a 3-3", Omok, Black, fiveOneLevelDown, DoubleThree, None},
		{"오목룰 white: a five one level down makes a 3-3", Omok, White, swapColours(fiveOneLevelDown), DoubleThree, None},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, p := diagram(t, tt.rows...)
			if got := b.Forbidden(tt.rule, tt.stone, p); got != tt.want {
				t.Errorf("Forbidden at %v = %v, want %v\n%s", p, got, tt.want, b)
			}
			if got := b.ForbiddenMap(tt.rule, tt.stone, nil)[p.Row*b.Size()+p.Col]; got != tt.want {
				t.Errorf("ForbiddenMap at %v = %v, want %v", p, got, tt.want)
			}
			g := gridOf(b)
			if got := g.bruteForbidden(tt.rule, tt.stone, p.Row, p.Col); got != tt.want {
				t.Errorf("brute force at %v = %v, want %v", p, got, tt.want)
			}
			g.fiveExtends = true
			if got := g.bruteForbidden(tt.rule, tt.stone, p.Row, p.Col); got != tt.loose {
				t.Errorf("brute force letting a five extend a three, at %v = %v, want %v", p, got, tt.loose)
			}
		})
	}
}

// withRow returns a copy of rows with row r replaced.
func withRow(rows []string, r int, row string) []string {
	out := append([]string(nil), rows...)
	out[r] = row
	return out
}

func TestForbiddenShapes(t *testing.T) {
	tests := []struct {
		name  string
		rule  Rule
		stone Stone
		rows  []string
		want  Shape
	}{
		{"3-3 of two open threes", Renju, Black, openThrees, DoubleThree},
		{"3-3 of two split threes", Renju, Black, splitThrees, DoubleThree},
		{"3-3 on the diagonals", Renju, Black, diagonalThrees, DoubleThree},
		{"3-3-3", Renju, Black, tripleThree, DoubleThree},
		{"4-3 is allowed", Renju, Black, fourThree, None},
		{"4-4 of two crossing fours", Renju, Black, crossedFours, DoubleFour},
		{"4-4 in one line X.XXX.X", Renju, Black, []string{"", "", "", "", "", "..X.X*X.X"}, DoubleFour},
		{"4-4 in one line XX.XX.XX", Renju, Black, []string{"", "", "", "", "", "..XX.*X.XX"}, DoubleFour},
		{"4-4 in one line XXX.X.XXX", Renju, Black, []string{"", "", "", "", "", "..XXX.*.XXX"}, DoubleFour},
		{"4-4 in one line on a diagonal", Renju, Black, []string{"", "", "..X", "", "....X", ".....*", "......X", "", "........X"}, DoubleFour},
		{"overline of 6", Renju, Black, []string{"", "", "", "", "", "..XX*XXX"}, Overline},
		{"overline of 7", Renju, Black, []string{"", "", "", "", "", "..XXX*XXX"}, Overline},
		{"overline of 6 in a column", Renju, Black, []string{"", "..X", "..X", "..*", "..X", "..X", "..X"}, Overline},
		{"overline of 6 made of a four and a gap", Renju, Black, overlineWithFour, Overline},
		{"five wins despite a 3-3", Renju, Black, fiveAndTwoThrees, None},
		{"five wins despite an overline", Renju, Black, fiveAndOverline, None},
		{"five wins despite a 4-4", Renju, Black, fiveAndTwoFours, None},
		{"a blocked three is no three", Renju, Black, blockedThree, None},
		{"a three that can only make six is no three", Renju, Black, threeBetweenStones, None},
		{"a three against the edge is no three", Renju, Black, threeAtEdge, None},
		{"a three one cell from the edge is a three", Renju, Black, threeNearEdge, DoubleThree},
		{"4-4 in the corner", Renju, Black, fourFourInCorner, DoubleFour},
		{"overline at the edge", Renju, Black, overlineAtEdge, Overline},

		{"false 3-3: the extension point is an overline", Renju, Black, extensionOverline, None},
		{"no 3-3: the extension point makes a five", Renju, Black, extensionFive, None},
		{"false 3-3: the extension point is a 4-4", Renju, Black, extensionDoubleFour, None},
		{"false 3-3: the extension point is a 3-3", Renju, Black, extensionDoubleThree, None},
		{"real 3-3: the extension point's 3-3 is false (depth 2)", Renju, Black, depthTwoReal, DoubleThree},
		{"false 3-3: the extension point's 3-3 is real (depth 2)", Renju, Black, depthTwoFalse, None},

		{"renju: white may make 3-3", Renju, White, swapColours(openThrees), None},
		{"renju: white may make 4-4", Renju, White, swapColours(crossedFours), None},
		{"renju: white may make six", Renju, White, swapColours(overlineWithFour), None},
		{"freestyle forbids nothing", Freestyle, Black, openThrees, None},
		{"standard forbids nothing", Standard, Black, crossedFours, None},

		{"오목룰: black 3-3", Omok, Black, openThrees, DoubleThree},
		{"오목룰: white 3-3", Omok, White, swapColours(openThrees), DoubleThree},
		{"오목룰: white split 3-3", Omok, White, swapColours(splitThrees), DoubleThree},
		{"오목룰: 4-4 is allowed", Omok, Black, crossedFours, None},
		{"오목룰: 4-4 in one line is allowed", Omok, White, []string{"", "", "", "", "", "..O.O*O.O"}, None},
		{"오목룰: an overline is allowed", Omok, Black, overlineWithFour, None},
		{"오목룰: five wins despite a 3-3", Omok, White, swapColours(fiveAndTwoThrees), None},
		{"오목룰: a three that can only make six is no three", Omok, White, swapColours(threeBetweenStones), None},
		{"오목룰: false 3-3, the extension point is a 3-3", Omok, White, swapColours(extensionDoubleThree), None},
		{"오목룰: an overline extension point is allowed, so the 3-3 is real", Omok, Black, extensionOverline, DoubleThree},
		{"오목룰: a 4-4 extension point is allowed, so the 3-3 is real", Omok, White, swapColours(extensionDoubleFour), DoubleThree},
		{"오목룰: depth 2, h's 4-4 is allowed, so g is a real 3-3 and * is not", Omok, Black, depthTwoReal, None},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, p := diagram(t, tt.rows...)
			if got := b.Forbidden(tt.rule, tt.stone, p); got != tt.want {
				t.Errorf("%v %v at %v: Forbidden = %v, want %v\n%s", tt.rule, tt.stone, p, got, tt.want, b)
			}
			if got := gridOf(b).bruteForbidden(tt.rule, tt.stone, p.Row, p.Col); got != tt.want {
				t.Errorf("%v %v at %v: brute force = %v, want %v\n%s", tt.rule, tt.stone, p, got, tt.want, b)
			}
			m := b.ForbiddenMap(tt.rule, tt.stone, nil)
			if got := m[p.Row*b.Size()+p.Col]; got != tt.want {
				t.Errorf("ForbiddenMap at %v = %v, want %v", p, got, tt.want)
			}
		})
	}
}

// TestExtensionPointsFit checks, over every line the table holds, that no
// three has more moves to a straight four than a table entry can store,
// and that each stored one is such a move.
func TestExtensionPointsFit(t *testing.T) {
	NewBoard(15)
	var cells [windowCells]uint8
	most := 0
	for idx := range patterns {
		v := idx
		for j := range windowCells - 1 {
			c := j
			if j >= reach {
				c++
			}
			cells[c] = uint8(v % 3)
			v /= 3
		}
		cells[reach] = cellOwn
		shape := lines[idx]
		if shape.kind() != kindThree {
			continue
		}
		found := 0
		for e := 1; e < windowCells-1; e++ {
			if cells[e] != cellEmpty {
				continue
			}
			cells[e] = cellOwn
			if _, straight := fours(&cells); straight {
				found++
			}
			cells[e] = cellEmpty
		}
		most = max(most, found)
		for i := range maxExtensions {
			off, ok := shape.extension(i)
			if ok && cells[reach+off] != cellEmpty {
				t.Fatalf("pattern %d: extension %d is not an empty cell", idx, off)
			}
		}
	}
	if most > maxExtensions {
		t.Fatalf("a three has %d moves to a straight four; a table entry holds %d", most, maxExtensions)
	}
}

func TestWins(t *testing.T) {
	tests := []struct {
		rule  Rule
		stone Stone
		run   int
		want  bool
	}{
		{Freestyle, Black, 4, false}, {Freestyle, Black, 5, true}, {Freestyle, White, 6, true}, {Freestyle, Black, 7, true},
		{Standard, Black, 5, true}, {Standard, Black, 6, false}, {Standard, White, 6, false},
		{Renju, Black, 5, true}, {Renju, Black, 6, false}, {Renju, White, 5, true}, {Renju, White, 6, true}, {Renju, White, 7, true},
		{Omok, Black, 5, true}, {Omok, White, 5, true}, {Omok, Black, 6, false}, {Omok, White, 6, false},
		{Renju, Empty, 5, false},
	}
	for _, tt := range tests {
		if got := tt.rule.Wins(tt.stone, tt.run); got != tt.want {
			t.Errorf("%v.Wins(%v, %d) = %v, want %v", tt.rule, tt.stone, tt.run, got, tt.want)
		}
	}
}

func TestWinner(t *testing.T) {
	b := NewBoard(19)
	// A black six in row 3 ending on the right edge, a white six in
	// column 2 from the top, a black five on a ↗ diagonal.
	for c := 13; c < 19; c++ {
		b.Put(Point{3, c}, Black)
	}
	for r := range 6 {
		b.Put(Point{r, 2}, White)
	}
	for k := range 5 {
		b.Put(Point{18 - k, 5 + k}, Black)
	}
	six, whiteSix, five := Point{3, 18}, Point{0, 2}, Point{16, 7}
	tests := []struct {
		rule Rule
		p    Point
		want Stone
	}{
		{Freestyle, six, Black}, {Standard, six, Empty}, {Renju, six, Empty}, {Omok, six, Empty},
		{Freestyle, whiteSix, White}, {Standard, whiteSix, Empty}, {Renju, whiteSix, White}, {Omok, whiteSix, Empty},
		{Freestyle, five, Black}, {Standard, five, Black}, {Renju, five, Black}, {Omok, five, Black},
		{Renju, Point{10, 10}, Empty}, {Renju, Point{-1, 0}, Empty},
	}
	for _, tt := range tests {
		if got := b.Winner(tt.rule, tt.p); got != tt.want {
			t.Errorf("%v: Winner(%v) = %v, want %v", tt.rule, tt.p, got, tt.want)
		}
	}
	if n := b.Run(five, 3); n != 5 {
		t.Errorf("Run along ↗ = %d, want 5", n)
	}
}

func TestPut(t *testing.T) {
	b := NewBoard(15)
	if err := b.Put(Point{15, 0}, Black); err == nil {
		t.Error("Put off the board: no error")
	}
	if err := b.Put(Point{0, 0}, Stone(3)); err == nil {
		t.Error("Put of stone 3: no error")
	}
	// Putting over a stone replaces it in the bit lines too.
	b.Put(Point{7, 7}, Black)
	b.Put(Point{7, 7}, White)
	for _, d := range []int{0, 1, 2, 3} {
		if l, pos := b.locate(d, 7, 7); l.stones[Black]>>(pos+reach)&1 != 0 {
			t.Errorf("line %d still holds the black stone", d)
		}
	}
	if got := b.At(Point{7, 7}); got != White {
		t.Errorf("At = %v, want white", got)
	}
	b.Reset()
	if b.String() != strings.Repeat(strings.Repeat(".", 15)+"\n", 15) {
		t.Errorf("Reset left stones:\n%s", b)
	}
	if NewBoard(0).Size() != 1 || NewBoard(100).Size() != MaxSize {
		t.Error("NewBoard does not clamp the size")
	}
}

func TestParseRule(t *testing.T) {
	for _, r := range Rules {
		got, err := ParseRule(" " + strings.ToUpper(r.String()) + " ")
		if err != nil || got != r {
			t.Errorf("ParseRule(%v) = %v, %v", r, got, err)
		}
	}
	if _, err := ParseRule("gomoku"); err == nil || !strings.Contains(err.Error(), "renju or omok") {
		t.Errorf("ParseRule(gomoku) error = %v", err)
	}
}

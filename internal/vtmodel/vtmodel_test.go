package vtmodel

import (
	"testing"

	"github.com/mattn/go-runewidth"
)

// The model is the oracle of the renderer's tests, so what it knows is
// checked here against what xterm does.
func TestModel(t *testing.T) {
	wide := runewidth.NewCondition()
	wide.EastAsianWidth = true
	cases := []struct {
		name string
		w    *runewidth.Condition
		in   string
		text string
		row  int
		col  int
	}{
		{"absolute moves", nil, "\x1b[2;3Hx\x1b[5Gy\x1b[Hz", "z\n  x y", 0, 1},
		{"relative moves", nil, "\x1b[3;3H\x1b[Ao\x1b[2Dl\x1b[Bd\x1b[3Cr\bs\r.", "\n lo\n. d sr", 2, 1},
		{"counts", nil, "\x1b[2Bx\x1b[2Ay\x1b[2Cz", " y  z\n\nx", 0, 5},
		{"moves stop at the edges", nil, "\x1b[99;99Hx\x1b[99Ay\x1b[99Dz", "z    y\n\n\n\n     x", 0, 1},
		{"erase line parts", nil, "abcdef\x1b[4G\x1b[K\r\n\x1b[2Cghij\x1b[4G\x1b[1K", "abc\n    ij", 1, 3},
		{"erase characters", nil, "abcdef\x1b[2G\x1b[3X", "a   ef", 0, 1},
		{"wide glyph, its halves", nil, "한\x1b[2Gx", " x", 0, 2},
		{"wide glyph over two narrow", nil, "abc\r한", "한c", 0, 2},
		{"wide over the left of a wide", nil, "\x1b[2G한\r한", "한", 0, 2},
		{"wide over the right of a wide", nil, "한\x1b[2G글", " 글", 0, 3},
		{"ambiguous glyphs by the measure", wide, "□x", "□x", 0, 3},
		{"no wrap: the last column is overwritten", nil, "\x1b[?7l\x1b[5Gabcd", "    ad", 0, 5},
		{"a wide glyph that does not fit is dropped", nil, "\x1b[?7l\x1b[6Gz\x1b[6G한", "     z", 0, 5},
		{"erase cuts a wide glyph", nil, "a한\x1b[3G\x1b[K", "a", 0, 2},
	}
	for _, c := range cases {
		s := New(6, 5, c.w)
		s.Write([]byte(c.in))
		if got := s.Text(); got != c.text {
			t.Errorf("%s: text %q, want %q", c.name, got, c.text)
		}
		if row, col := s.Cursor(); row != c.row || col != c.col {
			t.Errorf("%s: cursor at %d,%d, want %d,%d", c.name, row, col, c.row, c.col)
		}
	}
}

// SGR attributes stick to the cells written while they are set; erases
// paint the current background only, as xterm's background colour erase.
func TestModelAttributes(t *testing.T) {
	s := New(10, 2, nil)
	s.Write([]byte("\x1b[1;4;7;31;102ma\x1b[22;24mb\x1b[27;39;49mc\x1b[94;45md\x1b[0me\x1b[41m\x1b[K"))
	want := []Attr{
		{FG: 2, BG: 11, Bold: true, Underline: true, Reverse: true},
		{FG: 2, BG: 11, Reverse: true},
		{},
		{FG: 13, BG: 6},
		{},
		{BG: 2}, {BG: 2}, {BG: 2}, {BG: 2}, {BG: 2},
	}
	for col, a := range want {
		if got := s.AttrAt(0, col); got != a {
			t.Errorf("column %d: %+v, want %+v", col, got, a)
		}
	}
	s.Write([]byte("\x1b[m\x1b[2;1H\x1b[7m한"))
	if s.AttrAt(1, 0) != (Attr{Reverse: true}) || s.AttrAt(1, 1) != (Attr{Reverse: true}) {
		t.Errorf("a wide glyph's halves: %+v %+v", s.AttrAt(1, 0), s.AttrAt(1, 1))
	}
}

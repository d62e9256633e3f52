package engine

import (
	"strings"
	"testing"
)

// lineKey reads a line written around the cell being classified: "*" is
// that cell, x black, o white, | a wall, anything else empty. Cells past the
// written ones are empty.
func lineKey(t *testing.T, s string) uint32 {
	t.Helper()
	c := strings.IndexByte(s, '*')
	if c < 0 {
		t.Fatalf("line %q has no *", s)
	}
	var line [lineLen]uint8
	wall := [2]bool{}
	for j := 1; j <= half; j++ {
		for side, sign := range []int{-1, 1} {
			at := c + sign*j
			v := uint8(cEmpty)
			if wall[side] || at >= 0 && at < len(s) && s[at] == '|' {
				wall[side] = true
				v = cWall
			} else if at >= 0 && at < len(s) {
				switch s[at] {
				case 'x':
					v = cBlack
				case 'o':
					v = cWhite
				}
			}
			line[half+sign*j] = v
		}
	}
	return keyOf(&line)
}

func TestPatterns(t *testing.T) {
	names := map[pattern]string{pDead: "dead", pOverline: "overline", pB1: "B1", pF1: "F1", pB2: "B2",
		pF2: "F2", pF2A: "F2A", pF2B: "F2B", pB3: "B3", pF3: "F3", pB4: "B4", pF4: "F4", pF5: "F5"}
	cases := []struct {
		line  string
		exact bool
		want  pattern
	}{
		{"..xx*xx..", false, pF5},
		{"..xxx*x..", false, pF5},
		{".xxx*xx..", false, pF5},
		{".xxx*xx..", true, pOverline},
		{"..xx*xx..", true, pF5},
		{"...xx*x...", false, pF4},
		{"..oxx*x...", false, pB4},
		{"..x.x*x...", false, pB4},
		{"|xxx*.....", false, pB4},
		{"...x*x....", false, pF3},
		{"...x.*x...", false, pF3},
		{"..ox*x....", false, pB3},
		{"|x*x.....", false, pB3},
		{"....*x....", false, pF2B},
		{"..o.*x....", false, pF2A},
		{"...o*x....", false, pB2},
		{"....*.....", false, pF1},
		{"o...*o....", false, pDead},
		{"|...*o", false, pDead},
		// Standard: a four whose only five point makes six is no four.
		{"x.xxx*o", true, pDead},
		{"x.xxx*o", false, pB4},
	}
	for _, c := range cases {
		tab := tableFor(c.exact)
		got := pattern(tab[lineKey(t, c.line)] & 0x0f)
		if got != c.want {
			t.Errorf("%q exact=%v: black gets %s, want %s", c.line, c.exact, names[got], names[c.want])
		}
		// The same line with colours swapped, for white.
		sw := strings.Map(func(r rune) rune {
			switch r {
			case 'x':
				return 'o'
			case 'o':
				return 'x'
			}
			return r
		}, c.line)
		if got := pattern(tab[lineKey(t, sw)] >> 4); got != c.want {
			t.Errorf("%q exact=%v: white gets %s, want %s", sw, c.exact, names[got], names[c.want])
		}
	}
}

package minesweeper

import "termgames/console"

// The board's glyphs. None is an emoji (an emoji's width differs from one
// terminal to the next, and some draw it in colour whatever we ask):
//
//   - covered ■ (U+25A0): a solid tile, still to be opened, the way the
//     original's raised covers read;
//   - open blank · (U+00B7): open and empty, yet visibly a cell, so a row of
//     blanks can be counted and the cursor stays findable on it;
//   - flag ► (U+25BA, black right-pointing pointer): a pennant, in red. Not
//     ▶ (U+25B6), which is an emoji in some terminals;
//   - "?" for the mark, 1-8 for the numbers: plain ASCII;
//   - mine ● (U+25CF): round, unlike the square tiles around it; the one
//     that went off is drawn in reverse video (and red);
//   - wrong flag × (U+00D7): a crossed-out flag.
//
// ■ · ► ● × are East Asian ambiguous width: one column in most terminals,
// two in a Korean Windows console. Each is padded to two columns with the
// screen's width measure and put at its own column, so the board is square
// either way. -ascii draws # . F ? * X instead.
type glyphSet struct {
	covered, blank, flag, mark, mine, wrong string
}

func glyphsFor(ascii bool) glyphSet {
	if ascii {
		return glyphSet{covered: "#", blank: ".", flag: "F", mark: "?", mine: "*", wrong: "X"}
	}
	return glyphSet{covered: "■", blank: "·", flag: "►", mark: "?", mine: "●", wrong: "×"}
}

// numberColors are the classic colours of 1 to 8 (1 blue, 2 green, 3 red,
// 4 navy, 5 maroon, 6 teal, 7 black, 8 grey) in the 16 terminal colours.
// Black would vanish on a dark terminal, so 7 takes the terminal's own text
// colour (black on the classic light background), in bold.
func numberColor(n int) console.Style {
	colors := [9]console.Color{
		1: console.BrightBlue, 2: console.Green, 3: console.BrightRed, 4: console.Blue,
		5: console.Red, 6: console.Cyan, 7: console.Default, 8: console.BrightBlack,
	}
	return console.Style{FG: colors[n], Bold: n == 7}
}

// glyph returns how a cell with look l is drawn. Every look differs by its
// glyph alone, so the board reads the same without colour (NO_COLOR).
func (g glyphSet) glyph(l Look) (string, console.Style) {
	if n, ok := l.Number(); ok {
		if n == 0 {
			return g.blank, console.Style{FG: console.BrightBlack}
		}
		return string(rune('0' + n)), numberColor(n)
	}
	switch l {
	case Flagged:
		return g.flag, console.Style{FG: console.BrightRed, Bold: true}
	case Marked:
		return g.mark, console.Style{Bold: true}
	case Mine:
		return g.mine, console.Style{Bold: true}
	case Exploded:
		// Reverse with a red foreground: a red tile, or reverse video alone
		// under NO_COLOR.
		return g.mine, console.Style{FG: console.Red, Bold: true, Reverse: true}
	case WrongFlag:
		return g.wrong, console.Style{FG: console.BrightRed, Bold: true}
	}
	return g.covered, console.Plain
}

package console

import (
	"os"

	"github.com/mattn/go-runewidth"
)

// WidthFlag is the player's choice of the width of East Asian ambiguous
// characters such as □ ○ ●.
type WidthFlag int

// The choices of -wide and -narrow; Auto means neither flag was given.
const (
	Auto WidthFlag = iota
	Wide
	Narrow
)

// WidthDecided reports whether the player said how wide ambiguous
// characters are, by flag or by RUNEWIDTH_EASTASIAN. If not, the guess from
// the locale is only a guess: ask the terminal (Options.MeasureWidth).
func WidthDecided(flag WidthFlag) bool {
	return flag != Auto || os.Getenv("RUNEWIDTH_EASTASIAN") != ""
}

// NewCondition builds the one width measure a program uses, from the
// player's flag, then RUNEWIDTH_EASTASIAN, and otherwise narrow. It never
// touches runewidth's package-level defaults.
//
// □ ○ ● are ambiguous width: two columns in a Korean Windows console or a
// terminal set to draw them wide, one in most others even under a ko_KR
// locale. Boards are drawn so that either answer lines up; this measure only
// decides which one text is laid out for. Narrow is what most terminals
// draw whatever the locale (a ko_KR locale says nothing about the
// terminal's font or its ambiguous-width setting), so it is the default,
// and Run replaces it with the terminal's own answer where the terminal
// gives one (Options.MeasureWidth).
func NewCondition(flag WidthFlag) *runewidth.Condition {
	c := runewidth.NewCondition()
	switch {
	case flag == Wide:
		c.EastAsianWidth = true
	case flag == Narrow:
		c.EastAsianWidth = false
	case WidthDecided(flag):
		c.EastAsianWidth = os.Getenv("RUNEWIDTH_EASTASIAN") == "1"
	default:
		c.EastAsianWidth = false
	}
	// The emoji tables are not ours to decide; keep ambiguous-width the only
	// setting that varies between terminals.
	c.StrictEmojiNeutral = true
	c.CreateLUT()
	return c
}

// DefaultWidth is the one default of every game for a width measure not
// given (a screen built in a test, say): w, or else the measure of
// NewCondition(Auto), as if no flag was given.
func DefaultWidth(w *runewidth.Condition) *runewidth.Condition {
	if w != nil {
		return w
	}
	return NewCondition(Auto)
}

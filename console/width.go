package console

import (
	"os"
	"sync"

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
//
// The Condition shares its lookup table with every other of the same
// width (see widthTables): change it only through the console (the width
// question), never by setting its fields and calling CreateLUT, which
// would rebuild the shared table in place.
func NewCondition(flag WidthFlag) *runewidth.Condition {
	wide := false
	switch {
	case flag == Wide:
		wide = true
	case flag == Narrow:
	case WidthDecided(flag):
		wide = os.Getenv("RUNEWIDTH_EASTASIAN") == "1"
	}
	c := new(runewidth.Condition)
	setWide(c, wide)
	return c
}

// widthTables are the two width measures, narrow and wide, each with its
// lookup table, built once a process on first use and only read after: a
// table is 544 KB and takes milliseconds to build, which every session of
// a server would pay otherwise (a thousand sessions, half a gigabyte).
var widthTables = [2]func() *runewidth.Condition{
	sync.OnceValue(func() *runewidth.Condition { return newTable(false) }),
	sync.OnceValue(func() *runewidth.Condition { return newTable(true) }),
}

func newTable(wide bool) *runewidth.Condition {
	c := runewidth.NewCondition()
	c.EastAsianWidth = wide
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

// setWide makes c measure ambiguous characters wide or narrow, in place
// (the screens hold c), with the shared table of that width.
func setWide(c *runewidth.Condition, wide bool) {
	t := widthTables[0]
	if wide {
		t = widthTables[1]
	}
	*c = *t()
}

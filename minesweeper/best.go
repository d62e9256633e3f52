package minesweeper

import (
	"fmt"
	"slices"

	"termgames/console"
)

// bestTimes shows the ten best times of one level at a time: the
// original's three levels, then every custom size that has times. Left and
// right turn the page; Esc, Enter, q or Backspace go back to the menu.
type bestTimes struct {
	app   *app
	pages []Level
	page  int
}

func newBestTimes(a *app) console.Screen {
	std := Levels()
	b := &bestTimes{app: a, pages: std[:]}
	for _, key := range a.store.keys() {
		if l, ok := levelOfKey(key); ok && !slices.Contains(b.pages, l) {
			b.pages = append(b.pages, l)
		}
	}
	return b
}

// levelOfKey reads a best-times key back into its level: a name of one of
// the original's levels, or "RxC/M".
func levelOfKey(key string) (Level, bool) {
	for _, l := range Levels() {
		if l.Key() == key {
			return l, true
		}
	}
	var l Level
	var rest string
	if n, _ := fmt.Sscanf(key, "%dx%d/%d%s", &l.Rows, &l.Cols, &l.Mines, &rest); n != 3 {
		return Level{}, false
	}
	if l.Check() != nil || l.Key() != key {
		return Level{}, false
	}
	return Custom(l.Rows, l.Cols, l.Mines), true
}

// Update turns the page or goes back to the menu.
func (b *bestTimes) Update(ev console.Event) console.Screen {
	b.app.observe(ev)
	switch {
	case ev.IsKey(console.KeyEsc), ev.IsKey(console.KeyEnter), ev.IsKey(console.KeyBackspace),
		ev.IsRune('q'), ev.IsRune('Q'):
		return b.app.toMenu()
	case ev.IsKey(console.KeyLeft), ev.IsKey(console.KeyUp), ev.IsRune('h'), ev.IsRune('k'):
		b.page = (b.page + len(b.pages) - 1) % len(b.pages)
	case ev.IsKey(console.KeyRight), ev.IsKey(console.KeyDown), ev.IsKey(console.KeyTab),
		ev.IsRune('l'), ev.IsRune('j'), ev.IsRune(' '):
		b.page = (b.page + 1) % len(b.pages)
	}
	return b
}

// View lists the page's times: rank, seconds to a tenth, and when.
func (b *bestTimes) View(console.Size) console.Frame {
	t := b.app.t
	l := b.pages[b.page]
	var f console.Frame
	f.Line(0, fmt.Sprintf(t.bestTitle, t.levelTitle(l))+fmt.Sprintf("   (%d/%d)", b.page+1, len(b.pages)))
	row := 2
	recs := b.app.store.times(l.Key())
	if len(recs) == 0 {
		f.Line(row, "  "+t.bestNone)
		row++
	}
	for i, r := range recs {
		f.Line(row, fmt.Sprintf("%3d. %8s%s   %s", i+1, seconds(r.Time()), t.unit, r.When.Format("2006-01-02 15:04")))
		row++
	}
	f.Line(row+1, t.bestHelp)
	return f
}

// Package minesweeper is 지뢰찾기, the React minesweeper of seed 003 played
// in a terminal: the original's three levels and a custom size, by keyboard
// and by mouse, with best times kept in a file.
//
// field.go holds every rule of the game (no terminal, no I/O); scores.go
// the best-times file; the other files are the screens: the numbered menu,
// the custom-size questions, the board and the best times.
package minesweeper

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/mattn/go-runewidth"

	"termgames/console"
)

// Options are the command line's choices for the game.
type Options struct {
	// Lang is "ko" (the default, as the original) or "en".
	Lang string
	// ASCII draws the board with ASCII glyphs only.
	ASCII bool
	// Marks lets f (or a right click) turn a flag into a "?" mark.
	Marks bool
	// Scores is the best-times file; "" means termgames/scores.json in the
	// user's config folder.
	Scores string
	// Rand places the mines; main makes it from -seed.
	Rand *rand.Rand
	// Width measures text and glyphs as the terminal draws them.
	Width *runewidth.Condition
}

// New returns the minesweeper menu. Quitting it returns back, or ends the
// program when back is nil (the game was started on its own).
func New(opt Options, back console.Screen) console.Screen {
	a := &app{opt: opt, back: back, t: textsFor(opt.Lang), w: opt.Width, rng: opt.Rand}
	if a.w == nil {
		a.w = console.NewCondition(console.Auto)
	}
	if a.rng == nil {
		a.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	path := opt.Scores
	if path == "" {
		var err error
		if path, err = defaultScoresPath(); err != nil {
			a.notice = []string{a.t.badFile, err.Error()}
		}
	}
	a.store = newStore(path, osFS{})
	a.menu = console.NewMenu(a.t.menu, a.t.prompt, a.t.retry, 6)
	return a
}

// app is what the screens of one session share, and is itself the menu
// screen.
type app struct {
	opt    Options
	back   console.Screen
	t      texts
	w      *runewidth.Condition
	rng    *rand.Rand
	store  *store
	menu   *console.Menu
	size   console.Size // the terminal, from the latest ResizeEvent
	notice []string     // a problem to show on the menu once
}

// The menu's items.
const (
	itemCustom = 4
	itemBest   = 5
	itemQuit   = 6
)

// observe keeps what every screen learns from any event: the terminal size,
// and, at the first event, the best times (named with the event's time if
// the file has to be kept aside).
func (a *app) observe(ev console.Event) {
	if ev.Type == console.ResizeEvent {
		a.size = ev.Size
	}
	if a.store.loaded {
		return
	}
	a.store.load(ev.Time)
	if n := a.store.takeNotice(); n != nil {
		a.notice = a.noticeLines(n)
	}
}

// noticeLines tells the player what became of a best-times file that could
// not be read.
func (a *app) noticeLines(n *notice) []string {
	if n.aside != "" {
		return []string{a.t.badFile, "  " + n.why.Error(), "  " + fmt.Sprintf(a.t.movedTo, n.aside)}
	}
	return []string{a.t.badFile, "  " + fmt.Sprintf(a.t.leftAlone, n.why)}
}

// Update reads the menu's answer.
func (a *app) Update(ev console.Event) console.Screen {
	a.observe(ev)
	if a.notice != nil {
		a.menu.Show(a.notice...)
		a.notice = nil
	}
	n := a.menu.Update(ev)
	if ev.IsKey(console.KeyEsc) {
		n = itemQuit // as the top menu does: Esc leaves a menu
	}
	switch n {
	case 0:
		return a
	case itemCustom:
		return newAskCustom(a)
	case itemBest:
		return newBestTimes(a)
	case itemQuit:
		a.menu.Show()
		if a.back != nil {
			return a.back
		}
		return console.Exit("")
	default:
		return a.play(Levels()[n-1])
	}
}

// View shows the menu.
func (a *app) View(size console.Size) console.Frame { return a.menu.View(size, a.w) }

// toMenu clears the screen and asks the menu again, with lines above it.
func (a *app) toMenu(lines ...string) console.Screen {
	a.menu.Show(lines...)
	return a
}

// play starts a game of level l.
func (a *app) play(l Level) console.Screen {
	f, err := NewField(l, a.rng)
	if err != nil {
		return a.toMenu(err.Error())
	}
	return &board{app: a, field: f, row: (l.Rows - 1) / 2, col: (l.Cols - 1) / 2}
}

// now is the clock of a screen: the time of the latest event that had one.
func now(prev time.Time, ev console.Event) time.Time {
	if ev.Time.IsZero() {
		return prev
	}
	return ev.Time
}

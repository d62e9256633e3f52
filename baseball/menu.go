package baseball

import (
	"math/rand/v2"

	"github.com/mattn/go-runewidth"

	"termgames/console"
)

// Options are what main passes to the game.
type Options struct {
	// Lang is "en" (the original's language, also for "") or "ko".
	Lang string
	// AI is the computer guesser: "classic", "best", or "" for best.
	// main checks it with ParseAI first; anything else here means best.
	AI string
	// Rand is the only source of chance (the computer's secret, the
	// guessers' choices); main makes it from -seed. Nil gets a random seed.
	Rand *rand.Rand
	// Width measures text as the terminal draws it; nil is a narrow
	// terminal.
	Width *runewidth.Condition
}

// game is what every screen of one run shares.
type game struct {
	txt   *texts
	ai    AI
	rand  *rand.Rand
	width *runewidth.Condition
	need  console.Size
	back  console.Screen // the top menu, or nil when started directly
}

// New returns the baseball menu. Quitting it returns back, or ends the
// program when back is nil.
func New(opt Options, back console.Screen) console.Screen {
	g := &game{txt: textsFor(opt.Lang), rand: opt.Rand, width: opt.Width, back: back}
	g.ai, _ = ParseAI(opt.AI)
	if g.ai == "" {
		g.ai = Best
	}
	if g.rand == nil {
		g.rand = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	if g.width == nil {
		g.width = console.NewCondition(console.Narrow)
	}
	// Tall enough for the menu and its prompt, wide enough for every line.
	g.need = console.Size{Width: g.txt.width(g.width), Height: len(g.txt.menu) + 2}
	return newMenu(g)
}

// menuScreen is the numbered menu, asked like the omok menu.
type menuScreen struct {
	g    *game
	menu *console.Menu
}

func newMenu(g *game) *menuScreen {
	return &menuScreen{g: g, menu: console.NewMenu(g.txt.menu, g.txt.prompt, g.txt.retry, 4)}
}

// The menu's items, in its order.
const (
	modeComputer = 1 // the original: the computer guesses
	modePlayer   = 2 // the player guesses
	modeVersus   = 3 // both at once
	menuQuit     = 4
)

// Update reads the menu's answer. Esc is Quit, as at the top menu, so that
// Esc twice leaves a game and then the baseball menu.
func (m *menuScreen) Update(ev console.Event) console.Screen {
	choice := m.menu.Update(ev)
	if ev.IsKey(console.KeyEsc) {
		choice = menuQuit
	}
	switch choice {
	case 0:
		return m
	case menuQuit:
		if m.g.back == nil {
			return console.Exit("")
		}
		return m.g.back
	default:
		return newPlay(m.g, choice, m)
	}
}

// View shows the menu's transcript.
func (m *menuScreen) View(size console.Size) console.Frame {
	f := m.menu.View(size, m.g.width)
	f.Need = m.g.need
	return f
}

// reshow clears the screen and asks the menu again, when a game ends.
func (m *menuScreen) reshow() *menuScreen {
	m.menu.Show()
	return m
}

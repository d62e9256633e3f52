package baseball

import (
	"slices"

	"termgames/console"
)

// menuScreen is the numbered menu, asked like the omok menu.
type menuScreen struct {
	g    *game
	menu *console.Menu
}

func newMenu(g *game) *menuScreen {
	block, items := g.txt.menu, menuDigits
	if g.online != nil { // an SSH session: the online entry, before the closing rule
		block, items = slices.Insert(slices.Clone(block), len(block)-1, g.txt.online), menuOnline
	}
	return &menuScreen{g: g, menu: console.NewMenu(block, g.txt.prompt, g.txt.retry, items).QuitOnEsc(menuQuit)}
}

// The menu's items, in its order.
const (
	modeComputer = 1 // the original: the computer guesses
	modePlayer   = 2 // the player guesses
	modeVersus   = 3 // both at once
	menuQuit     = 4
	menuDigits   = 5 // the next of menuRules
	menuOnline   = 6 // only over SSH (Options.Online): versus at online tables
)

// menuRules are the games the digits item goes round, the original's
// first.
var menuRules = [...]Rules{Original, {Digits: 4}, {Digits: 4, Zero: true}, {Digits: 3, Zero: true}}

// Update reads the menu's answer. Esc is Quit, as at the top menu, so that
// Esc twice leaves a game and then the baseball menu.
func (m *menuScreen) Update(ev console.Event) console.Screen {
	switch choice := m.menu.Update(ev); choice {
	case 0:
		return m
	case menuOnline:
		m.menu.Show() // a fresh menu for when the online menu comes back
		return m.g.online(m)
	case menuQuit:
		return m.menu.Leave(m.g.back, "")
	case menuDigits:
		return m.nextRules()
	default:
		return newPlay(m.g, choice, m)
	}
}

// View shows the menu's transcript.
func (m *menuScreen) View(size console.Size) console.Frame {
	f := m.menu.View(size, m.g.width)
	f.Label(m.g.tag, m.g.need)
	return f
}

// nextRules moves the digits item to the next game of menuRules, and
// asks the menu again with it.
func (m *menuScreen) nextRules() *menuScreen {
	k := 0
	for i, r := range menuRules {
		if r == m.g.rules {
			k = (i + 1) % len(menuRules)
		}
	}
	m.g.rules = menuRules[k]
	m.g.txt = textsFor(m.g.tag, m.g.rules)
	// The same screen with a new menu: the top menu keeps this one.
	m.menu = newMenu(m.g).menu
	return m
}

// reshow clears the screen and asks the menu again, when a game ends.
func (m *menuScreen) reshow() *menuScreen {
	m.menu.Show()
	return m
}

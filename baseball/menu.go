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
	block, items := g.txt.menu, menuQuit
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
	menuOnline   = 5 // only over SSH (Options.Online): versus at online tables
)

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

// reshow clears the screen and asks the menu again, when a game ends.
func (m *menuScreen) reshow() *menuScreen {
	m.menu.Show()
	return m
}

package baseball

import "termgames/console"

// menuScreen is the numbered menu, asked like the omok menu.
type menuScreen struct {
	g    *game
	menu *console.Menu
}

func newMenu(g *game) *menuScreen {
	return &menuScreen{g: g, menu: console.NewMenu(g.txt.menu, g.txt.prompt, g.txt.retry, menuDigits)}
}

// The menu's items, in its order.
const (
	modeComputer = 1 // the original: the computer guesses
	modePlayer   = 2 // the player guesses
	modeVersus   = 3 // both at once
	menuQuit     = 4
	menuDigits   = 5 // the next of menuRules
)

// menuRules are the games the digits item goes round, the original's
// first.
var menuRules = [...]Rules{Original, {Digits: 4}, {Digits: 4, Zero: true}, {Digits: 3, Zero: true}}

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
	case menuDigits:
		return m.nextRules()
	default:
		return newPlay(m.g, choice, m)
	}
}

// View shows the menu's transcript.
func (m *menuScreen) View(size console.Size) console.Frame {
	f := m.menu.View(size, m.g.width)
	f.Need, f.Lang = m.g.need, string(m.g.tag)
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
	return newMenu(m.g)
}

// reshow clears the screen and asks the menu again, when a game ends.
func (m *menuScreen) reshow() *menuScreen {
	m.menu.Show()
	return m
}

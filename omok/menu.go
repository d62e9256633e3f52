package omok

import "termgames/console"

// The menu's items, numbered as the original numbers them.
const (
	itemPlay = iota + 1
	itemHowTo
	itemCredits
	itemQuit
)

// menuScreen is the original's menu(): a numbered menu in a scrolling
// transcript, where the how-to and the credits are printed above the menu
// after a clear, as the original's system("cls") and reprint do.
type menuScreen struct {
	opt  Options
	text *text
	back console.Screen
	menu *console.Menu
}

// Update passes typed keys to the menu and acts on a chosen item.
func (m *menuScreen) Update(ev console.Event) console.Screen {
	switch m.menu.Update(ev) {
	case itemPlay:
		return newGame(m)
	case itemHowTo:
		m.menu.Show(m.text.howToPlay(m.opt.Rule, m.opt.Size)...)
	case itemCredits:
		m.menu.Show(m.text.credits...)
	case itemQuit:
		if m.back == nil {
			return console.Exit(m.text.quit)
		}
		m.menu.Show() // a fresh menu for the next time the top menu opens omok
		return m.back
	}
	return m
}

// View shows the transcript.
func (m *menuScreen) View(size console.Size) console.Frame {
	f := m.menu.View(size, m.opt.Width)
	f.Lang = string(m.opt.Lang)
	return f
}

// reopen clears the screen and asks again, as the original's loop prints
// the menu once a game has ended.
func (m *menuScreen) reopen() console.Screen {
	m.menu.Show()
	return m
}

package omok

import (
	"fmt"
	"slices"

	"termgames/console"
	"termgames/omok/engine"
	"termgames/omok/renju"
)

// The menu's items, numbered as the original numbers them.
const (
	itemPlay = iota + 1
	itemHowTo
	itemCredits
	itemQuit
	itemComputer // not in the original: a game against the computer
	itemOnline   // only over SSH (Options.Online): the online tables
)

// menuBlock is the menu's block and its number of entries: the online
// entry is added in an SSH session, before the closing rule.
func menuBlock(opt Options, t *text) ([]string, int) {
	if opt.Online == nil {
		return t.menu, itemComputer
	}
	return slices.Insert(slices.Clone(t.menu), len(t.menu)-1, t.online), itemOnline
}

// menuScreen is the original's menu(): a numbered menu in a scrolling
// transcript, where the how-to and the credits are printed above the menu
// after a clear, as the original's system("cls") and reprint do.
type menuScreen struct {
	opt  Options
	text *text
	back console.Screen
	menu *console.Menu
	// ask is the question entry 5 asks in the menu's style, the level and
	// then who moves first; nil while the menu itself is shown.
	ask   *console.Menu
	level engine.Level
	// short is the how-to without its 3-3 diagram, fed the same keys as
	// menu while the how-to is up, and shown instead when the whole how-to
	// (tall) and the menu do not fit: under renju at 80x24 the original's
	// first lines would scroll off an alternate screen that has no
	// scrollback. nil when no how-to with a diagram is up.
	short *console.Menu
	tall  []string
}

// Update passes typed keys to the menu and acts on a chosen item.
func (m *menuScreen) Update(ev console.Event) console.Screen {
	if m.ask != nil {
		return m.answer(ev)
	}
	if m.short != nil {
		m.short.Update(ev)
	}
	n := m.menu.Update(ev)
	if ev.IsKey(console.KeyEsc) {
		n = itemQuit // as Esc leaves the top menu and the minesweeper menu
	}
	if n != 0 {
		m.short = nil
	}
	switch n {
	case itemOnline:
		m.menu.Show() // a fresh menu for when the online menu comes back
		return m.opt.Online(m)
	case itemComputer:
		if m.opt.RuleGiven {
			return m.askLevel()
		}
		return m.askRule(func(r Rule) console.Screen {
			m.opt.Rule = r
			return m.askLevel()
		})
	case itemPlay:
		if m.opt.RuleGiven {
			return newGame(m)
		}
		return m.askRule(func(r Rule) console.Screen {
			m.opt.Rule = r
			return newGame(m)
		})
	case itemHowTo:
		m.showHowTo()
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

// askLevel asks entry 5's first question of its own, the level.
func (m *menuScreen) askLevel() console.Screen {
	m.ask = console.NewMenu(m.text.levels, m.text.prompt, m.text.retry, 3)
	return m
}

// answer takes the answers to entry 5's questions: 1-3 for the level, then
// 1 (the person first, ○) or 2 (the computer first). Esc goes back to the
// menu.
func (m *menuScreen) answer(ev console.Event) console.Screen {
	if ev.IsKey(console.KeyEsc) {
		return m.reopen()
	}
	n := m.ask.Update(ev)
	switch {
	case n == 0:
		return m
	case m.ask.Count() == 3:
		m.level = engine.Level(n - 1) // 1. 쉬움 2. 보통 3. 어려움
		glyphs, _ := m.glyphs()
		m.ask = console.NewMenu(stones(m.text.first, glyphs), m.text.prompt, m.text.retry, 2)
		return m
	}
	m.ask = nil
	return newComputerGame(m, m.level, n == 2)
}

// View shows the transcript.
func (m *menuScreen) View(size console.Size) console.Frame {
	var f console.Frame
	switch {
	case m.ask != nil:
		f = m.ask.View(size, m.opt.Width)
	case m.short != nil && m.howToRows(size) > size.Height:
		f = m.short.View(size, m.opt.Width)
	default:
		f = m.menu.View(size, m.opt.Width)
	}
	f.Lang = string(m.opt.Lang)
	return f
}

// showHowTo prints the how-to for the rule in force (the last one chosen)
// above the menu, and keeps the version without the diagram beside it.
func (m *menuScreen) showHowTo() {
	glyphs, forbid := m.glyphs()
	full := m.text.howToPlay(m.opt.Rule, m.opt.Size, glyphs, forbid)
	m.menu.Show(full...)
	diagram := threeThree(glyphs, forbid, fmt.Sprintf(m.text.diagram, forbid))
	short := slices.DeleteFunc(slices.Clone(full), func(l string) bool { return slices.Contains(diagram, l) })
	if len(short) == len(full) {
		return
	}
	m.tall = full
	block, items := menuBlock(m.opt, m.text)
	m.short = console.NewMenu(block, m.text.prompt, m.text.retry, items)
	m.short.Show(short...)
}

// glyphs are the stones and the forbidden mark as the board draws them.
func (m *menuScreen) glyphs() ([3]string, string) {
	if m.opt.ASCII {
		return asciiGlyphs, asciiForbid
	}
	return unicodeGlyphs, unicodeForbid
}

// howToRows is how many rows the whole how-to and the menu under it take
// in a terminal of size, long lines wrapped as the transcript wraps them.
func (m *menuScreen) howToRows(size console.Size) int {
	rows := len(m.text.menu) + 1 // the block and the prompt
	for _, l := range m.tall {
		rows += len(console.Wrap(m.opt.Width, l, size.Width))
	}
	return rows
}

// askRule clears the screen and asks for the rule in the menu's style, one
// number per rule; start gets the answer. Esc goes back to the menu.
func (m *menuScreen) askRule(start func(Rule) console.Screen) console.Screen {
	return &ruleScreen{
		menu:  m,
		ask:   console.NewMenu(m.text.ruleMenu, m.text.rulePrompt, m.text.retry, len(renju.Rules)),
		start: start,
	}
}

// ruleScreen is the rule question asked before a game.
type ruleScreen struct {
	menu  *menuScreen
	ask   *console.Menu
	start func(Rule) console.Screen
}

// Update passes typed keys to the question; Esc returns to the menu.
func (s *ruleScreen) Update(ev console.Event) console.Screen {
	if ev.Type == console.KeyEvent && ev.IsKey(console.KeyEsc) {
		return s.menu.reopen()
	}
	if n := s.ask.Update(ev); n > 0 {
		return s.start(renju.Rules[n-1])
	}
	return s
}

// View shows the question's transcript.
func (s *ruleScreen) View(size console.Size) console.Frame {
	return s.ask.View(size, s.menu.opt.Width)
}

// reopen clears the screen and asks again, as the original's loop prints
// the menu once a game has ended.
func (m *menuScreen) reopen() console.Screen {
	m.ask = nil
	m.menu.Show()
	return m
}

package omok

import (
	"fmt"
	"path/filepath"
	"slices"
	"time"

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
	itemRule     // not in the original: the rule for every game after
	// After the rule come, each only where it is offered, the kept games
	// (Options.Records) and the online tables (Options.Online, over SSH).
)

// menuScreen is the original's menu(): a numbered menu in a scrolling
// transcript, where the how-to and the credits are printed above the menu
// after a clear, as the original's system("cls") and reprint do.
type menuScreen struct {
	opt  Options
	text *texts
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
	// saidFolder is set once a record could not be written: the folder
	// is said once, and the games go on.
	saidFolder bool
	// clock is the time of the latest event, where a game's clock starts.
	clock time.Time
}

// items are the menu's entries after the rule's, by number.
func (m *menuScreen) records() int {
	if m.opt.Records == "" {
		return 0
	}
	return itemRule + 1
}

// online is the online tables' entry number, 0 where there are none.
func (m *menuScreen) online() int {
	if m.opt.Online == nil {
		return 0
	}
	return max(itemRule, m.records()) + 1
}

// noteKept says what became of a game's record: the file it went to, or,
// the first time only, why the folder could not keep it.
func (m *menuScreen) noteKept(k recordKept) string {
	switch {
	case k.err == nil:
		return fmt.Sprintf(m.text.rec.kept, filepath.Base(k.path))
	case m.saidFolder:
		return ""
	}
	m.saidFolder = true
	return fmt.Sprintf(m.text.rec.notKept, k.err)
}

// Update passes typed keys to the menu and acts on a chosen item.
func (m *menuScreen) Update(ev console.Event) console.Screen {
	m.clock = ev.Time
	if k, ok := ev.Result.(recordKept); ok && ev.Type == console.ResultEvent {
		if line := m.noteKept(k); line != "" && k.err != nil {
			m.menu.Show(line)
		}
		return m
	}
	if m.ask != nil {
		return m.answer(ev)
	}
	if m.short != nil {
		m.short.Update(ev)
	}
	n := m.menu.Update(ev)
	if n != 0 {
		m.short = nil
	}
	switch {
	case n == 0:
		return m
	case n == m.records():
		return newListScreen(m)
	case n == m.online():
		m.menu.Show() // a fresh menu for when the online menu comes back
		return m.opt.Online(m)
	}
	switch n {
	case itemPlay:
		return newGame(m)
	case itemComputer:
		return m.askLevel()
	case itemRule:
		return m.askRule()
	case itemHowTo:
		m.showHowTo()
	case itemCredits:
		m.menu.Show(m.text.credits...)
	case itemQuit:
		return m.menu.Leave(m.back, m.text.quit)
	}
	return m
}

// newMenu returns the menu as it stands: its entry 6 names the rule in
// force; the kept games are 7 where a folder keeps them, and an SSH
// session has the online tables after.
func (m *menuScreen) newMenu() *console.Menu {
	block := m.text.menuBlock(m.opt.Rule, m.records() != 0, m.online() != 0)
	items := max(itemRule, m.records(), m.online())
	return console.NewMenu(block, m.text.prompt, m.text.retry, items).QuitOnEsc(itemQuit)
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
	f.Label(m.opt.Lang, console.Size{})
	return f
}

// showHowTo prints the how-to for the rule in force (the last one chosen)
// above the menu, and keeps the version without the diagram beside it.
func (m *menuScreen) showHowTo() {
	glyphs, forbid := m.glyphs()
	full := m.text.howToPlay(m.opt.Rule, m.opt.Size, glyphs, forbid)
	m.menu.Show(full...)
	// The short how-to leaves out the diagram, and the keys that the panel
	// beside the board lists anyway, past the original's two.
	left := append(threeThree(glyphs, forbid, fmt.Sprintf(m.text.diagram, forbid)), m.text.keys[3:]...)
	short := slices.DeleteFunc(slices.Clone(full), func(l string) bool { return slices.Contains(left, l) })
	if len(short) == len(full) {
		return
	}
	m.tall = full
	m.short = m.newMenu()
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
// number per rule. The answer holds for every game until the program ends.
func (m *menuScreen) askRule() console.Screen {
	return &ruleScreen{
		menu: m,
		ask:  console.NewMenu(m.text.ruleMenu, m.text.rulePrompt, m.text.retry, len(renju.Rules)),
	}
}

// ruleScreen is the rule question of the menu's last entry.
type ruleScreen struct {
	menu *menuScreen
	ask  *console.Menu
}

// Update passes typed keys to the question; Esc returns to the menu and
// keeps the rule.
func (s *ruleScreen) Update(ev console.Event) console.Screen {
	if ev.IsKey(console.KeyEsc) {
		return s.menu.reopen()
	}
	n := s.ask.Update(ev)
	if n == 0 {
		return s
	}
	m := s.menu
	m.opt.Rule = renju.Rules[n-1]
	m.menu = m.newMenu()
	m.menu.Show(fmt.Sprintf(m.text.ruleSet, m.text.ruleWord[m.opt.Rule]))
	return m
}

// View shows the question's transcript.
func (s *ruleScreen) View(size console.Size) console.Frame {
	f := s.ask.View(size, s.menu.opt.Width)
	f.Label(s.menu.opt.Lang, console.Size{})
	return f
}

// reopen clears the screen and asks again, as the original's loop prints
// the menu once a game has ended.
func (m *menuScreen) reopen() console.Screen {
	m.ask = nil
	m.menu.Show()
	return m
}

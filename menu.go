package main

import (
	"flag"
	"fmt"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/lang"
)

// The top menu's texts, drawn like the omok program's menu; its entries
// are the table's games, then the quit.
type topTexts struct {
	title, quit        string
	prompt, retry, bye string
}

var (
	topKorean = topTexts{
		title:  "termgames: 게임을 골라 주세요!",
		quit:   "종료",
		prompt: "원하는 메뉴를 입력하세요 : ",
		retry:  "다시 입력하세요.",
		bye:    "프로그램을 종료합니다.",
	}
	topEnglish = topTexts{
		title:  "termgames: choose a game!",
		quit:   "Quit",
		prompt: "Enter a menu number : ",
		retry:  "Please enter again.",
		bye:    "Goodbye.",
	}
)

// rule28 is the rule of '=' above and below a menu, as the omok original
// draws it.
const rule28 = "============================"

// texts returns the top menu's texts: Korean, as the omok menu it is drawn
// after, unless -lang says otherwise.
func (c common) texts() topTexts { return lang.Pick(c.lang, lang.Korean, topKorean, topEnglish) }

// topBlock is the top menu: a title, one numbered entry a game of the
// table, and the quit last.
func topBlock(t topTexts, table []cli.Game, tag lang.Tag) []string {
	block := []string{rule28, t.title}
	for i, g := range table {
		block = append(block, fmt.Sprintf("%d. %s", i+1, g.Title.In(tag)))
	}
	return append(block, fmt.Sprintf("%d. %s", len(table)+1, t.quit), rule28)
}

// topMenu is the first screen of `termgames`: it starts a game, and the
// game's own quit comes back here. A game is started once and kept, so
// that what a player chose in it (omok's rule) holds until the program
// ends.
type topMenu struct {
	c       common
	table   []cli.Game
	started []console.Screen // by entry; nil until first chosen
	menu    *console.Menu
}

func newTopMenu(c common, table []cli.Game) *topMenu {
	t := c.texts()
	quit := len(table) + 1
	return &topMenu{
		c:       c,
		table:   table,
		started: make([]console.Screen, len(table)),
		menu:    console.NewMenu(topBlock(t, table, c.lang), t.prompt, t.retry, quit).QuitOnEsc(quit),
	}
}

// Update starts or resumes the game chosen.
func (m *topMenu) Update(ev console.Event) console.Screen {
	n := m.menu.Update(ev)
	switch {
	case n == 0:
		return m
	case n > len(m.table):
		return m.menu.Leave(nil, m.c.texts().bye)
	}
	m.menu.Show() // a fresh menu for when the game comes back
	if s := m.started[n-1]; s != nil {
		return s
	}
	s, err := m.start(m.table[n-1])
	if err != nil {
		m.menu.Show(err.Error())
		return m
	}
	m.started[n-1] = s
	return s
}

// start starts g as its command would with no flags of its own: each
// keeps its default.
func (m *topMenu) start(g cli.Game) (console.Screen, error) {
	fs := flag.NewFlagSet(g.Name, flag.ContinueOnError)
	env := m.c.env()
	env.Online = m.c.online.For(g.Name)
	env.Book = m.c.books.For(g.Name)
	return g.Flags(fs)(env, m)
}

func (m *topMenu) View(size console.Size) console.Frame {
	f := m.menu.View(size, m.c.w)
	f.Label(lang.Resolve(m.c.lang, lang.Korean), console.Size{})
	return f
}

package main

import (
	"github.com/mattn/go-runewidth"

	"termgames/baseball"
	"termgames/console"
	"termgames/internal/lang"
	"termgames/minesweeper"
	"termgames/omok"
)

// The top menu's texts, drawn like the omok program's menu.
type topTexts struct {
	block              []string
	prompt, retry, bye string
}

var (
	topKorean = topTexts{
		block: []string{
			"============================",
			"termgames: 게임을 골라 주세요!",
			"1. 오목",
			"2. 숫자 야구",
			"3. 지뢰찾기",
			"4. 종료",
			"============================",
		},
		prompt: "원하는 메뉴를 입력하세요 : ",
		retry:  "다시 입력하세요.",
		bye:    "프로그램을 종료합니다.",
	}
	topEnglish = topTexts{
		block: []string{
			"============================",
			"termgames: choose a game!",
			"1. Omok",
			"2. Number baseball",
			"3. Minesweeper",
			"4. Quit",
			"============================",
		},
		prompt: "Enter a menu number : ",
		retry:  "Please enter again.",
		bye:    "Goodbye.",
	}
)

// texts returns the top menu's texts: Korean, as the omok menu it is drawn
// after, unless -lang says otherwise.
func (c common) texts() topTexts { return lang.Pick(c.lang, lang.Korean, topKorean, topEnglish) }

// topMenu is the first screen of `termgames`: it starts a game, and the
// game's own quit comes back here.
type topMenu struct {
	c    common
	w    *runewidth.Condition
	menu *console.Menu
}

func newTopMenu(c common, w *runewidth.Condition) console.Screen {
	t := c.texts()
	return &topMenu{c: c, w: w, menu: console.NewMenu(t.block, t.prompt, t.retry, 4)}
}

func (m *topMenu) Update(ev console.Event) console.Screen {
	if ev.IsKey(console.KeyEsc) {
		return m.quit()
	}
	back := func() console.Screen { return newTopMenu(m.c, m.w) }
	switch m.menu.Update(ev) {
	case 1:
		return omok.New(omokOptions(m.c, m.w, 15, omok.Freestyle), back())
	case 2:
		return baseball.New(baseballOptions(m.c, m.w), back())
	case 3:
		return minesweeper.New(minesweeperOptions(m.c, m.w), back())
	case 4:
		return m.quit()
	}
	return m
}

func (m *topMenu) quit() console.Screen {
	return console.Exit(m.c.texts().bye)
}

func (m *topMenu) View(size console.Size) console.Frame {
	f := m.menu.View(size, m.w)
	f.Lang = string(lang.Resolve(m.c.lang, lang.Korean))
	return f
}

func omokOptions(c common, w *runewidth.Condition, size int, r omok.Rule) omok.Options {
	return omok.Options{Lang: c.lang, ASCII: c.ascii, Size: size, Rule: r, Width: w, Rand: c.rand(), Online: c.online.Omok}
}

func baseballOptions(c common, w *runewidth.Condition) baseball.Options {
	opt := baseball.Options{Lang: c.lang, Rand: c.rand(), Width: w, Online: c.online.Baseball}
	if c.played != nil {
		opt.Transcript = c.played
	}
	return opt
}

func minesweeperOptions(c common, w *runewidth.Condition) minesweeper.Options {
	return minesweeper.Options{Lang: c.lang, ASCII: c.ascii, Rand: c.rand(), Width: w}
}

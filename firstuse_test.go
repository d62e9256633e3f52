package main

import (
	"io"
	"strings"
	"testing"

	"termgames/console"
)

// TestWidthWithoutAnswer: when neither -wide, -narrow nor
// RUNEWIDTH_EASTASIAN decides and the terminal does not answer the width
// question, the games lay out for narrow □ ○ ●, what most terminals draw,
// whatever the locale says: a ko_KR locale says nothing of the font.
func TestWidthWithoutAnswer(t *testing.T) {
	for _, locale := range []string{"ko_KR.UTF-8", "ja_JP.UTF-8", "zh_CN.UTF-8", "en_US.UTF-8", "C"} {
		t.Setenv("LC_ALL", locale)
		t.Setenv("LC_CTYPE", locale)
		t.Setenv("LANG", locale)
		t.Setenv("RUNEWIDTH_EASTASIAN", "")
		for _, args := range [][]string{nil, {"omok"}, {"baseball"}, {"minesweeper"}} {
			_, c, err := parse(args, strings.NewReader(""), io.Discard, io.Discard)
			if err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			if c.w.EastAsianWidth {
				t.Errorf("%s, %v: laid out for wide □ ○ ●", locale, args)
			}
			if c.widthDecided() {
				t.Errorf("%s, %v: the terminal is not asked", locale, args)
			}
		}
		if _, c, _ := parse([]string{"-wide"}, strings.NewReader(""), io.Discard, io.Discard); !c.w.EastAsianWidth {
			t.Errorf("%s: -wide is not wide", locale)
		}
	}
}

// TestMenusTakeSpaces: every numbered menu takes spaces around the number,
// as the originals' cin >> int and scanf skipped them.
func TestMenusTakeSpaces(t *testing.T) {
	c := common{seeded: true, seed: 1}
	c.w = console.NewCondition(console.Narrow)
	d := console.NewDriver(newTopMenu(c, c.w), console.Size{Width: 100, Height: 40})
	steps := []struct{ keys, shows string }{
		{" 1\r", "오목 게임을 플레이합시다!"},            // top menu
		{"2 \r", "오목은 보드판 위에 5개의 돌을"},         // omok menu: how-to
		{"  4  \r", "termgames: 게임을 골라 주세요!"}, // omok menu: quit
		{"\t2\t\r", "Let's play number baseball!"},
		{" 1 \r", "press key 'r'"}, // baseball menu
		{"\x1b", "Let's play number baseball!"},
		{"4 \r", "termgames: 게임을 골라 주세요!"},
		{" 3\r", "지뢰찾기 게임을 플레이합시다!"},
		{" 4\r", "세로 칸 수를 입력하세요"},  // minesweeper menu
		{" 9 \r", "가로 칸 수를 입력하세요"}, // and its questions
	}
	for _, st := range steps {
		d.Send(console.Keys(st.keys)...)
		if text := d.Text(c.w); !strings.Contains(text, st.shows) {
			t.Fatalf("after %q the screen lacks %q:\n%s", st.keys, st.shows, text)
		}
	}
}

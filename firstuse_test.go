package main

import (
	"io"
	"strings"
	"testing"
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

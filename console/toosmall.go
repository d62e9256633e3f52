package console

import (
	"fmt"
	"termgames/internal/lang"

	"github.com/mattn/go-runewidth"
)

// The too-small screen's words: what it is, the size needed, the size now.
var (
	tooSmallEnglish = [3]string{"The terminal is too small.", "Needed: %d x %d", "Now:    %d x %d"}
	tooSmallKorean  = [3]string{"터미널이 너무 작습니다.", "필요한 크기: %d x %d", "지금 크기:   %d x %d"}
)

// TooSmall is the one frame every screen shows instead of one that does not
// fit: the size needed and the size now, in the language tag (English
// unless Korean), its lines wrapped to the terminal's width.
// The screen still gets every key, so Esc and q keep working, and its own
// frame returns once the terminal grows.
func TooSmall(need, now Size, tag lang.Tag) Frame {
	t := tooSmallEnglish
	if tag == lang.Korean {
		t = tooSmallKorean
	}
	// Its words hold nothing of ambiguous width: any measure will do, and
	// one without a lookup table costs nothing to make.
	w := runewidth.NewCondition()
	w.EastAsianWidth = false
	var f Frame
	row := 0
	for _, l := range []string{t[0], fmt.Sprintf(t[1], need.Width, need.Height), fmt.Sprintf(t[2], now.Width, now.Height)} {
		row = f.Lines(row, Wrap(w, l, now.Width)...)
	}
	return f
}

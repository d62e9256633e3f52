package console

import (
	"cmp"
	"strconv"
	"strings"
	"unicode"

	"github.com/mattn/go-runewidth"
)

// maxInput bounds what a prompt accepts: enough for any number we ask for.
const maxInput = 12

// LineInput is a line being typed at a prompt: characters echo as typed,
// Backspace takes the last one back, Enter hands the line over.
type LineInput struct {
	// Max is how many characters it takes; 0 for a number's few.
	Max  int
	text []rune
}

// Update handles a key. It returns the line and true when Enter was pressed
// (the input is then empty again).
func (in *LineInput) Update(ev Event) (string, bool) {
	if ev.Type != KeyEvent {
		return "", false
	}
	switch ev.Key {
	case KeyEnter:
		s := string(in.text)
		in.text = nil
		return s, true
	case KeyBackspace:
		if len(in.text) > 0 {
			in.text = in.text[:len(in.text)-1]
		}
	case KeyRune:
		if limit := cmp.Or(in.Max, maxInput); len(in.text) < limit && unicode.IsPrint(ev.Typed) {
			in.text = append(in.text, ev.Typed)
		}
	}
	return "", false
}

// String returns what has been typed so far.
func (in *LineInput) String() string { return string(in.text) }

// Menu is a numbered menu asked the way the original programs ask: the
// block of lines (rules of '=', a title, the items), a prompt where the player
// types a number and Enter, and on a wrong answer the retry line and the
// whole block again, all in a scrolling transcript.
type Menu struct {
	block  []string
	prompt string
	retry  string
	count  int
	quit   int // the item Esc chooses; 0: Esc chooses nothing
	log    Transcript
	input  LineInput
}

// NewMenu returns a menu showing block and prompt, accepting 1 to count;
// any other answer prints retry and asks again.
func NewMenu(block []string, prompt, retry string, count int) *Menu {
	m := &Menu{block: block, prompt: prompt, retry: retry, count: count}
	m.Show()
	return m
}

// Show clears the screen, prints lines (a how-to, the credits), then the
// menu again, as the originals do after system("cls").
func (m *Menu) Show(lines ...string) {
	m.log.Clear()
	m.log.Println(lines...)
	m.ask()
}

func (m *Menu) ask() {
	m.log.Println(m.block...)
	m.log.Print(m.prompt)
}

// QuitOnEsc makes Esc choose item, a game menu's quit: Esc leaves every
// menu of the program the same way, as the quit entry does.
func (m *Menu) QuitOnEsc(item int) *Menu {
	m.quit = item
	return m
}

// Leave is the one way out of a game's menu: back to the top menu that
// opened it, with the menu fresh for the next time it is opened, or, when
// the game was started on its own (back is nil), the end of the program
// with the game's last words (the omok original says 프로그램을 종료합니다.;
// "" says nothing).
func (m *Menu) Leave(back Screen, lastWords string) Screen {
	m.Show()
	if back == nil {
		return Exit(lastWords)
	}
	return back
}

// Update handles one event. It returns the chosen number, or 0 while the
// player has not chosen; Esc chooses the quit item (QuitOnEsc). An empty Enter is ignored, as the original's cin
// waits for a number, and spaces around the number are skipped, as cin
// skips them; anything else that is not a number from 1 to count gets the
// retry line and the menu again.
func (m *Menu) Update(ev Event) int {
	if m.quit != 0 && ev.IsKey(KeyEsc) {
		return m.quit
	}
	line, done := m.input.Update(ev)
	if !done || strings.TrimSpace(line) == "" {
		return 0
	}
	m.log.Println(line)
	n, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || n < 1 || n > m.count {
		m.log.Println(m.retry)
		m.ask()
		return 0
	}
	return n
}

// Count is the highest number the menu accepts.
func (m *Menu) Count() int { return m.count }

// View shows the transcript with the answer being typed. The menu needs a
// terminal that holds its block and prompt whole; in a smaller one the
// too-small screen says so (Frame.Need), instead of lines piled up.
func (m *Menu) View(size Size, w *runewidth.Condition) Frame {
	f := m.log.Frame(size, w, m.input.String())
	f.Need = Size{Width: Width(w, m.prompt) + 2, Height: len(m.block) + 1}
	for _, l := range m.block {
		f.Need.Width = max(f.Need.Width, Width(w, l))
	}
	return f
}

package serve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"termgames/console"
	"termgames/serve/room"
)

// chat.go is a table screen's chat, for the players and the watchers
// alike: c opens a line at the bottom of the screen, Enter says it, Esc
// puts it away, and the last lines said show under the table. A player's
// screen leaves out the watchers' lines (room's chat.go); every screen
// leaves out the lines of the players it ignores.

// chatRows is how many of the last lines a table's screen shows, where
// the terminal has room for them.
const chatRows = 4

// chatBox is a table screen's chat: the line being typed while open, and
// why the last line was refused.
type chatBox struct {
	open bool
	in   console.LineInput
	msg  string
}

// chatSaid is the answer of a line said off the screen's goroutine.
type chatSaid struct {
	t   *room.Table
	err error
}

// chatKey handles ev when it is the chat's: a key while the line is open,
// or c, which opens it. It reports whether it did.
func (b *tableBase) chatKey(self console.Screen, ev console.Event) (console.Screen, bool) {
	c := &b.chat
	switch {
	case ev.Type != console.KeyEvent:
		return self, false
	case !c.open && (ev.IsRune('c') || ev.IsRune('C')):
		c.open, c.msg, c.in = true, "", console.LineInput{Max: room.MaxChat}
		return self, true
	case !c.open:
		return self, false
	case ev.IsKey(console.KeyEsc):
		c.open = false
		return self, true
	}
	typed, done := c.in.Update(ev)
	if !done {
		return self, true
	}
	c.open = false
	line := chatLine(typed)
	if line == "" {
		return self, true
	}
	t, from := b.t, b.speaker()
	return console.Do(self, func(context.Context) any { return chatSaid{t, t.Say(from, line)} }), true
}

// speaker is who the player says lines as: their seat's name, or as a
// watcher their own.
func (b *tableBase) speaker() room.Speaker {
	name := b.o.p.Name
	if b.seat >= 0 {
		name = b.st.Seats[b.seat].Name
	}
	return room.Speaker{Name: name, Key: b.o.p.Key, Seat: b.seat, Addr: b.o.p.Addr}
}

// chatRefusal words why a line was refused; "" when it was said.
func (b *tableBase) chatRefusal(err error) string {
	var flood *room.FloodError
	var muted *room.MutedError
	switch {
	case err == nil, errors.Is(err, room.ErrEmptyChat):
		return ""
	case errors.As(err, &flood):
		secs := int((flood.Until.Sub(b.now()) + time.Second - 1) / time.Second)
		return fmt.Sprintf(b.ct.flood, max(secs, 1))
	case errors.As(err, &muted):
		left := max(muted.Until.Sub(b.now()).Round(time.Second), time.Second)
		return fmt.Sprintf(b.ct.muted, left)
	case errors.Is(err, room.ErrGuestChat):
		return b.ct.guest
	}
	return b.refusal(err)
}

// chatLine is a line as typed made safe for every screen: the characters
// that print, whose width every terminal agrees on, no escape, control or
// bidi character, spaces run together, at most room.MaxChat columns.
func chatLine(typed string) string {
	var b strings.Builder
	width, space := 0, false
	for _, r := range typed {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		rw := shownWidth(r)
		if rw == 0 {
			continue
		}
		if space {
			if width+1+rw > room.MaxChat {
				break
			}
			b.WriteByte(' ')
			width++
			space = false
		}
		if width+rw > room.MaxChat {
			break
		}
		width += rw
		b.WriteRune(r)
	}
	return b.String()
}

// shownChat is the lines the player sees: a player's screen leaves out
// the watchers', and every screen the lines of the players ignored.
func (b *tableBase) shownChat() []string {
	var lines []string
	for _, l := range b.st.Chat {
		switch {
		case l.Watcher && b.seat >= 0, b.o.ignores(l.Key):
		case l.Watcher:
			lines = append(lines, fmt.Sprintf(b.ct.watcher, l.Name)+l.Text)
		default:
			lines = append(lines, l.Name+": "+l.Text)
		}
	}
	return lines
}

// chatHeight is how many rows drawChat takes in size.
func (b *tableBase) chatHeight(size console.Size) int {
	n := min(len(b.shownChat()), chatRows)
	switch {
	case b.chat.open:
		n += 2
	case b.chat.msg != "":
		n++
	}
	return min(n, max(size.Height/3, 1))
}

// drawChat draws the last lines said from row on, as many as fit in size
// (chatRows at most), and under them the line being typed, with the
// cursor at its end, or the refusal of the last; it returns the row after
// them.
func (b *tableBase) drawChat(f *console.Frame, row int, size console.Size) int {
	w, width := b.o.p.Width, max(size.Width-1, 10)
	var last []string
	switch {
	case b.chat.open:
		typed := []rune(b.chat.in.String()) // its end, where the player types
		for len(typed) > 0 && w.StringWidth(b.ct.prompt+string(typed)) >= width {
			typed = typed[1:]
		}
		last = []string{b.ct.prompt + string(typed), b.ct.help}
	case b.chat.msg != "":
		last = []string{b.chat.msg}
	}
	lines := b.shownChat()
	lines = lines[len(lines)-min(len(lines), max(min(chatRows, size.Height-row-len(last)), 0)):]
	for i, l := range slices.Concat(lines, last) {
		if row >= size.Height && row > 0 {
			break
		}
		l = w.Truncate(l, width, "…")
		f.Line(row, l)
		if b.chat.open && i == len(lines) {
			f.CursorAt(row, w.StringWidth(l))
		}
		row++
	}
	return row
}

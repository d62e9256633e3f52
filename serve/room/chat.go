package room

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"termgames/internal/store"
)

// chat.go is a table's chat: the players and the watchers say lines, which
// the table keeps with its game and shows in its State. The players' lines
// are for everyone at the table; the watchers' for the watchers only (as
// lichess keeps them apart, so that no watcher helps a player). The
// screens clean a line before it is said (no escapes, no controls, a
// width at most MaxChat) and hide the lines of the players one ignores; the
// table counts the lines and stops whoever floods it.

// MaxChat is the widest a line may be, in columns.
const MaxChat = 140

// ChatShown is how many lines a table keeps for its screens.
const ChatShown = 50

// The flood rule: more than chatBurst lines in chatWindow and the sender
// may say nothing more for chatPause.
const (
	chatBurst  = 3
	chatWindow = 5 * time.Second
	chatPause  = 30 * time.Second
)

// Speaker is who says a line: a seat's player (Seat 0 or 1) or a
// watcher (Seat -1), by name and key.
type Speaker struct {
	Name, Key string
	Seat      int
	Addr      string // the address the speaker connects from (a guest's mute goes by it)
}

// Errors of the chat.
var (
	// ErrGuestChat: the server lets only players with keys chat.
	ErrGuestChat = errors.New("guests may not chat on this server")
	// ErrEmptyChat: nothing to say.
	ErrEmptyChat = errors.New("an empty line")
)

// FloodError refuses a line of a sender who said too many too fast: they
// may speak again at Until.
type FloodError struct{ Until time.Time }

func (e *FloodError) Error() string {
	return fmt.Sprintf("too many lines: quiet until %s", e.Until.Format(time.TimeOnly))
}

// MutedError refuses a line of a sender a moderator muted: they may speak
// again at Until.
type MutedError struct{ Until time.Time }

func (e *MutedError) Error() string {
	return fmt.Sprintf("muted until %s", e.Until.Format(time.DateTime))
}

// chatState is a table's chat: its last lines, and each sender's recent
// lines and pause, by who they are (their key, or a guest's name).
type chatState struct {
	lines  []store.ChatLine // the last ChatShown; a new slice at each line, so that a State's stays as it was
	recent map[string][]time.Time
	quiet  map[string]time.Time
}

// Say says text at the table as from, when the server and the flood rule
// allow it: every screen of the table then shows it (the players' lines)
// or the watchers' (a watcher's), and the store keeps it with the game. It
// waits for the answer: screens call it off their goroutine. The screens
// clean text first (MaxChat columns, nothing but printable text).
func (t *Table) Say(from Speaker, text string) error {
	return t.ask(func() error { return t.say(from, text) })
}

func (t *Table) say(from Speaker, text string) error {
	switch {
	case text == "":
		return ErrEmptyChat
	case from.Key == "" && !t.lobby.guestChat:
		return ErrGuestChat
	}
	if t.lobby.muted != nil {
		if until := t.lobby.muted(from); t.at.Before(until) {
			return &MutedError{Until: until}
		}
	}
	who := from.Key
	if who == "" {
		who = "guest " + from.Name
	}
	c := &t.chat
	if until, ok := c.quiet[who]; ok && t.at.Before(until) {
		return &FloodError{Until: until}
	}
	recent := slices.DeleteFunc(c.recent[who], func(at time.Time) bool { return t.at.Sub(at) >= chatWindow })
	if len(recent) >= chatBurst {
		if c.quiet == nil {
			c.quiet = map[string]time.Time{}
		}
		c.quiet[who] = t.at.Add(chatPause)
		delete(c.recent, who)
		return &FloodError{Until: c.quiet[who]}
	}
	if c.recent == nil {
		c.recent = map[string][]time.Time{}
	}
	c.recent[who] = append(recent, t.at)
	line := store.ChatLine{At: t.at, Name: from.Name, Key: from.Key, Watcher: from.Seat < 0, Text: text}
	lines := append(slices.Clip(c.lines), line)
	c.lines = lines[max(len(lines)-ChatShown, 0):]
	t.keepChat(line)
	t.changed = true
	return nil
}

// keepChat keeps line in the store with the table's game, and the lines
// said before the store had the game: the lines of a table still waiting
// are kept once its game begins. A line the store refuses is logged, and
// tried again with the next.
func (t *Table) keepChat(line store.ChatLine) {
	if t.lobby.store == nil {
		return
	}
	t.kept.chat = append(t.kept.chat, line)
	if t.kept.id == 0 {
		return
	}
	ctx, cancel := storeContext()
	defer cancel()
	t.saveChat(ctx)
}

// saveChat adds the lines the store lacks to the game's.
func (t *Table) saveChat(ctx context.Context) {
	for len(t.kept.chat) > 0 {
		if err := t.lobby.store.AddChat(ctx, t.kept.id, t.kept.chat[0]); err != nil {
			t.log().Error("store: could not keep a line of chat", "err", err)
			return
		}
		t.kept.chat = t.kept.chat[1:]
	}
}

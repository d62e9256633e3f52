package room

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"termgames/internal/faketime"
)

// Lines said at a table show in its State, a watcher's marked so; a line
// said while the table waits is kept with the game once it begins, and
// one after the end too.
func TestChatKeptWithTheGame(t *testing.T) {
	st := tempStore(t)
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	if err := tb.Say(Speaker{Name: "alice", Key: alice.Key, Seat: 0}, "hello?"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := l.Join(tb.Code, Omok, bob); err != nil {
		t.Fatal(err)
	}
	if err := tb.Say(Speaker{Name: "carol", Key: "SHA256:carol", Seat: -1}, "go bob"); err != nil {
		t.Fatal(err)
	}
	tb.Resign(0)
	if err := tb.Say(Speaker{Name: "bob", Key: bob.Key, Seat: 1}, "gg"); err != nil {
		t.Fatalf("a line after the end: %v", err)
	}
	s, _ := tb.State()
	if len(s.Chat) != 3 || s.Chat[0].Text != "hello?" || !s.Chat[1].Watcher || s.Chat[2].Name != "bob" {
		t.Fatalf("the table's chat: %+v", s.Chat)
	}
	lines, err := st.Chat(context.Background(), stored(t, st, tb).ID)
	if err != nil || len(lines) != 3 || lines[0].Text != "hello?" || lines[1].Key != "SHA256:carol" || lines[2].Text != "gg" {
		t.Errorf("the chat kept: %+v %v", lines, err)
	}
}

// Guests chat only where the server lets them; an empty line is no line.
func TestGuestChat(t *testing.T) {
	for _, allowed := range []bool{false, true} {
		l := NewLobby(Config{GuestChat: allowed})
		t.Cleanup(l.Close)
		tb := l.Open(Setup{Game: Baseball}, Seat{Name: "guest"})
		err := tb.Say(Speaker{Name: "guest", Seat: 0}, "hi")
		if allowed && err != nil || !allowed && !errors.Is(err, ErrGuestChat) {
			t.Errorf("guests allowed %v: %v", allowed, err)
		}
		if err := tb.Say(Speaker{Name: "alice", Key: alice.Key, Seat: -1}, ""); !errors.Is(err, ErrEmptyChat) {
			t.Errorf("an empty line: %v", err)
		}
	}
}

// More than three lines in five seconds and the sender is quiet for thirty
// seconds; the others may speak meanwhile.
func TestChatFlood(t *testing.T) {
	ft := faketime.New(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := NewLobby(Config{Time: ft})
	t.Cleanup(l.Close)
	tb := l.Open(Setup{Game: Omok}, alice)
	a := Speaker{Name: "alice", Key: alice.Key, Seat: 0}
	for i := range 3 {
		if err := tb.Say(a, "spam"); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		ft.Advance(time.Second)
	}
	var flood *FloodError
	if err := tb.Say(a, "spam"); !errors.As(err, &flood) || !flood.Until.Equal(ft.Now().Add(30*time.Second)) {
		t.Fatalf("the fourth line in five seconds: %v", err)
	}
	if err := tb.Say(Speaker{Name: "bob", Key: bob.Key, Seat: -1}, "hush"); err != nil {
		t.Errorf("another's line meanwhile: %v", err)
	}
	ft.Advance(29 * time.Second)
	if err := tb.Say(a, "still?"); !errors.As(err, &flood) {
		t.Errorf("a line while quiet: %v", err)
	}
	ft.Advance(time.Second)
	if err := tb.Say(a, "sorry"); err != nil {
		t.Errorf("a line after the pause: %v", err)
	}
	if s, _ := tb.State(); len(s.Chat) != 5 {
		t.Errorf("the chat: %+v", s.Chat)
	}
}

// A table keeps its last ChatShown lines.
func TestChatShownLast(t *testing.T) {
	ft := faketime.New(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := NewLobby(Config{Time: ft})
	t.Cleanup(l.Close)
	tb := l.Open(Setup{Game: Omok}, alice)
	for i := range ChatShown + 10 {
		if err := tb.Say(Speaker{Name: "alice", Key: alice.Key, Seat: 0}, string(rune('a'+i%26))); err != nil {
			t.Fatal(err)
		}
		ft.Advance(2 * time.Second)
	}
	if s, _ := tb.State(); len(s.Chat) != ChatShown || s.Chat[0].Text != string(rune('a'+10)) {
		t.Errorf("%d lines, the first %q", len(s.Chat), s.Chat[0].Text)
	}
}

// A muted speaker's lines are refused until the mute ends; the others
// speak.
func TestChatMuted(t *testing.T) {
	start := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	until := start.Add(10 * time.Second)
	l := NewLobby(Config{Muted: func(s Speaker) time.Time {
		if s.Key == alice.Key {
			return until
		}
		return time.Time{}
	}})
	t.Cleanup(l.Close)
	l.setTime(faketime.Stepping(start, time.Second))
	tb := l.Open(Setup{Game: Baseball}, alice)
	var muted *MutedError
	if err := tb.Say(Speaker{Name: "alice", Key: alice.Key, Seat: 0}, "spam"); !errors.As(err, &muted) || !muted.Until.Equal(until) {
		t.Fatalf("a muted line: %v", err)
	}
	if err := tb.Say(Speaker{Name: "bob", Key: bob.Key, Seat: -1}, "hi"); err != nil {
		t.Errorf("another's line: %v", err)
	}
	l.setTime(faketime.Stepping(until, time.Second))
	if err := tb.Say(Speaker{Name: "alice", Key: alice.Key, Seat: 0}, "back"); err != nil {
		t.Errorf("after the mute: %v", err)
	}
}

// A moderator's ban ends the player's games by forfeit, present or away,
// and closes a table they opened that nobody joined.
func TestForfeitByModerator(t *testing.T) {
	st := tempStore(t)
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	if _, _, err := l.Join(tb.Code, Omok, bob); err != nil {
		t.Fatal(err)
	}
	if err := tb.Move(0, "h8"); err != nil {
		t.Fatal(err)
	}
	waiting := l.Open(Setup{Game: Baseball}, bob)
	other := l.Open(Setup{Game: Baseball}, Seat{Name: "carol", Key: "SHA256:carol"})
	if n := l.Forfeit(func(s Seat) bool { return s.Key == bob.Key }); n != 2 {
		t.Errorf("Forfeit ended %d games, want 2", n)
	}
	s, _ := tb.State()
	if !s.Outcome.Over || s.Outcome.Winner != 0 || s.Outcome.How != "forfeit" {
		t.Errorf("bob's game: %+v", s.Outcome)
	}
	if g := stored(t, st, tb); g.How != "forfeit" || g.Winner != 0 {
		t.Errorf("kept: %+v", g)
	}
	if tb.GameID() != stored(t, st, tb).ID {
		t.Errorf("GameID %d", tb.GameID())
	}
	if s, _ := waiting.State(); !s.Outcome.Over || s.Outcome.How != HowLeft {
		t.Errorf("bob's table nobody joined: %+v", s.Outcome)
	}
	if s, _ := other.State(); s.Outcome.Over {
		t.Errorf("carol's table ended: %+v", s.Outcome)
	}
	waiting.Leave(0) // bob's session ends
	l.settle()
	if _, ok := l.Table(waiting.Code); ok {
		t.Error("the closed table is still listed")
	}
	if got, ok := l.Table(strings.ToLower(other.Code)); !ok || got != other {
		t.Error("Table does not find carol's by its code")
	}
}

package serve

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"termgames/console"
	"termgames/serve/room"
)

// At a table, c opens the chat, Enter says the line and Esc puts it away:
// the players' lines show on every screen, a watcher's on the watchers'
// only, marked so; a line said too soon after three is refused in the
// player's words.
func TestChatAtTable(t *testing.T) {
	ft := newFakeTime()
	l := room.NewLobby(room.Config{Hold: time.Minute, Time: ft})
	t.Cleanup(l.Close)
	tb := l.Open(room.Setup{Game: room.Baseball}, keyed("alice"))
	if _, _, err := l.Join(tb.Code, room.Baseball, keyed("bob")); err != nil {
		t.Fatal(err)
	}
	screen := func(seat int, p Player) *console.Driver {
		d := console.NewDriver(newTableScreen(newOnline(l, p), tb, seat, nil), console.Size{Width: 80, Height: 24})
		d.Hold = true // the test runs the commands itself: Say is answered at once
		endWaits(d)
		return d
	}
	alice := screen(0, Player{Name: "alice", Key: keyed("alice").Key, Width: narrow})
	bob := screen(1, Player{Name: "bob", Key: keyed("bob").Key, Width: narrow, Lang: "en"})
	carol := screen(-1, Player{Name: "carol", Key: "SHA256:carol", Width: narrow, Lang: "ko"})
	say := func(d *console.Driver, line string) {
		t.Helper()
		d.Send(console.RunePress('c'))
		d.Send(console.Keys(line)...)
		if text := d.Text(narrow); !strings.Contains(text, line) {
			t.Fatalf("the line being typed is not shown:\n%s", text)
		}
		d.Send(console.KeyPress(console.KeyEnter))
		runAll(d)
	}
	look := func(d *console.Driver) string {
		d.Send(console.Event{Type: console.ResultEvent, Result: tableChanged{tb}})
		return d.Text(narrow)
	}
	say(alice, "안녕 bob")
	say(carol, "watch this")
	a, b, c := look(alice), look(bob), look(carol)
	if !strings.Contains(a, "alice: 안녕 bob") || !strings.Contains(b, "alice: 안녕 bob") || !strings.Contains(c, "alice: 안녕 bob") {
		t.Errorf("a player's line is not on every screen:\n%s\n%s\n%s", a, b, c)
	}
	if strings.Contains(a, "watch this") || strings.Contains(b, "watch this") || !strings.Contains(c, "[관전] carol: watch this") {
		t.Errorf("a watcher's line is not the watchers' alone:\n%s\n%s\n%s", a, b, c)
	}
	od := newOnline(l, Player{Name: "dave", Key: "SHA256:dave", Width: narrow, Lang: "ko"})
	od.setIgnored("SHA256:carol", true) // dave ignores carol
	dave := console.NewDriver(newTableScreen(od, tb, -1, nil), console.Size{Width: 80, Height: 24})
	if text := dave.Text(narrow); strings.Contains(text, "watch this") || !strings.Contains(text, "alice: 안녕 bob") {
		t.Errorf("an ignored player's line shows:\n%s", text)
	}
	if !strings.Contains(b, "c : chat") || !strings.Contains(c, "c : 채팅") {
		t.Errorf("the chat's key is not said:\n%s\n%s", a, b)
	}
	bob.Send(console.RunePress('c'))
	bob.Send(console.Keys("never mind")...)
	bob.Send(console.KeyPress(console.KeyEsc))
	if text := look(bob); strings.Contains(text, "never mind") || strings.Contains(text, "Say>") {
		t.Errorf("Esc left the line:\n%s", text)
	}
	for i := range 3 {
		say(bob, "spam "+string(rune('1'+i)))
	}
	say(bob, "spam 4")
	if text := look(bob); !strings.Contains(text, "Too many lines too fast: you may speak again in 30 seconds.") {
		t.Errorf("the fourth line in a second:\n%s", text)
	}
	if text := look(alice); strings.Contains(text, "spam 4") || !strings.Contains(text, "bob: spam 3") {
		t.Errorf("alice's screen after the flood:\n%s", text)
	}
}

// endWaits ends the table screen's wait for the table's changes, so that
// RunCommands runs only its other commands; the test says when the table
// changed.
func endWaits(d *console.Driver) {
	d.Screen().(interface{ base() *tableBase }).base().endWait()
}

func (b *tableBase) base() *tableBase { return b }

// runAll runs the commands d holds, one at a time as Hold has it: the
// wait that endWaits ended, and the line said.
func runAll(d *console.Driver) {
	for range 4 {
		d.RunCommands()
	}
}
func (b *tableBase) endWait() { close(b.gone) }

// A guest's line, where the server does not let guests chat, is refused
// in words; a line of nothing but controls is not said at all.
func TestChatRefused(t *testing.T) {
	l := room.NewLobby(room.Config{Hold: time.Minute})
	t.Cleanup(l.Close)
	tb := l.Open(room.Setup{Game: room.Omok}, room.Seat{Name: "guest"})
	d := console.NewDriver(newTableScreen(newOnline(l, Player{Name: "guest", Width: narrow}), tb, 0, nil),
		console.Size{Width: 100, Height: 30})
	d.Hold = true
	endWaits(d)
	d.Send(console.RunePress('c'))
	d.Send(console.Keys("hello")...)
	d.Send(console.KeyPress(console.KeyEnter))
	runAll(d)
	if text := d.Text(narrow); !strings.Contains(text, "이 서버에서는 키로 접속한 플레이어만 채팅할 수 있습니다.") {
		t.Errorf("a guest's line:\n%s", text)
	}
	if s, _ := tb.State(); len(s.Chat) != 0 {
		t.Errorf("a guest's line was said: %+v", s.Chat)
	}
}

// chatLine keeps the printable text of a line and nothing that could
// move the cursor, change the terminal or turn text around.
func TestChatLine(t *testing.T) {
	for in, want := range map[string]string{
		"hello  world ":              "hello world",
		"\x1b[2Jclear":               "[2Jclear",
		"\x1b]52;c;aGk=\x07clip":     "]52;c;aGk=clip",
		"\x1b]8;;http://x\x1b\\link": "]8;;http://x\\link",
		"bell\x07 \u009b31mred":      "bell 31mred",
		"\u202etxet\u202c abc":       "txet abc",
		"tab\there\nnew":             "tab here new",
		"한글 ＡＢＣ":                     "한글 ＡＢＣ",
		"ambiguous ○ ● ☆":            "ambiguous",
		strings.Repeat("가", 100):     strings.Repeat("가", 70),
		"\x00\x01\x02":               "",
	} {
		if got := chatLine(in); got != want {
			t.Errorf("chatLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzChatLine: whatever is typed, the line said is printable, of one
// width in every terminal, at most room.MaxChat columns, and the same
// when cleaned again.
func FuzzChatLine(f *testing.F) {
	for _, s := range []string{"gg", "\x1b[2J", "\x1b]52;c;aGk=\x07", "\u202e", "\u009b", "가나다", strings.Repeat("a ", 200)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		line := chatLine(typed)
		if w := nameWidth.StringWidth(line); w > room.MaxChat {
			t.Fatalf("%q: %d columns", line, w)
		}
		for _, r := range line {
			if !unicode.IsPrint(r) || r == 0x7f || unicode.Is(unicode.Bidi_Control, r) {
				t.Fatalf("%q keeps %U", line, r)
			}
		}
		if again := chatLine(line); again != line {
			t.Fatalf("%q cleaned again is %q", line, again)
		}
	})
}

// A line of a player an admin muted is refused with the time left, in
// the player's words; the mute goes by the key, or by a guest's address.
func TestChatMutedSaid(t *testing.T) {
	ft := newFakeTime()
	until := ft.Now().Add(29*time.Minute + 30*time.Second)
	l := room.NewLobby(room.Config{Hold: time.Minute, Time: ft, GuestChat: true, Muted: func(s room.Speaker) time.Time {
		if s.Key == "SHA256:alice" || s.Addr == "192.0.2.9" {
			return until
		}
		return time.Time{}
	}})
	t.Cleanup(l.Close)
	tb := l.Open(room.Setup{Game: room.Omok}, keyed("alice"))
	for _, c := range []struct {
		p    Player
		want string
	}{
		{Player{Name: "alice", Key: "SHA256:alice", Width: narrow, Lang: "en"}, "An admin muted you: you may speak again in 29m30s."},
		{Player{Name: "guest", Addr: "192.0.2.9", Width: narrow}, "관리자가 채팅을 막았습니다. 29m30s 뒤에 다시 말할 수 있습니다."},
	} {
		d := console.NewDriver(newTableScreen(newOnline(l, c.p), tb, -1, nil), console.Size{Width: 100, Height: 30})
		d.Hold = true
		endWaits(d)
		d.Send(console.RunePress('c'))
		d.Send(console.Keys("hello")...)
		d.Send(console.KeyPress(console.KeyEnter))
		runAll(d)
		if text := d.Text(narrow); !strings.Contains(text, c.want) {
			t.Errorf("%s's line:\n%s", c.p.Name, text)
		}
	}
	if s, _ := tb.State(); len(s.Chat) != 0 {
		t.Errorf("a muted line was said: %+v", s.Chat)
	}
}

package console

import (
	"strings"
	"testing"
)

var testBlock = []string{"====", "title", "1. a", "2. b", "===="}

func typeInto(m *Menu, s string) int {
	choice := 0
	for _, ev := range Keys(s) {
		if c := m.Update(ev); c != 0 {
			choice = c
		}
	}
	return choice
}

func TestMenuChoosesANumber(t *testing.T) {
	m := NewMenu(testBlock, "pick : ", "again.", 2)
	if c := typeInto(m, "2\r"); c != 2 {
		t.Fatalf("typed 2 Enter, chose %d", c)
	}
}

// The original's cin >> int loops forever on a letter; ours says retry and
// asks again, for letters, out-of-range numbers and overlong input alike.
func TestMenuRetriesOnBadAnswers(t *testing.T) {
	for _, in := range []string{"7\r", "0\r", "x\r", "1x\r", "-1\r", "ㄱ\r", "99999999999999999999\r"} {
		m := NewMenu(testBlock, "pick : ", "again.", 2)
		if c := typeInto(m, in); c != 0 {
			t.Fatalf("%q chose %d", in, c)
		}
		text := m.View(Size{40, 30}, narrow).Text(narrow)
		if strings.Count(text, "title") != 2 || !strings.Contains(text, "again.") || !strings.HasSuffix(text, "pick :") {
			t.Fatalf("%q: screen\n%s", in, text)
		}
		if c := typeInto(m, "1\r"); c != 1 {
			t.Fatalf("after %q, 1 chose %d", in, c)
		}
	}
}

func TestMenuEchoAndBackspace(t *testing.T) {
	m := NewMenu(testBlock, "pick : ", "again.", 2)
	typeInto(m, "13\x7f")
	f := m.View(Size{40, 30}, narrow)
	if last := f.Text(narrow); !strings.HasSuffix(last, "pick : 1") {
		t.Fatalf("typed 1 3 Backspace, screen ends %q", last)
	}
	if f.Cursor == nil || f.Cursor.Col != len("pick : 1") {
		t.Fatalf("cursor %+v, want after the echo", f.Cursor)
	}
	if c := typeInto(m, "\r"); c != 1 {
		t.Fatalf("Enter chose %d, want 1", c)
	}
}

func TestMenuIgnoresEmptyEnter(t *testing.T) {
	m := NewMenu(testBlock, "pick : ", "again.", 2)
	before := m.View(Size{40, 30}, narrow).Text(narrow)
	typeInto(m, "\r\r")
	if after := m.View(Size{40, 30}, narrow).Text(narrow); after != before {
		t.Fatalf("empty Enter changed the screen:\n%s", after)
	}
}

func TestMenuShow(t *testing.T) {
	m := NewMenu(testBlock, "pick : ", "again.", 2)
	typeInto(m, "9\r")
	m.Show("how to play")
	got := m.View(Size{40, 30}, narrow).Text(narrow)
	if want := "how to play\n====\ntitle\n1. a\n2. b\n====\npick :"; got != want {
		t.Fatalf("after Show:\n%s\nwant\n%s", got, want)
	}
}

// The transcript keeps the newest lines at the bottom and scrolls the
// oldest away when the screen is full.
func TestTranscriptScrolls(t *testing.T) {
	var tr Transcript
	for i := range 30 {
		tr.Println(strings.Repeat("x", i%5) + "line")
	}
	tr.Print("prompt :")
	f := tr.Frame(Size{20, 5}, narrow, "3")
	lines := strings.Split(f.Text(narrow), "\n")
	if len(lines) != 5 || lines[4] != "prompt :3" {
		t.Fatalf("frame:\n%s", f.Text(narrow))
	}
	if f.Cursor == nil || f.Cursor.Row != 4 || f.Cursor.Col != 9 {
		t.Fatalf("cursor %+v", f.Cursor)
	}
	for range maxTranscript * 2 {
		tr.Println("y")
	}
	if n := len(tr.Lines()); n > maxTranscript+1 {
		t.Fatalf("transcript kept %d lines", n)
	}
}

func TestFeedStopsAtExit(t *testing.T) {
	s := Feed(Exit("bye"), Keys("abc")...)
	if msg, ok := ExitMessage(s); !ok || msg != "bye" {
		t.Fatalf("Feed went past Exit: %v", s)
	}
	if Feed(nil, Keys("a")...) != nil {
		t.Fatal("Feed on nil")
	}
}

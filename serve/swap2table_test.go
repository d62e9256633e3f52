package serve

import (
	"strings"
	"testing"
	"time"

	"termgames/console"
	"termgames/omok"
	"termgames/serve/room"
)

// act is a seat's move at a table: a stone in h8 notation, or a choice.
type act struct {
	seat int
	move string
}

// After a rematch seat 1 plays black (the colours swap): both screens say
// so, a key of the black seat's screen places its stone, and its five as
// black wins.
func TestSecondSeatBlackOnScreens(t *testing.T) {
	l := room.NewLobby(room.Config{Hold: time.Minute})
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "renju"}, room.Seat{Name: "alice"})
	l.Join(tb.Code, room.Omok, room.Seat{Name: "bob"})
	tb.Resign(1)
	for seat := range 2 {
		if err := tb.Rematch(seat); err != nil {
			t.Fatal(err)
		}
	}
	alice := headless(l, tb, 0, Player{Name: "alice", Width: narrow})
	bob := headless(l, tb, 1, Player{Name: "bob", Width: narrow})
	if s := look(alice, tb); !strings.Contains(s, "1P ●  alice (나)") || !strings.Contains(s, "2P ○  bob") ||
		!strings.Contains(s, "Player 2P(bob)의 턴입니다.") {
		t.Errorf("alice's screen, bob black:\n%s", s)
	}
	bob.Send(console.KeyPress(console.KeyEnter))
	if s := look(alice, tb); !strings.Contains(s, "놓은 돌: 1") || !strings.Contains(s, "Player 1P, 당신의 턴입니다.") {
		t.Errorf("alice's screen after bob's first stone:\n%s", s)
	}
	for i, m := range []act{{0, "a15"}, {1, "i8"}, {0, "b15"}, {1, "j8"}, {0, "c15"}, {1, "k8"}, {0, "d15"}} {
		if err := tb.Move(m.seat, m.move); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	bob.Send(console.RunePress('l'), console.RunePress('l'), console.RunePress('l'), console.RunePress('l'),
		console.KeyPress(console.KeyEnter))
	if s := look(bob, tb); !strings.Contains(s, "Player 2P(bob)의 승리로 게임을 종료합니다.") {
		t.Errorf("bob's five as black:\n%s", s)
	}
}

// headless drives the table's screen for seat as p sees it, with the
// table's waits ended at once, so that a key's move runs on the test's
// goroutine and look says when the table changed.
func headless(l *room.Lobby, tb *room.Table, seat int, p Player) *console.Driver {
	d := console.NewDriver(newTableScreen(newOnline(l, p), tb, seat, nil), console.Size{Width: 100, Height: 30})
	close(d.Screen().(*omokTable).gone)
	return d
}

// look shows d the table's change and returns its screen as text.
func look(d *console.Driver, tb *room.Table) string {
	d.Send(console.Event{Type: console.ResultEvent, Result: tableChanged{tb}})
	return d.Text(narrow)
}

// The lines under the board, the panel and the keys through swap2's
// opening, on both players' screens and a watcher's: the stone asked
// placed with Enter, whose choice it is and what the choices are, the
// waiting line, and the refusals said in the game's words.
func TestSwap2Screens(t *testing.T) {
	l := room.NewLobby(room.Config{Hold: time.Minute})
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "freestyle", Swap2: true}, room.Seat{Name: "alice"})
	l.Join(tb.Code, room.Omok, room.Seat{Name: "bob"})
	alice := headless(l, tb, 0, Player{Name: "alice", Width: narrow})
	bob := headless(l, tb, 1, Player{Name: "bob", Width: narrow})
	carol := headless(l, tb, -1, Player{Name: "carol", Width: narrow})
	en := headless(l, tb, -1, Player{Name: "dave", Width: narrow, Lang: "en"})
	key := func(d *console.Driver, keys string) {
		for _, r := range keys {
			if r == '\r' {
				d.Send(console.KeyPress(console.KeyEnter))
			} else {
				d.Send(console.RunePress(r))
			}
		}
	}
	// lines are the three lines under the board; those of swap2 are
	// within the width the frame says it needs (the line of the arrow
	// keys was always wider).
	lines := func(d *console.Driver) []string {
		rows := strings.Split(look(d, tb), "\n")
		under := rows[15:min(18, len(rows))]
		for _, l := range under {
			l = strings.TrimRight(l, " ")
			if w := console.Width(narrow, l); w > d.Frame().Need.Width && l != koreanText.move {
				t.Errorf("%q is %d columns wide, past the frame's %d", l, w, d.Frame().Need.Width)
			}
		}
		return under
	}
	everyone := func(want string) {
		t.Helper()
		for i, d := range []*console.Driver{alice, bob, carol} {
			if got := lines(d); len(got) == 0 || got[0] != want {
				t.Errorf("screen %d: %q, want %q first", i, got, want)
			}
		}
	}
	hasLine := func(d *console.Driver, row int, want string) {
		t.Helper()
		if got := lines(d); len(got) <= row || strings.TrimRight(got[row], " ") != want {
			t.Errorf("line %d: %q, want %q", row+1, got, want)
		}
	}

	everyone("스왑2: alice 님이 흑을 놓을 차례입니다 (3개 중 1번째)")
	if s := look(alice, tb); !strings.Contains(s, "1P ?  alice (나)") || !strings.Contains(s, "2P ?  bob") ||
		!strings.Contains(s, "1, 2, 3 : 스왑2 고르기") {
		t.Errorf("alice's panel in the opening:\n%s", s)
	}
	if s := look(carol, tb); strings.Contains(s, "스왑2 고르기") {
		t.Errorf("a watcher is shown the keys of the choices:\n%s", s)
	}
	if got := lines(en); got[0] != "Swap2: alice to place black (stone 1 of 3)" {
		t.Errorf("in English: %q", got)
	}
	if s := look(alice, tb); !strings.Contains(strings.Split(s, "\n")[7], "○") {
		t.Errorf("alice's cursor does not show black:\n%s", s)
	}
	key(bob, "\r")
	hasLine(bob, 2, "상대의 차례입니다.")
	key(alice, "\r")
	everyone("스왑2: alice 님이 백을 놓을 차례입니다 (3개 중 2번째)")
	key(alice, "\r")
	hasLine(alice, 2, "이미 돌이 배치되어 있습니다. 다른 곳에 배치해주세요.")
	key(alice, "1")
	hasLine(alice, 2, "지금은 백을 놓을 차례입니다. Enter로 놓으세요.")
	key(alice, "l\r")
	key(alice, "l\r")
	choice := "스왑2: bob 님의 선택: 1. 백  2. 흑  3. 두 개 더"
	everyone(choice)
	hasLine(bob, 1, "1, 2, 3 중 하나를 누르세요. 백, 흑은 내가 둘 색입니다.")
	hasLine(alice, 1, "bob 님이 고르는 중입니다. 기다려 주세요.")
	hasLine(carol, 1, "관전 중입니다. Esc : 나가기")
	if got := lines(en); got[0] != "Swap2: bob's choice: 1. white  2. black  3. two more" {
		t.Errorf("in English: %q", got)
	}
	key(bob, "\r")
	hasLine(bob, 2, "돌을 놓지 말고 고르세요: 1. 백  2. 흑  3. 두 개 더")
	key(alice, "1")
	hasLine(alice, 2, "상대의 차례입니다.")
	key(bob, "3")
	everyone("스왑2: bob 님이 백을 놓을 차례입니다 (2개 중 1번째)")
	key(bob, "k\r")
	key(bob, "k\r")
	everyone("스왑2: alice 님의 선택: 1. 백  2. 흑")
	hasLine(alice, 1, "1, 2 중 하나를 누르세요. 백, 흑은 내가 둘 색입니다.")
	key(alice, "3")
	hasLine(alice, 2, "고를 수 있는 것: 1. 백  2. 흑")
	key(alice, "2")

	// Alice plays black, bob white, and white moves next.
	st, _ := tb.State()
	if v := st.View.(*room.OmokView); v.Black != 0 || v.Turn != 1 || v.Moves != 5 {
		t.Fatalf("after alice chose black: black %d, turn %d, %d stones", v.Black, v.Turn, v.Moves)
	}
	hasLine(bob, 0, "Player 2P, 당신의 턴입니다.")
	hasLine(alice, 0, "Player 2P(bob)의 턴입니다.")
	hasLine(carol, 0, "Player 2P(bob)의 턴입니다.")
	for _, d := range []*console.Driver{alice, bob, carol} {
		if s := look(d, tb); !strings.Contains(s, "1P ○  alice") || !strings.Contains(s, "2P ●  bob") ||
			strings.Contains(s, "스왑2") {
			t.Errorf("a screen once the colours are settled:\n%s", s)
		}
	}
	key(bob, "1")
	if got := lines(bob); len(got) > 2 && strings.TrimSpace(got[2]) != "" {
		t.Errorf("a choice's key after the opening says %q", got[2])
	}
	key(bob, "jjj\r")
	if v := omokViewOf(tb); v.Moves != 6 || v.At(omok.Point{Row: 8, Col: 7}) != omok.P2 {
		t.Errorf("bob's white stone with Enter: %d stones", v.Moves)
	}
	hasLine(alice, 0, "Player 1P, 당신의 턴입니다.")
}

// omokViewOf is the omok game at tb as its screens have it.
func omokViewOf(tb *room.Table) *room.OmokView {
	st, _ := tb.State()
	return st.View.(*room.OmokView)
}

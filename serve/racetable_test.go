package serve

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"termgames/console"
	"termgames/serve/room"
)

// openRace has c open a race of the level (1-3) from minesweeper's menu,
// and returns the table's code.
func openRace(c *client, level string) string {
	c.t.Helper()
	c.waitFor("choose:")
	c.send("m")
	c.waitFor("8. 온라인 대결")
	c.send("8\r")
	c.waitFor("온라인 대결 (지뢰찾기)")
	c.send("1\r")
	c.waitFor("난이도를 선택하세요.")
	c.waitFor("3. 고급 (16 x 30, 지뢰 99개)")
	c.send(level + "\r")
	c.waitFor("상대를 기다리는 중입니다")
	return find(c, tableCode)
}

// raceMenu has c reach the race's online menu and choose item, then type
// code.
func raceMenu(c *client, item, code string) {
	c.t.Helper()
	c.waitFor("choose:")
	c.send("m")
	c.waitFor("8. 온라인 대결")
	c.send("8\r")
	c.waitFor("4. ")
	c.send(item + "\r")
	c.waitFor(":")
	c.send(code + "\r")
}

// clickAt is the mouse's press and release, left button, on cell r, c of
// a player's field.
func clickAt(button, r, c int) string {
	x, y := raceLeft+2*c+1, raceTop+r+1
	return fmt.Sprintf("\x1b[<%d;%d;%dM\x1b[<%d;%d;%dm", button, x, y, button, x, y)
}

// steps are n keys: up (or left) when n is below 0, else down (right).
func steps(n int, back, forth string) string {
	if n < 0 {
		return strings.Repeat(back, -n)
	}
	return strings.Repeat(forth, n)
}

// raceView is the race at the table with the code, as it stands.
func raceView(t *testing.T, srv *testServer, code string) (*room.Table, *room.RaceView) {
	t.Helper()
	tb, err := srv.lobby.Watch(code)
	if err != nil {
		t.Fatal(err)
	}
	tb.Unwatch()
	return tb, raceViewOf(tb)
}

// A race over SSH: the count on both screens, each player's field played
// with the local game's mouse and keys, the other's progress beside it,
// the watcher's two fields side by side; the first to clear wins, and
// every screen shows both players' figures; a rematch starts a new count
// on a new board, and a mine there loses at once.
func TestOnlineRace(t *testing.T) {
	srv := startServer(t, config{NewMenu: gamesMenu})
	alice := connect(t, srv.addr, "alice", noKey(), 80, 30, narrow, "")
	bob := connect(t, srv.addr, "bob", noKey(), 80, 30, narrow, "")
	carol := connect(t, srv.addr, "carol", noKey(), 100, 30, narrow, "")
	code := openRace(alice, "1")
	alice.waitFor("[온라인 대결] 지뢰찾기 초급")
	raceMenu(carol, "4", code)
	carol.waitFor("관전 중입니다")
	raceMenu(bob, "2", code)
	for _, c := range []*client{alice, bob, carol} {
		c.waitFor("초 뒤에 시작합니다. 두 사람 모두 같은 보드입니다.")
	}
	alice.waitFor("상대: bob")
	bob.waitFor("남은 지뢰: 10")
	alice.waitFor("시간: ")

	tb, v := raceView(t, srv, code)
	seed := v.Seed
	// bob flags a mine with f, his cursor moved there by the keys.
	l := v.Level
	mines := v.Field(1).Mines()
	var mine int
	for i, m := range mines {
		if m {
			mine = i
			break
		}
	}
	r0, c0, _ := v.First() // where the cursor starts
	bob.send(steps(mine/l.Cols-r0, "k", "j") + steps(mine%l.Cols-c0, "h", "l") + "f")
	alice.waitFor("깃발: 1")
	carol.waitFor("깃발: 1")

	// alice opens every safe cell with the mouse's left button.
	for i, m := range v.Field(0).Mines() {
		if !m && !v.Field(0).IsOpen(i/l.Cols, i%l.Cols) {
			alice.send(clickAt(0, i/l.Cols, i%l.Cols))
		}
	}
	for _, c := range []*client{alice, bob, carol} {
		c.waitFor("alice 님이 먼저 모든 칸을 열었습니다. 승리!")
		screen := c.waitFor("3BV/s")
		for _, who := range []string{"alice  시간 ", "bob    시간 "} {
			if !strings.Contains(screen, who) {
				t.Errorf("no %q on the screen:\n%s", who, screen)
			}
		}
	}
	if st, _ := tb.State(); st.Outcome.How != room.RaceCleared || st.Outcome.Winner != 0 {
		t.Fatalf("the outcome: %+v", st.Outcome)
	}
	alice.waitFor("r : 재대결 (새 보드로 한 판 더)")

	// The rematch: a new count, a new board; a mine loses at once.
	alice.send("r")
	bob.waitFor("alice 님이 재대결을 원합니다.")
	bob.send("r")
	alice.waitFor("초 뒤에 시작합니다.")
	bob.waitFor("초 뒤에 시작합니다.")
	bob.waitFor("시간: ")
	_, v = raceView(t, srv, code)
	if v.Seed == seed {
		t.Error("the rematch is on the same board")
	}
	for i, m := range v.Field(1).Mines() {
		if m {
			bob.send(clickAt(0, i/v.Level.Cols, i%v.Level.Cols))
			break
		}
	}
	for _, c := range []*client{alice, bob, carol} {
		c.waitFor("bob 님이 지뢰를 열었습니다. alice 님의 승리!")
	}
}

// A watcher whose terminal is too narrow for both fields reads both
// players' progress instead, and a player's own field shows with the
// other's progress over it where there is no room beside it; the count's
// seconds go down.
func TestRaceScreensNarrow(t *testing.T) {
	ft := newFakeTime()
	l := room.NewLobby(room.Config{Hold: time.Minute, Time: ft})
	tb := raceAt(t, l, "expert", 3)
	o := newOnline(l, Player{Name: "carol", Width: narrow})
	screen := func(seat int) *console.Driver {
		d := console.NewDriver(newTableScreen(o, tb, seat, nil), console.Size{Width: 80, Height: 30})
		d.Hold = true // no waits: the test says when the table changed
		return d
	}
	watcher, player := screen(-1), screen(0)
	for _, want := range []string{"3초 뒤에 시작합니다.", "alice   열린 칸 ", "bob   열린 칸 ", "두 보드를 나란히 보려면 터미널을 126칸 이상으로"} {
		if text := watcher.Text(narrow); !strings.Contains(text, want) {
			t.Fatalf("no %q on the watcher's screen:\n%s", want, text)
		}
	}
	ft.Advance(1500 * time.Millisecond)
	player.Send(console.Event{Type: console.TickEvent})
	if text := player.Text(narrow); !strings.Contains(text, "2초 뒤에 시작합니다.") || strings.Contains(text, "·") {
		t.Fatalf("the count, the field covered:\n%s", text)
	}
	ft.Advance(2 * time.Second)
	player.Send(console.Event{Type: console.TickEvent})
	text := player.Text(narrow)
	for _, want := range []string{"bob   열린 칸 ", "남은 지뢰: 99   시간: 0초", "·", "Esc : 나가기 (기권)", "마우스: 왼쪽 열기"} {
		if !strings.Contains(text, want) {
			t.Fatalf("no %q on the player's screen:\n%s", want, text)
		}
	}
	watcher.Send(console.Event{Type: console.ResizeEvent, Size: console.Size{Width: 126, Height: 30}})
	if text := watcher.Text(narrow); strings.Contains(text, "넓혀") || strings.Count(text, "열린 칸: ") != 2 {
		t.Fatalf("the watcher's two fields:\n%s", text)
	}
}

// A kept race is watched again from the list of the player's games: both
// fields from the first opening, the clicks made one by one (→) or at the
// speed they were made (Space), back to the start (←).
func TestRaceReplay(t *testing.T) {
	st := tempStore(t)
	l := keptLobby(t, st, time.Minute)
	tb := raceAt(t, l, "beginner", 11)
	if err := tb.Move(1, "f"+raceMineAt(tb, 1)[1:]); err != nil {
		t.Fatal(err)
	}
	made := clearField(t, tb, 0)
	kept := lastKept(t, st, keyed("alice").Key)
	if kept.How != room.RaceCleared || len(kept.Moves) != len(made)+1 {
		t.Fatalf("the race kept: %s, %d moves", kept.How, len(kept.Moves))
	}
	o := newOnline(l, Player{Name: "alice", Key: keyed("alice").Key, Width: narrow})
	o.store = st
	back := &chooser{}
	s, err := screensOf(room.Race).replay(o, textFor("", room.Race), kept, back)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	d := console.NewDriver(s, console.Size{Width: 80, Height: 24})
	n := len(kept.Moves)
	expect := func(wants ...string) {
		t.Helper()
		text := d.Text(narrow)
		for _, want := range wants {
			if !strings.Contains(text, want) {
				t.Fatalf("no %q on the replay:\n%s", want, text)
			}
		}
	}
	expect(fmt.Sprintf("#%d alice vs bob", kept.ID), "[온라인 대결] 지뢰찾기 초급", fmt.Sprintf("다시 보기   클릭 0/%d   0.0초", n),
		"깃발: 0", "Space 재생/멈춤")
	d.Send(console.Event{Type: console.KeyEvent, Key: console.KeyRight, Time: start})
	expect(fmt.Sprintf("클릭 1/%d", n), "깃발: 1")
	d.Send(console.Event{Type: console.KeyEvent, Key: console.KeyRune, Rune: ' ', Time: start})
	d.Send(console.Event{Type: console.TickEvent, Time: start.Add(time.Hour)})
	expect(fmt.Sprintf("클릭 %d/%d", n, n), "열린 칸: 71/71")
	d.Send(console.Event{Type: console.KeyEvent, Key: console.KeyLeft, Time: start.Add(time.Hour)})
	expect(fmt.Sprintf("클릭 0/%d", n))
	d.Send(console.Keys("q")...)
	if d.Screen() != back {
		t.Errorf("q goes back to %T", d.Screen())
	}
}

// In a terminal that draws ■ · ► two columns wide (a Korean Windows
// console), the fields stay square: each cell at its own column, two
// apart, the panel beside them where it is in a narrow one.
func TestRaceWideTerminal(t *testing.T) {
	srv := startServer(t, config{NewMenu: gamesMenu})
	alice := connect(t, srv.addr, "alice", noKey(), 80, 30, wide, "")
	bob := connect(t, srv.addr, "bob", noKey(), 80, 30, narrow, "")
	code := openRace(alice, "1")
	raceMenu(bob, "2", code)
	for _, c := range []*client{alice, bob} {
		screen := c.waitFor("시간: ")
		lines := strings.Split(screen, "\n")
		for r := range 9 {
			line := lines[raceTop+r]
			if !strings.Contains(line, "■") && !strings.Contains(line, "·") {
				t.Fatalf("row %d of the field: %q", r, line)
			}
		}
		if !strings.Contains(lines[raceTop], "상대: ") || !strings.Contains(screen, "Esc : 나가기 (기권)") {
			t.Errorf("the panel or the keys are not on the screen:\n%s", screen)
		}
	}
}

// Clicks made while the last is on its way to the table wait on the
// player's screen, in order, and go when it is answered: none is lost.
func TestRaceClicksWaitTheirTurn(t *testing.T) {
	ft := newFakeTime()
	l := room.NewLobby(room.Config{Hold: time.Minute, Time: ft})
	tb := raceAt(t, l, "beginner", 21)
	ft.Advance(room.RaceCount)
	o := newOnline(l, Player{Name: "alice", Width: narrow})
	d := console.NewDriver(newTableScreen(o, tb, 0, nil), console.Size{Width: 80, Height: 30})
	d.Hold = true // the test runs no command: it answers the moves itself
	moves := raceSafe(tb, 0)[:3]
	for _, m := range moves {
		r, c := cellOf(m)
		d.Send(console.Event{Type: console.MouseEvent, Mouse: console.Mouse{Button: console.MouseLeft,
			Row: raceTop + r, Col: raceLeft + 2*c}})
	}
	s := d.Screen().(*raceTable)
	if !s.sending || len(s.queued) != 2 || s.queued[0] != moves[1] || s.queued[1] != moves[2] {
		t.Fatalf("while the first click is on its way: sending %v, queued %q", s.sending, s.queued)
	}
	d.Send(console.Event{Type: console.ResultEvent, Result: moved{tb, nil}})
	if s := d.Screen().(*raceTable); !s.sending || len(s.queued) != 1 {
		t.Fatalf("after the first answer: sending %v, queued %q", s.sending, s.queued)
	}
	d.Send(console.Event{Type: console.ResultEvent, Result: moved{tb, nil}},
		console.Event{Type: console.ResultEvent, Result: moved{tb, nil}})
	if s := d.Screen().(*raceTable); s.sending || len(s.queued) != 0 {
		t.Fatalf("after every answer: sending %v, queued %q", s.sending, s.queued)
	}
}

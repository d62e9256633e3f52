package serve

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"termgames/baseball"
	"termgames/console"
	"termgames/internal/store"
	"termgames/minesweeper"
	"termgames/omok"
	"termgames/serve/room"
)

// gamesMenu is the top menu of these tests, as main builds it: o opens
// omok's menu, b baseball's and m minesweeper's, each with the session's
// online entry.
func gamesMenu(p Player) console.Screen { return &chooser{p: p} }

type chooser struct{ p Player }

func (c *chooser) Update(ev console.Event) console.Screen {
	switch {
	case ev.IsRune('o'):
		return omok.New(omok.Options{Width: c.p.Width, Online: c.p.Online.For("omok")}, c)
	case ev.IsRune('b'):
		return baseball.New(baseball.Options{Width: c.p.Width, Online: c.p.Online.For("baseball"), Transcript: c.p.Played}, c)
	case ev.IsRune('m'):
		return minesweeper.New(minesweeper.Options{Width: c.p.Width, Online: c.p.Online.For("minesweeper")}, c)
	case ev.IsRune('q'):
		return console.Exit("bye")
	}
	return c
}

func (c *chooser) View(console.Size) console.Frame {
	var f console.Frame
	f.Line(0, "choose: o omok, b baseball, m minesweeper")
	return f
}

var (
	tableCode  = regexp.MustCompile(`(?:테이블 코드|Table code): ([A-Z0-9]{4})`)
	resumeCode = regexp.MustCompile(`(?:다시 접속 코드|Resume code): ([A-Z0-9]{8})`)
)

// find returns the first group of re on c's screen, waiting for it.
func find(c *client, re *regexp.Regexp) string {
	c.t.Helper()
	screen := c.waitUntil(re.String(), re.MatchString)
	return re.FindStringSubmatch(screen)[1]
}

// openOmok has c open an omok table of the rule (1-4), with no clock and
// no swap2, and returns its code.
func openOmok(c *client, rule string) string {
	c.t.Helper()
	c.waitFor("choose:")
	c.send("o")
	c.waitFor("7. 온라인 대전")
	c.send("7\r")
	c.waitFor("1. 새 테이블 만들기")
	c.send("1\r")
	c.waitFor("규칙을 선택하세요.")
	c.send(rule + "\r")
	c.waitFor("시간 제한을 선택하세요.")
	c.send("1\r")
	if rule == "1" || rule == "2" {
		c.waitFor("오프닝을 선택하세요.")
		c.send("2\r")
	}
	c.waitFor("상대를 기다리는 중입니다")
	return find(c, tableCode)
}

// enterOnline has c reach omok's online menu and choose item with code.
func enterOnline(c *client, game, item, code string) {
	c.t.Helper()
	c.waitFor("choose:")
	c.send(game)
	if game == "o" {
		c.waitFor("7. 온라인 대전")
		c.send("7\r")
	} else {
		c.waitFor("6. Versus online")
		c.send("6\r")
	}
	c.waitFor("4. ")
	c.send(item + "\r")
	c.waitFor(":")
	c.send(code + "\r")
}

// placed waits until c's screen shows n stones on the board.
func placed(c *client, n int) {
	c.t.Helper()
	c.waitFor("놓은 돌: " + strconv.Itoa(n))
}

// A whole omok game between two players on two connections, watched by a
// third: both players' screens and the watcher's change with every move,
// each side sees the other's name and whose turn it is, the server refuses
// a move out of turn and on a stone, and five in a row wins.
func TestOnlineOmokGame(t *testing.T) {
	srv := startServer(t, config{NewMenu: gamesMenu})
	alice := connect(t, srv.addr, "alice", withKey(newSigner(t)), 100, 30, narrow, "")
	bob := connect(t, srv.addr, "bob", withKey(newSigner(t)), 100, 30, wide, "")
	code := openOmok(alice, "1")
	enterOnline(bob, "o", "2", code)
	bob.waitFor("2P ● bob (나)") // bob's terminal draws ● wide
	bob.waitFor("1P ○ alice")
	alice.waitFor("2P ●  bob")
	alice.waitFor("Player 1P, 당신의 턴입니다.")
	bob.waitFor("Player 1P(alice)의 턴입니다.")

	carol := connect(t, srv.addr, "carol", noKey(), 100, 30, narrow, "")
	enterOnline(carol, "o", "4", code)
	carol.waitFor("관전 중입니다")
	alice.waitFor("관전: 1명")

	bob.send("\r") // out of turn
	bob.waitFor("상대의 차례입니다.")
	// Alice plays row 8 from the centre rightwards, Bob row 7.
	alice.send("\r")
	placed(bob, 1)
	bob.send("\r") // on Alice's stone
	bob.waitFor("이미 돌이 배치되어 있습니다")
	bob.send("k\r")
	placed(alice, 2)
	for i := 0; i < 3; i++ {
		alice.send("l\r")
		placed(bob, 3+2*i)
		bob.send("l\r")
		placed(alice, 4+2*i)
	}
	placed(carol, 8)
	alice.send("l\r")
	for _, c := range []*client{alice, bob, carol} {
		c.waitFor("Player 1P(alice)의 승리로 게임을 종료합니다.")
	}
	if row := alice.screen.Text(); !strings.Contains(row, "□ □ □ □ □ □ □ ○ ○ ○ ○ ○ □ □ □") {
		t.Errorf("alice's board has no five:\n%s", row)
	}
	waitLog(t, srv, "game ended")
	alice.send("x")
	alice.waitFor("1. 새 테이블 만들기")
}

// Every move is checked on the server by the rules packages: the turn,
// an occupied point, renju's forbidden 3-3 for black, a finished game;
// baseball's numbers and turns.
func TestTableChecksMoves(t *testing.T) {
	l := room.NewLobby(room.Config{Hold: time.Minute})
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "renju"}, room.Seat{Name: "a"})
	place := func(seat int, p omok.Point) error { return tb.Move(seat, omok.PointName(p, omok.DefaultSize)) }
	if err := place(0, omok.Point{Row: 7, Col: 7}); err != room.ErrWaiting {
		t.Errorf("a move before anyone joined: %v", err)
	}
	if _, _, err := l.Join(tb.Code, room.Omok, room.Seat{Name: "b"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := l.Join(tb.Code, room.Omok, room.Seat{Name: "c"}); err != room.ErrFull {
		t.Errorf("a third player: %v", err)
	}
	if err := place(1, omok.Point{Row: 7, Col: 7}); err != room.ErrNotYourTurn {
		t.Errorf("2P first: %v", err)
	}
	// Black: (7,7) (7,8) and (8,6) (9,6); then (7,6) would be 3-3.
	moves := [][2]int{{7, 7}, {0, 0}, {7, 8}, {0, 2}, {8, 6}, {0, 4}, {9, 6}, {0, 6}}
	for i, m := range moves {
		p := omok.Point{Row: m[0], Col: m[1]}
		if err := place(i%2, p); err != nil {
			t.Fatalf("move %d %v: %v", i, p, err)
		}
	}
	if err := place(0, omok.Point{Row: 0, Col: 0}); err != omok.ErrOccupied {
		t.Errorf("on a stone: %v", err)
	}
	var fe *omok.ForbiddenError
	if err := place(0, omok.Point{Row: 7, Col: 6}); err == nil || !asForbidden(err, &fe) {
		t.Errorf("3-3 for black under renju: %v", err)
	}
	if err := tb.Move(0, "z99"); err == nil {
		t.Errorf("a point off the board: no error")
	}

	bb := l.Open(room.Setup{Game: room.Baseball}, room.Seat{Name: "a"})
	l.Join(bb.Code, room.Baseball, room.Seat{Name: "b"})
	if err := bb.Move(0, "=102"); err != baseball.ErrZero {
		t.Errorf("a number with 0: %v", err)
	}
	if err := bb.Move(0, "=112"); err != baseball.ErrRepeats {
		t.Errorf("a repeated digit: %v", err)
	}
	if err := bb.Move(0, "123"); err != room.ErrNotYourTurn {
		t.Errorf("a guess before the numbers: %v", err)
	}
	bb.Move(0, "=123")
	if err := bb.Move(0, "=789"); err != room.ErrChosen {
		t.Errorf("a second number: %v", err)
	}
	bb.Move(1, "=456")
	if err := bb.Move(1, "123"); err != room.ErrNotYourTurn {
		t.Errorf("2P first: %v", err)
	}
	lastAnswer := func(seat int) baseball.Answer {
		st, _ := bb.State()
		g := st.View.(*room.BaseballView).Guesses[seat]
		return g[len(g)-1].Answer
	}
	if err := bb.Move(0, "465"); err != nil || lastAnswer(0) != (baseball.Answer{Strikes: 1, Balls: 2}) {
		t.Errorf("465 against 456: %v %v", lastAnswer(0), err)
	}
	if bb.Move(1, "123"); lastAnswer(1) != baseball.Win {
		t.Errorf("123 against 123: %v", lastAnswer(1))
	}
	st, _ := bb.State()
	if !st.Outcome.Over || st.Outcome.Winner != 1 || st.View.(*room.BaseballView).NumberText(0) != "123" {
		t.Errorf("after 2P found it first: %+v", st.Outcome)
	}
	if err := bb.Move(0, "456"); err != room.ErrOver {
		t.Errorf("a guess after the end: %v", err)
	}
}

func asForbidden(err error, fe **omok.ForbiddenError) bool {
	f, ok := err.(*omok.ForbiddenError)
	*fe = f
	return ok
}

// A player who drops keeps the seat: the opponent sees the countdown, and
// the same key puts the player back at the table at once. Dropped again
// and not back within the hold, they lose by forfeit.
func TestOnlineReconnectAndForfeit(t *testing.T) {
	srv := startServer(t, config{NewMenu: gamesMenu, SeatHold: 3 * time.Second})
	bobKey := newSigner(t)
	alice := connect(t, srv.addr, "alice", withKey(newSigner(t)), 100, 30, narrow, "")
	bob := connect(t, srv.addr, "bob", withKey(bobKey), 100, 30, narrow, "")
	code := openOmok(alice, "2")
	enterOnline(bob, "o", "2", code)
	alice.waitFor("Player 1P, 당신의 턴입니다.")
	alice.send("\r")
	placed(bob, 1)

	bob.conn.Close()
	alice.waitFor("bob 님의 연결이 끊겼습니다.")
	alice.waitUntil("the countdown", func(s string) bool {
		return strings.Contains(s, "초 안에 돌아오지 않으면 기권패입니다")
	})
	back := connect(t, srv.addr, "bob", withKey(bobKey), 100, 30, narrow, "")
	back.waitFor("Player 2P, 당신의 턴입니다.")
	back.waitFor("놓은 돌: 1")
	alice.waitUntil("the countdown gone", func(s string) bool { return !strings.Contains(s, "연결이 끊겼습니다") })
	back.send("k\r")
	placed(alice, 2)

	back.conn.Close()
	alice.waitFor("bob 님의 연결이 끊겼습니다.")
	alice.waitFor("alice 님의 기권승입니다. (bob 님 기권)")
	waitLog(t, srv, "how=forfeit")
}

// A player without a key comes back with the resume code shown on their
// screen: as a command (ssh -t host resume CODE), or typed where a table's
// code is asked.
func TestOnlineResumeCode(t *testing.T) {
	srv := startServer(t, config{NewMenu: gamesMenu})
	alice := connect(t, srv.addr, "alice", noKey(), 100, 30, narrow, "")
	bob := connect(t, srv.addr, "bob", noKey(), 100, 30, narrow, "")
	code := openOmok(alice, "1")
	enterOnline(bob, "o", "2", code)
	resume := find(bob, resumeCode)
	bob.conn.Close()
	alice.waitFor("bob 님의 연결이 끊겼습니다.")

	back := connect(t, srv.addr, "bob", noKey(), 100, 30, narrow, "resume "+resume)
	back.waitFor("2P ●  bob (나)")
	alice.waitUntil("bob back", func(s string) bool { return !strings.Contains(s, "연결이 끊겼습니다") })
	back.conn.Close()
	alice.waitFor("bob 님의 연결이 끊겼습니다.")

	again := connect(t, srv.addr, "bob", noKey(), 100, 30, narrow, "")
	enterOnline(again, "o", "2", strings.ToLower(resume))
	again.waitFor("2P ●  bob (나)")

	bad := connect(t, srv.addr, "eve", noKey(), 100, 30, narrow, "resume ZZZZZZZZ")
	bad.waitOut("no seat waits for the resume code")
	if got := bad.end(); got != 2 {
		t.Errorf("a wrong resume code: exit status %d, want 2", got)
	}
}

// A baseball versus game online: each picks a number, they guess in turn,
// the server scores every guess, and whoever finds the other's number in
// fewer guesses wins; the numbers show at the end.
func TestOnlineBaseballGame(t *testing.T) {
	srv := startServer(t, config{NewMenu: gamesMenu})
	alice := connect(t, srv.addr, "alice", noKey(), 80, 24, narrow, "")
	bob := connect(t, srv.addr, "bob", noKey(), 80, 24, narrow, "")
	alice.waitFor("choose:")
	alice.send("b")
	alice.waitFor("6. Versus online")
	alice.send("6\r")
	alice.waitFor("1. Open a new table")
	alice.send("1\r")
	alice.waitFor("Choose the time control.")
	alice.send("1\r")
	code := find(alice, tableCode)
	enterOnline(bob, "b", "2", code)
	alice.waitFor("Choose your number")
	bob.waitFor("Choose your number")
	alice.send("103\r")
	alice.waitFor("0 is not used")
	alice.send("123\r")
	alice.waitFor("Your number: 123")
	bob.send("456\r")
	bob.waitFor("alice to move")
	alice.waitFor("Guess the other's number")
	alice.send("465\r")
	bob.waitFor("465 1S 2B")
	bob.waitFor("Guess the other's number")
	bob.send("789\r")
	alice.waitFor("789 Out")
	alice.send("456\r")
	bob.waitFor("456 3S 0B")
	bob.send("123\r")
	for _, c := range []*client{alice, bob} {
		c.waitFor("Draw! Both found it in 2 guesses.")
		c.waitFor("alice: 123   bob: 456")
		c.waitFor("r : rematch (the other guesses first)   any other key : menu")
	}
	// A rematch: bob guesses first now.
	alice.send("r")
	bob.waitFor("alice wants a rematch.")
	bob.send("r")
	alice.waitFor("Choose your number")
	alice.send("123\r")
	bob.waitFor("Choose your number")
	bob.send("456\r")
	alice.waitFor("bob to move")
	bob.waitFor("Guess the other's number")
}

// The list shows the open tables, and a table's screen is not closed for
// idleness while the menu's is.
func TestOnlineListAndIdle(t *testing.T) {
	srv := startServer(t, config{NewMenu: gamesMenu, IdleAfter: 400 * time.Millisecond})
	alice := connect(t, srv.addr, "alice", noKey(), 100, 30, narrow, "")
	code := openOmok(alice, "3")
	bob := connect(t, srv.addr, "bob", noKey(), 100, 30, narrow, "")
	enterOnline(bob, "o", "3", "")
	bob.waitFor(code + "  렌주룰, 시간 제한 없음  alice  - 상대를 기다리는 중")
	bob.waitOut("without a key")
	time.Sleep(500 * time.Millisecond)
	alice.send("l")
	alice.waitFor("상대를 기다리는 중입니다")
}

// menuScreen is the online menu of game for a player at l, in a driver
// that runs the screens' work only when the test says (RunCommands): the
// table screens wait for their table's next change.
func menuScreen(l *room.Lobby, p room.Seat, game *room.Game, st store.Store) *console.Driver {
	o := newOnline(l, Player{Name: p.Name, Key: p.Key, Width: narrow})
	o.store = st
	d := console.NewDriver(newOnlineMenu(o, game, &chooser{}), console.Size{Width: 100, Height: 30})
	d.Hold = true
	return d
}

// ask types keys at d, each followed by what the screen must then show.
func ask(t *testing.T, d *console.Driver, steps ...string) {
	t.Helper()
	for k := 0; k+1 < len(steps); k += 2 {
		d.Send(console.Keys(steps[k])...)
		if screen := d.Text(narrow); !strings.Contains(screen, steps[k+1]) {
			t.Fatalf("after %q, no %q on the screen:\n%s", steps[k], steps[k+1], screen)
		}
	}
}

// opened runs the command of d that opens a table, if one waits: its
// code is reserved off the screen's goroutine.
func opened(d *console.Driver) {
	if d.Pending() > 0 {
		d.RunCommands()
	}
}

// Opening a table asks omok's rule, the clock from the server's list
// (omok the Fischer ones, baseball the ones per guess, both none) and, at
// freestyle and standard, the opening (swap2 unless the host says none),
// each in the menu's style; a question with one answer is not asked.
func TestOpenQuestions(t *testing.T) {
	blitz := room.Control{Base: 3 * time.Minute, Increment: 2 * time.Second}
	rapid := room.Control{Base: 10 * time.Minute, Increment: 10 * time.Second}
	perGuess := room.Control{Base: 30 * time.Second, PerMove: true}
	tests := []struct {
		name     string
		controls string // the server's list; "" the default
		game     *room.Game
		steps    []string // keys, then what the screen shows
		want     room.Setup
	}{
		{"freestyle, 3+2, swap2 by Enter alone", "", room.Omok, []string{
			"1\r", "4. 오목룰 (3-3 금지)",
			"1\r", "시간 제한을 선택하세요.",
			"", "1. 없음 (시간 제한 없음)",
			"", "2. 3+2 (3분, 한 수마다 +2초)",
			"", "4. 10+10 (10분, 한 수마다 +10초)",
			"9\r", "다시 입력하세요.",
			"2\r", "1. 스왑2 (공정한 오프닝, 기본)",
			"", "2. 없음 (만든 사람이 흑)",
			"\r", "상대를 기다리는 중입니다",
		}, room.Setup{Game: room.Omok, Rule: "freestyle", Control: blitz, Swap2: true}},
		{"standard, 10+10, swap2 by 1", "", room.Omok, []string{
			"1\r2\r4\r", "오프닝을 선택하세요.",
			"1\r", "상대를 기다리는 중입니다",
		}, room.Setup{Game: room.Omok, Rule: "standard", Control: rapid, Swap2: true}},
		{"standard, no clock, no swap2", "", room.Omok, []string{
			"1\r2\r1\r2\r", "상대를 기다리는 중입니다",
		}, room.Setup{Game: room.Omok, Rule: "standard"}},
		{"renju asks no opening", "", room.Omok, []string{
			"1\r3\r2\r", "상대를 기다리는 중입니다",
		}, room.Setup{Game: room.Omok, Rule: "renju", Control: blitz}},
		{"nor does the 오목룰", "", room.Omok, []string{
			"1\r4\r1\r", "상대를 기다리는 중입니다",
		}, room.Setup{Game: room.Omok, Rule: "omok"}},
		{"the server's own list, in its order", "10+10,none,30s/move", room.Omok, []string{
			"1\r1\r", "1. 10+10 (10분, 한 수마다 +10초)",
			"", "2. 없음 (시간 제한 없음)",
			"3\r", "다시 입력하세요.",
			"2\r2\r", "상대를 기다리는 중입니다",
		}, room.Setup{Game: room.Omok, Rule: "freestyle"}},
		{"one clock is not asked", "none,30s/move", room.Omok, []string{
			"1\r1\r", "오프닝을 선택하세요.",
			"2\r", "상대를 기다리는 중입니다",
		}, room.Setup{Game: room.Omok, Rule: "freestyle"}},
		{"baseball: a clock per guess", "", room.Baseball, []string{
			"1\r", "Choose the time control.",
			"", "1. none (no time limit)",
			"", "2. 30 s (per guess)",
			"", "3. 1 min (per guess)",
			"2\r", "Waiting for a player.",
		}, room.Setup{Game: room.Baseball, Control: perGuess}},
		{"baseball: nothing to ask", "3+2,5+5", room.Baseball, []string{
			"1\r", "Waiting for a player.",
		}, room.Setup{Game: room.Baseball}},
		{"baseball: one clock is not asked", "3+2,1m30s/move", room.Baseball, []string{
			"1\r", "Waiting for a player.",
		}, room.Setup{Game: room.Baseball, Control: room.Control{Base: 90 * time.Second, PerMove: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var controls []room.Control
			if tt.controls != "" {
				var err error
				if controls, err = room.ParseControls(tt.controls); err != nil {
					t.Fatal(err)
				}
			}
			l := room.NewLobby(room.Config{Hold: time.Minute, Controls: controls})
			d := menuScreen(l, room.Seat{Name: "alice"}, tt.game, nil)
			for k := 0; k+1 < len(tt.steps); k += 2 {
				d.Send(console.Keys(tt.steps[k])...)
				opened(d)
				if screen := d.Text(narrow); !strings.Contains(screen, tt.steps[k+1]) {
					t.Fatalf("after %q, no %q on the screen:\n%s", tt.steps[k], tt.steps[k+1], screen)
				}
			}
			li := l.Tables(tt.game)
			if len(li) != 1 || li[0].Setup != tt.want || li[0].Host != "alice" || li[0].Playing {
				t.Errorf("the tables: %+v; want one waiting for %v", li, tt.want)
			}
		})
	}
}

// Esc at every question of a new table and of the quick match goes back
// to the online menu, and opens nothing.
func TestQuestionsEsc(t *testing.T) {
	for _, keys := range []string{"1\r", "1\r1\r", "1\r1\r1\r", "5\r", "5\r1\r", "1\r3\r1\r9\r"} {
		l := room.NewLobby(room.Config{Hold: time.Minute})
		d := menuScreen(l, room.Seat{Name: "alice"}, room.Omok, nil)
		d.Send(console.Keys(keys)...)
		opened(d)
		d.Send(console.KeyPress(console.KeyEsc))
		waitUntil(func() bool { return len(l.Tables(room.Omok)) == 0 })
		if screen := d.Text(narrow); !strings.Contains(screen, "7. 돌아가기") || len(l.Tables(room.Omok)) != 0 {
			t.Errorf("%q then Esc: %d tables, and the screen\n%s", keys, len(l.Tables(room.Omok)), screen)
		}
		d.Send(console.KeyPress(console.KeyEsc))
		if _, ok := d.Screen().(*chooser); !ok {
			t.Errorf("%q, Esc, Esc: at %T, want the game's menu", keys, d.Screen())
		}
	}
	l := room.NewLobby(room.Config{Hold: time.Minute})
	d := menuScreen(l, room.Seat{Name: "carol"}, room.Baseball, nil)
	ask(t, d, "5\r", "Choose the time control.", "\x1b", "7. Back")
}

// The list of tables says each one's clock, and swap2 where it opens the
// game.
func TestListingClock(t *testing.T) {
	l := room.NewLobby(room.Config{Hold: time.Minute})
	l.Open(room.Setup{Game: room.Omok, Rule: "freestyle", Control: room.Control{Base: 3 * time.Minute, Increment: 2 * time.Second},
		Swap2: true}, room.Seat{Name: "alice"})
	l.Open(room.Setup{Game: room.Omok, Rule: "renju", Control: room.Control{Base: 5 * time.Minute, Increment: 5 * time.Second},
		Swap2: true}, room.Seat{Name: "bob"})
	bb := l.Open(room.Setup{Game: room.Baseball, Control: room.Control{Base: 30 * time.Second, PerMove: true}}, room.Seat{Name: "carol"})
	d := menuScreen(l, room.Seat{Name: "dave"}, room.Omok, nil)
	ask(t, d, "3\r", "자유룰, 3+2, 스왑2  alice  - 상대를 기다리는 중 (친선)",
		"", "렌주룰, 5+5  bob  - 상대를 기다리는 중 (친선)")
	d = menuScreen(l, room.Seat{Name: "dave"}, room.Baseball, nil)
	ask(t, d, "3\r", bb.Code+"  [Online] Number baseball, 30s/move  carol  - waiting for a player (casual)")
	if got := koreanText.listing(l.Tables(room.Baseball)[0]); !strings.Contains(got, "30초/수") {
		t.Errorf("in Korean: %q", got)
	}
}

// The quick match from the online menu: the rule and the clock are asked,
// not the opening; the first player waits at a table opened for them, the
// second is seated there and both play, a third waits at a table of their
// own. With the archive's items, the quick match is 8.
func TestQuickMatchMenu(t *testing.T) {
	l := room.NewLobby(room.Config{Hold: time.Minute})
	quickly := func(d *console.Driver, keys ...string) {
		t.Helper()
		ask(t, d, keys...)
		if d.Pending() != 1 {
			t.Fatalf("the quick match is not being made: %d commands", d.Pending())
		}
		d.RunCommands()
	}
	alice := menuScreen(l, keyed("alice"), room.Omok, nil)
	quickly(alice, "", "5. 빠른 대전", "", "7. 돌아가기", "5\r", "규칙을 선택하세요.", "1\r", "2. 3+2 (3분", "2\r", "입력하세요 : 2")
	ask(t, alice, "", "상대를 기다리는 중입니다")
	bob := menuScreen(l, keyed("bob"), room.Omok, nil)
	quickly(bob, "5\r1\r2\r", "입력하세요 : 2")
	ask(t, bob, "", "2P ?  bob (나)", "", "1P ?  alice") // swap2 settles the colours
	li := l.Tables(room.Omok)
	if len(li) != 1 || !li[0].Playing || li[0].Setup != (room.Setup{Game: room.Omok, Rule: "freestyle",
		Control: room.Control{Base: 3 * time.Minute, Increment: 2 * time.Second}, Swap2: true}) {
		t.Fatalf("the tables: %+v", li)
	}
	carol := menuScreen(l, keyed("carol"), room.Omok, nil)
	quickly(carol, "5\r1\r2\r", "입력하세요 : 2")
	ask(t, carol, "", "상대를 기다리는 중입니다")
	if li := l.Tables(room.Omok); len(li) != 2 || li[0].Host != "carol" || li[0].Playing {
		t.Fatalf("the tables: %+v", li)
	}

	dave := menuScreen(l, keyed("dave"), room.Omok, tempStore(t))
	quickly(dave, "", "8. 빠른 대전", "", "10. 돌아가기", "8\r3\r1\r", "입력하세요 : 1")
	ask(t, dave, "", "상대를 기다리는 중입니다")

	erin := menuScreen(l, keyed("erin"), room.Baseball, nil)
	quickly(erin, "5\r", "Choose the time control.", "3\r", "number : 3")
	ask(t, erin, "", "Waiting for a player.")
	if li := l.Tables(room.Baseball); len(li) != 1 || li[0].Setup.Control != (room.Control{Base: time.Minute, PerMove: true}) {
		t.Fatalf("the baseball tables: %+v", li)
	}
}

// A join answered after its session ended (the store was slow, the
// player's connection dropped) leaves the seat it took: the seat is away,
// its countdown runs, and the player's key or resume code gives it back.
func TestJoinAnsweredAfterTheSessionEnded(t *testing.T) {
	l := keptLobby(t, tempStore(t), time.Minute)
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "freestyle"}, keyed("alice"))
	o := newOnline(l, Player{Name: "bob", Key: keyed("bob").Key})
	o.releaseAll() // the session ends while its join is on its way
	tb2, seat, err := l.Join(tb.Code, room.Omok, o.seat())
	if err != nil {
		t.Fatal(err)
	}
	o.hold(tb2, func() { tb2.Leave(seat) })
	waitUntil(func() bool { s, _ := tb.State(); return !s.HoldEnds.IsZero() })
	s, _ := tb.State()
	if s.Seats[1].Present != 0 || s.HoldEnds.IsZero() {
		t.Errorf("the seat of a session that ended: present %d, hold ends %v", s.Seats[1].Present, s.HoldEnds)
	}
	if back, _, ok := l.Held(keyed("bob").Key); !ok || back != tb {
		t.Error("the key does not give the seat back")
	}
}

// A table says whether its game counts for the ratings: in the list, a
// waiting table whose host has a key is rated (if the one who joins has
// one too), and at the table, a game with a guest is casual.
func TestRatedOrCasualSaid(t *testing.T) {
	l := keptLobby(t, tempStore(t), time.Minute)
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "standard"}, keyed("alice"))
	ls := l.Tables(room.Omok)
	if len(ls) != 1 || !strings.HasSuffix(koreanText.listing(ls[0]), "- 상대를 기다리는 중 (레이팅)") ||
		!strings.HasSuffix(englishText.listing(ls[0]), "- waiting for a player (rated)") {
		t.Errorf("a table whose host has a key, as listed: %+v", ls)
	}
	tb.Resign(0)
	bb := l.Open(room.Setup{Game: room.Baseball}, keyed("alice"))
	if _, _, err := l.Join(bb.Code, room.Baseball, room.Seat{Name: "guest"}); err != nil {
		t.Fatal(err)
	}
	d := console.NewDriver(newTableScreen(newOnline(l, Player{Name: "guest", Width: narrow}), bb, 1, nil),
		console.Size{Width: 80, Height: 24})
	d.Hold = true
	if s := d.Text(narrow); !strings.Contains(s, "Watching: 0   casual") ||
		!strings.HasSuffix(englishText.listing(l.Tables(room.Baseball)[0]), "(casual)") {
		t.Errorf("a game with a guest is not said casual:\n%s", s)
	}
}

// A write the store refuses is said on both players' screens, in their
// languages, as the disk being full when it is; the line goes once the
// store writes again, and the end that could not be kept is said.
func TestUnsavedSaid(t *testing.T) {
	st := &failingStore{Store: tempStore(t)}
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "freestyle"}, keyed("alice"))
	l.Join(tb.Code, room.Omok, keyed("bob"))
	screen := func(seat int, p Player) *console.Driver {
		d := console.NewDriver(newTableScreen(newOnline(l, p), tb, seat, nil), console.Size{Width: 100, Height: 30})
		d.Hold = true // no waits: look says when the table changed
		return d
	}
	ko := screen(0, Player{Name: "alice", Width: narrow})
	en := screen(1, Player{Name: "bob", Width: narrow, Lang: "en"})
	look := func(d *console.Driver) string {
		d.Send(console.Event{Type: console.ResultEvent, Result: tableChanged{tb}})
		return d.Text(narrow)
	}
	st.failWith(errors.New("database or disk is full (13)"))
	if err := tb.Move(0, "h8"); err != nil {
		t.Fatal(err)
	}
	if s := look(ko); !strings.Contains(s, "기록을 저장하지 못했습니다: 디스크가 가득 찼습니다. 게임은 계속됩니다.") ||
		!strings.Contains(s, "놓은 돌: 1") {
		t.Errorf("1P's screen after a failed write:\n%s", s)
	}
	if s := look(en); !strings.Contains(s, "Could not save the game (disk full); the game goes on.") {
		t.Errorf("2P's screen after a failed write:\n%s", s)
	}
	st.failWith(nil)
	if err := tb.Move(1, "h9"); err != nil {
		t.Fatal(err)
	}
	if s := look(ko); strings.Contains(s, "저장하지 못했습니다") {
		t.Errorf("the line stays once the store writes again:\n%s", s)
	}
	st.failWith(errors.New("the database is locked"))
	tb.Resign(0)
	if s := look(en); !strings.Contains(s, "bob wins by forfeit") || !strings.Contains(s, "Could not save the game.") {
		t.Errorf("2P's screen when the end could not be kept:\n%s", s)
	}
}

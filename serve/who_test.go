package serve

import (
	"strings"
	"testing"
)

// toWho has c, at the top menu, reach omok's "who is here".
func toWho(c *client) {
	c.t.Helper()
	c.waitFor("choose:")
	c.send("o")
	c.waitFor("7. 온라인 대전")
	c.send("7\r")
	c.waitFor("9. 누가 있나")
	c.send("9\r")
	c.waitFor("[누가 있나]")
}

// Over SSH: everyone connected is in "who is here", with their mark and
// what they do; a challenge declined, one accepted (both then at its
// table), and an ignored player's chat hidden and challenges refused; the
// ignore kept in the store, undone from the list.
func TestWhoChallengeIgnore(t *testing.T) {
	st := tempStore(t)
	srv := startServer(t, config{NewMenu: gamesMenu, Store: st})
	alice := connect(t, srv.addr, "alice", withKey(newSigner(t)), 100, 30, narrow, "")
	bobKey := newSigner(t)
	bob := connect(t, srv.addr, "bob", withKey(bobKey), 100, 30, narrow, "")
	carol := connect(t, srv.addr, "carol", noKey(), 100, 30, narrow, "")
	carol.waitFor("choose:")
	toWho(alice)
	screen := alice.waitUntil("three players", func(s string) bool { return strings.Contains(s, "접속 중: 3명") })
	for _, want := range []string{"alice", "bob", "carol", "키", "손님", "메뉴", "도전 받기: 켜짐"} {
		if !strings.Contains(screen, want) {
			t.Fatalf("no %q in who is here:\n%s", want, screen)
		}
	}
	// alice (first in the list) challenges bob (second); bob declines.
	challenge := func() {
		alice.send("j")
		alice.send("c")
		alice.waitFor("규칙을 선택하세요.")
		alice.send("1\r")
		alice.waitFor("시간 제한을 선택하세요.")
		alice.send("1\r")
		alice.waitFor("오프닝을 선택하세요.")
		alice.send("2\r")
		alice.waitFor("bob 님의 대답을 기다립니다")
		bob.waitFor("alice 님의 도전: 오목 자유룰, 시간 제한 없음")
	}
	bob.waitFor("choose:")
	challenge()
	bob.send("n")
	alice.waitFor("bob 님이 도전을 거절했습니다.")
	bob.waitUntil("the line gone", func(s string) bool { return !strings.Contains(s, "alice 님의 도전") })
	// Again, and bob accepts: both at one table.
	alice.send("k") // back to alice, the first
	challenge()
	bob.send("y")
	code := find(bob, tableCode)
	if got := find(alice, tableCode); got != code {
		t.Fatalf("alice at %s, bob at %s", got, code)
	}
	bob.waitFor("2P ●  bob (나)")
	alice.waitFor("1P ○  alice (나)")
	// carol sees them playing.
	toWho(carol)
	carol.waitFor(code + " 대국 중")

	// bob ignores dave, who chats and challenges in vain.
	dave := connect(t, srv.addr, "dave", withKey(newSigner(t)), 100, 30, narrow, "")
	toWho(dave)
	bob.send("\x1b")
	bob.waitFor("나가면 기권패가 됩니다. 나갈까요?")
	bob.send("y")
	toWho(bob) // back where the challenge found him
	alice.waitFor("alice 님의 기권승입니다. (bob 님 기권)")
	bob.waitFor("dave")
	bob.send("jjj") // dave is last: alice, bob, carol, dave
	bob.send("i")
	bob.waitFor("dave 님을 무시합니다")
	bob.waitFor("dave (무시 중)")
	dave.send("j") // bob, the second
	dave.send("c")
	dave.waitFor("규칙을 선택하세요.")
	dave.send("1\r1\r2\r")
	dave.waitFor("bob 님은 지금 도전을 받지 않습니다.")
	if s := bob.screen.Text(); strings.Contains(s, "dave 님의 도전") {
		t.Errorf("an ignored player's challenge shows:\n%s", s)
	}
	if ps, err := st.Ignored(t.Context(), fingerprint(bobKey)); err != nil || len(ps) != 1 || ps[0].Name != "dave" {
		t.Errorf("bob ignores, as kept: %+v %v", ps, err)
	}
	// The list to undo it.
	bob.send("u")
	bob.waitFor("[무시 목록]")
	bob.waitFor("dave")
	bob.send("\r")
	bob.waitFor("dave 님을 더 이상 무시하지 않습니다.")
	bob.send("\x1b")
	bob.waitUntil("dave no longer ignored", func(s string) bool {
		return strings.Contains(s, "[누가 있나]") && !strings.Contains(s, "(무시 중)")
	})
}

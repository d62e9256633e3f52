//go:build !windows

package main

import (
	"strings"
	"testing"

	"termgames/internal/ptytest"
)

// toWho takes a player from the top menu to omok's "who is here".
func toWho(tm *ptytest.Term) {
	toOnline(tm, "omok")
	tm.Send("9\r")
	tm.WaitFor("[누가 있나]")
}

// Through the real ssh: two players chat at a table while a watcher's
// line reaches only the watchers, and nothing a line carries (escapes,
// OSC 52 and 8, BEL, C1, bidi, 10 KB) reaches another screen but inert
// text, the board intact; from "who is here", a challenge declined and
// one accepted; an ignored player's chat hidden.
func TestOpenSSHSocial(t *testing.T) {
	sshBin := sshClient(t)
	srv := startServe(t, "-guestchat")
	aliceKey, bobKey, daveKey := srv.clientKey(t, "alice_key"), srv.clientKey(t, "bob_key"), srv.clientKey(t, "dave_key")
	alice, bob, code := seatTwo(t, srv, sshBin, aliceKey, bobKey)
	eve := srv.ssh(t, sshBin, "eve", "", "watch", code)
	eve.WaitFor("관전 중입니다")
	dave := srv.ssh(t, sshBin, "dave", daveKey, "watch", code)
	dave.WaitFor("관전 중입니다")

	alice.Send("c")
	alice.WaitFor("Enter : 보내기   Esc : 취소")
	alice.Send("안녕하세요 bob\r")
	for _, tm := range []*ptytest.Term{alice, bob, eve, dave} {
		tm.WaitFor("alice: 안녕하세요 bob")
	}
	eve.Send("c")
	eve.Send("eve here\r")
	eve.WaitFor("[관전] eve: eve here")
	dave.WaitFor("[관전] eve: eve here")
	// A name carries nothing either: its C1 controls and bidi override go
	// (OpenSSH itself refuses a user name with an escape or a BEL; the
	// server's own tests send those with Go's client).
	nasty := srv.ssh(t, sshBin, "n\u202eame\u0085\u009b[2J]52", "", "watch", code)
	nasty.WaitFor("관전 중입니다")
	nasty.Send("c")
	nasty.Send("hello from a name\r")
	seen := dave.WaitFor("hello from a name")
	if strings.ContainsAny(seen, "\u0085\u009b\u202e") || strings.Count(seen, "□") < 200 || !strings.Contains(seen, "[관전] name[2J]52: hello") {
		t.Errorf("a watcher's screen after a nasty name's line:\n%s", seen)
	}
	bob.Send("c")
	bob.Send("gl hf\r")
	alice.WaitFor("bob: gl hf")
	for _, tm := range []*ptytest.Term{alice, bob} {
		if s := tm.Screen.Text(); strings.Contains(s, "eve here") {
			t.Errorf("a watcher's line on a player's screen:\n%s", s)
		}
	}

	// What a line may carry reaches the others as inert text. An escape
	// is a key to the console (a CSI is dropped, a lone ESC puts the line
	// away), so the rest of what could harm a terminal comes as text: BEL,
	// a C1 CSI, a bidi override, and ten kilobytes.
	bob.Send("c")
	bob.Send("x\x1b[2J\x07\u009b31m\u202eevil " + strings.Repeat("가", 5000) + "\r")
	screen := alice.WaitUntil("bob's second line", func(s string) bool { return strings.Contains(s, "bob: x31mevil 가가") })
	if !strings.Contains(screen, "alice: 안녕하세요 bob") || !strings.Contains(screen, "[단축키]") ||
		strings.Count(screen, "□") < 200 || strings.ContainsAny(screen, "\u202e\u009b\x07") {
		t.Errorf("after bob's line the screen is not whole:\n%s", screen)
	}

	// From "who is here", carol challenges dave; dave declines, then
	// accepts.
	carol := srv.ssh(t, sshBin, "carol", "")
	toWho(carol)
	carol.WaitFor("dave")
	pick := func(moves string) {
		carol.Send(moves)
		carol.Send("c")
		carol.WaitFor("규칙을 선택하세요.")
		carol.Send("1\r1\r2\r")
		carol.WaitFor("dave 님의 대답을 기다립니다")
		dave.WaitFor("carol 님의 도전: 오목 자유룰, 시간 제한 없음")
	}
	pick("jjj") // alice, bob, carol, dave, eve
	dave.Send("n")
	carol.WaitFor("dave 님이 도전을 거절했습니다.") // and the list read again, dave still chosen
	pick("")
	dave.Send("y")
	dave.WaitFor("2P ●  dave (나)")
	table := codeOn(dave, e2eTableCode)
	if got := codeOn(carol, e2eTableCode); got != table || table == code {
		t.Fatalf("carol at %s, dave at %s (alice and bob at %s)", got, table, code)
	}

	// bob ignores dave (both have keys) from "who is here", after leaving
	// his game; dave's line at their next table does not reach him.
	bob.Send("\x1b")
	bob.WaitFor("나갈까요?")
	bob.Send("y")
	bob.WaitFor("9. 누가 있나") // back in omok's online menu
	bob.Send("9\r")
	bob.WaitFor("dave")
	bob.Send("jjj") // alice, bob, carol, dave
	bob.Send("i")
	bob.WaitFor("dave 님을 무시합니다")
	bob.Send("\x1b")
	bob.WaitFor("4. 관전하기")
	bob.Send("4\r")
	bob.WaitFor("코드")
	bob.Send(table + "\r")
	bob.WaitFor("관전 중입니다")
	carol.Send("c")
	carol.Send("hi dave\r")
	bob.WaitFor("carol: hi dave")
	dave.Send("c")
	dave.Send("hi carol\r")
	carol.WaitFor("dave: hi carol")
	if s := bob.Screen.Text(); strings.Contains(s, "hi carol") {
		t.Errorf("an ignored player's line on bob's screen:\n%s", s)
	}
}

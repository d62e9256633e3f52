//go:build !windows

package main

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"termgames/internal/ptytest"
	"termgames/internal/store/pgtest"
)

// Two servers on one PostgreSQL database, as two machines of one host
// would run them: a rated game won on the first is on the second (the
// player's new rating and the game in her profile); a name is the first
// key's on both, so another key asking for it on the second plays as
// alice~2; the second lists the first's open table with the command that
// reaches it, and says where it is to a player who asks it for that table;
// the first, killed (SIGKILL) mid-game and started again, has its game
// back, and the second has not taken it.
func TestOpenSSHTwoServers(t *testing.T) {
	sshBin := sshClient(t)
	dsn := pgtest.New(t, pgtest.Fast...).Database(t)
	dirA, dirB := t.TempDir(), t.TempDir()
	argsA := []string{"-db", dsn, "-name", "seoul", "-seathold", "60s"}
	seoul := startServeIn(t, dirA, argsA...)
	busan := startServeIn(t, dirB, "-db", dsn, "-name", "busan", "-public", "busan.example:2223")
	aliceKey, bobKey, carolKey := seoul.clientKey(t, "alice_key"), seoul.clientKey(t, "bob_key"), seoul.clientKey(t, "carol_key")

	// A rated game on seoul: alice (1P) wins with five in a row.
	alice, bob, _ := seatTwo(t, seoul, sshBin, aliceKey, bobKey)
	alice.WaitFor("관전: 0명  레이팅")
	alice.Send("\r")
	for n := 1; n < 9; n++ {
		if n%2 == 1 {
			bob.WaitFor(fmt.Sprintf("놓은 돌: %d", n))
			if n == 1 {
				bob.Send("k\r")
			} else {
				bob.Send("l\r")
			}
			continue
		}
		alice.WaitFor(fmt.Sprintf("놓은 돌: %d", n))
		alice.Send("l\r")
	}
	for _, tm := range []*ptytest.Term{alice, bob} {
		tm.WaitFor("Player 1P(alice)의 승리로 게임을 종료합니다.")
		tm.Signal(syscall.SIGKILL)
	}

	// On busan, her profile has the game and the rating it gave her.
	aliceB := busan.ssh(t, sshBin, "alice", aliceKey)
	toOnline(aliceB, "omok")
	aliceB.Send("6\r")
	profile := aliceB.WaitFor("[내 프로필] alice")
	aliceB.WaitFor("1전 1승 0패 0무")
	aliceB.WaitFor("bob")
	t.Logf("alice's profile on busan:\n%s", profile)

	// Another key asking for alice on busan is alice~2 there too.
	carol := busan.ssh(t, sshBin, "alice", carolKey)
	toOnline(carol, "omok")
	carol.Send("6\r")
	carol.WaitFor("[내 프로필] alice~2")

	// A table waiting on seoul is in busan's list, with the way to it.
	dave := seoul.ssh(t, sshBin, "dave", "")
	toOnline(dave, "omok")
	dave.Send("1\r")
	dave.WaitFor("규칙을 선택하세요.")
	dave.Send("1\r")
	dave.WaitFor("시간 제한을 선택하세요.")
	dave.Send("1\r")
	dave.WaitFor("오프닝을 선택하세요.")
	dave.Send("2\r")
	code := codeOn(dave, e2eTableCode)
	way := fmt.Sprintf("ssh -p %s 127.0.0.1 join %s", seoul.port, code)
	carol.Send("\x1b") // back to the online menu
	carol.WaitFor("3. 열린 테이블 보기")
	// busan reads the other servers' tables every few seconds: the list
	// is asked again until it has it.
	asked := time.Time{}
	carol.WaitUntil("busan lists "+code, func(screen string) bool {
		if strings.Contains(screen, "seoul: "+way) {
			return true
		}
		if time.Since(asked) > 500*time.Millisecond {
			carol.Send("3\r")
			asked = time.Now()
		}
		return false
	})
	t.Logf("busan's list:\n%s", carol.WaitFor("  "+code+"  "))
	// Asked for that table, busan says where it is.
	erin := busan.ssh(t, sshBin, "erin", "", "join", code)
	erin.WaitFor("seoul")
	erin.WaitFor(way)

	// A game in play on seoul; seoul is killed in the middle of it, and
	// brings it back when started again.
	alice, bob, code = seatTwo(t, seoul, sshBin, aliceKey, bobKey)
	alice.Send("\r")
	bob.WaitFor("놓은 돌: 1")
	bob.Send("k\r")
	alice.WaitFor("놓은 돌: 2")
	seoul.cmd.Process.Signal(syscall.SIGKILL)
	<-seoul.done
	seoul = startServeIn(t, dirA, argsA...)
	alice = seoul.ssh(t, sshBin, "alice", aliceKey)
	bob = seoul.ssh(t, sshBin, "bob", bobKey)
	for _, tm := range []*ptytest.Term{alice, bob} {
		tm.WaitFor("테이블 코드: " + code)
		tm.WaitFor("놓은 돌: 2")
	}
	alice.Send("l\r")
	bob.WaitFor("놓은 돌: 3")
}

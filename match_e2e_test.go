//go:build !windows

package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"termgames/internal/ptytest"
)

// matchClock is the clock of the match played over OpenSSH: short, so
// that the second game is lost on time within the test, and long enough
// that no one loses on time in the first on a slow, loaded machine, where
// each player's few actions take well under a second each and each stone
// adds two seconds. matchBase is its base.
const (
	matchClock = "10s+2"
	matchBase  = 10 * time.Second
)

// countdown is how far a running clock is seen to count down.
const countdown = 2 * time.Second

// A whole match through the real ssh, watched by a third: a freestyle
// table with a clock and swap2, the opening played and a colour chosen, a
// takeback allowed, a draw declined and one agreed, a rematch with the
// colours swapped, lost on time as the clock counts down on every screen,
// and both games in the archive with their results and their times.
func TestOpenSSHMatch(t *testing.T) {
	sshBin := sshClient(t)
	began := time.Now()
	srv := startServe(t, "-clocks", "none,"+matchClock, "-seathold", "3s")
	aliceKey, bobKey := srv.clientKey(t, "alice_key"), srv.clientKey(t, "bob_key")

	alice := srv.ssh(t, sshBin, "alice", aliceKey)
	toOnline(alice, "omok")
	alice.Send("1\r")
	alice.WaitFor("규칙을 선택하세요.")
	alice.Send("1\r") // freestyle
	alice.WaitFor("시간 제한을 선택하세요.")
	alice.WaitFor("2. " + matchClock + " (10초, 한 수마다 +2초)")
	alice.Send("2\r")
	alice.WaitFor("오프닝을 선택하세요.")
	alice.Send("\r") // swap2, the default
	code := codeOn(alice, e2eTableCode)
	alice.WaitFor("남은 시간  1P 0:10  2P 0:10")

	// Eve watches before Bob sits: the clock starts when he does, and
	// her ssh's start would be charged to Alice.
	eve := srv.ssh(t, sshBin, "eve", "", "watch", code)
	eve.WaitFor("관전 중입니다")
	alice.WaitFor("관전: 1명")

	bob := srv.ssh(t, sshBin, "bob", bobKey)
	toOnline(bob, "omok")
	bob.Send("2\r")
	bob.WaitFor("테이블 코드(또는 다시 접속 코드)를 입력하세요")
	bob.Send(code + "\r")
	all := []*ptytest.Term{alice, bob, eve}

	// Swap2: Alice places black, white, black along the centre row.
	for k, colour := range []string{"흑", "백", "흑"} {
		line := "스왑2: alice 님이 " + colour + "을 놓을 차례입니다 (3개 중 " + strconv.Itoa(k+1) + "번째)"
		for _, tm := range all {
			tm.WaitFor(line)
		}
		if k > 0 {
			alice.Send("l")
		}
		alice.Send("\r")
		alice.WaitFor(stones(k + 1))
	}
	for _, tm := range all {
		tm.WaitFor("스왑2: bob 님의 선택: 1. 백  2. 흑  3. 두 개 더")
		tm.WaitFor("1P ?  alice")
	}
	bob.WaitFor("1, 2, 3 중 하나를 누르세요. 백, 흑은 내가 둘 색입니다.")
	alice.WaitFor("bob 님이 고르는 중입니다. 기다려 주세요.")
	bob.Send("1") // Bob plays white, and moves next
	bob.WaitFor("Player 2P, 당신의 턴입니다.")
	alice.WaitFor("Player 2P(bob)의 턴입니다.")
	eve.WaitFor("Player 2P(bob)의 턴입니다.")
	for _, want := range []struct {
		tm           *ptytest.Term
		black, white string
	}{{alice, "1P ○  alice (나)", "2P ●  bob"}, {bob, "1P ○  alice", "2P ●  bob (나)"}, {eve, "1P ○  alice", "2P ●  bob"}} {
		want.tm.WaitFor(want.black)
		want.tm.WaitFor(want.white)
	}

	// A takeback: Bob places above the centre, asks for it back, and
	// Alice allows it.
	bob.Send("k\r")
	alice.WaitFor(stones(4))
	bob.Send("t")
	alice.WaitFor("bob 님이 무르기를 요청했습니다. 들어줄까요? (y/n)")
	eve.WaitFor("bob 님이 무르기를 요청했습니다.")
	bob.WaitFor("무르기를 요청했습니다. 상대의 답을 기다립니다.")
	alice.Send("y")
	for _, tm := range all {
		waitAll(tm, stones(3), "alice 님이 무르기를 들어주었습니다.")
	}
	bob.WaitFor("Player 2P, 당신의 턴입니다.")
	bob.Send("\r") // the same point again: the cursor stayed there
	for _, tm := range all {
		waitAll(tm, stones(4), "마지막 수: 7행 8열")
	}

	// A draw offered by Bob and declined; then one offered by Alice and
	// agreed.
	bob.Send("d")
	alice.WaitFor("bob 님이 무승부를 제안했습니다. 받을까요? (y/n)")
	eve.WaitFor("bob 님이 무승부를 제안했습니다.")
	alice.Send("n")
	bob.WaitFor("alice 님이 무승부를 거절했습니다.")
	eve.WaitFor("alice 님이 무승부를 거절했습니다.")
	alice.Send("d")
	bob.WaitFor("alice 님이 무승부를 제안했습니다. 받을까요? (y/n)")
	bob.Send("y")
	for _, tm := range all {
		tm.WaitFor("합의로 무승부가 되었습니다.")
	}
	alice.WaitFor("r : 재대결 (흑백을 바꿔 한 판 더)   다른 키 : 메뉴로")
	bob.WaitFor("r : 재대결 (흑백을 바꿔 한 판 더)   다른 키 : 메뉴로")
	eve.WaitFor("두 사람이 재대결하면 이어서 관전합니다. 아무 키 : 메뉴로")

	// The rematch: Bob opens now, and nobody moves.
	alice.Send("r")
	alice.WaitFor("재대결을 요청했습니다. 상대를 기다립니다.")
	bob.WaitFor("alice 님이 재대결을 원합니다. r : 재대결   다른 키 : 메뉴로")
	bob.Send("r")
	for _, tm := range all {
		waitAll(tm, "스왑2: bob 님이 흑을 놓을 차례입니다 (3개 중 1번째)", stones(0), "1P ?  alice", "2P ?  bob")
	}
	// Bob's time counts down on the players' screens and the watcher's.
	for _, tm := range []*ptytest.Term{alice, eve} {
		first := bobsTime(t, tm, matchBase)
		tm.WaitUntil(fmt.Sprintf("bob's time is %v less than %v", countdown, first), func(s string) bool {
			left, ok := clockOf(s)
			return ok && left[1] <= first-countdown
		})
	}
	const lost = "bob 님의 시간이 다 되었습니다. alice 님의 승리입니다."
	for _, tm := range all {
		// Alice's time never ran: Bob was to move from the start.
		waitAll(tm, lost, "남은 시간  1P 0:10  2P 0:00")
	}
	bob.WaitFor("r : 재대결 (흑백을 바꿔 한 판 더)   다른 키 : 메뉴로")

	// The archive: both games, newest first, and the first one's record.
	records := srv.ssh(t, sshBin, "alice", aliceKey, "records")
	if status := records.Wait(); status != 0 {
		t.Fatalf("records: exit status %d; the screen:\n%s", status, records.Screen.Text())
	}
	drawn, onTime := -1, -1
	var ids []string
	for _, line := range strings.Split(records.Screen.Text(), "\n") {
		f := strings.Fields(line) // the columns are tab-separated
		if len(f) < 4 {
			continue
		}
		switch strings.Join(f[3:], " ") { // after the number, the day and the time
		case "omok freestyle alice vs bob draw (agreed) rated":
			drawn = len(ids)
		case "omok freestyle alice vs bob alice won (time) rated":
			onTime = len(ids)
		default:
			continue
		}
		ids = append(ids, f[0])
	}
	if drawn != 1 || onTime != 0 {
		t.Fatalf("records lists the draw agreed at %d and the game lost on time at %d, want 1 and 0 (newest first):\n%s",
			drawn, onTime, records.Screen.Text())
	}

	record := srv.ssh(t, sshBin, "alice", aliceKey, "record", ids[drawn])
	if status := record.Wait(); status != 0 {
		t.Fatalf("record %s: exit status %d; the screen:\n%s", ids[drawn], status, record.Screen.Text())
	}
	checkMatchRecord(t, record.Screen.Text())
	t.Logf("the match took %v", time.Since(began).Round(100*time.Millisecond))
}

// stones is the panel's count of the stones on the board.
func stones(n int) string { return "놓은 돌: " + strconv.Itoa(n) }

// waitAll waits until tm's screen shows every one of texts at once.
func waitAll(tm *ptytest.Term, texts ...string) string {
	return tm.WaitUntil("the screen shows "+strings.Join(texts, " and "), func(s string) bool {
		for _, text := range texts {
			if !strings.Contains(s, text) {
				return false
			}
		}
		return true
	})
}

var clockLine = regexp.MustCompile(`남은 시간  1P (\d+):(\d\d)  2P (\d+):(\d\d)`)

// clockOf reads both seats' times off a table's screen.
func clockOf(screen string) ([2]time.Duration, bool) {
	m := clockLine.FindStringSubmatch(screen)
	if m == nil {
		return [2]time.Duration{}, false
	}
	var left [2]time.Duration
	for i := range left {
		mins, _ := strconv.Atoi(m[1+2*i])
		secs, _ := strconv.Atoi(m[2+2*i])
		left[i] = time.Duration(mins)*time.Minute + time.Duration(secs)*time.Second
	}
	return left, true
}

// bobsTime is 2P's time on tm's screen, which must be at most most.
func bobsTime(t *testing.T, tm *ptytest.Term, most time.Duration) time.Duration {
	t.Helper()
	left, ok := clockOf(tm.WaitUntil("a clock line", func(s string) bool { _, ok := clockOf(s); return ok }))
	if !ok || left[1] > most {
		t.Fatalf("2P's time %v, want at most %v", left[1], most)
	}
	return left[1]
}

// checkMatchRecord checks the .psq of the first game: black's name first
// (Alice opened, Bob chose white), the four stones left after the
// takeback, each with the time it took in milliseconds.
func checkMatchRecord(t *testing.T, screen string) {
	t.Helper()
	var lines []string
	for _, line := range strings.Split(screen, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	move := regexp.MustCompile(`^(\d+),(\d+),(\d+)$`)
	var points []string
	var total int
	k := 0
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "Piskvorky 15x15") {
		t.Fatalf("the record does not begin as a .psq:\n%s", screen)
	}
	for k = 1; k < len(lines); k++ {
		m := move.FindStringSubmatch(lines[k])
		if m == nil {
			break
		}
		points = append(points, m[1]+","+m[2])
		ms, _ := strconv.Atoi(m[3])
		total += ms
	}
	if got := strings.Join(points, " "); got != "8,8 9,8 10,8 8,7" {
		t.Errorf("the record's stones %s, want 8,8 9,8 10,8 8,7 (column, row):\n%s", got, screen)
	}
	if total == 0 {
		t.Errorf("the record's stones have no time (all 0 ms):\n%s", screen)
	}
	if len(lines) < k+2 || lines[k] != "alice" || lines[k+1] != "bob" {
		t.Errorf("the record's names after its moves, want alice (black) then bob:\n%s", screen)
	}
}

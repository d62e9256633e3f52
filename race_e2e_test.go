//go:build !windows

package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"termgames/internal/ptytest"
	"termgames/minesweeper/solver"
)

// The race's field on a player's screen: its first cell's row and column,
// as the race's table screen lays it out (serve/racetable.go), and the
// beginner's size.
const (
	raceTop, raceLeft  = 4, 2
	raceRows, raceCols = 9, 9
	raceMines          = 10
)

// A minesweeper race through the real ssh, watched by a third: Alice
// opens a beginner table, Bob sits down, both see the count; Bob flags,
// Alice clears her field by logic alone (the board needs no guess) with
// the mouse, and wins; both screens show both players' figures; records
// lists the race, rated; a rematch starts a new count.
func TestOpenSSHRace(t *testing.T) {
	sshBin := sshClient(t)
	began := time.Now()
	srv := startServe(t)
	aliceKey, bobKey := srv.clientKey(t, "alice_key"), srv.clientKey(t, "bob_key")

	alice := srv.ssh(t, sshBin, "alice", aliceKey)
	toRace(alice)
	alice.Send("1\r")
	alice.WaitFor("난이도를 선택하세요.")
	alice.Send("1\r") // beginner
	code := codeOn(alice, e2eTableCode)
	alice.WaitFor("상대가 앉으면 3초 뒤에 시작합니다.")

	eve := srv.ssh(t, sshBin, "eve", "", "watch", code)
	eve.WaitFor("관전 중입니다")

	bob := srv.ssh(t, sshBin, "bob", bobKey)
	toRace(bob)
	bob.Send("2\r")
	bob.WaitFor("테이블 코드(또는 다시 접속 코드)를 입력하세요")
	bob.Send(code + "\r")
	all := []*ptytest.Term{alice, bob, eve}
	for _, tm := range all {
		tm.WaitFor("초 뒤에 시작합니다. 두 사람 모두 같은 보드입니다.")
	}
	alice.WaitFor("남은 지뢰: 10   시간: ")
	bob.WaitFor("남은 지뢰: 10   시간: ")

	// Bob flags a covered cell with the right button: Alice and Eve see
	// it.
	field, _ := raceField(bob.WaitUntil("bob's field", func(s string) bool { _, ok := raceField(s); return ok }))
	covered := slices.Index(field.Cells, solver.Covered)
	bob.Send(raceClick(2, covered/raceCols, covered%raceCols))
	alice.WaitFor("깃발: 1")
	eve.WaitFor("깃발: 1")

	// Alice plays as a player would, by logic, clicking the cells proved
	// safe with the left button.
	var pl solver.Player
	for moves := 0; ; moves++ {
		screen := alice.WaitUntil("alice's field", func(s string) bool { _, ok := raceField(s); return ok })
		if strings.Contains(screen, "승리!") {
			break
		}
		if moves > 100 {
			t.Fatalf("alice has not cleared her field after %d steps:\n%s", moves, screen)
		}
		p, _ := raceField(screen)
		step, err := pl.Next(p)
		if err != nil || step.Guess || len(step.Open) == 0 {
			t.Fatalf("logic finds no safe cell (%v, guess %v):\n%s", err, step.Guess, screen)
		}
		for _, i := range step.Open {
			alice.Send(raceClick(0, i/raceCols, i%raceCols))
		}
		cell := step.Open[len(step.Open)-1]
		alice.WaitUntil("the last cell clicked open", func(s string) bool {
			q, ok := raceField(s)
			return strings.Contains(s, "승리!") || ok && q.Cells[cell] != solver.Covered
		})
	}
	for _, tm := range all {
		screen := waitAll(tm, "alice 님이 먼저 모든 칸을 열었습니다. 승리!", "3BV/s")
		for _, want := range []string{"alice  시간 ", "bob    시간 ", "클릭 ", "IOE "} {
			if !strings.Contains(screen, want) {
				t.Errorf("no %q at the end of the race:\n%s", want, screen)
			}
		}
	}
	alice.WaitFor("r : 재대결 (새 보드로 한 판 더)   다른 키 : 메뉴로")
	bob.WaitFor("r : 재대결 (새 보드로 한 판 더)   다른 키 : 메뉴로")

	records := srv.ssh(t, sshBin, "bob", bobKey, "records")
	if status := records.Wait(); status != 0 {
		t.Fatalf("records: exit status %d; the screen:\n%s", status, records.Screen.Text())
	}
	// The line ends at the terminal's 100th column, in "rated": a wider
	// terminal shows the rest.
	if !strings.Contains(strings.Join(strings.Fields(records.Screen.Text()), " "),
		"minesweeper beginner alice vs bob alice won (cleared) rat") {
		t.Fatalf("records does not list the race:\n%s", records.Screen.Text())
	}

	// The rematch: a new count on a new board.
	alice.Send("r")
	bob.WaitFor("alice 님이 재대결을 원합니다.")
	bob.Send("r")
	for _, tm := range all {
		tm.WaitFor("초 뒤에 시작합니다. 두 사람 모두 같은 보드입니다.")
	}
	alice.WaitFor("남은 지뢰: 10   시간: ")
	t.Logf("the race took %v", time.Since(began).Round(100*time.Millisecond))
}

// toRace takes a player from the top menu to the race's online menu.
func toRace(tm *ptytest.Term) {
	tm.WaitFor("termgames: 게임을 골라 주세요!")
	tm.Send("3\r")
	tm.WaitFor("8. 온라인 대결")
	tm.Send("8\r")
	tm.WaitFor("온라인 대결 (지뢰찾기)")
}

// raceClick is a press and release of the mouse's button (0 left, 2
// right) on cell r, c of a player's field, as the terminal reports it.
func raceClick(button, r, c int) string {
	x, y := raceLeft+2*c+1, raceTop+r+1
	return fmt.Sprintf("\x1b[<%d;%d;%dM\x1b[<%d;%d;%dm", button, x, y, button, x, y)
}

// raceField reads a player's beginner field off the screen, as the solver
// takes it: open numbers (· is 0), every other cell covered.
func raceField(screen string) (*solver.Position, bool) {
	lines := strings.Split(screen, "\n")
	if len(lines) < raceTop+raceRows {
		return nil, false
	}
	p := solver.NewPosition(raceRows, raceCols, raceMines)
	for r := range raceRows {
		line := []rune(lines[raceTop+r])
		for c := range raceCols {
			col := raceLeft + 2*c
			if col >= len(line) {
				return nil, false
			}
			switch ch := line[col]; {
			case ch == '·':
				p.Cells[r*raceCols+c] = 0
			case ch >= '1' && ch <= '8':
				p.Cells[r*raceCols+c] = int8(ch - '0')
			case ch == '■' || ch == '►' || ch == '●':
			default:
				return nil, false
			}
		}
	}
	return p, true
}

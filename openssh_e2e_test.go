//go:build !windows

package main

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"termgames/console"
	"termgames/internal/ptytest"
)

// servedGames is `termgames serve` started by a test, on a port of its own.
type servedGames struct {
	cmd  *exec.Cmd
	port string
	dir  string
	log  *syncLog
	done chan struct{}
}

// startServe starts `termgames serve` on a loopback port with args, its
// host key and store in a folder of the test's, and stops it when the
// test ends.
func startServe(t *testing.T, args ...string) *servedGames {
	t.Helper()
	return startServeIn(t, t.TempDir(), args...)
}

// startServeIn is startServe with the host key, and the client keys the
// test writes, in dir: a server started again in dir is the same server.
func startServeIn(t *testing.T, dir string, args ...string) *servedGames {
	t.Helper()
	return startServeAs(t, dir, exec.Command(binary(t), append([]string{"serve", "-addr", "127.0.0.1:0", "-hostkey", filepath.Join(dir, "host_key")}, args...)...))
}

// startServeAs starts cmd, a `termgames serve` whose files are in dir.
func startServeAs(t *testing.T, dir string, cmd *exec.Cmd) *servedGames {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &servedGames{cmd: cmd, dir: dir, log: &syncLog{}, done: make(chan struct{})}
	cmd.Stderr = s.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		cmd.Wait()
		close(s.done)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-s.done
	})
	lines := bufio.NewScanner(out)
	port := regexp.MustCompile(`ssh -p (\d+) `)
	for lines.Scan() {
		if m := port.FindStringSubmatch(lines.Text()); m != nil {
			s.port = m[1]
			break
		}
	}
	if s.port == "" {
		t.Fatalf("termgames serve said no port; log:\n%s", s.log)
	}
	go func() {
		for lines.Scan() {
		}
	}()
	return s
}

// syncLog is the server's log, read by the test while the server writes.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// clientKey writes a new Ed25519 key for ssh -i, 0600, and returns its file.
func (s *servedGames) clientKey(t *testing.T, name string) string {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKey(priv, name)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(s.dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// ssh runs the OpenSSH client in a pseudo-terminal of its own, as a player
// types it: user at the server, with the key in file keyFile ("" for no
// key: keyboard-interactive, which asks nothing), and an optional command.
func (s *servedGames) ssh(t *testing.T, sshBin, user, keyFile string, command ...string) *ptytest.Term {
	t.Helper()
	args := []string{"-tt", "-F", "/dev/null", "-p", s.port,
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
		"-o", "IdentitiesOnly=yes"}
	if keyFile == "" {
		args = append(args, "-o", "PubkeyAuthentication=no")
	} else {
		args = append(args, "-i", keyFile, "-o", "PreferredAuthentications=publickey")
	}
	args = append(args, user+"@127.0.0.1")
	cmd := exec.Command(sshBin, append(args, command...)...)
	cmd.Env = ptytest.Env("SSH_AUTH_SOCK=")
	return ptytest.Start(t, cmd, 100, 30, console.NewCondition(console.Narrow))
}

// sshClient finds the OpenSSH client, or skips the test saying how to get it.
func sshClient(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	bin, err := exec.LookPath("ssh")
	if err != nil {
		t.Skip("this test needs the OpenSSH client, ssh: install it (Debian, Ubuntu: apt-get install -y openssh-client; macOS has it)")
	}
	return bin
}

var (
	e2eTableCode  = regexp.MustCompile(`(?:테이블 코드|Table code): ([A-Z0-9]{4})`)
	e2eResumeCode = regexp.MustCompile(`(?:다시 접속 코드|Resume code): ([A-Z0-9]{8})`)
)

// codeOn waits for re on tm's screen and returns its group.
func codeOn(tm *ptytest.Term, re *regexp.Regexp) string {
	return re.FindStringSubmatch(tm.WaitUntil(re.String(), re.MatchString))[1]
}

// toOnline takes a player from the top menu to a game's online menu: 1
// then 6 for omok, 2 then 5 for baseball.
func toOnline(tm *ptytest.Term, game string) {
	tm.WaitFor("termgames: 게임을 골라 주세요!")
	if game == "omok" {
		tm.Send("1\r")
		tm.WaitFor("7. 온라인 대전")
		tm.Send("7\r")
		tm.WaitFor("1. 새 테이블 만들기")
		return
	}
	tm.Send("2\r")
	tm.WaitFor("6. Versus online")
	tm.Send("6\r")
	tm.WaitFor("1. Open a new table")
}

// seatTwo has alice open a freestyle omok table through ssh with the key
// in aliceKey, and bob join it with bobKey, and returns both and the
// table's code once alice is to move.
func seatTwo(t *testing.T, srv *servedGames, sshBin, aliceKey, bobKey string) (alice, bob *ptytest.Term, code string) {
	t.Helper()
	alice = srv.ssh(t, sshBin, "alice", aliceKey)
	toOnline(alice, "omok")
	alice.Send("1\r")
	alice.WaitFor("규칙을 선택하세요.")
	alice.Send("1\r")
	alice.WaitFor("시간 제한을 선택하세요.")
	alice.Send("1\r") // no clock
	alice.WaitFor("오프닝을 선택하세요.")
	alice.Send("2\r") // no swap2
	code = codeOn(alice, e2eTableCode)
	bob = srv.ssh(t, sshBin, "bob", bobKey)
	toOnline(bob, "omok")
	bob.Send("2\r")
	bob.WaitFor("테이블 코드(또는 다시 접속 코드)를 입력하세요")
	bob.Send(code + "\r")
	alice.WaitFor("Player 1P, 당신의 턴입니다.")
	return alice, bob, code
}

// Two players play a whole omok game through the real ssh, watched by a
// third; one drops and comes back with the same key inside the hold, then
// drops for good and loses by forfeit; SIGTERM tells the players and
// stops the server within 5 s.
func TestOpenSSHOmok(t *testing.T) {
	sshBin := sshClient(t)
	srv := startServe(t, "-seathold", "4s")
	aliceKey, bobKey := srv.clientKey(t, "alice_key"), srv.clientKey(t, "bob_key")

	alice, bob, code := seatTwo(t, srv, sshBin, aliceKey, bobKey)
	bob.WaitFor("2P ●  bob (나)")

	eve := srv.ssh(t, sshBin, "eve", "", "watch", code)
	eve.WaitFor("관전 중입니다")
	alice.WaitFor("관전: 1명")

	moves := func(n int) string { return fmt.Sprintf("놓은 돌: %d", n) }
	alice.Send("\r")
	bob.WaitFor(moves(1))
	bob.Send("k\r")
	alice.WaitFor(moves(2))

	// Bob's ssh dies; his key brings him back to his seat at once.
	bob.Signal(syscall.SIGKILL)
	alice.WaitFor("bob 님의 연결이 끊겼습니다.")
	bob = srv.ssh(t, sshBin, "bob", bobKey)
	bob.WaitFor("2P ●  bob (나)")
	bob.WaitFor(moves(2))
	alice.WaitUntil("bob is back", func(s string) bool { return !strings.Contains(s, "연결이 끊겼습니다") })
	bob.Send("k") // a new screen's cursor starts at the centre again

	for i := 0; i < 3; i++ {
		alice.Send("l\r")
		bob.WaitFor(moves(3 + 2*i))
		bob.Send("l\r")
		alice.WaitFor(moves(4 + 2*i))
	}
	eve.WaitFor(moves(8))
	alice.Send("l\r")
	for _, tm := range []*ptytest.Term{alice, bob, eve} {
		tm.WaitFor("Player 1P(alice)의 승리로 게임을 종료합니다.")
	}

	// A second game: bob drops and does not come back within the hold.
	alice.Send("x")
	alice.WaitFor("1. 새 테이블 만들기")
	alice.Send("1\r")
	alice.WaitFor("규칙을 선택하세요.")
	alice.Send("2\r")
	alice.WaitFor("시간 제한을 선택하세요.")
	alice.Send("1\r")
	alice.WaitFor("오프닝을 선택하세요.")
	alice.Send("2\r")
	code = codeOn(alice, e2eTableCode)
	bob.Send("x") // back at the top menu: his key brought him straight to the table
	toOnline(bob, "omok")
	bob.Send("2\r")
	bob.WaitFor("입력하세요")
	bob.Send(code + "\r")
	alice.WaitFor("Player 1P, 당신의 턴입니다.")
	bob.Signal(syscall.SIGKILL)
	alice.WaitFor("bob 님의 연결이 끊겼습니다.")
	alice.WaitFor("alice 님의 기권승입니다. (bob 님 기권)")

	// SIGTERM: every player is told, and the server is gone within 5 s.
	began := time.Now()
	srv.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-srv.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not stop within 5 s of SIGTERM")
	}
	t.Logf("stopped %v after SIGTERM", time.Since(began).Round(time.Millisecond))
	alice.WaitFor("termgames: the server is stopping. Thanks for playing!")
	if code := srv.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("the server's exit status after SIGTERM: %d, want 0", code)
	}

	// Started again on the same files, the server has both games, rated:
	// both had keys. Each is the first game of its rule for both, so
	// 1500 (RD 350) against 1500 (RD 350) makes 1662 and 1338, still
	// provisional.
	srv = startServeIn(t, srv.dir, "-seathold", "4s")
	records := srv.ssh(t, sshBin, "alice", aliceKey, "records")
	for _, game := range []string{"omok freestyle alice vs bob alice won (five) rated", "omok standard alice vs bob alice won (forfeit) rated"} {
		records.WaitUntil(game, func(screen string) bool { // the columns are tab-separated
			return strings.Contains(strings.Join(strings.Fields(screen), " "), game)
		})
	}
	alice = srv.ssh(t, sshBin, "alice", aliceKey)
	toOnline(alice, "omok")
	alice.Send("6\r")
	alice.WaitFor("[내 프로필] alice")
	alice.WaitFor("오목 자유룰       1662?  1전 1승 0패 0무")
	alice.WaitFor("오목 표준룰       1662?  1전 1승 0패 0무")
	bob = srv.ssh(t, sshBin, "bob", bobKey)
	toOnline(bob, "omok")
	bob.Send("6\r")
	bob.WaitFor("오목 자유룰       1338?  1전 0승 1패 0무")
	bob.WaitFor("vs alice         패 (연결 끊김)  1500? → 1338?")
}

// A baseball versus game through the real ssh, one player with a key and
// one without; the keyless one drops and comes back with the resume code.
func TestOpenSSHBaseball(t *testing.T) {
	sshBin := sshClient(t)
	srv := startServe(t)
	carol := srv.ssh(t, sshBin, "carol", srv.clientKey(t, "carol_key"))
	toOnline(carol, "baseball")
	carol.Send("1\r")
	carol.WaitFor("Choose the time control.")
	carol.Send("1\r") // no clock
	code := codeOn(carol, e2eTableCode)

	dave := srv.ssh(t, sshBin, "dave", "")
	toOnline(dave, "baseball")
	dave.Send("2\r")
	dave.WaitFor("Enter the table's code")
	dave.Send(code + "\r")
	resume := codeOn(dave, e2eResumeCode)
	carol.Send("123\r")
	carol.WaitFor("Your number: 123")
	dave.Signal(syscall.SIGKILL)
	carol.WaitFor("dave dropped.")
	dave = srv.ssh(t, sshBin, "dave", "", "resume", resume)
	dave.WaitFor("Choose your number")
	dave.Send("987\r")
	carol.WaitFor("Guess the other's number")
	carol.Send("789\r")
	dave.WaitFor("789 1S 2B")
	dave.Send("456\r")
	carol.WaitFor("456 Out")
	carol.Send("987\r")
	dave.WaitFor("Guess the other's number")
	dave.Send("321\r")
	for _, tm := range []*ptytest.Term{carol, dave} {
		tm.WaitFor("carol wins! Found the number in 2 guesses.")
		tm.WaitFor("carol: 123   dave: 987")
	}
}

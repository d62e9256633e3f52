//go:build !windows

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"termgames/internal/ptytest"
	"termgames/internal/store/sqlite"
)

// The games survive the server: two players with keys play a few moves,
// the server is killed (SIGKILL, nothing written at the end) and started
// again on the same files, both come back through ssh with the same keys
// and are put back at the table with every move, and finish the game,
// which is then in the file with its result and both players rated.
func TestOpenSSHRestart(t *testing.T) {
	sshBin := sshClient(t)
	dir := t.TempDir()
	args := []string{"-db", filepath.Join(dir, "games.db"), "-seathold", "60s"}
	srv := startServeIn(t, dir, args...)
	aliceKey, bobKey := srv.clientKey(t, "alice_key"), srv.clientKey(t, "bob_key")

	alice, bob, code := seatTwo(t, srv, sshBin, aliceKey, bobKey)
	alice.WaitFor("관전: 0명  레이팅")
	// Alice from the centre rightwards, Bob the row above.
	alice.Send("\r")
	bob.WaitFor("놓은 돌: 1")
	bob.Send("k\r")
	alice.WaitFor("놓은 돌: 2")
	alice.Send("l\r")
	bob.WaitFor("놓은 돌: 3")
	bob.Send("l\r")
	alice.WaitFor("놓은 돌: 4")

	srv.cmd.Process.Signal(syscall.SIGKILL)
	<-srv.done
	srv = startServeIn(t, dir, args...)
	alice = srv.ssh(t, sshBin, "alice", aliceKey)
	bob = srv.ssh(t, sshBin, "bob", bobKey)
	for _, tm := range []*ptytest.Term{alice, bob} {
		tm.WaitFor("테이블 코드: " + code)
		tm.WaitFor("놓은 돌: 4")
	}
	alice.WaitFor("Player 1P, 당신의 턴입니다.")
	bob.WaitFor("2P ●  bob (나)")
	// A new screen's cursor is at the centre again.
	alice.Send("ll\r")
	bob.WaitFor("놓은 돌: 5")
	bob.Send("kll\r")
	alice.WaitFor("놓은 돌: 6")
	alice.Send("l\r")
	bob.WaitFor("놓은 돌: 7")
	bob.Send("l\r")
	alice.WaitFor("놓은 돌: 8")
	alice.Send("l\r")
	for _, tm := range []*ptytest.Term{alice, bob} {
		tm.WaitFor("Player 1P(alice)의 승리로 게임을 종료합니다.")
	}
	srv.cmd.Process.Signal(syscall.SIGTERM)
	<-srv.done

	st, err := sqlite.Open(filepath.Join(dir, "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	if games, err := st.InPlay(ctx, ""); err != nil || len(games) != 0 {
		t.Errorf("games still in play: %+v %v", games, err)
	}
	aliceFP, bobFP := fingerprint(t, aliceKey), fingerprint(t, bobKey)
	games, err := st.GamesOf(ctx, aliceFP, 10)
	if err != nil || len(games) != 1 {
		t.Fatalf("alice's games: %+v %v", games, err)
	}
	g, err := st.Game(ctx, games[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if g.Code != code || g.Winner != 0 || g.How != "five" || !g.Rated || len(g.Moves) != 9 ||
		!strings.HasPrefix(string(g.Record), "Piskvorky 15x15") {
		t.Errorf("the game kept: %+v\n%s", g, g.Record)
	}
	for _, who := range []struct {
		key        string
		win, loss  int
		higherThan float64
	}{{aliceFP, 1, 0, 1500}, {bobFP, 0, 1, 0}} {
		rs, err := st.RatingsOf(ctx, who.key)
		if err != nil || len(rs) != 1 || rs[0].Games != 1 || rs[0].Wins != who.win || rs[0].Losses != who.loss ||
			rs[0].R <= who.higherThan {
			t.Errorf("ratings of %s: %+v %v", who.key, rs, err)
		}
	}
}

// fingerprint is the SHA256 fingerprint of the key in the file at path, as
// the server names its player.
func fingerprint(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.ParsePrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return gossh.FingerprintSHA256(signer.PublicKey())
}

// A file the store refuses (not termgames', here not SQLite at all) stops
// the server before it listens: one line, status 1, and the file as it was.
func TestServeRefusesAFile(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	const text = "a shopping list, not a database\n"
	if err := os.WriteFile(notes, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, status := runPiped(t, "", "serve", "-addr", "127.0.0.1:0", "-hostkey", filepath.Join(dir, "host_key"), "-db", notes)
	if status != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "termgames: ") ||
		!strings.Contains(errOut, notes) {
		t.Errorf("serve -db on a text file: status %d, stdout %q, stderr %q; want 1, nothing, one line naming the file", status, out, errOut)
	}
	if b, _ := os.ReadFile(notes); string(b) != text {
		t.Errorf("the refused file was changed: %q", b)
	}
}

// A full disk, for real: the server runs with a limit on the size of the
// files it writes (ulimit -f), so that SQLite's writes fail as on a full
// disk after some moves. Both players are told, the log says why, the
// game goes on to its end in memory, and the server stays up.
func TestOpenSSHDiskFull(t *testing.T) {
	sshBin := sshClient(t)
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("needs bash for ulimit")
	}
	dir := t.TempDir()
	// 256 KiB: the new database and its log take about 100, and each
	// move a page of 4 KiB more in the log.
	srv := startServeAs(t, dir, exec.Command(bash, "-c", `ulimit -f 256 && exec "$@"`, "bash", binary(t),
		"serve", "-addr", "127.0.0.1:0", "-hostkey", filepath.Join(dir, "host_key"), "-db", filepath.Join(dir, "games.db")))
	aliceKey, bobKey := srv.clientKey(t, "alice_key"), srv.clientKey(t, "bob_key")
	alice, bob, _ := seatTwo(t, srv, sshBin, aliceKey, bobKey)

	// Rows 0, 2, 4, … filled ○ ● ○ ● …: no five anywhere. Alice takes
	// the even columns, Bob the odd; each cursor starts at the centre.
	const unsaved = "기록을 저장하지 못했습니다"
	players := [2]*ptytest.Term{alice, bob}
	at := [2][2]int{{7, 7}, {7, 7}}
	next := [2][2]int{{0, 0}, {0, 1}}
	keys := func(from, to [2]int) string {
		k := ""
		for r := from[0]; r > to[0]; r-- {
			k += "k"
		}
		for r := from[0]; r < to[0]; r++ {
			k += "j"
		}
		for c := from[1]; c > to[1]; c-- {
			k += "h"
		}
		for c := from[1]; c < to[1]; c++ {
			k += "l"
		}
		return k + "\r"
	}
	failedAt := 0
	for n := 1; n <= 100 && (failedAt == 0 || n <= failedAt+4); n++ {
		side := (n - 1) % 2
		me, other := players[side], players[1-side]
		me.Send(keys(at[side], next[side]))
		other.WaitFor(fmt.Sprintf("놓은 돌: %d", n))
		at[side] = next[side]
		next[side][1] += 2
		if next[side][1] > 14 {
			next[side] = [2]int{next[side][0] + 2, side}
		}
		if failedAt == 0 && strings.Contains(other.WaitFor(fmt.Sprintf("놓은 돌: %d", n)), unsaved) {
			failedAt = n
			me.WaitFor(unsaved)
		}
	}
	if failedAt == 0 {
		t.Fatalf("100 moves and no write failed; the log:\n%s", srv.log)
	}
	t.Logf("the first write that failed: move %d", failedAt)
	if !strings.Contains(srv.log.String(), "could not keep a move") || !strings.Contains(srv.log.String(), "disk I/O error") {
		t.Errorf("the log does not say why the game was not saved:\n%s", srv.log)
	}
	select {
	case <-srv.done:
		t.Fatalf("the server stopped; the log:\n%s", srv.log)
	default:
	}
	alice.Send("\x1b")
	alice.WaitFor("나가면 기권패가 됩니다")
	alice.Send("y")
	bob.WaitFor("bob 님의 기권승입니다. (alice 님 기권)")
}

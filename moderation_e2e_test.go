//go:build !windows

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"termgames/internal/ptytest"
)

// publicKey is the authorized_keys line of the private key in file.
func publicKey(t *testing.T, file string) string {
	t.Helper()
	pem, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.ParsePrivateKey(pem)
	if err != nil {
		t.Fatal(err)
	}
	return string(gossh.MarshalAuthorizedKey(signer.PublicKey()))
}

// admin runs `ssh HOST admin ARGS...` with the key in keyFile and stdin,
// without a terminal, and returns what it printed and its status.
func (s *servedGames) admin(t *testing.T, sshBin, keyFile, stdin string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(sshBin, append([]string{"-T", "-F", "/dev/null", "-p", s.port,
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
		"-o", "IdentitiesOnly=yes", "-i", keyFile, "-o", "PreferredAuthentications=publickey",
		"mod@127.0.0.1", "admin"}, args...)...)
	cmd.Env = ptytest.Env("SSH_AUTH_SOCK=")
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return out.String(), ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), 0
}

// Through the real ssh: a moderator bans a player in the middle of a
// game (it ends by forfeit, the player's session ends saying why, their
// login is refused with the reason), the server is killed and started
// again, the ban holds, unban lets them in; and a key moved by admin move
// logs in with the name and the rating.
func TestOpenSSHModeration(t *testing.T) {
	sshBin := sshClient(t)
	dir := t.TempDir()
	srv := startServeIn(t, dir)
	modKey := srv.clientKey(t, "mod_key")
	admins := filepath.Join(dir, "admins")
	if err := os.WriteFile(admins, []byte(publicKey(t, modKey)), 0o600); err != nil {
		t.Fatal(err)
	}
	srv.cmd.Process.Kill()
	<-srv.done
	srv = startServeIn(t, dir, "-admins", admins)
	aliceKey, bobKey, newKey := srv.clientKey(t, "alice_key"), srv.clientKey(t, "bob_key"), srv.clientKey(t, "new_key")

	alice, bob, _ := seatTwo(t, srv, sshBin, aliceKey, bobKey)
	alice.Send("\r")
	bob.WaitFor("놓은 돌: 1")
	if out, status := srv.admin(t, sshBin, bobKey, "", "ban", "alice"); status != 1 || !strings.Contains(out, "not an admin") {
		t.Errorf("a player's admin ban: %d %q", status, out)
	}
	out, status := srv.admin(t, sshBin, modKey, "", "ban", "bob", "24h", "spamming")
	if status != 0 || !strings.Contains(out, "banned bob until ") || !strings.Contains(out, "1 game lost by forfeit") {
		t.Fatalf("ban: %d %q", status, out)
	}
	alice.WaitFor("alice 님의 기권승입니다.")
	bob.WaitFor("you are banned from this server until ")
	if s := bob.Wait(); s != 1 {
		t.Errorf("the banned session's status: %d", s)
	}
	refused := func() {
		t.Helper()
		again := srv.ssh(t, sshBin, "bob", bobKey)
		again.WaitFor("spamming")
		if s := again.Wait(); s != 1 {
			t.Errorf("the refused login's status: %d", s)
		}
	}
	refused()

	// Killed and started again: the ban holds, and unban lifts it.
	srv.cmd.Process.Signal(syscall.SIGKILL)
	<-srv.done
	srv = startServeIn(t, dir, "-admins", admins)
	refused()
	if out, status := srv.admin(t, sshBin, modKey, "", "unban", "bob"); status != 0 || !strings.Contains(out, "lifted the ban of bob") {
		t.Fatalf("unban: %d %q", status, out)
	}
	back := srv.ssh(t, sshBin, "bob", bobKey)
	back.WaitFor("termgames: 게임을 골라 주세요!")

	// alice lost her key: her name and rating go to a new one.
	out, status = srv.admin(t, sshBin, modKey, publicKey(t, newKey), "move", "alice")
	if status != 0 || !strings.Contains(out, "moved alice, their ratings and games") {
		t.Fatalf("move: %d %q", status, out)
	}
	moved := srv.ssh(t, sshBin, "someone", newKey)
	toOnline(moved, "omok")
	moved.Send("6\r")
	moved.WaitFor("[내 프로필] alice")
	moved.WaitFor("1전 1승 0패 0무")
}

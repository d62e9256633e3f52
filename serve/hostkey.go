package serve

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"
)

// hostKey returns the server's host key from path, generating it there the
// first time: an Ed25519 key, written 0600 in OpenSSH's format, and never
// replaced, so that players' known_hosts stay valid from one run to the
// next. A key file that others can read is refused, as sshd refuses one.
func hostKey(path string) (gossh.Signer, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return newHostKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("host key %s: mode %v: others may read it; chmod 600 it", path, fi.Mode().Perm())
	}
	signer, err := gossh.ParsePrivateKey(b)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	return signer, nil
}

// newHostKey generates a key and writes it to path, which must not exist
// yet (two servers started at once must not write two keys).
func newHostKey(path string) (gossh.Signer, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "termgames host key")
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("host key: %w", err)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	if _, err := f.Write(pem.EncodeToMemory(block)); err != nil {
		f.Close()
		os.Remove(path)
		return nil, fmt.Errorf("host key: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	return gossh.NewSignerFromKey(priv)
}

// defaultHostKey is where the host key lives without -hostkey: the user's
// config folder, beside the minesweeper scores.
func defaultHostKey() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "termgames_host_ed25519_key"
	}
	return filepath.Join(dir, "termgames", "ssh_host_ed25519_key")
}

// allowList reads an allow-list in authorized_keys format (one public key
// a line, comments and blank lines skipped) and returns the fingerprints
// (SHA256) of its keys.
func allowList(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("allow-list: %w", err)
	}
	keys := map[string]bool{}
	for line, rest := 1, b; len(bytes.TrimSpace(rest)) > 0; line++ {
		var l []byte
		l, rest, _ = bytes.Cut(rest, []byte("\n"))
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		key, _, _, _, err := gossh.ParseAuthorizedKey(l)
		if err != nil {
			return nil, fmt.Errorf("allow-list %s: line %d: %w", path, line, err)
		}
		keys[gossh.FingerprintSHA256(key)] = true
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("allow-list %s: no keys: nobody could connect", path)
	}
	return keys, nil
}

package serve

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"
)

// hostKey returns the server's host key from path, generating it there the
// first time: an Ed25519 key in OpenSSH's format, readable by its owner
// alone, and never replaced, so that players' known_hosts stay valid from
// one run to the next. A key file that others can read is refused, as sshd
// refuses one.
func hostKey(path string) (gossh.Signer, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return newHostKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	if err := keyPrivate(path); err != nil {
		return nil, err
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
	f, err := createKey(path)
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

// filePath is a flag holding a file's path: -h shows its default as the
// host's own shell takes it (shownPath), where a string flag's %q would
// double every backslash of a Windows path.
type filePath string

// pathFlag defines a file flag on fs, as fs.String does.
func pathFlag(fs *flag.FlagSet, name, value, usage string) *string {
	p := (*filePath)(new(string))
	*p = filePath(value)
	fs.Var(p, name, usage)
	return (*string)(p)
}

// String is the path as -h shows it.
func (p *filePath) String() string {
	if p == nil || *p == "" {
		return ""
	}
	return shownPath(string(*p))
}

// Set takes the path as given.
func (p *filePath) Set(s string) error {
	*p = filePath(s)
	return nil
}

// allowList reads an allow-list in authorized_keys format (one public key
// a line, comments and blank lines skipped) and returns the fingerprints
// (SHA256) of its keys. A file that a Windows editor saved (a UTF-8 byte
// order mark, CRLF line ends) reads as well; one in UTF-16, as PowerShell
// 5's > writes it, is refused with how to save it instead, as its keys
// would otherwise be reported unreadable one line at a time.
func allowList(path string) (map[string]bool, error) { return keyList("allow-list", path) }

// keyList reads a file of public keys as allowList does; what names the
// file in its errors ("allow-list", "admins file").
func keyList(what, path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if bytes.HasPrefix(b, []byte{0xff, 0xfe}) || bytes.HasPrefix(b, []byte{0xfe, 0xff}) || bytes.IndexByte(b, 0) >= 0 {
		return nil, fmt.Errorf("%s %s: saved as UTF-16: save it as UTF-8 (in PowerShell, Set-Content -Encoding utf8 or Out-File -Encoding ascii; in Notepad, Save as with Encoding UTF-8)", what, path)
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
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
			return nil, fmt.Errorf("%s %s: line %d: %w", what, path, line, err)
		}
		keys[gossh.FingerprintSHA256(key)] = true
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s %s: no keys", what, path)
	}
	return keys, nil
}

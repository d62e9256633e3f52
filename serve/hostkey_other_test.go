//go:build !windows

package serve

import (
	"os"
	"path/filepath"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

// The host key is generated once, 0600, and the same key afterwards; one
// others may read is refused.
func TestHostKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "host_key")
	a, err := hostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, %v; want mode 0600", fi.Mode(), err)
	}
	b, err := hostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if gossh.FingerprintSHA256(a.PublicKey()) != gossh.FingerprintSHA256(b.PublicKey()) {
		t.Error("the host key changed between two starts")
	}
	os.Chmod(path, 0o644)
	if _, err := hostKey(path); err == nil {
		t.Error("a host key others may read was used")
	}
}

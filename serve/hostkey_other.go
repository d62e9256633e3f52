//go:build !windows

package serve

import (
	"fmt"
	"os"
	"strconv"
)

// createKey creates the key file, readable by its owner alone, and fails
// if it exists.
func createKey(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
}

// keyPrivate refuses a key file whose mode lets others read it, as sshd
// does.
func keyPrivate(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("host key %s: mode %v: others may read it; chmod 600 it", path, fi.Mode().Perm())
	}
	return nil
}

// shownPath is a path as -h shows it: quoted, as a string flag's default.
func shownPath(path string) string { return strconv.Quote(path) }

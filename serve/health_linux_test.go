package serve

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// /readyz answers 503, with the store's own error, while the store's
// file cannot be written under the running server, and 200 again once it
// can. Tests run as root in CI, where a file's mode stops no write, and
// an open file is written whatever its mode anyway; so the file is made
// unwritable where the server holds it: each descriptor of the file and
// its write-ahead log in this process is replaced (dup3) by one opened
// read-only, and every write through it fails (EBADF), as on a file
// system remounted read-only.
func TestReadyFileUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "termgames.db")
	srv := startServer(t, config{Store: reopenStore(t, file)})
	base := metricsServer(t, srv.server)
	if code, body := get(t, base+"/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz: %d %q", code, body)
	}

	restore := readOnly(t, file, file+"-wal")
	code, body := get(t, base+"/readyz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "store: write to "+file) {
		t.Errorf("/readyz with the file read-only: %d %q", code, body)
	}
	t.Logf("/readyz said %d %q", code, body)
	if n := scrape(t, base)[`termgames_store_write_failures_total{op="probe"}`]; n != 1 {
		t.Errorf("%v failed probes counted", n)
	}
	if code, _ := get(t, base+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz with the file read-only: %d", code)
	}

	restore()
	if code, body := get(t, base+"/readyz"); code != http.StatusOK {
		t.Errorf("/readyz with the file writable again: %d %q", code, body)
	}
}

// readOnly makes every descriptor of this process open on one of paths a
// read-only one, and returns what puts the first ones back.
func readOnly(t *testing.T, paths ...string) (restore func()) {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	type swapped struct{ fd, saved int }
	var done []swapped
	for _, e := range fds {
		fd, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		target, err := os.Readlink("/proc/self/fd/" + e.Name())
		if err != nil {
			continue // closed meanwhile: ReadDir's own descriptor
		}
		for _, p := range paths {
			if target != p {
				continue
			}
			saved, err := unix.Dup(fd)
			if err != nil {
				t.Fatal(err)
			}
			ro, err := unix.Open(p, unix.O_RDONLY|unix.O_CLOEXEC, 0)
			if err != nil {
				t.Fatal(err)
			}
			if err := unix.Dup3(ro, fd, unix.O_CLOEXEC); err != nil {
				t.Fatal(err)
			}
			unix.Close(ro)
			done = append(done, swapped{fd, saved})
		}
	}
	if len(done) == 0 {
		t.Fatalf("no descriptor open on %v", paths)
	}
	t.Logf("%d descriptors made read-only", len(done))
	return func() {
		for _, s := range done {
			if err := unix.Dup3(s.saved, s.fd, unix.O_CLOEXEC); err != nil {
				t.Fatal(err)
			}
			unix.Close(s.saved)
		}
	}
}

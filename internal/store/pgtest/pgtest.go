// Package pgtest starts a throw-away PostgreSQL cluster for tests and
// benchmarks: initdb and pg_ctl of the machine's PostgreSQL on a temporary
// folder, reached through a Unix socket in that folder only (no TCP port),
// stopped and removed after. pgx's own CI tests against a real server the
// same way; a mock would not show a lock, a constraint or a plan.
//
// initdb refuses to run as root, and CI and these machines run as root:
// there the cluster is made and started as the postgres user (runuser), as
// Debian's pg_virtualenv does. Where no PostgreSQL is installed, the tests
// that need one skip with the reason, except under CI=true, where they
// fail: CI must run them.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
)

// ErrMissing is why no cluster can be started: PostgreSQL is not
// installed, or not usable as this user.
var ErrMissing = errors.New("no PostgreSQL to test with")

// Cluster is a running throw-away cluster.
type Cluster struct {
	dir    string   // the temporary folder: data/, the socket and the log
	bin    string   // the folder of initdb, pg_ctl and postgres
	runAs  []string // the command prefix that runs a program as the cluster's owner
	port   int      // names the socket; nothing listens on TCP
	nextDB atomic.Int64
}

// Fast are the settings of a cluster for tests: a crash of the machine
// may lose it, which a throw-away cluster does not mind, and every commit
// does not wait for the disk.
var Fast = []string{"fsync = off", "synchronous_commit = off", "full_page_writes = off"}

// Start makes and starts a cluster with settings (lines of postgresql.conf,
// such as Fast) added to PostgreSQL's defaults. An error wrapping
// ErrMissing says that this machine has no PostgreSQL to start.
func Start(settings ...string) (*Cluster, error) {
	bin, err := binaries()
	if err != nil {
		return nil, err
	}
	c := &Cluster{bin: bin, port: 5432}
	var owner *user.User
	if os.Geteuid() == 0 {
		if owner, err = user.Lookup("postgres"); err != nil {
			return nil, fmt.Errorf("%w: running as root, and no postgres user to run it as", ErrMissing)
		}
		runuser, err := exec.LookPath("runuser")
		if err != nil {
			return nil, fmt.Errorf("%w: running as root, and no runuser to run it as postgres", ErrMissing)
		}
		c.runAs = []string{runuser, "-u", owner.Username, "--"}
	}
	// As root the folder goes in /tmp, which the postgres user can reach
	// whatever $TMPDIR says.
	parent := ""
	if owner != nil {
		parent = "/tmp"
	}
	c.sweep(parent)
	if c.dir, err = os.MkdirTemp(parent, "termgames-pg-"); err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	// Who made the cluster: a later Start removes it if that process died
	// without stopping it (a test run killed, or stopped by Ctrl-C).
	err = os.WriteFile(filepath.Join(c.dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644)
	if err == nil && owner != nil {
		uid, _ := strconv.Atoi(owner.Uid)
		gid, _ := strconv.Atoi(owner.Gid)
		err = os.Chown(c.dir, uid, gid)
	}
	if err == nil {
		err = c.start(settings)
	}
	if err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

// ownerFile, in a cluster's folder, holds the process ID of the test
// process that started it.
const ownerFile = "owner"

// sweep stops and removes the clusters in parent (the temporary folder
// when "") whose test process is gone: a run killed before its cleanup
// leaves its cluster running, and the next run ends it. A cluster of a
// process still running, or of no known process, is left alone.
func (c *Cluster) sweep(parent string) {
	if parent == "" {
		parent = os.TempDir()
	}
	dirs, _ := filepath.Glob(filepath.Join(parent, "termgames-pg-*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || alive(pid) {
			continue
		}
		stale := &Cluster{dir: dir, bin: c.bin, runAs: c.runAs, port: c.port}
		_ = stale.Stop()
	}
}

// alive reports whether process pid may still be running: only a process
// known to be gone is not.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return !errors.Is(p.Signal(syscall.Signal(0)), os.ErrProcessDone)
}

// executable is the file name of a program: with .exe on Windows, so
// that a Windows build never takes another system's binaries (under Wine,
// Linux's, on drive Z:) for its own.
func executable(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

// binaries finds the folder of initdb and pg_ctl: pg_config's, else the
// newest of Debian's /usr/lib/postgresql/*/bin, else $PATH's.
func binaries() (string, error) {
	has := func(dir string) bool {
		for _, name := range []string{"initdb", "pg_ctl", "postgres"} {
			if fi, err := os.Stat(filepath.Join(dir, executable(name))); err != nil || fi.IsDir() {
				return false
			}
		}
		return true
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		if dir := strings.TrimSpace(string(out)); has(dir) {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, dir := range dirs {
		if has(dir) {
			return dir, nil
		}
	}
	if initdb, err := exec.LookPath("initdb"); err == nil && has(filepath.Dir(initdb)) {
		return filepath.Dir(initdb), nil
	}
	return "", fmt.Errorf("%w: no initdb, pg_ctl and postgres (pg_config --bindir, /usr/lib/postgresql/*/bin, $PATH)", ErrMissing)
}

// version is the major version in a path such as /usr/lib/postgresql/15/bin.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// start makes the cluster in c.dir and starts it.
func (c *Cluster) start(settings []string) error {
	data := filepath.Join(c.dir, "data")
	if err := c.run("initdb", "--pgdata", data, "--username", "postgres", "--auth", "trust",
		"--encoding", "UTF8", "--locale", "C", "--no-sync"); err != nil {
		return err
	}
	conf := []string{
		"listen_addresses = ''", // the socket only: nothing on the network
		fmt.Sprintf("unix_socket_directories = '%s'", c.dir),
		fmt.Sprintf("port = %d", c.port),
	}
	conf = append(conf, settings...)
	f, err := os.OpenFile(filepath.Join(data, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString("\n# pgtest\n" + strings.Join(conf, "\n") + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return c.run("pg_ctl", "--pgdata", data, "--log", filepath.Join(c.dir, "log"), "--wait", "--silent", "start")
}

// run runs one of PostgreSQL's programs as the cluster's owner; its
// output is the error's when it fails.
func (c *Cluster) run(program string, args ...string) error {
	argv := append(append(append([]string{}, c.runAs...), filepath.Join(c.bin, executable(program))), args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = c.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if log, lerr := os.ReadFile(filepath.Join(c.dir, "log")); lerr == nil && program == "pg_ctl" {
			msg += "\n" + string(log)
		}
		return fmt.Errorf("pgtest: %s: %w: %s", program, err, msg)
	}
	return nil
}

// Stop stops the cluster at once and removes it.
func (c *Cluster) Stop() error {
	if c == nil || c.dir == "" {
		return nil
	}
	var err error
	if _, serr := os.Stat(filepath.Join(c.dir, "data", "postmaster.pid")); serr == nil {
		err = c.run("pg_ctl", "--pgdata", filepath.Join(c.dir, "data"), "--mode", "immediate", "--wait", "--silent", "stop")
	}
	if rerr := os.RemoveAll(c.dir); err == nil {
		err = rerr
	}
	c.dir = ""
	return err
}

// Crash stops the cluster as a crash would (pg_ctl's immediate mode: no
// checkpoint, what was committed is recovered from the log at the next
// start) and starts it again.
func (c *Cluster) Crash() error {
	data := filepath.Join(c.dir, "data")
	if err := c.run("pg_ctl", "--pgdata", data, "--mode", "immediate", "--wait", "--silent", "stop"); err != nil {
		return err
	}
	return c.run("pg_ctl", "--pgdata", data, "--log", filepath.Join(c.dir, "log"), "--wait", "--silent", "start")
}

// DSN is the URL of database db on the cluster, as `termgames serve -db`
// takes it.
func (c *Cluster) DSN(db string) string {
	return fmt.Sprintf("postgres://postgres@/%s?host=%s&port=%d&sslmode=disable", db, c.dir, c.port)
}

// Create makes a new, empty database named after name (made a valid
// name, and unique on the cluster) and returns its DSN.
func (c *Cluster) Create(ctx context.Context, name string) (string, error) {
	db := fmt.Sprintf("%s_%d", dbName(name), c.nextDB.Add(1))
	conn, err := pgx.Connect(ctx, c.DSN("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{db}.Sanitize()); err != nil {
		return "", fmt.Errorf("pgtest: create database %s: %w", db, err)
	}
	return c.DSN(db), nil
}

var notName = regexp.MustCompile(`[^a-z0-9_]+`)

// dbName is name made a short database name of lower-case letters,
// digits and underscores.
func dbName(name string) string {
	s := strings.Trim(notName.ReplaceAllString(strings.ToLower(name), "_"), "_")
	if len(s) > 40 {
		s = s[len(s)-40:]
	}
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		s = "db_" + s
	}
	return s
}

// Database makes a new, empty database for tb and returns its DSN.
func (c *Cluster) Database(tb testing.TB) string {
	tb.Helper()
	dsn, err := c.Create(context.Background(), tb.Name())
	if err != nil {
		tb.Fatal(err)
	}
	return dsn
}

// New starts a cluster for tb alone, stopped when tb ends; without a
// PostgreSQL it skips tb (fails it under CI=true).
func New(tb testing.TB, settings ...string) *Cluster {
	tb.Helper()
	c, err := Start(settings...)
	if err != nil {
		Missing(tb, err)
	}
	tb.Cleanup(func() {
		if err := c.Stop(); err != nil {
			tb.Errorf("stop the cluster: %v", err)
		}
	})
	return c
}

// Missing ends tb for want of a cluster, which err says: a skip with the
// reason on one line, or under CI=true a failure, since CI installs
// PostgreSQL so that these tests run. An err not of ErrMissing is a
// failure everywhere: PostgreSQL is there and did not start.
func Missing(tb testing.TB, err error) {
	tb.Helper()
	if errors.Is(err, ErrMissing) && os.Getenv("CI") != "true" {
		tb.Skip(err)
	}
	tb.Fatal(err)
}

// Shared is one cluster for a package's tests, started by the first test
// that asks for a database (so that tests that need none do not wait for
// initdb) and stopped by Main after the last.
//
//	var cluster pgtest.Shared
//
//	func TestMain(m *testing.M) { os.Exit(cluster.Main(m)) }
type Shared struct {
	once sync.Once
	c    *Cluster
	err  error
}

// Main runs the package's tests, then stops the cluster if one started,
// and returns the exit code.
func (s *Shared) Main(m *testing.M) int {
	code := m.Run()
	if s.c != nil {
		if err := s.c.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	return code
}

// Database makes a new, empty database for tb on the shared cluster, with
// the settings of Fast, and returns its DSN; without a PostgreSQL it ends
// tb as Missing says.
func (s *Shared) Database(tb testing.TB) string {
	tb.Helper()
	s.once.Do(func() { s.c, s.err = Start(Fast...) })
	if s.err != nil {
		Missing(tb, s.err)
	}
	return s.c.Database(tb)
}

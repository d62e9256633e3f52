package minesweeper

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

var day = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func rec(ms int64, minute int) Record {
	return Record{Millis: ms, When: day.Add(time.Duration(minute) * time.Minute)}
}

// won is a win in r's time for the best times alone, not counted in the
// statistics.
func won(r Record) entry { return entry{won: true, rec: r} }

func TestStoreAddAndReload(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "scores.json")
	s := newStore(path, osFS{})
	s.load(day)
	for i, ms := range []int64{30000, 12000, 45000, 12000} {
		rank, err := s.add("beginner", won(rec(ms, i)), day)
		if err != nil {
			t.Fatal(err)
		}
		want := []int{1, 1, 3, 2}[i] // a tie goes after the earlier win
		if rank != want {
			t.Errorf("time %d: rank %d, want %d", ms, rank, want)
		}
	}
	if _, err := s.add("9x12/20", won(rec(5000, 9)), day); err != nil {
		t.Fatal(err)
	}
	again := newStore(path, osFS{})
	again.load(day)
	got := again.times("beginner")
	want := []Record{rec(12000, 1), rec(12000, 3), rec(30000, 0), rec(45000, 2)}
	if !slices.EqualFunc(got, want, func(a, b Record) bool { return a.Millis == b.Millis && a.When.Equal(b.When) }) {
		t.Errorf("reloaded %v, want %v", got, want)
	}
	if keys := again.keys(); !slices.Equal(keys, []string{"9x12/20", "beginner"}) {
		t.Errorf("keys %v", keys)
	}
	if n := again.takeNotice(); n != nil {
		t.Errorf("a good file gave a notice: %+v", n)
	}
	if entries := files(filepath.Dir(path)); !slices.Equal(entries, []string{"scores.json", "scores.json.lock"}) {
		t.Errorf("the folder holds %v, want only the file and its lock (no temp files left)", entries)
	}
}

// files lists the names in dir.
func files(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestStoreKeepsTen(t *testing.T) {
	s := newStore("", osFS{})
	for i := range 15 {
		s.add("expert", won(rec(int64(100000-i*1000), i)), day)
	}
	got := s.times("expert")
	if len(got) != keepBest || got[0].Millis != 86000 || got[9].Millis != 95000 {
		t.Errorf("kept %v", got)
	}
	if rank, err := s.add("expert", won(rec(99000, 99)), day); rank != 0 || err != nil {
		t.Errorf("a slow time ranked %d (%v), want 0", rank, err)
	}
}

// TestStoreMergesOtherWrites keeps the times another run of the program wrote after
// this one loaded the file.
func TestStoreMergesOtherWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scores.json")
	a, b := newStore(path, osFS{}), newStore(path, osFS{})
	a.load(day)
	b.load(day)
	a.add("beginner", won(rec(20000, 1)), day)
	b.add("beginner", won(rec(10000, 2)), day)
	c := newStore(path, osFS{})
	c.load(day)
	if got := c.times("beginner"); len(got) != 2 {
		t.Errorf("times %v, want both runs' wins", got)
	}
}

// crash is what a fake file system panics with to stand for the process
// dying at that point.
type crash struct{ at string }

// fakeFS is the real file system with ways to fail.
type fakeFS struct {
	osFS
	dieInWrite  bool // the process dies half-way through writing the temp file
	dieAtRename bool // the process dies after the temp file is synced, before the rename
	failWrite   bool // the disk is full
	readErr     error
	renameErr   error // every rename fails
}

func (f *fakeFS) ReadFile(name string) ([]byte, error) {
	if f.readErr != nil {
		return nil, f.readErr
	}
	return f.osFS.ReadFile(name)
}

func (f *fakeFS) CreateTemp(dir, pattern string) (storeFile, error) {
	file, err := f.osFS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &fakeFile{storeFile: file, fs: f}, nil
}

func (f *fakeFS) Rename(from, to string) error {
	if f.dieAtRename {
		panic(crash{"rename"})
	}
	if f.renameErr != nil {
		return f.renameErr
	}
	return f.osFS.Rename(from, to)
}

type fakeFile struct {
	storeFile
	fs *fakeFS
}

var errDiskFull = errors.New("no space left on device")

func (f *fakeFile) Write(p []byte) (int, error) {
	switch {
	case f.fs.dieInWrite:
		f.storeFile.Write(p[:len(p)/2])
		f.storeFile.Close() // as the system closes a dead process's files: Windows removes no open file
		panic(crash{"write"})
	case f.fs.failWrite:
		n, _ := f.storeFile.Write(p[:len(p)/2])
		return n, errDiskFull
	}
	return f.storeFile.Write(p)
}

// dies runs fn and reports whether it "died" with a crash.
func dies(fn func()) (died bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(crash); !ok {
				panic(r)
			}
			died = true
		}
	}()
	fn()
	return false
}

// TestStoreWriteDiesHalfWay kills the write at each point it can die: the
// old file must stay whole and readable, with every time it had.
func TestStoreWriteDiesHalfWay(t *testing.T) {
	tests := []struct {
		name string
		fs   fakeFS
		dies bool
	}{
		{"dies while writing the temp file", fakeFS{dieInWrite: true}, true},
		{"dies between the synced temp file and the rename", fakeFS{dieAtRename: true}, true},
		{"the disk fills up", fakeFS{failWrite: true}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "scores.json")
			good := newStore(path, osFS{})
			good.add("beginner", won(rec(15000, 0)), day)
			good.add("expert", won(rec(150000, 1)), day)
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fsys := tt.fs
			s := newStore(path, &fsys)
			s.load(day)
			var addErr error
			died := dies(func() { _, addErr = s.add("beginner", won(rec(9000, 2)), day) })
			if died != tt.dies {
				t.Fatalf("died %v, want %v", died, tt.dies)
			}
			if !died && !errors.Is(addErr, errDiskFull) {
				t.Errorf("add returned %v, want the disk-full error", addErr)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(before, after) {
				t.Errorf("the file changed:\n%s\nwas:\n%s", after, before)
			}
			// The next run of the program reads the old times, whatever the dead one left.
			next := newStore(path, osFS{})
			next.load(day.Add(time.Hour))
			if n := next.takeNotice(); n != nil {
				t.Errorf("the file after a crash reads as bad: %v", n.why)
			}
			if len(next.times("beginner")) != 1 || len(next.times("expert")) != 1 {
				t.Errorf("times after the crash: %v", next.best)
			}
			if !died {
				if entries := files(filepath.Dir(path)); !slices.Equal(entries, []string{"scores.json", "scores.json.lock"}) {
					t.Errorf("a failed write left %v", entries)
				}
			}
		})
	}
}

// TestStoreKeepsBadFileAside puts a file that is not ours to read where the
// times go: it is renamed aside with a timestamp, unchanged, reported once,
// and a new file starts.
func TestStoreKeepsBadFileAside(t *testing.T) {
	for _, bad := range []string{
		"{ this is not json",
		"",
		`{"version": 3, "best": {}}`,
		`{"version": 1, "best": {}, "stats": {}}`,
		`{"version": 2, "stats": {"beginner": {"played": 1, "won": 2}}}`,
		`{"version": 1, "best": {"beginner": [{"ms": -5}]}}`,
		`{"version": 1, "best": {"beginner": [{"ms": 9223372036854775807}]}}`,
		`{"version": 1, "best": {"beginner": [{"ms": 3155760000001}]}}`,
		`[1, 2, 3]`,
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "scores.json")
		os.WriteFile(path, []byte(bad), 0o600)
		s := newStore(path, osFS{})
		s.load(day)
		n := s.takeNotice()
		wantAside := path + ".bad-20250301-120000"
		if n == nil || n.aside != wantAside || n.why == nil {
			t.Fatalf("%q: notice %+v, want the file kept aside as %s", bad, n, wantAside)
		}
		if s.takeNotice() != nil {
			t.Errorf("%q: the notice came twice", bad)
		}
		if kept, err := os.ReadFile(wantAside); err != nil || string(kept) != bad {
			t.Errorf("%q: kept aside %q, %v", bad, kept, err)
		}
		if _, err := s.add("beginner", won(rec(1000, 0)), day); err != nil {
			t.Fatal(err)
		}
		if kept, _ := os.ReadFile(wantAside); string(kept) != bad {
			t.Errorf("%q: the kept file changed to %q", bad, kept)
		}
		fresh := newStore(path, osFS{})
		fresh.load(day)
		if len(fresh.times("beginner")) != 1 {
			t.Errorf("%q: the new file has %v", bad, fresh.best)
		}
	}
}

// TestStoreKeepsEveryBadFile: two bad files in the same second are both
// kept.
func TestStoreKeepsEveryBadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scores.json")
	for i, bad := range []string{"first", "second", "third"} {
		os.WriteFile(path, []byte(bad), 0o600)
		s := newStore(path, osFS{})
		s.load(day)
		want := path + ".bad-20250301-120000"
		if i > 0 {
			want += fmt.Sprintf("-%d", i+1)
		}
		if n := s.takeNotice(); n == nil || n.aside != want {
			t.Fatalf("%s: notice %+v, want it kept as %s", bad, n, want)
		}
		if kept, _ := os.ReadFile(want); string(kept) != bad {
			t.Errorf("%s kept as %q", bad, kept)
		}
	}
}

// TestStoreUnreadable: a file that cannot be read is kept aside like a
// corrupt one; when it cannot even be moved, the store never writes over
// it.
func TestStoreUnreadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scores.json")
	os.WriteFile(path, []byte(`{"version":1,"best":{}}`), 0o600)
	fsys := &fakeFS{readErr: fs.ErrPermission}
	s := newStore(path, fsys)
	s.load(day)
	if n := s.takeNotice(); n == nil || n.aside == "" || !errors.Is(n.why, fs.ErrPermission) {
		t.Fatalf("notice %+v, want the file kept aside", n)
	}

	path = filepath.Join(t.TempDir(), "scores.json")
	os.WriteFile(path, []byte("precious"), 0o600)
	fsys = &fakeFS{readErr: fs.ErrPermission, renameErr: fs.ErrPermission}
	s = newStore(path, fsys)
	s.load(day)
	n := s.takeNotice()
	if n == nil || n.aside != "" || !strings.Contains(n.why.Error(), "permission") {
		t.Fatalf("notice %+v, want the file left where it is", n)
	}
	rank, err := s.add("beginner", won(rec(1000, 0)), day)
	if rank != 1 || err == nil {
		t.Errorf("add = %d, %v; want rank 1 kept in memory and an error", rank, err)
	}
	if data, _ := os.ReadFile(path); string(data) != "precious" {
		t.Errorf("the unreadable file was overwritten with %q", data)
	}
}

// A time too long for a time.Duration used to read fine and show as
// -0.0 seconds; such a file is now kept aside as corrupt, and a time the
// file could not hold is never entered.
func TestStoreDurations(t *testing.T) {
	if _, _, err := parseScores([]byte(`{"version": 1, "best": {"beginner": [{"ms": 9223372036854775807}]}}`)); err == nil {
		t.Error(`"ms": 9223372036854775807 was read as a time`)
	}
	best, _, err := parseScores([]byte(fmt.Sprintf(`{"version": 1, "best": {"beginner": [{"ms": %d}]}}`, maxMillis)))
	if err != nil || best["beginner"][0].Time() <= 0 {
		t.Errorf("the longest time the file holds: %v, %v", best, err)
	}
	s := newStore(filepath.Join(t.TempDir(), "scores.json"), osFS{})
	if rank, err := s.add("beginner", won(Record{Millis: maxMillis + 1, When: day}), day); rank != 0 || err != nil || len(s.times("beginner")) != 0 {
		t.Errorf("add of a time past maxMillis = %d, %v; kept %v", rank, err, s.times("beginner"))
	}
}

// TestStoreNotAFile: a folder, a device or a named pipe where the file
// should be is never moved aside nor replaced: the player is told, the
// game goes on without saving. Before, the folder (or, as root,
// /dev/null) was renamed to .bad-… and replaced by a file, and a named
// pipe blocked the read.
func TestStoreNotAFile(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "folder")
	os.Mkdir(folder, 0o755)
	os.WriteFile(filepath.Join(folder, "inside"), []byte("x"), 0o600)
	paths := map[string]string{"a folder": folder}
	// Never the system's own /dev/null: a store that moves it aside (as
	// this one did, run as root) breaks the whole machine. A device of
	// our own, where the system lets us make one.
	if device := filepath.Join(dir, "null"); mknull(device) == nil {
		paths["a device"] = device
	} else {
		t.Log("no device made (not root): the device case is not run")
	}
	if pipe := filepath.Join(dir, "pipe"); mkfifo(pipe) == nil {
		paths["a named pipe"] = pipe
	} else {
		t.Log("no named pipe made: the pipe case is not run")
	}
	for name, path := range paths {
		t.Run(name, func(t *testing.T) {
			s := newStore(path, osFS{})
			done := make(chan struct{})
			go func() {
				defer close(done)
				s.load(day)
			}()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("load still waiting after 5 s")
			}
			n := s.takeNotice()
			if n == nil || n.aside != "" || !strings.Contains(n.why.Error(), "not a file") {
				t.Fatalf("notice %+v, want one saying it is not a file, and nothing moved", n)
			}
			rank, err := s.add("beginner", won(rec(1000, 0)), day)
			if rank != 1 || err == nil {
				t.Errorf("add = %d, %v; want rank 1 in memory and an error", rank, err)
			}
			if matches, _ := filepath.Glob(path + ".bad-*"); len(matches) > 0 {
				t.Errorf("moved aside: %v", matches)
			}
			info, err := os.Lstat(path)
			if err != nil || info.Mode().IsRegular() {
				t.Errorf("%s is now %v, %v", path, info.Mode(), err)
			}
			if _, err := os.Lstat(path + ".lock"); err == nil {
				t.Errorf("a lock file was made beside %s", path)
			}
		})
	}
	if got := files(folder); !slices.Equal(got, []string{"inside"}) {
		t.Errorf("the folder now holds %v", got)
	}
}

// TestStoreTooBig: a file past maxScoresSize is kept aside like a corrupt
// one, with a message, and not read: a 100 MB file used to be read whole.
func TestStoreTooBig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scores.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: 100 MB that take no disk, and that a reader would have to
	// allocate.
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s := newStore(path, osFS{})
	s.load(day)
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 2*maxScoresSize {
		t.Errorf("reading a 100 MB file allocated %d bytes", grew)
	}
	n := s.takeNotice()
	if n == nil || n.aside == "" || !errors.Is(n.why, errTooBig) {
		t.Fatalf("notice %+v, want the file kept aside as too big", n)
	}
	if info, err := os.Stat(n.aside); err != nil || info.Size() != 100<<20 {
		t.Errorf("kept aside: %v, %v", info, err)
	}
	if _, err := s.add("beginner", won(rec(1000, 0)), day); err != nil {
		t.Errorf("add after the big file: %v", err)
	}
}

// TestStoreSymlink: a linked best-times file stays linked; the times are
// written to the file the link points to. Before, the first win replaced
// the link with a file of its own.
func TestStoreSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "scores.json")
	os.Mkdir(filepath.Dir(real), 0o755)
	link := filepath.Join(dir, "config", "scores.json")
	os.Mkdir(filepath.Dir(link), 0o755)
	if err := os.Symlink(filepath.Join("..", "dotfiles", "scores.json"), link); err != nil {
		t.Skip(err)
	}
	// The link's target does not exist yet: the first win creates it.
	s := newStore(link, osFS{})
	s.load(day)
	for i, ms := range []int64{3000, 2000} {
		if _, err := s.add("beginner", won(rec(ms, i)), day); err != nil {
			t.Fatal(err)
		}
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the link is now %v, %v", info.Mode(), err)
	}
	again := newStore(real, osFS{})
	again.load(day)
	if got := again.times("beginner"); len(got) != 2 || got[0].Millis != 2000 {
		t.Errorf("the link's target holds %v", got)
	}
	// A corrupt target is kept aside beside the target, and the link
	// still leads to the new file.
	os.WriteFile(real, []byte("garbage"), 0o600)
	s = newStore(link, osFS{})
	s.load(day)
	if n := s.takeNotice(); n == nil || filepath.Dir(n.aside) != filepath.Dir(real) {
		t.Fatalf("notice %+v, want the target kept aside in its own folder", n)
	}
	if _, err := s.add("beginner", won(rec(1000, 0)), day); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the link is now %v, %v", info.Mode(), err)
	}
	if data, _ := os.ReadFile(link); !strings.Contains(string(data), `"ms": 1000`) {
		t.Errorf("through the link: %s", data)
	}
}

// TestStoreConcurrentWins: programs winning at the same moment on one file
// lose no record. The test binary runs itself as 8 programs that each
// enter 10 wins, every win a level of its own so that all 80 must stay;
// without the lock, reads and writes interleave and some are lost (5 of 15
// rounds lost one without it). A program pauses a moment
// between its wins, as a player does: one that locks again the instant
// it unlocks keeps the others waiting (they ask every lockRetry), and with
// 25 wins each on a loaded machine some waited past lockWait and gave up.
func TestStoreConcurrentWins(t *testing.T) {
	const programs, wins = 8, 10
	if path := os.Getenv("SCORES_WORKER_PATH"); path != "" {
		s := newStore(path, osFS{})
		s.load(day)
		for i := range wins {
			if _, err := s.add(fmt.Sprintf("%s-%d", os.Getenv("SCORES_WORKER_ID"), i), won(rec(int64(1000+i), i)), day); err != nil {
				t.Fatal(err)
			}
			time.Sleep(2 * lockRetry)
		}
		return
	}
	if testing.Short() {
		t.Skip("starts programs")
	}
	path := filepath.Join(t.TempDir(), "scores.json")
	cmds := make([]*exec.Cmd, programs)
	for p := range cmds {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStoreConcurrentWins$", "-test.count=1")
		cmd.Env = append(os.Environ(), "SCORES_WORKER_PATH="+path, fmt.Sprintf("SCORES_WORKER_ID=p%d", p))
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[p] = cmd
	}
	for p, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("program %d: %v", p, err)
		}
	}
	s := newStore(path, osFS{})
	s.load(day)
	if n := s.takeNotice(); n != nil {
		t.Fatalf("the file reads as bad: %v", n.why)
	}
	var lost []string
	for p := range programs {
		for i := range wins {
			if key := fmt.Sprintf("p%d-%d", p, i); len(s.times(key)) != 1 {
				lost = append(lost, key)
			}
		}
	}
	if len(lost) > 0 {
		t.Errorf("%d of %d wins lost: %v", len(lost), programs*wins, lost)
	}
}

func TestStoreMemoryOnly(t *testing.T) {
	s := newStore("", osFS{})
	s.load(day)
	if rank, err := s.add("beginner", won(rec(1000, 0)), day); rank != 1 || err != nil {
		t.Errorf("add = %d, %v", rank, err)
	}
}

// FuzzParseScores: no file makes the parser panic, and what it accepts
// (best times and statistics, of either version) comes back the same after
// writing and reading it again.
func FuzzParseScores(f *testing.F) {
	f.Add([]byte(`{"version":1,"best":{"beginner":[{"ms":1234,"when":"2025-03-01T12:00:00Z"}]}}`))
	f.Add([]byte(`{"version":1,"best":{"9x9/3":[{"ms":1},{"ms":2}],"x":null}}`))
	f.Add([]byte(`{"version":1}`))
	f.Add([]byte(`nul`))
	f.Add([]byte(`{"version":2,"best":{},"stats":{"beginner":{"played":5,"won":3,"streak":1,"best_streak":2,"won_ms":30000,"best_3bvs":1.5}}}`))
	f.Add([]byte(`{"version":2,"stats":{"expert":{"played":1048576,"won":0},"x":{}}}`))
	f.Add([]byte(`{"version":1,"stats":{}}`))
	if old, err := os.ReadFile(filepath.Join("testdata", "scores-v1.json")); err == nil {
		f.Add(old)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		best, stats, err := parseScores(data)
		if err != nil {
			return
		}
		for key, recs := range best {
			if len(recs) > keepBest {
				t.Fatalf("%s keeps %d times", key, len(recs))
			}
		}
		for key, st := range stats {
			if err := st.check(); err != nil {
				t.Fatalf("%s: accepted statistics that do not check: %v", key, err)
			}
			// Counting one more game keeps them sound.
			st.count(true, maxMillis, maxRate)
			if err := st.check(); err != nil {
				t.Fatalf("%s: a win more made %+v: %v", key, st, err)
			}
		}
		data, err = encodeScores(best, stats)
		if err != nil {
			t.Fatalf("what was read does not write: %v", err)
		}
		again, againStats, err := parseScores(data)
		if err != nil {
			t.Fatalf("what was read does not read back: %v", err)
		}
		if len(again) != len(best) || !maps.Equal(againStats, stats) {
			t.Fatalf("%d levels became %d, statistics %v became %v", len(best), len(again), stats, againStats)
		}
	})
}

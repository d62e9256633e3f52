package minesweeper

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// The best-times file: the only file I/O of the package, kept apart from
// the rules and the screens, with the file system behind an interface so
// that tests can make a write die half-way.

// keepBest is how many best times a level keeps.
const keepBest = 10

// maxScoresSize bounds the file: ten times for each of a few levels is a
// few KB, so a bigger file is not one this program wrote. It is kept aside
// like a corrupt one, and never read whole.
const maxScoresSize = 1 << 20

// maxMillis bounds a time in the file: a hundred years, far above any game
// and far below where a time.Duration overflows (292 years), which used
// to show "ms": 9223372036854775807 as -0.0 seconds.
const maxMillis = int64(100 * 365 * 24 * time.Hour / time.Millisecond)

// scoresVersion is the format of the file: 2 added the statistics. A file
// of version 1 is read (it has best times only) and written back as 2;
// another version is not ours to rewrite, so it is treated like a corrupt
// file and kept aside.
const scoresVersion = 2

// maxGames bounds the games a level's statistics count: far more than
// anyone plays, and small enough that the wins' times added up
// (maxGames * maxMillis) stay well inside an int64.
const maxGames = 1 << 20

// maxRate bounds a 3BV/s in the file: the world's best are near 10.
const maxRate = 1000.0

// Record is one won game in the best-times list.
type Record struct {
	Millis int64     `json:"ms"`   // the time from the first opening to the win
	When   time.Time `json:"when"` // when it was won
}

// Time returns how long the game took.
func (r Record) Time() time.Duration { return time.Duration(r.Millis) * time.Millisecond }

// Stats are a level's statistics: every game played to its end or left
// before it, except those kept out of the best times too (a hint, the same
// board again, a custom field). The best time is the best times' first.
type Stats struct {
	Played     int     `json:"played"`
	Won        int     `json:"won"`
	Streak     int     `json:"streak"`      // wins in a row up to the last game
	BestStreak int     `json:"best_streak"` // the most wins in a row
	WonMillis  int64   `json:"won_ms"`      // the wins' times added up, for their average
	BestRate   float64 `json:"best_3bvs"`   // the best 3BV/s of a win
}

// WinPercent is the share of games won, in percent; 0 with no games.
func (s Stats) WinPercent() float64 {
	if s.Played == 0 {
		return 0
	}
	return 100 * float64(s.Won) / float64(s.Played)
}

// AverageWin is the average time of a win; 0 with no wins.
func (s Stats) AverageWin() time.Duration {
	if s.Won == 0 {
		return 0
	}
	return time.Duration(s.WonMillis/int64(s.Won)) * time.Millisecond
}

// count adds a game to the statistics: won in millis at rate 3BV/s, or
// lost (or left). Past maxGames nothing more is counted.
func (s *Stats) count(won bool, millis int64, rate float64) {
	if s.Played >= maxGames {
		return
	}
	s.Played++
	if !won {
		s.Streak = 0
		return
	}
	s.Won++
	s.Streak++
	s.BestStreak = max(s.BestStreak, s.Streak)
	s.WonMillis += min(max(millis, 0), maxMillis)
	s.BestRate = max(s.BestRate, min(max(rate, 0), maxRate))
}

// check reports what is wrong with statistics read from a file.
func (s Stats) check() error {
	switch {
	case s.Played < 0 || s.Played > maxGames:
		return fmt.Errorf("%d games", s.Played)
	case s.Won < 0 || s.Won > s.Played:
		return fmt.Errorf("%d wins of %d games", s.Won, s.Played)
	case s.BestStreak < 0 || s.BestStreak > s.Won || s.Streak < 0 || s.Streak > s.BestStreak:
		return fmt.Errorf("streaks %d and %d with %d wins", s.Streak, s.BestStreak, s.Won)
	case s.WonMillis < 0 || s.WonMillis > int64(s.Won)*maxMillis:
		return fmt.Errorf("%d ms of wins", s.WonMillis)
	case !(s.BestRate >= 0 && s.BestRate <= maxRate) || (s.Won == 0 && s.BestRate != 0):
		return fmt.Errorf("3BV/s %v", s.BestRate)
	}
	return nil
}

// scoresFile is the JSON form of the file.
type scoresFile struct {
	Version int                 `json:"version"`
	Best    map[string][]Record `json:"best"`            // by Level.Key
	Stats   map[string]Stats    `json:"stats,omitempty"` // by Level.Key; none in version 1
}

// parseScores decodes the file: the best times, sorted best first and cut
// to keepBest per level, and the statistics. A file of version 1 has no
// statistics. Anything else than a file this program wrote is an error.
func parseScores(data []byte) (map[string][]Record, map[string]Stats, error) {
	var sf scoresFile
	if err := json.Unmarshal(data, &sf); err != nil {
		return nil, nil, fmt.Errorf("scores: %w", err)
	}
	if sf.Version != 1 && sf.Version != scoresVersion {
		return nil, nil, fmt.Errorf("scores: version %d, want %d", sf.Version, scoresVersion)
	}
	if sf.Version == 1 && sf.Stats != nil {
		return nil, nil, errors.New("scores: statistics in a file of version 1")
	}
	best := make(map[string][]Record, len(sf.Best))
	for key, recs := range sf.Best {
		for _, r := range recs {
			if r.Millis <= 0 || r.Millis > maxMillis {
				return nil, nil, fmt.Errorf("scores: %s: time %d ms", key, r.Millis)
			}
		}
		best[key] = sortBest(recs)
	}
	stats := make(map[string]Stats, len(sf.Stats))
	for key, st := range sf.Stats {
		if err := st.check(); err != nil {
			return nil, nil, fmt.Errorf("scores: %s: %w", key, err)
		}
		stats[key] = st
	}
	return best, stats, nil
}

// encodeScores is the file's text for the best times and the statistics.
func encodeScores(best map[string][]Record, stats map[string]Stats) ([]byte, error) {
	data, err := json.MarshalIndent(scoresFile{Version: scoresVersion, Best: best, Stats: stats}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("scores: %w", err)
	}
	return append(data, '\n'), nil
}

// sortBest orders records fastest first, the earlier win first on a tie,
// and keeps the best keepBest.
func sortBest(recs []Record) []Record {
	recs = slices.Clone(recs)
	slices.SortStableFunc(recs, func(a, b Record) int {
		return cmp.Or(cmp.Compare(a.Millis, b.Millis), a.When.Compare(b.When))
	})
	return recs[:min(len(recs), keepBest)]
}

// storeFS is the part of the file system the store uses. osFS is the real
// one; tests put a failing one in its place.
type storeFS interface {
	// ReadFile reads a regular file of at most maxScoresSize bytes; see
	// osFS.ReadFile for what it refuses.
	ReadFile(name string) ([]byte, error)
	MkdirAll(dir string) error
	CreateTemp(dir, pattern string) (storeFile, error)
	Rename(from, to string) error
	Remove(name string) error
	SyncDir(dir string)
	Exists(name string) bool
	IsRegular(name string) bool
	Resolve(name string) (string, error)
	Lock(name string) (unlock func(), err error)
}

// storeFile is a temporary file being written.
type storeFile interface {
	Name() string
	Write(p []byte) (int, error)
	Sync() error
	Close() error
}

type osFS struct{}

// errTooBig is a file larger than any best-times file.
var errTooBig = fmt.Errorf("larger than %d bytes, more than any best-times file", maxScoresSize)

// notRegularError is a path that is not a file: a folder, a device, a
// named pipe. Such a thing is never moved aside nor written over.
type notRegularError struct {
	path string
	mode fs.FileMode
}

func (e *notRegularError) Error() string {
	what := "not a regular file"
	switch {
	case e.mode.IsDir():
		what = "a folder, not a file"
	case e.mode&fs.ModeDevice != 0:
		what = "a device, not a file"
	case e.mode&fs.ModeNamedPipe != 0:
		what = "a named pipe, not a file"
	}
	return fmt.Sprintf("scores: %s is %s", e.path, what)
}

// ReadFile reads name only if it is a regular file no larger than
// maxScoresSize. It opens without waiting (a named pipe would block the
// open until a writer comes) and checks what it opened, so a folder, a
// device or a pipe is refused with a *notRegularError before any read, and
// a bigger file with errTooBig without reading it.
func (osFS) ReadFile(name string) ([]byte, error) {
	f, err := openNoWait(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &notRegularError{name, info.Mode()}
	}
	if info.Size() > maxScoresSize {
		return nil, errTooBig
	}
	// The file may grow after the Stat: read one byte past the cap at most.
	data, err := io.ReadAll(io.LimitReader(f, maxScoresSize+1))
	if err == nil && len(data) > maxScoresSize {
		return nil, errTooBig
	}
	return data, err
}

// IsRegular reports whether name is a regular file, the only kind the store
// ever moves aside.
func (osFS) IsRegular(name string) bool {
	info, err := os.Lstat(name)
	return err == nil && info.Mode().IsRegular()
}

// Resolve follows symbolic links from name to the file they lead to, which
// need not exist yet. The store reads, locks and replaces that file, so a
// linked best-times file (kept in a dotfiles folder, say) stays linked.
func (osFS) Resolve(name string) (string, error) {
	for range 40 { // as many as Linux follows
		info, err := os.Lstat(name)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			return name, nil // not a link (or missing): this is the file
		}
		link, err := os.Readlink(name)
		if err != nil {
			return "", fmt.Errorf("scores: %w", err)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(name), link)
		}
		name = link
	}
	return "", fmt.Errorf("scores: %s: too many links", name)
}

// Lock takes the lock that serialises read-merge-write between programs
// sharing the file: NAME.lock beside it, locked whole by the system
// (lockFile: flock on Unix, LockFileEx on Windows). The lock file stays:
// removing it would let two programs lock two different files.
func (osFS) Lock(name string) (unlock func(), err error) {
	f, err := os.OpenFile(name+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("scores: %w", err)
	}
	deadline := time.Now().Add(lockWait)
	for {
		busy, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("scores: lock %s: %w", f.Name(), err)
		}
		if !busy {
			return func() {
				unlockFile(f)
				f.Close()
			}, nil
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("scores: %s is held by another program for more than %v", f.Name(), lockWait)
		}
		time.Sleep(lockRetry)
	}
}

// lockWait is how long a program waits for another to finish with the
// file (a write takes milliseconds); lockRetry is how often it asks.
const (
	lockWait  = 5 * time.Second
	lockRetry = 5 * time.Millisecond
)

func (osFS) MkdirAll(dir string) error    { return os.MkdirAll(dir, 0o755) }
func (osFS) Rename(from, to string) error { return os.Rename(from, to) }
func (osFS) Remove(name string) error     { return os.Remove(name) }

// Exists reports whether a file is at name, so that a file kept aside never
// replaces another.
func (osFS) Exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}
func (osFS) CreateTemp(dir, pattern string) (storeFile, error) {
	return os.CreateTemp(dir, pattern)
}

// SyncDir makes a rename in dir durable, as far as the system allows:
// some (Windows) cannot open a folder to sync it, and the data itself was
// already synced before the rename, so a failure here changes nothing.
func (osFS) SyncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// store keeps the best times in memory and in a JSON file. A file it cannot
// read or parse is renamed aside with a timestamp and reported once; if even
// that fails, the store stops writing, so the file is never overwritten.
type store struct {
	path     string // "" keeps the times in memory only
	file     string // path with its links followed: the file read and replaced
	fs       storeFS
	best     map[string][]Record
	stats    map[string]Stats
	loaded   bool
	readOnly bool    // the file could not be kept aside: never write over it
	notice   *notice // a problem to tell the player once
}

// notice is a best-times file that could not be read: where it was moved,
// or, when it could not be moved either, nothing (the store then leaves the
// file alone).
type notice struct {
	aside string // the file's new name, "" if it stays where it was
	why   error  // what was wrong with it
}

// defaultScoresPath is where the best times live unless -scores says
// otherwise: the user's config folder, termgames/scores.json.
func defaultScoresPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "termgames", "scores.json"), nil
}

func newStore(path string, fsys storeFS) *store {
	return &store{path: path, fs: fsys, best: map[string][]Record{}, stats: map[string]Stats{}}
}

// load reads the file the first time it is called; now names a bad file
// kept aside.
func (s *store) load(now time.Time) {
	if s.loaded {
		return
	}
	s.loaded = true
	if s.path == "" || !s.resolve() || !s.fs.Exists(s.file) {
		return // no file yet: no times, nothing to lock
	}
	// A regular file is read under the lock, so that a bad one is kept
	// aside only once when two programs start together. Anything else is
	// refused by read without a lock file made beside it (in /dev, say).
	if s.fs.IsRegular(s.file) {
		if unlock, err := s.fs.Lock(s.file); err == nil {
			defer unlock()
		}
	}
	if best, stats, ok := s.read(now); ok {
		s.best, s.stats = best, stats
	}
}

// resolve finds the file behind path's links, once. When it cannot, the
// store keeps the times in memory and says why.
func (s *store) resolve() bool {
	if s.file != "" {
		return true
	}
	file, err := s.fs.Resolve(s.path)
	if err != nil {
		s.readOnly = true
		s.notice = &notice{why: err}
		return false
	}
	s.file = file
	return true
}

// read returns the file's times and statistics. A missing file is empty;
// a bad one is kept aside (or, failing that, protected) and false is
// returned; a folder, device or pipe in its place is left alone and never
// written.
func (s *store) read(now time.Time) (map[string][]Record, map[string]Stats, bool) {
	if s.path == "" {
		return nil, nil, false
	}
	data, err := s.fs.ReadFile(s.file)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string][]Record{}, map[string]Stats{}, true
	}
	var notFile *notRegularError
	if errors.As(err, &notFile) {
		s.readOnly = true
		s.notice = &notice{why: err}
		return nil, nil, false
	}
	if err == nil {
		best, stats, perr := parseScores(data)
		if perr == nil {
			return best, stats, true
		}
		err = perr
	}
	s.keepAside(now, err)
	return nil, nil, false
}

// keepAside renames a file that could not be read to
// NAME.bad-YYYYMMDD-HHMMSS so that no time in it is lost, and notes it for
// the player. Only a regular file is ever moved: anything else (a folder
// that cannot be opened, say) is left alone. If it cannot be moved, the
// store stops writing instead.
func (s *store) keepAside(now time.Time, why error) {
	if !s.fs.IsRegular(s.file) {
		s.readOnly = true
		s.notice = &notice{why: why}
		return
	}
	aside := s.file + ".bad-" + now.Format("20060102-150405")
	for n := 2; s.fs.Exists(aside); n++ {
		aside = fmt.Sprintf("%s.bad-%s-%d", s.file, now.Format("20060102-150405"), n)
	}
	if err := s.fs.Rename(s.file, aside); err != nil {
		s.readOnly = true
		s.notice = &notice{why: fmt.Errorf("%w; %w", why, err)}
		return
	}
	s.notice = &notice{aside: aside, why: why}
}

// takeNotice returns the problem to report, once; nil when there is none.
func (s *store) takeNotice() *notice {
	n := s.notice
	s.notice = nil
	return n
}

// times returns the best times of a level, fastest first.
func (s *store) times(key string) []Record { return s.best[key] }

// statsOf returns the statistics of a level.
func (s *store) statsOf(key string) Stats { return s.stats[key] }

// keys returns the levels with times or games counted, sorted.
func (s *store) keys() []string {
	keys := make([]string, 0, len(s.best))
	for k, recs := range s.best {
		if len(recs) > 0 {
			keys = append(keys, k)
		}
	}
	for k, st := range s.stats {
		if st.Played > 0 && len(s.best[k]) == 0 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// entry is a game as the file takes it: a win's time for the best times,
// and, when counted, the game in its level's statistics.
type entry struct {
	won     bool
	rec     Record  // a win's time and date
	rate    float64 // a win's 3BV/s
	counted bool    // the game counts in the statistics
}

// add enters a game of level key: a win in the level's best times, and a
// counted game in its statistics; it writes the file when either changed.
// It returns the win's 1-based rank (0: not among the best, or not a win).
// The file is read again first, and read, merge and write happen under the
// lock, so that what another program wrote since, or writes at the same
// moment, is kept.
func (s *store) add(key string, e entry, now time.Time) (int, error) {
	s.load(now)
	if !e.timed() && !e.counted {
		return 0, nil // nothing the file can hold
	}
	if s.path != "" && !s.readOnly {
		if err := s.fs.MkdirAll(filepath.Dir(s.file)); err != nil {
			return 0, fmt.Errorf("scores: %w", err)
		}
		unlock, err := s.fs.Lock(s.file)
		if err != nil {
			return 0, err
		}
		defer unlock()
		if best, stats, ok := s.read(now); ok {
			s.best, s.stats = best, stats
		}
	}
	rank := s.enter(key, e)
	if rank == 0 && !e.counted {
		return 0, nil
	}
	if s.path == "" {
		return rank, nil
	}
	if s.readOnly {
		return rank, fmt.Errorf("scores: %s could not be read and is left as it is", s.path)
	}
	return rank, s.write()
}

// timed reports whether the game is a win whose time the best times can
// hold.
func (e entry) timed() bool { return e.won && e.rec.Millis > 0 && e.rec.Millis <= maxMillis }

// enter puts a game of level key in the best times and statistics held in
// memory: a win among the best times, a counted game in the statistics.
// It returns the win's 1-based rank (0: not among the best, or not a win).
// The file's games go through it, and a Book's games too (tally), so that
// both keep the same figures.
func (s *store) enter(key string, e entry) int {
	rank := 0
	if e.timed() {
		list := sortBest(append(slices.Clone(s.best[key]), e.rec))
		if rank = slices.Index(list, e.rec) + 1; rank > 0 {
			s.best[key] = list
		}
	}
	if e.counted {
		st := s.stats[key]
		st.count(e.won, e.rec.Millis, e.rate)
		s.stats[key] = st
	}
	return rank
}

// write replaces the file atomically: a temporary file in the same folder,
// written and synced, then renamed over the old one. A write that dies at
// any point leaves the old file whole.
func (s *store) write() error {
	data, err := encodeScores(s.best, s.stats)
	if err != nil {
		return err
	}
	dir := filepath.Dir(s.file)
	tmp, err := s.fs.CreateTemp(dir, filepath.Base(s.file)+".tmp-*")
	if err != nil {
		return fmt.Errorf("scores: %w", err)
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = s.fs.Rename(tmp.Name(), s.file)
	}
	if err != nil {
		s.fs.Remove(tmp.Name())
		return fmt.Errorf("scores: %w", err)
	}
	s.fs.SyncDir(dir)
	return nil
}

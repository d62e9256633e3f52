package minesweeper

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
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

// scoresVersion is the format of the file; another version is not ours to
// rewrite, so it is treated like a corrupt file and kept aside.
const scoresVersion = 1

// Record is one won game in the best-times list.
type Record struct {
	Millis int64     `json:"ms"`   // the time from the first opening to the win
	When   time.Time `json:"when"` // when it was won
}

// Time returns how long the game took.
func (r Record) Time() time.Duration { return time.Duration(r.Millis) * time.Millisecond }

// scoresFile is the JSON form of the file.
type scoresFile struct {
	Version int                 `json:"version"`
	Best    map[string][]Record `json:"best"` // by Level.Key
}

// parseScores decodes the file, sorted best first and cut to keepBest per
// level. Anything else than a file this program wrote is an error.
func parseScores(data []byte) (map[string][]Record, error) {
	var sf scoresFile
	if err := json.Unmarshal(data, &sf); err != nil {
		return nil, fmt.Errorf("scores: %w", err)
	}
	if sf.Version != scoresVersion {
		return nil, fmt.Errorf("scores: version %d, want %d", sf.Version, scoresVersion)
	}
	best := make(map[string][]Record, len(sf.Best))
	for key, recs := range sf.Best {
		for _, r := range recs {
			if r.Millis <= 0 {
				return nil, fmt.Errorf("scores: %s: time %d ms", key, r.Millis)
			}
		}
		best[key] = sortBest(recs)
	}
	return best, nil
}

// encodeScores is the file's text for the best times.
func encodeScores(best map[string][]Record) ([]byte, error) {
	data, err := json.MarshalIndent(scoresFile{Version: scoresVersion, Best: best}, "", "  ")
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
	ReadFile(name string) ([]byte, error)
	MkdirAll(dir string) error
	CreateTemp(dir, pattern string) (storeFile, error)
	Rename(from, to string) error
	Remove(name string) error
	SyncDir(dir string)
	Exists(name string) bool
}

// storeFile is a temporary file being written.
type storeFile interface {
	Name() string
	Write(p []byte) (int, error)
	Sync() error
	Close() error
}

type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }
func (osFS) MkdirAll(dir string) error            { return os.MkdirAll(dir, 0o755) }
func (osFS) Rename(from, to string) error         { return os.Rename(from, to) }
func (osFS) Remove(name string) error             { return os.Remove(name) }

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
	fs       storeFS
	best     map[string][]Record
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
	return &store{path: path, fs: fsys, best: map[string][]Record{}}
}

// load reads the file the first time it is called; now names a bad file
// kept aside.
func (s *store) load(now time.Time) {
	if s.loaded {
		return
	}
	s.loaded = true
	if best, ok := s.read(now); ok {
		s.best = best
	}
}

// read returns the file's times. A missing file is an empty list; a bad
// one is kept aside (or, failing that, protected) and false is returned.
func (s *store) read(now time.Time) (map[string][]Record, bool) {
	if s.path == "" {
		return nil, false
	}
	data, err := s.fs.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string][]Record{}, true
	}
	if err == nil {
		var best map[string][]Record
		if best, err = parseScores(data); err == nil {
			return best, true
		}
	}
	s.keepAside(now, err)
	return nil, false
}

// keepAside renames a file that could not be read to
// NAME.bad-YYYYMMDD-HHMMSS so that no time in it is lost, and notes it for
// the player. If it cannot be moved, the store stops writing instead.
func (s *store) keepAside(now time.Time, why error) {
	aside := s.path + ".bad-" + now.Format("20060102-150405")
	for n := 2; s.fs.Exists(aside); n++ {
		aside = fmt.Sprintf("%s.bad-%s-%d", s.path, now.Format("20060102-150405"), n)
	}
	if err := s.fs.Rename(s.path, aside); err != nil {
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

// keys returns the levels with times, in the order of the file's keys.
func (s *store) keys() []string {
	keys := make([]string, 0, len(s.best))
	for k, recs := range s.best {
		if len(recs) > 0 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// add puts a won game into its level's list and, when it made the list,
// writes the file. It returns the 1-based rank (0: not among the best).
// The file is read again first so that times another game wrote since are
// kept.
func (s *store) add(key string, rec Record, now time.Time) (int, error) {
	s.load(now)
	if s.path != "" && !s.readOnly {
		if best, ok := s.read(now); ok {
			s.best = best
		}
	}
	list := sortBest(append(slices.Clone(s.best[key]), rec))
	rank := slices.Index(list, rec) + 1
	if rank == 0 {
		return 0, nil
	}
	s.best[key] = list
	if s.path == "" {
		return rank, nil
	}
	if s.readOnly {
		return rank, fmt.Errorf("scores: %s could not be read and is left as it is", s.path)
	}
	return rank, s.write()
}

// write replaces the file atomically: a temporary file in the same folder,
// written and synced, then renamed over the old one. A write that dies at
// any point leaves the old file whole.
func (s *store) write() error {
	data, err := encodeScores(s.best)
	if err != nil {
		return err
	}
	dir := filepath.Dir(s.path)
	if err := s.fs.MkdirAll(dir); err != nil {
		return fmt.Errorf("scores: %w", err)
	}
	tmp, err := s.fs.CreateTemp(dir, filepath.Base(s.path)+".tmp-*")
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
		err = s.fs.Rename(tmp.Name(), s.path)
	}
	if err != nil {
		s.fs.Remove(tmp.Name())
		return fmt.Errorf("scores: %w", err)
	}
	s.fs.SyncDir(dir)
	return nil
}

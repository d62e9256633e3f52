package omok

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"termgames/internal/atomicfile"
)

// The records folder: every game played on this computer is kept there as
// a .psq file named by when it ended. This is the package's only file I/O
// besides the commands', kept apart from the rules and the screens.

// recordsFolder is the folder's name in the user's config folder, beside
// minesweeper's best-times file.
const recordsFolder = "records"

// DefaultRecordsDir is termgames/records in the user's config folder.
func DefaultRecordsDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "termgames", recordsFolder), nil
}

// recordName is the file name of a game ended at when: sorting the names
// sorts the games by time.
func recordName(when time.Time) string { return when.Format("20060102-150405") }

// KeepRecord writes r into dir, creating the folder, as a new file named
// by when, and returns its path. The write is atomic: a reader never sees
// half a record.
func KeepRecord(dir string, r *Record, when time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := recordName(when)
	for n := 1; ; n++ {
		name := base + ".psq"
		if n > 1 {
			name = fmt.Sprintf("%s-%d.psq", base, n)
		}
		path := filepath.Join(dir, name)
		if _, err := os.Lstat(path); err == nil {
			continue // two games in one second
		} else if !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		return path, atomicfile.WriteFile(path, r.PSQ(), 0o644)
	}
}

// Kept is a file of the records folder, read.
type Kept struct {
	Path string
	When time.Time // from the file's name, or its modification time
	Rec  *Record   // nil when Err
	Err  error
}

// ListRecords reads every .psq file in dir, newest first. A file that is
// no record is listed with its error; a missing folder lists nothing.
func ListRecords(dir string) ([]Kept, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list []Kept
	var written []time.Time // each file's modification time, for ties in When
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(strings.ToLower(e.Name()), ".psq") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		k := Kept{Path: filepath.Join(dir, e.Name())}
		k.Rec, k.Err = ReadRecordFile(k.Path)
		k.When = whenKept(e)
		list = append(list, k)
		var mod time.Time
		if info, err := e.Info(); err == nil {
			mod = info.ModTime()
		}
		written = append(written, mod)
	}
	// Two games ended in one second have the same When: the one written
	// later is the newer.
	order := make([]int, len(list))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return cmp.Or(list[j].When.Compare(list[i].When), written[j].Compare(written[i]), strings.Compare(list[j].Path, list[i].Path))
	})
	sorted := make([]Kept, len(list))
	for k, i := range order {
		sorted[k] = list[i]
	}
	return sorted, nil
}

// whenKept is the time in a record's name, else its modification time.
func whenKept(e os.DirEntry) time.Time {
	if len(e.Name()) >= 15 {
		if t, err := time.ParseInLocation("20060102-150405", e.Name()[:15], time.Local); err == nil {
			return t
		}
	}
	if info, err := e.Info(); err == nil {
		return info.ModTime()
	}
	return time.Time{}
}

// ReadRecordFile reads the record in the file at path, its errors naming
// the file.
func ReadRecordFile(path string) (*Record, error) { return ReadRecordFileAs(path, 0, Freestyle) }

// ReadRecordFileAs is ReadRecordFile with the size and rule of a move
// string, which says neither (ParseRecord).
func ReadRecordFileAs(path string, size int, rule Rule) (*Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRecord(f, path, size, rule)
}

// readRecord reads a record from in, called name in its errors, reading
// no more than a record can be.
func readRecord(in io.Reader, name string, size int, rule Rule) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(in, maxRecordBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	r, err := ParseRecord(data, size, rule)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return r, nil
}

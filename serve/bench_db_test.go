package serve

import (
	"path/filepath"
	"testing"

	"termgames/internal/store/pgtest"
)

// benchDB is the -db of a benchmark's store of kind: a SQLite file in b's
// temporary folder, or a database on a PostgreSQL cluster of b's own,
// started with PostgreSQL's default settings (every commit flushed to the
// disk, as a host's server would be) and removed after b. Without a
// PostgreSQL b is skipped.
func benchDB(b *testing.B, kind string) string {
	if kind == "postgres" {
		return pgtest.New(b).Database(b)
	}
	return filepath.Join(b.TempDir(), "termgames.db")
}

package sqlite

import (
	"os"
	"testing"
	"time"

	"termgames/internal/store"
)

// seated registers alice and bob in s and returns their seats.
func seated(tb testing.TB, s *Store) [2]store.Seat {
	tb.Helper()
	seats := [2]store.Seat{{Key: "SHA256:alice", Name: "alice"}, {Key: "SHA256:bob", Name: "bob"}}
	for _, seat := range seats {
		if _, err := s.Player(ctx, seat.Key, seat.Name); err != nil {
			tb.Fatal(err)
		}
	}
	return seats
}

// fileSize is the size of the store's file with its log folded in.
func fileSize(tb testing.TB, s *Store) int64 {
	tb.Helper()
	if _, err := s.w.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		tb.Fatal(err)
	}
	fi, err := os.Stat(s.path)
	if err != nil {
		tb.Fatal(err)
	}
	return fi.Size()
}

// BenchmarkFinishedGame is what one 40-move omok game costs the store:
// Begin, 40 moves each in a transaction of its own, and a rated Finish;
// bytes/game is what it adds to the file.
func BenchmarkFinishedGame(b *testing.B) {
	s, err := Open(b.TempDir() + "/termgames.db")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	seats := seated(b, s)
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	before := fileSize(b, s)
	n := 0
	for b.Loop() {
		if _, err := playGame(s, seats, start, 40); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(fileSize(b, s)-before)/float64(n), "bytes/game")
}

// TestGameSize tells what a finished 40-move omok game adds to the file,
// and keeps it from growing unseen: a server that keeps every game should
// keep a million of them in a few gigabytes.
func TestGameSize(t *testing.T) {
	s := openTemp(t)
	defer s.Close()
	seats := seated(t, s)
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	const games = 50
	before := fileSize(t, s)
	for range games {
		if _, err := playGame(s, seats, start, 40); err != nil {
			t.Fatal(err)
		}
	}
	per := (fileSize(t, s) - before) / games
	t.Logf("a finished 40-move omok game adds %d bytes to the file", per)
	if per > 4096 {
		t.Errorf("a game takes %d bytes, more than a page", per)
	}
}

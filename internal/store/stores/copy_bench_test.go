package stores

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"termgames/internal/store"
	"termgames/internal/store/sqlite"
)

// BenchmarkCopy is what `termgames serve migrate` takes for a server's
// file of 1,000 finished 40-move games (40,000 moves), into a database
// on the tests' cluster (fsync off): one copy an iteration, each into a
// new database.
//
//	go test -run '^$' -bench Copy -benchtime 3x ./internal/store/stores/
func BenchmarkCopy(b *testing.B) {
	const games, moves = 1000, 40
	file := filepath.Join(b.TempDir(), "termgames.db")
	src, err := sqlite.Open(file)
	if err != nil {
		b.Fatal(err)
	}
	seats := [2]store.Seat{{Key: "SHA256:alice", Name: "alice"}, {Key: "SHA256:bob", Name: "bob"}}
	for _, s := range seats {
		if _, err := src.Player(ctx, s.Key, s.Name); err != nil {
			b.Fatal(err)
		}
	}
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	for g := range games {
		id, err := src.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "ab12", Seats: seats, Started: start})
		if err != nil {
			b.Fatal(err)
		}
		// The moves of a game at once: the SQLite store writes them in
		// one transaction, so that the file is made in seconds.
		done := make(chan error, moves)
		for i := range moves {
			go func() {
				done <- src.AddMove(ctx, id, store.Move{Seat: i % 2, Text: fmt.Sprintf("m%d", i), Time: time.Second, At: start})
			}()
		}
		for range moves {
			if err := <-done; err != nil {
				b.Fatal(err)
			}
		}
		if _, err := src.Finish(ctx, id, store.Result{Ended: start.Add(time.Hour), Winner: g % 2, How: "five", Record: make([]byte, 400)}); err != nil {
			b.Fatal(err)
		}
	}
	if err := src.Close(); err != nil {
		b.Fatal(err)
	}
	for range b.N {
		b.StopTimer()
		dsn := cluster.Database(b)
		b.StartTimer()
		c, err := Copy(ctx, file, dsn)
		if err != nil {
			b.Fatal(err)
		}
		if c.Moves != games*moves {
			b.Fatalf("copied %v", c)
		}
	}
	b.ReportMetric(float64(games*moves*b.N)/b.Elapsed().Seconds(), "moves/s")
}

package postgres

import (
	"fmt"
	"testing"
	"time"

	"termgames/internal/store"
	"termgames/internal/store/pgtest"
)

// BenchmarkFinishedGame is what one 40-move omok game costs the store, as
// the SQLite store's benchmark of the same name measures it: Begin, 40
// moves each a commit of its own, and a rated Finish, one after another;
// bytes/game is what it adds to the tables and their indexes (after a
// VACUUM). The cluster is one of its own with PostgreSQL's default
// settings: every commit is flushed to the disk.
func BenchmarkFinishedGame(b *testing.B) {
	s, err := Open(ctx, pgtest.New(b).Database(b))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	seats := [2]store.Seat{{Key: "SHA256:alice", Name: "alice"}, {Key: "SHA256:bob", Name: "bob"}}
	for _, seat := range seats {
		if _, err := s.Player(ctx, seat.Key, seat.Name); err != nil {
			b.Fatal(err)
		}
	}
	size := func() int64 {
		if _, err := s.pool.Exec(ctx, "VACUUM"); err != nil {
			b.Fatal(err)
		}
		var n int64
		if err := s.pool.QueryRow(ctx, "SELECT sum(pg_total_relation_size(relid))::bigint FROM pg_stat_user_tables").Scan(&n); err != nil {
			b.Fatal(err)
		}
		return n
	}
	start := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	before := size()
	n := 0
	for b.Loop() {
		id, err := s.Begin(ctx, store.Game{Game: "omok", Rule: "freestyle", Code: "ab12", Seats: seats, Started: start})
		if err != nil {
			b.Fatal(err)
		}
		for i := range 40 {
			m := store.Move{Seat: i % 2, Text: fmt.Sprintf("%c%d", 'a'+i%15, 1+i/15*2+i%2), Time: 1234 * time.Millisecond, At: start.Add(time.Duration(i) * time.Second)}
			if err := s.AddMove(ctx, id, m); err != nil {
				b.Fatal(err)
			}
		}
		record := []byte("Piskvork\n15x15, 11, 0\n" + fmt.Sprintf("%040d", 0) + "\n-1\n")
		if _, err := s.Finish(ctx, id, store.Result{Ended: start.Add(time.Hour), Winner: 0, How: "five", Record: record}); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(size()-before)/float64(n), "bytes/game")
}

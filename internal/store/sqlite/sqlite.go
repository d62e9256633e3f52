// Package sqlite is the store the server keeps on disk: store.Store in a
// SQLite file, on database/sql with modernc.org/sqlite, which is pure Go,
// so that the server builds without cgo wherever Go does.
//
// The schema is the numbered migrations in migrations/, applied at Open,
// each in a transaction of its own; the file says which it has reached in
// PRAGMA user_version, and that it is termgames' in PRAGMA application_id.
// Open refuses, without writing a byte, a file that is not termgames' and
// one that a newer termgames wrote.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver

	"termgames/internal/store"
)

// Store is store.Store in a SQLite file. Its methods may be called from
// any number of goroutines at once.
//
// SQLite lets one connection write at a time, and a second writer waits
// for the lock in SQLite's busy handler, or, when its transaction began by
// reading, fails at once with SQLITE_BUSY however long the busy timeout.
// So every write goes through w, a pool of exactly one connection, where
// writers queue in database/sql, in Go, and each write transaction begins
// IMMEDIATE, holding the lock from its first statement. Reads go through
// r, a few connections of their own: in WAL mode readers see the last
// commit and neither wait for the writer nor hold it up.
type Store struct {
	// Now is the clock of a player's Created: time.Now unless a test sets
	// it before the store is used.
	Now func() time.Time

	path string
	w    *sql.DB
	r    *sql.DB
	c    *sql.DB // the checkpointer's connection

	moves   chan *queuedMove // to the mover, who writes them (moves.go)
	addMove *sql.Stmt        // addMoveSQL, on w

	stopOnce sync.Once
	stop     chan struct{}  // closed by Close: the mover and checkpointer end
	workers  sync.WaitGroup // the mover and the checkpointer
}

var _ store.Store = (*Store)(nil)

// readers is how many connections read at once: enough that a few
// profiles and leaderboards read while a long list is read, few enough
// that they do not take the machine's cores from the tables.
const readers = 4

// busyTimeout is how long a connection waits for a lock that another
// holds: the writer waits behind a checkpoint or another process; it is
// never seen in this process's own traffic, which queues in Go.
const busyTimeout = 5 * time.Second

// Open opens the store in the file at path, making it if it is missing,
// and brings its schema up to date.
func Open(path string) (*Store, error) {
	return open(path, len(migrations))
}

// open is Open with the schema brought up to migration upTo only, so that
// a test can make a file of an older termgames.
func open(path string, upTo int) (*Store, error) {
	if err := check(path); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	pragmas := []string{
		fmt.Sprintf("_pragma=busy_timeout(%d)", busyTimeout.Milliseconds()),
		"_pragma=foreign_keys(1)",
		// Commits go to the write-ahead log and readers keep reading.
		"_pragma=journal_mode(WAL)",
		// In WAL mode NORMAL writes each commit to the log at once and
		// syncs the log to the disk only at a checkpoint: a commit
		// survives the process's end however it ends (SIGKILL too), which
		// is what a table coming back after a crash needs; a power cut can
		// lose the last commits. FULL would sync every move to the disk.
		"_pragma=synchronous(NORMAL)",
		"_txlock=immediate",
		// The log is copied into the file by checkpointer, not by the
		// commit that fills it: a checkpoint syncs the disk, and a move
		// must not wait for that.
		"_pragma=wal_autocheckpoint(0)",
	}
	w, err := sql.Open("sqlite", dsn(path, pragmas...))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	s := &Store{Now: time.Now, path: path, w: w}
	if err := s.migrate(context.Background(), upTo); err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if upTo == len(migrations) {
		if err := s.refold(context.Background()); err != nil {
			w.Close()
			return nil, fmt.Errorf("store: open %s: names: %w", path, err)
		}
	}
	r, err := sql.Open("sqlite", dsn(path,
		fmt.Sprintf("_pragma=busy_timeout(%d)", busyTimeout.Milliseconds()),
		"_pragma=query_only(1)"))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	s.r = r
	if s.c, err = sql.Open("sqlite", dsn(path, fmt.Sprintf("_pragma=busy_timeout(%d)", busyTimeout.Milliseconds()))); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s.c.SetMaxOpenConns(1)
	if s.addMove, err = w.Prepare(addMoveSQL); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s.stop, s.moves = make(chan struct{}), make(chan *queuedMove)
	s.workers.Add(2)
	go s.checkpointer()
	go s.mover()
	return s, nil
}

// checkpointEvery is how often the log is copied into the file: often
// enough that it stays a few megabytes at a thousand moves a second.
const checkpointEvery = time.Second

// checkpointer copies the log into the file every checkpointEvery, on a
// connection of its own, until Close. A PASSIVE checkpoint waits for no
// reader or writer, and the writer goes on committing meanwhile. SQLite's
// own checkpoint (off in Open) runs in the commit that fills a thousand
// pages of log, and holds that move, and every move queued behind it, for
// as long as the disk takes to sync: 10 ms on a quiet disk, far more on a
// busy one. A checkpoint that fails (a full disk) is tried again at the
// next tick; the writes say the failure themselves.
func (s *Store) checkpointer() {
	defer s.workers.Done()
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-tick.C:
			_, _ = s.c.Exec("PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
}

// dsn is the data source name of the file at path with params: a file:
// URI, so that SQLite reads its parameters (mode=ro) too.
func dsn(path string, params ...string) string {
	escaped := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + escaped + "?" + strings.Join(params, "&")
}

// Close closes the store; the last connection to close checkpoints the
// log into the file.
func (s *Store) Close() error {
	if s.stop != nil {
		s.stopOnce.Do(func() { close(s.stop) })
		s.workers.Wait()
	}
	var rerr error
	if s.addMove != nil {
		rerr = s.addMove.Close()
	}
	if s.c != nil {
		rerr = errors.Join(rerr, s.c.Close())
	}
	if s.r != nil {
		rerr = errors.Join(rerr, s.r.Close())
	}
	if err := s.w.Close(); err != nil {
		return fmt.Errorf("store: close %s: %w", s.path, err)
	}
	if rerr != nil {
		return fmt.Errorf("store: close %s: %w", s.path, rerr)
	}
	return nil
}

// Probe implements store.Store: it writes the schema's version again,
// the same number, through the writer's connection, behind the writes
// queued there. That is a write of the file's first page into the log,
// committed like any other, and nothing of the file changes.
func (s *Store) Probe(ctx context.Context) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		var version int
		if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
			return err
		}
		// PRAGMA takes no parameters; the number is the file's own.
		_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", version))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: write to %s: %w", s.path, err)
	}
	return nil
}

// write runs fn in a write transaction, committed when fn returns nil.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback() // after a failure SQLite may have rolled back already
		return err
	}
	return tx.Commit()
}

// read runs fn in a read transaction: what fn reads is one moment's.
func (s *Store) read(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback() // a reader has nothing to keep
	return fn(tx)
}

// millis is t as a column keeps it.
func millis(t time.Time) int64 { return t.UnixMilli() }

// timeAt is the time that a column keeps as ms.
func timeAt(ms int64) time.Time { return store.KeptTime(time.UnixMilli(ms)) }

// notFound turns "no rows" into store.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

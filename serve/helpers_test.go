package serve

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"termgames/internal/faketime"
	"termgames/internal/store"
	"termgames/internal/store/sqlite"
	"termgames/minesweeper"
	"termgames/serve/room"
)

// helpers_test.go is what the screens' tests build tables with, through
// room's API as the screens use it.

// reopenStore opens the SQLite store at path, closed after the test.
func reopenStore(t *testing.T, path string) store.Store {
	t.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// tempStore opens a new store in the test's folder.
func tempStore(t *testing.T) store.Store {
	t.Helper()
	return reopenStore(t, filepath.Join(t.TempDir(), "termgames.db"))
}

// newFakeTime is a time that moves only when the test says.
func newFakeTime() *faketime.Time { return faketime.New(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)) }

// keptLobby is a lobby keeping its games in st, with a time the test
// moves: each reading is a second after the last.
func keptLobby(t *testing.T, st store.Store, hold time.Duration) *room.Lobby {
	l := room.NewLobby(room.Config{Store: st, Hold: hold,
		Time: faketime.Stepping(time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC), time.Second)})
	t.Cleanup(l.Close)
	return l
}

// keyed makes the seat of a player with a key.
func keyed(name string) room.Seat { return room.Seat{Name: name, Key: "SHA256:" + name} }

// lastKept is the last game the player with key ended, as the store has it.
func lastKept(t *testing.T, st store.Store, key string) store.Game {
	t.Helper()
	ctx := context.Background()
	games, err := st.GamesOf(ctx, key, 1)
	if err != nil || len(games) == 0 {
		t.Fatalf("no game of %s kept: %v", key, err)
	}
	g, err := st.Game(ctx, games[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// raceAt opens a race of level on the board of seed at l for alice and
// seats bob, the board made, and returns it.
func raceAt(t *testing.T, l *room.Lobby, level string, seed uint64) *room.Table {
	t.Helper()
	tb := l.Open(room.Setup{Game: room.Race, Rule: level, Seed: seed}, keyed("alice"))
	if _, _, err := l.Join(tb.Code, room.Race, keyed("bob")); err != nil {
		t.Fatal(err)
	}
	if !waitUntil(func() bool { return raceViewOf(tb).Ready() }) {
		t.Fatal("the race's board is not made")
	}
	return tb
}

// raceViewOf is the race at tb as it stands.
func raceViewOf(tb *room.Table) *room.RaceView {
	st, _ := tb.State()
	return st.View.(*room.RaceView)
}

// raceSafe returns the clicks that open every safe cell still covered on
// seat's field, in order.
func raceSafe(tb *room.Table, seat int) []string {
	v := raceViewOf(tb)
	f := v.Field(seat)
	var moves []string
	for i, m := range f.Mines() {
		if r, c := i/v.Level.Cols, i%v.Level.Cols; !m && !f.IsOpen(r, c) {
			moves = append(moves, room.RaceClick(minesweeper.OpenClick, r, c))
		}
	}
	return moves
}

// raceMineAt is the click that opens a mine of seat's field.
func raceMineAt(tb *room.Table, seat int) string {
	v := raceViewOf(tb)
	i := slices.Index(v.Field(seat).Mines(), true)
	return room.RaceClick(minesweeper.OpenClick, i/v.Level.Cols, i%v.Level.Cols)
}

// clearField makes seat's clicks until its field is clear, and returns
// them.
func clearField(t *testing.T, tb *room.Table, seat int) []string {
	t.Helper()
	var made []string
	for _, m := range raceSafe(tb, seat) {
		if st, _ := tb.State(); st.Outcome.Over {
			break
		}
		if raceViewOf(tb).Field(seat).IsOpen(cellOf(m)) {
			continue
		}
		if err := tb.Move(seat, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		made = append(made, m)
	}
	return made
}

// cellOf is the cell of a click, from 0.
func cellOf(move string) (int, int) {
	var a byte
	var r, c int
	fmt.Sscanf(move, "%c %d %d", &a, &r, &c)
	return r - 1, c - 1
}

// failingStore is a real store whose writes of moves and ends fail, while
// a test says so, as a full disk's do.
type failingStore struct {
	store.Store
	mu   sync.Mutex
	fail error
}

func (f *failingStore) failWith(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fail = err
}

func (f *failingStore) failure() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fail
}

func (f *failingStore) AddMove(ctx context.Context, id int64, m store.Move) error {
	if err := f.failure(); err != nil {
		return err
	}
	return f.Store.AddMove(ctx, id, m)
}

func (f *failingStore) Finish(ctx context.Context, id int64, r store.Result) (store.Game, error) {
	if err := f.failure(); err != nil {
		return store.Game{}, err
	}
	return f.Store.Finish(ctx, id, r)
}

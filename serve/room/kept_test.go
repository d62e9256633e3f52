package room

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"termgames/internal/faketime"
	"termgames/internal/store"
	"termgames/internal/store/sqlite"
	"termgames/omok"
)

// checkedStore is a real store through which a test watches the server's
// writes: during every one the watched tables' screens must still read
// their State, a test can make the writes fail (a full disk), and a move's
// write can wait for the test.
type checkedStore struct {
	store.Store
	t *testing.T

	mu     sync.Mutex
	tables []*Table
	fail   error            // every write fails with it while set
	gate   chan struct{}    // AddMove waits for it to close while set
	moved  chan store.Move  // each move given to AddMove, when set
	before func(store.Move) // called in AddMove before it writes
	// Begin says it is called on beginning, and waits for beginGate to
	// close, while they are set.
	beginning chan struct{}
	beginGate chan struct{}
}

// watch adds a table whose screens must read it during every write.
func (c *checkedStore) watch(tb *Table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tables = append(c.tables, tb)
}

// write checks a write's circumstances, and returns the failure to give.
func (c *checkedStore) write(what string) error {
	c.mu.Lock()
	tables, fail := c.tables, c.fail
	c.mu.Unlock()
	for _, tb := range tables {
		read := make(chan struct{})
		go func() { tb.State(); close(read) }()
		select {
		case <-read:
		case <-time.After(time.Second):
			c.t.Errorf("%s: the screens of %v wait for the write", what, tb)
		}
	}
	return fail
}

func (c *checkedStore) failWith(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.fail = err
}

func (c *checkedStore) Player(ctx context.Context, key, want string) (store.Player, error) {
	if err := c.write("Player"); err != nil {
		return store.Player{}, err
	}
	return c.Store.Player(ctx, key, want)
}

func (c *checkedStore) Begin(ctx context.Context, g store.Game) (int64, error) {
	if err := c.write("Begin"); err != nil {
		return 0, err
	}
	c.mu.Lock()
	beginning, gate := c.beginning, c.beginGate
	c.mu.Unlock()
	if beginning != nil {
		beginning <- struct{}{}
		<-gate
	}
	return c.Store.Begin(ctx, g)
}

func (c *checkedStore) AddMove(ctx context.Context, id int64, m store.Move) error {
	if err := c.write("AddMove"); err != nil {
		return err
	}
	c.mu.Lock()
	gate, moved, before := c.gate, c.moved, c.before
	c.mu.Unlock()
	if moved != nil {
		moved <- m
	}
	if gate != nil {
		<-gate
	}
	if before != nil {
		before(m)
	}
	return c.Store.AddMove(ctx, id, m)
}

func (c *checkedStore) Finish(ctx context.Context, id int64, r store.Result) (store.Game, error) {
	if err := c.write("Finish"); err != nil {
		return store.Game{}, err
	}
	return c.Store.Finish(ctx, id, r)
}

// errDiskFull is what SQLite says when the disk is full.
var errDiskFull = errors.New("database or disk is full (13)")

// keptLobby is a lobby keeping its games in st, with a clock the test
// moves: each reading is a second after the last.
func keptLobby(t *testing.T, st store.Store, hold time.Duration) *Lobby {
	l := NewLobby(Config{Hold: hold})
	l.store = st
	t.Cleanup(l.Close)
	l.setTime(faketime.Stepping(time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC), time.Second))
	return l
}

// keyed are the seats of two players with keys.
var (
	alice = Seat{Name: "alice", Key: "SHA256:alice"}
	bob   = Seat{Name: "bob", Key: "SHA256:bob"}
)

// stored returns the game of table tb as the store has it.
func stored(t *testing.T, st store.Store, tb *Table) store.Game {
	t.Helper()
	id := tb.shown.Load().gameID
	if id == 0 {
		t.Fatalf("%v: no game begun in the store", tb)
	}
	g, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fiveInRow are 1P's five on row 8 from h8 and 2P's moves on row 9.
var fiveInRow = []string{"h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"}

// An omok game played through the table's API is in the store move by
// move, each move kept before any screen shows it and no write keeping a
// screen from the table's State; its end is kept with the .psq and both players'
// ratings change, before the screens show the end.
func TestGameKeptMoveByMove(t *testing.T) {
	st := &checkedStore{Store: tempStore(t), t: t}
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Omok, Rule: "standard"}, alice)
	st.watch(tb)
	if ls := l.Tables(Omok); len(ls) != 1 || !ls[0].Rated {
		t.Errorf("a table whose host has a key, as listed: %+v", ls)
	}
	if _, _, err := l.Join(tb.Code, Omok, bob); err != nil {
		t.Fatal(err)
	}
	g := stored(t, st, tb)
	if !g.Rated || g.Game != "omok" || g.Rule != "standard" || g.Code != tb.Code || g.Seats[1].Name != "bob" {
		t.Fatalf("the game begun: %+v", g)
	}
	if s, _ := tb.State(); !s.Rated {
		t.Errorf("a game between two keys is not rated")
	}
	id := g.ID // the table is busy keeping the move: it is not asked
	st.before = func(m store.Move) {
		s, _ := tb.State()
		kept, _ := st.Game(context.Background(), id)
		if moves := s.View.(*OmokView).Moves; moves != len(kept.Moves) {
			t.Errorf("move %q: the screens show %d moves before the store has it", m.Text, moves)
		}
		if s.Outcome.Over {
			t.Errorf("move %q: the end shows before the move is kept", m.Text)
		}
	}
	for i, m := range fiveInRow {
		if err := tb.Move(i%2, m); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
		if g := stored(t, st, tb); len(g.Moves) != i+1 || g.Moves[i].Text != m || g.Moves[i].Seat != i%2 {
			t.Fatalf("after move %d the store has %+v", i+1, g.Moves)
		}
	}
	g = stored(t, st, tb)
	if g.Ended.IsZero() || g.Winner != 0 || g.How != "five" {
		t.Fatalf("the end kept: winner %d how %q ended %v", g.Winner, g.How, g.Ended)
	}
	if took := g.Moves[1].At.Sub(g.Moves[0].At); g.Moves[1].Time != took || took <= 0 {
		t.Errorf("the second move took %v by the lobby's clock, want %v, the time since the first", g.Moves[1].Time, took)
	}
	rec, err := omok.ParseRecord(g.Record, 0, omok.Freestyle)
	if err != nil {
		t.Fatalf("the record kept: %v\n%s", err, g.Record)
	}
	if rec.MoveString() != strings.Join(fiveInRow, " ") || rec.Names != [2]string{"alice", "bob"} || rec.Rule != omok.Standard {
		t.Errorf("the record kept: %q %q %v", rec.MoveString(), rec.Names, rec.Rule)
	}
	if g.After[0].R <= g.Before[0].R || g.After[1].R >= g.Before[1].R {
		t.Errorf("ratings: alice %v→%v, bob %v→%v", g.Before[0], g.After[0], g.Before[1], g.After[1])
	}
	rs, err := st.RatingsOf(context.Background(), alice.Key)
	if err != nil || len(rs) != 1 || rs[0].Wins != 1 || rs[0].Rule != "standard" {
		t.Errorf("alice's ratings: %+v %v", rs, err)
	}
}

// Baseball's choices and guesses are kept as "=123" and "123", its end as
// the rounds in text; a game with a guest is not rated. A resignation is
// kept as one, and a host alone who leaves begins nothing.
func TestBaseballKeptAndResigned(t *testing.T) {
	st := &checkedStore{Store: tempStore(t), t: t}
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Baseball}, alice)
	st.watch(tb)
	l.Join(tb.Code, Baseball, Seat{Name: "guest"})
	for i, m := range []string{"=123", "=456", "789", "124"} {
		if err := tb.Move(i%2, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	if s, _ := tb.State(); s.Rated || l.Tables(Baseball)[0].Rated {
		t.Error("a game with a guest is rated")
	}
	g := stored(t, st, tb)
	if g.Rated || len(g.Moves) != 4 || g.Moves[0].Text != "=123" || g.Moves[3].Text != "124" {
		t.Fatalf("the game kept: rated %v, moves %+v", g.Rated, g.Moves)
	}
	tb.Resign(1)
	g = stored(t, st, tb)
	if g.How != "resigned" || g.Winner != 0 {
		t.Fatalf("after 2P resigned: winner %d how %q", g.Winner, g.How)
	}
	want := "number baseball, versus\n1P alice: 123\n2P guest: 456\n1.  789 0S 0B 1.0s  124 2S 0B 1.0s\n"
	if string(g.Record) != want {
		t.Errorf("the record kept:\n%s\nwant\n%s", g.Record, want)
	}

	alone := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	alone.Leave(0)
	l.settle()
	if s, _ := alone.State(); s.Outcome.How != "left" {
		t.Errorf("a host who left alone: %+v", s.Outcome)
	}
	if games, _ := st.InPlay(context.Background(), ""); len(games) != 0 {
		t.Errorf("games in play after all ended: %+v", games)
	}
}

// A move is kept before the screens show it; while it is being kept the
// screens go on drawing the table, and the moves sent meanwhile wait their
// turn: a second move of the same seat is then refused, the other seat's
// is made.
func TestMovesWaitWhileOneIsKept(t *testing.T) {
	st := &checkedStore{Store: tempStore(t), t: t}
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	l.Join(tb.Code, Omok, bob)
	st.mu.Lock()
	st.gate, st.moved = make(chan struct{}), make(chan store.Move, 1)
	st.mu.Unlock()
	first, again, other := make(chan error), make(chan error), make(chan error)
	go func() { first <- tb.Move(0, "h8") }()
	<-st.moved // the move is on its way to the store
	go func() { again <- tb.Move(0, "i8") }()
	if s, _ := tb.State(); s.View.(*OmokView).Moves != 0 {
		t.Errorf("the move shows before it is kept")
	}
	st.mu.Lock()
	close(st.gate)
	st.gate, st.moved = nil, nil
	st.mu.Unlock()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-again; !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("1P's second move, sent while the first was kept: %v", err)
	}
	if s, _ := tb.State(); s.View.(*OmokView).Moves != 1 {
		t.Errorf("the move kept does not show")
	}
	go func() { other <- tb.Move(1, "i8") }()
	if err := <-other; err != nil {
		t.Errorf("2P after 1P's move: %v", err)
	}
}

// A host who leaves as a player joins: the table takes one after the
// other, in the order they came. Left first, the table is closed and the
// join told so; joined first, the game is begun, and the host, away, has
// the seat hold to come back.
func TestHostLeavesAsAPlayerJoins(t *testing.T) {
	ctx := context.Background()
	st := &checkedStore{Store: tempStore(t), t: t}
	l := keptLobby(t, st, time.Minute)

	left := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	left.Leave(0)
	if _, _, err := l.Join(left.Code, Omok, bob); !errors.Is(err, ErrNoTable) {
		t.Errorf("joining a table whose host left: %v", err)
	}

	tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	st.mu.Lock()
	st.beginning, st.beginGate = make(chan struct{}), make(chan struct{})
	st.mu.Unlock()
	joined := make(chan error)
	go func() {
		_, _, err := l.Join(tb.Code, Omok, bob)
		joined <- err
	}()
	<-st.beginning
	tb.Leave(0) // comes after the join
	st.mu.Lock()
	close(st.beginGate)
	st.beginning, st.beginGate = nil, nil
	st.mu.Unlock()
	if err := <-joined; err != nil {
		t.Errorf("the join before the host left: %v", err)
	}
	tb.inspect(func() {}) // the leave handled
	s, _ := tb.State()
	if s.Outcome.Over || s.Seats[0].Present != 0 || s.HoldEnds.IsZero() || !s.Seats[1].Taken {
		t.Errorf("the table after its host left a game begun: %+v", s)
	}
	if games, err := st.InPlay(ctx, ""); err != nil || len(games) != 1 {
		t.Errorf("games in play: %+v %v", games, err)
	}
}

// A write that fails (a full disk) is logged and said in the table's
// State (which the screens say), and the game goes on in memory; the next
// move that can be written brings the store up to the table, and the line
// goes.
func TestFailedWriteSaidAndGameGoesOn(t *testing.T) {
	st := &checkedStore{Store: tempStore(t), t: t}
	l := keptLobby(t, st, time.Minute)
	var logs syncBuffer
	l.log = slogTo(&logs)
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	st.watch(tb)
	l.Join(tb.Code, Omok, bob)
	unsaved := func() error { s, _ := tb.State(); return s.Unsaved }
	if err := tb.Move(0, "h8"); err != nil {
		t.Fatal(err)
	}
	st.failWith(errDiskFull)
	if err := tb.Move(1, "h9"); err != nil {
		t.Fatalf("a move the store could not keep: %v", err)
	}
	if err := tb.Move(0, "i8"); err != nil {
		t.Fatalf("the next move: %v", err)
	}
	if err := unsaved(); !DiskFull(err) || omokView(tb).Moves != 3 {
		t.Errorf("after a failed write: unsaved %v, %d stones", err, omokView(tb).Moves)
	}
	if !strings.Contains(logs.String(), "disk is full") {
		t.Errorf("the failure is not in the log:\n%s", logs.String())
	}
	if g := stored(t, st, tb); len(g.Moves) != 1 {
		t.Fatalf("the store has %d moves while it fails", len(g.Moves))
	}
	st.failWith(nil)
	if err := tb.Move(1, "i9"); err != nil {
		t.Fatal(err)
	}
	if g := stored(t, st, tb); len(g.Moves) != 4 || g.Moves[1].Text != "h9" || g.Moves[3].Text != "i9" {
		t.Errorf("once the store writes again it has %+v", g.Moves)
	}
	if err := unsaved(); err != nil {
		t.Errorf("still unsaved once the store writes again: %v", err)
	}
	st.failWith(errors.New("the database is locked"))
	tb.Resign(0)
	if s, _ := tb.State(); !s.Outcome.Over || s.Outcome.Winner != 1 || s.Unsaved == nil || DiskFull(s.Unsaved) {
		t.Errorf("when the end could not be kept: %+v, unsaved %v", s.Outcome, s.Unsaved)
	}
	// No move comes after the end to try for it: the end is tried again
	// by itself, and kept once the store writes again.
	if g := stored(t, st, tb); !g.Ended.IsZero() {
		t.Fatalf("an end kept while the store fails: %+v", g)
	}
	st.failWith(nil)
	l.time.(*faketime.Time).Advance(time.Second) // the first try again
	if g := stored(t, st, tb); g.Ended.IsZero() {
		t.Fatal("the end was not kept once the store wrote again")
	}
	if g := stored(t, st, tb); g.Winner != 1 || g.How != "resigned" || len(g.Moves) != 4 {
		t.Errorf("the end kept late: winner %d how %q moves %d", g.Winner, g.How, len(g.Moves))
	}
	if err := unsaved(); err != nil {
		t.Errorf("still unsaved once the end is kept: %v", err)
	}
}

// A game the store could not begin goes on, and the first move the store
// takes begins it with every move so far. A player with a key is named as
// the store names them: the first key to use a name keeps it.
func TestBeginFailedThenKept(t *testing.T) {
	ctx := context.Background()
	st := &checkedStore{Store: tempStore(t), t: t}
	if _, err := st.Player(ctx, "SHA256:another-bob", "bob"); err != nil {
		t.Fatal(err)
	}
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	st.watch(tb)
	st.failWith(errors.New("unable to open database file"))
	if _, _, err := l.Join(tb.Code, Omok, bob); err != nil {
		t.Fatalf("joining while the store fails: %v", err)
	}
	if s, _ := tb.State(); s.Unsaved == nil || !s.Seats[1].Taken {
		t.Fatalf("a game the store could not begin: %+v", s)
	}
	if err := tb.Move(0, "h8"); err != nil {
		t.Fatal(err)
	}
	st.failWith(nil)
	if err := tb.Move(1, "h9"); err != nil {
		t.Fatal(err)
	}
	g := stored(t, st, tb)
	if len(g.Moves) != 2 || g.Moves[0].Text != "h8" || g.Seats[1].Name != "bob~2" || !g.Rated {
		t.Errorf("the game begun late: %+v", g)
	}
	if s, _ := tb.State(); s.Unsaved != nil {
		t.Errorf("the failure is still said once the store keeps the game: %v", s.Unsaved)
	}

	again := l.Open(Setup{Game: Baseball}, alice)
	st.watch(again)
	l.Join(again.Code, Baseball, bob)
	if s, _ := again.State(); s.Seats[1].Name != "bob~2" || s.Seats[0].Name != "alice" {
		t.Errorf("the names at the table: %q and %q", s.Seats[0].Name, s.Seats[1].Name)
	}
}

// After a restart the games in play are at their tables again under their
// codes, every move replayed, both seats away: a player with a key is put
// back by it, a guest by the resume code, and the game plays on to its
// end, which is kept. A game whose moves no longer replay is finished as
// a void draw, and one whose last move had won is finished as won.
func TestTablesBroughtBack(t *testing.T) {
	path := t.TempDir() + "/games.db"
	st := reopenStore(t, path)
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Omok, Rule: "renju"}, alice)
	guest := Seat{Name: "guest"}
	l.Join(tb.Code, Omok, guest)
	code, resume := tb.Code, tb.ResumeCode(1)
	for i, m := range fiveInRow[:4] {
		if err := tb.Move(i%2, m); err != nil {
			t.Fatal(err)
		}
	}
	// A game the server stopped between its winning move and its end,
	// and one with a move its rules refuse (a hand-edited file).
	ctx := context.Background()
	won := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	l.Join(won.Code, Omok, bob)
	for i, m := range fiveInRow[:8] {
		won.Move(i%2, m)
	}
	wonID := stored(t, st, won).ID
	if err := st.AddMove(ctx, wonID, store.Move{Seat: 0, Text: "l8", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	bad := l.Open(Setup{Game: Baseball}, alice)
	l.Join(bad.Code, Baseball, bob)
	bad.Move(0, "=123")
	badID := stored(t, st, bad).ID
	if err := st.AddMove(ctx, badID, store.Move{Seat: 1, Text: "=112", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil { // the server is gone
		t.Fatal(err)
	}

	st = reopenStore(t, path)
	var logs syncBuffer
	l = NewLobby(Config{Store: st, Hold: time.Minute, Log: slogTo(&logs)})
	t.Cleanup(l.Close)
	if err := l.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	if g, err := st.Game(ctx, wonID); err != nil || g.How != "five" || g.Winner != 0 {
		t.Errorf("the game won before the restart: %+v %v", g, err)
	}
	if g, err := st.Game(ctx, badID); err != nil || g.How != "void" || g.Winner != -1 {
		t.Errorf("the game that no longer replays: %+v %v", g, err)
	}
	if !strings.Contains(logs.String(), "no longer replays") {
		t.Errorf("the void game is not in the log:\n%s", logs.String())
	}
	if ls := l.Tables(Omok); len(ls) != 1 || ls[0].Code != code || !ls[0].Playing || ls[0].Rated {
		t.Fatalf("the tables after the restart: %+v", ls)
	}
	back, seat, ok := l.Held(alice.Key)
	if !ok || back.Code != code || seat != 0 {
		t.Fatalf("alice's key does not put her back: %v %d %v", back, seat, ok)
	}
	s, _ := back.State()
	if v := s.View.(*OmokView); v.Moves != 4 || v.At(omok.Point{Row: 7, Col: 7}) != omok.P1 {
		t.Fatalf("the position brought back: %d moves", v.Moves)
	}
	if s.Seats[1].Present != 0 || s.HoldEnds.IsZero() {
		t.Errorf("the guest is not away with the hold counting: %+v", s)
	}
	if _, _, ok := l.Resume(resume); !ok {
		t.Fatalf("the guest's resume code does not put them back")
	}
	for i, m := range fiveInRow[4:] {
		if err := back.Move(i%2, m); err != nil {
			t.Fatalf("%s after the restart: %v", m, err)
		}
	}
	g := stored(t, st, back)
	if g.How != "five" || g.Winner != 0 || len(g.Moves) != len(fiveInRow) {
		t.Errorf("the game brought back, at its end: %+v", g)
	}
	if games, _ := st.InPlay(ctx, ""); len(games) != 0 {
		t.Errorf("games in play at the end: %+v", games)
	}
}

// Nobody back within the hold after a restart: the game has no result
// (void: neither went first), kept but not rated.
func TestBroughtBackNobodyComes(t *testing.T) {
	path := t.TempDir() + "/games.db"
	st := reopenStore(t, path)
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	l.Join(tb.Code, Omok, bob)
	tb.Move(0, "h8")
	id := stored(t, st, tb).ID
	st.Close()

	st = reopenStore(t, path)
	l = NewLobby(Config{Hold: time.Minute})
	ft := newFakeTime()
	l.setTime(ft)
	l.store = st
	t.Cleanup(l.Close)
	if err := l.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	ft.Advance(time.Minute - time.Millisecond)
	if g, err := st.Game(context.Background(), id); err != nil || !g.Ended.IsZero() {
		t.Fatalf("the game brought back ended before the hold: %+v %v", g, err)
	}
	ft.Advance(time.Millisecond) // the hold's end, handled before Advance returns
	g, err := st.Game(context.Background(), id)
	if err != nil || g.Ended.IsZero() {
		t.Fatalf("the game brought back did not end after the hold: %+v %v", g, err)
	}
	if g.How != store.Void || g.Winner != -1 || g.Rated {
		t.Errorf("nobody came back: winner %d how %q rated %v", g.Winner, g.How, g.Rated)
	}
	if rs, err := st.RatingsOf(context.Background(), g.Seats[0].Key); err != nil || len(rs) != 0 {
		t.Errorf("a void game moved a rating: %+v %v", rs, err)
	}
}

// reopenStore opens the SQLite store of the file at path, closed at the
// test's end if still open.
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

// slogTo is a text logger writing to w.
func slogTo(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }

// Replay makes a kept game's moves again as its table made them: a
// takeback accepted lifts the stone, the order of the stones is the
// board's, and a game still in play replays as far as it is kept.
func TestReplay(t *testing.T) {
	st := tempStore(t)
	l := keptLobby(t, st, time.Minute)
	tb := l.Open(Setup{Game: Omok, Rule: "freestyle"}, alice)
	if _, _, err := l.Join(tb.Code, Omok, bob); err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct {
		seat int
		move string
	}{{0, "h8"}, {1, "a1"}, {1, MoveOfferTakeback}, {0, MoveYes}, {1, "i9"}, {0, "j10"}} {
		if err := tb.Move(m.seat, m.move); err != nil {
			t.Fatalf("%d %s: %v", m.seat, m.move, err)
		}
	}
	rules, err := Replay(stored(t, st, tb))
	if err != nil {
		t.Fatal(err)
	}
	v := rules.View().(*OmokView)
	var order []string
	for _, p := range v.Order {
		order = append(order, fmt.Sprintf("%c%d", 'a'+p.Col, v.Size-p.Row))
	}
	if got := strings.Join(order, " "); got != "h8 i9 j10" || v.Black != 0 || v.Turn != 1 {
		t.Errorf("replayed: %q, black %d, turn %d; want h8 i9 j10, black 0, turn 1", got, v.Black, v.Turn)
	}
	if _, err := Replay(store.Game{Game: "chess"}); err == nil {
		t.Error("a game no server plays replayed")
	}
}

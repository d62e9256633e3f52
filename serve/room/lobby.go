package room

import (
	"context"
	crand "crypto/rand"
	"errors"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"termgames/internal/metrics"
	"termgames/internal/store"
)

// lobby.go is the lobby of the online tables: the tables open, by code,
// and their seats, by resume code. Each table is a goroutine of its own
// that owns its game (owner.go); the lobby finds a table and hands it a
// message. The lobby's lock guards its maps only: it is never held while a
// table is asked anything, and a table takes it only to change those maps,
// so no lock is ever taken under another. It draws nothing and reads no
// key: the table screens (table.go) call it.

// DefaultSeatHold is how long a dropped player keeps their seat.
const DefaultSeatHold = 120 * time.Second

// Lobby holds the open tables by code, and the seats by resume code.
type Lobby struct {
	log  *slog.Logger
	hold time.Duration
	// time is the time of the moves, the clocks and the ends, and of
	// everything a table schedules: the fall of a flag, the end of a seat
	// hold, a write the store refused tried again. The machine's, or a
	// test's (Config.Time).
	time TimeSource
	// store keeps every game (kept.go); nil keeps nothing.
	store store.Store
	// controls are the time controls a table may be opened with, the
	// server's list, each game taking those of its kind.
	controls []Control
	// guestChat: players without a key may chat (Config.GuestChat).
	guestChat bool
	// metrics count the games, the moves and the tables; nil counts
	// nothing.
	metrics *metrics.Metrics
	// muted is Config.Muted.
	muted func(Speaker) time.Time

	mu     sync.Mutex
	tables map[string]*Table
	resume map[string]seatRef
	quick  QuickMatch // the quick match's tables waiting for a player
	rng    *rand.Rand // codes
	closed bool       // Close was called: a table opened now closes at once
	// renewStarted: Restore started renew (servers.go).
	renewStarted bool
	// live are the tables whose goroutines run: those in tables, and
	// those dropped from it whose end the store has yet to keep.
	live    map[*Table]bool
	running sync.WaitGroup // their goroutines

	// server is this server among those on the store's database
	// (servers.go); elsewhere the other servers' tables, as last read;
	// dropped the codes of tables dropped, for the store's lists to lose.
	server    store.Server
	elsewhere []Listing
	dropped   []string
	// listed is what the store's lists have of each table, as sync last
	// wrote it, under syncing: one sync at a time.
	listed    map[string]store.Table
	syncing   sync.Mutex
	stopRenew chan struct{}  // closed by Close: renew ends
	renewing  sync.WaitGroup // renew, once started
}

// seatRef names a seat of a table.
type seatRef struct {
	t    *Table
	seat int
}

// Config is what a lobby is made with; its zero value is a lobby that
// keeps nothing, on the machine's time.
type Config struct {
	Log *slog.Logger // nil: no log
	// Hold is how long a dropped player keeps their seat; 0 for
	// DefaultSeatHold.
	Hold time.Duration
	// Controls are the time controls a table may be opened with, each
	// game taking those of its kind; nil for DefaultControls.
	Controls []Control
	// Store keeps every game (kept.go); nil keeps nothing.
	Store store.Store
	// Time is the time of the moves, the clocks and of everything a
	// table schedules; nil for the machine's. Tests give theirs.
	Time TimeSource
	// GuestChat lets players without a key chat at the tables.
	GuestChat bool
	// Server is this server among those on the store's database: its
	// name and the address its players reach it at (servers.go). The
	// zero Server is one server alone.
	Server store.Server
	// Metrics count the games started and ended, the moves and their
	// time, and the tables by state (CountTables); nil counts nothing.
	Metrics *metrics.Metrics
	// Muted says until when a speaker may say nothing (a moderator's
	// mute); the zero time, or nil, for no mute. It is asked on the
	// table's goroutine, at each line: it must answer from memory.
	Muted func(Speaker) time.Time
}

// NewLobby returns an empty lobby of cfg. With a store, Restore brings
// back the games it has in play.
func NewLobby(cfg Config) *Lobby {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Hold <= 0 {
		cfg.Hold = DefaultSeatHold
	}
	if cfg.Controls == nil {
		cfg.Controls = DefaultControls()
	}
	if cfg.Time == nil {
		cfg.Time = SystemTime{}
	}
	var seed [32]byte
	_, _ = crand.Read(seed[:]) // codes must not be guessable from the time
	l := &Lobby{log: cfg.Log, hold: cfg.Hold, time: cfg.Time, controls: cfg.Controls, store: cfg.Store, guestChat: cfg.GuestChat, muted: cfg.Muted,
		metrics:   cfg.Metrics,
		tables:    map[string]*Table{},
		resume:    map[string]seatRef{},
		live:      map[*Table]bool{},
		rng:       rand.New(rand.NewChaCha8(seed)),
		server:    cfg.Server,
		listed:    map[string]store.Table{},
		stopRenew: make(chan struct{})}
	for _, g := range Games {
		cfg.Metrics.Games(g.Name())
	}
	cfg.Metrics.CountTables(l.CountTables)
	return l
}

// CountTables counts the tables in the lobby by game and state, as each
// last showed (Table.State): every game and state, 0 where none is.
func (l *Lobby) CountTables() []metrics.TableCount {
	l.mu.Lock()
	tables := make([]*Table, 0, len(l.tables))
	for _, t := range l.tables {
		tables = append(tables, t)
	}
	l.mu.Unlock()
	n := map[[2]string]int{} // by game and state
	for _, t := range tables {
		st, _ := t.State()
		n[[2]string{t.Game.Name(), stateOf(st)}]++
	}
	var counts []metrics.TableCount
	for _, g := range Games {
		for _, s := range []string{metrics.Waiting, metrics.Playing, metrics.Ended} {
			counts = append(counts, metrics.TableCount{Game: g.Name(), State: s, N: n[[2]string{g.Name(), s}]})
		}
	}
	return counts
}

// stateOf is the state of a table as the metrics name it.
func stateOf(st State) string {
	switch {
	case st.Outcome.Over:
		return metrics.Ended
	case !st.Seats[1].Taken:
		return metrics.Waiting
	}
	return metrics.Playing
}

// Controls are the time controls a table may be opened with.
func (l *Lobby) Controls() []Control { return slices.Clone(l.controls) }

// Now is the lobby's time now: the time the table screens draw at.
func (l *Lobby) Now() time.Time { return l.time.Now() }

// Close stops every table, as the server stops: no flag falls and no seat
// hold ends after it (the games come back after a restart), and an end
// that the store refused so far is tried once more. It returns when every
// table's goroutine has ended. With a store, this server's tables leave
// the lists of the servers on its database. The server closes its lobby
// before its store. Closing it again does nothing (a server shut down
// twice).
func (l *Lobby) Close() {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	renewing := l.renewStarted
	tables := make([]*Table, 0, len(l.live))
	for t := range l.live {
		tables = append(tables, t)
	}
	l.mu.Unlock()
	for _, t := range tables {
		t.send(t.close)
	}
	l.running.Wait()
	if renewing {
		l.stop()
	}
}

// codeLetters are the letters of codes: no 0/O, 1/I/L, which a friend
// reading a code aloud or from a screen would mix up.
const codeLetters = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// The lengths of codes: a table's is short, to be said to a friend; a
// resume code gives a seat back, so it is long enough not to be guessed.
const (
	tableCodeLen  = 4
	resumeCodeLen = 8
)

// newCode returns a code of n letters not yet in use; mu held.
func (l *Lobby) newCode(n int, used func(string) bool) string {
	for {
		var b strings.Builder
		for range n {
			b.WriteByte(codeLetters[l.rng.IntN(len(codeLetters))])
		}
		if c := b.String(); !used(c) {
			return c
		}
	}
}

// newTableCode and newResumeCode return codes not in use; mu held.
func (l *Lobby) newTableCode() string {
	return l.newCode(tableCodeLen, func(c string) bool { return l.tables[c] != nil })
}

func (l *Lobby) newResumeCode() string {
	return l.newCode(resumeCodeLen, func(c string) bool { _, ok := l.resume[c]; return ok })
}

// NormCode reads a code as typed: case and spaces do not matter.
func NormCode(s string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
}

// Open opens a table of setup with the host in seat 0 and returns it.
// With a store, its code is reserved there first, unique among the
// tables of every server on its database: screens call it off their
// goroutine.
func (l *Lobby) Open(setup Setup, host Seat) *Table {
	code := l.reserve(context.Background(), "", l.waiting(setup, host))
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.openLocked(setup, host, code)
}

// waiting is a table of setup that host opens, as the lists show it.
func (l *Lobby) waiting(setup Setup, host Seat) Listing {
	return Listing{Host: host.Name, Setup: setup.normal(), Rated: l.store != nil && host.Key != ""}
}

// openLocked opens a table as Open does, under code (reserve's) unless
// it is "" or another table of this server has it; mu held.
func (l *Lobby) openLocked(setup Setup, host Seat, code string) *Table {
	t := newTable(l, l.dealLocked(setup.normal()), 0)
	t.at = l.Now()
	t.Code = code
	if code == "" || l.tables[code] != nil {
		t.Code = l.newTableCode()
	}
	host.Resume = l.newResumeCode()
	host.Taken, host.Present = true, 1
	t.seats[0] = host
	l.tables[t.Code] = t
	l.resume[host.Resume] = seatRef{t, 0}
	t.log().Info("table opened", "user", host.Name, "key", host.Key)
	l.startLocked(t)
	return t
}

// dealLocked is s with its seed drawn, at a game dealt by chance
// (Game.dealt) that has none yet; mu held.
func (l *Lobby) dealLocked(s Setup) Setup {
	for s.Game.dealt && s.Seed == 0 {
		s.Seed = l.rng.Uint64()
	}
	return s
}

// startLocked starts the goroutine of t, a table in the lobby's maps;
// mu held. A table opened as the lobby closes closes at once.
func (l *Lobby) startLocked(t *Table) {
	t.changed = true
	t.publish()
	l.live[t] = true
	l.running.Add(1)
	go t.run()
	if l.closed {
		t.send(t.close)
	}
}

// Errors of joining and watching.
var (
	ErrNoTable   = errors.New("no table has that code")
	ErrFull      = errors.New("the table is full")
	ErrOtherGame = errors.New("that table plays another game")
)

// Join seats a player at the table with the code, in the free seat, and
// starts the game; with a store, the game is begun there first (kept.go),
// and then the seat shows as taken. It waits for the table: screens call
// it off their goroutine.
func (l *Lobby) Join(code string, game *Game, p Seat) (*Table, int, error) {
	l.mu.Lock()
	t := l.tables[NormCode(code)]
	if t == nil {
		l.mu.Unlock()
		return nil, 0, ErrNoTable
	}
	if t.Game != game {
		l.mu.Unlock()
		return nil, 0, ErrOtherGame
	}
	p.Resume = l.newResumeCode()
	l.resume[p.Resume] = seatRef{t, 1} // taken now, so that no other seat gets it
	l.quick.Leave(t.Code)              // joined by its code: the quick match waits no more
	l.mu.Unlock()
	if err := t.ask(func() error { return t.join(p) }); err != nil {
		l.forgetResume(p.Resume, t)
		return nil, 0, err
	}
	return t, 1, nil
}

// forgetResume gives up resume code, when it still names a seat of t.
func (l *Lobby) forgetResume(code string, t *Table) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if ref, ok := l.resume[code]; ok && ref.t == t {
		delete(l.resume, code)
	}
}

// GameOf returns the game of the table with the code.
func (l *Lobby) GameOf(code string) (*Game, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.tables[NormCode(code)]
	if t == nil {
		return nil, false
	}
	return t.Game, true
}

// Watch returns the table with the code, counting one more watcher;
// Unwatch counts them out.
func (l *Lobby) Watch(code string) (*Table, error) {
	l.mu.Lock()
	t := l.tables[NormCode(code)]
	l.mu.Unlock()
	if t == nil || !t.send(func() { t.watchers++; t.changed = true }) {
		return nil, ErrNoTable
	}
	return t, nil
}

// Listing is an open table as the list shows it.
type Listing struct {
	// Server is the server the table is on, when it is another on the
	// store's database (Command reaches it); zero at this one.
	Server     store.Server
	Code, Host string
	Setup      Setup // what the table was opened for: game, rule, clock, swap2
	Playing    bool  // both seats taken: open to watch only
	// Rated: the game counts for the ratings; at a table still waiting,
	// it will if the player who joins has a key.
	Rated bool
}

// Tables lists the tables of game, as they last showed: those waiting for
// a player first, then those being played, each by code; then those of
// the other servers on the store's database, as last read, by server.
func (l *Lobby) Tables(game *Game) []Listing {
	l.mu.Lock()
	tables := make([]*Table, 0, len(l.tables))
	for _, t := range l.tables {
		if t.Game == game {
			tables = append(tables, t)
		}
	}
	l.mu.Unlock()
	var open, playing []Listing
	for _, t := range tables {
		st, _ := t.State()
		li := Listing{Code: t.Code, Host: st.Seats[0].Name, Setup: st.Setup, Playing: st.Seats[1].Taken, Rated: st.Rated}
		switch {
		case st.Outcome.Over:
		case li.Playing:
			playing = append(playing, li)
		default:
			open = append(open, li)
		}
	}
	byCode := func(a, b Listing) int { return strings.Compare(a.Code, b.Code) }
	slices.SortFunc(open, byCode)
	slices.SortFunc(playing, byCode)
	return append(append(open, playing...), l.elsewhereOf(game)...)
}

// Resume gives back the seat whose resume code is code, when it is away
// and its game not over; the seat is present again.
func (l *Lobby) Resume(code string) (*Table, int, bool) {
	l.mu.Lock()
	ref, ok := l.resume[NormCode(code)]
	l.mu.Unlock()
	if !ok || !ref.t.giveBack(ref.seat) {
		return nil, 0, false
	}
	return ref.t, ref.seat, true
}

// Held returns a seat away that the key holds, at a game not over, and
// gives it back: a player who dropped and comes back with the same key
// is put back at once.
func (l *Lobby) Held(key string) (*Table, int, bool) {
	if key == "" {
		return nil, 0, false
	}
	l.mu.Lock()
	refs := make([]seatRef, 0, len(l.resume))
	for _, ref := range l.resume {
		refs = append(refs, ref)
	}
	l.mu.Unlock()
	for _, ref := range refs {
		st, _ := ref.t.State()
		s := st.Seats[ref.seat]
		if s.Key == key && s.Present == 0 && !st.Outcome.Over && ref.t.giveBack(ref.seat) {
			return ref.t, ref.seat, true
		}
	}
	return nil, 0, false
}

// Table returns the table with the code, in play or waiting, or over
// while a player is still at it.
func (l *Lobby) Table(code string) (*Table, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t, ok := l.tables[NormCode(code)]
	return t, ok
}

// Forfeit ends by forfeit every game not over at which a seat that who
// picks sits, present or away, and closes the tables such a seat opened
// that nobody joined; it returns how many it ended. A moderator's ban
// ends a player's games so.
func (l *Lobby) Forfeit(who func(Seat) bool) int {
	l.mu.Lock()
	tables := make([]*Table, 0, len(l.tables))
	for _, t := range l.tables {
		tables = append(tables, t)
	}
	l.mu.Unlock()
	n := 0
	for _, t := range tables {
		st, _ := t.State()
		if st.Outcome.Over {
			continue
		}
		for seat, s := range st.Seats {
			if s.Taken && who(s) {
				t.Forfeit(seat)
				n++
				break
			}
		}
	}
	return n
}

// drop takes t, whose game is over and which no player is at, out of the
// lobby, with its resume codes.
func (l *Lobby) drop(t *Table) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tables[t.Code] == t {
		delete(l.tables, t.Code)
	}
	for code, ref := range l.resume {
		if ref.t == t {
			delete(l.resume, code)
		}
	}
	l.quick.Leave(t.Code)
	if l.store != nil {
		l.dropped = append(l.dropped, t.Code)
	}
}

// ended notes that t's goroutine has ended.
func (l *Lobby) ended(t *Table) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.live, t)
}

// leaveQuick takes the table with code out of the quick match's queue.
func (l *Lobby) leaveQuick(code string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.quick.Leave(code)
}

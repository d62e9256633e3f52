// Package metrics is what `termgames serve -metrics` shows a host's
// monitoring: the numbers of a server (sessions, refusals, tables, games,
// moves, the store's writes) in one Prometheus registry, with the Go
// runtime's and the process's own, served in the Prometheus text format
// (github.com/prometheus/client_golang).
//
// The server's parts tell a Metrics what happens through a few methods,
// each safe on a nil *Metrics, which counts nothing: a part made without
// one (a test's lobby) needs no check of its own.
package metrics

import (
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Why a connection or a session was refused, the label of
// termgames_refused_total.
const (
	Full             = "full"              // the server holds its most sessions
	PerAddress       = "per_address"       // too many sessions from one address
	Connections      = "connections"       // too many connections, handshaking or not
	Stopping         = "stopping"          // the server is stopping
	Handshake        = "handshake"         // the SSH handshake failed: a scanner, a key not allowed
	HandshakeTimeout = "handshake_timeout" // the SSH handshake took too long
	Input            = "input"             // a session sent more than its input budget: closed
	NoTerminal       = "no_terminal"       // a session without a terminal (ssh without -t, scp)
	DumbTerminal     = "dumb_terminal"     // TERM=dumb, which cannot move the cursor
	Command          = "command"           // an unknown command (ssh HOST ls)
	Subsystem        = "subsystem"         // a subsystem (sftp)
)

// reasons are every refusal's label, shown at 0 before the first.
var reasons = []string{Full, PerAddress, Connections, Stopping, Handshake, HandshakeTimeout,
	Input, NoTerminal, DumbTerminal, Command, Subsystem}

// The states of a table, the label of termgames_tables.
const (
	Waiting = "waiting" // for its second player
	Playing = "playing"
	Ended   = "ended" // its game is over; the players are still at it
)

// writeOps name the store's writes, the label of
// termgames_store_write_seconds: a player registered, a game begun, a
// move, a game's end, a minesweeper game, a line of chat, an ignore or a
// refusal of challenges, the lists of servers and tables that servers on
// one database share, the readiness check's write, a moderator's ban,
// mute, rename, move or kept action.
var writeOps = []string{"player", "begin", "move", "finish", "mines", "chat", "social", "listing", "probe", "moderation"}

// TableCount is how many tables of a game are in a state now.
type TableCount struct {
	Game, State string
	N           int
}

// Metrics are one server's numbers.
type Metrics struct {
	reg *prometheus.Registry

	sessions      *prometheus.GaugeVec
	sessionsTotal *prometheus.CounterVec
	refused       *prometheus.CounterVec
	panics        prometheus.Counter

	gamesStarted *prometheus.CounterVec
	gamesEnded   *prometheus.CounterVec
	moves        *prometheus.CounterVec
	moveTime     *prometheus.HistogramVec

	writeTime     *prometheus.HistogramVec
	writeFailures *prometheus.CounterVec

	tablesDesc *prometheus.Desc
	mu         sync.Mutex
	tables     func() []TableCount // set by CountTables
}

// buckets bound a move's time on the server and a store's write, in
// seconds: from a write that the disk's cache takes (0.1 ms) to one that
// waits for a busy disk (seconds).
var buckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

// New returns a server's Metrics, its Go runtime's and process's
// collectors registered beside them.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		sessions: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "termgames_sessions",
			Help: "SSH sessions open now, by whether the player came with a key (keyed) or without (guest).",
		}, []string{"kind"}),
		sessionsTotal: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "termgames_sessions_total",
			Help: "SSH sessions let in since the start, by whether the player came with a key (keyed) or without (guest).",
		}, []string{"kind"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "termgames_refused_total",
			Help: "Connections and sessions refused or closed by a limit, by reason (docs/operating.md lists them).",
		}, []string{"reason"}),
		panics: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "termgames_panics_total",
			Help: "Sessions ended by a panic, the server's or a screen's; each is logged with its stack.",
		}),
		gamesStarted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "termgames_games_started_total",
			Help: "Online games started (a table's second player sat down, or a rematch began), by game.",
		}, []string{"game"}),
		gamesEnded: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "termgames_games_ended_total",
			Help: "Online games ended, by game and how they ended.",
		}, []string{"game", "how"}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "termgames_moves_total",
			Help: "Moves made at online tables (a stone, a guess, a click of the race), by game.",
		}, []string{"game"}),
		moveTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "termgames_move_seconds",
			Help:    "A move's time on the server, from its arrival at the table through the rules' check and the store's write until the screens are told, by game.",
			Buckets: buckets,
		}, []string{"game"}),
		writeTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "termgames_store_write_seconds",
			Help:    "The store's writes, from the call until it is committed or refused, by what was written.",
			Buckets: buckets,
		}, []string{"op"}),
		writeFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "termgames_store_write_failures_total",
			Help: "The store's writes that failed (a full disk, a database down), by what was written; each is logged.",
		}, []string{"op"}),
		tablesDesc: prometheus.NewDesc("termgames_tables",
			"Online tables now, by game and state (waiting for a second player, playing, ended).",
			[]string{"game", "state"}, nil),
	}
	for _, kind := range []string{"keyed", "guest"} {
		m.sessions.WithLabelValues(kind)
		m.sessionsTotal.WithLabelValues(kind)
	}
	for _, r := range reasons {
		m.refused.WithLabelValues(r)
	}
	for _, op := range writeOps {
		m.writeTime.WithLabelValues(op)
		m.writeFailures.WithLabelValues(op)
	}
	m.reg.MustRegister(m.sessions, m.sessionsTotal, m.refused, m.panics,
		m.gamesStarted, m.gamesEnded, m.moves, m.moveTime, m.writeTime, m.writeFailures,
		tableCollector{m},
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus text format (or
// OpenMetrics, where the scraper asks for it).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// Register adds c's metrics to the server's: a part that keeps numbers
// of its own (the server's open connections).
func (m *Metrics) Register(c prometheus.Collector) {
	if m != nil {
		m.reg.MustRegister(c)
	}
}

// Session counts a session in, keyed or a guest; the func it returns
// counts it out.
func (m *Metrics) Session(keyed bool) (done func()) {
	if m == nil {
		return func() {}
	}
	kind := "guest"
	if keyed {
		kind = "keyed"
	}
	m.sessionsTotal.WithLabelValues(kind).Inc()
	g := m.sessions.WithLabelValues(kind)
	g.Inc()
	return g.Dec
}

// Refused counts a refusal, for one of the reasons above.
func (m *Metrics) Refused(reason string) {
	if m != nil {
		m.refused.WithLabelValues(reason).Inc()
	}
}

// Panic counts a session ended by a panic.
func (m *Metrics) Panic() {
	if m != nil {
		m.panics.Inc()
	}
}

// Games shows the counters of each of games at 0 before its first game,
// so that a dashboard has every game from the start.
func (m *Metrics) Games(games ...string) {
	if m == nil {
		return
	}
	for _, g := range games {
		m.gamesStarted.WithLabelValues(g)
		m.moves.WithLabelValues(g)
		m.moveTime.WithLabelValues(g)
	}
}

// GameStarted counts a game of game started.
func (m *Metrics) GameStarted(game string) {
	if m != nil {
		m.gamesStarted.WithLabelValues(game).Inc()
	}
}

// GameEnded counts a game of game ended, how it ended.
func (m *Metrics) GameEnded(game, how string) {
	if m != nil {
		m.gamesEnded.WithLabelValues(game, how).Inc()
	}
}

// Move counts a move of game, which took took on the server.
func (m *Metrics) Move(game string, took time.Duration) {
	if m != nil {
		m.moves.WithLabelValues(game).Inc()
		m.moveTime.WithLabelValues(game).Observe(took.Seconds())
	}
}

// StoreWrite counts a write of the store, op what it wrote (a move, a
// game's end), which took took and failed with err, or not.
func (m *Metrics) StoreWrite(op string, took time.Duration, err error) {
	if m == nil {
		return
	}
	m.writeTime.WithLabelValues(op).Observe(took.Seconds())
	if err != nil {
		m.writeFailures.WithLabelValues(op).Inc()
	}
}

// CountTables sets what says how many tables there are, by game and
// state, at each scrape: the lobby, which knows its tables.
func (m *Metrics) CountTables(count func() []TableCount) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tables = count
}

// tableCollector asks CountTables' func at each scrape.
type tableCollector struct{ m *Metrics }

func (c tableCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.m.tablesDesc }

func (c tableCollector) Collect(ch chan<- prometheus.Metric) {
	c.m.mu.Lock()
	count := c.m.tables
	c.m.mu.Unlock()
	if count == nil {
		return
	}
	for _, t := range count() {
		ch <- prometheus.MustNewConstMetric(c.m.tablesDesc, prometheus.GaugeValue, float64(t.N), t.Game, t.State)
	}
}

package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"termgames/internal/metrics"
	"termgames/internal/store"
)

// Handler is what `termgames serve -metrics ADDR` serves over HTTP, for
// the host's monitoring: /metrics (Prometheus' text format), /healthz (200
// while the server serves) and /readyz (200 while the store takes a write
// within readyWithin, 503 with the reason when it does not).
func (s *server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", s.metrics.Handler())
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if s.stopping() {
			http.Error(w, "stopping", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if err := s.ready(r.Context()); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	return mux
}

// stopping reports whether Shutdown has begun.
func (s *server) stopping() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// readyWithin is how long the store has to take the readiness check's
// write: a move waits for a write, so a store slower than this is a server
// whose players wait.
const readyWithin = time.Second

// errSlow is the answer of a store that did not take the write in time.
var errSlow = fmt.Errorf("the store did not take a write within %v", readyWithin)

// ready says why the server is not ready, or nil: it is stopping, or its
// store did not take a write (store.Probe) within readyWithin. A server
// without a store is ready while it serves.
func (s *server) ready(ctx context.Context) error {
	if s.stopping() {
		return errors.New("stopping")
	}
	if s.cfg.Store == nil {
		return nil
	}
	done := s.probe.start(s.cfg.Store)
	timer := time.NewTimer(readyWithin)
	defer timer.Stop()
	select {
	case <-done:
		return s.probe.result()
	case <-timer.C:
		return errSlow
	case <-ctx.Done():
		return ctx.Err()
	}
}

// prober runs one store.Probe at a time: a check that comes while one is
// under way waits for that one, so that a store that hangs holds one
// probe, however often it is asked.
type prober struct {
	mu   sync.Mutex
	done chan struct{} // closed when the probe under way ends; nil: none
	err  error         // the last probe's answer
}

// probeGiveUp bounds a probe that nobody waits for any more, so that it
// cannot hold the writer's queue for long.
const probeGiveUp = 30 * time.Second

// start starts a probe unless one is under way, and returns what closes
// when that one ends.
func (p *prober) start(st store.Store) <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done != nil {
		return p.done
	}
	done := make(chan struct{})
	p.done = done
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), probeGiveUp)
		defer cancel()
		err := st.Probe(ctx)
		p.mu.Lock()
		p.err, p.done = err, nil
		p.mu.Unlock()
		close(done)
	}()
	return done
}

// result is the last probe's answer.
func (p *prober) result() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// timedStore is the server's store with each write timed and each
// failure counted in the server's metrics, by the names that the
// metrics package shows at 0 from the start; reads go straight through.
type timedStore struct {
	store.Store
	m *metrics.Metrics
}

// timed runs write and counts it as op.
func (t timedStore) timed(op string, write func() error) error {
	began := time.Now()
	err := write()
	t.m.StoreWrite(op, time.Since(began), err)
	return err
}

// Player may register the player: a write the first time.
func (t timedStore) Player(ctx context.Context, key, want string) (p store.Player, err error) {
	err = t.timed("player", func() error { p, err = t.Store.Player(ctx, key, want); return err })
	return p, err
}

func (t timedStore) Begin(ctx context.Context, g store.Game) (id int64, err error) {
	err = t.timed("begin", func() error { id, err = t.Store.Begin(ctx, g); return err })
	return id, err
}

func (t timedStore) AddMove(ctx context.Context, id int64, m store.Move) error {
	return t.timed("move", func() error { return t.Store.AddMove(ctx, id, m) })
}

func (t timedStore) Finish(ctx context.Context, id int64, r store.Result) (g store.Game, err error) {
	err = t.timed("finish", func() error { g, err = t.Store.Finish(ctx, id, r); return err })
	return g, err
}

func (t timedStore) AddMinesGame(ctx context.Context, key string, g store.MinesGame) error {
	return t.timed("mines", func() error { return t.Store.AddMinesGame(ctx, key, g) })
}

func (t timedStore) AddChat(ctx context.Context, id int64, line store.ChatLine) error {
	return t.timed("chat", func() error { return t.Store.AddChat(ctx, id, line) })
}

func (t timedStore) SetIgnore(ctx context.Context, key, other string, on bool) error {
	return t.timed("social", func() error { return t.Store.SetIgnore(ctx, key, other, on) })
}

func (t timedStore) SetRefusesChallenges(ctx context.Context, key string, refuse bool) error {
	return t.timed("social", func() error { return t.Store.SetRefusesChallenges(ctx, key, refuse) })
}

// The lists of servers and tables that servers on one database share.

func (t timedStore) Announce(ctx context.Context, s store.Server, ttl time.Duration) error {
	return t.timed("listing", func() error { return t.Store.Announce(ctx, s, ttl) })
}

func (t timedStore) Withdraw(ctx context.Context, name string) error {
	return t.timed("listing", func() error { return t.Store.Withdraw(ctx, name) })
}

func (t timedStore) OpenTable(ctx context.Context, tb store.Table) error {
	return t.timed("listing", func() error { return t.Store.OpenTable(ctx, tb) })
}

func (t timedStore) UpdateTable(ctx context.Context, tb store.Table) error {
	return t.timed("listing", func() error { return t.Store.UpdateTable(ctx, tb) })
}

func (t timedStore) CloseTable(ctx context.Context, server, code string) error {
	return t.timed("listing", func() error { return t.Store.CloseTable(ctx, server, code) })
}

func (t timedStore) Probe(ctx context.Context) error {
	return t.timed("probe", func() error { return t.Store.Probe(ctx) })
}

// The moderators' writes (admin.go).

func (t timedStore) Sanction(ctx context.Context, s store.Sanction) error {
	return t.timed("moderation", func() error { return t.Store.Sanction(ctx, s) })
}

func (t timedStore) Lift(ctx context.Context, kind store.SanctionKind, target string, now time.Time) (lifted bool, err error) {
	err = t.timed("moderation", func() error { lifted, err = t.Store.Lift(ctx, kind, target, now); return err })
	return lifted, err
}

func (t timedStore) AddAdminAction(ctx context.Context, a store.AdminAction) error {
	return t.timed("moderation", func() error { return t.Store.AddAdminAction(ctx, a) })
}

func (t timedStore) Rename(ctx context.Context, key, name string) (p store.Player, err error) {
	err = t.timed("moderation", func() error { p, err = t.Store.Rename(ctx, key, name); return err })
	return p, err
}

func (t timedStore) MoveKey(ctx context.Context, from, to string) (p store.Player, err error) {
	err = t.timed("moderation", func() error { p, err = t.Store.MoveKey(ctx, from, to); return err })
	return p, err
}

// connections counts the server's open connections, handshaking or not,
// at each scrape.
func (s *server) connections() prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "termgames_connections",
		Help: "TCP connections open now, in the SSH handshake or past it.",
	}, func() float64 {
		s.mu.Lock()
		defer s.mu.Unlock()
		return float64(s.conns)
	})
}

// Package web is the read-only web side of termgames serve (serve -http):
// the tables being played now and each live, every kept game at its own
// link, the leaderboards and the players' pages, in Korean or English.
//
// Nothing here changes anything: there is no login and no form, and a page
// never waits on a table. The live pages read each table's published
// State (room.Table.State), and a stream of a table's changes
// (Server-Sent Events) renders each change once for all its watchers. The
// pages are html/template's, so everything a player typed (names, chat)
// reaches them escaped; the assets are embedded, and JavaScript only makes
// the live pages move and the arrow keys step through a game.
//
// The files, by role:
//
//	web.go       Site: the routes, the limits, Serve and Shutdown
//	words.go     the pages' words, Korean and English, and the language a
//	             page speaks; page.go renders a page in the layout
//	now.go       the tables open now
//	live.go      a table live, and its stream of changes
//	kept.go      a kept game, and its record to download
//	leaders.go   the leaderboards; player.go a player's page
//	games.go     what the pages draw of each game (webGame), each in its
//	             own file: omok.go, baseball.go, race.go, each with its
//	             replay of a kept game
//	board.go     the boards: omok's SVG, baseball's rounds, the race's
//	             fields, as every page draws them
//	metrics.go   the site's numbers for -metrics
package web

import (
	"context"
	"embed"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"termgames/internal/store"
	"termgames/serve/room"
)

// Config is what a Site shows and how it is limited.
type Config struct {
	// Lobby is the server's tables, live.
	Lobby *room.Lobby
	// Store is where the kept games, the ratings and the players are;
	// nil: the site shows the live tables alone.
	Store store.Store
	// Play is the command that plays on the server, which the tables'
	// page shows: "ssh -p 2222 games.example"; "" for none.
	Play string
	// Log gets the requests refused and the failures; nil: none.
	Log *slog.Logger
	// MaxPerAddress is how many connections one address may hold open at
	// once (an open stream is one); 0 for DefaultMaxPerAddress.
	MaxPerAddress int
	// MaxStreams is how many streams of changes may be open at once, in
	// all; 0 for DefaultMaxStreams.
	MaxStreams int
}

// The defaults of Config's limits, and the time limits of every request.
const (
	DefaultMaxPerAddress = 16
	DefaultMaxStreams    = 5000
	// requestTime is how long a page (not a stream) may take, from its
	// headers read to its last byte written.
	requestTime = 10 * time.Second
	// headerTime is how long a client may take to send its headers.
	headerTime = 5 * time.Second
	// idleTime is how long a kept-alive connection may wait for its next
	// request.
	idleTime = 60 * time.Second
)

//go:embed templates/*.html
var templateFiles embed.FS

//go:embed static
var staticFiles embed.FS

// Site is the web side: an http.Handler, and Serve to serve it under its
// limits.
type Site struct {
	cfg   Config
	log   *slog.Logger
	mux   *http.ServeMux
	pages map[string]*template.Template
	// fragments renders each table's changing part once per version,
	// for every stream and page that shows it (live.go).
	fragments fragmentCache

	closing   chan struct{} // closed by Shutdown: every stream ends
	closeOnce sync.Once
	streams   chan struct{} // a token for each stream open
	mu        sync.Mutex
	perAddr   map[string]int
	server    *http.Server
	metrics   *siteMetrics
}

// New returns the site of cfg.
func New(cfg Config) (*Site, error) {
	if cfg.Lobby == nil {
		return nil, errors.New("web: no lobby")
	}
	if cfg.MaxPerAddress <= 0 {
		cfg.MaxPerAddress = DefaultMaxPerAddress
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = DefaultMaxStreams
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Site{cfg: cfg, log: log, mux: http.NewServeMux(), closing: make(chan struct{}),
		streams: make(chan struct{}, cfg.MaxStreams), perAddr: map[string]int{}}
	s.metrics = newSiteMetrics(s)
	for _, page := range []string{"now", "table", "game", "leaders", "player", "record", "missing"} {
		s.metrics.pages.WithLabelValues(page)
	}
	for _, reason := range []string{"connections", "streams"} {
		s.metrics.refused.WithLabelValues(reason)
	}
	var err error
	if s.pages, err = parsePages(); err != nil {
		return nil, err
	}
	static, _ := fs.Sub(staticFiles, "static")
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", cached(http.FileServerFS(static))))
	s.mux.HandleFunc("GET /{$}", s.limited("now", s.now))
	s.mux.HandleFunc("GET /table/{code}", s.limited("table", s.live))
	s.mux.HandleFunc("GET /table/{code}/events", s.events) // a stream: its own limits
	s.routeKept()
	s.mux.HandleFunc("GET /", s.limited("missing", func(w http.ResponseWriter, r *http.Request) {
		s.notFound(w, r)
	}))
	return s, nil
}

// ServeHTTP serves the site's pages.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// Nothing of the site runs in a frame or loads from elsewhere; the
	// only scripts are the site's own files.
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if r.Context().Value(overKey{}) != nil {
		h.Set("Connection", "close")
		h.Set("Retry-After", "10")
		http.Error(w, "too many connections from your address", http.StatusTooManyRequests)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// limited gives a page its time limit: its context ends, and its writes
// fail, once requestTime has passed since it began. The metrics count it
// as page.
func (s *Site) limited(page string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.served(page)
		ctx, cancel := context.WithTimeout(r.Context(), requestTime)
		defer cancel()
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(requestTime))
		h(w, r.WithContext(ctx))
	}
}

// cached lets browsers keep the embedded assets for an hour.
func cached(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		h.ServeHTTP(w, r)
	})
}

// Serve serves the site on l until Shutdown: each connection within the
// limits of Config, each request within the time limits.
func (s *Site) Serve(l net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: headerTime,
		ReadTimeout:       headerTime,
		IdleTimeout:       idleTime,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		ConnContext:       connContext,
	}
	s.mu.Lock()
	select {
	case <-s.closing:
		s.mu.Unlock()
		l.Close()
		return http.ErrServerClosed
	default:
	}
	s.server = srv
	s.mu.Unlock()
	return srv.Serve(&limitListener{Listener: l, site: s})
}

// Shutdown ends every stream, then stops the server as http.Server's
// Shutdown does: it returns when every request has ended, or ctx has.
func (s *Site) Shutdown(ctx context.Context) error {
	s.closeOnce.Do(func() { close(s.closing) })
	s.mu.Lock()
	srv := s.server
	s.mu.Unlock()
	if srv == nil {
		return nil
	}
	err := srv.Shutdown(ctx)
	if err != nil {
		srv.Close()
	}
	return err
}

// limitListener counts each address's connections. Past MaxPerAddress a
// connection is answered 429 to its first request and closed (overKey);
// past twice that it is closed at once, unheard, as a flood is.
type limitListener struct {
	net.Listener
	site *Site
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := hostOf(c.RemoteAddr())
		s := l.site
		s.mu.Lock()
		n := s.perAddr[addr]
		flood := n >= 2*s.cfg.MaxPerAddress
		if !flood {
			s.perAddr[addr]++
		}
		s.mu.Unlock()
		if n >= s.cfg.MaxPerAddress {
			s.log.Warn("web: refused", "reason", "connections", "remote", addr)
			s.metrics.refused.WithLabelValues("connections").Inc()
		}
		if flood {
			c.Close()
			continue
		}
		return &countedConn{Conn: c, site: s, addr: addr, over: n >= s.cfg.MaxPerAddress}, nil
	}
}

// overKey marks, in a request's context, a connection over its address's
// limit.
type overKey struct{}

// connContext marks the requests of a connection over the limit.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if cc, ok := c.(*countedConn); ok && cc.over {
		return context.WithValue(ctx, overKey{}, true)
	}
	return ctx
}

// countedConn counts itself out of its address's connections once closed.
type countedConn struct {
	net.Conn
	site *Site
	addr string
	over bool // past MaxPerAddress: its request is refused
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.site.mu.Lock()
		if c.site.perAddr[c.addr]--; c.site.perAddr[c.addr] <= 0 {
			delete(c.site.perAddr, c.addr)
		}
		c.site.mu.Unlock()
	})
	return c.Conn.Close()
}

// hostOf is the address without its port: what the limits count by.
func hostOf(a net.Addr) string {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

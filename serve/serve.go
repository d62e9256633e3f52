// Package serve is termgames over SSH: `termgames serve` starts an SSH
// server, and anyone who connects with a plain `ssh` gets the top menu and
// every game as they are locally, each connection its own console
// (console.RunStream) with its own width of □ ○ ●, measured from that
// terminal's answer. The games and their screens are the same for both;
// this package adds only what a server needs: the host key, the players'
// identities, the limits that keep one client from hurting the others, and
// the online tables, where two players on two terminals play omok or
// baseball versus, or race at minesweeper, and others watch. The tables,
// their games' rules and the store's side of them are package serve/room,
// which draws nothing; this package draws them.
//
// The files, by role:
//
//	serve.go     Command, server, config, Player: the server and its flags
//	session.go   one SSH session: checks, limits, the console on its channel
//	hostkey.go   the host key (generated once) and the allow-list
//	players.go   the name a session plays under: a key's for good
//	game.go      what the screens show of a game with online tables: its
//	             table screen, its replay and its words, by room.Game
//	online.go    the online menus (온라인 대전) and the codes asked
//	table.go     what every table's screen shares: the changes, leaving
//	omoktable.go     omok's table screen: the board, drawn by omok's code
//	baseballtable.go baseball's table screen: the rounds
//	racetable.go     the race's table screen: the fields, drawn by
//	             minesweeper's code; a kept race watched again
//	racetext.go      the race's texts
//	text.go      the online screens' texts, Korean and English
//	matchtext.go     what the table screens say of the match
//	chat.go      the chat at every table's screen; chattext.go its texts
//	who.go       who is here: everyone connected, to watch, challenge
//	             or ignore; ignorelist.go the players ignored
//	here.go      who is on the server, and the challenges: the line a
//	             challenge shows over any screen; socialtext.go the texts
//	archive.go   the archive's screens: my games, my profile, leaderboards
//	archivetext.go   their texts
//	records.go   the archive's commands: records, record ID
//	admin.go     the moderators' commands (ssh HOST admin ...): bans,
//	             kicks, mutes, names; the bans at login, the mutes
//	mines.go     a keyed player's minesweeper games in the store
//	migrate.go   serve migrate: a SQLite store copied into PostgreSQL
//	backup.go    serve backup and serve check: a SQLite store copied
//	             while it runs, and checked
//	health.go    what -metrics serves (Handler: /metrics, /healthz,
//	             /readyz) and the store's writes timed for it
//
// The SSH protocol is charm.land/ssh, the server layer of charm.land/wish
// (itself on golang.org/x/crypto/ssh); docs/server.md says why that and not
// the wish package itself.
package serve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"charm.land/ssh"
	"github.com/mattn/go-runewidth"
	gossh "golang.org/x/crypto/ssh"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/metrics"
	"termgames/internal/store"
	"termgames/internal/store/stores"
	"termgames/serve/room"
	"termgames/serve/web"

	"termgames/internal/cmdline"
)

// Player is who a session is, as the screens may show it.
type Player struct {
	// Name is the SSH user name, cut to printable characters and
	// MaxName columns: it is drawn on other players' screens.
	Name string
	// Key is the fingerprint (SHA256) of the public key the player
	// authenticated with, "" for a player who came in without a key.
	Key string
	// Addr is the address the player connects from: a guest's mute goes
	// by it.
	Addr string
	// Width is this terminal's own measure of □ ○ ●: narrow until the
	// terminal answers the console's question, then what it draws.
	Width *runewidth.Condition
	// Lang and ASCII suit the player's locale, as main's flags do
	// locally: where their ssh passed one that cannot show Korean
	// (LANG=C), English and ASCII glyphs; otherwise each game's own.
	Lang  lang.Tag
	ASCII bool
	// Online opens the online tables from a game's menu: main's top menu
	// passes Online.For(game) on in cli.Env.Online, which the game's
	// command copies into its Options.
	Online Online
	// Books keep the player's own records of the games in the server's
	// store: main passes Books.For(game) on in cli.Env.Book. Empty for a
	// guest, or on a server without a store.
	Books Books
	// Played collects what the baseball games print, as main's does
	// locally (baseball.Options.Transcript): it is left on the player's
	// terminal when the session ends, as the original's lines were.
	Played *strings.Builder
}

// MaxName is how many columns of a player's name other players see: the
// store's, which makes the names of players with keys.
const MaxName = store.MaxName

// config is what a server needs. The zero values of the limits take the
// defaults below, so that a test sets only what it tries.
type config struct {
	// HostKey signs the server's side of every handshake.
	HostKey gossh.Signer
	// Allow, when not nil, lets in only the keys whose fingerprints it
	// holds (and nobody without a key), and the admins' keys.
	Allow map[string]bool
	// Admins are the fingerprints of the keys that may run the
	// moderators' commands (ssh HOST admin ...: admin.go).
	Admins map[string]bool
	// NewMenu builds the first screen of each session: the top menu, from
	// main, which knows the games.
	NewMenu func(Player) console.Screen
	// Log gets connections, sessions, refusals and panics.
	Log *slog.Logger
	// Store keeps the players and their names, every online game move by
	// move, the ratings, the games' records and minesweeper's games; New brings back the games it has in
	// play. nil keeps nothing: a restart forgets every table. The server
	// does not close it.
	Store store.Store
	// Server is this server among several on the store's database: its
	// name (-name) and the address its players reach it at (-public);
	// the other servers' lists show its tables with them. The zero
	// Server is a server alone.
	Server store.Server

	HandshakeTimeout time.Duration // a connection must finish the SSH handshake within this
	MaxSessions      int           // sessions at once, in all
	MaxPerAddress    int           // sessions at once from one address
	InputRate        int           // bytes a second a session may send, over InputBurst
	InputBurst       int
	MaxSize          console.Size  // the largest terminal drawn for; larger ones are clamped
	IdleAfter        time.Duration // a session with no key for this long closes, unless at a table
	SeatHold         time.Duration // a player who drops keeps their seat this long (room.DefaultSeatHold)
	GuestChat        bool          // players without a key may chat at the tables
	// Controls are the time controls a new table may have, in the order
	// its question offers them (the -clocks flag): at omok tables the
	// Fischer ones and none, at baseball tables the ones per move and
	// none. nil: DefaultControls.
	Controls []room.Control
}

// The defaults of config's limits.
const (
	defaultHandshakeTimeout = 10 * time.Second
	defaultMaxSessions      = 200
	defaultMaxPerAddress    = 8
	// A player types a few keys a second and a mouse click is a dozen
	// bytes; a paste of a page is 4 KiB. More is a client misbehaving.
	defaultInputRate  = 4 << 10
	defaultInputBurst = 16 << 10
	defaultIdleAfter  = 15 * time.Minute
)

// defaultMaxSize is the largest terminal a session draws for: wide enough
// for the biggest board (minesweeper's 100 x 100 takes 210 x 110), small
// enough that a session's frame buffers stay under a megabyte.
var defaultMaxSize = console.Size{Width: 400, Height: 200}

func (c config) withDefaults() config {
	if c.HandshakeTimeout <= 0 {
		c.HandshakeTimeout = defaultHandshakeTimeout
	}
	if c.MaxSessions <= 0 {
		c.MaxSessions = defaultMaxSessions
	}
	if c.MaxPerAddress <= 0 {
		c.MaxPerAddress = defaultMaxPerAddress
	}
	if c.InputRate <= 0 {
		c.InputRate = defaultInputRate
	}
	if c.InputBurst <= 0 {
		c.InputBurst = defaultInputBurst
	}
	if c.MaxSize.Width <= 0 || c.MaxSize.Height <= 0 {
		c.MaxSize = defaultMaxSize
	}
	if c.IdleAfter <= 0 {
		c.IdleAfter = defaultIdleAfter
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if len(c.Controls) == 0 {
		c.Controls = room.DefaultControls()
	}
	return c
}

// server is the SSH server: it admits connections, runs a console on each
// session, and keeps count of what the limits count.
type server struct {
	cfg config
	log *slog.Logger
	ssh *ssh.Server

	lobby *room.Lobby

	metrics *metrics.Metrics // what Handler serves
	probe   prober           // the readiness check's write
	mutes   mutes            // the moderators' mutes, from the store: the chat asks them at every line

	mu       sync.Mutex
	closing  bool
	sessions map[*session]struct{}
	here     presence       // every session's online part: who is here, challenges
	perAddr  map[string]int // sessions by address
	conns    int            // connections, handshaking or not
	connsBy  map[string]int // connections by address
	handlers sync.WaitGroup
}

// newServer returns a server for cfg; Serve starts it. With a store, the games
// it has in play are at their tables again, both seats away for the seat
// hold, counted from now.
func newServer(cfg config) (*server, error) {
	if cfg.HostKey == nil {
		return nil, errors.New("serve: no host key")
	}
	if cfg.NewMenu == nil {
		return nil, errors.New("serve: no menu")
	}
	cfg = cfg.withDefaults()
	m := metrics.New()
	if cfg.Store != nil {
		cfg.Store = timedStore{Store: cfg.Store, m: m}
	}
	s := &server{cfg: cfg, log: cfg.Log,
		metrics: m, sessions: map[*session]struct{}{}, perAddr: map[string]int{}, connsBy: map[string]int{}}
	s.lobby = room.NewLobby(room.Config{Log: cfg.Log, Hold: cfg.SeatHold, Controls: cfg.Controls, Store: cfg.Store,
		GuestChat: cfg.GuestChat, Server: cfg.Server, Metrics: m, Muted: s.mutes.untilFor})
	m.Register(s.connections())
	if err := s.mutes.load(context.Background(), cfg.Store); err != nil {
		return nil, err
	}
	if err := s.lobby.Restore(context.Background()); err != nil {
		return nil, err
	}
	s.ssh = &ssh.Server{
		Handler:          s.handle,
		HostSigners:      []ssh.Signer{cfg.HostKey},
		Version:          "termgames",
		HandshakeTimeout: cfg.HandshakeTimeout,
		// A backstop for connections that do nothing at all, not even
		// open a session; sessions have their own idle rule, and a table
		// may be quiet for long while its players think.
		IdleTimeout:      max(time.Hour, 2*cfg.IdleAfter),
		PublicKeyHandler: s.publicKey,
		ConnCallback:     s.connected,
		ConnectionFailedCallback: func(conn net.Conn, err error) {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				s.metrics.Refused(metrics.HandshakeTimeout)
			} else {
				s.metrics.Refused(metrics.Handshake)
			}
			s.log.Info("refused", "remote", addressOf(conn.RemoteAddr()), "why", "handshake: "+err.Error())
		},
		ChannelHandlers: map[string]ssh.ChannelHandler{
			"session": ssh.DefaultSessionHandler,
			"default": refuseChannel,
		},
		SubsystemHandlers: map[string]ssh.SubsystemHandler{"default": s.refuseSubsystem},
		// LocalPortForwardingCallback and ReversePortForwardingCallback
		// stay nil, and no "tcpip-forward" request handler is set: the
		// server forwards nothing.
	}
	if cfg.Allow == nil {
		s.ssh.KeyboardInteractiveHandler = anyone
	}
	return s, nil
}

// publicKey accepts any key, or the allow-list's. It decides only whether
// the key may log in: who the player is comes from the session afterwards
// (ssh.Session.PublicKey, the key that did authenticate), never from here,
// where a client may offer keys it does not hold (CVE-2024-45337).
func (s *server) publicKey(_ ssh.Context, key ssh.PublicKey) bool {
	fp := gossh.FingerprintSHA256(key)
	return s.cfg.Allow == nil || s.cfg.Allow[fp] || s.cfg.Admins[fp]
}

// anyone lets in a player without a key: keyboard-interactive with no
// questions, so that ssh asks nothing and needs no password.
func anyone(_ ssh.Context, challenge gossh.KeyboardInteractiveChallenge) bool {
	_, err := challenge("", "", nil, nil)
	return err == nil
}

// refuseChannel refuses every channel but sessions (direct-tcpip: ssh -L,
// and the like), with a reason the ssh client prints.
func refuseChannel(_ *ssh.Server, _ *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	_ = ch.Reject(gossh.Prohibited, "termgames: no port forwarding or other channels here, only the games")
}

// refuseSubsystem refuses sftp and every other subsystem with one line.
func (s *server) refuseSubsystem(sess ssh.Session) {
	s.metrics.Refused(metrics.Subsystem)
	s.log.Info("refused", "remote", addressOf(sess.RemoteAddr()), "why", "subsystem "+printable(sess.Subsystem(), 20))
	say(sess.Stderr(), "termgames: no subsystems here (sftp, scp): only the games")
	_ = sess.Exit(1)
}

// connLimit is how many connections may be open at once, in all and from
// one address, handshakes included: twice the sessions', as a session can
// only follow a connection, and a client that opens connections without
// ever getting to a session (a flood) is closed at once, unheard.
func (s *server) connected(_ ssh.Context, conn net.Conn) net.Conn {
	addr := addressOf(conn.RemoteAddr())
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		s.metrics.Refused(metrics.Stopping)
		s.log.Info("refused", "remote", addr, "why", "stopping")
		return nil
	case s.conns >= 2*s.cfg.MaxSessions || s.connsBy[addr] >= 2*s.cfg.MaxPerAddress:
		s.metrics.Refused(metrics.Connections)
		s.log.Warn("refused", "remote", addr, "why", "too many connections")
		return nil
	}
	s.conns++
	s.connsBy[addr]++
	return &countedConn{Conn: conn, release: func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.conns--
		if s.connsBy[addr]--; s.connsBy[addr] == 0 {
			delete(s.connsBy, addr)
		}
	}}
}

// countedConn gives its place back when it closes, once.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// addressOf is the host part of an address: sessions are counted by the
// machine they come from, not by its port.
func addressOf(a net.Addr) string {
	if a == nil {
		return "?"
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// Serve accepts connections on l until Shutdown; it returns
// ssh.ErrServerClosed then.
func (s *server) Serve(l net.Listener) error { return s.ssh.Serve(l) }

// errShutdown is why sessions end when the server stops.
var errShutdown = errors.New("the server is stopping")

// Shutdown stops the server: no new connection, every player told (each
// session's screen ends with a line saying so), then the connections
// closed once the sessions have ended or ctx is done, whichever is first.
func (s *server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	sessions := make([]*session, 0, len(s.sessions))
	for ss := range s.sessions {
		sessions = append(sessions, ss)
	}
	s.mu.Unlock()
	for _, ss := range sessions {
		ss.stop(errShutdown)
	}
	done := make(chan struct{})
	go func() {
		s.handlers.Wait()
		close(done)
	}()
	go func() { _ = s.ssh.Shutdown(ctx) }() // closes the listeners at once
	select {
	case <-done:
	case <-ctx.Done():
	}
	err := s.ssh.Close()
	s.lobby.Close() // the last try of an end the store refused
	return err
}

// shutdownGrace is how long a stopped server waits for its players'
// sessions to end: SIGTERM must end it within 5 s.
const shutdownGrace = 4 * time.Second

// Command is `termgames serve [flags]`: it serves until SIGTERM, SIGINT or
// SIGHUP, then tells every player and stops within five seconds. newMenu
// builds each session's first screen. Logs go to stderr with log/slog; the
// line to give friends, `ssh -p PORT HOST`, and the host key's fingerprint
// go to stdout.
func Command(args []string, stdout, stderr io.Writer, newMenu func(Player) console.Screen) error {
	if len(args) > 0 {
		switch args[0] {
		case "migrate":
			return migrateCommand(args[1:], stdout)
		case "backup":
			return backupCommand(args[1:], stdout)
		case "check":
			return checkCommand(args[1:], stdout)
		}
	}
	fs := flag.NewFlagSet("termgames serve", flag.ContinueOnError)
	fs.SetOutput(stdout)
	addr := fs.String("addr", ":2222", "listen on `address` (host:port; :2222 is every address, port 2222)")
	keyFile := pathFlag(fs, "hostkey", defaultHostKey(), "the host key's `file`: generated there the first time (for you alone to read), reused after")
	allow := fs.String("allow", "", "let in only the public keys in `file` (authorized_keys format); without it, anyone")
	admins := fs.String("admins", "", "the moderators' public keys, in `file` (authorized_keys format): they run ssh HOST admin COMMAND")
	hold := fs.Duration("seathold", room.DefaultSeatHold, "how long a player who drops keeps their seat at an online table (`duration`)")
	guestChat := fs.Bool("guestchat", false, "let players who connect without a key chat at the tables")
	controls := controlList(room.DefaultControls())
	fs.Var(&controls, "clocks", "the time controls a new table may have, in the order offered: a comma-separated `list` of none, minutes+seconds such as 3+2 (omok) and a time a guess such as 30s/move (baseball)")
	name := fs.String("name", "", "this server's `name` among several on one PostgreSQL database (letters, digits, . - _); the others' lists show its tables with it")
	public := fs.String("public", "", "the `host:port` players reach this server at, which the other servers on its database show with its tables (default: -addr's host, or this machine's name, and the port listened on)")
	dbFile := fs.String("db", "", "keep the players, the online games and the ratings in the SQLite `file` (default termgames.db beside the host key), or in PostgreSQL: postgres://USER@HOST/DATABASE")
	httpAddr := fs.String("http", "", "serve the games read-only in a browser on `address` (such as :8080): the tables live, every kept game, the leaderboards; off without it")
	httpPerAddress := fs.Int("httpperaddress", web.DefaultMaxPerAddress, "let at most `n` web connections in at once from one address (an open live page holds one); behind a proxy, every visitor has the proxy's address")
	metricsAddr := fs.String("metrics", "", "serve /metrics, /healthz and /readyz over HTTP on `address` (such as 127.0.0.1:9222); off without it")
	sessions := fs.Int("sessions", defaultMaxSessions, "let at most `n` sessions in at once; one more is told the server is full")
	perAddress := fs.Int("peraddress", defaultMaxPerAddress, "let at most `n` sessions in at once from one address")
	logFormat := fs.String("log", "text", "write the log on stderr as `format` text (key=value) or json (one object a line)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: termgames serve [flags]\n       termgames serve migrate -from FILE -to postgres://USER@HOST/DATABASE\n       termgames serve backup [-db FILE] OUT\n       termgames serve check [-db FILE]\n\nServes the games over SSH: players connect with ssh -p PORT HOST, with a\nkey or without one, and play every game, or each other at online tables.")
		fs.PrintDefaults()
	}
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return err
	}
	if err := checkServer(*name, *public); err != nil {
		return cmdline.UsageError{Command: "termgames serve", Err: err}
	}
	log, err := newLog(*logFormat, stderr)
	if err != nil {
		return cmdline.Usage(fs, err)
	}
	if *sessions < 1 || *perAddress < 1 || *httpPerAddress < 1 {
		return cmdline.Usagef(fs, "-sessions, -peraddress and -httpperaddress are at least 1")
	}
	signer, err := hostKey(*keyFile)
	if err != nil {
		return err
	}
	cfg := config{HostKey: signer, NewMenu: newMenu, Log: log, SeatHold: *hold, Controls: controls, GuestChat: *guestChat,
		MaxSessions: *sessions, MaxPerAddress: *perAddress}
	if *allow != "" {
		if cfg.Allow, err = allowList(*allow); err != nil {
			return err
		}
	}
	if *admins != "" {
		if cfg.Admins, err = keyList("admins file", *admins); err != nil {
			return err
		}
	}
	if *dbFile == "" {
		*dbFile = filepath.Join(filepath.Dir(*keyFile), "termgames.db")
	}
	st, err := stores.Open(context.Background(), *dbFile)
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			log.Error("closing the store", "err", err)
		}
	}()
	cfg.Store = st
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	cfg.Server = store.Server{Name: *name, Public: *public}
	if cfg.Server.Public == "" {
		cfg.Server.Public = publicAddress(*addr, ln.Addr())
	}
	var ml net.Listener // -metrics
	if *metricsAddr != "" {
		if ml, err = net.Listen("tcp", *metricsAddr); err != nil {
			ln.Close()
			return fmt.Errorf("-metrics: %w", err)
		}
	}
	var hl net.Listener // -http
	if *httpAddr != "" {
		if hl, err = net.Listen("tcp", *httpAddr); err != nil {
			ln.Close()
			if ml != nil {
				ml.Close()
			}
			return fmt.Errorf("-http: %w", err)
		}
	}
	closeAll := func() {
		for _, l := range []net.Listener{ln, ml, hl} {
			if l != nil {
				l.Close()
			}
		}
	}
	srv, err := newServer(cfg)
	if err != nil {
		closeAll()
		return err
	}
	var site *web.Site
	if hl != nil {
		if site, err = web.New(web.Config{Lobby: srv.lobby, Store: srv.cfg.Store, Log: log, Play: sshCommand(cfg.Server.Public),
			MaxPerAddress: *httpPerAddress}); err != nil {
			closeAll()
			srv.lobby.Close()
			return err
		}
	}
	if site != nil {
		srv.metrics.Register(site.Metrics())
	}
	served := make(chan error, 3)
	if site != nil {
		go func() {
			if err := site.Serve(hl); !errors.Is(err, http.ErrServerClosed) {
				served <- fmt.Errorf("-http: %w", err)
			}
		}()
	}
	if ml != nil {
		metricsWeb := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
		go func() {
			if err := metricsWeb.Serve(ml); !errors.Is(err, http.ErrServerClosed) {
				served <- fmt.Errorf("-metrics: %w", err)
			}
		}()
		defer metricsWeb.Close()
	}
	fmt.Fprintf(stdout, "termgames: serving on %s; players connect with:\n\n  ssh -p %s %s\n\nhost key %s (%s)\ngames kept in %s\n",
		ln.Addr(), port(ln.Addr()), host(*addr), gossh.FingerprintSHA256(signer.PublicKey()), *keyFile, stores.Shown(*dbFile))
	if ml != nil {
		fmt.Fprintf(stdout, "metrics on http://%s/metrics, health on /healthz and /readyz\n", ml.Addr())
	}
	if hl != nil {
		fmt.Fprintf(stdout, "web pages on http://%s/\n", hl.Addr())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("stopping", "players", srv.Players())
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if site != nil {
		_ = site.Shutdown(sctx)
	}
	_ = srv.Shutdown(sctx)
	log.Info("stopped")
	return nil
}

// sshCommand is the command that reaches the server at public
// (host:port): "ssh -p 2222 games.example", "ssh games.example" at 22.
func sshCommand(public string) string {
	host, port, err := net.SplitHostPort(public)
	switch {
	case err != nil:
		return "ssh " + public
	case port == "22":
		return "ssh " + host
	}
	return "ssh -p " + port + " " + host
}

// newLog is the server's log on w, in format: text (slog's key=value
// lines) or json (one JSON object a line, for a log system).
func newLog(format string, w io.Writer) (*slog.Logger, error) {
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, nil)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, nil)), nil
	}
	return nil, fmt.Errorf("-log %q: the log is text or json", format)
}

// controlList is the -clocks flag: the list ParseControls reads, which a
// bad entry refuses with the flag's usage error.
type controlList []room.Control

// String writes the list as the flag takes it.
func (l *controlList) String() string {
	w := make([]string, len(*l))
	for k, c := range *l {
		w[k] = c.String()
	}
	return strings.Join(w, ",")
}

// Set reads the list, in place of the default one.
func (l *controlList) Set(s string) error {
	cs, err := room.ParseControls(s)
	if err != nil {
		return err
	}
	*l = cs
	return nil
}

// Players is the number of sessions at the moment.
func (s *server) Players() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// port is the port of a listening address.
func port(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return strconv.Itoa(t.Port)
	}
	_, p, _ := net.SplitHostPort(a.String())
	return p
}

// checkServer says what is wrong with -name and -public, if anything.
func checkServer(name, public string) error {
	if len(name) > 32 || strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_") != "" {
		return fmt.Errorf("-name %q: a server's name is at most 32 letters, digits, '.', '-' and '_'", printable(name, 40))
	}
	if public == "" {
		return nil
	}
	h, p, err := net.SplitHostPort(public)
	if n, perr := strconv.Atoi(p); err != nil || h == "" || perr != nil || n < 1 || n > 65535 {
		return fmt.Errorf("-public %q: want the host and port players reach this server at, such as games.example:2222", printable(public, 60))
	}
	return nil
}

// publicAddress is the address players reach a server at that listens on
// addr (-addr), listening at a: -addr's host, or this machine's name
// where it names every address, and the port listened on.
func publicAddress(addr string, a net.Addr) string {
	h := host(addr)
	if h == "localhost" {
		if name, err := os.Hostname(); err == nil && name != "" {
			h = name
		}
	}
	return net.JoinHostPort(h, port(a))
}

// host is the host to give players for -addr: the one it names, or
// localhost where it names every address (friends use this machine's name
// or address instead; docs/server.md).
func host(addr string) string {
	h, _, err := net.SplitHostPort(addr)
	if err != nil || h == "" || h == "0.0.0.0" || h == "::" {
		return "localhost"
	}
	return h
}

package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"charm.land/ssh"
	"github.com/mattn/go-runewidth"
	gossh "golang.org/x/crypto/ssh"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/metrics"
	"termgames/serve/room"
)

// session is one SSH session running a console.
type session struct {
	sess ssh.Session
	log  *slog.Logger
	key  string // the player's key's fingerprint; "" for a guest
	addr string // the address they connect from

	// name is the name the player plays under, once run has it: a
	// moderator's kick finds a guest by it.
	name atomic.Pointer[string]

	mu     sync.Mutex
	cancel context.CancelCauseFunc // ends the console; nil until it runs
	early  error                   // why it ended before it ran

	lastKey  atomic.Int64 // when the player last sent anything, in Unix nanoseconds
	keepOpen atomic.Bool  // the screen shown is one that must not idle out (a table)
	idle     *time.Timer
}

// end ends the session's console with why, which its last line says; a
// console not yet running does not start.
func (ss *session) end(why error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	switch {
	case ss.cancel != nil:
		ss.cancel(why)
	case ss.early == nil:
		ss.early = why
	}
}

// running gives the session the cancel of its console, and returns why it
// must not run after all, if it ended already.
func (ss *session) running(cancel context.CancelCauseFunc) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.cancel = cancel
	return ss.early
}

// stop ends the session as end does. A console stuck in a write (a
// client that stopped reading) is not helped by that: the channel is
// closed too, a little later, if it is still open.
func (ss *session) stop(why error) {
	ss.end(why)
	time.AfterFunc(2*time.Second, func() { _ = ss.sess.Close() })
}

// drain takes every window-change at once, whatever the console is doing:
// the SSH library waits for each before it reads the session's next
// request, refused sessions included. Only the newest size is kept, and
// each spends the session's input budget. It ends when the session's
// requests do.
func (s *server) drain(ss *session, winch <-chan ssh.Window, sizes chan console.Size, budget *budget) {
	for w := range winch {
		if !budget.spend(windowCost) {
			ss.end(errTooMuchInput)
			continue
		}
		sz := s.clamp(w)
		select { // one sender: the send below cannot block
		case <-sizes:
		default:
		}
		sizes <- sz
	}
}

// Why a session ends, besides the player leaving.
var (
	errIdle         = errors.New("idle")
	errTooMuchInput = errors.New("too much input")
)

// handle serves one SSH connection: the checks first (each refusal one
// line and a status), then the top menu in a console on the channel.
func (s *server) handle(sess ssh.Session) {
	addr := addressOf(sess.RemoteAddr())
	key := key(sess)
	name := printable(sess.User(), MaxName)
	log := s.log.With("remote", addr, "user", name, "key", key)
	defer func() {
		// A panic here is ours, not a screen's (RunStream returns
		// those): it ends this connection only.
		if p := recover(); p != nil {
			s.metrics.Panic()
			log.Error("panic", "panic", p)
			say(sess.Stderr(), "termgames: something went wrong; this connection ends here.")
			_ = sess.Exit(1)
		}
	}()
	ss := &session{sess: sess, log: log, key: key, addr: addr}
	pty, winch, hasPty := sess.Pty()
	sizes := make(chan console.Size, 1)
	budget := newBudget(s.cfg.InputRate, s.cfg.InputBurst)
	if winch != nil {
		go s.drain(ss, winch, sizes, budget)
	}
	if why := s.admit(ss, addr); why != "" {
		log.Warn("refused", "why", why)
		say(sess.Stderr(), "termgames: "+why)
		_ = sess.Exit(1)
		return
	}
	defer s.leave(ss, addr)
	defer s.metrics.Session(key != "")()
	cmd := sess.Command()
	if isAdminCommand(cmd) {
		log.Info("command", "cmd", printable(sess.RawCommand(), 80))
		_ = sess.Exit(s.runAdmin(sess.Context(), sess, key, cmd, hasPty))
		return
	}
	if line := s.banned(sess.Context(), key, addr); line != "" {
		log.Info("refused", "why", "banned")
		say(sess.Stderr(), "termgames: "+line)
		_ = sess.Exit(1)
		return
	}
	if archiveCommand(cmd) {
		log.Info("command", "cmd", printable(sess.RawCommand(), 40))
		_ = sess.Exit(s.runArchive(sess.Context(), sess, sess.Stderr(), key, cmd, hasPty))
		return
	}
	if raw := sess.RawCommand(); raw != "" && !knownCommand(cmd) {
		s.metrics.Refused(metrics.Command)
		log.Info("refused", "why", "exec "+printable(raw, 40))
		say(sess.Stderr(), fmt.Sprintf("termgames: unknown command %q: connect without a command to play, with join, watch or resume and a code (ssh -t), or with records, or record and a game's number", printable(raw, 40)))
		_ = sess.Exit(2)
		return
	}
	if !hasPty {
		s.metrics.Refused(metrics.NoTerminal)
		log.Info("refused", "why", "no terminal")
		say(sess.Stderr(), "termgames: no terminal: the games need one; connect with ssh -t")
		_ = sess.Exit(2)
		return
	}
	if pty.Term == "dumb" {
		s.metrics.Refused(metrics.DumbTerminal)
		log.Info("refused", "why", "TERM=dumb")
		say(sess.Stderr(), "termgames: TERM=dumb cannot move the cursor: connect from a terminal such as xterm")
		_ = sess.Exit(2)
		return
	}
	log.Info("session", "term", printable(pty.Term, 30), "size", fmt.Sprintf("%dx%d", pty.Window.Width, pty.Window.Height))
	began := time.Now()
	err := s.run(ss, pty, sizes, budget, cmd)
	status := 0
	var ref *refusal
	switch {
	case errors.As(err, &ref):
		say(sess.Stderr(), "termgames: "+ref.line)
		status = 2
	case errors.As(err, new(*removed)):
		var rm *removed
		errors.As(err, &rm)
		say(sess, "termgames: "+rm.line)
		status = 1
	case err == nil:
	case errors.As(err, new(*console.Interrupted)):
		status = 130
	case errors.Is(err, console.ErrInputClosed):
	case errors.Is(err, errShutdown):
		say(sess, "termgames: the server is stopping. Thanks for playing!")
	case errors.Is(err, errIdle):
		say(sess, fmt.Sprintf("termgames: closed after %v without a key.", s.cfg.IdleAfter))
	case errors.Is(err, errTooMuchInput):
		s.metrics.Refused(metrics.Input)
		say(sess, fmt.Sprintf("termgames: too much input (over %d bytes a second): closed.", s.cfg.InputRate))
		status = 1
	case errors.As(err, new(*console.ScreenPanic)):
		var sp *console.ScreenPanic
		errors.As(err, &sp)
		s.metrics.Panic()
		log.Error("panic in a screen", "panic", sp.Value, "stack", string(sp.Stack))
		say(sess, "termgames: something went wrong; this connection ends here. Sorry!")
		status = 1
	default:
		status = 1
	}
	log.Info("session ended", "after", time.Since(began).Round(time.Millisecond), "why", reason(err))
	_ = sess.Exit(status)
}

// key is the fingerprint of the key the session's player authenticated
// with (see publicKey), "" for a player without one.
func key(sess ssh.Session) string {
	if k := sess.PublicKey(); k != nil {
		return gossh.FingerprintSHA256(k)
	}
	return ""
}

// reason is how the log names why a session ended.
func reason(err error) string {
	if err == nil {
		return "quit"
	}
	var sp *console.ScreenPanic
	switch {
	case errors.As(err, &sp):
		return fmt.Sprintf("panic: %v", sp.Value)
	case errors.Is(err, context.Canceled), errors.Is(err, console.ErrInputClosed):
		return "connection closed"
	}
	return err.Error()
}

// admit counts a session in, or says why it may not come in.
func (s *server) admit(ss *session, addr string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		s.metrics.Refused(metrics.Stopping)
		return "the server is stopping; try again later."
	case len(s.sessions) >= s.cfg.MaxSessions:
		s.metrics.Refused(metrics.Full)
		return fmt.Sprintf("the server is full (%d players); try again later.", s.cfg.MaxSessions)
	case s.perAddr[addr] >= s.cfg.MaxPerAddress:
		s.metrics.Refused(metrics.PerAddress)
		return fmt.Sprintf("too many sessions from your address (%d); close one and try again.", s.cfg.MaxPerAddress)
	}
	s.sessions[ss] = struct{}{}
	s.perAddr[addr]++
	s.handlers.Add(1) // under mu, with closing false: never during Shutdown's Wait
	return ""
}

// leave counts a session out.
func (s *server) leave(ss *session, addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, ss)
	if s.perAddr[addr]--; s.perAddr[addr] == 0 {
		delete(s.perAddr, addr)
	}
	s.handlers.Done()
}

// run shows the top menu on the session's channel until the player
// leaves, the connection drops, or the server stops the session.
func (s *server) run(ss *session, pty ssh.Pty, sizes <-chan console.Size, budget *budget, cmd []string) error {
	sess := ss.sess
	ctx, cancel := context.WithCancelCause(sess.Context())
	defer cancel(nil)
	if err := ss.running(cancel); err != nil {
		return err
	}
	ss.lastKey.Store(time.Now().UnixNano())
	ss.idle = time.AfterFunc(s.cfg.IdleAfter, func() { s.checkIdle(ss) })
	defer ss.idle.Stop()
	p := Player{
		Name:   s.nameOf(ctx, ss, key(sess), sess.User()),
		Addr:   ss.addr,
		Width:  console.NewCondition(console.Narrow), // until the terminal says
		Played: new(strings.Builder),
	}
	ss.name.Store(&p.Name)
	if plainLocale(sess.Environ()) {
		p.Lang, p.ASCII = lang.English, true
	}
	p.Key = key(sess)
	p.Books = s.books(p, ss.log)
	o := newOnline(s.lobby, p)
	o.store = s.cfg.Store
	o.here, o.since = &s.here, func() time.Time { return time.Unix(0, ss.lastKey.Load()) }
	s.loadIgnored(ctx, o, ss.log)
	s.here.add(o)
	defer s.here.remove(o)
	defer o.releaseAll() // a seat left so is away: its player may come back
	first, err := s.first(o, cmd)
	if err != nil {
		return err
	}
	first = withNotices(o, first)
	st := console.Stream{
		In:   &limited{r: sess, budget: budget, ss: ss},
		Out:  sess,
		Size: s.clamp(pty.Window),
		// A new size is read from winch first: the pty-req's size is
		// also the first value there.
		Sizes: sizes,
		Shown: func(sc console.Screen) {
			k, ok := sc.(interface{ KeepOpen() bool })
			ss.keepOpen.Store(ok && k.KeepOpen())
		},
	}
	return console.RunStream(ctx, first, st, console.Options{
		Width:        p.Width,
		MeasureWidth: true,
		Afterword:    p.Played.String,
		NoColor:      hasEnv(sess.Environ(), "NO_COLOR"),
	})
}

// refusal is a session refused once it has a terminal, with its line.
type refusal struct{ line string }

func (r *refusal) Error() string { return r.line }

// knownCommand reports whether cmd is one a session runs: none (a shell),
// or join, watch or resume with a code.
func knownCommand(cmd []string) bool {
	if len(cmd) == 0 {
		return true
	}
	return len(cmd) == 2 && (cmd[0] == "join" || cmd[0] == "watch" || cmd[0] == "resume")
}

// first is the session's first screen: the top menu (main's); or, in
// front of it, the table the command names, or the table whose seat the
// player's key holds while they were away (a dropped connection).
func (s *server) first(o *online, cmd []string) (console.Screen, error) {
	menu := s.cfg.NewMenu(o.p)
	if len(cmd) == 2 {
		code := cmd[1]
		switch cmd[0] {
		case "resume":
			if t, seat, ok := s.lobby.Resume(code); ok {
				return o.sit(t, seat, menu), nil
			}
			return nil, &refusal{fmt.Sprintf("no seat waits for the resume code %q", printable(code, 12))}
		case "watch":
			if t, err := s.lobby.Watch(code); err == nil {
				return o.watch(t, menu), nil
			}
		case "join":
			if game, ok := s.lobby.GameOf(code); ok {
				t, seat, err := s.lobby.Join(code, game, o.seat())
				if err == nil {
					return o.sit(t, seat, menu), nil
				}
				if errors.Is(err, room.ErrFull) {
					return nil, &refusal{textFor(o.p.Lang, game).full}
				}
			}
		}
		if li, ok := s.lobby.Elsewhere(code); ok {
			return nil, &refusal{fmt.Sprintf("table %s is on the server %s: %s", li.Code, li.Server.Name, room.Command(li))}
		}
		return nil, &refusal{fmt.Sprintf("no table has the code %q", printable(code, 12))}
	}
	if t, seat, ok := s.lobby.Held(o.p.Key); ok {
		return o.sit(t, seat, menu), nil
	}
	return menu, nil
}

// clamp bounds a terminal size that the client said, before anything is
// sized from it: a pty-req or window-change may say 4 billion columns. A
// size of 0 (a client that does not know) is the usual 80 x 24.
func (s *server) clamp(w ssh.Window) console.Size {
	if w.Width <= 0 || w.Height <= 0 {
		return console.DefaultSize
	}
	return console.Size{Width: min(w.Width, s.cfg.MaxSize.Width), Height: min(w.Height, s.cfg.MaxSize.Height)}
}

// checkIdle closes a session whose player sent nothing for IdleAfter,
// unless the screen shown keeps it open (a table, where the other player
// or the watchers count on it); otherwise it looks again when the time is
// up again.
func (s *server) checkIdle(ss *session) {
	quiet := time.Since(time.Unix(0, ss.lastKey.Load()))
	switch {
	case quiet < s.cfg.IdleAfter:
		ss.idle.Reset(s.cfg.IdleAfter - quiet)
	case ss.keepOpen.Load():
		ss.idle.Reset(s.cfg.IdleAfter)
	default:
		ss.log.Info("idle", "after", quiet.Round(time.Second))
		ss.stop(errIdle)
	}
}

// budget is a session's input allowance: a token bucket of bytes, rate a
// second up to burst, which keys and window-changes both spend. A session
// over it ends (errTooMuchInput): no player sends that much, and handling
// it all (a window-change redraws the whole screen) would let one client
// keep the server busy for everyone.
type budget struct {
	mu          sync.Mutex
	rate, burst float64
	tokens      float64
	last        time.Time
}

func newBudget(rate, burst int) *budget {
	return &budget{rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

// spend takes n bytes' worth, and reports whether the session is within
// its allowance.
func (b *budget) spend(n int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	b.tokens -= float64(n)
	return b.tokens >= 0
}

// windowCost is what a window-change spends of the budget: a whole
// redraw's worth of work for a few bytes of the client's.
const windowCost = 256

// limited reads a session's input within its budget.
type limited struct {
	r      io.Reader
	budget *budget
	ss     *session
}

func (l *limited) Read(b []byte) (int, error) {
	n, err := l.r.Read(b)
	if n > 0 {
		l.ss.lastKey.Store(time.Now().UnixNano())
		if !l.budget.spend(n) {
			return 0, errTooMuchInput
		}
	}
	return n, err
}

// printable cuts a peer's string (a user name, a command) to printable
// characters and at most cols columns, so that it can be drawn on anyone's
// screen: no escape sequences, no control characters, nothing of ambiguous
// width. An empty result is "player".
// Ambiguous characters are dropped too: terminals disagree on their width,
// and one in a name would shift what follows it on some screens.
func printable(s string, cols int) string {
	var b strings.Builder
	width := 0
	for _, r := range s {
		rw := shownWidth(r)
		if rw == 0 {
			continue
		}
		if width+rw > cols {
			break
		}
		width += rw
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		return "player"
	}
	return b.String()
}

// nameWidth measures names; with the ambiguous characters gone, every
// terminal agrees with it. It is never changed.
var nameWidth = console.NewCondition(console.Narrow)

// shownWidth is the columns r takes on every terminal, 0 for a rune that
// others' screens must not get: a control, an escape's, a bidi mark, one
// of no width, or one whose width terminals disagree on.
func shownWidth(r rune) int {
	if !unicode.IsPrint(r) || runewidth.IsAmbiguousWidth(r) {
		return 0
	}
	return nameWidth.RuneWidth(r)
}

// say writes one line to w, ended for a terminal that may be raw.
func say(w io.Writer, line string) {
	_, _ = io.WriteString(w, line+"\r\n")
}

// plainLocale reports whether the client passed a locale (LC_ALL,
// LC_CTYPE or LANG, as ssh's SendEnv does) that is not UTF-8.
func plainLocale(env []string) bool {
	vars := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	if vars["LC_ALL"] == "" && vars["LC_CTYPE"] == "" && vars["LANG"] == "" {
		return false // nothing said: a terminal today is UTF-8
	}
	return !lang.UTF8Locale(func(k string) string { return vars[k] })
}

// hasEnv reports whether the client set name to something.
func hasEnv(env []string, name string) bool {
	for _, kv := range env {
		if k, v, _ := strings.Cut(kv, "="); k == name && v != "" {
			return true
		}
	}
	return false
}

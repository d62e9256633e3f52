package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"termgames/internal/store"
	"termgames/serve/room"
)

// admin.go is the moderators' commands, run without a terminal by the
// keys of -admins:
//
//	ssh -p PORT HOST admin ban NAME [DURATION] [REASON]
//	ssh -p PORT HOST admin unban NAME
//	ssh -p PORT HOST admin bans
//	ssh -p PORT HOST admin kick NAME
//	ssh -p PORT HOST admin mute NAME DURATION
//	ssh -p PORT HOST admin unmute NAME
//	ssh -p PORT HOST admin rename NAME NEWNAME
//	ssh -p PORT HOST admin move NAME < NEW-KEY.pub
//	ssh -p PORT HOST admin chat CODE|GAME-ID
//	ssh -p PORT HOST admin log
//
// A NAME is a player with a key, by their name as names are told apart
// (store.NameKey); or a guest connected now, by their name, whose address
// a ban or a mute then takes; or an address. Every command is logged and
// kept in the store with who ran it. The bans are asked at each login;
// the mutes are held in memory (mutes), which the chat asks at each line.

// isAdminCommand reports whether cmd is a moderator's command.
func isAdminCommand(cmd []string) bool { return len(cmd) > 0 && cmd[0] == "admin" }

// adminUsage is what a moderator is told of a command not understood.
const adminUsage = `usage: ssh HOST admin COMMAND
  ban NAME [DURATION] [REASON]   no login for DURATION (30m, 24h, 168h), or for good
  unban NAME
  bans                           the bans in force: who, by whom, why, until when
  kick NAME                      end their sessions now
  mute NAME DURATION             no chat for DURATION
  unmute NAME
  rename NAME NEWNAME
  move NAME < KEY.pub            move the name, its ratings and games to a new key
  chat CODE|GAME-ID              a table's chat, as kept
  log                            the moderators' last actions
NAME is a player with a key, a guest connected now (by their address), or an address.`

// adminTimeout bounds a moderator's command: the store's answers, and the
// public key that move reads.
const adminTimeout = 10 * time.Second

// adminLogShown is how many of the last actions `admin log` prints.
const adminLogShown = 100

// adminFailure is a command that could not be done, said to the
// moderator in one line; status 2 for a command not understood, 1
// otherwise.
type adminFailure struct {
	status int
	line   string
}

func (f *adminFailure) Error() string { return f.line }

func usageError(format string, a ...any) error {
	return &adminFailure{2, fmt.Sprintf(format, a...)}
}

func failure(format string, a ...any) error {
	return &adminFailure{1, fmt.Sprintf(format, a...)}
}

// admin is one moderator's command being run.
type admin struct {
	s    *server
	ctx  context.Context
	key  string // the moderator's
	name string
	in   io.Reader // the command's standard input (move's key)
	now  time.Time
}

// runAdmin runs a moderator's command and returns its exit status: 0, 1
// when it failed (or the key is no admin's), 2 when it was not
// understood. What it prints goes to the session's output, its lines
// ended for a terminal where it has one (crlf); a failure to its errors.
func (s *server) runAdmin(ctx context.Context, sess ssh.Session, key string, cmd []string, crlf bool) int {
	out, errOut := io.Writer(sess), sess.Stderr()
	if key == "" || !s.cfg.Admins[key] {
		s.log.Warn("refused", "remote", addressOf(sess.RemoteAddr()), "key", key, "why", "admin: not an admin")
		say(errOut, "termgames: not an admin")
		return 1
	}
	ctx, cancel := context.WithTimeout(ctx, adminTimeout)
	defer cancel()
	a := &admin{s: s, ctx: ctx, key: key, name: s.adminName(ctx, key, sess.User()), in: sess, now: time.Now()}
	text, err := a.run(cmd[1:])
	result := firstLine(text)
	status := 0
	var f *adminFailure
	switch {
	case errors.As(err, &f):
		result, status = f.line, f.status
	case err != nil:
		result, status = err.Error(), 1
	}
	command := printable(strings.Join(cmd[1:], " "), 200)
	s.log.Info("admin", "admin", a.name, "key", key, "cmd", command, "result", result, "status", status)
	if st := s.cfg.Store; st != nil {
		kept := store.AdminAction{At: a.now, Admin: a.name, Key: key, Command: command, Result: result}
		// Kept even when the command ran out of time, within a time of its own.
		kctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), nameTimeout)
		defer cancel()
		if err := st.AddAdminAction(kctx, kept); err != nil {
			s.log.Error("store: admin action", "err", err)
		}
	}
	if status != 0 {
		say(errOut, "termgames: "+result)
		if status == 2 {
			_, _ = io.WriteString(errOut, strings.ReplaceAll(adminUsage, "\n", "\r\n")+"\r\n")
		}
		return status
	}
	if crlf {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	_, _ = io.WriteString(out, text)
	return 0
}

// adminName is the moderator's name in the log: their key's on this
// server, or as they typed it.
func (s *server) adminName(ctx context.Context, key, user string) string {
	if st := s.cfg.Store; st != nil {
		if p, err := st.Player(ctx, key, wantedName(user)); err == nil {
			return p.Name
		}
	}
	return wantedName(user)
}

// firstLine is text's first line: what the store keeps of a command's
// answer.
func firstLine(text string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	return line
}

// moderatorCommand is a moderator's command: how many words it takes after
// its name (most -1: any number), and what it does with them.
type moderatorCommand struct {
	least, most int
	run         func(a *admin, args []string) (string, error)
}

// moderatorCommands are the commands by name.
var moderatorCommands = map[string]moderatorCommand{
	"ban":    {1, -1, func(a *admin, w []string) (string, error) { return a.ban(w[0], w[1:]) }},
	"unban":  {1, 1, func(a *admin, w []string) (string, error) { return a.lift(store.Ban, w[0]) }},
	"bans":   {0, 0, func(a *admin, w []string) (string, error) { return a.bans() }},
	"kick":   {1, 1, func(a *admin, w []string) (string, error) { return a.kick(w[0]) }},
	"mute":   {2, 2, func(a *admin, w []string) (string, error) { return a.mute(w[0], w[1]) }},
	"unmute": {1, 1, func(a *admin, w []string) (string, error) { return a.lift(store.Mute, w[0]) }},
	"rename": {2, 2, func(a *admin, w []string) (string, error) { return a.rename(w[0], w[1]) }},
	"move":   {1, 1, func(a *admin, w []string) (string, error) { return a.move(w[0]) }},
	"chat":   {1, 1, func(a *admin, w []string) (string, error) { return a.chat(w[0]) }},
	"log":    {0, 0, func(a *admin, w []string) (string, error) { return a.log() }},
}

// run runs the command of args (after "admin") and returns what it prints.
func (a *admin) run(args []string) (string, error) {
	if len(args) == 0 {
		return "", usageError("admin: which command?")
	}
	name, args := args[0], args[1:]
	cmd, ok := moderatorCommands[name]
	switch {
	case !ok:
		return "", usageError("admin: unknown command %q", printable(name, 20))
	case len(args) < cmd.least || cmd.most >= 0 && len(args) > cmd.most:
		return "", usageError("admin %s: wrong number of words", name)
	}
	return cmd.run(a, args)
}

// target is whom a ban, a mute or a kick is for.
type target struct {
	shown string // how the answers name them: "alice", "bob~g (192.0.2.7)"
	key   string // a player with a key's fingerprint
	addrs []string
	guest string // a guest's name, when found connected
}

// ids are the store's targets of t's sanctions: its key, or its addresses.
func (t target) ids() []string {
	if t.key != "" {
		return []string{t.key}
	}
	return t.addrs
}

// is reports whether session ss is t's: by the key, or by the address
// (a ban's, a mute's); a kick of a guest found connected goes by their
// name instead (byName), not to end every guest from their address.
func (t target) is(ss *session, byName bool) bool {
	if t.key != "" {
		return ss.key == t.key
	}
	if byName && t.guest != "" {
		n := ss.name.Load()
		return ss.key == "" && n != nil && store.NameKey(*n) == store.NameKey(t.guest)
	}
	for _, addr := range t.addrs {
		if ss.addr == addr {
			return true
		}
	}
	return false
}

// find finds whom name names: a player with a key, a guest connected now,
// or an address.
func (a *admin) find(name string) (target, error) {
	if st := a.s.cfg.Store; st != nil {
		p, err := st.PlayerNamed(a.ctx, name)
		switch {
		case err == nil:
			return target{shown: p.Name, key: p.Key}, nil
		case !errors.Is(err, store.ErrNotFound):
			return target{}, failure("%s: %v", printable(name, 40), err)
		}
	}
	if ip := net.ParseIP(name); ip != nil {
		return target{shown: ip.String(), addrs: []string{ip.String()}}, nil
	}
	t := target{}
	seen := map[string]bool{}
	for _, ss := range a.s.sessionList() {
		if n := ss.name.Load(); n != nil && store.NameKey(*n) == store.NameKey(name) {
			if ss.key != "" && t.key == "" { // without a store, a key's player by their name
				t = target{shown: *n, key: ss.key}
				break
			}
			if ss.key == "" && !seen[ss.addr] {
				seen[ss.addr] = true
				t.addrs, t.guest = append(t.addrs, ss.addr), *n
			}
		}
	}
	switch {
	case t.key != "":
		return t, nil
	case len(t.addrs) > 0:
		t.shown = fmt.Sprintf("%s (%s)", t.guest, strings.Join(t.addrs, ", "))
		return t, nil
	}
	return target{}, failure("no player is named %q: not a player with a key, nor a guest connected now, nor an address", printable(name, 40))
}

// sessionList is the sessions at this moment.
func (s *server) sessionList() []*session {
	s.mu.Lock()
	defer s.mu.Unlock()
	list := make([]*session, 0, len(s.sessions))
	for ss := range s.sessions {
		list = append(list, ss)
	}
	return list
}

// duration reads a moderator's duration, as Go writes them (30m, 24h).
func duration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, usageError("%q is not a duration: write one as 30m, 24h or 168h", printable(s, 20))
	}
	return d, nil
}

// until says when a sanction ends, as the moderators and the player read it.
func until(sn store.Sanction, now time.Time) string {
	if sn.Until.IsZero() {
		return "for good"
	}
	left := sn.Until.Sub(now).Round(time.Minute)
	return fmt.Sprintf("until %s (%v from now)", sn.Until.UTC().Format("2006-01-02 15:04 MST"), max(left, time.Minute))
}

// needStore refuses what only a server with a store keeps.
func (a *admin) needStore() (store.Store, error) {
	if a.s.cfg.Store == nil {
		return nil, failure("this server keeps nothing: no bans, mutes or names")
	}
	return a.s.cfg.Store, nil
}

// sanction keeps a ban or a mute of t.
func (a *admin) sanction(kind store.SanctionKind, t target, d time.Duration, reason string) (store.Sanction, error) {
	st, err := a.needStore()
	if err != nil {
		return store.Sanction{}, err
	}
	if a.s.cfg.Admins[t.key] {
		return store.Sanction{}, failure("%s is an admin: take their key out of the admins file first", t.shown)
	}
	sn := store.Sanction{Kind: kind, Name: t.shown, By: a.name, Reason: reason, At: store.KeptTime(a.now)}
	if d > 0 {
		sn.Until = store.KeptTime(a.now.Add(d))
	}
	for _, id := range t.ids() {
		sn.Target = id
		if err := st.Sanction(a.ctx, sn); err != nil {
			return store.Sanction{}, failure("%v", err)
		}
		if kind == store.Mute {
			a.s.mutes.set(sn)
		}
	}
	return sn, nil
}

// ban bans name: no login, the sessions ended now, the games in play
// lost by forfeit.
func (a *admin) ban(name string, rest []string) (string, error) {
	t, err := a.find(name)
	if err != nil {
		return "", err
	}
	var d time.Duration
	if len(rest) > 0 && rest[0] != "" && unicode.IsDigit(rune(rest[0][0])) {
		if d, err = duration(rest[0]); err != nil {
			return "", err
		}
		rest = rest[1:]
	}
	reason := printable(strings.Join(rest, " "), 200)
	if len(rest) == 0 {
		reason = ""
	}
	sn, err := a.sanction(store.Ban, t, d, reason)
	if err != nil {
		return "", err
	}
	line := bannedLine(sn, a.now)
	games, sessions := a.s.remove(t, line, true)
	return fmt.Sprintf("banned %s %s%s; %s ended, %s lost by forfeit\n",
		t.shown, until(sn, a.now), because(reason), count(sessions, "session"), count(games, "game")), nil
}

// because is a reason as the answers add it.
func because(reason string) string {
	if reason == "" {
		return ""
	}
	return ": " + reason
}

// bannedLine is what a banned player reads: why, and until when.
func bannedLine(sn store.Sanction, now time.Time) string {
	why := sn.Reason
	if why == "" {
		why = "no reason given"
	}
	return fmt.Sprintf("you are banned from this server %s: %s", until(sn, now), why)
}

// remove ends t's sessions now with line, and, when forfeit (a ban),
// first their games in play by forfeit; without (a kick), a guest's are
// found by their name. It returns how many games and sessions.
func (s *server) remove(t target, line string, forfeit bool) (games, sessions int) {
	var ended []*session
	for _, ss := range s.sessionList() {
		// An admin's sessions are never a target's: not even a command's
		// own, from the address of a guest it bans.
		if t.is(ss, !forfeit) && !s.cfg.Admins[ss.key] {
			ended = append(ended, ss)
		}
	}
	if forfeit {
		games = s.lobby.Forfeit(func(seat room.Seat) bool {
			if t.key != "" {
				return seat.Key == t.key
			}
			for _, ss := range ended { // a guest's seat, by the name of a session from the address
				if n := ss.name.Load(); seat.Key == "" && n != nil && seat.Name == *n {
					return true
				}
			}
			return false
		})
	}
	for _, ss := range ended {
		ss.stop(&removed{line})
	}
	return games, len(ended)
}

// removed is why a moderator ended a session, with the line its player
// reads.
type removed struct{ line string }

func (r *removed) Error() string { return r.line }

// banned is the line that refuses a login of key from addr, when either
// is banned; "" when neither is. The admins are never refused. A store
// that cannot answer lets the player in (and the log says why): a slow
// disk must not lock everyone out.
func (s *server) banned(ctx context.Context, key, addr string) string {
	st := s.cfg.Store
	if st == nil || s.cfg.Admins[key] {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, nameTimeout)
	defer cancel()
	now := time.Now()
	for _, id := range []string{key, addr} {
		if id == "" {
			continue
		}
		sn, err := st.Sanctioned(ctx, store.Ban, id, now)
		switch {
		case err == nil:
			return bannedLine(sn, now)
		case !errors.Is(err, store.ErrNotFound):
			s.log.Error("store: ban", "err", err)
		}
	}
	return ""
}

// lift lifts a ban or a mute of name: of the key of the player so named,
// of the address so written, or of every target banned under that name.
func (a *admin) lift(kind store.SanctionKind, name string) (string, error) {
	st, err := a.needStore()
	if err != nil {
		return "", err
	}
	ids := map[string]bool{name: true}
	if p, err := st.PlayerNamed(a.ctx, name); err == nil {
		ids[p.Key] = true
	}
	list, err := st.Sanctions(a.ctx, kind, a.now)
	if err != nil {
		return "", failure("%v", err)
	}
	for _, sn := range list {
		shown, _, _ := strings.Cut(sn.Name, " (")
		if store.NameKey(shown) == store.NameKey(name) {
			ids[sn.Target] = true
		}
	}
	lifted := 0
	for id := range ids {
		ok, err := st.Lift(a.ctx, kind, id, a.now)
		if err != nil {
			return "", failure("%v", err)
		}
		if ok {
			lifted++
		}
		if kind == store.Mute {
			a.s.mutes.lift(id)
		}
	}
	if lifted == 0 {
		return "", failure("%s has no %s in force", printable(name, 40), kind)
	}
	return fmt.Sprintf("lifted the %s of %s\n", kind, printable(name, 40)), nil
}

// bans lists the bans in force.
func (a *admin) bans() (string, error) {
	st, err := a.needStore()
	if err != nil {
		return "", err
	}
	list, err := st.Sanctions(a.ctx, store.Ban, a.now)
	if err != nil {
		return "", failure("%v", err)
	}
	if len(list) == 0 {
		return "no bans in force\n", nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s in force\n", count(len(list), "ban"))
	for _, sn := range list {
		fmt.Fprintf(&b, "%s\t%s\tby %s on %s\t%s\t%s\n", sn.Name, sn.Target, sn.By,
			sn.At.UTC().Format("2006-01-02 15:04 MST"), until(sn, a.now), orNone(sn.Reason))
	}
	return b.String(), nil
}

// count is n things: "1 game", "2 games".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// orNone is a reason as the list shows it.
func orNone(reason string) string {
	if reason == "" {
		return "(no reason given)"
	}
	return reason
}

// kick ends name's sessions now; their seats are held as after a drop.
func (a *admin) kick(name string) (string, error) {
	t, err := a.find(name)
	if err != nil {
		return "", err
	}
	if a.s.cfg.Admins[t.key] {
		return "", failure("%s is an admin", t.shown)
	}
	_, n := a.s.remove(t, "an admin ended your session.", false)
	if n == 0 {
		return "", failure("%s has no session now", t.shown)
	}
	return fmt.Sprintf("kicked %s: %s ended\n", t.shown, count(n, "session")), nil
}

// mute keeps name from chatting for d.
func (a *admin) mute(name, d string) (string, error) {
	t, err := a.find(name)
	if err != nil {
		return "", err
	}
	dur, err := duration(d)
	if err != nil {
		return "", err
	}
	sn, err := a.sanction(store.Mute, t, dur, "")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("muted %s %s\n", t.shown, until(sn, a.now)), nil
}

// rename gives a player with a key a new name.
func (a *admin) rename(name, newName string) (string, error) {
	st, err := a.needStore()
	if err != nil {
		return "", err
	}
	p, err := st.PlayerNamed(a.ctx, name)
	if err != nil {
		return "", failure("no player with a key is named %q", printable(name, 40))
	}
	if clean := wantedName(newName); clean != newName || strings.TrimSpace(newName) != newName {
		return "", failure("%+q cannot be a name: at most %d columns of printable characters of one width everywhere (no Greek or Cyrillic), no ~", newName, MaxName)
	}
	switch p, err = st.Rename(a.ctx, p.Key, newName); {
	case errors.Is(err, store.ErrNameTaken):
		return "", failure("%q is another player's name, or looks like one", newName)
	case err != nil:
		return "", failure("%v", err)
	}
	return fmt.Sprintf("renamed %s to %s; sessions now open keep the old name until they connect again\n", name, p.Name), nil
}

// maxKeyFile is how much of a public key move reads: a line of
// authorized_keys is a few hundred bytes.
const maxKeyFile = 16 << 10

// move moves a player with a key to the public key on standard input.
func (a *admin) move(name string) (string, error) {
	st, err := a.needStore()
	if err != nil {
		return "", err
	}
	p, err := st.PlayerNamed(a.ctx, name)
	if err != nil {
		return "", failure("no player with a key is named %q", printable(name, 40))
	}
	key, err := a.readKey()
	if err != nil {
		return "", err
	}
	fp := gossh.FingerprintSHA256(key)
	switch moved, err := st.MoveKey(a.ctx, p.Key, fp); {
	case errors.Is(err, store.ErrKeyInUse):
		return "", failure("the key %s is another player's, who has games of their own", fp)
	case err != nil:
		return "", failure("%v", err)
	default:
		return fmt.Sprintf("moved %s, their ratings and games, from the key %s to %s\n", moved.Name, p.Key, fp), nil
	}
}

// readKey reads one public key, in authorized_keys form, from the
// command's standard input, within adminTimeout.
func (a *admin) readKey() (gossh.PublicKey, error) {
	type read struct {
		b   []byte
		err error
	}
	got := make(chan read, 1)
	go func() {
		b, err := io.ReadAll(io.LimitReader(a.in, maxKeyFile))
		got <- read{b, err}
	}()
	var r read
	select {
	case r = <-got:
	case <-a.ctx.Done():
		return nil, failure("move: no public key came on standard input: ssh HOST admin move NAME < KEY.pub")
	}
	if r.err != nil {
		return nil, failure("move: reading the key: %v", r.err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(r.b)))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		key, _, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			return nil, failure("move: not a public key (as in a .pub file or authorized_keys): %v", err)
		}
		return key, nil
	}
	return nil, failure("move: no public key on standard input: ssh HOST admin move NAME < KEY.pub")
}

// chat prints the chat of a game, by its number or its table's code.
func (a *admin) chat(which string) (string, error) {
	st, err := a.needStore()
	if err != nil {
		return "", err
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(which, "#"), 10, 64)
	if err != nil {
		t, ok := a.s.lobby.Table(which)
		if !ok {
			return "", failure("no game has the number %q, and no table the code", printable(which, 20))
		}
		if id = t.GameID(); id == 0 {
			return "", failure("the table %s has no game kept yet: its chat is kept once a second player sits down", t.Code)
		}
	}
	_, err = st.Game(a.ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return "", failure("no game has the number %d", id)
	}
	var lines []store.ChatLine
	if err == nil {
		lines, err = st.Chat(a.ctx, id)
	}
	if err != nil {
		return "", failure("%v", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "game %d: %d lines\n", id, len(lines))
	for _, l := range lines {
		who := l.Name
		if l.Watcher {
			who = "[watching] " + who
		}
		fmt.Fprintf(&b, "%s\t%s: %s\n", l.At.UTC().Format("2006-01-02 15:04:05"), who, l.Text)
	}
	return b.String(), nil
}

// log prints the moderators' last actions, the oldest first.
func (a *admin) log() (string, error) {
	st, err := a.needStore()
	if err != nil {
		return "", err
	}
	log, err := st.AdminLog(a.ctx, adminLogShown)
	if err != nil {
		return "", failure("%v", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the last %d actions\n", len(log))
	for _, l := range log {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", l.At.UTC().Format("2006-01-02 15:04:05"), l.Admin, l.Command, l.Result)
	}
	return b.String(), nil
}

// mutes are the moderators' mutes in force, by target (a key, or a
// guest's address), as the store keeps them: loaded when the server
// starts, changed by mute and unmute. The chat asks them at every line,
// so they are held in memory, not read from the disk.
type mutes struct {
	mu    sync.Mutex
	until map[string]time.Time
}

// load reads the mutes in force from st.
func (m *mutes) load(ctx context.Context, st store.Store) error {
	if st == nil {
		return nil
	}
	list, err := st.Sanctions(ctx, store.Mute, time.Now())
	if err != nil {
		return fmt.Errorf("serve: the mutes: %w", err)
	}
	for _, sn := range list {
		m.set(sn)
	}
	return nil
}

func (m *mutes) set(sn store.Sanction) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.until == nil {
		m.until = map[string]time.Time{}
	}
	m.until[sn.Target] = sn.Until
}

func (m *mutes) lift(target string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.until, target)
}

// untilFor is when sp may speak again: the later of their key's mute and
// their address's; zero when neither is muted.
func (m *mutes) untilFor(sp room.Speaker) time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	var t time.Time
	for _, id := range []string{sp.Key, sp.Addr} {
		if u, ok := m.until[id]; id != "" && ok && u.After(t) {
			t = u
		}
	}
	return t
}

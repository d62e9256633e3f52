package serve

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"termgames/serve/room"
)

// players.go is who a session is on the screens: a name belongs to the key
// that first used it on this server (the store keeps which), so that
// nobody appears under another's name. A second key asking for "alice" is
// "alice~2" for good; a guest (no key) asking for a name that a key holds
// is "alice~g" for that connection. Without a store, a name is what the
// client typed, as the SSH user name.

// nameTimeout bounds the store's answer at login: a slow disk must not
// keep a player from the menu.
const nameTimeout = 5 * time.Second

// wantedName is the name a client asked for (its SSH user name), cut to
// what screens can show; '~' is the mark's own and is dropped.
func wantedName(user string) string {
	return printable(strings.ReplaceAll(user, "~", ""), MaxName)
}

// loadIgnored reads whom the player ignores, a player with a key on a
// server with a store; a store that cannot answer leaves the list empty,
// and the log says why.
func (s *server) loadIgnored(ctx context.Context, o *online, log *slog.Logger) {
	if s.cfg.Store == nil || o.p.Key == "" {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, nameTimeout)
	defer cancel()
	ps, err := s.cfg.Store.Ignored(ctx, o.p.Key)
	if err != nil {
		log.Error("store: whom the player ignores", "err", err)
	}
	for _, p := range ps {
		o.setIgnored(p.Key, true)
	}
}

// nameOf is the name the session plays under: the key's name on this
// server, or the guest's as typed, marked when a key holds it. A store that
// cannot answer leaves a player with a key marked as a guest would be, and
// the log says why.
func (s *server) nameOf(ctx context.Context, ss *session, key, user string) string {
	want := wantedName(user)
	st := s.cfg.Store
	if st == nil {
		return want
	}
	ctx, cancel := context.WithTimeout(ctx, nameTimeout)
	defer cancel()
	if key != "" {
		p, err := st.Player(ctx, key, want)
		if err == nil {
			return p.Name
		}
		ss.log.Error("store: player", "err", err)
		return printable(want, MaxName-len(room.GuestMark)) + room.GuestMark
	}
	taken, err := st.NameTaken(ctx, want)
	if err != nil {
		ss.log.Error("store: name", "err", err)
	}
	if taken || err != nil {
		return printable(want, MaxName-len(room.GuestMark)) + room.GuestMark
	}
	return want
}

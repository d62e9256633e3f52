package room

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"time"

	"termgames/internal/store"
)

// servers.go is the lobby's side of several servers on one database
// (store.Tables). A table lives on the server where it was opened; the
// database keeps its code, unique across the servers by its own
// constraint, and what the lists show of it. Each server holds a lease
// there, which it renews every renewEvery for leaseFor; the same
// goroutine (renew) writes what changed at this server's tables and reads
// the other servers' tables, which the list shows until the next read.
// So nothing a screen does waits for those writes and reads, but opening
// a table, whose code is reserved in the database first.

// The lease: a server that stops renewing it (killed, cut off from the
// database) leaves the other servers' lists within leaseFor.
const (
	renewEvery = 3 * time.Second
	leaseFor   = 15 * time.Second
)

// start takes this server's place among those on the store's database:
// the tables of its last run are taken off, and its lease begins.
func (l *Lobby) start(ctx context.Context) error {
	if err := l.store.Withdraw(ctx, l.server.Name); err != nil {
		return err
	}
	return l.store.Announce(ctx, l.server, leaseFor)
}

// startRenewing starts renew, once the games in play are back.
func (l *Lobby) startRenewing() {
	l.renewing.Add(1)
	go l.renew()
}

// renew renews the lease and brings the lists up to date every
// renewEvery, until Close.
func (l *Lobby) renew() {
	defer l.renewing.Done()
	tick := time.NewTicker(renewEvery)
	defer tick.Stop()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), renewEvery)
		l.sync(ctx)
		cancel()
		select {
		case <-l.stopRenew:
			return
		case <-tick.C:
		}
	}
}

// sync renews the lease, writes what changed at this server's tables
// since the last sync (and takes off those dropped), and reads the other
// servers' tables. A failure is logged; the next sync tries again.
func (l *Lobby) sync(ctx context.Context) {
	l.syncing.Lock()
	defer l.syncing.Unlock()
	if err := l.store.Announce(ctx, l.server, leaseFor); err != nil {
		l.log.Error("store: could not renew the lease", "err", err)
		return
	}
	l.mu.Lock()
	tables := make([]*Table, 0, len(l.tables))
	for _, t := range l.tables {
		tables = append(tables, t)
	}
	dropped := l.dropped
	l.dropped = nil
	l.mu.Unlock()
	for _, code := range dropped {
		if err := l.store.CloseTable(ctx, l.server.Name, code); err != nil {
			l.log.Error("store: could not take a table off the lists", "table", code, "err", err)
			l.mu.Lock()
			l.dropped = append(l.dropped, code)
			l.mu.Unlock()
			continue
		}
		delete(l.listed, code)
	}
	for _, t := range tables {
		li, shown := listingOf(t)
		row := l.row(li)
		if !shown || l.listed[li.Code] == row {
			continue
		}
		err := l.store.UpdateTable(ctx, row)
		if errors.Is(err, store.ErrNotFound) { // reserved while the store failed
			err = l.store.OpenTable(ctx, row)
		}
		if err != nil {
			l.log.Error("store: could not list a table", "table", li.Code, "err", err)
			continue
		}
		l.listed[li.Code] = row
	}
	rows, err := l.store.OpenTables(ctx)
	if err != nil {
		l.log.Error("store: could not read the other servers' tables", "err", err)
		return
	}
	var others []Listing
	for _, row := range rows {
		if row.Server.Name == l.server.Name {
			continue
		}
		if li, err := listingFrom(row); err == nil {
			others = append(others, li)
		}
	}
	l.mu.Lock()
	l.elsewhere = others
	l.mu.Unlock()
}

// stop ends renew and takes this server and its tables off the lists:
// the server stops.
func (l *Lobby) stop() {
	close(l.stopRenew)
	l.renewing.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), renewEvery)
	defer cancel()
	if err := l.store.Withdraw(ctx, l.server.Name); err != nil {
		l.log.Error("store: could not take this server off the lists", "err", err)
	}
}

// reserve keeps a code for a table of li in the store and returns it:
// want when no table of any server has it, else a new one. Without a
// store it returns want; when the store fails, want or a new code unique
// on this server, and the failure is logged: the table opens all the same.
func (l *Lobby) reserve(ctx context.Context, want string, li Listing) string {
	if l.store == nil {
		return want
	}
	for {
		if want == "" {
			l.mu.Lock()
			want = l.newTableCode()
			l.mu.Unlock()
		}
		li.Code = want
		err := l.store.OpenTable(ctx, l.row(li))
		if err == nil || !errors.Is(err, store.ErrCodeTaken) {
			if err != nil {
				l.log.Error("store: could not reserve a table's code", "table", want, "err", err)
			}
			return want
		}
		want = ""
	}
}

// release gives back a code that reserve kept for a table never opened.
func (l *Lobby) release(code string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.dropped = append(l.dropped, code)
}

// listingOf is t as the list shows it, and whether it shows it at all: a
// table whose game is over is not.
func listingOf(t *Table) (Listing, bool) {
	st, _ := t.State()
	li := Listing{Code: t.Code, Host: st.Seats[0].Name, Setup: st.Setup, Playing: st.Seats[1].Taken, Rated: st.Rated}
	return li, !st.Outcome.Over
}

// row is li as the store keeps it, at this server; a dealt game's seed
// stays on the server.
func (l *Lobby) row(li Listing) store.Table {
	s := li.Setup.normal()
	s.Seed = 0
	return store.Table{Code: li.Code, Server: store.Server{Name: l.server.Name}, Game: s.Game.name,
		Rule: s.Rule, Options: s.options(0), Host: li.Host, Playing: li.Playing, Rated: li.Rated}
}

// listingFrom is a table of another server as the list shows it; an
// error when that server plays a game or rule that this one does not.
func listingFrom(row store.Table) (Listing, error) {
	setup, _, err := setupOf(store.Game{Game: row.Game, Rule: row.Rule, Options: row.Options})
	if err != nil {
		return Listing{}, err
	}
	return Listing{Code: row.Code, Host: row.Host, Setup: setup, Playing: row.Playing, Rated: row.Rated,
		Server: row.Server}, nil
}

// elsewhereOf returns the tables of game at the other servers, as last
// read, each server's by code, those waiting for a player first.
func (l *Lobby) elsewhereOf(game *Game) []Listing {
	l.mu.Lock()
	defer l.mu.Unlock()
	var of []Listing
	for _, li := range l.elsewhere {
		if li.Setup.Game == game {
			of = append(of, li)
		}
	}
	slices.SortStableFunc(of, func(a, b Listing) int {
		switch {
		case a.Server.Name != b.Server.Name:
			return strings.Compare(a.Server.Name, b.Server.Name)
		case a.Playing != b.Playing:
			if a.Playing {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Code, b.Code)
	})
	return of
}

// Elsewhere returns the table with code at another server, as last read:
// a player who asks this server for it is told where it is.
func (l *Lobby) Elsewhere(code string) (Listing, bool) {
	code = NormCode(code)
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, li := range l.elsewhere {
		if li.Code == code {
			return li, true
		}
	}
	return Listing{}, false
}

// Command is the command that takes a player of another server to table
// li, at its server, to join it or, when it is being played, to watch it:
// "ssh -p 2223 busan.example join 7XKQ" (no -p at port 22).
func Command(li Listing) string {
	verb := "join"
	if li.Playing {
		verb = "watch"
	}
	host, port, err := net.SplitHostPort(li.Server.Public)
	switch {
	case err != nil:
		return fmt.Sprintf("ssh %s %s %s", li.Server.Public, verb, li.Code)
	case port == "22":
		return fmt.Sprintf("ssh %s %s %s", host, verb, li.Code)
	}
	return fmt.Sprintf("ssh -p %s %s %s %s", port, host, verb, li.Code)
}

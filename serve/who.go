package serve

import (
	"context"
	"fmt"
	"strings"
	"time"

	"termgames/console"
	"termgames/serve/room"
)

// who.go is "who is here": every player connected, with their mark (a
// key or a guest), their ratings, what they are doing and how long they
// have been idle; from it the player watches someone's table, challenges
// them to the menu's game, or ignores them, and sets whether they take
// challenges at all.

// whoRow is a player in the list.
type whoRow struct {
	o       *online
	name    string
	key     string
	ratings string
	doing   string
	idle    time.Duration
}

// whoRead is the list as read off the screen's goroutine.
type whoRead struct {
	rows    []whoRow
	refuses bool
	err     error
}

// whoScreen is the list.
type whoScreen struct {
	m   *onlineMenu
	st  *socialText
	at  int
	msg string

	read    *whoRead // nil while it is read
	refuses bool     // the player's own setting
	busy    bool     // a write to the store is on its way
}

func newWhoScreen(m *onlineMenu) console.Screen {
	w := &whoScreen{m: m, st: socialTextFor(langOf(m.txt))}
	return w.refresh()
}

// refresh reads the list again.
func (w *whoScreen) refresh() console.Screen {
	o, t := w.m.o, w.m.txt
	w.read = nil
	return console.Do(w, func(ctx context.Context) any {
		r := &whoRead{}
		if o.here == nil {
			return r
		}
		for _, other := range o.here.all() {
			row := whoRow{o: other, name: other.p.Name, key: other.p.Key, doing: w.st.menus, idle: other.idle()}
			if at := other.where.Load(); at != nil {
				row.doing = fmt.Sprintf(w.st.playing, at.code)
				if at.watching {
					row.doing = fmt.Sprintf(w.st.watching, at.code)
				}
			}
			if o.store != nil && row.key != "" {
				rs, err := o.store.RatingsOf(ctx, row.key)
				if err != nil {
					r.err = err
				}
				var parts []string
				for _, rt := range rs {
					parts = append(parts, nameIn(t, rt.Game, rt.Rule)+" "+rt.Rating.String())
				}
				row.ratings = strings.Join(parts, ", ")
			}
			r.rows = append(r.rows, row)
		}
		if o.store != nil && o.p.Key != "" {
			var err error
			if r.refuses, err = o.store.RefusesChallenges(ctx, o.p.Key); err != nil {
				r.err = err
			}
		}
		return r
	})
}

// whoWrote is the answer of a setting written to the store.
type whoWrote struct {
	msg string
	err error
}

// Update moves the choice, and takes the keys of what to do with the
// player chosen.
func (w *whoScreen) Update(ev console.Event) console.Screen {
	if ev.Type == console.ResultEvent {
		switch r := ev.Result.(type) {
		case *whoRead:
			w.read, w.refuses = r, r.refuses
			w.at = min(w.at, max(len(r.rows)-1, 0))
			if r.err != nil {
				w.msg = fmt.Sprintf(w.st.storeFailed, r.err)
			}
		case whoWrote:
			w.busy, w.msg = false, r.msg
			if r.err != nil {
				w.msg = fmt.Sprintf(w.st.storeFailed, r.err)
			}
		}
		return w
	}
	if ev.Type != console.KeyEvent {
		return w
	}
	if ev.IsKey(console.KeyEsc) || ev.IsRune('q') {
		return w.m.reshow()
	}
	if w.read == nil || w.busy {
		return w
	}
	rows := w.read.rows
	if dr, _, ok := console.Direction(ev); ok {
		w.at = min(max(w.at+dr, 0), max(len(rows)-1, 0))
		return w
	}
	w.msg = ""
	switch {
	case ev.IsRune('r'):
		return w.refresh()
	case ev.IsRune('x'):
		return w.setRefuses(!w.refuses)
	case ev.IsRune('u'):
		return newIgnoreList(w)
	case len(rows) == 0:
		return w
	}
	row := rows[w.at]
	switch {
	case ev.IsKey(console.KeyEnter) || ev.IsRune('w'):
		return w.watch(row)
	case ev.IsRune('c'):
		return w.challenge(row)
	case ev.IsRune('i'):
		return w.ignore(row)
	}
	return w
}

// watch shows the table the player chosen is at.
func (w *whoScreen) watch(row whoRow) console.Screen {
	at := row.o.where.Load()
	if at == nil {
		w.msg = fmt.Sprintf(w.st.noWatch, row.name)
		return w
	}
	t, err := w.m.o.lobby.Watch(at.code)
	if err != nil {
		w.msg = w.m.txt.noTable
		return w
	}
	return w.m.o.watch(t, w)
}

// challenge asks the menu's questions of a new table (its rule, its
// clock, its opening) and sends the challenge.
func (w *whoScreen) challenge(row whoRow) console.Screen {
	switch {
	case row.o == w.m.o:
		w.msg = w.st.yourself
		return w
	}
	q := newQuestionsFor(w.m, w, func(setup room.Setup) console.Screen {
		return newChallengeWait(w, row, setup)
	})
	return q
}

// ignore ignores the player chosen, or no longer; only between players
// with keys, kept in the store.
func (w *whoScreen) ignore(row whoRow) console.Screen {
	o := w.m.o
	if o.p.Key == "" || row.key == "" || o.store == nil {
		w.msg = w.st.keysOnly
		return w
	}
	if row.key == o.p.Key {
		return w
	}
	on := !o.ignores(row.key)
	msg := fmt.Sprintf(w.st.ignoreOn, row.name)
	if !on {
		msg = fmt.Sprintf(w.st.ignoreOff, row.name)
	}
	w.busy = true
	return console.Do(w, func(ctx context.Context) any {
		err := o.store.SetIgnore(ctx, o.p.Key, row.key, on)
		if err == nil {
			o.setIgnored(row.key, on)
		}
		return whoWrote{msg, err}
	})
}

// setRefuses keeps the player's setting: take challenges or not.
func (w *whoScreen) setRefuses(refuse bool) console.Screen {
	o := w.m.o
	if o.p.Key == "" || o.store == nil {
		w.msg = w.st.keysOnly
		return w
	}
	msg := w.st.refuseOff
	if refuse {
		msg = w.st.refuseOn
	}
	w.busy, w.refuses = true, refuse
	return console.Do(w, func(ctx context.Context) any {
		return whoWrote{msg, o.store.SetRefusesChallenges(ctx, o.p.Key, refuse)}
	})
}

// reshow reads the list again, when a screen it led to comes back.
func (w *whoScreen) reshow() console.Screen { return w.refresh() }

// View shows the list, the chosen player in reverse, and the keys.
func (w *whoScreen) View(size console.Size) console.Frame {
	var f console.Frame
	o, width := w.m.o, w.m.o.p.Width
	if w.read == nil {
		f.Line(0, w.st.loading)
		f.Label(langOf(w.m.txt), console.Size{})
		return f
	}
	rows := w.read.rows
	f.Line(0, fmt.Sprintf(w.st.title, len(rows)))
	row := 2
	for i, r := range rows {
		if row >= size.Height-5 {
			break
		}
		mark := w.st.guest
		if r.key != "" {
			mark = w.st.key
		}
		name := r.name
		if o.ignores(r.key) {
			name += " " + w.st.ignored
		}
		line := fmt.Sprintf("%s %s  %s  %s  %s", console.Pad(width, name, 16), console.Pad(width, mark, 4),
			console.Pad(width, r.doing, 16), console.Pad(width, idleText(r.idle), 4), r.ratings)
		st := console.Plain
		st.Reverse = i == w.at
		f.Put(row, 0, width.Truncate(line, max(size.Width-1, 10), "…"), st)
		row++
	}
	row++
	if o.p.Key != "" && o.store != nil {
		on := w.st.on
		if w.refuses {
			on = w.st.off
		}
		row = f.Lines(row, fmt.Sprintf(w.st.refusing, on))
	}
	row = f.Lines(row, w.st.help...)
	if w.msg != "" {
		f.Line(row+1, w.msg)
	}
	f.Label(langOf(w.m.txt), console.Size{})
	return f
}

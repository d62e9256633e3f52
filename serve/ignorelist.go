package serve

import (
	"context"
	"fmt"

	"termgames/console"
	"termgames/internal/store"
)

// ignoreList is the players the player ignores, from the store, whether
// they are here or not: Enter on one ignores them no longer.
type ignoreList struct {
	w       *whoScreen
	players []store.Player
	read    bool
	at      int
	msg     string
}

// ignoreRead is the list as read, or why it was not.
type ignoreRead struct {
	players []store.Player
	err     error
}

func newIgnoreList(w *whoScreen) console.Screen {
	l := &ignoreList{w: w}
	o := w.m.o
	if o.p.Key == "" || o.store == nil {
		w.msg = w.st.keysOnly
		return w
	}
	return console.Do(l, func(ctx context.Context) any {
		ps, err := o.store.Ignored(ctx, o.p.Key)
		return ignoreRead{ps, err}
	})
}

// Update moves the choice; Enter ignores the player chosen no longer.
func (l *ignoreList) Update(ev console.Event) console.Screen {
	st, o := l.w.st, l.w.m.o
	switch r := ev.Result.(type) {
	case ignoreRead:
		l.read, l.players = true, r.players
		if r.err != nil {
			l.msg = fmt.Sprintf(st.storeFailed, r.err)
		}
		return l
	case whoWrote:
		l.msg = r.msg
		if r.err != nil {
			l.msg = fmt.Sprintf(st.storeFailed, r.err)
		}
		return l
	}
	if ev.Type != console.KeyEvent {
		return l
	}
	if dr, _, ok := console.Direction(ev); ok {
		l.at = min(max(l.at+dr, 0), max(len(l.players)-1, 0))
		return l
	}
	switch {
	case ev.IsKey(console.KeyEsc) || ev.IsRune('q'):
		return l.w.refresh()
	case ev.IsKey(console.KeyEnter) && l.at < len(l.players):
		p := l.players[l.at]
		l.players = append(l.players[:l.at:l.at], l.players[l.at+1:]...)
		l.at = min(l.at, max(len(l.players)-1, 0))
		return console.Do(l, func(ctx context.Context) any {
			err := o.store.SetIgnore(ctx, o.p.Key, p.Key, false)
			if err == nil {
				o.setIgnored(p.Key, false)
			}
			return whoWrote{fmt.Sprintf(st.ignoreOff, p.Name), err}
		})
	}
	return l
}

// View shows the list, the chosen player in reverse.
func (l *ignoreList) View(size console.Size) console.Frame {
	var f console.Frame
	st := l.w.st
	f.Line(0, st.ignoreHead)
	row := 2
	switch {
	case !l.read:
		row = f.Lines(row, st.loading)
	case len(l.players) == 0:
		row = f.Lines(row, st.ignoreNone)
	}
	for i, p := range l.players {
		style := console.Plain
		style.Reverse = i == l.at
		f.Put(row, 0, p.Name, style)
		row++
	}
	if l.msg != "" {
		f.Line(row+1, l.msg)
	}
	f.Label(langOf(l.w.m.txt), console.Size{})
	return f
}

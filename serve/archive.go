package serve

import (
	"context"
	"fmt"
	"strings"

	"termgames/console"
	"termgames/internal/store"
	"termgames/serve/room"
)

// archive.go is the screens of what the server keeps, opened from the
// online menu: a player's games (an omok game replayed on omok's own
// replay screen), their profile, and the leaderboards. Each reads the
// store off the UI goroutine (console.Do) and draws what came back.

// How many lines of each list the screens ask for.
const (
	recentGames  = 8
	listedGames  = 200
	leadersShown = 20
)

// loaded is what a screen's read of the store brings back.
type loaded struct {
	to  console.Screen // the screen that asked
	v   any
	err error
}

// load reads the store for s off the UI goroutine.
func load(s console.Screen, read func(ctx context.Context) (any, error)) console.Screen {
	return console.Do(s, func(ctx context.Context) any {
		v, err := read(ctx)
		return loaded{to: s, v: v, err: err}
	})
}

// result reads ev as the answer to s's read, if it is one.
func result(s console.Screen, ev console.Event) (loaded, bool) {
	l, ok := ev.Result.(loaded)
	return l, ok && ev.Type == console.ResultEvent && l.to == s
}

// seatOf is the seat the player with key had at g (0 when neither: a
// game looked up by its number).
func seatOf(g store.Game, key string) int {
	if key != "" && g.Seats[1].Key == key && g.Seats[0].Key != key {
		return 1
	}
	return 0
}

// gameLine is one game as the lists show it, from seat's side: when, what,
// against whom, how it ended, and the rating it moved.
func (a *archiveText) gameLine(t *onlineText, o *online, g store.Game, seat int) string {
	outcome := a.outcome[2]
	switch g.Winner {
	case seat:
		outcome = a.outcome[0]
	case 1 - seat:
		outcome = a.outcome[1]
	}
	if how, ok := a.how[g.How]; ok && g.How != store.Draw {
		outcome += " (" + how + ")"
	}
	line := fmt.Sprintf("%s  %s  %s  %s", g.Ended.Local().Format("2006-01-02 15:04"),
		console.Pad(o.p.Width, nameIn(t, g.Game, g.Rule), 16),
		console.Pad(o.p.Width, fmt.Sprintf(a.vs, g.Seats[1-seat].Name), 15), outcome)
	if g.Rated {
		line += fmt.Sprintf("  %s → %s", g.Before[seat], g.After[seat])
	}
	return line
}

// pageScreen shows lines read from the store; any key goes back.
type pageScreen struct {
	o     *online
	t     *onlineText
	a     *archiveText
	back  console.Screen
	read  func(ctx context.Context) (any, error)
	lines func(v any) []string
	shown []string // nil until read
}

// newPage reads and shows a page.
func newPage(o *online, t *onlineText, back console.Screen, read func(ctx context.Context) (any, error), lines func(v any) []string) console.Screen {
	p := &pageScreen{o: o, t: t, a: archiveTextFor(t), back: back, read: read, lines: lines}
	return load(p, read)
}

// Update takes the page once read; a key goes back.
func (p *pageScreen) Update(ev console.Event) console.Screen {
	if l, ok := result(p, ev); ok {
		if l.err != nil {
			p.shown = []string{fmt.Sprintf(p.a.failed, l.err)}
		} else {
			p.shown = p.lines(l.v)
		}
		return p
	}
	if ev.Type == console.KeyEvent {
		return reshow(p.back)
	}
	return p
}

// View shows the page, or that it is being read.
func (p *pageScreen) View(size console.Size) console.Frame {
	var f console.Frame
	lines := p.shown
	if lines == nil {
		lines = []string{p.a.loading}
	}
	row := f.Lines(0, lines...)
	f.Line(row+1, p.a.anyKey)
	f.Label(langOf(p.t), console.Size{})
	return f
}

// notKept is the page of a player whose things are not kept: a guest, or
// a server without a store.
func (o *online) notKept(t *onlineText, back console.Screen) (console.Screen, bool) {
	a := archiveTextFor(t)
	why := ""
	switch {
	case o.store == nil:
		why = a.noStore
	case o.p.Key == "":
		why = a.guest
	default:
		return nil, false
	}
	return newPage(o, t, back, func(context.Context) (any, error) { return nil, nil },
		func(any) []string { return []string{why} }), true
}

// profile is the player's profile: each rating with its games, and the
// recent games.
func (o *online) profile(t *onlineText, back console.Screen) console.Screen {
	if s, ok := o.notKept(t, back); ok {
		return s
	}
	type page struct {
		ratings []store.Rating
		games   []store.Game
	}
	st, key := o.store, o.p.Key
	a := archiveTextFor(t)
	return newPage(o, t, back, func(ctx context.Context) (any, error) {
		rs, err := st.RatingsOf(ctx, key)
		if err != nil {
			return nil, err
		}
		gs, err := st.GamesOf(ctx, key, recentGames)
		return page{rs, gs}, err
	}, func(v any) []string {
		pg := v.(page)
		lines := []string{fmt.Sprintf(a.profile, o.p.Name), "", a.ratings}
		if len(pg.ratings) == 0 {
			lines = append(lines, a.noRating)
		}
		for _, r := range pg.ratings {
			lines = append(lines, fmt.Sprintf(a.ratingLn, console.Pad(o.p.Width, nameIn(t, r.Game, r.Rule), 16),
				r.Rating, r.Games, r.Wins, r.Losses, r.Draws))
		}
		lines = append(lines, "", a.recent)
		if len(pg.games) == 0 {
			lines = append(lines, "  "+a.noGames)
		}
		for _, g := range pg.games {
			lines = append(lines, "  "+a.gameLine(t, o, g, seatOf(g, key)))
		}
		return lines
	})
}

// leaderboard is the best rated players of a game, each of its variants
// (omok's rules) on its own page, which the digits 1 to 9 turn.
type leaderboard struct {
	o     *online
	t     *onlineText
	a     *archiveText
	back  console.Screen
	game  *room.Game
	rule  string // the variant shown
	shown []store.Standing
	err   error
	ready bool
}

func (o *online) leaderboard(t *onlineText, game *room.Game, back console.Screen) console.Screen {
	if o.store == nil {
		s, _ := o.notKept(t, back)
		return s
	}
	return (&leaderboard{o: o, t: t, a: archiveTextFor(t), back: back, game: game, rule: game.Variant("")}).read()
}

func (l *leaderboard) read() console.Screen {
	l.ready = false
	st, game, rule := l.o.store, l.game.Name(), l.rule
	return load(l, func(ctx context.Context) (any, error) {
		board, err := st.Leaderboard(ctx, game, rule, leadersShown)
		return standings{rule, board}, err
	})
}

// standings are a variant's leaderboard as read: an answer for one no
// longer shown (1 then 2, quickly) is dropped.
type standings struct {
	rule  string
	board []store.Standing
}

// Update takes the list once read; a digit turns to the game's variant of
// that number, any other key goes back.
func (l *leaderboard) Update(ev console.Event) console.Screen {
	if r, ok := result(l, ev); ok {
		if got, _ := r.v.(standings); got.rule == l.rule {
			l.shown, l.err, l.ready = got.board, r.err, true
		}
		return l
	}
	if ev.Type != console.KeyEvent {
		return l
	}
	if n := int(ev.Rune - '1'); ev.Key == console.KeyRune && n >= 0 && n < len(l.game.Variants()) {
		l.rule = l.game.Variants()[n]
		return l.read()
	}
	return reshow(l.back)
}

// View shows the list: place, name, rating, games.
func (l *leaderboard) View(size console.Size) console.Frame {
	a := l.a
	lines := []string{fmt.Sprintf(a.boardHd, nameIn(l.t, l.game.Name(), l.rule))}
	if len(l.game.Variants()) > 1 {
		var pages []string
		for n, v := range l.game.Variants() {
			pages = append(pages, fmt.Sprintf("%d %s", n+1, wordsOf(l.game, l.t).variantNames[v]))
		}
		lines = append(lines, strings.Join(pages, "   "))
	}
	lines = append(lines, "")
	switch {
	case !l.ready:
		lines = append(lines, a.loading)
	case l.err != nil:
		lines = append(lines, fmt.Sprintf(a.failed, l.err))
	case len(l.shown) == 0:
		lines = append(lines, a.noBoard)
	}
	// Provisional ratings are left out, as lichess leaves them out: one
	// lucky win would top the board. The store gives the settled first.
	place, left := 0, 0
	for _, s := range l.shown {
		if !l.ready || l.err != nil {
			break
		}
		if s.Provisional() {
			left++
			continue
		}
		i := place
		place++
		lines = append(lines, fmt.Sprintf(a.boardLn, i+1, console.Pad(l.o.p.Width, s.Name, MaxName), s.Rating.Rating,
			s.Games, s.Wins, s.Losses, s.Draws))
	}
	if place == 0 && left > 0 {
		lines = append(lines, a.onlyNew)
	}
	lines = append(lines, "", a.leftOut, a.anyKey)
	var f console.Frame
	f.Lines(0, lines...)
	f.Label(langOf(l.t), console.Size{})
	return f
}

// gamesScreen lists the player's games, newest first; Enter replays the
// one chosen.
type gamesScreen struct {
	o      *online
	t      *onlineText
	a      *archiveText
	back   console.Screen
	games  []store.Game
	err    error
	ready  bool
	at     int // the game chosen
	top    int // the first game shown
	rows   int // how many rows the list had at the last key
	opened bool
}

func (o *online) myGames(t *onlineText, back console.Screen) console.Screen {
	if s, ok := o.notKept(t, back); ok {
		return s
	}
	g := &gamesScreen{o: o, t: t, a: archiveTextFor(t), back: back, rows: 10}
	st, key := o.store, o.p.Key
	return load(g, func(ctx context.Context) (any, error) { return st.GamesOf(ctx, key, listedGames) })
}

// Update moves the choice and opens a game.
func (g *gamesScreen) Update(ev console.Event) console.Screen {
	if l, ok := result(g, ev); ok {
		if !g.ready {
			g.games, _ = l.v.([]store.Game)
			g.err, g.ready = l.err, true
			return g
		}
		g.opened = false
		if l.err != nil {
			g.err = l.err
			return g
		}
		return g.replay(l.v.(store.Game))
	}
	if ev.Type == console.ResizeEvent {
		g.rows = max(ev.Size.Height-5, 1)
	}
	if ev.Type != console.KeyEvent {
		return g
	}
	switch {
	case ev.IsKey(console.KeyEsc):
		return reshow(g.back)
	case !g.ready:
		return g
	case len(g.games) == 0:
		return reshow(g.back) // the page said: any key goes back
	case ev.IsKey(console.KeyUp) || ev.IsRune('k'):
		g.at = max(g.at-1, 0)
	case ev.IsKey(console.KeyDown) || ev.IsRune('j'):
		g.at = min(g.at+1, max(len(g.games)-1, 0))
	case ev.IsKey(console.KeyPageUp):
		g.at = max(g.at-g.rows, 0)
	case ev.IsKey(console.KeyPageDown):
		g.at = min(g.at+g.rows, max(len(g.games)-1, 0))
	case (ev.IsKey(console.KeyEnter) || ev.IsRune(' ')) && !g.opened:
		g.opened, g.err = true, nil
		st, id := g.o.store, g.games[g.at].ID
		return load(g, func(ctx context.Context) (any, error) { return st.Game(ctx, id) })
	}
	g.top = min(max(g.top, g.at-g.rows+1), g.at)
	return g
}

// replay shows a kept game as its game replays one.
func (g *gamesScreen) replay(kept store.Game) console.Screen {
	game, ok := room.GameNamed(kept.Game)
	if !ok {
		g.err = fmt.Errorf("no game is called %q", kept.Game)
		return g
	}
	s, err := screensOf(game).replay(g.o, g.t, kept, g)
	if err != nil {
		g.err = err
		return g
	}
	return s
}

// keptTitle heads a kept game replayed: "#12 alice vs bob".
func keptTitle(kept store.Game) string {
	return fmt.Sprintf("#%d %s vs %s", kept.ID, kept.Seats[0].Name, kept.Seats[1].Name)
}

// reshow comes back to the list from a game shown.
func (g *gamesScreen) reshow() console.Screen { return g }

// View lists the games, the chosen one in reverse.
func (g *gamesScreen) View(size console.Size) console.Frame {
	a := g.a
	var f console.Frame
	f.Line(0, fmt.Sprintf(a.gamesHd, g.o.p.Name))
	row := 2
	switch {
	case !g.ready:
		f.Line(row, a.loading)
	case len(g.games) == 0 && g.err == nil:
		f.Line(row, a.noGames)
		f.Line(row+2, a.anyKey)
	default:
		rows := max(size.Height-5, 1)
		top := g.top
		if g.at >= top+rows { // the terminal is smaller than at the last key
			top = g.at - rows + 1
		}
		for i := top; i < len(g.games) && i < top+rows; i++ {
			st := console.Plain
			if i == g.at {
				st.Reverse = true
			}
			f.Put(row, 0, fmt.Sprintf("%4d  %s", g.games[i].ID, a.gameLine(g.t, g.o, g.games[i], seatOf(g.games[i], g.o.p.Key))), st)
			row++
		}
		f.Line(row+1, a.gameKeys)
	}
	if g.err != nil {
		f.Line(row+2, fmt.Sprintf(a.failed, g.err))
	}
	f.Label(langOf(g.t), console.Size{})
	return f
}

package serve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/store"
	"termgames/serve/room"
)

// Online opens a game's online menu (온라인 대전) from that game's own
// menu: main's top menu passes For(game) on in cli.Env.Online, and the
// game's command copies it into its Options. It is set in an SSH session
// only; locally Env.Online is nil, and the menu shows no such entry.
type Online struct {
	// menu returns the online menu of game; back is the game's own menu,
	// shown again when the player leaves it.
	menu func(game *room.Game, back console.Screen) console.Screen
}

// For returns the online menu of the game whose command is name, as the
// table of games names it; nil for a game with no online play, or
// outside a session.
func (o Online) For(name string) func(back console.Screen) console.Screen {
	game, ok := room.GameNamed(name)
	if !ok || o.menu == nil {
		return nil
	}
	return func(back console.Screen) console.Screen { return o.menu(game, back) }
}

// online is what a session's online screens share: the lobby, the player,
// and the seats the session holds, given up when it ends.
type online struct {
	lobby *room.Lobby
	p     Player
	store store.Store // what the server keeps; nil: nothing

	// here is everyone on the server (who is here, challenges); nil
	// outside a server. where is the table the player is at, for the
	// others to see; idle how long since their last key.
	here    *presence
	where   atomic.Pointer[where]
	since   func() time.Time
	notices chan *challenge // a challenge to the player, taken while none is shown

	mu sync.Mutex
	// ignored are the keys of the players whose chat the player does not
	// see, and whose challenges are refused (the store keeps them).
	ignored map[string]bool
	held    map[*room.Table]func() // what to do at each table when the session leaves it
	ended   bool                   // the session has ended: releaseAll ran
}

func newOnline(lobby *room.Lobby, p Player) *online {
	o := &online{lobby: lobby, held: map[*room.Table]func(){}, notices: make(chan *challenge)}
	o.p = p
	o.p.Online = Online{menu: func(game *room.Game, back console.Screen) console.Screen {
		return newOnlineMenu(o, game, back)
	}}
	return o
}

// ignores reports whether the player ignores the player with key.
func (o *online) ignores(key string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return key != "" && o.ignored[key]
}

// setIgnored notes that the player ignores the player with key, or no
// longer.
func (o *online) setIgnored(key string, on bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ignored == nil {
		o.ignored = map[string]bool{}
	}
	if on {
		o.ignored[key] = true
	} else {
		delete(o.ignored, key)
	}
}

// idle is how long since the player last pressed a key.
func (o *online) idle() time.Duration {
	if o.since == nil {
		return 0
	}
	return time.Since(o.since()).Truncate(time.Second)
}

// seat is the session's player as a seat at a table.
func (o *online) seat() room.Seat { return room.Seat{Name: o.p.Name, Key: o.p.Key} }

// hold notes what the session must do at t when it leaves it (for good,
// or by dropping): stand up from its seat, or stop watching.
// A session that has ended holds nothing more: hold then leaves t at
// once (a join that finished after its session ended).
func (o *online) hold(t *room.Table, leave func()) {
	o.mu.Lock()
	if o.ended {
		o.mu.Unlock()
		leave()
		return
	}
	defer o.mu.Unlock()
	o.held[t] = leave
}

// release leaves t now.
func (o *online) release(t *room.Table) {
	if leave := o.forget(t); leave != nil {
		leave()
	}
}

// forget stops holding t, and returns what leaving it does, for the
// caller to do when it is ready.
func (o *online) forget(t *room.Table) func() {
	o.mu.Lock()
	defer o.mu.Unlock()
	leave := o.held[t]
	delete(o.held, t)
	return leave
}

// releaseAll leaves every table: the session has ended. A seat becomes
// away, and its player has the lobby's hold to come back.
func (o *online) releaseAll() {
	o.mu.Lock()
	held := o.held
	o.held = map[*room.Table]func(){}
	o.ended = true
	o.mu.Unlock()
	for _, leave := range held {
		leave()
	}
}

// sit shows t from seat, the seat already taken (Open, Join, Resume).
func (o *online) sit(t *room.Table, seat int, back console.Screen) console.Screen {
	o.hold(t, func() { t.Leave(seat) })
	return newTableScreen(o, t, seat, back)
}

// watch shows t to a watcher.
func (o *online) watch(t *room.Table, back console.Screen) console.Screen {
	o.hold(t, t.Unwatch)
	return newTableScreen(o, t, -1, back)
}

// The online menu's items. The archive's three (the player's games,
// profile, leaderboard) are there when the server keeps them; the quick
// match, who is here and back are then 8, 9 and 10, else 5, 6 and 7
// (itemQuick, itemWho, itemBack).
const (
	itemOpen = iota + 1
	itemJoin
	itemList
	itemWatch
	itemGames
	itemProfile
	itemLeaders
)

// onlineMenu is a game's 온라인 대전 menu, asked as the originals ask.
type onlineMenu struct {
	o    *online
	game *room.Game
	txt  *onlineText
	back console.Screen
	menu *console.Menu
}

func newOnlineMenu(o *online, game *room.Game, back console.Screen) *onlineMenu {
	t := textFor(o.p.Lang, game)
	block := append(append([]string{rule28, wordsOf(game, t).menuTitle}, t.menu...), rule28)
	if o.store != nil { // the archive's entries, before the quick match and back
		a := archiveTextFor(t)
		n := len(block)
		block = append(slices.Clone(block[:n-3]), fmt.Sprintf("%d. %s", itemGames, a.items[0]),
			fmt.Sprintf("%d. %s", itemProfile, a.items[1]), fmt.Sprintf("%d. %s", itemLeaders, a.items[2]),
			renumber(block[n-3], itemLeaders+1), renumber(block[n-2], itemLeaders+2), block[n-1])
	}
	// Who is here, just before back.
	n := len(block)
	block = append(slices.Clone(block[:n-2]), fmt.Sprintf("%d. %s", whoItem(o), socialTextFor(langOf(t)).item),
		renumber(block[n-2], whoItem(o)+1), block[n-1])
	m := &onlineMenu{o: o, game: game, txt: t, back: back}
	m.menu = console.NewMenu(block, t.prompt, t.retry, m.itemBack())
	return m
}

// renumber gives a menu's item the number n: "5. 돌아가기" as 9.
func renumber(item string, n int) string {
	return fmt.Sprintf("%d.%s", n, strings.SplitN(item, ".", 2)[1])
}

// whoItem is who is here, after the quick match: 9 with the archive's
// entries, else 6.
func whoItem(o *online) int {
	if o.store != nil {
		return itemLeaders + 2
	}
	return itemWatch + 2
}

// itemBack is the menu's last item, back to the game's menu.
func (m *onlineMenu) itemBack() int { return whoItem(m.o) + 1 }

// itemWho is who is here, just before back.
func (m *onlineMenu) itemWho() int { return whoItem(m.o) }

// itemQuick is the quick match, just before who is here.
func (m *onlineMenu) itemQuick() int { return m.itemWho() - 1 }

// Update passes typed keys to the menu.
func (m *onlineMenu) Update(ev console.Event) console.Screen {
	n := m.menu.Update(ev)
	if ev.IsKey(console.KeyEsc) {
		n = m.itemBack()
	}
	switch n { // back, the quick match and who first: without the archive, they have its numbers
	case m.itemBack():
		m.menu.Show()
		return m.back
	case m.itemQuick():
		return newQuestions(m, true)
	case m.itemWho():
		return newWhoScreen(m)
	case itemOpen:
		return newQuestions(m, false)
	case itemJoin:
		return newCodeScreen(m, m.txt.codeJoin, m.join)
	case itemList:
		m.list()
	case itemWatch:
		return newCodeScreen(m, m.txt.codeWatch, m.watch)
	case itemGames:
		return m.o.myGames(m.txt, m)
	case itemProfile:
		return m.o.profile(m.txt, m)
	case itemLeaders:
		return m.o.leaderboard(m.txt, m.game, m)
	}
	return m
}

// questions asks, in the menu's style, what a new table or a quick match
// is for: omok's rule, the clock, and at a new freestyle or standard omok
// table the opening, each numbered question asked only where it applies
// and has more than one answer. Esc at any of them goes back to the online
// menu. A quick match asks no opening: it opens with swap2 wherever the
// rule allows it, so that everyone waiting at a rule waits for the same.
type questions struct {
	m     *onlineMenu
	quick bool
	setup room.Setup
	// controls are the clock question's answers, in the order of the
	// server's list (controlsFor).
	controls []room.Control
	ask      question
	menu     *console.Menu // the question asked; nil when none was
	// typed mirrors the answer being typed, to tell Enter alone, which
	// the opening question takes for its default, swap2; a menu ignores it.
	typed console.LineInput
	busy  bool // the quick match is being made off the screen's goroutine: keys wait
	// then, where set, takes the setup answered in place of a new table
	// (a challenge), and Esc goes back to back.
	then func(room.Setup) console.Screen
	back console.Screen
}

// question is one of the questions of a new table, in the order asked.
type question uint8

const (
	askRule question = iota
	askClock
	askOpening
)

// newQuestions asks the first question that applies, for a new table or,
// quick, for the quick match; with none to ask, the table is opened (the
// match made) at once.
func newQuestions(m *onlineMenu, quick bool) console.Screen {
	q := &questions{m: m, quick: quick, setup: room.Setup{Game: m.game, Swap2: quick},
		controls: controlsFor(m.o.lobby.Controls(), m.game)}
	if len(q.controls) > 0 {
		q.setup.Control = q.controls[0]
	}
	return q.from(askRule)
}

// newQuestionsFor asks the questions of a new table, and hands the setup
// answered to then; Esc at any of them goes back to back.
func newQuestionsFor(m *onlineMenu, back console.Screen, then func(room.Setup) console.Screen) console.Screen {
	q := &questions{m: m, setup: room.Setup{Game: m.game}, controls: controlsFor(m.o.lobby.Controls(), m.game),
		then: then, back: back}
	if len(q.controls) > 0 {
		q.setup.Control = q.controls[0]
	}
	return q.from(askRule)
}

// controlsFor is the controls of list that a table of game may have:
// omok's Fischer clocks, baseball's clocks per guess, and none at both.
// Where the list has none of them, the table has no clock.
func controlsFor(list []room.Control, game *room.Game) []room.Control {
	var cs []room.Control
	for _, c := range list {
		if game.Fits(c) {
			cs = append(cs, c)
		}
	}
	return cs
}

// from asks the question ask, or the first one after it that applies;
// with none left, it opens the table or makes the quick match.
func (q *questions) from(ask question) console.Screen {
	t, game := q.m.txt, q.setup.Game
	for ; ask <= askOpening; ask++ {
		switch {
		case ask == askRule && len(game.Variants()) > 1:
			w := wordsOf(game, t)
			q.menu = console.NewMenu(w.variantMenu, w.variantPrompt, t.retry, len(game.Variants()))
		case ask == askClock && len(q.controls) > 1:
			q.menu = console.NewMenu(t.clockMenu(q.controls), t.clockPrompt, t.retry, len(q.controls))
		case ask == askOpening && !q.quick && game.Swap2(q.setup.Rule):
			q.menu = console.NewMenu(t.openingMenu, t.openingPrompt, t.retry, 2)
		default:
			continue
		}
		q.ask = ask
		return q
	}
	switch {
	case q.then != nil:
		return q.then(q.setup)
	case !q.quick:
		return q.open()
	}
	return q.match()
}

// open opens a table of the setup and sits the player at it, waiting for
// another, off the screen's goroutine, since the table's code is reserved
// in the store first; matched shows it.
func (q *questions) open() console.Screen {
	o, setup := q.m.o, q.setup
	q.busy = true
	return console.Do(q, func(context.Context) any { return o.seated(o.lobby.Open(setup, o.seat()), 0, nil) })
}

// Update takes the answer to the question asked; Esc goes back to the
// online menu.
func (q *questions) Update(ev console.Event) console.Screen {
	if j, ok := ev.Result.(joined); ok && ev.Type == console.ResultEvent {
		q.busy = false
		return q.m.matched(j)
	}
	switch {
	case q.busy:
		return q
	case ev.IsKey(console.KeyEsc) && q.back != nil:
		return reshow(q.back)
	case ev.IsKey(console.KeyEsc):
		return q.m.reshow()
	}
	line, entered := q.typed.Update(ev)
	n := q.menu.Update(ev)
	if q.ask == askOpening && entered && strings.TrimSpace(line) == "" {
		n = 1 // swap2, the default
	}
	if n == 0 {
		return q
	}
	switch q.ask {
	case askRule:
		q.setup.Rule = q.setup.Game.Variants()[n-1]
	case askClock:
		q.setup.Control = q.controls[n-1]
	case askOpening:
		q.setup.Swap2 = n == 1
	}
	return q.from(q.ask + 1)
}

// match makes the quick match off the screen's goroutine, since joining a
// table begins its game in the store; matched shows where it led.
func (q *questions) match() console.Screen {
	o, setup := q.m.o, q.setup
	q.busy = true
	return console.Do(q, func(context.Context) any { return o.seated(o.lobby.Quick(setup, o.seat())) })
}

// View shows the question asked, or the online menu while a quick match
// that asked none is being made.
func (q *questions) View(size console.Size) console.Frame {
	if q.menu == nil {
		return q.m.View(size)
	}
	f := q.menu.View(size, q.m.o.p.Width)
	f.Label(langOf(q.m.txt), console.Size{})
	return f
}

// matched shows the table of a quick match, where the player waits or
// plays at once.
func (m *onlineMenu) matched(j joined) console.Screen {
	if j.err != nil {
		m.menu.Show(m.txt.quickFailed)
		return m
	}
	return newTableScreen(m.o, j.t, j.seat, m)
}

// join takes a table's code, or a resume code, and sits the player there:
// at once with a resume code; with a table's code, off the screen's
// goroutine, since Join begins the game in the store (joined brings the
// answer).
func (m *onlineMenu) join(c *codeScreen, code string) (console.Screen, string) {
	if t, seat, ok := m.o.lobby.Resume(code); ok {
		return m.o.sit(t, seat, m), ""
	}
	if msg, ok := m.elsewhere(code); ok {
		return nil, msg
	}
	o, game := m.o, m.game
	c.busy = true
	return console.Do(c, func(context.Context) any { return o.seated(o.lobby.Join(code, game, o.seat())) }), ""
}

// seated is the answer of a seat taken off the screen's goroutine (a
// join, a quick match), the seat held at once: a session that ends
// before the answer is shown leaves the seat as any other.
func (o *online) seated(t *room.Table, seat int, err error) joined {
	if err == nil {
		o.hold(t, func() { t.Leave(seat) })
	}
	return joined{t, seat, err}
}

// joined is the answer of a join made off the screen's goroutine.
type joined struct {
	t    *room.Table
	seat int
	err  error
}

// answer shows the table joined, or says why the code led nowhere.
func (m *onlineMenu) answer(j joined) (console.Screen, string) {
	switch {
	case errors.Is(j.err, room.ErrFull):
		return nil, m.txt.full
	case errors.Is(j.err, room.ErrOtherGame):
		return nil, m.txt.otherGame
	case j.err != nil:
		return nil, m.txt.noTable
	}
	return newTableScreen(m.o, j.t, j.seat, m), ""
}

// watch takes a table's code and shows the table to a watcher.
func (m *onlineMenu) watch(_ *codeScreen, code string) (console.Screen, string) {
	t, err := m.o.lobby.Watch(code)
	if msg, ok := m.elsewhere(code); err != nil && ok {
		return nil, msg
	}
	if err != nil {
		return nil, m.txt.noTable
	}
	return m.o.watch(t, m), ""
}

// elsewhere says where the table with code is, when it is not at this
// server but at another on its database.
func (m *onlineMenu) elsewhere(code string) (string, bool) {
	if _, here := m.o.lobby.GameOf(code); here {
		return "", false
	}
	li, ok := m.o.lobby.Elsewhere(code)
	if !ok {
		return "", false
	}
	return fmt.Sprintf(m.txt.elsewhere, li.Server.Name, room.Command(li)), true
}

// list prints the open tables above the menu, as the how-to is printed.
func (m *onlineMenu) list() {
	tables := m.o.lobby.Tables(m.game)
	if len(tables) == 0 {
		m.menu.Show(m.txt.noTables)
		return
	}
	lines := []string{m.txt.tablesHead}
	for _, li := range tables {
		lines = append(lines, m.txt.listing(li))
		if li.Server.Name != "" { // another server's, with the way there
			lines = append(lines, fmt.Sprintf("        %s: %s", li.Server.Name, room.Command(li)))
		}
	}
	m.menu.Show(lines...)
}

// reshow goes back to back: a menu (one with a reshow method) is asked
// afresh, as when a table's or the archive's screen comes back to it.
func reshow(back console.Screen) console.Screen {
	if r, ok := back.(interface{ reshow() console.Screen }); ok {
		return r.reshow()
	}
	return back
}

// reshow asks the menu afresh, when a table's screen comes back to it.
func (m *onlineMenu) reshow() console.Screen {
	m.menu.Show()
	return m
}

// View shows the menu's transcript.
func (m *onlineMenu) View(size console.Size) console.Frame {
	f := m.menu.View(size, m.o.p.Width)
	f.Label(langOf(m.txt), console.Size{})
	return f
}

func langOf(t *onlineText) lang.Tag {
	if t == &koreanText {
		return lang.Korean
	}
	return lang.English
}

// codeScreen asks for a code in the menu's style: the prompt, the code as
// typed, Enter; a code that leads nowhere is explained and asked again.
type codeScreen struct {
	m      *onlineMenu
	prompt string
	// act follows the code: the screen it leads to, or why it leads
	// nowhere; or the screen itself, busy, with the work to do.
	act  func(c *codeScreen, code string) (console.Screen, string)
	log  console.Transcript
	in   console.LineInput
	busy bool // a code is being followed off the screen's goroutine: keys wait
}

func newCodeScreen(m *onlineMenu, prompt string, act func(*codeScreen, string) (console.Screen, string)) *codeScreen {
	c := &codeScreen{m: m, prompt: prompt, act: act}
	c.log.Print(prompt)
	return c
}

// Update takes the code's keys; Esc goes back to the menu.
func (c *codeScreen) Update(ev console.Event) console.Screen {
	if j, ok := ev.Result.(joined); ok && ev.Type == console.ResultEvent {
		c.busy = false
		return c.follow(c.m.answer(j))
	}
	switch {
	case c.busy:
		return c
	case ev.IsKey(console.KeyEsc):
		return c.m.reshow()
	}
	line, done := c.in.Update(ev)
	if !done || room.NormCode(line) == "" {
		return c
	}
	c.log.Println(line)
	return c.follow(c.act(c, line))
}

// follow goes where a code led, or says why it led nowhere and asks
// again.
func (c *codeScreen) follow(next console.Screen, why string) console.Screen {
	if next != nil {
		return next
	}
	c.log.Println(why)
	c.log.Print(c.prompt)
	return c
}

// View shows the transcript and the code being typed.
func (c *codeScreen) View(size console.Size) console.Frame {
	f := c.log.Frame(size, c.m.o.p.Width, c.in.String())
	f.Label(langOf(c.m.txt), console.Size{})
	return f
}

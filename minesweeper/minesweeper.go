// Package minesweeper is 지뢰찾기, the React game of the blog post
// "React로 구현한 간단한 지뢰찾기 게임", played in a terminal: the original's
// three levels and a custom size, by keyboard and by mouse, with each
// game's figures (3BV, 3BV/s, clicks, IOE), the same board again, a game
// watched again, and best times and statistics kept in a file.
//
// field.go holds every rule of the game (no terminal, no I/O), figures.go
// the figures of a game, and scores.go the file of best times and
// statistics; the solver behind the hints and the no-guess boards is the
// sub-package solver, and solverbench.go has it play the game (`termgames
// minesweeper bench`); the screens are menu.go (the numbered menu, the
// custom-size questions, the records), play.go (the board, and the game
// watched again) and text.go (their words); minesweeper.go holds what they
// share, and runs the scores file's reading and writing as commands, off
// the UI goroutine. layout_test.go, at the module's root, checks that no
// rules file imports the terminal's packages.
package minesweeper

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"time"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/lang"
)

// original is the language of the React game, which the screens speak
// unless -lang says otherwise.
const originalLang = lang.Korean

// Game is minesweeper's line in the program's table of games, with the
// solver's benchmark as its subcommand.
func Game() cli.Game {
	return cli.Game{
		Name:    "minesweeper",
		Title:   lang.Text{Korean: "지뢰찾기", English: "Minesweeper"},
		Lang:    originalLang,
		Summary: "minesweeper (-marks, -scores FILE, -noguess)",
		Shared:  cli.Glyphs | cli.Seed,
		Flags:   flags,
		Commands: []cli.Command{
			{Name: "bench", Args: "[flags]", Summary: "the solver plays: win rates per level (-level, -games, -seed, -noguess, -first)", Run: cli.NoInput(BenchCommand)},
		},
	}
}

// flags declares minesweeper's own flags.
func flags(fs *flag.FlagSet) cli.Start {
	marks := fs.Bool("marks", false, "f on a flag makes a ? mark before clearing it")
	scores := fs.String("scores", "", "best-times `FILE` (default: termgames/scores.json in the user's config folder)")
	noGuess := fs.Bool("noguess", false, "boards that logic alone solves, made at the first opening")
	return func(env cli.Env, back console.Screen) (console.Screen, error) {
		book, ok := env.Book.(Book)
		if env.Book != nil && !ok {
			return nil, fmt.Errorf("minesweeper: a %T keeps no minesweeper games", env.Book)
		}
		opt := Options{Lang: env.Lang, ASCII: env.ASCII, Rand: env.Rand, Width: env.Width,
			Marks: *marks, Scores: *scores, NoGuess: *noGuess, Book: book, Online: env.Online}
		return New(opt, back), nil
	}
}

// Options are the command line's choices for the game.
type Options struct {
	// Lang is the language of the texts; Korean, the original's, when
	// none is chosen.
	Lang lang.Tag
	// ASCII draws the board with ASCII glyphs only.
	ASCII bool
	// Marks lets f (or a right click) turn a flag into a "?" mark.
	Marks bool
	// Scores is the best-times file; "" means termgames/scores.json in the
	// user's config folder.
	Scores string
	// Book, when set, keeps the player's games instead of the file
	// (Scores is then not used), and the records screen shows its
	// leaderboard of every level beside the player's own times: over
	// SSH, the server's store for a player with a key.
	Book Book
	// Rand places the mines; main makes it from -seed.
	Rand *rand.Rand
	// Width measures text and glyphs as the terminal draws them.
	Width *runewidth.Condition
	// NoGuess starts with no-guess boards (the menu toggles it): each is
	// made at the first opening so that logic alone, with the mine count,
	// solves it.
	NoGuess bool
	// Online, set in a session of termgames serve, adds the menu's entry
	// of the online tables (races on one board) and opens them; back is
	// the minesweeper menu.
	Online func(back console.Screen) console.Screen
}

// New returns the minesweeper menu. Quitting it returns back, or ends the
// program when back is nil (the game was started on its own).
func New(opt Options, back console.Screen) console.Screen {
	a := &app{opt: opt, back: back, t: textsFor(opt.Lang), w: console.DefaultWidth(opt.Width), rng: opt.Rand}
	if a.rng == nil {
		a.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	a.store = a.newStore()
	a.noGuess = opt.NoGuess
	a.menu = a.newMenu()
	a.buildHelpRows()
	return a
}

// newStore returns where the best times are kept: the file, or, with a
// book, memory, which the book's games fill once read.
func (a *app) newStore() *store {
	if a.opt.Book != nil {
		return newStore("", nil)
	}
	path := a.opt.Scores
	if path == "" {
		var err error
		if path, err = defaultScoresPath(); err != nil {
			a.notice = []string{a.t.badFile, err.Error()}
		}
	}
	return newStore(path, osFS{})
}

// newMenu returns the menu as it stands: its no-guess line shows whether
// new games get no-guess boards.
func (a *app) newMenu() *console.Menu {
	items := itemQuit
	if a.opt.Online != nil {
		items = itemOnline
	}
	return console.NewMenu(a.t.menuBlock(a.noGuess, a.opt.Online != nil), a.t.prompt, a.t.retry, items).QuitOnEsc(itemQuit)
}

// app is what the screens of one run of the game share, and is itself the
// menu screen. It is only ever touched on the UI goroutine: reading and
// writing the best-times file are commands (console.Do) that work on a copy
// of the store and hand the new one back as a console.ResultEvent.
type app struct {
	opt     Options
	back    console.Screen
	t       *texts
	w       *runewidth.Condition
	rng     *rand.Rand
	store   *store
	menu    *console.Menu
	size    console.Size  // the terminal's, from the latest event
	notice  []string      // a problem to show on the menu once
	loading bool          // the file is being read, or has been
	fresh   bool          // store holds the file's times (read, or written since)
	cmds    []console.Cmd // work for the driver, handed over by with
	noGuess bool          // new games get no-guess boards
	// leaders are the book's leaderboards by best-times key, read anew
	// each time the records screen opens; nil until first read.
	leaders    map[string][]Leader
	leadersErr error // the last reading of them failed
	// helpSpans are the help lines as rows (helpRows)
	helpSpans [][]console.Span
}

// tag is the language the screens speak, the too-small screen's too.
func (a *app) tag() lang.Tag { return lang.Resolve(a.opt.Lang, originalLang) }

// observe keeps what every screen learns from any event: the terminal size,
// the answers of the best-times commands, and, at the first event, that
// the file is to be read (a bad file kept aside is named with that event's
// time).
func (a *app) observe(ev console.Event) {
	a.size = ev.Size
	switch r := ev.Result.(type) {
	case loaded:
		if r.store != nil && !a.fresh { // a save that came first read the file too
			a.store, a.fresh = r.store, true
		}
		if r.notice != nil {
			a.notice = a.noticeLines(r.notice)
		}
		if r.err != nil {
			a.notice = []string{fmt.Sprintf(a.t.bookFailed, r.err)}
		}
	case leadersRead:
		if r.err == nil {
			a.leaders = r.leaders
		}
		a.leadersErr = r.err
	case saved:
		a.store, a.fresh = r.store, true
		switch {
		case r.board != nil:
			r.board.saved(r)
		case r.notice != nil: // a game left for the menu: the menu tells
			a.notice = a.noticeLines(r.notice)
		case r.err != nil:
			a.notice = []string{fmt.Sprintf(a.t.statsFailed, r.err)}
		}
	case generated:
		r.board.generated(r, ev.Time)
	case hinted:
		r.board.hinted(r)
	}
	if !a.loading {
		a.loading = true
		a.cmds = append(a.cmds, a.load(ev.Time))
	}
}

// with returns next carrying the commands the event started, for the
// driver to run.
func (a *app) with(next console.Screen) console.Screen {
	cmds := a.cmds
	a.cmds = nil
	return console.Do(next, cmds...)
}

// loaded is what reading the best-times file, or the book, gives back.
type loaded struct {
	store  *store  // nil when the book could not be read
	notice *notice // the file could not be read
	err    error   // the book could not be read
}

// leadersRead is what reading the book's leaderboards gives back.
type leadersRead struct {
	leaders map[string][]Leader
	err     error
}

// saved is what entering a game in the best-times file gives back; board
// is nil for a game that was left, which no screen shows any more.
type saved struct {
	board  *board
	store  *store
	won    bool
	rank   int
	err    error
	notice *notice
}

// copyStore returns a store of its own for a command to work on.
func (a *app) copyStore() *store {
	c := *a.store
	c.best = maps.Clone(a.store.best)
	c.stats = maps.Clone(a.store.stats)
	return &c
}

// load reads the best-times file, or the book, off the UI goroutine.
func (a *app) load(now time.Time) console.Cmd {
	if book := a.opt.Book; book != nil {
		return func(ctx context.Context) any {
			games, err := book.Games(ctx)
			if err != nil {
				return loaded{err: err}
			}
			return loaded{store: tally(games)}
		}
	}
	c := a.copyStore()
	return func(context.Context) any {
		c.load(now)
		return loaded{store: c, notice: c.takeNotice()}
	}
}

// save enters a game of b in the best times and the statistics, off the
// UI goroutine; b is nil for a game that was left.
func (a *app) save(b *board, key string, e entry, now time.Time) {
	if a.opt.Book != nil {
		a.cmds = append(a.cmds, a.saveInBook(b, key, e, now))
		return
	}
	c := a.copyStore()
	a.cmds = append(a.cmds, func(context.Context) any {
		rank, err := c.add(key, e, now)
		return saved{board: b, store: c, won: e.won, rank: rank, err: err, notice: c.takeNotice()}
	})
}

// saveInBook enters a game in the book, off the UI goroutine, and reads
// the player's games again, as the file is read again before it is
// written: the same key may be playing in another session. When the book
// cannot keep the game, the game is still counted in memory, as it is
// when the file cannot be written, and the error said.
func (a *app) saveInBook(b *board, key string, e entry, now time.Time) console.Cmd {
	c := a.copyStore()
	book := a.opt.Book
	return func(ctx context.Context) any {
		rank := c.enter(key, e)
		// The player may close the connection right after the end: the
		// game is kept all the same.
		err := book.Add(context.WithoutCancel(ctx), resultOf(key, e, now))
		if err == nil {
			if games, gerr := book.Games(ctx); gerr == nil {
				c, rank = tally(games), 0
				if e.timed() {
					rank = rankIn(c.times(key), e.rec)
				}
			}
		}
		return saved{board: b, store: c, won: e.won, rank: rank, err: err}
	}
}

// readLeaders reads the book's leaderboards of keys, off the UI goroutine.
func (a *app) readLeaders(keys []string) console.Cmd {
	book := a.opt.Book
	return func(ctx context.Context) any {
		leaders := make(map[string][]Leader, len(keys))
		for _, key := range keys {
			list, err := book.Leaders(ctx, key, keepBest)
			if err != nil {
				return leadersRead{err: err}
			}
			leaders[key] = list
		}
		return leadersRead{leaders: leaders}
	}
}

// noticeLines tells the player what became of a best-times file that could
// not be read.
func (a *app) noticeLines(n *notice) []string {
	if n.aside != "" {
		return []string{a.t.badFile, "  " + n.why.Error(), "  " + fmt.Sprintf(a.t.movedTo, n.aside)}
	}
	return []string{a.t.badFile, "  " + fmt.Sprintf(a.t.leftAlone, n.why)}
}

package minesweeper

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/lang"
)

// shelf is a Book in memory, as a server's store keeps one player's games;
// each of its methods can be made to fail.
type shelf struct {
	mu      sync.Mutex
	games   []Result
	leaders map[string][]Leader
	// failGames, failAdd and failLeaders, when set, are what those
	// methods return instead.
	failGames, failAdd, failLeaders error
}

func (s *shelf) Games(context.Context) ([]Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failGames != nil {
		return nil, s.failGames
	}
	return slices.Clone(s.games), nil
}

func (s *shelf) Add(_ context.Context, r Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failAdd != nil {
		return s.failAdd
	}
	s.games = append(s.games, r)
	return nil
}

func (s *shelf) Leaders(_ context.Context, level string, limit int) ([]Leader, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failLeaders != nil {
		return nil, s.failLeaders
	}
	l := s.leaders[level]
	return l[:min(len(l), limit)], nil
}

// played returns the games the shelf keeps.
func (s *shelf) played() []Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.games)
}

// someGames are a player's games on two levels and a no-guess page: more
// than ten wins on one, a tie, losses between the wins, so that the
// streaks, the cut to ten best times and the order of a tie all matter.
func someGames() []Result {
	var games []Result
	won := func(level string, ms int64, rate float64, minute int) {
		games = append(games, Result{Level: level, Won: true, Time: time.Duration(ms) * time.Millisecond,
			Rate: rate, At: day.Add(time.Duration(minute) * time.Minute)})
	}
	lost := func(level string, minute int) {
		games = append(games, Result{Level: level, Time: 4 * time.Second, At: day.Add(time.Duration(minute) * time.Minute)})
	}
	for i := range 13 {
		won("beginner", int64(30000-1000*(i%7)), 0.5+float64(i)/10, i)
		if i%4 == 3 {
			lost("beginner", 100+i)
		}
	}
	won("beginner", 24000, 1, 200) // the same time as an earlier win
	lost("expert", 300)
	won("expert", 180000, 0.9, 301)
	won("intermediate+noguess", 60000, 1.2, 400)
	lost("intermediate+noguess", 401)
	return games
}

// TestBookStatisticsAreTheFiles: the best times and the statistics made
// from a book's games are those that the file keeps for the same games.
func TestBookStatisticsAreTheFiles(t *testing.T) {
	games := someGames()
	path := filepath.Join(t.TempDir(), "scores.json")
	file := newStore(path, osFS{})
	file.load(day)
	for _, g := range games {
		if _, err := file.add(g.Level, g.entry(), day); err != nil {
			t.Fatal(err)
		}
	}
	kept := newStore(path, osFS{})
	kept.load(day)
	book := tally(games)
	if !slices.Equal(book.keys(), kept.keys()) {
		t.Fatalf("the book has the levels %v, the file %v", book.keys(), kept.keys())
	}
	for _, key := range kept.keys() {
		if got, want := book.statsOf(key), kept.statsOf(key); got != want {
			t.Errorf("%s: the book's statistics are %+v, the file's %+v", key, got, want)
		}
		got, want := book.times(key), kept.times(key)
		if !slices.EqualFunc(got, want, func(a, b Record) bool { return a.Millis == b.Millis && a.When.Equal(b.When) }) {
			t.Errorf("%s: the book's best times are %v, the file's %v", key, got, want)
		}
	}
	if st := book.statsOf("beginner"); st.Played != 17 || st.Won != 14 || len(book.times("beginner")) != keepBest {
		t.Errorf("beginner: %+v and %d times: the games were not all counted", st, len(book.times("beginner")))
	}
}

// startWithBook returns the menu of a game whose games a shelf keeps, in
// tag, the shelf read.
func startWithBook(t *testing.T, w int, tag lang.Tag, b *shelf) (console.Screen, *app) {
	t.Helper()
	return start(t, widths[w].W, Options{Lang: tag, Book: b})
}

// TestRecordsWithBook: with a book, the records screen gives the player's
// own times with the server's leaderboard beside them, names and all, and
// the statistics under them; the games went to the book, not to the file.
func TestRecordsWithBook(t *testing.T) {
	for i, w := range widths {
		b := &shelf{leaders: map[string][]Leader{
			"beginner": {{Name: "앨리스", Time: 1500 * time.Millisecond}, {Name: "bob", Time: 2 * time.Second}, {Name: "carol~2", Time: 12300 * time.Millisecond}},
		}}
		s, a := startWithBook(t, i, "", b)
		s = finish(t, s, "win", 10, 3)
		s = finish(t, s, "win", 20, 2)
		s = finish(t, s, "lose", 30, 1)
		s = finish(t, s, "leave", 40, 5)
		s = feed(s, console.Keys("5\r")...)
		screen := text(s, w.W)
		mustContain(t, screen,
			"최고 기록: 초급 (9 x 9, 지뢰 10개)   (1/6)\n\n",
			"내 기록                               서버 순위\n",
			"  1.      2.0초   2025-03-01 12:00      1. 앨리스      1.5초\n",
			"  2.      3.0초   2025-03-01 12:00      2. bob         2.0초\n",
			"                                        3. carol~2    12.3초\n\n통계\n",
			"  게임 수          4\n",
			"  승리             2 (50.0%)\n",
			"  최고 연승        2\n",
			"  최고 3BV/s       1.50\n",
			"  평균 승리 기록   2.5초\n\n좌우 방향키: 다른 난이도   Esc/Enter: 메뉴")
		s = feed(s, console.KeyPress(console.KeyLeft))
		mustContain(t, text(s, w.W), "최고 기록: 고급 (16 x 30, 지뢰 99개) (추측 없음)   (6/6)",
			"내 기록                               서버 순위\n  (기록이 없습니다)                     (기록이 없습니다)\n",
			"  게임 수          0\n")
		if _, err := os.Stat(a.opt.Scores); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: the best-times file was written with a book: %v", w.Name, err)
		}
		got := b.played()
		if len(got) != 4 || !got[0].Won || got[0].Time != 3*time.Second || got[0].Level != "beginner" ||
			got[2].Won || !got[3].At.Equal(at(45, console.Event{}).Time.Truncate(time.Second)) {
			t.Errorf("%s: the book keeps %+v", w.Name, got)
		}
	}
}

// TestRecordsWithBookEnglish: the same screen in English.
func TestRecordsWithBookEnglish(t *testing.T) {
	b := &shelf{leaders: map[string][]Leader{"beginner": {{Name: "alice", Time: 1500 * time.Millisecond}}}}
	s, _ := startWithBook(t, 0, "en", b)
	s = finish(t, s, "win", 10, 3)
	s = feed(s, console.Keys("5\r")...)
	mustContain(t, text(s, widths[0].W),
		"Best times: Beginner (9 x 9, 10 mines)   (1/6)\n\n",
		"Your times                            Server leaderboard\n",
		"  1.      3.0 s   2025-03-01 12:00      1. alice     1.5 s\n\nStatistics\n",
		"  Games played     1\n",
		"  Games won        1 (100.0%)\n",
		"  Average win      3.0 s\n\nleft/right other level   Esc/Enter menu")
}

// TestBookGamesReadAtStart: the book's games are the records from the
// first screen on, and a win is ranked among them, with the games that
// another session of the same player added meanwhile.
func TestBookGamesReadAtStart(t *testing.T) {
	b := &shelf{games: []Result{
		{Level: "beginner", Won: true, Time: 2 * time.Second, Rate: 2, At: day},
		{Level: "beginner", Won: true, Time: 4 * time.Second, Rate: 1, At: day},
	}}
	s, _ := startWithBook(t, 0, "", b)
	b.Add(context.Background(), Result{Level: "beginner", Won: true, Time: 2500 * time.Millisecond, At: day})
	s, bd := play(t, s, 1)
	s = winNow(t, s, bd) // 3 seconds
	mustContain(t, text(s, widths[0].W), "기록: 3.0초, 최고 기록 3위")
	s = feed(s, console.KeyPress(console.KeyEsc))
	s = feed(s, console.Keys("5\r")...)
	mustContain(t, text(s, widths[0].W), "  3.      3.0초", "  4.      4.0초", "게임 수          4")
}

// TestBookFailures: a book that cannot be read or written is said where
// the file's problems are, and play goes on, the games counted on the
// screens until the book answers again; a leaderboard that cannot be read
// says so.
func TestBookFailures(t *testing.T) {
	full := errors.New("store: disk full")
	b := &shelf{failGames: full, failAdd: full, failLeaders: full}
	s, _ := startWithBook(t, 0, "", b)
	mustContain(t, text(s, widths[0].W), "최고 기록과 통계를 불러오지 못했습니다: store: disk full\n====")
	s, bd := play(t, s, 1)
	s = winNow(t, s, bd)
	mustContain(t, text(s, widths[0].W), "기록을 저장하지 못했습니다: store: disk full")
	s = feed(s, console.KeyPress(console.KeyEsc))
	s = finish(t, s, "leave", 10, 1)
	mustContain(t, text(s, widths[0].W), "통계를 저장하지 못했습니다: store: disk full")
	s = feed(s, console.Keys("5\r")...)
	mustContain(t, text(s, widths[0].W), "  1.      3.0초", "서버 순위\n", "(불러오지 못했습니다)", "게임 수          2")

	// The book comes back: the next game is kept, and the leaderboard read.
	b.mu.Lock()
	b.failAdd, b.failGames, b.failLeaders = nil, nil, nil
	b.mu.Unlock()
	s = feed(s, console.KeyPress(console.KeyEsc))
	s = finish(t, s, "lose", 20, 1)
	s = feed(s, console.Keys("5\r")...)
	mustContain(t, text(s, widths[0].W), "게임 수          1", "서버 순위\n  (기록이 없습니다)")
	if got := b.played(); len(got) != 1 || got[0].Won {
		t.Errorf("the book keeps %+v", got)
	}
}

// TestRecordsWhileTheLeadersAreRead: until the book answers, the
// leaderboard says it is being read.
func TestRecordsWhileTheLeadersAreRead(t *testing.T) {
	s, a := startWithBook(t, 0, "", &shelf{})
	drivers[a].Hold = true
	s = feed(s, console.Keys("5\r")...)
	mustContain(t, text(s, widths[0].W), "서버 순위\n", "(불러오는 중...)")
	drivers[a].RunCommands()
	mustContain(t, drivers[a].Screen().View(big).Text(widths[0].W), "서버 순위\n  (기록이 없습니다)")
}

// TestBookOfAnotherGame: a book that is not minesweeper's is refused when
// the game starts, rather than the file written in its place.
func TestBookOfAnotherGame(t *testing.T) {
	start := Game().Flags(flag.NewFlagSet("minesweeper", flag.ContinueOnError))
	if _, err := start(cli.Env{Book: "not a book"}, nil); err == nil {
		t.Error("a string was taken for a book")
	}
	s, err := start(cli.Env{Book: &shelf{}}, nil)
	if err != nil || s.(*app).opt.Book == nil {
		t.Errorf("a book was not taken: %v", err)
	}
}

// TestRecordsWithBookFit80x24: a full page, ten times of the player's and
// ten of the leaderboard with the longest names, fits the usual terminal.
func TestRecordsWithBookFit80x24(t *testing.T) {
	b := &shelf{leaders: map[string][]Leader{}}
	for i := range keepBest {
		b.games = append(b.games, Result{Level: "beginner", Won: true, Time: time.Duration(1000+i) * time.Second, Rate: 1, At: day})
		b.leaders["beginner"] = append(b.leaders["beginner"], Leader{Name: "가나다라마바", Time: time.Duration(1000+i) * time.Second})
	}
	for i, w := range widths {
		s, _ := startWithBook(t, i, "", b)
		s = feed(s, console.Keys("5\r")...)
		f := s.View(console.Size{Width: 80, Height: 24})
		if f.Need.Width > 80 || f.Need.Height > 24 {
			t.Errorf("%s: the page needs %d x %d:\n%s", w.Name, f.Need.Width, f.Need.Height, f.Text(w.W))
		}
		mustContain(t, f.Text(w.W), " 10.   1009.0초", " 10. 가나다라마바  1009.0초\n", "좌우 방향키")
	}
}

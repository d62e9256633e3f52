package omok

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/lang"
	"termgames/internal/screentest"
)

// playRecorded plays moves as two players in a game whose records go to
// dir, on a driver (which runs the record's write), and returns it.
func playRecorded(t *testing.T, opt Options, moves ...Point) *console.Driver {
	t.Helper()
	d := console.NewDriver(New(opt, nil), console.DefaultSize)
	d.Send(console.Keys("1\r")...)
	d.Send(console.Keys(playKeys(moves...))...)
	return d
}

func TestGameKeptWhenItEnds(t *testing.T) {
	dir := t.TempDir()
	w := console.NewCondition(console.Narrow)
	d := playRecorded(t, Options{Width: w, Records: dir}, transcriptWin...)
	text := d.Frame().Text(w)
	screentest.MustContain(t, text, "기보: a15 a14 b15 b14 c15 c14 d15 d14 e15", "기보를 저장했습니다: 20260101-000000.psq")
	list, err := ListRecords(dir)
	if err != nil || len(list) != 1 || list[0].Err != nil {
		t.Fatalf("list %+v, %v", list, err)
	}
	r := list[0].Rec
	if got := r.MoveString(); got != "a15 a14 b15 b14 c15 c14 d15 d14 e15" || r.Unfinished || r.Outcome().Winner != P1 {
		t.Errorf("kept %q, unfinished %v, winner %v", got, r.Unfinished, r.Outcome().Winner)
	}
}

// The moves' times are the clock's between the moves: here each key comes
// a second after the one before.
func TestGameKeepsTimes(t *testing.T) {
	dir := t.TempDir()
	d := console.NewDriver(New(Options{Records: dir}, nil), console.DefaultSize)
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.Local)
	for _, ev := range console.Keys("1\r" + playKeys(transcriptWin...)) {
		at = at.Add(time.Second)
		ev.Time = at
		d.Send(ev)
	}
	list, _ := ListRecords(dir)
	if len(list) != 1 {
		t.Fatalf("%d records", len(list))
	}
	// 1P's first move is one key (Enter) after the game opened; 2P's
	// first needs Down and Enter.
	if got := list[0].Rec.Moves[0].Time; got != time.Second {
		t.Errorf("first move's time %v, want 1s", got)
	}
	if got := list[0].Rec.Moves[1].Time; got != 2*time.Second {
		t.Errorf("second move's time %v, want 2s", got)
	}
	if !strings.HasPrefix(filepath.Base(list[0].Path), "20260501-1200") {
		t.Errorf("file %s not named by the game's end", list[0].Path)
	}
}

func TestGameLeftIsKeptUnfinished(t *testing.T) {
	dir := t.TempDir()
	d := playRecorded(t, Options{Records: dir}, Point{7, 7}, Point{8, 8})
	d.Send(console.Keys("\x1by")...)
	list, _ := ListRecords(dir)
	if len(list) != 1 || !list[0].Rec.Unfinished || len(list[0].Rec.Moves) != 2 {
		t.Fatalf("kept %+v", list)
	}
	// A game left before its first move leaves no record.
	d.Send(console.Keys("1\r\x1by")...)
	if list, _ := ListRecords(dir); len(list) != 1 {
		t.Errorf("%d records after an empty game", len(list))
	}
}

func TestNoRecordsKeptWithoutFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	playRecorded(t, Options{}, transcriptWin...)
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files written: %v", entries)
	}
}

// A folder that cannot be written is said once, and the games go on.
func TestUnwritableFolderSaidOnce(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-folder")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w := console.NewCondition(console.Narrow)
	d := playRecorded(t, Options{Width: w, Records: filepath.Join(file, "records")}, transcriptWin...)
	// The reason as this system words it ("not a directory" on Unix), which
	// a long path may wrap.
	why := errors.Unwrap(os.Mkdir(filepath.Join(file, "folder"), 0o700)).Error()
	screentest.MustContain(t, strings.ReplaceAll(d.Frame().Text(w), "\n", " "), "기보를 저장하지 못했습니다: mkdir", why)
	d.Send(console.Keys(" 1\r" + playKeys(transcriptWin...))...)
	text := d.Frame().Text(w)
	screentest.MustContain(t, text, "Player 1P의 승리로 게임을 종료합니다.")
	screentest.MustNotContain(t, text, "기보를 저장하지 못했습니다")
}

func TestMenuRecordsEntry(t *testing.T) {
	w := console.NewCondition(console.Narrow)
	online := func(back console.Screen) console.Screen { return back }
	for _, c := range []struct {
		opt        Options
		want, none string
	}{
		{Options{Width: w, Records: "x"}, "6. 규칙 선택 (지금: 자유룰)\n7. 기보 보기\n====", "온라인"},
		{Options{Width: w}, "6. 규칙 선택 (지금: 자유룰)\n====", "기보"},
		{Options{Width: w, Online: online}, "6. 규칙 선택 (지금: 자유룰)\n7. 온라인 대전\n====", "기보"},
		{Options{Width: w, Records: "x", Online: online}, "7. 기보 보기\n8. 온라인 대전\n====", "9."},
	} {
		text := screentest.Text(New(c.opt, nil), w)
		screentest.MustContain(t, text, c.want)
		screentest.MustNotContain(t, text, c.none)
	}
}

// keepGames writes records of the given move strings into dir, a minute
// apart, the last the newest.
func keepGames(t *testing.T, dir string, games ...string) {
	t.Helper()
	when := time.Date(2026, 3, 1, 9, 0, 0, 0, time.Local)
	for _, g := range games {
		r, err := ParseRecord([]byte(g), 0, Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := KeepRecord(dir, r, when); err != nil {
			t.Fatal(err)
		}
		when = when.Add(time.Minute)
	}
}

func TestListAndReplay(t *testing.T) {
	dir := t.TempDir()
	keepGames(t, dir, "h8 i9 j10", "a1 a2 b1 b2 c1 c2 d1 d2 e1")
	// A file that is no record is listed by its time, with why.
	junk := filepath.Join(dir, "junk.psq")
	if err := os.WriteFile(junk, []byte("no record"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2026, 2, 1, 9, 0, 0, 0, time.Local)
	if err := os.Chtimes(junk, old, old); err != nil {
		t.Fatal(err)
	}
	w := console.NewCondition(console.Narrow)
	d := console.NewDriver(New(Options{Width: w, Records: dir}, nil), console.Size{Width: 100, Height: 30})
	d.Send(console.Keys("7\r")...)
	text := d.Frame().Text(w)
	screentest.MustContain(t, text, "[기보 목록] 새 것부터",
		"1. 2026-03-01 09:01  1P 대 2P  자유룰  1P 승  9수",
		"2. 2026-03-01 09:00  1P 대 2P  자유룰  진행 중  3수")
	if strings.Index(text, "09:01") > strings.Index(text, "09:00") {
		t.Errorf("not newest first:\n%s", text)
	}
	screentest.MustContain(t, text, "3. 2026-02-01 09:00  읽을 수 없음: junk.psq: line 1: not a record")
	// Down, Enter: the older game, at its last move.
	d.Send(console.Keys("\x1b[B\r")...)
	text = d.Frame().Text(w)
	screentest.MustContain(t, text, "3수: 1P(○) j10 / 3", "← → : 한 수")
	for _, c := range []struct{ keys, want string }{
		{"\x1b[D", "2수: 2P(●) i9 / 3"},
		{"\x1b[H", "0수: 빈 보드판"},
		{"\x1b[C", "1수: 1P(○) h8 / 3"},
		{"\x1b[F", "3수: 1P(○) j10 / 3"},
		{"\x1b[5~", "0수: 빈 보드판"},
		{"\x1b[6~", "3수: 1P(○) j10 / 3"},
		{"2", "이동할 수: 2"},
		{"\r", "2수: 2P(●) i9 / 3"},
	} {
		d.Send(console.Keys(c.keys)...)
		screentest.MustContain(t, d.Frame().Text(w), c.want)
	}
	// Esc: back to the list; Esc: the menu.
	d.Send(console.Keys("\x1b")...)
	screentest.MustContain(t, d.Frame().Text(w), "[기보 목록]")
	d.Send(console.Keys("\x1b")...)
	screentest.MustContain(t, d.Frame().Text(w), "7. 기보 보기")
}

func TestReplayMoveNumbers(t *testing.T) {
	r, _ := ParseRecord([]byte("h8 i9 j10"), 0, Freestyle)
	w := console.NewCondition(console.Narrow)
	m := New(Options{Width: w}, nil).(*menuScreen)
	var s console.Screen = newReplay(m, r, "a.psq", nil)
	span := func(s console.Screen, p Point) console.Span {
		sp, _ := screentest.SpanAt(s.View(console.Size{Width: 100, Height: 30}), p.Row, 2*p.Col)
		return sp
	}
	if got := span(s, Point{7, 7}).Text; got != "○" {
		t.Errorf("h8 drawn %q", got)
	}
	last := span(s, Point{5, 9})
	if last.Style != lastStyle {
		t.Errorf("the last move j10 not marked: %+v", last)
	}
	for _, key := range []rune{'n', 'ㅜ'} { // ㅜ: n in Korean input mode
		s = console.Feed(s, console.RunePress(key))
		if got := span(s, Point{7, 7}).Text; (got == " 1") != (key == 'n') {
			t.Errorf("after %c: h8 drawn %q", key, got)
		}
	}
	s = console.Feed(s, console.RunePress('n'))
	if got := span(s, Point{6, 8}); got.Text != " 2" || !got.Style.Reverse {
		t.Errorf("2P's i9 drawn %+v, want its number in reverse video", got)
	}
	if e := console.Feed(s, console.KeyPress(console.KeyEsc)); !console.Ended(e) {
		t.Error("Esc does not leave a replay started on its own")
	}
}

// Analysis: black to move with four in a row wins at once; the engine's
// move is marked and the verdict said.
func TestReplayAnalysis(t *testing.T) {
	r, _ := ParseRecord([]byte("h8 a1 i8 a3 j8 a5 k8 a7"), 0, Freestyle)
	w := console.NewCondition(console.Narrow)
	m := New(Options{Width: w, ComputerNodes: 5000}, nil).(*menuScreen)
	d := console.NewDriver(newReplay(m, r, "a.psq", nil), console.Size{Width: 100, Height: 30})
	d.Hold = true
	d.Send(console.Keys(" ")...)
	screentest.MustContain(t, d.Frame().Text(w), "컴퓨터가 분석하는 중입니다...")
	d.RunCommands()
	text := d.Frame().Text(w)
	screentest.MustContain(t, text, "1P(○)가 4를 이어 1수 만에 이깁니다.")
	if !strings.Contains(text, "추천 수: g8") && !strings.Contains(text, "추천 수: l8") {
		t.Errorf("no winning move g8 or l8:\n%s", text)
	}
	// Another move shown: the verdict was for the other position.
	d.Send(console.Keys("\x1b[D")...)
	screentest.MustNotContain(t, d.Frame().Text(w), "추천 수")
	// Leaving while it thinks drops the answer.
	d.Send(console.Keys(" \x1b")...)
	d.RunCommands()
	if !d.Done() {
		t.Error("Esc while thinking does not leave")
	}
}

func TestReplayPlayOn(t *testing.T) {
	dir := t.TempDir()
	r, _ := ParseRecord([]byte("h8 i9 j10"), 0, Renju)
	w := console.NewCondition(console.Narrow)
	m := New(Options{Width: w, Records: dir, ComputerNodes: 500}, nil).(*menuScreen)
	d := console.NewDriver(newReplay(m, r, "a.psq", nil), console.Size{Width: 100, Height: 30})
	d.Send(console.Keys("\x1b[Dp")...)
	screentest.MustContain(t, d.Frame().Text(w), "1. 2인용으로 이어 두기", "번호를 누르세요 (Esc: 취소)")
	d.Send(console.Keys("1")...)
	g, ok := d.Screen().(*game)
	if !ok {
		t.Fatalf("play-on shows %T", d.Screen())
	}
	if g.board.Moves() != 2 || g.board.Rule() != Renju || g.board.Turn() != P1 {
		t.Fatalf("play-on from %d moves under %v", g.board.Moves(), g.board.Rule())
	}
	d.Send(console.Keys("\x1by")...)
	list, _ := ListRecords(dir)
	if len(list) != 1 || list[0].Rec.MoveString() != "h8 i9" || !list[0].Rec.Unfinished {
		t.Fatalf("kept %+v", list)
	}
	if m.opt.Rule != Freestyle {
		t.Errorf("playing on changed the menu's rule to %v", m.opt.Rule)
	}
	// Against the computer (easy): the person has the side to move.
	d.Show(newReplay(m, r, "a.psq", nil))
	d.Send(console.Keys("\x1b[Dp2")...)
	g = d.Screen().(*game)
	if g.cpu == nil || g.cpu.human != P1 || g.cpu.level != 0 {
		t.Fatalf("computer %+v", g.cpu)
	}
	d.Send(console.Keys("\r")...) // the cursor is on i9, taken
	d.Send(console.Keys("\x1b[A\x1b[A\r")...)
	if g.board.Moves() != 4 {
		t.Errorf("%d moves after the person's and the computer's", g.board.Moves())
	}
	// At a finished game's last move there is nothing to play on.
	won, _ := ParseRecord([]byte("a1 a2 b1 b2 c1 c2 d1 d2 e1"), 0, Freestyle)
	d.Show(newReplay(m, won, "b.psq", nil))
	d.Send(console.Keys("p")...)
	screentest.MustContain(t, d.Frame().Text(w), "이 수에서 게임이 끝났습니다.")
}

func TestReplayEnglishAndSmall(t *testing.T) {
	r, _ := ParseRecord([]byte("h8 i9 j10 a1 s19"), 0, Freestyle)
	w := console.NewCondition(console.Wide)
	m := New(Options{Width: w, Lang: lang.English}, nil).(*menuScreen)
	s := newReplay(m, r, "a.psq", nil)
	f := s.View(console.Size{Width: 60, Height: 50})
	text := f.Text(w)
	screentest.MustContain(t, text, "move 5: 1P (○) s19 / 5", "Left Right: a move")
	if hasHangul(text) {
		t.Errorf("Hangul on an English screen:\n%s", text)
	}
	if f.Need.Height <= 19 {
		t.Errorf("needs %v with the panel under the board", f.Need)
	}
}

// A 19x19 record fits 80x24 with the panel beside the board, in either
// language and width, whoever played.
func TestReplayFits80x24(t *testing.T) {
	r, err := ParseRecord([]byte("h8 i9 j10 a1 s19"), 19, Renju)
	if err != nil {
		t.Fatal(err)
	}
	r.Levels, r.Unfinished = [2]int{0, 2}, true
	for _, tag := range []lang.Tag{lang.Korean, lang.English} {
		screentest.EachWidth(t, func(t *testing.T, w *runewidth.Condition) {
			m := New(Options{Width: w, Lang: tag}, nil).(*menuScreen)
			s := newReplay(m, r, "20261202-153012.psq", nil)
			s.seen = &analysis{at: s.at, v: Verdict{Winner: P1, Moves: 12, ByFours: true}}
			f := s.View(console.Size{Width: 80, Height: 24})
			if f.Need.Width > 80 || f.Need.Height > 24 {
				t.Errorf("%s: needs %v", tag, f.Need)
			}
			for _, row := range f.Rows[:19] {
				for _, sp := range row {
					if sp.Col >= 38 && sp.Col+console.Width(w, sp.Text) > 80 {
						t.Errorf("%s: %q runs past column 80", tag, sp.Text)
					}
				}
			}
			if sp, ok := screentest.SpanAt(f, 0, 42); !ok || sp.Text != "20261202-153012.psq" {
				t.Errorf("%s: the panel is not beside the board: %+v", tag, sp)
			}
		})
	}
}

// The command line's -records picks the folder, "" keeps none, and over
// SSH (an Online in the environment) nothing is kept whatever it says.
func TestRecordsFlag(t *testing.T) {
	w := console.NewCondition(console.Narrow)
	online := func(back console.Screen) console.Screen { return back }
	for _, c := range []struct {
		args   []string
		online bool
		want   string
	}{
		{[]string{"-records", "/somewhere"}, false, "/somewhere"},
		{[]string{"-records", ""}, false, ""},
		{[]string{"-records", "/somewhere"}, true, ""},
		{nil, true, ""},
	} {
		fs := flag.NewFlagSet("omok", flag.ContinueOnError)
		start := Game().Flags(fs)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		env := cli.Env{Width: w}
		if c.online {
			env.Online = online
		}
		s, err := start(env, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.(*menuScreen).opt.Records; got != c.want {
			t.Errorf("%q, online %v: records in %q, want %q", c.args, c.online, got, c.want)
		}
	}
	// Without the flag, locally: the config folder's termgames/records.
	fs := flag.NewFlagSet("omok", flag.ContinueOnError)
	s, _ := Game().Flags(fs)(cli.Env{Width: w}, nil)
	if def, err := DefaultRecordsDir(); err == nil && s.(*menuScreen).opt.Records != def {
		t.Errorf("records in %q, want %q", s.(*menuScreen).opt.Records, def)
	}
	if !strings.HasSuffix(filepath.ToSlash(s.(*menuScreen).opt.Records), "termgames/records") {
		t.Errorf("default folder %q", s.(*menuScreen).opt.Records)
	}
}

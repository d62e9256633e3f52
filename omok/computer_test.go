package omok

import (
	"errors"
	"flag"
	"math/rand/v2"
	"strings"
	"testing"

	"termgames/console"
	"termgames/internal/cli"
	"termgames/internal/cmdline"
	"termgames/internal/screentest"
	"termgames/omok/engine"
)

// computerNodes keeps the computer's moves quick and the same everywhere.
const computerNodes = 4000

func computerOptions() Options {
	return Options{Width: screentest.Narrow, ComputerNodes: computerNodes}
}

// driver opens the omok menu in a headless driver.
func driver(opt Options) *console.Driver {
	return console.NewDriver(New(opt, nil), terminal)
}

func shown(d *console.Driver) string { return d.Text(screentest.Narrow) }

func currentGame(t *testing.T, d *console.Driver) *game {
	t.Helper()
	g, ok := d.Screen().(*game)
	if !ok {
		t.Fatalf("not in a game: %T\n%s", d.Screen(), shown(d))
	}
	return g
}

func TestComputerMenuQuestions(t *testing.T) {
	d := driver(computerOptions())
	d.Send(console.Keys("6\r3\r")...) // renju, from the menu's own entry
	d.Send(console.Keys("5\r")...)    // the level first: the rule is not asked
	for _, want := range []string{"1. 쉬움", "2. 보통", "3. 어려움", "원하는 메뉴를 입력하세요 :"} {
		if !strings.Contains(shown(d), want) {
			t.Fatalf("level question lacks %q:\n%s", want, shown(d))
		}
	}
	d.Send(console.Keys("4\r")...) // no level 4
	if !strings.Contains(shown(d), "다시 입력하세요.") {
		t.Errorf("level 4 was taken:\n%s", shown(d))
	}
	d.Send(console.Keys("2\r")...)
	for _, want := range []string{"1. 내가 먼저 (○, 흑)", "2. 컴퓨터가 먼저"} {
		if !strings.Contains(shown(d), want) {
			t.Fatalf("first question lacks %q:\n%s", want, shown(d))
		}
	}
	d.Send(console.Keys("1\r")...)
	g := currentGame(t, d)
	if g.cpu == nil || g.cpu.level != engine.Normal || g.cpu.human != P1 || g.board.Rule() != Renju {
		t.Fatalf("game %+v, want normal with the person as 1P", g.cpu)
	}
	if !strings.Contains(shown(d), "Player 1P(나, ○)의 턴입니다.") || !strings.Contains(shown(d), "상대: 컴퓨터 (보통)") {
		t.Errorf("game screen:\n%s", shown(d))
	}
}

func TestComputerMenuEscGoesBack(t *testing.T) {
	d := driver(computerOptions())
	d.Send(console.Keys("5\r")...)
	d.Send(console.KeyPress(console.KeyEsc))
	if got := shown(d); !strings.Contains(got, "5. 컴퓨터와 대전") || strings.Contains(got, "쉬움") {
		t.Errorf("Esc on the level question:\n%s", got)
	}
}

// TestComputerReplies: the person's move, then the computer's, shown with
// the last-move marker.
func TestComputerReplies(t *testing.T) {
	d := driver(computerOptions())
	d.Send(console.Keys("5\r3\r1\r")...)
	d.Send(console.Keys("jjjjjjjlllllll\r")...) // the centre, 8행 8열
	g := currentGame(t, d)
	if g.board.Moves() != 2 {
		t.Fatalf("%d stones after the person's move and the reply, want 2\n%s", g.board.Moves(), shown(d))
	}
	last, _ := g.board.Last()
	if g.board.At(last) != P2 {
		t.Errorf("the last stone is %v, want the computer's 2P", g.board.At(last))
	}
	f := d.Frame()
	if !hasStyleAt(f, last.Row, 2*last.Col, lastStyle) {
		t.Errorf("the computer's move %v is not marked as the last move", last)
	}
	if !strings.Contains(shown(d), "Player 1P(나, ○)의 턴입니다.") {
		t.Errorf("after the reply:\n%s", shown(d))
	}
	// u takes back both moves.
	d.Send(console.RunePress('u'))
	if g.board.Moves() != 0 {
		t.Errorf("u left %d stones, want 0", g.board.Moves())
	}
	if !strings.Contains(shown(d), "한 수 물렀습니다.") {
		t.Errorf("after u:\n%s", shown(d))
	}
	d.Send(console.RunePress('u'))
	if !strings.Contains(shown(d), "무를 수가 없습니다.") {
		t.Errorf("u on an empty board:\n%s", shown(d))
	}
}

func hasStyleAt(f console.Frame, row, col int, st console.Style) bool {
	if row >= len(f.Rows) {
		return false
	}
	for _, sp := range f.Rows[row] {
		if sp.Col == col {
			return sp.Style == st
		}
	}
	return false
}

// TestComputerThinkingKeepsKeys: while the computer thinks the status line
// says so, the cursor still moves, Enter places nothing, and the answer
// then comes.
func TestComputerThinkingKeepsKeys(t *testing.T) {
	d := driver(computerOptions())
	d.Send(console.Keys("5\r1\r1\r")...)
	d.Hold = true
	d.Send(console.Keys("jjjjjjjlllllll\r")...)
	g := currentGame(t, d)
	if !strings.Contains(shown(d), "컴퓨터가 생각 중입니다...") {
		t.Fatalf("no status line while thinking:\n%s", shown(d))
	}
	d.Send(console.Keys("jj ")...) // two steps down, and Space (place)
	d.Send(console.KeyPress(console.KeyEnter))
	if g.cursor != (Point{9, 7}) {
		t.Errorf("cursor %v after jj while thinking, want 9,7", g.cursor)
	}
	if g.board.Moves() != 1 {
		t.Errorf("%d stones: a key placed one while the computer thought", g.board.Moves())
	}
	d.Send(console.Event{Type: console.ResizeEvent, Size: console.Size{Width: 90, Height: 30}})
	d.Hold = false
	d.RunCommands()
	if g.board.Moves() != 2 || g.cpu.thinking {
		t.Fatalf("%d stones after the answer, thinking %v", g.board.Moves(), g.cpu.thinking)
	}
	if !strings.Contains(shown(d), "Player 1P(나, ○)의 턴입니다.") {
		t.Errorf("after the answer:\n%s", shown(d))
	}
	// Now Enter places again, at the cursor moved during the thinking.
	d.Send(console.KeyPress(console.KeyEnter))
	if g.board.At(Point{9, 7}) != P1 {
		t.Errorf("Enter after the answer did not place at 9,7:\n%s", shown(d))
	}
}

// TestComputerUndoWhileThinking: u while the computer thinks takes back the
// person's move; the answer that comes later is dropped.
func TestComputerUndoWhileThinking(t *testing.T) {
	d := driver(computerOptions())
	d.Send(console.Keys("5\r1\r1\r")...)
	d.Hold = true
	d.Send(console.Keys("jjjjjjjlllllll\r")...)
	g := currentGame(t, d)
	d.Send(console.RunePress('u'))
	if g.board.Moves() != 0 || g.cpu.thinking {
		t.Fatalf("u while thinking: %d stones, thinking %v", g.board.Moves(), g.cpu.thinking)
	}
	d.Hold = false
	d.RunCommands()
	if g.board.Moves() != 0 {
		t.Errorf("a stale answer was played:\n%s", shown(d))
	}
	// Esc, y while thinking leaves; the answer is dropped.
	d.Hold = true
	d.Send(console.Keys("\r")...)
	d.Send(console.KeyPress(console.KeyEsc))
	d.Send(console.RunePress('y'))
	d.Hold = false
	d.RunCommands()
	if _, ok := d.Screen().(*menuScreen); !ok {
		t.Errorf("Esc y while thinking: %T", d.Screen())
	}
}

// TestComputerFirst: the computer opens at the centre with ○, and u with
// only its stone takes nothing back.
func TestComputerFirst(t *testing.T) {
	opt := computerOptions()
	opt.VsComputer, opt.Level, opt.ComputerFirst = true, engine.Hard, true
	d := driver(opt)
	if !strings.Contains(shown(d), "컴퓨터가 생각 중입니다...") {
		t.Errorf("before the first move:\n%s", shown(d))
	}
	d.RunCommands()
	g := currentGame(t, d)
	if g.board.Moves() != 1 || g.board.At(Point{7, 7}) != P1 || g.cpu.human != P2 {
		t.Fatalf("computer first: %d stones, centre %v\n%s", g.board.Moves(), g.board.At(Point{7, 7}), shown(d))
	}
	d.Send(console.RunePress('u'))
	if g.board.Moves() != 1 || !strings.Contains(shown(d), "무를 수가 없습니다.") {
		t.Errorf("u with only the computer's stone:\n%s", shown(d))
	}
	if !strings.Contains(shown(d), "Player 2P(나, ●)의 턴입니다.") {
		t.Errorf("turn line:\n%s", shown(d))
	}
}

// TestComputerRenju: under renju with the computer as black, the computer
// never takes a forbidden point, whatever the person does; under the -rule
// flag the menu does not ask the rule.
func TestComputerRenju(t *testing.T) {
	opt := computerOptions()
	opt.Rule = Renju
	d := driver(opt)
	d.Send(console.Keys("5\r1\r2\r")...) // easy: mistakes, so long games
	d.RunCommands()
	g := currentGame(t, d)
	rng := []Point{{6, 6}, {8, 8}, {6, 8}, {8, 6}, {5, 7}, {9, 7}, {7, 5}, {7, 9}, {4, 4}, {10, 10}, {4, 10}, {10, 4}}
	for _, p := range rng {
		if g.board.Outcome().Over() {
			break
		}
		if g.board.At(p) != Empty {
			continue
		}
		g.cursor = p
		d.Send(console.KeyPress(console.KeyEnter))
	}
	// Every black stone (the computer's) was legal when played: replay.
	ref := NewBoard(15, Renju)
	for _, p := range g.board.moves {
		if _, err := ref.Place(p); err != nil {
			t.Fatalf("%v: %v", p, err)
		}
	}
}

// TestComputerWins: a person who plays along the top row loses, and the
// end names the computer.
func TestComputerWins(t *testing.T) {
	for _, level := range []string{"easy", "normal", "hard"} {
		opt := computerOptions()
		lv, err := engine.ParseLevel(level)
		if err != nil {
			t.Fatal(err)
		}
		opt.VsComputer, opt.Level = true, lv
		d := driver(opt)
		g := currentGame(t, d)
		for col := 0; !g.board.Outcome().Over() && col < 15; col++ {
			g.cursor = Point{0, col}
			if g.board.At(g.cursor) != Empty {
				continue
			}
			d.Send(console.KeyPress(console.KeyEnter))
		}
		out := g.board.Outcome()
		if out.Winner != P2 {
			t.Fatalf("%s: winner %v, want the computer\n%s", level, out.Winner, shown(d))
		}
		if !strings.Contains(shown(d), "컴퓨터의 승리로 게임을 종료합니다.") {
			t.Errorf("%s: end:\n%s", level, shown(d))
		}
		d.Send(console.RunePress('x'))
		if _, ok := d.Screen().(*menuScreen); !ok {
			t.Errorf("%s: a key after the end: %T", level, d.Screen())
		}
	}
}

func TestComputerFlags(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		level engine.Level
		vs    bool
		first bool
	}{
		{nil, engine.Hard, false, false},
		{[]string{"-first", "computer"}, engine.Hard, false, true},
		{[]string{"-ai", "easy"}, engine.Easy, true, false},
		{[]string{"-first", "computer", "-ai", "normal", "-first", "me"}, engine.Normal, true, false},
	} {
		fs := flag.NewFlagSet("termgames omok", flag.ContinueOnError)
		start := flags(fs)
		if err := cmdline.Parse(fs, tc.args, 0); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		s, err := start(cli.Env{}, nil)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		var opt Options
		switch s := s.(type) {
		case *menuScreen:
			opt = s.opt
		case *game:
			opt = s.menu.opt
		}
		if opt.VsComputer != tc.vs || (tc.vs && opt.Level != tc.level) || opt.ComputerFirst != tc.first {
			t.Errorf("%v: %+v", tc.args, opt)
		}
	}
	for _, bad := range [][]string{{"-ai", "expert"}, {"-first", "later"}} {
		fs := flag.NewFlagSet("termgames omok", flag.ContinueOnError)
		flags(fs)
		if err := cmdline.Parse(fs, bad, 0); !errors.As(err, new(cmdline.UsageError)) || !strings.Contains(err.Error(), "want") {
			t.Errorf("%v: %v", bad, err)
		}
	}
}

func TestComputerEnglish(t *testing.T) {
	opt := computerOptions()
	opt.Lang = "en"
	d := driver(opt)
	d.Send(console.Keys("5\r")...)
	if !strings.Contains(shown(d), "3. Hard") {
		t.Errorf("level question:\n%s", shown(d))
	}
	d.Send(console.Keys("3\r2\r")...)
	if !strings.Contains(shown(d), "Player 2P's turn (you, ●).") || !strings.Contains(shown(d), "Opponent: computer (hard)") {
		t.Errorf("game:\n%s", shown(d))
	}
}

// TestComputerGamesDiffer: the computer draws its mistakes and its choice
// among equal moves from the game's random source, so that the same moves
// of the person do not meet the same game every time (with a fixed seed
// the easy level, once beaten, was beaten the same way for ever).
func TestComputerGamesDiffer(t *testing.T) {
	games := map[string]bool{}
	for seed := range uint64(8) {
		opt := computerOptions()
		opt.Rand = rand.New(rand.NewPCG(seed, seed))
		d := driver(opt)
		d.Send(console.Keys("5\r1\r1\r")...)                 // easy, the person first
		d.Send(console.Keys("jjjjjjjlllllll\rl\rj\rh\r")...) // the same four moves every game
		games[strings.Join(strings.Split(shown(d), "\n")[:15], "\n")] = true
	}
	if len(games) < 2 {
		t.Errorf("eight seeds, %d game: the computer ignores Options.Rand", len(games))
	}
}

package omok

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/omok/renju"
)

// ruleQuestion is the rule question of the menu's entry 6, as the player
// reads it.
var ruleQuestion = []string{
	"============================",
	"규칙을 선택하세요.",
	"1. 자유룰 (5개 이상이면 승리)",
	"2. 표준룰 (정확히 5개)",
	"3. 렌주룰 (선공 3-3, 4-4, 장목 금지)",
	"4. 오목룰 (3-3 금지)",
	"============================",
	"원하는 규칙을 입력하세요 :",
}

// TestOneStartsAtOnce: 1 shows the board and the original's turn line at
// once, with no question between, under every rule, whether the command
// line or the menu's entry 6 chose it.
func TestOneStartsAtOnce(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		for _, rule := range renju.Rules {
			for _, s := range []console.Screen{
				console.Feed(New(Options{Width: w, Rule: rule}, nil), console.Keys("1\r")...),
				console.Feed(New(Options{Width: w}, nil), console.Keys(fmt.Sprintf("6\r%d\r1\r", rule+1))...),
			} {
				g, ok := s.(*game)
				if !ok {
					t.Fatalf("%v: 1 opens %T:\n%s", rule, s, screenText(s, w))
				}
				if g.board.Rule() != rule {
					t.Errorf("%v: the game plays %v", rule, g.board.Rule())
				}
				if got := under(s, w, 15); got[0] != "Player 1P의 턴입니다." {
					t.Errorf("%v: under the board %q", rule, got)
				}
			}
		}
	})
}

func TestRuleQuestion(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := console.Feed(New(Options{Width: w}, nil), console.Keys("6\r")...)
		if got := screenText(s, w); got != strings.Join(ruleQuestion, "\n") {
			t.Fatalf("after 6:\n%s\nwant:\n%s", got, strings.Join(ruleQuestion, "\n"))
		}
		// A wrong answer is asked again, as the menu does.
		s = console.Feed(s, console.Keys("5\r")...)
		if got := screenText(s, w); !strings.Contains(got, "다시 입력하세요.\n"+strings.Join(ruleQuestion, "\n")) {
			t.Fatalf("after 5:\n%s", got)
		}
		// Esc goes back to the menu and keeps the rule.
		s = console.Feed(s, console.Keys("\x1b")...)
		if got := screenText(s, w); got != strings.Join(menuLines, "\n") {
			t.Fatalf("after Esc:\n%s", got)
		}
		words := []string{"자유룰", "표준룰", "렌주룰", "오목룰"}
		for n, name := range []string{"규칙: 자유룰 (5개 이상)", "규칙: 표준룰 (정확히 5개)", "규칙: 렌주룰 (선공 금수)", "규칙: 오목룰 (3-3 금지)"} {
			// The answer is said above the menu, whose entry 6 names it.
			m := console.Feed(New(Options{Width: w}, nil), console.Keys("6\r"+string(rune('1'+n))+"\r")...)
			want := "규칙을 " + words[n] + "로 정했습니다. 프로그램을 마칠 때까지 이 규칙으로 둡니다.\n" + menuWith(words[n])
			if got := screenText(m, w); got != want {
				t.Fatalf("answer %d:\n%s\nwant:\n%s", n+1, got, want)
			}
			// It holds for the games after: two-player, the computer, and
			// again after a game is left.
			for _, keys := range []string{"1\r", "1\r\x1by", "5\r1\r1\r"} {
				m = console.Feed(m, console.Keys(keys)...)
			}
			gm, ok := m.(*game)
			if !ok || gm.board.Rule() != Rule(n) || gm.cpu == nil {
				t.Fatalf("answer %d: %T", n+1, m)
			}
			text := screenText(m, w)
			if !strings.Contains(text, name) {
				t.Errorf("answer %d: the panel does not name the rule %q:\n%s", n+1, name, text)
			}
			if legend := strings.Contains(text, "× : 금수"); legend != (n >= 2) {
				t.Errorf("answer %d: legend shown %v", n+1, legend)
			}
		}
	})
}

// threeThreeKeys plays threeThreeGame from the cursor's start.
var threeThreeKeys = playKeys(threeThreeGame...)

func TestForbiddenPointsOnTheBoard(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		s := console.Feed(startGame(Options{Width: w, Rule: Renju}), console.Keys(threeThreeKeys)...)
		f := s.View(terminal)
		for r := range 15 {
			for c := range 15 {
				sp := frameCell(t, f, r, c)
				forbidden := r == 7 && c == 7
				if (strings.TrimSpace(sp.Text) == "×") != forbidden || (sp.Style == forbidStyle) != forbidden {
					t.Fatalf("cell %d,%d: %q %+v", r, c, sp.Text, sp.Style)
				}
			}
		}
		if sp := frameCell(t, f, 7, 7); sp.Text != "×" {
			t.Errorf("the forbidden point is %q, want × alone, its style over its own cells", sp.Text)
		}
		// Moving onto it keeps the × under the cursor; Enter is refused with
		// the shape's name, and 1P stays to move.
		s = console.Feed(s, console.Keys(keysTo(threeThreeGame[len(threeThreeGame)-1], Point{7, 7})+"\r")...)
		if got := strings.Join(under(s, w, 15)[:3], "\n"); got != "Player 1P의 턴입니다.\n키보드(상,하,좌,우)키로 이동하고, Enter를 눌러 돌을 배치하여 주세요.\n금수입니다: 3-3" {
			t.Fatalf("after the forbidden move: %q", got)
		}
		sp := frameCell(t, s.View(terminal), 7, 7)
		if strings.TrimSpace(sp.Text) != "×" || !sp.Style.Reverse {
			t.Errorf("cursor on the forbidden point: %q %+v", sp.Text, sp.Style)
		}
		if s.(*game).board.Moves() != len(threeThreeGame) {
			t.Fatal("the forbidden move was placed")
		}
		// Any move clears the message; on 2P's turn renju forbids nothing.
		s = console.Feed(s, console.Keys("j\r")...)
		if got := under(s, w, 15); got[0] != "Player 2P의 턴입니다." || len(got) > 2 && got[2] != "" {
			t.Fatalf("after 1P's move: %q", got)
		}
		if sp := frameCell(t, s.View(terminal), 7, 7); strings.TrimSpace(sp.Text) != "□" {
			t.Errorf("2P sees %q at 1P's forbidden point", sp.Text)
		}
		// Taking the move back brings the × back.
		s = console.Feed(s, console.Keys("u")...)
		if sp := frameCell(t, s.View(terminal), 7, 7); strings.TrimSpace(sp.Text) != "×" {
			t.Errorf("after undo: %q", sp.Text)
		}
	})
}

func TestForbiddenMoveInEnglishAndASCII(t *testing.T) {
	w := console.NewCondition(console.Narrow)
	s := console.Feed(startGame(Options{Width: w, Rule: Renju, Lang: "en", ASCII: true}), console.Keys(threeThreeKeys)...)
	if sp := frameCell(t, s.View(terminal), 7, 7); sp.Text != "x" || sp.Style != forbidStyle {
		t.Errorf("ASCII forbidden point: %q %+v", sp.Text, sp.Style)
	}
	if !strings.Contains(screenText(s, w), "x : forbidden") {
		t.Errorf("no legend:\n%s", screenText(s, w))
	}
	s = console.Feed(s, console.Keys(keysTo(threeThreeGame[len(threeThreeGame)-1], Point{7, 7})+"\r")...)
	if got := under(s, w, 15)[2]; got != "Forbidden move: 3-3" {
		t.Errorf("message %q", got)
	}
}

// Under the 오목룰 2P's 3-3 is forbidden too, and is drawn on 2P's turn.
func TestOmokRuleForbidsWhite(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		moves := append([]Point{{14, 14}}, threeThreeGame...)
		s := console.Feed(startGame(Options{Width: w, Rule: Omok}), console.Keys(playKeys(moves...))...)
		if got := under(s, w, 15)[0]; got != "Player 2P의 턴입니다." {
			t.Fatalf("turn: %q", got)
		}
		if sp := frameCell(t, s.View(terminal), 7, 7); strings.TrimSpace(sp.Text) != "×" {
			t.Errorf("2P's 3-3 is drawn %q", sp.Text)
		}
		s = console.Feed(s, console.Keys(keysTo(moves[len(moves)-1], Point{7, 7})+"\r")...)
		if got := under(s, w, 15); got[0] != "Player 2P의 턴입니다." || got[2] != "금수입니다: 3-3" {
			t.Errorf("after 2P's 3-3: %q", got)
		}
	})
}

// A five wins even where it also makes a forbidden shape, and the final
// board shows no ×.
func TestFiveBeatsForbiddenOnScreen(t *testing.T) {
	w := console.NewCondition(console.Narrow)
	// 1P: four in row 7 (7,3)-(7,6) and the threes of threeThreeGame's
	// column; (7,7) makes five and a 3-3 at once.
	moves := []Point{{7, 3}, {0, 0}, {7, 4}, {0, 2}, {7, 5}, {0, 4}, {7, 6}, {0, 6}, {5, 7}, {0, 8}, {6, 7}, {0, 10}, {5, 5}, {0, 12}, {6, 6}, {14, 0}, {7, 7}}
	s := console.Feed(startGame(Options{Width: w, Rule: Renju}), console.Keys(playKeys(moves...))...)
	if got := under(s, w, 15)[0]; got != "Player 1P의 승리로 게임을 종료합니다." {
		t.Fatalf("after the five: %q", got)
	}
	if got := strings.Join(board(s, w, 15), "\n"); strings.Contains(got, "×") {
		t.Errorf("× on the final board:\n%s", got)
	}
}

func TestHowToNamesTheRuleInForce(t *testing.T) {
	eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
		// Choose renju for a game, leave it, then read the how-to.
		s := console.Feed(New(Options{Width: w}, nil), console.Keys("6\r3\r2\r")...)
		got := screenText(s, w)
		for _, want := range []string{
			"[규칙] 렌주룰: 선공(1P)은 3-3, 4-4, 장목(6개 이상)을 둘 수 없습니다(금수).",
			"선공은 정확히 5개, 후공(2P)은 5개 이상이면 승리합니다.",
			"  □ □ □ ○ □\n  □ □ □ ○ □\n  □ ○ ○ × □    × : 3-3 (열린 3이 둘), 판 위에 표시됩니다.\n  □ □ □ □ □\n[보드판] 15x15",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("how-to lacks %q:\n%s", want, got)
			}
		}
	})
	w := console.NewCondition(console.Narrow)
	s := console.Feed(New(Options{Width: w, Rule: Omok, ASCII: true, Lang: "en"}, nil), console.Keys("2\r")...)
	got := screenText(s, w)
	for _, want := range []string{"[Rule] omok (Korean rule): neither player may make 3-3", "  . O O x .    x : 3-3 (two open threes)"} {
		if !strings.Contains(got, want) {
			t.Errorf("how-to lacks %q:\n%s", want, got)
		}
	}
}

// TestHowToFitsEightyByTwentyFour reads the how-to of a rule with forbidden
// moves in the classic 80x24 terminal: its first lines (the original's) and
// the menu under it must all be on the screen, not scrolled off the top of
// the alternate screen, where no scrollback brings them back.
func TestHowToFitsEightyByTwentyFour(t *testing.T) {
	for _, rule := range []Rule{Renju, Omok} {
		eachWidth(t, func(t *testing.T, w *runewidth.Condition) {
			d := console.NewDriver(New(Options{Width: w, Rule: rule}, nil), console.Size{Width: 80, Height: 24})
			d.Input([]byte("2\r"))
			got := strings.Split(d.Text(w), "\n")
			if got[0] != "============================" || !strings.HasPrefix(got[1], "오목은 보드판 위에 5개의 돌을") {
				t.Errorf("%v: the how-to's first lines are cut off:\n%s", rule, strings.Join(got, "\n"))
			}
			if !strings.Contains(d.Text(w), "원하는 메뉴를 입력하세요 :") {
				t.Errorf("%v: no prompt:\n%s", rule, strings.Join(got, "\n"))
			}
			// A taller terminal still shows the 3-3 diagram.
			d.Send(console.Event{Type: console.ResizeEvent, Size: console.Size{Width: 80, Height: 40}})
			if !strings.Contains(d.Text(w), "× : 3-3") {
				t.Errorf("%v: no diagram at 80x40:\n%s", rule, d.Text(w))
			}
		})
	}
}

// TestASCIIStonesInTexts: with -ascii (a font without ○ ●) the how-to and
// the question of who moves first name the stones as the board draws them.
func TestASCIIStonesInTexts(t *testing.T) {
	w := console.NewCondition(console.Narrow)
	for _, tag := range []lang.Tag{lang.Korean, lang.English} {
		opt := Options{Width: w, Rule: Renju, ASCII: true, Lang: tag}
		for _, keys := range []string{"2\r", "5\r1\r"} {
			got := screenText(console.Feed(New(opt, nil), console.Keys(keys)...), w)
			if strings.ContainsAny(got, "○●□×") {
				t.Errorf("%s %q: a Unicode stone with -ascii:\n%s", tag, keys, got)
			}
		}
	}
}

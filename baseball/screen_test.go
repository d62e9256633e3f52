package baseball

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/screentest"
)

var (
	narrow = screentest.Narrow
	size   = screentest.Size
)

func start(lang lang.Tag, ai AI, seed uint64, w *runewidth.Condition, back console.Screen) console.Screen {
	return New(Options{Lang: lang, AI: ai, Rand: rand.New(rand.NewPCG(seed, 1)), Width: w}, back)
}

// screenText is the screen as the player reads it, without the Esc hint
// and the blank rows above it.
func screenText(s console.Screen, w *runewidth.Condition) string {
	text := screentest.Text(s, w)
	for _, hint := range []string{english.esc, korean.esc} {
		text = strings.TrimSuffix(text, hint)
	}
	return strings.TrimRight(text, " \n")
}

func feed(s console.Screen, keys string) console.Screen {
	return console.Feed(s, console.Keys(keys)...)
}

// scripted guesses the numbers it is given, in order, whatever the answers.
type scripted []Number

func (g scripted) Guess(history []Turn) (Number, bool) {
	if len(Consistent(history)) == 0 {
		return Number{}, false
	}
	return g[min(len(history), len(g)-1)], true
}

var menuEnglish = `============================
Let's play number baseball!
1. Computer guesses your number
2. You guess my number
3. Versus
4. Quit
5. Digits: 3 (1 to 9)
============================
Enter a menu number :`

func TestMenu(t *testing.T) {
	for _, wd := range screentest.Widths {
		name, w := wd.Name, wd.W
		s := start("", "", 1, w, nil)
		if got := screenText(s, w); got != menuEnglish {
			t.Errorf("%s: menu:\n%s\nwant:\n%s", name, got, menuEnglish)
		}
		f := s.View(size)
		if f.Cursor == nil || f.Cursor.Row != 8 || f.Cursor.Col != len("Enter a menu number : ") {
			t.Errorf("%s: cursor %v, want at the end of the prompt", name, f.Cursor)
		}
		// The original ran in any terminal; the menu needs about 30
		// columns, and every other line wraps.
		if f.Need.Width > 60 || f.Need.Height < 9 {
			t.Errorf("%s: Need %v", name, f.Need)
		}
		ko := start("ko", "", 1, w, nil)
		got := screenText(ko, w)
		for _, want := range []string{"숫자 야구 게임을 플레이합시다!", "1. 컴퓨터가 내 숫자 맞히기", "4. 종료", "원하는 메뉴를 입력하세요 :"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: Korean menu lacks %q:\n%s", name, want, got)
			}
		}
		if need := ko.View(size).Need.Width; need > 80 {
			t.Errorf("%s: Korean needs %d columns", name, need)
		}
	}
}

func TestMenuWrongAnswer(t *testing.T) {
	s := feed(start("", "", 1, narrow, nil), "7\r")
	want := menuEnglish + " 7\nPlease enter again.\n" + menuEnglish
	if got := screenText(s, narrow); got != want {
		t.Errorf("after 7:\n%s\nwant:\n%s", got, want)
	}
	if _, ok := s.(*menuScreen); !ok {
		t.Errorf("after 7: %T, want the menu", s)
	}
}

func TestQuit(t *testing.T) {
	s := feed(start("", "", 1, narrow, nil), "4\r")
	if msg, ok := console.ExitMessage(s); !ok || msg != "" {
		t.Errorf("quit with no top menu: %T %q, want console.Exit", s, msg)
	}
	top := feed(start("", "", 1, narrow, nil), "") // any screen stands for the top menu
	s = feed(start("", "", 1, narrow, top), "4\r")
	if s != top {
		t.Errorf("quit: %T, want the top menu", s)
	}
	s = feed(start("", "", 1, narrow, top), "1\r\x1b\x1b")
	if s != top {
		t.Errorf("Esc in a game, then Esc at the menu: %T, want the top menu", s)
	}
}

// originalScreen is the original's captured screen
// (shared/originals/transcripts.md): its guesses 467, 547 and 765, answered
// with the keys 1 1 5 0 2.
const originalScreen = `Think three digit number.  Each digit numbers are different.
When you are ready, press key 'r'
I guess 467
Enter strike number :1
Enter Ball number :1
I guess 547
Enter strike number :5
Enter strike number :0
Enter Ball number :2
I guess 765
Enter strike number :`

// originalGuesses are the guesses of originalScreen.
var originalGuesses = scripted{{4, 6, 7}, {5, 4, 7}, {7, 6, 5}}

// TestOriginalTranscript replays the original's captured screen with its
// guesses: the same lines, the key 5 echoed and the strikes asked again, as
// the original's getch() loop did.
func TestOriginalTranscript(t *testing.T) {
	for _, wd := range screentest.Widths {
		name, w := wd.Name, wd.W
		s := feed(start("", "", 1, w, nil), "1\r")
		s.(*play).guesser = originalGuesses
		s = feed(s, "r11502"+"21") // 5 is not a strike count; 2 strikes 1 ball is impossible
		want := originalScreen + `2
Enter Ball number :1
2 strikes with 1 ball cannot happen.
Enter strike number :`
		if got := screenText(s, w); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
		}
	}
}

// honestKeys are the keys of the true answer to the last guess shown.
func honestKeys(p *play, secret Number) string {
	a := Score(secret, p.history[len(p.history)-1].Guess)
	return fmt.Sprintf("%d%d", a.Strikes, a.Balls)
}

// TestComputerFindsEverySecret is the 504-secret test again, through the
// screen: keys in, words out, with both guessers.
func TestComputerFindsEverySecret(t *testing.T) {
	for _, ai := range []AI{Best, Classic} {
		s := feed(start("", ai, 2, narrow, nil), "1\r")
		p := s.(*play)
		p.guesser = NewGuesser(ai, p.g.rand) // one renaming for all secrets, as in TestAllSecrets
		total, worst := 0, 0
		for i, secret := range allNumbers {
			if i > 0 {
				guesser := p.guesser
				s = feed(s, "y")
				p.guesser = guesser
			}
			s = feed(s, "r")
			for p.stage == askStrike {
				s = feed(s, honestKeys(p, secret))
			}
			text := screenText(s, narrow)
			if strings.Contains(text, english.cheated) {
				t.Fatalf("%s, secret %v: %s", ai, secret, text)
			}
			n := len(p.history)
			want := english.gotIt(n) + "\n" + english.again
			if !strings.HasSuffix(text, strings.TrimSpace(want)) {
				t.Fatalf("%s, secret %v: the screen ends:\n%s\nwant %q", ai, secret, text, want)
			}
			total += n
			worst = max(worst, n)
		}
		t.Logf("%s through the screen: %d guesses, mean %.3f, worst %d", ai, total, float64(total)/Count, worst)
		if ai == Best && (total != 2337 || worst != 6) || worst > 8 {
			t.Errorf("%s: total %d, worst %d", ai, total, worst)
		}
	}
}

// TestContinueAndEsc: the original's `if (c == 'n') break;` plays on
// after any key but n, and echoes it.
func TestContinueAndEsc(t *testing.T) {
	s := feed(start("", "", 3, narrow, nil), "1\r")
	p := s.(*play)
	p.guesser = scripted{{1, 2, 3}, {1, 2, 3}}
	s = feed(s, "r30")
	text := screenText(s, narrow)
	if !strings.HasSuffix(text, "I got it in 1 guess.\nDo you want to continue? (y/n) :") {
		t.Errorf("after 3 strikes:\n%s", text)
	}
	s = feed(s, "\x1b[A") // an arrow is not a key getch() echoes
	if screenText(s, narrow) != text {
		t.Error("an arrow answered the question")
	}
	for _, key := range []string{"x", "y", "N", "\r"} {
		s = feed(s, key)
		text = screenText(s, narrow)
		echo := strings.TrimRight("(y/n) : "+strings.TrimSpace(key), " ")
		if !strings.HasSuffix(text, echo+"\nThink three digit number.  Each digit numbers are different.\nWhen you are ready, press key 'r'") {
			t.Errorf("after %q:\n%s", key, text)
		}
		s = feed(s, "r30")
	}
	s = feed(s, "r\x1b")
	if got := screenText(s, narrow); got != menuEnglish {
		t.Errorf("after Esc:\n%s", got)
	}
	s = feed(s, "1\rr30n")
	if got := screenText(s, narrow); got != menuEnglish {
		t.Errorf("after n:\n%s", got)
	}
}

// TestKeysEchoed: before r every key but r is swallowed, as by the
// original's while (getch() != 'r'); at the strike and ball questions a
// wrong key is echoed and the question asked again, as the original did
// (shared/originals/transcripts.md: "Enter strike number :5").
func TestKeysEchoed(t *testing.T) {
	s := feed(start("", "", 4, narrow, nil), "1\r")
	before := screenText(s, narrow)
	s = feed(s, "xR \r5\x1b[A")
	if got := screenText(s, narrow); got != before {
		t.Errorf("keys before r changed the screen:\n%s", got)
	}
	s = feed(s, "r")
	before = screenText(s, narrow)
	s = feed(s, "49a\r\x7f\x1b[B")
	want := before + "4\nEnter strike number :9\nEnter strike number :a\nEnter strike number :\nEnter strike number :"
	if got := screenText(s, narrow); got != want {
		t.Errorf("keys other than 0-3:\n%s\nwant:\n%s", got, want)
	}
	s = feed(s, "1ㅁ")
	if got := screenText(s, narrow); !strings.HasSuffix(got, "Enter strike number :1\nEnter Ball number :ㅁ\nEnter Ball number :") {
		t.Errorf("after 1 ㅁ:\n%s", got)
	}
}

func TestImpossibleAnswers(t *testing.T) {
	for _, tc := range []struct{ keys, msg string }{
		{"21", english.twoAndOne},
		{"31", english.tooMany},
		{"33", english.tooMany},
		{"22", english.tooMany},
		{"13", english.tooMany},
		{"04", ""}, // 4 is ignored: the ball is still asked
	} {
		s := feed(start("", "", 5, narrow, nil), "1\rr"+tc.keys)
		p := s.(*play)
		text := screenText(s, narrow)
		if tc.msg == "" {
			if p.stage != askBall {
				t.Errorf("%s: stage %v, want the ball asked", tc.keys, p.stage)
			}
			continue
		}
		want := fmt.Sprintf("Enter Ball number :%c\n%s\nEnter strike number :", tc.keys[1], tc.msg)
		if !strings.HasSuffix(text, want) || p.stage != askStrike || len(p.history) != 1 {
			t.Errorf("%s:\n%s\nwant the end %q", tc.keys, text, want)
		}
	}
}

func TestCheated(t *testing.T) {
	for _, ai := range []AI{Best, Classic} {
		s := feed(start("", ai, 6, narrow, nil), "1\rr")
		for range 10 {
			if s.(*play).stage == askAgain {
				break
			}
			s = feed(s, "00")
		}
		text := screenText(s, narrow)
		if !strings.HasSuffix(text, "You cheated!!\nDo you want to continue? (y/n) :") {
			t.Errorf("%s: always 0 0:\n%s", ai, text)
		}
		if n := strings.Count(text, "I guess"); n > 4 {
			t.Errorf("%s: %d guesses before the lie was found", ai, n)
		}
		s = feed(s, "n")
		if got := screenText(s, narrow); got != menuEnglish {
			t.Errorf("%s: after n:\n%s", ai, got)
		}
	}
}

// A lie the computer must catch: with -ai best -seed 5 it guesses
// 893, then 531. "0 strikes 2 balls" to 893 says two of 8, 9, 3 are in the
// number, so "3 strikes" to 531 is a lie, not "I got it in 2 guesses."
func TestThreeStrikeLie(t *testing.T) {
	// main's random source for -seed 5.
	r := rand.New(rand.NewPCG(5, 5^0x9e3779b97f4a7c15))
	s := feed(New(Options{AI: "best", Rand: r, Width: narrow}, nil), "1\rr")
	if !strings.HasSuffix(screenText(s, narrow), "I guess 893\nEnter strike number :") {
		t.Fatalf("seed 5 no longer guesses 893 first:\n%s", screenText(s, narrow))
	}
	s = feed(s, "02")
	if !strings.HasSuffix(screenText(s, narrow), "I guess 531\nEnter strike number :") {
		t.Fatalf("seed 5 no longer guesses 531 second:\n%s", screenText(s, narrow))
	}
	s = feed(s, "30")
	if got := screenText(s, narrow); !strings.HasSuffix(got, "Enter Ball number :0\nYou cheated!!\nDo you want to continue? (y/n) :") {
		t.Fatalf("3 strikes to 531 after 0S2B to 893:\n%s", got)
	}
}

// lieKeys plays one game of mode 1 or 3 to its end through the screen,
// for a player whose number is secret and who answers truthfully except at
// turn lie (0-based), where the answer is wrong (drawn from r among the
// possible answers but the true one). In versus the player guesses numbers
// other than the computer's, so that only the computer's search ends the
// game. It returns the answers given and the screen at the end.
func playLie(s console.Screen, secret Number, lie int, r *rand.Rand) (console.Screen, []Turn) {
	p := s.(*play)
	for turn := 0; p.stage != askAgain; {
		switch p.stage {
		case typeGuess:
			guess := allNumbers[0]
			if guess == p.secret {
				guess = allNumbers[1]
			}
			s = feed(s, guess.String()+"\r")
		case askStrike:
			a := Score(secret, p.history[len(p.history)-1].Guess)
			if turn == lie {
				var wrong []Answer
				for st := range 4 {
					for b := range 4 {
						if w := (Answer{st, b}); w.Possible() && w != a {
							wrong = append(wrong, w)
						}
					}
				}
				a = wrong[r.IntN(len(wrong))]
			}
			s = feed(s, fmt.Sprintf("%d%d", a.Strikes, a.Balls))
			turn++
		default:
			panic(fmt.Sprintf("stage %d", p.stage))
		}
	}
	return s, p.history
}

// TestLieIsCaught: for every secret, both guessers, modes 1 and 3, one
// random lie at a random turn. "Caught" means the game says "You cheated!!"
// right after the first answer after which no number fits all the answers
// (Check says Cheated), before any further guess; so at the lie itself
// when the lie alone leaves no number, else at the first true answer that
// does. A lie that leaves numbers and is "3 strikes" to a number that fits
// every earlier answer cannot be told from the truth about that number; the
// game may then end with "I got it", but only when the history fits it.
// Before Check, a "3 strikes" lie was always taken for a win, and in versus
// a lie was named only after the player's next guess.
func TestLieIsCaught(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, mode := range []string{"1", "3"} {
		for _, ai := range []AI{Best, Classic} {
			at := map[int]int{} // how many answers after the lie it was caught
			for _, secret := range allNumbers {
				s := feed(start("", ai, r.Uint64(), narrow, nil), mode+"\rr")
				s, history := playLie(s, secret, r.IntN(5), r)
				text := screenText(s, narrow)
				first := -1 // the first answer after which no number fits
				for i := range history {
					if len(Consistent(history[:i+1])) == 0 {
						first = i
						break
					}
				}
				lie := -1
				for i, turn := range history {
					if Score(secret, turn.Guess) != turn.Answer {
						lie = i
						break
					}
				}
				switch {
				case first >= 0 && (first != len(history)-1 || !strings.Contains(text, english.cheated+"\n")):
					t.Fatalf("mode %s, %s, secret %v: no number fits after answer %d of %v, but the game went on:\n%s", mode, ai, secret, first+1, history, text)
				case first < 0 && strings.Contains(text, english.cheated):
					t.Fatalf("mode %s, %s, secret %v: You cheated!! while numbers fit %v", mode, ai, secret, history)
				case first < 0 && (history[len(history)-1].Answer != Win || !Fits(history[len(history)-1].Guess, history)):
					t.Fatalf("mode %s, %s, secret %v: the game ended without a verdict on %v:\n%s", mode, ai, secret, history, text)
				case first >= 0:
					at[first-lie]++
				case lie >= 0:
					at[-1]++ // a lie that another number fits, ended "I got it"
				default:
					at[-2]++ // the game ended before the turn of the lie
				}
			}
			t.Logf("mode %s, %s: caught k answers after the lie: %v (-1: the truth about another number, -2: no lie, the game ended first)", mode, ai, at)
		}
	}
}

func TestOnlyOneLeft(t *testing.T) {
	// An honest game: the note comes with a guess exactly when one number
	// fits every answer before it.
	for _, secret := range []Number{{7, 6, 5}, {1, 2, 3}, {9, 8, 1}} {
		s := feed(start("", "", 7, narrow, nil), "1\rr")
		p := s.(*play)
		for p.stage == askStrike {
			s = feed(s, honestKeys(p, secret))
		}
		var guesses []string
		for _, l := range strings.Split(screenText(s, narrow), "\n") {
			if strings.HasPrefix(l, "I guess") {
				guesses = append(guesses, l)
			}
		}
		for i, l := range guesses {
			want := fmt.Sprintf("I guess %v", p.history[i].Guess)
			if len(Consistent(p.history[:i])) == 1 {
				want += english.onlyOne
			}
			if l != want {
				t.Errorf("secret %v, guess %d: %q, want %q", secret, i+1, l, want)
			}
		}
	}
	// A scripted game: 123 and 456 miss, 789 is all balls (897 or 978
	// left), 897 is all balls too: only 978 is left.
	s := feed(start("", "", 7, narrow, nil), "1\r")
	s.(*play).guesser = scripted{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {8, 9, 7}, {9, 7, 8}}
	s = feed(s, "r"+"00"+"00"+"03")
	if text := screenText(s, narrow); !strings.HasSuffix(text, "I guess 897\nEnter strike number :") {
		t.Errorf("two left:\n%s", text)
	}
	s = feed(s, "03")
	if text := screenText(s, narrow); !strings.HasSuffix(text, "I guess 978  (the only number left)\nEnter strike number :") {
		t.Errorf("one left:\n%s", text)
	}
}

func TestPlayerGuesses(t *testing.T) {
	for _, wd := range screentest.Widths {
		name, w := wd.Name, wd.W
		s := feed(start("", "", 8, w, nil), "2\r")
		p := s.(*play)
		p.secret = Number{4, 3, 1}
		s = feed(s, "12\r103\r112\r\r12a\r 741 \r645\r")
		want := `I thought of a three digit number.  Each digit is 1 to 9, all different.
Your guess : 12
Type three digits, then Enter.
Your guess : 103
0 is not used: digits are 1 to 9.
Your guess : 112
The three digits must be different.
Your guess :
Type three digits, then Enter.
Your guess : 12a
Type three digits, then Enter.
Your guess :  741
1 Strike 1 Ball
Your guess : 645
1 Ball
Your guess :`
		if got := screenText(s, w); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
		}
		s = feed(s, "43")
		f := s.View(size)
		if got := screenText(s, w); !strings.HasSuffix(got, "Your guess : 43") || f.Cursor == nil || f.Cursor.Col != len("Your guess : 43") {
			t.Errorf("%s: typing: %v\n%s", name, f.Cursor, got)
		}
		s = feed(s, "\x7f\x7f413\r431\r")
		got := screenText(s, w)
		if !strings.HasSuffix(got, "Your guess : 413\n1 Strike 2 Balls\nYour guess : 431\n3 Strikes\nYou got it in 4 guesses.\nDo you want to continue? (y/n) :") {
			t.Errorf("%s: the end:\n%s", name, got)
		}
		s = feed(s, "y")
		if p.tries != 0 || !strings.HasSuffix(screenText(s, w), "(y/n) : y\n"+english.myNumber+"\nYour guess :") {
			t.Errorf("%s: after y:\n%s", name, screenText(s, w))
		}
	}
}

func TestAnswerWords(t *testing.T) {
	for _, tc := range []struct {
		a      Answer
		en, ko string
	}{
		{Answer{0, 0}, "Out", "아웃"},
		{Answer{1, 0}, "1 Strike", "1 스트라이크"},
		{Answer{2, 0}, "2 Strikes", "2 스트라이크"},
		{Answer{0, 1}, "1 Ball", "1 볼"},
		{Answer{0, 3}, "3 Balls", "3 볼"},
		{Answer{1, 1}, "1 Strike 1 Ball", "1 스트라이크 1 볼"},
		{Answer{1, 2}, "1 Strike 2 Balls", "1 스트라이크 2 볼"},
		{Answer{3, 0}, "3 Strikes", "3 스트라이크"},
	} {
		if got := english.answer(tc.a); got != tc.en {
			t.Errorf("%v: %q, want %q", tc.a, got, tc.en)
		}
		if got := korean.answer(tc.a); got != tc.ko {
			t.Errorf("%v: %q, want %q", tc.a, got, tc.ko)
		}
	}
}

// TestSecretIsUniform checks that the computer's number is any of the 504,
// each about as often.
func TestSecretIsUniform(t *testing.T) {
	counts := map[Number]int{}
	s := feed(start("", "", 9, narrow, nil), "2\r")
	p := s.(*play)
	const games = 50 * Count
	for range games {
		if !p.secret.Valid() {
			t.Fatalf("secret %v", p.secret)
		}
		counts[p.secret]++
		p.start()
	}
	if len(counts) != Count {
		t.Errorf("%d different secrets in %d games", len(counts), games)
	}
	for n, c := range counts {
		if c < 15 || c > 95 { // mean 50, sd about 7
			t.Errorf("%v picked %d times in %d games", n, c, games)
		}
	}
}

// versus starts a versus game with the computer's number and guesses set.
func versus(t *testing.T, secret Number, guesses scripted) console.Screen {
	t.Helper()
	s := feed(start("", "", 10, narrow, nil), "3\r")
	p := s.(*play)
	p.secret, p.guesser = secret, guesses
	return s
}

func TestVersus(t *testing.T) {
	mine := Number{4, 3, 1} // the computer's
	for _, tc := range []struct {
		name    string
		guesses scripted // the computer's, at the player's number 567
		keys    string
		end     string
	}{
		{
			name:    "player wins",
			guesses: scripted{{1, 2, 3}, {5, 6, 8}},
			keys:    "741\r00" + "431\r20",
			end: `Your guess : 431
3 Strikes
I guess 568
Enter strike number :2
Enter Ball number :0
You win! You found mine in 2 guesses; I had not found yours.
My number was 431.
Do you want to continue? (y/n) :`,
		},
		{
			name:    "computer wins",
			guesses: scripted{{1, 2, 3}, {5, 6, 7}},
			keys:    "741\r00" + "413\r30",
			end: `Your guess : 413
1 Strike 2 Balls
I guess 567
Enter strike number :3
Enter Ball number :0
I win! I found yours in 2 guesses; you had not found mine.
My number was 431.
Do you want to continue? (y/n) :`,
		},
		{
			name:    "draw",
			guesses: scripted{{1, 2, 3}, {5, 6, 7}},
			keys:    "741\r00" + "431\r30",
			end: `Your guess : 431
3 Strikes
I guess 567
Enter strike number :3
Enter Ball number :0
Draw! We both needed 2 guesses.
My number was 431.
Do you want to continue? (y/n) :`,
		},
		{
			name:    "cheat",
			guesses: scripted{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {1, 4, 7}},
			keys:    "741\r00" + "742\r00" + "743\r00",
			// Named at the answer that leaves no number, not after the
			// player's next guess.
			end: `I guess 789
Enter strike number :0
Enter Ball number :0
You cheated!!
My number was 431.
Do you want to continue? (y/n) :`,
		},
	} {
		s := feed(versus(t, mine, tc.guesses), "r"+tc.keys)
		got := screenText(s, narrow)
		if !strings.HasSuffix(got, tc.end) {
			t.Errorf("%s:\n%s\nwant the end:\n%s", tc.name, got, tc.end)
		}
		if !strings.HasPrefix(got, english.think+"\n"+english.versusRules+"\n"+english.ready+"\nYour guess : 741\n1 Strike 1 Ball\nI guess 123\n") {
			t.Errorf("%s: the start:\n%s", tc.name, got)
		}
	}
}

func TestKorean(t *testing.T) {
	for _, wd := range screentest.Widths {
		name, w := wd.Name, wd.W
		s := feed(start("ko", "", 11, w, nil), "1\r")
		s.(*play).guesser = scripted{{1, 2, 3}}
		s = console.Feed(s, console.RunePress('ㄱ')) // r in Hangul input mode
		s = feed(s, "30")
		want := `세 자리 숫자를 생각하세요.  각 자리 숫자는 서로 달라야 합니다.
준비가 되면 'r' 키를 누르세요
제 추측은 123
스트라이크 수를 입력하세요 :3
볼 수를 입력하세요 :0
1번 만에 맞혔습니다.
계속하시겠습니까? (y/n) :`
		if got := screenText(s, w); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
		}
		f := s.View(size)
		if f.Cursor == nil || f.Cursor.Row != 6 || f.Cursor.Col != console.Width(w, korean.again) {
			t.Errorf("%s: cursor %v", name, f.Cursor)
		}
		s = console.Feed(s, console.RunePress('ㅜ')) // n
		if _, ok := s.(*menuScreen); !ok {
			t.Errorf("%s: ㅜ (n) led to %T", name, s)
		}
	}
}

func TestEscHint(t *testing.T) {
	for _, wd := range screentest.Widths {
		name, w := wd.Name, wd.W
		s := feed(start("", "", 12, w, nil), "1\r")
		f := s.View(size)
		text := f.Text(w)
		lines := strings.Split(text, "\n")
		last := lines[len(lines)-1]
		if len(lines) != size.Height || !strings.HasSuffix(last, "Esc: menu") || console.Width(w, last) != size.Width {
			t.Errorf("%s: the hint is not at the bottom right:\n%s", name, text)
		}
		// In a terminal just wide enough for the text, the hint gives way.
		small := console.Size{Width: 40, Height: 2}
		if got := s.View(small).Text(w); strings.Contains(got, "Esc") {
			t.Errorf("%s: the hint covers the prompt:\n%s", name, got)
		}
	}
}

// TestScrolling checks that a long game reads like the original's console:
// the newest line at the bottom, the oldest gone, and no limit of 20
// guesses (the original's history array).
func TestScrolling(t *testing.T) {
	s := feed(start("", Classic, 13, narrow, nil), "1\r")
	p := s.(*play)
	many := make(scripted, 40)
	for i := range many {
		many[i] = Number{1, 2, 3}
	}
	p.guesser = many
	s = feed(s, "r")
	for range 30 {
		s = feed(s, "12") // 123 asked again and again: 1S2B each time
	}
	small := console.Size{Width: 80, Height: 5}
	got := s.View(small).Text(narrow)
	want := `I guess 123
Enter strike number :1
Enter Ball number :2
I guess 123
Enter strike number :`
	if !strings.HasPrefix(got, want) || len(p.history) != 31 {
		t.Errorf("after 30 answers, %d turns:\n%s", len(p.history), got)
	}
}

// FuzzKeys types anything at the game: no key sequence may panic, and the
// screen always fits the terminal it asks for.
func FuzzKeys(f *testing.F) {
	for _, s := range []string{"1\rr1100", "2\r123\r\x1b", "3\rr123\r30y", "1\rr21\x1b\x1b", "ko"} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, keys string, seed uint64) {
		d := console.NewDriver(start("", "", seed, narrow, nil), console.Size{Width: 80, Height: 24})
		for _, ev := range console.Keys(keys) {
			d.Send(ev)
			if d.Done() {
				return
			}
			frame := d.Frame()
			if len(frame.Rows) > 24 {
				t.Fatalf("%d rows in a 24-row terminal", len(frame.Rows))
			}
		}
	})
}

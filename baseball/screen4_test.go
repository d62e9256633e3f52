package baseball

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"termgames/console"
	"termgames/internal/lang"
)

// startRules starts the menu with rules, as -digits and -zero do.
func startRules(l lang.Tag, ai AI, seed uint64, rules Rules) console.Screen {
	return New(Options{Lang: l, AI: ai, Rules: rules, Rand: rand.New(rand.NewPCG(seed, 1)), Width: narrow}, nil)
}

var (
	four  = Rules{Digits: 4}
	bulls = Rules{Digits: 4, Zero: true}
)

// TestMenuDigits: the menu's fifth item goes round the games, and says
// which one is played; -digits and -zero choose where it starts.
func TestMenuDigits(t *testing.T) {
	s := start("", "", 1, narrow, nil)
	for _, want := range []string{"5. Digits: 4 (1 to 9)", "5. Digits: 4 (0 to 9)", "5. Digits: 3 (0 to 9)", "5. Digits: 3 (1 to 9)"} {
		s = feed(s, "5\r")
		got := screenText(s, narrow)
		if !strings.Contains(got, "4. Quit\n"+want+"\n====") || !strings.HasSuffix(got, "Enter a menu number :") {
			t.Errorf("after 5, want %q:\n%s", want, got)
		}
	}
	if got := screenText(s, narrow); got != menuEnglish {
		t.Errorf("round the four games, the menu is:\n%s", got)
	}
	for _, tc := range []struct {
		l     lang.Tag
		rules Rules
		want  string
	}{
		{"", four, "5. Digits: 4 (1 to 9)"},
		{"", bulls, "5. Digits: 4 (0 to 9)"},
		{"ko", Original, "5. 자릿수: 3자리 (1부터 9까지)"},
		{"ko", bulls, "5. 자릿수: 4자리 (0부터 9까지)"},
	} {
		if got := screenText(startRules(tc.l, "", 1, tc.rules), narrow); !strings.Contains(got, tc.want) {
			t.Errorf("%v: the menu lacks %q:\n%s", tc.rules, tc.want, got)
		}
	}
	// Chosen at the menu, four digits are played from then on.
	s = feed(start("", "", 1, narrow, nil), "5\r2\r")
	if got := screenText(s, narrow); !strings.HasSuffix(got, "I thought of a four digit number.  Each digit is 1 to 9, all different.\nYour guess :") {
		t.Errorf("after 5 and 2:\n%s", got)
	}
}

// TestFourDigitsComputerGuesses plays mode 1 with four digits through the
// screen: the keys 0 to 4, the texts for four digits, and numbers of the
// game found by both guessers, answered truly.
func TestFourDigitsComputerGuesses(t *testing.T) {
	for _, rules := range []Rules{four, bulls} {
		for _, ai := range []AI{Best, Classic} {
			s := feed(startRules("", ai, 2, rules), "1\r")
			p := s.(*play)
			think := "Think four digit number.  Each digit numbers are different."
			if rules.Zero {
				think += "  0 can be one of them."
			}
			if got := screenText(s, narrow); got != think+"\nWhen you are ready, press key 'r'" {
				t.Fatalf("%v: the start:\n%s", rules, got)
			}
			all := rules.all()
			for i := 0; i < len(all); i += 97 {
				secret := all[i]
				if i > 0 {
					s = feed(s, "y")
				}
				s = feed(s, "r")
				for p.stage == askStrike {
					s = feed(s, honestKeys(p, secret))
				}
				text := screenText(s, narrow)
				n := len(p.history)
				want := fmt.Sprintf("Enter strike number :4\nEnter Ball number :0\n%s\n%s", english.gotIt(n), strings.TrimSpace(english.again))
				if !strings.HasSuffix(text, want) || p.history[n-1].Guess != secret {
					t.Fatalf("%v, %s, secret %v: the screen ends:\n%s", rules, ai, secret, text)
				}
				if n > 7 && ai == Best || n > 12 {
					t.Errorf("%v, %s, secret %v: %d guesses", rules, ai, secret, n)
				}
			}
		}
	}
}

// TestFourDigitsAnswers: with four digits 4 is a count, 3 strikes and a
// ball cannot happen, strikes and balls add up to 4 at most, 5 is echoed
// and asked again, and an answer that leaves no number is a lie.
func TestFourDigitsAnswers(t *testing.T) {
	s := feed(startRules("", "", 3, bulls), "1\rr")
	p := s.(*play)
	first := p.history[0].Guess
	s = feed(s, "5"+"31"+"23"+"04")
	want := fmt.Sprintf(`I guess %v
Enter strike number :5
Enter strike number :3
Enter Ball number :1
3 strikes with 1 ball cannot happen.
Enter strike number :2
Enter Ball number :3
Strikes and balls add up to 4 at most.
Enter strike number :0
Enter Ball number :4
I guess `, first)
	if got := screenText(s, narrow); !strings.Contains(got, want) {
		t.Fatalf("answers:\n%s\nwant within:\n%s", got, want)
	}
	// Out to every guess: a number of four digits from ten cannot miss
	// them all for long.
	for p.stage == askStrike {
		if len(bulls.Consistent(p.history[:len(p.history)-1])) == 0 {
			t.Fatalf("no number fits %v, yet the computer guessed again", p.history)
		}
		s = feed(s, "00")
	}
	text := screenText(s, narrow)
	if !strings.HasSuffix(text, "Enter Ball number :0\nYou cheated!!\nDo you want to continue? (y/n) :") || len(bulls.Consistent(p.history)) != 0 {
		t.Errorf("after the lie:\n%s", text)
	}
}

// TestFourDigitsPlayerGuesses plays mode 2 with four digits, without and
// with 0.
func TestFourDigitsPlayerGuesses(t *testing.T) {
	s := feed(startRules("", "", 8, four), "2\r")
	p := s.(*play)
	if !four.Valid(p.secret) {
		t.Fatalf("the computer's number %v", p.secret)
	}
	p.secret, _ = four.Parse("4271")
	s = feed(s, "123\r1023\r1213\r1234\r4271\r")
	want := `I thought of a four digit number.  Each digit is 1 to 9, all different.
Your guess : 123
Type four digits, then Enter.
Your guess : 1023
0 is not used: digits are 1 to 9.
Your guess : 1213
The four digits must be different.
Your guess : 1234
1 Strike 2 Balls
Your guess : 4271
4 Strikes
You got it in 2 guesses.
Do you want to continue? (y/n) :`
	if got := screenText(s, narrow); !strings.HasSuffix(got, want) {
		t.Errorf("four digits:\n%s\nwant the end:\n%s", got, want)
	}
	s = feed(startRules("ko", "", 8, bulls), "2\r")
	p = s.(*play)
	p.secret, _ = bulls.Parse("0123")
	s = feed(s, "3210\r012\r0123\r")
	want = `네 자리 숫자를 정했습니다.  각 자리는 0부터 9까지, 서로 다릅니다.
추측한 숫자 : 3210
4 볼
추측한 숫자 : 012
숫자 네 개를 입력하고 Enter를 누르세요.
추측한 숫자 : 0123
4 스트라이크
2번 만에 맞히셨습니다.`
	if got := screenText(s, narrow); !strings.Contains(got, want) {
		t.Errorf("Bulls and Cows, in Korean:\n%s\nwant within:\n%s", got, want)
	}
}

// TestFourDigitsVersus plays versus with four digits from 0 to 9: the
// player's guesses and the computer's, answered truly, until one finds
// the other's number.
func TestFourDigitsVersus(t *testing.T) {
	s := feed(startRules("", Best, 10, bulls), "3\r")
	p := s.(*play)
	p.secret, _ = bulls.Parse("9024")
	mine, _ := bulls.Parse("0567") // the player's
	s = feed(s, "r")
	guesses := []string{"0123", "4567", "8904", "9042", "9024"}
	for round := 0; p.stage == typeGuess; round++ {
		s = feed(s, guesses[min(round, len(guesses)-1)]+"\r")
		for p.stage == askStrike {
			s = feed(s, honestKeys(p, mine))
		}
	}
	text := screenText(s, narrow)
	if !strings.HasPrefix(text[strings.Index(text, "Think four"):], "Think four digit number.  Each digit numbers are different.  0 can be one of them.\n"+english.versusRules+"\nWhen you are ready, press key 'r'\nYour guess : 0123\n1 Strike 1 Ball\nI guess ") {
		t.Errorf("the start:\n%s", text)
	}
	if !strings.HasSuffix(text, "My number was 9024.\nDo you want to continue? (y/n) :") {
		t.Errorf("the end:\n%s", text)
	}
	ended := 0
	for _, end := range []string{"You win!", "I win!", "Draw!"} {
		ended += strings.Count(text, end)
	}
	if ended != 1 || strings.Contains(text, english.cheated) {
		t.Errorf("the game:\n%s", text)
	}
}

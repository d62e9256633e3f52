package baseball

import (
	"fmt"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/lang"
)

// texts is every line the screens print, in one language. English is the
// original's language; its lines of the original are kept word for word,
// double space and all.
type texts struct {
	menu   []string // the menu block: rules of '=', title, items
	online string   // the entry an SSH session adds to menu
	prompt string   // after the menu
	retry  string   // after a wrong menu answer

	think     string // the original's first line
	ready     string // the original's "press key 'r'"
	iGuess    string // "I guess %s"
	onlyOne   string // added after the guess when one number is left
	strike    string // "Enter strike number :"
	ball      string // "Enter Ball number :"
	tooMany   string // strikes and balls over 3
	twoAndOne string // 2 strikes 1 ball
	cheated   string // "You cheated!!"
	gotIt     func(guesses int) string
	again     string // "Do you want to continue? (y/n) : "

	myNumber  string // mode 2 and 3: the computer has picked
	yourGuess string // the prompt of a typed guess
	badLength string
	badZero   string
	badRepeat string
	youGotIt  func(guesses int) string
	answer    func(a Answer) string

	versusRules string
	youWin      func(guesses int) string
	iWin        func(guesses int) string
	draw        func(guesses int) string
	mineWas     string // "My number was %s."

	esc string // the hint at the bottom right

	cluesTitle [4]string // above the clue table, by mode
	cluesMore  string    // on the rule under the table, when it scrolls
}

var english = texts{
	menu: []string{
		"============================",
		"Let's play number baseball!",
		"1. Computer guesses your number",
		"2. You guess my number",
		"3. Versus",
		"4. Quit",
		"============================",
	},
	online: "5. Versus online",
	prompt: "Enter a menu number : ",
	retry:  "Please enter again.",

	think:     "Think three digit number.  Each digit numbers are different.",
	ready:     "When you are ready, press key 'r'",
	iGuess:    "I guess %s",
	onlyOne:   "  (the only number left)",
	strike:    "Enter strike number :",
	ball:      "Enter Ball number :",
	tooMany:   "Strikes and balls add up to 3 at most.",
	twoAndOne: "2 strikes with 1 ball cannot happen.",
	cheated:   "You cheated!!",
	gotIt: func(n int) string {
		return fmt.Sprintf("I got it in %d %s.", n, plural(n, "guess", "guesses"))
	},
	again: "Do you want to continue? (y/n) : ",

	myNumber:  "I thought of a three digit number.  Each digit is 1 to 9, all different.",
	yourGuess: "Your guess : ",
	badLength: "Type three digits, then Enter.",
	badZero:   "0 is not used: digits are 1 to 9.",
	badRepeat: "The three digits must be different.",
	youGotIt: func(n int) string {
		return fmt.Sprintf("You got it in %d %s.", n, plural(n, "guess", "guesses"))
	},
	answer: func(a Answer) string {
		switch {
		case a.Strikes == 0 && a.Balls == 0:
			return "Out"
		case a.Balls == 0:
			return fmt.Sprintf("%d %s", a.Strikes, plural(a.Strikes, "Strike", "Strikes"))
		case a.Strikes == 0:
			return fmt.Sprintf("%d %s", a.Balls, plural(a.Balls, "Ball", "Balls"))
		}
		return fmt.Sprintf("%d %s %d %s", a.Strikes, plural(a.Strikes, "Strike", "Strikes"),
			a.Balls, plural(a.Balls, "Ball", "Balls"))
	},

	versusRules: "I have thought of mine.  We take turns, you first; fewer guesses wins.",
	youWin: func(n int) string {
		return fmt.Sprintf("You win! You found mine in %d %s; I had not found yours.", n, plural(n, "guess", "guesses"))
	},
	iWin: func(n int) string {
		return fmt.Sprintf("I win! I found yours in %d %s; you had not found mine.", n, plural(n, "guess", "guesses"))
	},
	draw: func(n int) string {
		return fmt.Sprintf("Draw! We both needed %d %s.", n, plural(n, "guess", "guesses"))
	},
	mineWas: "My number was %s.",

	esc: "Esc: menu",

	cluesTitle: [4]string{
		modeComputer: "My guesses so far:",
		modePlayer:   "Your guesses so far:",
		modeVersus:   "So far, round by round: your guess, then mine:",
	},
	cluesMore: "-- PgUp/PgDn: more --",
}

var korean = texts{
	menu: []string{
		"============================",
		"숫자 야구 게임을 플레이합시다!",
		"1. 컴퓨터가 내 숫자 맞히기",
		"2. 컴퓨터의 숫자 맞히기",
		"3. 대결",
		"4. 종료",
		"============================",
	},
	online: "5. 온라인 대결",
	prompt: "원하는 메뉴를 입력하세요 : ",
	retry:  "다시 입력하세요.",

	think:     "세 자리 숫자를 생각하세요.  각 자리 숫자는 서로 달라야 합니다.",
	ready:     "준비가 되면 'r' 키를 누르세요",
	iGuess:    "제 추측은 %s",
	onlyOne:   "  (남은 숫자는 이것 하나뿐입니다)",
	strike:    "스트라이크 수를 입력하세요 :",
	ball:      "볼 수를 입력하세요 :",
	tooMany:   "스트라이크와 볼의 합은 3을 넘을 수 없습니다.",
	twoAndOne: "2 스트라이크 1 볼은 나올 수 없습니다.",
	cheated:   "거짓말을 하셨군요!!",
	gotIt:     func(n int) string { return fmt.Sprintf("%d번 만에 맞혔습니다.", n) },
	again:     "계속하시겠습니까? (y/n) : ",

	myNumber:  "세 자리 숫자를 정했습니다.  각 자리는 1부터 9까지, 서로 다릅니다.",
	yourGuess: "추측한 숫자 : ",
	badLength: "숫자 세 개를 입력하고 Enter를 누르세요.",
	badZero:   "0은 쓰지 않습니다: 1부터 9까지입니다.",
	badRepeat: "세 숫자는 서로 달라야 합니다.",
	youGotIt:  func(n int) string { return fmt.Sprintf("%d번 만에 맞히셨습니다.", n) },
	answer: func(a Answer) string {
		switch {
		case a.Strikes == 0 && a.Balls == 0:
			return "아웃"
		case a.Balls == 0:
			return fmt.Sprintf("%d 스트라이크", a.Strikes)
		case a.Strikes == 0:
			return fmt.Sprintf("%d 볼", a.Balls)
		}
		return fmt.Sprintf("%d 스트라이크 %d 볼", a.Strikes, a.Balls)
	},

	versusRules: "저도 숫자를 정했습니다.  번갈아 추측하며 먼저 하세요; 적게 추측한 쪽이 이깁니다.",
	youWin: func(n int) string {
		return fmt.Sprintf("이겼습니다! %d번 만에 맞히셨고, 저는 아직 못 맞혔습니다.", n)
	},
	iWin: func(n int) string {
		return fmt.Sprintf("제가 이겼습니다! %d번 만에 맞혔고, 아직 제 숫자를 못 맞히셨습니다.", n)
	},
	draw:    func(n int) string { return fmt.Sprintf("비겼습니다! 둘 다 %d번 만에 맞혔습니다.", n) },
	mineWas: "제 숫자는 %s입니다.",

	esc: "Esc: 메뉴",

	cluesTitle: [4]string{
		modeComputer: "지금까지 제 추측:",
		modePlayer:   "지금까지 추측하신 숫자:",
		modeVersus:   "지금까지 회차마다 추측하신 숫자, 그다음 제 추측:",
	},
	cluesMore: "-- PgUp/PgDn: 더 보기 --",
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// textsFor returns the texts for a -lang value; English, the C original's
// language, when there is none.
func textsFor(tag lang.Tag) *texts { return lang.Pick(tag, originalLang, &korean, &english) }

// width is the least terminal width the game needs: that of its menu.
// Every other line wraps, as the original's did in a narrow terminal.
func (t *texts) width(w *runewidth.Condition) int {
	most := console.Width(w, t.prompt) + 2 // and the number typed
	for _, l := range append([]string{t.retry}, t.menu...) {
		most = max(most, console.Width(w, l))
	}
	return most
}

package baseball

import (
	"fmt"
	"slices"

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

	// The texts that say how many digits, filled in by withRules from
	// these formats: the fields think, myNumber, tooMany, twoAndOne,
	// badLength and badRepeat above, and the menu's digits line.
	digits digitTexts

	cluesTitle [4]string // above the clue table, by mode
	cluesMore  string    // on the rule under the table, when it scrolls
}

var english = withRules(texts{
	menu: []string{
		"============================",
		"Let's play number baseball!",
		"1. Computer guesses your number",
		"2. You guess my number",
		"3. Versus",
		"4. Quit",
		"", // the digits item: digits.menuItem
		"============================",
	},
	online: "6. Versus online",
	prompt: "Enter a menu number : ",
	retry:  "Please enter again.",

	ready:   "When you are ready, press key 'r'",
	iGuess:  "I guess %s",
	onlyOne: "  (the only number left)",
	strike:  "Enter strike number :",
	ball:    "Enter Ball number :",
	cheated: "You cheated!!",
	gotIt: func(n int) string {
		return fmt.Sprintf("I got it in %d %s.", n, plural(n, "guess", "guesses"))
	},
	again: "Do you want to continue? (y/n) : ",

	yourGuess: "Your guess : ",
	badZero:   "0 is not used: digits are 1 to 9.",
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

	digits: digitTexts{
		word:      [5]string{3: "three", 4: "four"},
		from:      [2]string{"1 to 9", "0 to 9"},
		think:     "Think %s digit number.  Each digit numbers are different.",
		zeroNote:  "  0 can be one of them.",
		myNumber:  "I thought of a %s digit number.  Each digit is %s, all different.",
		tooMany:   [5]string{3: "Strikes and balls add up to 3 at most.", 4: "Strikes and balls add up to 4 at most."},
		twoAndOne: "%d strikes with 1 ball cannot happen.",
		badLength: "Type %s digits, then Enter.",
		badRepeat: "The %s digits must be different.",
		menuItem:  "5. Digits: %d (%s)",
	},

	cluesTitle: [4]string{
		modeComputer: "My guesses so far:",
		modePlayer:   "Your guesses so far:",
		modeVersus:   "So far, round by round: your guess, then mine:",
	},
	cluesMore: "-- PgUp/PgDn: more --",
}, Original)

var korean = withRules(texts{
	menu: []string{
		"============================",
		"숫자 야구 게임을 플레이합시다!",
		"1. 컴퓨터가 내 숫자 맞히기",
		"2. 컴퓨터의 숫자 맞히기",
		"3. 대결",
		"4. 종료",
		"", // the digits item: digits.menuItem
		"============================",
	},
	online: "6. 온라인 대결",
	prompt: "원하는 메뉴를 입력하세요 : ",
	retry:  "다시 입력하세요.",

	ready:   "준비가 되면 'r' 키를 누르세요",
	iGuess:  "제 추측은 %s",
	onlyOne: "  (남은 숫자는 이것 하나뿐입니다)",
	strike:  "스트라이크 수를 입력하세요 :",
	ball:    "볼 수를 입력하세요 :",
	cheated: "거짓말을 하셨군요!!",
	gotIt:   func(n int) string { return fmt.Sprintf("%d번 만에 맞혔습니다.", n) },
	again:   "계속하시겠습니까? (y/n) : ",

	yourGuess: "추측한 숫자 : ",
	badZero:   "0은 쓰지 않습니다: 1부터 9까지입니다.",
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

	digits: digitTexts{
		word:      [5]string{3: "세", 4: "네"},
		from:      [2]string{"1부터 9까지", "0부터 9까지"},
		think:     "%s 자리 숫자를 생각하세요.  각 자리 숫자는 서로 달라야 합니다.",
		zeroNote:  "  0도 쓸 수 있습니다.",
		myNumber:  "%s 자리 숫자를 정했습니다.  각 자리는 %s, 서로 다릅니다.",
		tooMany:   [5]string{3: "스트라이크와 볼의 합은 3을 넘을 수 없습니다.", 4: "스트라이크와 볼의 합은 4를 넘을 수 없습니다."},
		twoAndOne: "%d 스트라이크 1 볼은 나올 수 없습니다.",
		badLength: "숫자 %s 개를 입력하고 Enter를 누르세요.",
		badRepeat: "%s 숫자는 서로 달라야 합니다.",
		menuItem:  "5. 자릿수: %d자리 (%s)",
	},

	cluesTitle: [4]string{
		modeComputer: "지금까지 제 추측:",
		modePlayer:   "지금까지 추측하신 숫자:",
		modeVersus:   "지금까지 회차마다 추측하신 숫자, 그다음 제 추측:",
	},
	cluesMore: "-- PgUp/PgDn: 더 보기 --",
}, Original)

// digitTexts are the formats of the texts that depend on the rules.
type digitTexts struct {
	word      [5]string // 3 and 4 as the texts say them: "three", "four"
	from      [2]string // the digits, without and with 0: "1 to 9", "0 to 9"
	think     string    // the original's first line, with word
	zeroNote  string    // added to think when 0 is a digit
	myNumber  string    // with word and from
	tooMany   [5]string // by places
	twoAndOne string    // with places less one
	badLength string    // with word
	badRepeat string    // with word
	menuItem  string    // the menu's digits item, with the places and from
}

// withRules returns t with the texts that say how many digits filled in
// for r.
func withRules(t texts, r Rules) texts {
	r = r.norm()
	d := t.digits
	word, from := d.word[r.Digits], d.from[0]
	if r.Zero {
		from = d.from[1]
	}
	t.think = fmt.Sprintf(d.think, word)
	if r.Zero {
		t.think += d.zeroNote
	}
	t.myNumber = fmt.Sprintf(d.myNumber, word, from)
	t.tooMany = d.tooMany[r.Digits]
	t.twoAndOne = fmt.Sprintf(d.twoAndOne, r.Digits-1)
	t.badLength = fmt.Sprintf(d.badLength, word)
	t.badRepeat = fmt.Sprintf(d.badRepeat, word)
	t.menu = slices.Clone(t.menu)
	t.menu[1+menuDigits] = fmt.Sprintf(d.menuItem, r.Digits, from)
	return t
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// AnswerText says an answer as the game does, in the language of tag:
// "1 스트라이크 2 볼", "아웃"; "1 Strike 2 Balls", "Out" (English without
// one, as the C original speaks).
func AnswerText(tag lang.Tag, a Answer) string {
	return lang.Pick(tag, originalLang, &korean, &english).answer(a)
}

// textsFor returns the texts for a -lang value; English, the C original's
// language, when there is none.
func textsFor(tag lang.Tag, r Rules) *texts {
	t := withRules(*lang.Pick(tag, originalLang, &korean, &english), r)
	return &t
}

// width is the least terminal width the game needs: that of its menu.
// Every other line wraps, as the original's did in a narrow terminal.
func (t *texts) width(w *runewidth.Condition) int {
	most := console.Width(w, t.prompt) + 2 // and the number typed
	for _, r := range menuRules {
		for _, l := range append([]string{t.retry}, withRules(*t, r).menu...) {
			most = max(most, console.Width(w, l))
		}
	}
	return most
}

package serve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"termgames/baseball"
	"termgames/internal/lang"
	"termgames/omok"
	"termgames/serve/room"
)

// onlineText is every line the online screens show, in one language,
// written in the style of the originals' menus and messages.
type onlineText struct {
	menu       []string // the online menu's items, under the game's menuTitle
	prompt     string
	retry      string
	codeJoin   string // prompts
	codeWatch  string
	noTables   string
	tablesHead string
	tableLine  string // Printf: code, game, host, state, rated
	open       string // a table's state in the list
	playing    string
	noTable    string
	elsewhere  string // Printf: the server, the command that reaches the table there
	full       string
	otherGame  string

	code     string // Printf: the table's code
	resume   string // Printf: the seat's resume code
	watchers string // Printf: how many watch
	you      string // after the player's own name
	waiting  string // Printf: the code
	turn     string // Printf: stone number, name
	yourTurn string // Printf: stone number
	theirs   string // Printf: name
	move     string
	away     string // Printf: name, seconds
	occupied string
	forbid   string // Printf: the shape
	notYours string
	moves    string // Printf
	last     string // Printf: row, col
	panel    []string
	watching string

	rated      string // the game counts for the ratings
	casual     string // it does not
	unsaved    string // Printf: why (diskFull or ""); the store failed, the game goes on
	unsavedEnd string // Printf: why; the store could not keep the end
	diskFull   string

	win      string // Printf: stone number, name
	draw     string
	forfeit  string // Printf: winner's name, loser's name
	left     string // the host left before anyone joined
	anyKey   string
	confirm  string // leaving a game: it is lost
	confirmW string // leaving a table one watches

	// Baseball.
	choose     string // the prompt for one's own number
	chosen     string // Printf: the number
	otherPicks string // Printf: name
	guess      string // the prompt for a guess
	guessHead  string // Printf: name, name
	badLength  string
	badZero    string
	badRepeat  string
	answer     func(a baseball.Answer) string
	found      func(name string, guesses int) string
	bbDraw     func(guesses int) string
	numbers    string // Printf: name, number, name, number
	hidden     string // a number not shown

	// The questions of a new table and the quick match (online.go).
	clockHead     []string // the clock question's block before its items
	clockPrompt   string
	clockItem     func(c room.Control) string // a control as the clock question offers it
	clockShort    func(c room.Control) string // a control in the list of tables
	openingMenu   []string
	openingPrompt string
	swap2         string // in the list of tables
	quickFailed   string

	// Swap2 (omoktable.go).
	s2Place   string    // Printf: name, colour, nth, of: whose stone the opening asks
	s2Choose  string    // Printf: name, the choices: whose choice it asks
	s2Colour  [3]string // by omok.Stone: the colour of a stone
	s2Choice  [4]string // by omok.Choice: a choice, after its key
	s2Pick    string    // Printf: the keys: what the chooser does
	s2Picking string    // Printf: name: what the other does meanwhile
	s2Key     string    // the panel's line of the keys of the choices
	s2Stone   string    // Printf: colour: a choice made when a stone is asked
	s2NoStone string    // Printf: the choices: a stone placed when a choice is asked
	s2Offered string    // Printf: the choices: a choice not offered
}

const rule28 = "============================"

var koreanText = onlineText{
	menu:       []string{"1. 새 테이블 만들기", "2. 코드로 참가하기", "3. 열린 테이블 보기", "4. 관전하기", "5. 빠른 대전", "6. 돌아가기"},
	prompt:     "원하는 메뉴를 입력하세요 : ",
	retry:      "다시 입력하세요.",
	codeJoin:   "테이블 코드(또는 다시 접속 코드)를 입력하세요 : ",
	codeWatch:  "관전할 테이블 코드를 입력하세요 : ",
	noTables:   "열린 테이블이 없습니다. 1번으로 새 테이블을 만들어 보세요.",
	tablesHead: "[열린 테이블] 코드  규칙  만든 사람",
	tableLine:  "  %s  %s  %s  - %s (%s)",
	open:       "상대를 기다리는 중",
	playing:    "대전 중 (관전 가능)",
	noTable:    "그런 코드의 테이블이 없습니다. 다시 입력하세요.",
	elsewhere:  "그 테이블은 서버 %s에 있습니다: %s",
	full:       "그 테이블은 이미 두 사람이 앉았습니다. 관전은 4번입니다.",
	otherGame:  "그 테이블은 다른 게임입니다.",

	code:     "테이블 코드: %s",
	resume:   "다시 접속 코드: %s",
	watchers: "관전: %d명",
	you:      " (나)",
	waiting:  "상대를 기다리는 중입니다. 테이블 코드 %s 를 상대에게 알려 주세요.",
	turn:     "Player %dP(%s)의 턴입니다.",
	yourTurn: "Player %dP, 당신의 턴입니다.",
	theirs:   "%s 님이 둘 차례입니다. 기다려 주세요.",
	move:     "키보드(상,하,좌,우)키로 이동하고, Enter를 눌러 돌을 배치하여 주세요.",
	away:     "%s 님의 연결이 끊겼습니다. %d초 안에 돌아오지 않으면 기권패입니다.",
	occupied: "이미 돌이 배치되어 있습니다. 다른 곳에 배치해주세요.",
	forbid:   "금수입니다: %s",
	notYours: "상대의 차례입니다.",
	moves:    "놓은 돌: %d",
	last:     "마지막 수: %d행 %d열",
	panel:    []string{"[단축키]", "방향키, h j k l : 이동", "Enter, Space : 돌 놓기", "Esc : 나가기 (기권)"},
	watching: "관전 중입니다. Esc : 나가기",

	rated:      "레이팅",
	casual:     "친선",
	unsaved:    "기록을 저장하지 못했습니다%s. 게임은 계속됩니다.",
	unsavedEnd: "기록을 저장하지 못했습니다%s.",
	diskFull:   ": 디스크가 가득 찼습니다",

	win:      "Player %dP(%s)의 승리로 게임을 종료합니다.",
	draw:     "무승부로 게임을 종료합니다.",
	forfeit:  "%s 님의 기권승입니다. (%s 님 기권)",
	left:     "만든 사람이 나가서 테이블이 닫혔습니다.",
	anyKey:   "아무 키를 입력하면 메뉴로 돌아갑니다.",
	confirm:  "나가면 기권패가 됩니다. 나갈까요? (y/n) ",
	confirmW: "관전을 그만둘까요? (y/n) ",

	choose:     "내 숫자를 정하세요 (1~9, 서로 다른 세 자리) : ",
	chosen:     "내 숫자: %s",
	otherPicks: "%s 님이 숫자를 정하는 중입니다...",
	guess:      "상대의 숫자를 추측하세요 : ",
	guessHead:  "회   %-12s  %-12s",
	badLength:  "세 자리 숫자를 입력하고 Enter를 누르세요.",
	badZero:    "0은 쓰지 않습니다: 1부터 9까지입니다.",
	badRepeat:  "세 숫자는 모두 달라야 합니다.",
	answer: func(a baseball.Answer) string {
		if a.Strikes == 0 && a.Balls == 0 {
			return "아웃"
		}
		return fmt.Sprintf("%dS %dB", a.Strikes, a.Balls)
	},
	found: func(name string, n int) string {
		return fmt.Sprintf("%s 님의 승리! %d번 만에 맞혔습니다.", name, n)
	},
	bbDraw:  func(n int) string { return fmt.Sprintf("무승부! 둘 다 %d번 만에 맞혔습니다.", n) },
	numbers: "%s: %s   %s: %s",
	hidden:  "???",

	clockHead:   []string{rule28, "시간 제한을 선택하세요."},
	clockPrompt: "원하는 시간 제한을 입력하세요 : ",
	clockItem: func(c room.Control) string {
		switch {
		case !c.Timed():
			return "없음 (시간 제한 없음)"
		case c.PerMove:
			return spellKorean(c.Base) + " (한 번 추측마다)"
		case c.Increment == 0:
			return fmt.Sprintf("%v (%s, 추가 시간 없음)", c, spellKorean(c.Base))
		}
		return fmt.Sprintf("%v (%s, 한 수마다 +%s)", c, spellKorean(c.Base), spellKorean(c.Increment))
	},
	clockShort: func(c room.Control) string {
		switch {
		case !c.Timed():
			return "시간 제한 없음"
		case c.PerMove:
			return spellKorean(c.Base) + "/수"
		}
		return c.String()
	},
	openingMenu:   []string{rule28, "오프닝을 선택하세요.", "1. 스왑2 (공정한 오프닝, 기본)", "2. 없음 (만든 사람이 흑)", rule28},
	openingPrompt: "원하는 오프닝을 입력하세요 : ",
	swap2:         "스왑2",
	quickFailed:   "빠른 대전을 시작하지 못했습니다. 다시 해 보세요.",

	// Swap2.
	s2Place:   "스왑2: %s 님이 %s을 놓을 차례입니다 (%[4]d개 중 %[3]d번째)",
	s2Choose:  "스왑2: %s 님의 선택: %s",
	s2Colour:  [3]string{omok.P1: "흑", omok.P2: "백"},
	s2Choice:  [4]string{omok.PlayWhite: "백", omok.PlayBlack: "흑", omok.PlaceTwo: "두 개 더"},
	s2Pick:    "%s 중 하나를 누르세요. 백, 흑은 내가 둘 색입니다.",
	s2Picking: "%s 님이 고르는 중입니다. 기다려 주세요.",
	s2Key:     "1, 2, 3 : 스왑2 고르기",
	s2Stone:   "지금은 %s을 놓을 차례입니다. Enter로 놓으세요.",
	s2NoStone: "돌을 놓지 말고 고르세요: %s",
	s2Offered: "고를 수 있는 것: %s",
}

var englishText = onlineText{
	menu:       []string{"1. Open a new table", "2. Join with a code", "3. List open tables", "4. Watch a table", "5. Quick match", "6. Back"},
	prompt:     "Enter a menu number : ",
	retry:      "Please enter again.",
	codeJoin:   "Enter the table's code (or a resume code) : ",
	codeWatch:  "Enter the code of the table to watch : ",
	noTables:   "No table is open. Open one with 1.",
	tablesHead: "[Open tables] code  rule  host",
	tableLine:  "  %s  %s  %s  - %s (%s)",
	open:       "waiting for a player",
	playing:    "playing (watch it with 4)",
	noTable:    "No table has that code. Please enter again.",
	elsewhere:  "That table is on the server %s: %s",
	full:       "Two players already sit at that table. Watch it with 4.",
	otherGame:  "That table plays another game.",

	code:     "Table code: %s",
	resume:   "Resume code: %s",
	watchers: "Watching: %d",
	you:      " (you)",
	waiting:  "Waiting for a player. Give them the table code %s.",
	turn:     "Player %dP's (%s) turn.",
	yourTurn: "Player %dP, your turn.",
	theirs:   "%s to move. Please wait.",
	move:     "Move with the arrow keys (up, down, left, right); Enter places a stone.",
	away:     "%s dropped. Back within %d s, or they lose by forfeit.",
	occupied: "A stone is already there. Place yours somewhere else.",
	forbid:   "Forbidden move: %s",
	notYours: "It is the other player's turn.",
	moves:    "Stones: %d",
	last:     "Last move: row %d, col %d",
	panel:    []string{"[Keys]", "Arrows, h j k l : move", "Enter, Space : place", "Esc : leave (resign)"},
	watching: "Watching. Esc : leave",

	rated:      "rated",
	casual:     "casual",
	unsaved:    "Could not save the game%s; the game goes on.",
	unsavedEnd: "Could not save the game%s.",
	diskFull:   " (disk full)",

	win:      "Player %dP (%s) wins. The game is over.",
	draw:     "The game ends in a draw.",
	forfeit:  "%s wins by forfeit (%s left).",
	left:     "The host left: the table is closed.",
	anyKey:   "Press any key to return to the menu.",
	confirm:  "Leaving loses the game. Leave? (y/n) ",
	confirmW: "Stop watching? (y/n) ",

	choose:     "Choose your number (three different digits 1-9) : ",
	chosen:     "Your number: %s",
	otherPicks: "%s is choosing a number...",
	guess:      "Guess the other's number : ",
	guessHead:  "#    %-12s  %-12s",
	badLength:  "Type three digits, then Enter.",
	badZero:    "0 is not used: digits are 1 to 9.",
	badRepeat:  "The three digits must be different.",
	answer: func(a baseball.Answer) string {
		if a.Strikes == 0 && a.Balls == 0 {
			return "Out"
		}
		return fmt.Sprintf("%dS %dB", a.Strikes, a.Balls)
	},
	found: func(name string, n int) string {
		return fmt.Sprintf("%s wins! Found the number in %d %s.", name, n, plural(n, "guess", "guesses"))
	},
	bbDraw: func(n int) string {
		return fmt.Sprintf("Draw! Both found it in %d %s.", n, plural(n, "guess", "guesses"))
	},
	numbers: "%s: %s   %s: %s",
	hidden:  "???",

	clockHead:   []string{rule28, "Choose the time control."},
	clockPrompt: "Enter a time control number : ",
	clockItem: func(c room.Control) string {
		switch {
		case !c.Timed():
			return "none (no time limit)"
		case c.PerMove:
			return spellEnglish(c.Base) + " (per guess)"
		case c.Increment == 0:
			return fmt.Sprintf("%v (%s, no increment)", c, spellEnglish(c.Base))
		}
		return fmt.Sprintf("%v (%s, +%s a move)", c, spellEnglish(c.Base), spellEnglish(c.Increment))
	},
	clockShort: func(c room.Control) string {
		if !c.Timed() {
			return "no clock"
		}
		return c.String()
	},
	openingMenu:   []string{rule28, "Choose the opening.", "1. Swap2 (a fair opening; the default)", "2. None (the host plays black)", rule28},
	openingPrompt: "Enter an opening number : ",
	swap2:         "swap2",
	quickFailed:   "The quick match could not be made. Please try again.",

	// Swap2.
	s2Place:   "Swap2: %s to place %s (stone %d of %d)",
	s2Choose:  "Swap2: %s's choice: %s",
	s2Colour:  [3]string{omok.P1: "black", omok.P2: "white"},
	s2Choice:  [4]string{omok.PlayWhite: "white", omok.PlayBlack: "black", omok.PlaceTwo: "two more"},
	s2Pick:    "Press %s. White or black: the colour you play.",
	s2Picking: "%s is choosing. Please wait.",
	s2Key:     "1, 2, 3 : swap2 choice",
	s2Stone:   "Place a %s stone now, with Enter.",
	s2NoStone: "Choose now, no stone: %s",
	s2Offered: "The choices are: %s",
}

// listing is a line of the list of tables: the game's variant, or the
// game where it has none, with its clock and swap2.
func (t *onlineText) listing(li room.Listing) string {
	game, state := short(li.Setup.Game, t, li.Setup.Rule), t.open
	game += ", " + t.clockShort(li.Setup.Control)
	if li.Setup.Swap2 {
		game += ", " + t.swap2
	}
	if li.Playing {
		state = t.playing
	}
	rated := t.casual
	if li.Rated {
		rated = t.rated
	}
	return fmt.Sprintf(t.tableLine, li.Code, game, li.Host, state, rated)
}

// textFor returns the texts in the language a game's screens speak: its
// original's unless the player chose (omok Korean, baseball English).
func textFor(tag lang.Tag, game *room.Game) *onlineText {
	return lang.Pick(tag, screensOf(game).original, &koreanText, &englishText)
}

// plural is one or many, by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// clockMenu is the clock question's block: a numbered item a control.
func (t *onlineText) clockMenu(cs []room.Control) []string {
	block := slices.Clone(t.clockHead)
	for k, c := range cs {
		block = append(block, fmt.Sprintf("%d. %s", k+1, t.clockItem(c)))
	}
	return append(block, rule28)
}

// spellKorean writes a time as the clock question says it: "3분",
// "1분 30초", "0.5초".
func spellKorean(d time.Duration) string { return spell(d, "시간", "분", "초", "") }

// spellEnglish writes it in English: "3 min", "1 min 30 s", "0.5 s".
func spellEnglish(d time.Duration) string { return spell(d, "h", "min", "s", " ") }

// spell writes d in hours, minutes and seconds, each unit after its
// number with sep between, the seconds with their fraction; none of a
// unit is left out, and a time of nothing is 0 seconds.
func spell(d time.Duration, hours, minutes, seconds, sep string) string {
	var w []string
	if h := d / time.Hour; h > 0 {
		w = append(w, strconv.FormatInt(int64(h), 10)+sep+hours)
	}
	if m := d % time.Hour / time.Minute; m > 0 {
		w = append(w, strconv.FormatInt(int64(m), 10)+sep+minutes)
	}
	if s := d % time.Minute; s > 0 || len(w) == 0 {
		w = append(w, strconv.FormatFloat(s.Seconds(), 'f', -1, 64)+sep+seconds)
	}
	return strings.Join(w, " ")
}

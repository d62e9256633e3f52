package omok

import (
	"fmt"
	"slices"
	"strings"

	"termgames/internal/lang"
	"termgames/omok/renju"
)

// texts holds every line the screens show, in one language. The Korean lines
// are the original's, character for character, where the original has them.
type texts struct {
	menu     []string // the block between and including the '=' rules, without the rule entry
	ruleItem string   // Printf format: the rule in force's name; the menu's last entry
	online   string   // the entry an SSH session adds after the rule's (and the records')
	records  string   // the kept games' entry, after the rule's

	// The records (기보).
	rec      recordTexts
	prompt   string
	retry    string
	howTo    []string // before the rule line
	keys     []string // the how-to's [단축키] part, the original's two lines first
	credits  []string
	quit     string
	turn     string // Printf format: the player number
	yourTurn string // Printf format: the player number and stone; the person's turn against the computer
	move     string // the line under the turn line
	occupied string
	win      string // Printf format: the player number
	draw     string
	noMoves  string // a draw with empty points left, all of them forbidden
	anyKey   string
	undone   string
	noUndo   string
	confirm  string
	rule     [4]string // by Rule
	ruleHint string    // after the rule line of the how-to: where the rule is chosen
	size     string    // Printf format: the board size twice
	panel    []string  // the keys beside the board
	ruleName [4]string // by Rule, short, beside the board
	ruleWord [4]string // by Rule, the rule's name alone: on the menu's rule entry
	ruleSet  string    // Printf format: the rule's name; above the menu once chosen
	moves    string    // Printf format: the number of moves
	last     string    // Printf format: row, column (1-based)
	// The game against the computer.
	levels       []string // the level question, in the menu's style
	first        []string // who moves first, in the menu's style
	thinking     string   // the status line while the computer thinks
	computerWins string
	computer     string // Printf format: the level's name; beside the board
	levelName    [3]string

	// The rules with forbidden moves.
	ruleMenu   []string    // the rule question, numbered by Rule+1, in the menu's style
	rulePrompt string      // its prompt
	ruleHowTo  [4][]string // by Rule: the how-to's lines after the rule line
	diagram    string      // beside the how-to's diagram: what × is there
	forbidden  string      // Printf format: the shape's name
	shapeName  [4]string   // by renju.Shape
	legend     string      // Printf format: the × glyph; beside the board
}

// recordTexts are the lines of the records: the end of a game, the list
// of kept games and the replay.
type recordTexts struct {
	moveString string // before the move string under a final board
	kept       string // Printf format: the file's name
	notKept    string // Printf format: the error
	listTitle  string
	listEmpty  string // Printf format: the folder
	listKeys   string
	loading    string
	players    string    // Printf format: 1P's and 2P's names
	person     [2]string // 1P, 2P
	computer   string    // Printf format: the level's name
	won        string    // Printf format: the player number
	draw       string
	unfinished string
	going      string // not won, not marked unfinished
	moveCount  string // Printf format: the number of moves
	broken     string // Printf format: the file and what is wrong
	start      string // the panel before the first move
	moveLine   string // Printf format: move number, player, stone, point
	timeLine   string // Printf format: seconds
	keys       []string
	gotoLine   string // Printf format: the digits typed
	thinking   string
	bestMove   string // Printf format: the point
	winVCF     string // Printf format: player, stone, moves
	winForced  string // Printf format: player, stone, moves
	winSoon    string // Printf format: player, stone (no move count known)
	better     string // Printf format: player, stone
	even       string
	over       string // the position shown is a finished game's
	playOn     []string
	playPrompt string
}

const rule28 = "============================"

var korean = texts{
	menu: []string{
		rule28,
		"오목 게임을 플레이합시다!",
		"1. 2인용 플레이",
		"2. 게임 방법",
		"3. Credits",
		"4. 종료",
		"5. 컴퓨터와 대전",
		rule28,
	},
	ruleItem: "6. 규칙 선택 (지금: %s)",
	online:   "온라인 대전",
	records:  "기보 보기",
	rec: recordTexts{
		moveString: "기보: ",
		kept:       "기보를 저장했습니다: %s",
		notKept:    "기보를 저장하지 못했습니다: %v",
		listTitle:  "[기보 목록] 새 것부터",
		listEmpty:  "저장된 기보가 없습니다. (%s)",
		listKeys:   "↑ ↓ : 고르기   Enter : 열기   Esc : 메뉴로",
		loading:    "기보를 읽는 중입니다...",
		players:    "%s 대 %s",
		person:     [2]string{"1P", "2P"},
		computer:   "컴퓨터(%s)",
		won:        "%dP 승",
		draw:       "무승부",
		unfinished: "미완",
		going:      "진행 중",
		moveCount:  "%d수",
		broken:     "읽을 수 없음: %v",
		start:      "0수: 빈 보드판",
		moveLine:   "%d수: %dP(%s) %s",
		timeLine:   "걸린 시간: %.1f초",
		keys: []string{
			"← → : 한 수  Home End : 처음, 끝",
			"PgUp PgDn : 열 수",
			"숫자 + Enter : 그 수로",
			"n(ㅜ) : 수 번호 켜기/끄기",
			"Space : 컴퓨터 분석",
			"p(ㅔ) : 여기서 이어 두기",
			"Esc : 나가기",
		},
		gotoLine:   "이동할 수: %s",
		thinking:   "컴퓨터가 분석하는 중입니다...",
		bestMove:   "추천 수: %s",
		winVCF:     "%dP(%s)가 4를 이어 %d수 만에 이깁니다.",
		winForced:  "%dP(%s)가 %d수 안에 이깁니다.",
		winSoon:    "%dP(%s)에게 필승이 있습니다.",
		better:     "%dP(%s)가 유리합니다.",
		even:       "형세가 비슷합니다.",
		over:       "이 수에서 게임이 끝났습니다.",
		playOn:     []string{"1. 2인용으로 이어 두기", "2. 컴퓨터(쉬움)와 이어 두기", "3. 컴퓨터(보통)와 이어 두기", "4. 컴퓨터(어려움)와 이어 두기"},
		playPrompt: "번호를 누르세요 (Esc: 취소)",
	},
	prompt: "원하는 메뉴를 입력하세요 : ",
	retry:  "다시 입력하세요.",
	howTo: []string{
		rule28,
		"오목은 보드판 위에 5개의 돌을 연속으로 놓으면 승리하는 게임입니다.",
		"2인용 게임(1번)과 컴퓨터와의 대전(5번)이 있으며, 1p(○)가 먼저 시작합니다.",
	},
	keys: []string{
		"[단축키]",
		"키보드 ↑ ↓ ← → : 보드판에서 이동합니다.",
		"Enter : 바둑돌을 놓습니다.",
		"h j k l : ← ↓ ↑ → 와 같이 이동합니다.",
		"Space : Enter와 같이 바둑돌을 놓습니다.",
		"u, Backspace : 마지막 수를 무릅니다.",
		"Esc : 게임을 그만두고 메뉴로 돌아갑니다. (y/n으로 확인)",
	},
	credits: []string{
		"Made by. FanJae.",
		"이 오목은 FanJae 님의 블로그 글에 실린 프로그램을 Go로 옮긴 것입니다:",
		"  [리마인드] 콘솔 화면 2인용 오목 만들기 (C++)",
		"판정기(omok judge)는 BlockDMask 님의 백준 2615 풀이를 옮긴 것입니다.",
	},
	size:     "[보드판] %dx%d",
	quit:     "프로그램을 종료합니다.",
	turn:     "Player %dP의 턴입니다.",
	yourTurn: "Player %dP(나, %s)의 턴입니다.",
	move:     "키보드(상,하,좌,우)키로 이동하고, Enter를 눌러 돌을 배치하여 주세요.",
	occupied: "이미 돌이 배치되어 있습니다. 다른 곳에 배치해주세요.",
	win:      "Player %dP의 승리로 게임을 종료합니다.",
	draw:     "보드판이 가득 차서 무승부로 게임을 종료합니다.",
	noMoves:  "남은 자리가 모두 금수라서 무승부로 게임을 종료합니다.",
	anyKey:   "아무 키를 입력하면 메뉴로 돌아갑니다.",
	undone:   "한 수 물렀습니다.",
	noUndo:   "무를 수가 없습니다.",
	confirm:  "게임을 그만두고 메뉴로 돌아갈까요? (y/n) ",
	ruleHint: "규칙은 메뉴의 6번에서 바꿀 수 있습니다.",
	rule: [4]string{
		Freestyle: "[규칙] 자유룰: 5개 이상 연속으로 놓으면 승리합니다.",
		Standard:  "[규칙] 표준룰: 정확히 5개여야 승리합니다. 6개 이상(장목)은 승리가 아닙니다.",
		Renju:     "[규칙] 렌주룰: 선공(1P)은 3-3, 4-4, 장목(6개 이상)을 둘 수 없습니다(금수).",
		Omok:      "[규칙] 오목룰: 두 사람 모두 3-3을 둘 수 없습니다(금수).",
	},
	ruleHowTo: [4][]string{
		Renju: {
			"선공은 정확히 5개, 후공(2P)은 5개 이상이면 승리합니다.",
			"5개를 만드는 수는 금수라도 둘 수 있고 승리합니다.",
			"3은 금수가 아닌 수로 열린 4가 될 수 있어야 3입니다.",
		},
		Omok: {
			"4-4는 둘 수 있고, 6개 이상(장목)은 승리가 아닙니다.",
			"5개를 만드는 수는 3-3이라도 둘 수 있고 승리합니다.",
			"3은 금수가 아닌 수로 열린 4가 될 수 있어야 3입니다.",
		},
	},
	diagram:   "%s : 3-3 (열린 3이 둘), 판 위에 표시됩니다.",
	forbidden: "금수입니다: %s",
	shapeName: [4]string{renju.DoubleThree: "3-3", renju.DoubleFour: "4-4", renju.Overline: "장목"},
	legend:    "%s : 금수",
	ruleMenu: []string{
		rule28,
		"규칙을 선택하세요.",
		"1. 자유룰 (5개 이상이면 승리)",
		"2. 표준룰 (정확히 5개)",
		"3. 렌주룰 (선공 3-3, 4-4, 장목 금지)",
		"4. 오목룰 (3-3 금지)",
		rule28,
	},
	rulePrompt: "원하는 규칙을 입력하세요 : ",
	panel: []string{
		"[단축키]",
		"방향키, h j k l : 이동",
		"Enter, Space : 돌 놓기",
		"u, Backspace : 무르기",
		"Esc : 그만두기",
	},
	levels: []string{
		rule28,
		"컴퓨터의 수준을 고르세요.",
		"1. 쉬움",
		"2. 보통",
		"3. 어려움",
		rule28,
	},
	first: []string{
		rule28,
		"누가 먼저 둘까요?",
		"1. 내가 먼저 (○, 흑)",
		"2. 컴퓨터가 먼저 (내가 ●, 백)",
		rule28,
	},
	thinking:     "컴퓨터가 생각 중입니다...",
	computerWins: "컴퓨터의 승리로 게임을 종료합니다.",
	computer:     "상대: 컴퓨터 (%s)",
	levelName:    [3]string{"쉬움", "보통", "어려움"},
	ruleName: [4]string{
		Freestyle: "규칙: 자유룰 (5개 이상)", Standard: "규칙: 표준룰 (정확히 5개)",
		Renju: "규칙: 렌주룰 (선공 금수)", Omok: "규칙: 오목룰 (3-3 금지)",
	},
	ruleWord: [4]string{Freestyle: "자유룰", Standard: "표준룰", Renju: "렌주룰", Omok: "오목룰"},
	ruleSet:  "규칙을 %s로 정했습니다. 프로그램을 마칠 때까지 이 규칙으로 둡니다.",
	moves:    "놓은 돌: %d",
	last:     "마지막 수: %d행 %d열",
}

var english = texts{
	menu: []string{
		rule28,
		"Let's play Omok!",
		"1. Two-player game",
		"2. How to play",
		"3. Credits",
		"4. Quit",
		"5. Play against the computer",
		rule28,
	},
	ruleItem: "6. Choose the rule (now: %s)",
	online:   "Play online",
	records:  "Game records",
	rec: recordTexts{
		moveString: "Moves: ",
		kept:       "Game record kept: %s",
		notKept:    "The game record could not be kept: %v",
		listTitle:  "[Game records] newest first",
		listEmpty:  "No game records yet. (%s)",
		listKeys:   "Up Down: choose   Enter: open   Esc: menu",
		loading:    "Reading the game records...",
		players:    "%s vs %s",
		person:     [2]string{"1P", "2P"},
		computer:   "computer (%s)",
		won:        "%dP won",
		draw:       "draw",
		unfinished: "unfinished",
		going:      "not over",
		moveCount:  "%d moves",
		broken:     "unreadable: %v",
		start:      "move 0: empty board",
		moveLine:   "move %d: %dP (%s) %s",
		timeLine:   "time taken: %.1f s",
		keys: []string{
			"Left Right: a move  Home End: ends",
			"PgUp PgDn: ten moves",
			"digits + Enter: go to that move",
			"n: move numbers on/off",
			"Space: ask the computer",
			"p: play on from here",
			"Esc: leave",
		},
		gotoLine:   "go to move: %s",
		thinking:   "The computer is thinking...",
		bestMove:   "its move: %s",
		winVCF:     "%dP (%s) wins by fours in %d moves.",
		winForced:  "%dP (%s) wins in %d moves at most.",
		winSoon:    "%dP (%s) has a forced win.",
		better:     "%dP (%s) stands better.",
		even:       "The position is even.",
		over:       "The game ended at this move.",
		playOn:     []string{"1. Play on, two players", "2. Play on against the computer (easy)", "3. Play on against the computer (normal)", "4. Play on against the computer (hard)"},
		playPrompt: "Press a number (Esc: cancel)",
	},
	prompt: "Enter a menu number : ",
	retry:  "Please enter again.",
	howTo: []string{
		rule28,
		"Omok is won by placing five stones in a row on the board.",
		"Two players (1) or you against the computer (5); 1P (○) moves first.",
	},
	keys: []string{
		"[Keys]",
		"Arrow keys ↑ ↓ ← → : move on the board.",
		"Enter : place a stone.",
		"h j k l : move like ← ↓ ↑ →.",
		"Space : place a stone, like Enter.",
		"u, Backspace : take back the last move.",
		"Esc : leave the game for the menu (confirm with y/n).",
	},
	credits: []string{
		"Made by. FanJae.",
		"This omok is a Go port of the program in FanJae's blog post",
		"  [Remind] Making two-player omok on the console (C++)",
		"The judge (omok judge) is a port of BlockDMask's Baekjoon 2615 solution.",
	},
	size:     "[Board] %dx%d",
	quit:     "Quitting the program.",
	turn:     "Player %dP's turn.",
	yourTurn: "Player %dP's turn (you, %s).",
	move:     "Move with the arrow keys (up, down, left, right); Enter places a stone.",
	occupied: "A stone is already there. Place yours somewhere else.",
	win:      "Player %dP wins. The game is over.",
	draw:     "The board is full. The game ends in a draw.",
	noMoves:  "Every empty point is forbidden. The game ends in a draw.",
	anyKey:   "Press any key to return to the menu.",
	undone:   "Took back one move.",
	noUndo:   "There is no move to take back.",
	confirm:  "Leave the game and return to the menu? (y/n) ",
	ruleHint: "Menu entry 6 changes the rule.",
	rule: [4]string{
		Freestyle: "[Rule] freestyle: five or more in a row wins.",
		Standard:  "[Rule] standard: exactly five in a row wins; six or more does not.",
		Renju:     "[Rule] renju: 1P, who moves first, may not make 3-3, 4-4 or six (forbidden).",
		Omok:      "[Rule] omok (Korean rule): neither player may make 3-3 (a forbidden move).",
	},
	ruleHowTo: [4][]string{
		Renju: {
			"1P wins with exactly five, 2P with five or more.",
			"A move that makes five is allowed even if forbidden, and wins.",
			"A three counts only if an allowed move makes it an open four.",
		},
		Omok: {
			"4-4 is allowed; six or more in a row does not win. Exactly five wins.",
			"A move that makes five is allowed even if it is a 3-3, and wins.",
			"A three counts only if an allowed move makes it an open four.",
		},
	},
	diagram:   "%s : 3-3 (two open threes), marked on the board.",
	forbidden: "Forbidden move: %s",
	shapeName: [4]string{renju.DoubleThree: "3-3", renju.DoubleFour: "4-4", renju.Overline: "overline"},
	legend:    "%s : forbidden",
	ruleMenu: []string{
		rule28,
		"Choose the rule.",
		"1. Freestyle (five or more wins)",
		"2. Standard (exactly five)",
		"3. Renju (1P: no 3-3, 4-4, six)",
		"4. Omok, the Korean rule (no 3-3)",
		rule28,
	},
	rulePrompt: "Enter a rule number : ",
	panel: []string{
		"[Keys]",
		"arrows, h j k l : move",
		"Enter, Space : place",
		"u, Backspace : undo",
		"Esc : leave",
	},
	levels: []string{
		rule28,
		"Choose the computer's level.",
		"1. Easy",
		"2. Normal",
		"3. Hard",
		rule28,
	},
	first: []string{
		rule28,
		"Who moves first?",
		"1. Me (○, black)",
		"2. The computer (I play ●, white)",
		rule28,
	},
	thinking:     "The computer is thinking...",
	computerWins: "The computer wins. The game is over.",
	computer:     "Opponent: computer (%s)",
	levelName:    [3]string{"easy", "normal", "hard"},
	ruleName: [4]string{
		Freestyle: "Rule: freestyle (5 or more)", Standard: "Rule: standard (exactly 5)",
		Renju: "Rule: renju (1P forbidden)", Omok: "Rule: omok (no 3-3)",
	},
	ruleWord: [4]string{Freestyle: "freestyle", Standard: "standard", Renju: "renju", Omok: "omok"},
	ruleSet:  "The rule is now %s, until the program ends.",
	moves:    "Stones: %d",
	last:     "Last move: row %d, col %d",
}

// textsFor returns the texts for a -lang value; the original's Korean
// when there is none.
func textsFor(tag lang.Tag) *texts { return lang.Pick(tag, originalLang, &korean, &english) }

// menuBlock is the menu with its entry for the rule, naming the rule in
// force, and in an SSH session (online) the online tables' entry after it.
func (t *texts) menuBlock(r Rule, records, online bool) []string {
	last := len(t.menu) - 1
	block := append(slices.Clone(t.menu[:last]), fmt.Sprintf(t.ruleItem, t.ruleWord[r]))
	n := itemRule
	if records {
		n++
		block = append(block, fmt.Sprintf("%d. %s", n, t.records))
	}
	if online {
		n++
		block = append(block, fmt.Sprintf("%d. %s", n, t.online))
	}
	return append(block, t.menu[last])
}

// howToPlay returns the how-to screen: the original's lines, the rule and
// the board size in force, then the keys. A rule with forbidden moves gets
// a few more lines and a small board showing a 3-3, drawn with the game's
// glyphs.
func (t *texts) howToPlay(r Rule, size int, glyphs [3]string, forbid string) []string {
	lines := append(stones(t.howTo, glyphs), t.rule[r], t.ruleHint)
	if t.ruleHowTo[r] != nil {
		lines = append(lines, t.ruleHowTo[r]...)
		lines = append(lines, threeThree(glyphs, forbid, fmt.Sprintf(t.diagram, forbid))...)
	}
	lines = append(lines, fmt.Sprintf(t.size, size, size))
	return append(lines, t.keys...)
}

// stones returns lines with the texts' ○ and ● drawn as glyphs draws the
// stones, so that with -ascii (a font without them) the texts name the
// stones the board shows.
func stones(lines []string, glyphs [3]string) []string {
	r := strings.NewReplacer(unicodeGlyphs[P1], glyphs[P1], unicodeGlyphs[P2], glyphs[P2])
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = r.Replace(l)
	}
	return out
}

// threeThree draws a corner of a board where 1P's move at × would make two
// open threes, with note beside the row of ×. Every cell is one glyph and
// a space, so the columns line up whether the terminal draws the glyphs
// one column wide or two.
func threeThree(glyphs [3]string, forbid, note string) []string {
	rows := []string{
		"...o.",
		"...o.",
		".oo*.",
		".....",
	}
	out := make([]string, len(rows))
	for i, row := range rows {
		cells := make([]string, len(row))
		for j, c := range row {
			switch c {
			case 'o':
				cells[j] = glyphs[P1]
			case '*':
				cells[j] = forbid
			default:
				cells[j] = glyphs[Empty]
			}
		}
		out[i] = "  " + strings.Join(cells, " ")
		if i == 2 {
			out[i] += "    " + note
		}
	}
	return out
}

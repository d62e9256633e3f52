package omok

import (
	"fmt"

	"termgames/internal/lang"
)

// text holds every line the screens show, in one language. The Korean lines
// are the original's, character for character, where the original has them.
type text struct {
	menu     []string // the block between and including the '=' rules
	prompt   string
	retry    string
	howTo    []string // before the rule line
	keys     []string // the how-to's [단축키] part, the original's two lines first
	credits  []string
	quit     string
	turn     string // Printf format: the player number
	move     string // the line under the turn line
	occupied string
	win      string // Printf format: the player number
	draw     string
	anyKey   string
	undone   string
	noUndo   string
	confirm  string
	rule     [2]string // by Rule
	size     string    // Printf format: the board size twice
	panel    []string  // the keys beside the board
	ruleName [2]string // by Rule, short, beside the board
	moves    string    // Printf format: the number of moves
	last     string    // Printf format: row, column (1-based)
	// The game against the computer.
	levels       []string // the level question, in the menu's style
	first        []string // who moves first, in the menu's style
	thinking     string   // the status line while the computer thinks
	computerWins string
	computer     string // Printf format: the level's name; beside the board
	levelName    [3]string
}

const rule28 = "============================"

var korean = text{
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
	move:     "키보드(상,하,좌,우)키로 이동하고, Enter를 눌러 돌을 배치하여 주세요.",
	occupied: "이미 돌이 배치되어 있습니다. 다른 곳에 배치해주세요.",
	win:      "Player %dP의 승리로 게임을 종료합니다.",
	draw:     "보드판이 가득 차서 무승부로 게임을 종료합니다.",
	anyKey:   "아무 키를 입력하면 메뉴로 돌아갑니다.",
	undone:   "한 수 물렀습니다.",
	noUndo:   "무를 수가 없습니다.",
	confirm:  "게임을 그만두고 메뉴로 돌아갈까요? (y/n) ",
	rule: [2]string{
		Freestyle: "[규칙] 자유룰: 5개 이상 연속으로 놓으면 승리합니다.",
		Standard:  "[규칙] 표준룰: 정확히 5개여야 승리합니다. 6개 이상(장목)은 승리가 아닙니다.",
	},
	panel: []string{
		"[단축키]",
		"방향키, h j k l : 이동",
		"Enter, Space : 돌 놓기",
		"u, Backspace : 무르기",
		"Esc : 그만두기",
	},
	ruleName: [2]string{Freestyle: "규칙: 자유룰 (5개 이상)", Standard: "규칙: 표준룰 (정확히 5개)"},
	moves:    "놓은 돌: %d",
	last:     "마지막 수: %d행 %d열",
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
}

var english = text{
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
	move:     "Move with the arrow keys (up, down, left, right); Enter places a stone.",
	occupied: "A stone is already there. Place yours somewhere else.",
	win:      "Player %dP wins. The game is over.",
	draw:     "The board is full. The game ends in a draw.",
	anyKey:   "Press any key to return to the menu.",
	undone:   "Took back one move.",
	noUndo:   "There is no move to take back.",
	confirm:  "Leave the game and return to the menu? (y/n) ",
	rule: [2]string{
		Freestyle: "[Rule] freestyle: five or more in a row wins.",
		Standard:  "[Rule] standard: exactly five in a row wins; six or more does not.",
	},
	panel: []string{
		"[Keys]",
		"arrows, h j k l : move",
		"Enter, Space : place",
		"u, Backspace : undo",
		"Esc : leave",
	},
	ruleName: [2]string{Freestyle: "Rule: freestyle (5 or more)", Standard: "Rule: standard (exactly 5)"},
	moves:    "Stones: %d",
	last:     "Last move: row %d, col %d",
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
}

// language returns the texts for a -lang value; the original's Korean
// when there is none.
func language(tag lang.Tag) *text { return lang.Pick(tag, lang.Korean, &korean, &english) }

// howToPlay returns the how-to screen: the original's lines, the rule and
// the board size in force, then the keys.
func (t *text) howToPlay(r Rule, size int) []string {
	lines := append([]string(nil), t.howTo...)
	lines = append(lines, t.rule[r], fmt.Sprintf(t.size, size, size))
	return append(lines, t.keys...)
}

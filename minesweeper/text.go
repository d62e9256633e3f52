package minesweeper

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mattn/go-runewidth"

	"termgames/console"
	"termgames/internal/lang"
)

// texts are the words of the game in one language. The Korean ones follow
// the original's and the omok menu's wording.
type texts struct {
	menu          []string // the block: rules of '=', the title, the items
	prompt, retry string
	levels        [3]string // the original's levels, as the status line names them
	custom        string    // the status line's name of a custom level
	customTitle   string    // a custom level with its size: rows, columns, mines
	askRows       string    // with the allowed range
	askCols       string
	askMines      string
	customTooBig  string // the terminal cannot show even a 2 x 2 board
	minesLeft     string
	clock         string
	win, lose     string
	help          []string
	helpMarks     string // the flag key's line when marks are on
	winTime       string // the time of a win, with its rank or without
	winRank       string
	saveFailed    string
	statsFailed   string // a lost game could not be counted
	winCustom     string // the time of a win on a custom field, which is not kept
	winUnplayed   string // the time of a game the first opening won, not kept
	badFile       string // the best-times file could not be read
	movedTo       string
	leftAlone     string
	bestTitle     string
	bestNone      string
	unit          string // after a time in seconds
	bestHelp      string
	ownTimes      string    // over the player's own times, beside a book's leaderboard
	leaders       string    // over a book's leaderboard: each player's best time
	leadersWait   string    // the leaderboard is being read
	leadersFailed string    // the leaderboard could not be read
	bookFailed    string    // the player's games could not be read from the book, with why
	noGuessState  [2]string // off, on: the menu line with "%s" shows it
	noGuessTag    string    // after a level's name: its boards need no guess
	generating    string    // a no-guess board is being made, with the tries so far
	noBoard       string    // no no-guess board was found: a normal one is played
	hintSafe      string    // the hint's words in the status line, kept short
	hintMine      string
	hintProb      string // with the mine chance in percent
	hintFirst     string
	hintNoBest    string // a win with hints is not a best time
	endKeys       string // the keys once a game is over
	retryTag      string // after a level's name: the same board again
	online        string // the entry an SSH session adds to menu
	retryNoBest   string // the same board again is not a best time
	figures       string // time, 3BV, 3BV/s, clicks, IOE, with %s for each
	watchTitle    string // the watch screen's status line: clicks made, all clicks, time
	watchHelp     []string
	statsTitle    string
	statsLines    [7]string // played, won (with the percent), streak, best streak, best time, best 3BV/s, average win
	none          string    // a figure there is nothing yet to show
}

// english are the words in English.
var english = texts{
	menu: []string{
		"============================",
		"Let's play Minesweeper!",
		"1. Beginner (9 x 9, 10 mines)",
		"2. Intermediate (16 x 16, 40 mines)",
		"3. Expert (16 x 30, 99 mines)",
		"4. Custom",
		"5. Best times",
		"6. No-guess boards: %s",
		"7. Quit",
		"============================",
	},
	prompt:       "Enter a menu number : ",
	retry:        "Please enter again.",
	levels:       [3]string{"Beginner", "Intermediate", "Expert"},
	custom:       "Custom",
	customTitle:  "Custom (%d x %d, %d mines)",
	askRows:      "Rows (%d-%d) : ",
	askCols:      "Columns (%d-%d) : ",
	askMines:     "Mines (%d-%d) : ",
	customTooBig: "The terminal is too small for a board; make it larger.",
	minesLeft:    "Mines left: %d",
	clock:        "Time: %d s",
	win:          "You win!",
	lose:         "Game over",
	help: []string{
		"arrows/h j k l move   Enter/Space open   f flag",
		"r new game   Esc/q menu   t hint   a same board",
		"mouse: left open, right flag, middle chord",
	},
	helpMarks:     "arrows/h j k l move   Enter/Space open   f flag/?",
	winTime:       "Your time: %s s",
	winRank:       "Your time: %s s, best time #%d",
	saveFailed:    "Best time not saved: %v",
	statsFailed:   "Statistics not saved: %v",
	winCustom:     "Your time: %s s (best times are kept for the three levels only)",
	winUnplayed:   "Your time: %s s (the first opening won it: not a best time)",
	badFile:       "The best-times file could not be read:",
	movedTo:       "it was kept aside as %s",
	leftAlone:     "it is left as it is and no time will be written: %v",
	bestTitle:     "Best times: %s",
	bestNone:      "(no times yet)",
	unit:          " s",
	bestHelp:      "left/right other level   Esc/Enter menu",
	ownTimes:      "Your times",
	leaders:       "Server leaderboard",
	leadersWait:   "(reading...)",
	leadersFailed: "(could not be read)",
	bookFailed:    "Your best times and statistics could not be read: %v",
	noGuessState:  [2]string{"off", "on"},
	noGuessTag:    " (no-guess)",
	generating:    "Making a board that needs no guess... (try %d)",
	noBoard:       "No no-guess board found for this field: this one may need guesses.",
	hintSafe:      "Hint: safe",
	hintMine:      "Hint: a mine",
	hintProb:      "Hint: mine chance %d%%",
	hintFirst:     "Hint: first is safe",
	hintNoBest:    "(hints used: not a best time)",
	endKeys:       "r new game   a same board   w watch again   Esc/q menu",
	retryTag:      " (same board again)",
	online:        "8. Race online",
	retryNoBest:   "(same board again: not a best time, not in the statistics)",
	figures:       "Time %s s  3BV %s  3BV/s %s  Clicks %s  IOE %s",
	watchTitle:    "Watching again   click %d/%d   %s s",
	watchHelp: []string{
		"right arrow one click   Space play/pause",
		"left arrow from the start   Esc/q back",
	},
	statsTitle: "Statistics",
	statsLines: [7]string{"Games played", "Games won", "Current streak", "Best streak", "Best time", "Best 3BV/s", "Average win"},
	none:       "-",
}

// korean are the words in Korean, the original's language.
var korean = texts{
	menu: []string{
		"============================",
		"지뢰찾기 게임을 플레이합시다!",
		"1. 초급 (9 x 9, 지뢰 10개)",
		"2. 중급 (16 x 16, 지뢰 40개)",
		"3. 고급 (16 x 30, 지뢰 99개)",
		"4. 사용자 지정",
		"5. 최고 기록",
		"6. 추측 없는 보드: %s",
		"7. 종료",
		"============================",
	},
	prompt:       "원하는 메뉴를 입력하세요 : ",
	retry:        "다시 입력하세요.",
	levels:       [3]string{"초급", "중급", "고급"},
	custom:       "사용자 지정",
	customTitle:  "사용자 지정 (%d x %d, 지뢰 %d개)",
	askRows:      "세로 칸 수를 입력하세요 (%d~%d) : ",
	askCols:      "가로 칸 수를 입력하세요 (%d~%d) : ",
	askMines:     "지뢰 수를 입력하세요 (%d~%d) : ",
	customTooBig: "터미널이 너무 작아 보드를 그릴 수 없습니다. 창을 키워 주세요.",
	minesLeft:    "남은 지뢰: %d",
	clock:        "시간: %d초",
	win:          "승리!",
	lose:         "패배",
	help: []string{
		"방향키/h j k l 이동   Enter/Space 열기   f 깃발",
		"r 새 게임   Esc/q 메뉴   t 힌트   a 같은 보드 다시",
		"마우스: 왼쪽 열기, 오른쪽 깃발, 가운데 주변 열기",
	},
	helpMarks:     "방향키/h j k l 이동   Enter/Space 열기   f 깃발/?",
	winTime:       "기록: %s초",
	winRank:       "기록: %s초, 최고 기록 %d위",
	saveFailed:    "기록을 저장하지 못했습니다: %v",
	statsFailed:   "통계를 저장하지 못했습니다: %v",
	winCustom:     "기록: %s초 (최고 기록은 세 난이도만 남깁니다)",
	winUnplayed:   "기록: %s초 (첫 칸을 열자 끝난 판이라 최고 기록에 남기지 않습니다)",
	badFile:       "최고 기록 파일을 읽을 수 없습니다.",
	movedTo:       "%s 로 옮겨 두었습니다.",
	leftAlone:     "파일은 그대로 두고 기록을 쓰지 않습니다: %v",
	bestTitle:     "최고 기록: %s",
	bestNone:      "(기록이 없습니다)",
	unit:          "초",
	bestHelp:      "좌우 방향키: 다른 난이도   Esc/Enter: 메뉴",
	ownTimes:      "내 기록",
	leaders:       "서버 순위",
	leadersWait:   "(불러오는 중...)",
	leadersFailed: "(불러오지 못했습니다)",
	bookFailed:    "최고 기록과 통계를 불러오지 못했습니다: %v",
	noGuessState:  [2]string{"끔", "켬"},
	noGuessTag:    " (추측 없음)",
	generating:    "추측 없이 풀리는 보드를 만드는 중... (%d번째 시도)",
	noBoard:       "추측 없이 풀리는 보드를 찾지 못했습니다. 이 보드는 추측이 필요할 수 있습니다.",
	hintSafe:      "힌트: 안전",
	hintMine:      "힌트: 지뢰",
	hintProb:      "힌트: 지뢰 확률 %d%%",
	hintFirst:     "힌트: 첫 칸은 안전",
	hintNoBest:    "(힌트를 써서 최고 기록에 넣지 않습니다)",
	endKeys:       "r 새 게임   a 같은 보드 다시   w 다시 보기   Esc/q 메뉴",
	retryTag:      " (같은 보드 다시)",
	online:        "8. 온라인 대결",
	retryNoBest:   "(같은 보드 다시: 최고 기록과 통계에 넣지 않습니다)",
	figures:       "시간 %s초  3BV %s  3BV/s %s  클릭 %s  IOE %s",
	watchTitle:    "다시 보기   클릭 %d/%d   %s초",
	watchHelp: []string{
		"오른쪽 방향키 한 클릭   Space 재생/멈춤",
		"왼쪽 방향키 처음부터   Esc/q 돌아가기",
	},
	statsTitle: "통계",
	statsLines: [7]string{"게임 수", "승리", "현재 연승", "최고 연승", "최고 기록", "최고 3BV/s", "평균 승리 기록"},
	none:       "-",
}

// textsFor returns the words for a -lang value; Korean, the original's,
// when there is none.
func textsFor(tag lang.Tag) *texts { return lang.Pick(tag, originalLang, &korean, &english) }

// menuBlock is the menu with the no-guess line showing its state, and in
// an SSH session (online) the online entry before the closing rule.
func (t *texts) menuBlock(noGuess, online bool) []string {
	block := slices.Clone(t.menu)
	if online {
		block = slices.Insert(block, len(block)-1, t.online)
	}
	state := t.noGuessState[0]
	if noGuess {
		state = t.noGuessState[1]
	}
	for i, line := range block {
		if strings.Contains(line, "%s") {
			block[i] = fmt.Sprintf(line, state)
		}
	}
	return block
}

// levelName is how the status line names a level: the original's name,
// or "custom" (the board shows its size).
func (t *texts) levelName(l Level) string {
	for i, std := range Levels() {
		if l == std {
			return t.levels[i]
		}
	}
	return t.custom
}

// levelTitle is a level's name with its size, as the menu gives it.
func (t *texts) levelTitle(l Level) string {
	for i, std := range Levels() {
		if l == std {
			return t.menu[2+i][len("1. "):]
		}
	}
	return fmt.Sprintf(t.customTitle, l.Rows, l.Cols, l.Mines)
}

// seconds shows a time to a tenth of a second, as the best times list it.
func seconds(d time.Duration) string {
	return fmt.Sprintf("%.1f", d.Seconds())
}

// figuresLine is the row under the help of a game that ended: its time,
// its 3BV (solved of all, when not all of it is solved), 3BV/s, clicks and
// IOE.
func (t *texts) figuresLine(g Figures) string {
	bbbv := fmt.Sprint(g.BBBV)
	if g.Solved != g.BBBV {
		bbbv = fmt.Sprintf("%d/%d", g.Solved, g.BBBV)
	}
	return fmt.Sprintf(t.figures, seconds(g.Time), bbbv, fmt.Sprintf("%.2f", g.Rate()),
		fmt.Sprint(g.Clicks), fmt.Sprintf("%.2f", g.IOE()))
}

// statsBlock is a level's statistics as lines, their labels padded to one
// width with w: the title, games, wins with their percent, the streaks,
// the best time (the first of best), the best 3BV/s and the average win.
func (t *texts) statsBlock(w *runewidth.Condition, st Stats, best []Record) []string {
	bestTime, bestRate, average := t.none, t.none, t.none
	if len(best) > 0 {
		bestTime = seconds(best[0].Time()) + t.unit
	}
	if st.Won > 0 {
		bestRate = fmt.Sprintf("%.2f", st.BestRate)
		average = seconds(st.AverageWin()) + t.unit
	}
	values := [7]string{
		fmt.Sprint(st.Played),
		fmt.Sprintf("%d (%.1f%%)", st.Won, st.WinPercent()),
		fmt.Sprint(st.Streak),
		fmt.Sprint(st.BestStreak),
		bestTime, bestRate, average,
	}
	width := 0
	for _, l := range t.statsLines {
		width = max(width, console.Width(w, l))
	}
	lines := []string{t.statsTitle}
	for i, l := range t.statsLines {
		lines = append(lines, "  "+w.FillRight(l, width)+"   "+values[i])
	}
	return lines
}

// FiguresLine is a game's figures as the board screen shows them once the
// game is over, in the language of tag: time, 3BV, 3BV/s, clicks, IOE.
func FiguresLine(tag lang.Tag, g Figures) string { return textsFor(tag).figuresLine(g) }

// LevelTitle is a level's name with its size, as the menu gives it, in
// the language of tag: "고급 (16 x 30, 지뢰 99개)".
func LevelTitle(tag lang.Tag, l Level) string { return textsFor(tag).levelTitle(l) }

// LevelName is a level's name as the status line gives it: "고급".
func LevelName(tag lang.Tag, l Level) string { return textsFor(tag).levelName(l) }

// KeyHelp is the board screen's lines on the keys and the mouse that play
// a field (move, open, flag; the buttons), in the language of tag, for
// another screen that plays fields with the same keys.
func KeyHelp(tag lang.Tag) []string {
	h := textsFor(tag).help
	return []string{h[0], h[len(h)-1]}
}

// MinesLeftLine is the count of mines left as the status line says it:
// "남은 지뢰: 7".
func MinesLeftLine(tag lang.Tag, n int) string { return fmt.Sprintf(textsFor(tag).minesLeft, n) }

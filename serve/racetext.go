package serve

import (
	"fmt"

	"termgames/internal/lang"
	"termgames/minesweeper"
)

// raceText is what the race's screens say beside the online screens'
// common lines (onlineText), in one language; the level's names, the
// figures and the keys are the local minesweeper's own words.
type raceText struct {
	tag         lang.Tag
	menuTitle   string   // the online menu's title
	title       string   // at the top of a table
	name        string   // Printf: the level: the race in the archive and the leaderboards
	rematch     string   // the keys at the end
	heading     string   // Printf: the title, the level: at the top of a table
	levelHead   []string // the level question's block before its items
	levelPrompt string
	count       string // Printf: seconds: the count before the boards show
	making      string // the board is being made
	clock       string // Printf: seconds since the start
	opponent    string // Printf: name: over the other player's progress
	opened      string // Printf: safe cells opened, all of them
	flags       string // Printf: flags
	progress    string // Printf: name, opened, safe cells, flags: a seat's progress in one line
	narrow      string // Printf: columns: a watcher's terminal too narrow for both boards
	cleared     string // Printf: the winner
	mine        string // Printf: the loser, the winner
	figuresHead string // over both players' figures
	leave       string // the key that resigns
	waiting     string // under the common line of a table waiting: when the race starts
	replayTitle string // Printf: clicks made, all, seconds
	replayHelp  []string
}

var koreanRace = raceText{
	tag:         lang.Korean,
	menuTitle:   "온라인 대결 (지뢰찾기)",
	title:       "[온라인 대결] 지뢰찾기",
	name:        "지뢰찾기 %s",
	rematch:     "r : 재대결 (새 보드로 한 판 더)   다른 키 : 메뉴로",
	heading:     "%s %s",
	levelHead:   []string{rule28, "난이도를 선택하세요."},
	levelPrompt: "원하는 난이도를 입력하세요 : ",
	count:       "%d초 뒤에 시작합니다. 두 사람 모두 같은 보드입니다.",
	making:      "보드를 만드는 중...",
	clock:       "시간: %d초",
	opponent:    "상대: %s",
	opened:      "열린 칸: %d/%d",
	flags:       "깃발: %d",
	progress:    "%s   열린 칸 %d/%d   깃발 %d",
	narrow:      "두 보드를 나란히 보려면 터미널을 %d칸 이상으로 넓혀 주세요.",
	cleared:     "%s 님이 먼저 모든 칸을 열었습니다. 승리!",
	mine:        "%s 님이 지뢰를 열었습니다. %s 님의 승리!",
	figuresHead: "기록",
	leave:       "Esc : 나가기 (기권)",
	waiting:     "상대가 앉으면 3초 뒤에 시작합니다.",
	replayTitle: "다시 보기   클릭 %d/%d   %s초",
	replayHelp:  []string{"오른쪽 방향키 한 클릭   Space 재생/멈춤", "왼쪽 방향키 처음부터   Esc/q 돌아가기"},
}

var englishRace = raceText{
	tag:         lang.English,
	menuTitle:   "Race online (Minesweeper)",
	title:       "[Online] Minesweeper race",
	name:        "Minesweeper %s",
	rematch:     "r : rematch (on a new board)   any other key : menu",
	heading:     "%s: %s",
	levelHead:   []string{rule28, "Choose the level."},
	levelPrompt: "Enter a level number : ",
	count:       "Starting in %d s. Both play the same board.",
	making:      "Making the board...",
	clock:       "Time: %d s",
	opponent:    "Opponent: %s",
	opened:      "Open: %d/%d",
	flags:       "Flags: %d",
	progress:    "%s   open %d/%d   flags %d",
	narrow:      "Widen the terminal to %d columns to see both boards.",
	cleared:     "%s opened every safe cell first. Winner!",
	mine:        "%s opened a mine. %s wins!",
	figuresHead: "Figures",
	leave:       "Esc : leave (resign)",
	waiting:     "The race starts 3 s after they sit down.",
	replayTitle: "Watching again   click %d/%d   %s s",
	replayHelp:  []string{"right arrow one click   Space play/pause", "left arrow from the start   Esc/q back"},
}

// raceTextFor is the race's texts in the language of the online screens'
// t.
func raceTextFor(t *onlineText) *raceText {
	if langOf(t) == lang.Korean {
		return &koreanRace
	}
	return &englishRace
}

// raceWords are the race's words on the online screens (Game.korean,
// english): the level question names each level as the local game's menu
// does, and the lists say a level as its status line does.
func raceWords(r *raceText) *gameText {
	w := &gameText{menuTitle: r.menuTitle, title: r.title, name: r.name, rematch: r.rematch,
		variantMenu: append([]string(nil), r.levelHead...), variantPrompt: r.levelPrompt,
		variantNames: map[string]string{}}
	for i, l := range minesweeper.Levels() {
		w.variantMenu = append(w.variantMenu, fmt.Sprintf("%d. %s", i+1, minesweeper.LevelTitle(r.tag, l)))
		w.variantNames[l.Name] = minesweeper.LevelName(r.tag, l)
	}
	w.variantMenu = append(w.variantMenu, rule28)
	return w
}

// levelName names the level of a race as the local game's status line
// does ("고급").
func (r *raceText) levelName(level minesweeper.Level) string {
	return minesweeper.LevelName(r.tag, level)
}

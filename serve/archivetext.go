package serve

import (
	"termgames/internal/lang"
	"termgames/internal/store"
)

// archiveText is every line of the screens of what the server keeps: a
// player's games, their profile and the leaderboards, in one language.
type archiveText struct {
	items    [3]string // the online menu's entries: my games, my profile, leaderboard
	guest    string    // a guest asked for their games or profile
	noStore  string    // the server keeps nothing
	loading  string
	failed   string // Printf: the error
	anyKey   string
	gamesHd  string // Printf: name
	noGames  string
	gameKeys string
	profile  string // Printf: name
	ratings  string
	noRating string
	ratingLn string // Printf: game and rule, rating, games, wins, losses, draws
	recent   string
	boardHd  string // Printf: game and rule
	noBoard  string
	boardLn  string // Printf: place, name, rating, games, wins, losses, draws
	leftOut  string // the leaderboard leaves out the ratings not settled
	onlyNew  string // the leaderboard has only ratings not settled yet
	vs       string // Printf: the opponent
	outcome  [3]string
	how      map[store.How]string
}

var koreanArchive = archiveText{
	items:    [3]string{"내 대국 기록", "내 프로필", "순위표"},
	guest:    "키 없이 접속한 게스트는 기록이 남지 않습니다. ssh 키로 접속하면 대국과 레이팅이 남습니다.",
	noStore:  "이 서버는 기록을 남기지 않습니다.",
	loading:  "불러오는 중...",
	failed:   "기록을 불러오지 못했습니다: %v",
	anyKey:   "아무 키나 누르면 돌아갑니다.",
	gamesHd:  "[내 대국 기록] %s",
	noGames:  "아직 끝난 대국이 없습니다.",
	gameKeys: "상,하 : 고르기   Enter : 다시 보기   Esc : 돌아가기",
	profile:  "[내 프로필] %s",
	ratings:  "레이팅 (? : 아직 확정되지 않은 레이팅)",
	noRating: "  아직 레이팅 대국이 없습니다. 키로 접속한 상대와 두면 레이팅이 매겨집니다.",
	ratingLn: "  %s %6s  %d전 %d승 %d패 %d무",
	recent:   "최근 대국",
	boardHd:  "[순위표] %s",
	noBoard:  "아직 레이팅 대국이 없습니다.",
	boardLn:  "%3d. %s %6s  %d전 %d승 %d패 %d무",
	leftOut:  "아직 확정되지 않은 레이팅(?)은 순위표에 넣지 않습니다. 대국이 쌓이면 들어갑니다.",
	onlyNew:  "아직 확정된 레이팅이 없습니다.",
	vs:       "vs %s",
	outcome:  [3]string{"승", "패", "무"},
	how: map[store.How]string{"five": "5목", "found": "맞힘", "cleared": "먼저 다 엶", "mine": "지뢰", "draw": "무승부", "resigned": "기권",
		"time": "시간패", "agreed": "합의 무승부",
		"forfeit": "연결 끊김", "void": "무효"},
}

var englishArchive = archiveText{
	items:    [3]string{"My games", "My profile", "Leaderboard"},
	guest:    "Guests (no key) keep nothing. Connect with an ssh key to keep your games and a rating.",
	noStore:  "This server keeps no records.",
	loading:  "Loading...",
	failed:   "Could not read the records: %v",
	anyKey:   "Press any key to go back.",
	gamesHd:  "[My games] %s",
	noGames:  "No finished game yet.",
	gameKeys: "Up, Down : choose   Enter : replay   Esc : back",
	profile:  "[My profile] %s",
	ratings:  "Ratings (? : not settled yet)",
	noRating: "  No rated game yet: a game against a player with a key is rated.",
	ratingLn: "  %s %6s  %d games, %d won, %d lost, %d drawn",
	recent:   "Recent games",
	boardHd:  "[Leaderboard] %s",
	noBoard:  "No rated game yet.",
	boardLn:  "%3d. %s %6s  %d games, %d won, %d lost, %d drawn",
	leftOut:  "Ratings not settled yet (?) are left out until games add up.",
	onlyNew:  "No settled rating yet.",
	vs:       "vs %s",
	outcome:  [3]string{"won", "lost", "draw"},
	how: map[store.How]string{"five": "five", "found": "found", "cleared": "cleared", "mine": "mine", "draw": "draw", "resigned": "resigned",
		"time": "on time", "agreed": "agreed draw",
		"forfeit": "dropped", "void": "void"},
}

// archiveTextFor is the archive's texts in the language of the game's
// online screens.
func archiveTextFor(t *onlineText) *archiveText {
	if langOf(t) == lang.Korean {
		return &koreanArchive
	}
	return &englishArchive
}

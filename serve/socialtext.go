package serve

import (
	"fmt"
	"time"

	"termgames/internal/lang"
	"termgames/serve/room"
)

// socialText is what "who is here" and the challenges say, in one
// language.
type socialText struct {
	item     string // the online menu's entry
	title    string // Printf: how many are here
	loading  string
	key      string // the mark of a player with a key
	guest    string // of one without
	menus    string // at the menus
	playing  string // Printf: the table's code
	watching string // Printf: the table's code
	ignored  string // after an ignored player's name
	help     []string
	refusing string // Printf: on or off, the player's own setting
	on, off  string

	challenge string // Printf: challenger, what, seconds left
	waitFor   string // Printf: name, seconds left
	declined  string // Printf: name
	lapsed    string
	over      string
	refuses   string // Printf: name
	busy      string // Printf: name
	pending   string // Printf: name
	yourself  string
	noWatch   string // Printf: name; not at a table

	ignoreOn    string // Printf: name
	ignoreOff   string // Printf: name
	keysOnly    string // only players with keys ignore, are ignored and refuse
	refuseOn    string
	refuseOff   string
	ignoreHead  string // the list of the players ignored
	ignoreNone  string
	storeFailed string // Printf: the error
}

var koreanSocial = socialText{
	item:     "누가 있나",
	title:    "[누가 있나] 접속 중: %d명",
	loading:  "불러오는 중...",
	key:      "키",
	guest:    "손님",
	menus:    "메뉴",
	playing:  "%s 대국 중",
	watching: "%s 관전 중",
	ignored:  "(무시 중)",
	help: []string{"방향키 : 고르기   Enter, w : 관전   c : 도전   i : 무시/무시 해제",
		"u : 무시 목록   x : 도전 받기 켜기/끄기   r : 새로 고침   Esc : 돌아가기"},
	refusing: "도전 받기: %s",
	on:       "켜짐",
	off:      "꺼짐",

	challenge: "%s 님의 도전: %s   y : 수락  n : 거절 (%d초)",
	waitFor:   "%s 님의 대답을 기다립니다... (%d초)   Esc : 취소",
	declined:  "%s 님이 도전을 거절했습니다.",
	lapsed:    "대답이 없어 도전이 끝났습니다.",
	over:      "도전이 끝났습니다.",
	refuses:   "%s 님은 지금 도전을 받지 않습니다.",
	busy:      "%s 님은 대국 중입니다.",
	pending:   "%s 님은 다른 도전을 기다리고 있습니다.",
	yourself:  "자신에게는 도전할 수 없습니다.",
	noWatch:   "%s 님은 테이블에 있지 않습니다.",

	ignoreOn:    "%s 님을 무시합니다: 채팅이 보이지 않고, 도전은 말없이 거절됩니다.",
	ignoreOff:   "%s 님을 더 이상 무시하지 않습니다.",
	keysOnly:    "키로 접속한 플레이어끼리만 무시하고 도전 설정을 바꿀 수 있습니다.",
	refuseOn:    "이제 도전을 받지 않습니다.",
	refuseOff:   "이제 도전을 받습니다.",
	ignoreHead:  "[무시 목록] Enter : 무시 해제   Esc : 돌아가기",
	ignoreNone:  "무시하는 플레이어가 없습니다.",
	storeFailed: "저장소를 읽거나 쓰지 못했습니다: %v",
}

var englishSocial = socialText{
	item:     "Who is here",
	title:    "[Who is here] %d connected",
	loading:  "Loading...",
	key:      "key",
	guest:    "guest",
	menus:    "menus",
	playing:  "playing at %s",
	watching: "watching %s",
	ignored:  "(ignored)",
	help: []string{"arrows : choose   Enter, w : watch   c : challenge   i : ignore/unignore",
		"u : ignore list   x : take challenges on/off   r : refresh   Esc : back"},
	refusing: "Taking challenges: %s",
	on:       "on",
	off:      "off",

	challenge: "%s challenges you: %s   y : accept  n : decline (%ds)",
	waitFor:   "Waiting for %s's answer... (%ds)   Esc : cancel",
	declined:  "%s declined the challenge.",
	lapsed:    "No answer: the challenge is over.",
	over:      "The challenge is over.",
	refuses:   "%s takes no challenges now.",
	busy:      "%s is playing.",
	pending:   "%s has another challenge waiting.",
	yourself:  "You cannot challenge yourself.",
	noWatch:   "%s is not at a table.",

	ignoreOn:    "You ignore %s: their chat is hidden, their challenges refused without a word.",
	ignoreOff:   "You no longer ignore %s.",
	keysOnly:    "Only players who connect with a key ignore each other and set challenges.",
	refuseOn:    "You take no challenges now.",
	refuseOff:   "You take challenges now.",
	ignoreHead:  "[Ignored] Enter : unignore   Esc : back",
	ignoreNone:  "You ignore nobody.",
	storeFailed: "Could not read or write the store: %v",
}

// socialTextFor is the texts in the player's language: Korean unless they
// chose English.
func socialTextFor(tag lang.Tag) *socialText {
	return lang.Pick(tag, lang.Korean, &koreanSocial, &englishSocial)
}

// challengeLine is the line a challenge shows on the challenged player's
// screen, with the seconds left, in one language: the player's, Korean
// unless they chose English, whatever the game's original.
func (st *socialText) challengeLine(c *challenge, tag lang.Tag, secs int) string {
	t := textFor(lang.Resolve(tag, lang.Korean), c.setup.Game)
	return fmt.Sprintf(st.challenge, c.from.p.Name, describe(c.setup, t), secs)
}

// describe says what a challenge is for: the game, its rule, its clock.
func describe(s room.Setup, t *onlineText) string {
	what := nameIn(t, s.Game.Name(), s.Rule) + ", " + t.clockShort(s.Control)
	if s.Swap2 {
		what += ", " + t.swap2
	}
	return what
}

// idleText says how long a player has been idle: "12s", "3m", "1h".
func idleText(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	}
	return fmt.Sprintf("%dh", int(d/time.Hour))
}

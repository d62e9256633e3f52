package serve

import (
	"fmt"
	"time"

	"termgames/internal/lang"
)

// matchText is what the table screens say of the match (match.go): the
// clock, the offers and their answers, the end on time or by agreement,
// and the rematch; in the language of the table's other lines.
type matchText struct {
	clock     string    // Printf: 1P's time, 2P's time
	keys      []string  // the offers' keys, in the panel's list of keys
	offerTo   [2]string // by OfferKind, Printf: the offerer's name; the question to the other player
	offerBy   [2]string // by OfferKind: the offerer, waiting for the answer
	offerSeen [2]string // by OfferKind, Printf: the offerer's name; to the watchers
	accepted  [2]string // by OfferKind, Printf: the name of who answered
	declined  [2]string // by OfferKind, Printf: the name of who answered
	notLast   string    // a takeback of a move that is not one's own last
	notAsked  string    // the other declined twice already
	offerOpen string    // an offer waits for its answer already
	noOffers  string    // nothing may be offered now
	timeWin   string    // Printf: the loser's name, the winner's
	agreed    string    // a draw agreed
	asked     string    // the player asked for a rematch
	wants     string    // Printf: the name of the other, who asked
	otherLeft string    // the other player left: no rematch
	watchEnd  string    // to the watchers at the end
}

var koreanMatch = matchText{
	clock:     "남은 시간  1P %s  2P %s",
	keys:      []string{"t : 무르기 요청", "d : 무승부 제안"},
	offerTo:   [2]string{"%s 님이 무르기를 요청했습니다. 들어줄까요? (y/n)", "%s 님이 무승부를 제안했습니다. 받을까요? (y/n)"},
	offerBy:   [2]string{"무르기를 요청했습니다. 상대의 답을 기다립니다.", "무승부를 제안했습니다. 상대의 답을 기다립니다."},
	offerSeen: [2]string{"%s 님이 무르기를 요청했습니다.", "%s 님이 무승부를 제안했습니다."},
	accepted:  [2]string{"%s 님이 무르기를 들어주었습니다.", "%s 님이 무승부를 받았습니다."},
	declined:  [2]string{"%s 님이 무르기를 거절했습니다.", "%s 님이 무승부를 거절했습니다."},
	notLast:   "무를 수 있는 것은 내가 둔 마지막 수뿐입니다.",
	notAsked:  "상대가 두 번 거절했습니다. 이번 판에는 더 요청할 수 없습니다.",
	offerOpen: "답을 기다리는 제안이 이미 있습니다.",
	noOffers:  "지금은 제안할 수 없습니다.",
	timeWin:   "%s 님의 시간이 다 되었습니다. %s 님의 승리입니다.",
	agreed:    "합의로 무승부가 되었습니다.",
	asked:     "재대결을 요청했습니다. 상대를 기다립니다. (다른 키 : 메뉴로)",
	wants:     "%s 님이 재대결을 원합니다. r : 재대결   다른 키 : 메뉴로",
	otherLeft: "상대가 테이블을 떠났습니다. 아무 키를 입력하면 메뉴로 돌아갑니다.",
	watchEnd:  "두 사람이 재대결하면 이어서 관전합니다. 아무 키 : 메뉴로",
}

var englishMatch = matchText{
	clock:     "Time  1P %s  2P %s",
	keys:      []string{"t : ask to take back", "d : offer a draw"},
	offerTo:   [2]string{"%s asks to take back their move. Allow it? (y/n)", "%s offers a draw. Accept? (y/n)"},
	offerBy:   [2]string{"You asked to take back your move. Waiting for the answer.", "You offered a draw. Waiting for the answer."},
	offerSeen: [2]string{"%s asks to take back their move.", "%s offers a draw."},
	accepted:  [2]string{"%s allowed the takeback.", "%s accepted the draw."},
	declined:  [2]string{"%s refused the takeback.", "%s declined the draw."},
	notLast:   "Only your own last move can be taken back.",
	notAsked:  "The other player said no twice: not again this game.",
	offerOpen: "An offer is already waiting for its answer.",
	noOffers:  "Nothing can be offered now.",
	timeWin:   "%s ran out of time. %s wins.",
	agreed:    "The game is drawn by agreement.",
	asked:     "You asked for a rematch. Waiting for the other player. (any other key : menu)",
	wants:     "%s wants a rematch. r : rematch   any other key : menu",
	otherLeft: "The other player left the table. Press any key to return to the menu.",
	watchEnd:  "If they play again you keep watching. Any key : menu",
}

// matchTextFor is the match's texts in the language of the table's lines.
func matchTextFor(t *onlineText) *matchText {
	if langOf(t) == lang.Korean {
		return &koreanMatch
	}
	return &englishMatch
}

// clockTime writes a time left as a clock shows it, "2:58", "1:05:00":
// a second begun counts, so that 0:00 shows when the flag falls.
func clockTime(d time.Duration) string {
	s := int64((d + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

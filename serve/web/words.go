package web

import (
	"fmt"
	"net/http"
	"net/url"

	"golang.org/x/text/language"

	"termgames/internal/lang"
	"termgames/internal/store"
	"termgames/minesweeper"
)

// words.go is the pages' words, and the language a page speaks: the one
// the visitor chose with the link at the top of every page (a cookie
// keeps it), or else the one their browser asks for first
// (Accept-Language), Korean or English; English when it asks for
// neither, Korean when it asks for nothing.

// words is everything the pages say, in one language. Each page's words
// are in its own type, beside the page (now.go's nowWords, …).
type words struct {
	Tag  lang.Tag
	Code string // the page's lang attribute: "ko", "en"
	// Other is the other language's name, in itself: the switch's text.
	Other, OtherCode string

	Site    siteWords
	Now     nowWords
	Live    liveWords
	Game    gameWords
	Leaders leadersWords
	Player  playerWords
	Games   map[string]gameNames // by room.Game's name
}

// siteWords are the words every page has: its head and foot.
type siteWords struct {
	Title, Now, Leaders, NotFound, NotFoundText, Failed, NoStore string
}

// gameNames are a game's names on the pages: the game's, and its
// variants' (omok's rules) by the store's name of them.
type gameNames struct {
	Name     string
	Variants map[string]string
}

// name names game and variant as the pages show them: "오목 렌주룰".
func (w *words) name(game, variant string) string {
	g, ok := w.Games[game]
	if !ok {
		if variant == "" {
			return game
		}
		return game + " " + variant
	}
	if v, ok := g.Variants[variant]; ok {
		return g.Name + " " + v
	}
	if variant == "" {
		return g.Name
	}
	return g.Name + " " + variant
}

// how says how a game ended, in the pages' words: "오목", "on time"; as
// the store keeps it when the words have none.
func (w *words) how(h store.How) string {
	if word, ok := w.Live.How[h]; ok {
		return word
	}
	return string(h)
}

// result says how a game ended, with the winner among names (by seat):
// "alice 승리 (오목)", "A draw (agreed)"; a void game has no result.
func (w *words) result(h store.How, winner int, names [2]string) string {
	switch {
	case h == store.Void: // neither a win nor a draw
		return w.Game.Void
	case winner < 0 || winner > 1:
		return fmt.Sprintf(w.Live.Drawn, w.how(h))
	}
	return fmt.Sprintf(w.Live.Won, names[winner], w.how(h))
}

var korean = &words{
	Tag: lang.Korean, Code: "ko", Other: "English", OtherCode: "en",
	Site: siteWords{Title: "termgames", Now: "지금", Leaders: "순위표",
		NotFound: "없는 페이지", NotFoundText: "그런 페이지는 없습니다.",
		Failed: "페이지를 만들지 못했습니다. 잠시 뒤에 다시 해 보세요.", NoStore: "이 서버는 게임을 저장하지 않습니다."},
	Now: nowKorean, Live: liveKorean, Game: gameKorean, Leaders: leadersKorean, Player: playerKorean,
	Games: map[string]gameNames{
		"omok":        {Name: "오목", Variants: map[string]string{"freestyle": "자유룰", "standard": "표준룰", "renju": "렌주룰", "omok": "오목룰"}},
		"baseball":    {Name: "숫자 야구"},
		"minesweeper": {Name: "지뢰찾기 대결", Variants: levelNames(lang.Korean)},
	},
}

var english = &words{
	Tag: lang.English, Code: "en", Other: "한국어", OtherCode: "ko",
	Site: siteWords{Title: "termgames", Now: "Now", Leaders: "Leaderboards",
		NotFound: "No such page", NotFoundText: "There is no such page.",
		Failed: "The page could not be made. Try again in a moment.", NoStore: "This server keeps no games."},
	Now: nowEnglish, Live: liveEnglish, Game: gameEnglish, Leaders: leadersEnglish, Player: playerEnglish,
	Games: map[string]gameNames{
		"omok":        {Name: "Omok", Variants: map[string]string{"freestyle": "freestyle", "standard": "standard", "renju": "renju", "omok": "omok rule"}},
		"baseball":    {Name: "Number baseball"},
		"minesweeper": {Name: "Minesweeper race", Variants: levelNames(lang.English)},
	},
}

// langCookie keeps the language a visitor chose.
const langCookie = "lang"

var matcher = language.NewMatcher([]language.Tag{language.English, language.Korean})

// wordsFor returns the words of r's language. A ?lang= query chooses it,
// and sets the cookie that keeps the choice for the next pages.
func wordsFor(w http.ResponseWriter, r *http.Request) *words {
	if q := r.URL.Query().Get("lang"); q == "ko" || q == "en" {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: q, Path: "/", MaxAge: 365 * 24 * 3600,
			HttpOnly: true, SameSite: http.SameSiteLaxMode})
		return byCode(q)
	}
	if c, err := r.Cookie(langCookie); err == nil && (c.Value == "ko" || c.Value == "en") {
		return byCode(c.Value)
	}
	accept := r.Header.Get("Accept-Language")
	if accept == "" {
		return korean
	}
	tags, _, err := language.ParseAcceptLanguage(accept)
	if err != nil || len(tags) == 0 {
		return english
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return english
	}
	if i == 1 {
		return korean
	}
	return english
}

func byCode(code string) *words {
	if code == "ko" {
		return korean
	}
	return english
}

// switchLink is the page's own address in the other language.
func switchLink(r *http.Request, w *words) string {
	q := r.URL.Query()
	q.Set("lang", w.OtherCode)
	u := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
	return u.String()
}

// levelNames are minesweeper's levels as its own screens name them.
func levelNames(tag lang.Tag) map[string]string {
	names := map[string]string{}
	for _, l := range minesweeper.Levels() {
		names[l.Name] = minesweeper.LevelName(tag, l)
	}
	return names
}

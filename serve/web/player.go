package web

import (
	"errors"
	"fmt"
	"net/http"

	"termgames/internal/store"
)

// player.go is a player's page, /player/NAME: their ratings at each game
// and rule (those not settled marked "?"), and their recent games, each
// from their side. Only players with a key have one: a guest keeps
// nothing.

// playerWords are the words of a player's page.
type playerWords struct {
	NoPlayer, NoPlayerText string
	Since                  string // Printf: the date they came
	Ratings, NoRatings     string
	Provisional            string // what "?" means
	Game, Rating, Games    string
	Record                 string
	RecordOf               string // Printf: wins, losses, draws
	Recent, NoGames        string
	Date, Opponent, Result string
	Outcome                [3]string // won, lost, draw
}

var playerKorean = playerWords{
	NoPlayer: "없는 플레이어", NoPlayerText: "그 이름의 플레이어가 없습니다. 게스트는 기록이 남지 않습니다.",
	Since: "%s부터", Ratings: "레이팅", NoRatings: "아직 레이팅 대국이 없습니다.",
	Provisional: "? : 아직 확정되지 않은 레이팅",
	Game:        "게임", Rating: "레이팅", Games: "대국", Record: "승/패/무", RecordOf: "%d승 %d패 %d무",
	Recent: "최근 대국", NoGames: "아직 끝난 대국이 없습니다.",
	Date: "날짜", Opponent: "상대", Result: "결과", Outcome: [3]string{"승", "패", "무"},
}

var playerEnglish = playerWords{
	NoPlayer: "No such player", NoPlayerText: "No player has that name. Guests keep nothing.",
	Since: "since %s", Ratings: "Ratings", NoRatings: "No rated game yet.",
	Provisional: "? : not settled yet",
	Game:        "Game", Rating: "Rating", Games: "Games", Record: "W/L/D", RecordOf: "%d/%d/%d",
	Recent: "Recent games", NoGames: "No finished game yet.",
	Date: "Date", Opponent: "Opponent", Result: "Result", Outcome: [3]string{"won", "lost", "draw"},
}

// recentGames is how many of a player's games their page lists.
const recentGames = 30

// playerPage is a player as player.html draws them.
type playerPage struct {
	Name, Since string
	Ratings     []playerRating
	Provisional bool // a rating is not settled: "?" is explained
	Games       []playerGame
}

// playerRating is a rating at a game and rule.
type playerRating struct {
	Game, Link string
	Rating     string
	Games      int
	Record     string
}

// playerGame is a game from the player's side.
type playerGame struct {
	ID       int64
	Link     string
	Game     string
	Opponent person
	Outcome  string // won, lost, draw
	How      string
	Rating   string // a rated game's change: "1512 → 1527 (+15)"
	Date     string
}

// player is the page /player/NAME.
func (s *Site) player(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Store == nil {
		s.noStore(w, r)
		return
	}
	wd := wordsFor(w, r)
	ctx := r.Context()
	pl, err := s.cfg.Store.PlayerNamed(ctx, r.PathValue("name"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.missing(w, r, wd.Player.NoPlayer, wd.Player.NoPlayerText)
		return
	case err != nil:
		s.failed(w, r, err)
		return
	}
	ratings, err := s.cfg.Store.RatingsOf(ctx, pl.Key)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	games, err := s.cfg.Store.GamesOf(ctx, pl.Key, recentGames)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	p := playerPage{Name: pl.Name, Since: fmt.Sprintf(wd.Player.Since, pl.Created.Local().Format("2006-01-02"))}
	for _, rt := range ratings {
		p.Provisional = p.Provisional || rt.Provisional()
		p.Ratings = append(p.Ratings, playerRating{Game: wd.name(rt.Game, rt.Rule), Link: leadersLink(rt.Game, rt.Rule),
			Rating: rt.Rating.String(), Games: rt.Games,
			Record: fmt.Sprintf(wd.Player.RecordOf, rt.Wins, rt.Losses, rt.Draws)})
	}
	for _, g := range games {
		p.Games = append(p.Games, playerGameOf(wd, g, pl.Key))
	}
	s.render(w, r, http.StatusOK, "player", pl.Name, "", p)
}

// playerGameOf is game g from the side of the player with key.
func playerGameOf(wd *words, g store.Game, key string) playerGame {
	seat := 0
	if g.Seats[1].Key == key && g.Seats[0].Key != key {
		seat = 1
	}
	other := g.Seats[1-seat]
	pg := playerGame{ID: g.ID, Link: fmt.Sprintf("/game/%d", g.ID), Game: wd.name(g.Game, g.Rule),
		Opponent: personOf(other.Name, other.Key != ""), Outcome: wd.Player.Outcome[2],
		Date: g.Ended.Local().Format("2006-01-02 15:04")}
	switch {
	case g.How == store.Void: // no result: neither a win nor a draw
		pg.Outcome = wd.Live.How[store.Void]
		return pg
	case g.Winner == seat:
		pg.Outcome = wd.Player.Outcome[0]
	case g.Winner == 1-seat:
		pg.Outcome = wd.Player.Outcome[1]
	}
	pg.How = wd.how(g.How)
	if g.Rated {
		pg.Rating = ratingChange(g.Before[seat], g.After[seat])
	}
	return pg
}

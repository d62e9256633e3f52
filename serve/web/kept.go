package web

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"termgames/internal/glicko2"
	"termgames/internal/store"
)

// kept.go is a kept game: /game/ID, its board step by step, its moves, its
// result and the ratings around it, and its record to download at
// /game/ID/record. A game still in play shows what is kept so far, and
// links its live table. ?move=N shows omok's board after N moves without
// a script; static/game.js steps through them with the arrow keys.

// gameWords are the words of a kept game's page.
type gameWords struct {
	NoGame, NoGameText string
	Title              string // Printf: the game's name, its number
	InPlay             string // the game is still being played
	Watch              string // the link to the live table
	Record             string // the link to download the record
	NoRecord           string // a record asked for while the game is played
	Void               string // the result of a game that has none
	Moves, NoMoves     string
	First, Prev        string
	Next, Last         string
	Step               string // Printf: the move shown, of how many
	Keys               string // the keys that step, for those with a script
	Figures            string // Printf: the race: seconds, 3BV solved, of, clicks
}

var gameKorean = gameWords{
	NoGame: "없는 게임", NoGameText: "그 번호의 게임이 없습니다.",
	Title:  "%s #%d",
	InPlay: "아직 대국 중입니다. 지금까지 둔 수를 보여 줍니다.", Watch: "실시간으로 보기",
	Record: "기보 내려받기", NoRecord: "대국이 끝나야 기보를 내려받을 수 있습니다.", Void: "무효: 결과 없이 끝난 대국", Moves: "수순", NoMoves: "아직 둔 수가 없습니다.",
	First: "처음", Prev: "이전", Next: "다음", Last: "끝", Step: "%d / %d수",
	Keys:    "← → 키로 한 수씩, Home과 End로 처음과 끝으로 갑니다.",
	Figures: "%.1f초, 3BV %d/%d, 클릭 %d번",
}

var gameEnglish = gameWords{
	NoGame: "No such game", NoGameText: "No game has that number.",
	Title:  "%s #%d",
	InPlay: "The game is still being played: here are the moves so far.", Watch: "Watch it live",
	Record: "Download the record", NoRecord: "The record can be downloaded once the game has ended.", Void: "Void: the game ended with no result", Moves: "Moves", NoMoves: "No move yet.",
	First: "First", Prev: "Back", Next: "Next", Last: "Last", Step: "move %d of %d",
	Keys:    "The ← → keys step one move, Home and End go to the first and the last.",
	Figures: "%.1f s, 3BV %d/%d, clicks %d",
}

// routeKept adds the pages of the kept games, the leaderboards and the
// players.
func (s *Site) routeKept() {
	s.mux.HandleFunc("GET /game/{id}", s.limited("game", s.keptGame))
	s.mux.HandleFunc("GET /game/{id}/record", s.limited("record", s.keptRecord))
	s.mux.HandleFunc("GET /leaders", s.limited("leaders", s.leaders))
	s.mux.HandleFunc("GET /leaders/{game}", s.limited("leaders", s.leaders))
	s.mux.HandleFunc("GET /leaders/{game}/{rule}", s.limited("leaders", s.leaders))
	s.mux.HandleFunc("GET /player/{name}", s.limited("player", s.player))
}

// notice is what the "notfound" page says when a page has its own words:
// a heading, and a line under it ("" for none).
type notice struct {
	Heading, Text string
}

// missing answers 404 with a page that says heading and text.
func (s *Site) missing(w http.ResponseWriter, r *http.Request, heading, text string) {
	s.render(w, r, http.StatusNotFound, "notfound", heading, "", notice{heading, text})
}

// noStore answers a page of what the server keeps, on a server that keeps
// nothing.
func (s *Site) noStore(w http.ResponseWriter, r *http.Request) {
	wd := wordsFor(w, r)
	s.missing(w, r, wd.Site.NoStore, "")
}

// gamePage is a kept game as game.html draws it.
type gamePage struct {
	ID            int64
	Title         string
	When, WhenISO string
	Ended         bool
	Live          string // the live table's address while it plays the game, "" when none
	Result        string
	Rated         bool
	Seats         [2]gameSeat
	Omok          *omokSteps
	Rounds        *roundsBoard
	Fields        []raceField
}

// gameSeat is a player of a kept game.
type gameSeat struct {
	person
	Colour string // omok: 흑, 백; "" elsewhere
	Won    bool
	Rating string // a rated game's: "1512 → 1527 (+15)"
}

// person is a name as the pages show it: linked to the player's page when
// the player has a key (Link), plain for a guest.
type person struct {
	Name, Link string
}

// personOf is the person of a seat: a player with a key is linked.
func personOf(name string, keyed bool) person {
	if !keyed {
		return person{Name: name}
	}
	return person{Name: name, Link: playerLink(name)}
}

// playerLink is the address of the player's page: the name escaped as a
// path segment, so that a "/" or "?" in it stays in the name.
func playerLink(name string) string { return "/player/" + url.PathEscape(name) }

// omokSteps is an omok game shown after At of its moves: every stone is
// drawn, those after At hidden, so that the script steps without a
// reload.
type omokSteps struct {
	Board             omokBoard
	Moves             []stepMove
	At, Total         int
	Prev, Next        int
	Step              string
	Win               string // the winning line's move numbers, for the script: "5 7 9 11 13"
	PrevOff, NextOff  bool   // there is no move before, or after
	FirstOff, LastOff bool
}

// stepMove is a move in the list.
type stepMove struct {
	N       int
	Text    string
	Current bool
}

// raceField is a player's field in a race, with their figures.
type raceField struct {
	Field   mineField
	Figures string
}

// keptGame is the page /game/ID.
func (s *Site) keptGame(w http.ResponseWriter, r *http.Request) {
	wd, g, ok := s.readGame(w, r)
	if !ok {
		return
	}
	p := gamePage{ID: g.ID, Title: fmt.Sprintf(wd.Game.Title, wd.name(g.Game, g.Rule), g.ID),
		When: g.Started.Local().Format("2006-01-02 15:04 MST"), WhenISO: g.Started.UTC().Format(time.RFC3339),
		Ended: !g.Ended.IsZero(), Rated: g.Rated}
	for i, seat := range g.Seats {
		p.Seats[i] = gameSeat{person: personOf(seat.Name, seat.Key != ""), Won: p.Ended && g.Winner == i}
		if g.Rated && p.Ended {
			p.Seats[i].Rating = ratingChange(g.Before[i], g.After[i])
		}
	}
	if p.Ended {
		p.Result = wd.result(g.How, g.Winner, [2]string{g.Seats[0].Name, g.Seats[1].Name})
	} else if tb, ok := s.cfg.Lobby.Table(g.Code); ok && tb.GameID() == g.ID {
		p.Live = "/table/" + url.PathEscape(tb.Code)
	}
	p.drawBoard(wd, g, r.URL.Query().Get("move"))
	script := ""
	if p.Omok != nil && p.Omok.Total > 0 {
		script = "game.js"
	}
	s.render(w, r, http.StatusOK, "game", p.Title, script, p)
}

// drawBoard draws kept game g's board on p, as its game draws one: omok's
// after the moves move asks for, baseball's rounds, the race's fields.
func (p *gamePage) drawBoard(wd *words, g store.Game, move string) {
	if game, ok := webGames[g.Game]; ok {
		game.kept(wd, g, move, p)
	}
}

// readGame reads the game of the address's ID, and the words of the
// page; false when it has answered (404 for no store or no such game, 500
// for a store that failed).
func (s *Site) readGame(w http.ResponseWriter, r *http.Request) (*words, store.Game, bool) {
	wd := wordsFor(w, r)
	if s.cfg.Store == nil {
		s.noStore(w, r)
		return wd, store.Game{}, false
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		s.missing(w, r, wd.Game.NoGame, wd.Game.NoGameText)
		return wd, store.Game{}, false
	}
	g, err := s.cfg.Store.Game(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.missing(w, r, wd.Game.NoGame, wd.Game.NoGameText)
		return wd, store.Game{}, false
	case err != nil:
		s.failed(w, r, err)
		return wd, store.Game{}, false
	}
	return wd, g, true
}

// ratingChange is a rating before and after a game, as the terminal's
// archive shows them, with the change: "1512 → 1527 (+15)", "1500? →
// 1662? (+162)" while it is not settled.
func ratingChange(before, after glicko2.Rating) string {
	change := int(math.Round(after.R)) - int(math.Round(before.R))
	return fmt.Sprintf("%s → %s (%+d)", before, after, change)
}

// keptRecord is /game/ID/record: the record of an ended game, to
// download, as `ssh HOST record ID` writes it: omok's a Piskvork .psq
// (termgames-ID.psq), the others' text (termgames-ID.txt).
func (s *Site) keptRecord(w http.ResponseWriter, r *http.Request) {
	wd, g, ok := s.readGame(w, r)
	if !ok {
		return
	}
	if g.Ended.IsZero() || len(g.Record) == 0 {
		s.missing(w, r, wd.Game.Record, wd.Game.NoRecord)
		return
	}
	ext := ".txt"
	if game, ok := webGames[g.Game]; ok {
		ext = game.record
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="termgames-`+strconv.FormatInt(g.ID, 10)+ext+`"`)
	h.Set("Content-Length", strconv.Itoa(len(g.Record)))
	_, _ = w.Write(g.Record)
}

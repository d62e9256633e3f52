package web

import "net/http"

// kept.go is a kept game: /game/ID, its board step by step, its moves, its
// result and the ratings around it, and its record to download.

// gameWords are the words of a kept game's page.
type gameWords struct {
	NoGame string
}

var gameKorean = gameWords{NoGame: "없는 게임"}

var gameEnglish = gameWords{NoGame: "No such game"}

// routeKept adds the pages of the kept games, the leaderboards and the
// players.
func (s *Site) routeKept() {
	s.mux.HandleFunc("GET /game/{id}", s.limited("game", s.keptGame))
}

// keptGame is the page /game/ID.
func (s *Site) keptGame(w http.ResponseWriter, r *http.Request) {
	s.notFound(w, r)
}

package web

import (
	"net/http"

	"termgames/serve/room"
)

// now.go is the first page: the tables open now, as the lobby lists them
// (waiting ones first, then those being played), each linking to its live
// page; the other servers' on the same database with the command that
// reaches them.

// nowWords are the words of the tables' list.
type nowWords struct {
	Title, Empty, Code, Game, Clock, Players, Watchers, State string
	Waiting, Playing, Rated, Unrated, Elsewhere, Vs           string
	NoClock, Play                                             string
}

var nowKorean = nowWords{
	Title: "지금 열린 테이블", Empty: "지금 열린 테이블이 없습니다.",
	Code: "코드", Game: "게임", Clock: "시간", Players: "플레이어", Watchers: "관전", State: "상태",
	Waiting: "기다리는 중", Playing: "대국 중", Rated: "레이팅", Unrated: "연습", Elsewhere: "다른 서버의 테이블", Vs: "대", NoClock: "없음", Play: "플레이하려면:",
}

var nowEnglish = nowWords{
	Title: "Tables open now", Empty: "No table is open now.",
	Code: "Code", Game: "Game", Clock: "Clock", Players: "Players", Watchers: "Watching", State: "State",
	Waiting: "waiting", Playing: "playing", Rated: "rated", Unrated: "unrated", Elsewhere: "Tables on the other servers", Vs: "vs", NoClock: "none", Play: "To play:",
}

// nowRow is a table in the list.
type nowRow struct {
	Code, Game, Clock string
	Players           []string
	Watchers          int
	Playing, Rated    bool
	Over              bool
	Command           string // another server's table: the ssh command that reaches it
}

// nowPage is the list: this server's tables, and the others'.
type nowPage struct {
	Here, Elsewhere []nowRow
	Play            string // the command that plays: ssh -p 2222 host
}

// now is the page /: the tables open now.
func (s *Site) now(w http.ResponseWriter, r *http.Request) {
	wd := wordsFor(w, r)
	p := nowPage{Play: s.cfg.Play}
	for _, g := range room.Games {
		for _, li := range s.cfg.Lobby.Tables(g) {
			row := nowRow{Code: li.Code, Game: wd.name(g.Name(), li.Setup.Rule), Clock: wd.Now.NoClock,
				Players: []string{li.Host}, Playing: li.Playing, Rated: li.Rated}
			if li.Setup.Control.Timed() {
				row.Clock = li.Setup.Control.String()
			}
			if li.Server.Name != "" {
				row.Command = room.Command(li)
				p.Elsewhere = append(p.Elsewhere, row)
				continue
			}
			if tb, ok := s.cfg.Lobby.Table(li.Code); ok {
				st, _ := tb.State()
				row.Players = row.Players[:0]
				for _, seat := range st.Seats {
					if seat.Taken {
						row.Players = append(row.Players, seat.Name)
					}
				}
				row.Watchers, row.Over = st.Watchers, st.Outcome.Over
			}
			p.Here = append(p.Here, row)
		}
	}
	s.fragments.forget(func(tb *room.Table) bool {
		open, ok := s.cfg.Lobby.Table(tb.Code)
		return ok && open == tb
	})
	s.render(w, r, http.StatusOK, "now", wd.Now.Title, "now.js", p)
}

package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"

	"termgames/minesweeper"
	"termgames/serve/room"
)

// leaders.go is the leaderboards: the established ratings of each game and
// rule, best first, at /leaders; one game's at /leaders/GAME, one rule's
// at /leaders/GAME/RULE. The ratings not settled yet (glicko2's
// Provisional) are left out, as the terminal's leaderboard leaves them
// out: one lucky win would top the board. Minesweeper's best times, of the
// games played alone, follow the race's boards.

// leadersWords are the words of the leaderboards.
type leadersWords struct {
	Title, NoBoard, NoBoardText       string
	Rank, Name, Rating, Games, Record string
	RecordOf                          string // Printf: wins, losses, draws
	Empty, OnlyNew, LeftOut           string
	Times                             string // Printf: the level's name
	Time, When, NoTimes               string
	Seconds                           string // Printf: a best time's seconds
}

var leadersKorean = leadersWords{
	Title: "순위표", NoBoard: "없는 순위표", NoBoardText: "그런 게임이나 규칙의 순위표는 없습니다.",
	Rank: "순위", Name: "이름", Rating: "레이팅", Games: "대국", Record: "승/패/무", RecordOf: "%d승 %d패 %d무",
	Empty: "아직 레이팅 대국이 없습니다.", OnlyNew: "아직 확정된 레이팅이 없습니다.",
	LeftOut: "아직 확정되지 않은 레이팅은 순위표에 넣지 않습니다. 대국이 쌓이면 들어갑니다.",
	Times:   "지뢰찾기 최고 기록 %s", Time: "기록", When: "날짜", NoTimes: "아직 기록이 없습니다.", Seconds: "%.2f초",
}

var leadersEnglish = leadersWords{
	Title: "Leaderboards", NoBoard: "No such leaderboard", NoBoardText: "No game or rule has that leaderboard.",
	Rank: "#", Name: "Name", Rating: "Rating", Games: "Games", Record: "W/L/D", RecordOf: "%d/%d/%d",
	Empty: "No rated game yet.", OnlyNew: "No settled rating yet.",
	LeftOut: "Ratings not settled yet are left out until games add up.",
	Times:   "Minesweeper's best times, %s", Time: "Time", When: "Date", NoTimes: "No time yet.", Seconds: "%.2f s",
}

// leadersShown is how many players a board lists.
const leadersShown = 20

// leadersPage is the boards shown.
type leadersPage struct {
	Boards []leaderBoard
	Times  []timesBoard
}

// leaderBoard is a game and rule's board.
type leaderBoard struct {
	Title, Link string
	Rows        []leaderRow
	OnlyNew     bool // every rating is provisional: none is listed
}

// leaderRow is a player on a board.
type leaderRow struct {
	Rank int
	person
	Rating string
	Games  int
	Record string // wins, losses, draws
}

// timesBoard is minesweeper's best times at a level.
type timesBoard struct {
	Title string
	Rows  []timesRow
}

// timesRow is a player's best time.
type timesRow struct {
	Rank int
	person
	Time, When string
}

// leaders is /leaders, /leaders/GAME and /leaders/GAME/RULE.
func (s *Site) leaders(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Store == nil {
		s.noStore(w, r)
		return
	}
	wd := wordsFor(w, r)
	gameName, rule := r.PathValue("game"), r.PathValue("rule")
	games := room.Games
	if gameName != "" {
		g, ok := room.GameNamed(gameName)
		if !ok || rule != "" && !slices.Contains(g.Variants(), rule) {
			s.missing(w, r, wd.Leaders.NoBoard, wd.Leaders.NoBoardText)
			return
		}
		games = []*room.Game{g}
	}
	var p leadersPage
	for _, g := range games {
		rules := g.Variants()
		if len(rules) == 0 {
			rules = []string{""}
		}
		for _, ru := range rules {
			if rule != "" && ru != rule {
				continue
			}
			b, err := s.leaderBoard(r, wd, g.Name(), ru)
			if err != nil {
				s.failed(w, r, err)
				return
			}
			p.Boards = append(p.Boards, b)
		}
		if g != room.Race {
			continue
		}
		for _, l := range minesweeper.Levels() {
			if rule != "" && l.Name != rule {
				continue
			}
			t, err := s.timesBoard(r, wd, l)
			if err != nil {
				s.failed(w, r, err)
				return
			}
			p.Times = append(p.Times, t)
		}
	}
	title := wd.Leaders.Title
	if len(p.Boards) == 1 {
		title = p.Boards[0].Title + " " + title
	}
	s.render(w, r, http.StatusOK, "leaders", title, "", p)
}

// leaderBoard reads the board of game and rule: its established ratings,
// best first.
func (s *Site) leaderBoard(r *http.Request, wd *words, game, rule string) (leaderBoard, error) {
	b := leaderBoard{Title: wd.name(game, rule), Link: leadersLink(game, rule)}
	standings, err := s.cfg.Store.Leaderboard(r.Context(), game, rule, leadersShown)
	if err != nil {
		return b, err
	}
	for _, st := range standings {
		if st.Provisional() {
			continue
		}
		b.Rows = append(b.Rows, leaderRow{Rank: len(b.Rows) + 1, person: personOf(st.Name, true),
			Rating: st.Rating.Rating.String(), Games: st.Games,
			Record: fmt.Sprintf(wd.Leaders.RecordOf, st.Wins, st.Losses, st.Draws)})
	}
	b.OnlyNew = len(b.Rows) == 0 && len(standings) > 0
	return b, nil
}

// timesBoard reads minesweeper's best times at level l.
func (s *Site) timesBoard(r *http.Request, wd *words, l minesweeper.Level) (timesBoard, error) {
	b := timesBoard{Title: fmt.Sprintf(wd.Leaders.Times, minesweeper.LevelName(wd.Tag, l))}
	times, err := s.cfg.Store.MinesLeaders(r.Context(), l.Name, leadersShown)
	if err != nil {
		return b, err
	}
	for i, t := range times {
		b.Rows = append(b.Rows, timesRow{Rank: i + 1, person: personOf(t.Name, true),
			Time: fmt.Sprintf(wd.Leaders.Seconds, t.Time.Seconds()), When: t.At.Local().Format("2006-01-02")})
	}
	return b, nil
}

// leadersLink is the address of game and rule's board alone.
func leadersLink(game, rule string) string {
	link := "/leaders/" + url.PathEscape(game)
	if rule != "" {
		link += "/" + url.PathEscape(rule)
	}
	return link
}

package web

import (
	"fmt"

	"termgames/internal/store"
	"termgames/serve/room"
)

// race.go is the minesweeper race on the web pages: both fields, as
// minesweeper draws them, live with each seat's cells opened, and kept
// as they ended, with each player's figures.

var raceWeb = &webGame{live: liveRace, kept: keptRacePage, record: ".txt"}

// liveRace draws a race's two fields.
func liveRace(w *words, st room.State, v *liveView) int {
	g := st.View.(*room.RaceView)
	for i := range 2 {
		v.Fields = append(v.Fields, mineFieldOf(st.Seats[i].Name, g.Field(i)))
		if g.Ready() {
			opened, safe, _ := g.Progress(i)
			v.Seats[i].Note = fmt.Sprintf(w.Live.Opened, opened, safe)
		}
	}
	if !st.Outcome.Over && st.Seats[1].Taken {
		v.Status = w.Live.Racing
	}
	return -1 // both play at once
}

// keptRacePage draws a kept race's two fields as they ended, with the
// players' figures.
func keptRacePage(wd *words, g store.Game, _ string, p *gamePage) {
	v := replayRace(g)
	if v == nil {
		return
	}
	for i := range 2 {
		f := v.Figures(i)
		p.Fields = append(p.Fields, raceField{Field: mineFieldOf(g.Seats[i].Name, v.Field(i)),
			Figures: fmt.Sprintf(wd.Game.Figures, f.Time.Seconds(), f.Solved, f.BBBV, f.Clicks)})
	}
}

// replayRace replays kept's clicks on the race's board (room.RaceAt), as
// the terminal's replay does, and returns where both fields stand; nil
// when kept is no race this server plays.
func replayRace(kept store.Game) *room.RaceView {
	race, err := room.RaceAt(kept)
	if err != nil {
		return nil
	}
	for _, m := range kept.Moves {
		if _, err := race.Apply(m.Seat&1, m.Text, m.Time); err != nil {
			break
		}
	}
	v, _ := race.View().(*room.RaceView)
	return v
}

package web

import (
	"termgames/baseball"
	"termgames/internal/store"
	"termgames/serve/room"
)

// baseball.go is number baseball on the web pages: the rounds, each
// seat's guesses and their answers, live and kept, and both numbers once
// the game is over; its record the rounds as text.

var baseballWeb = &webGame{live: liveBaseball, kept: keptBaseballPage, record: ".txt"}

// liveBaseball draws a baseball table's rounds.
func liveBaseball(w *words, st room.State, v *liveView) int {
	g := st.View.(*room.BaseballView)
	r := roundsBoard{Names: [2]string{st.Seats[0].Name, st.Seats[1].Name}, Rows: roundsOf(w, g.Guesses), Turn: g.Turn}
	if st.Outcome.Over {
		r.Numbers = [2]string{w.Live.Number + " " + g.NumberText(0), w.Live.Number + " " + g.NumberText(1)}
	}
	v.Rounds = &r
	if g.Turn < 0 && !st.Outcome.Over && st.Seats[1].Taken {
		v.Status = w.Live.Choosing
	}
	return g.Turn
}

// keptBaseballPage draws a kept baseball game's rounds; its numbers once
// it has ended (in play, they are secret).
func keptBaseballPage(wd *words, g store.Game, _ string, p *gamePage) {
	b := replayBaseball(g)
	p.Rounds = &roundsBoard{Names: [2]string{g.Seats[0].Name, g.Seats[1].Name}, Rows: roundsOf(wd, b.Guesses), Turn: -1}
	if p.Ended {
		p.Rounds.Numbers = [2]string{wd.Live.Number + " " + b.Numbers[0], wd.Live.Number + " " + b.Numbers[1]}
	}
}

// keptBaseball is a baseball game replayed: each seat's guesses with their
// answers, and each seat's number ("-" when it chose none, as the record
// writes it).
type keptBaseball struct {
	Guesses [2][]baseball.Turn
	Numbers [2]string
}

// replayBaseball replays kept's moves as its table made them
// (room.Replay): the numbers chosen, the guesses answered.
func replayBaseball(kept store.Game) keptBaseball {
	rules, _ := room.Replay(kept) // a move that no longer replays ends it there
	v, ok := replayedView[*room.BaseballView](rules)
	if !ok {
		return keptBaseball{Numbers: [2]string{"-", "-"}}
	}
	return keptBaseball{Guesses: v.Guesses, Numbers: [2]string{v.NumberText(0), v.NumberText(1)}}
}

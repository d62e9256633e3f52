package web

import (
	"fmt"
	"strconv"

	"termgames/internal/store"
	"termgames/omok"
	"termgames/serve/room"
)

// omok.go is omok on the web pages: a table live, its board as it stands
// with the last stone and the winning five marked, the seats' colours;
// a kept game replayed stone by stone, numbered, to step through; its
// record a Piskvork .psq.

var omokWeb = &webGame{live: liveOmok, kept: keptOmokPage, record: ".psq"}

// liveOmok draws an omok table's board and the seats' colours.
func liveOmok(w *words, st room.State, v *liveView) int {
	g := st.View.(*room.OmokView)
	b := omokBoardOf(g.Position)
	b.Label = v.Title
	v.Omok = &b
	for i := range v.Seats {
		switch g.Colour(i) {
		case omok.P1:
			v.Seats[i].Colour = w.Live.Black
		case omok.P2:
			v.Seats[i].Colour = w.Live.White
		}
	}
	return g.Turn
}

// keptOmokPage draws a kept omok game after the moves move asks for.
func keptOmokPage(wd *words, g store.Game, move string, p *gamePage) {
	p.Omok = omokStepsOf(wd, g, move, p)
}

// omokStepsOf is omok game g shown after the moves ?move= asks for (all
// of them when it asks for none, or for a number that is no move); the
// seats' colours go to p.
func omokStepsOf(wd *words, g store.Game, move string, p *gamePage) *omokSteps {
	kept := replayOmok(g)
	if kept.Black >= 0 {
		p.Seats[kept.Black].Colour = wd.Live.Black
		p.Seats[1-kept.Black].Colour = wd.Live.White
	}
	total := len(kept.Stones)
	at, err := strconv.Atoi(move)
	if err != nil || at < 0 || at > total {
		at = total
	}
	st := &omokSteps{At: at, Total: total, Prev: max(at-1, 0), Next: min(at+1, total),
		Step: fmt.Sprintf(wd.Game.Step, at, total), PrevOff: at == 0, FirstOff: at == 0, NextOff: at == total, LastOff: at == total}
	st.Board = omokBoard{Size: omok.DefaultSize, Numbered: true, Label: p.Title}
	win := map[omok.Point]bool{}
	for _, q := range kept.Line {
		win[q] = true
	}
	for k, q := range kept.Stones {
		n := k + 1
		st.Board.Stones = append(st.Board.Stones, boardStone{Row: q.Row, Col: q.Col, Black: k%2 == 0, N: n,
			Last: n == at, Win: win[q] && at == total, Hidden: n > at})
		st.Moves = append(st.Moves, stepMove{N: n, Text: pointName(q, omok.DefaultSize), Current: n == at})
		if win[q] {
			if st.Win != "" {
				st.Win += " "
			}
			st.Win += strconv.Itoa(n)
		}
	}
	return st
}

// keptOmok is an omok game replayed: its stones in the order they were
// placed, the winning line, and the seat that played black (-1 while
// swap2 had not settled it).
type keptOmok struct {
	Stones []omok.Point
	Line   []omok.Point
	Black  int
}

// replayOmok replays kept's moves as its table made them (room.Replay):
// swap2's choices place nothing, and a takeback accepted lifts the last
// stone. What stands is what the record (.psq) keeps.
func replayOmok(kept store.Game) keptOmok {
	rules, _ := room.Replay(kept) // a move that no longer replays ends it there
	v, ok := replayedView[*room.OmokView](rules)
	if !ok {
		return keptOmok{Black: -1}
	}
	return keptOmok{Stones: v.Order, Line: v.Line, Black: v.Black}
}

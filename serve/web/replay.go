package web

import (
	"strings"

	"termgames/baseball"
	"termgames/internal/store"
	"termgames/omok"
	"termgames/serve/room"
)

// replay.go makes a kept game's moves again, as far as they go, for its
// page: omok's stones in the order they stand on the board, baseball's
// guesses with their answers, the race's two fields. The moves are the
// store's, in play or ended, so a game still being played shows what is
// kept so far. A move that no longer replays (a game kept by another
// version) ends the replay there, as the terminal's replay screens do.

// keptOmok is an omok game replayed: its stones in the order they were
// placed, the winning line, and the seat that played black (-1 while
// swap2 had not settled it).
type keptOmok struct {
	Stones []omok.Point
	Line   []omok.Point
	Black  int
}

// replayOmok replays kept's moves as its table made them. Besides the
// stones, the store keeps what a table does beside the board: swap2's
// choices ("white", "more"), which place nothing, and the offers and their
// answers (room.MoveOfferTakeback, room.MoveYes, …), of which a takeback
// accepted lifts the last stone. What stands is what the record (.psq)
// keeps: the stones of the game, its opening's with them.
func replayOmok(kept store.Game) keptOmok {
	rule, err := omok.ParseRule(kept.Rule)
	if err != nil {
		rule = omok.Freestyle
	}
	first, swap2 := omokOptions(kept.Options)
	board := omok.NewBoard(omok.DefaultSize, rule)
	var opening *omok.Swap2
	if swap2 && omok.Swap2Allowed(rule) {
		opening, _ = omok.NewSwap2(board) // an empty board of a rule that allows it
	}
	role := func(seat int) omok.Role {
		if seat == first {
			return omok.Opener
		}
		return omok.Responder
	}
	takeback := false // a takeback is offered and not yet answered
	for _, m := range kept.Moves {
		switch m.Text {
		case room.MoveOfferTakeback:
			takeback = true
			continue
		case room.MoveOfferDraw, room.MoveNo:
			takeback = false
			continue
		case room.MoveYes:
			if takeback {
				board.Undo()
			}
			takeback = false
			continue
		}
		takeback = false // a move lets an offer lapse
		if opening != nil && !opening.Done() {
			if opening.Apply(role(m.Seat), m.Text) != nil {
				break
			}
			continue
		}
		p, err := omok.ParsePoint(m.Text, omok.DefaultSize)
		if err != nil {
			break
		}
		if _, err := board.Place(p); err != nil {
			break
		}
	}
	g := keptOmok{Stones: board.History(), Line: board.Outcome().Line, Black: first}
	if opening != nil {
		g.Black = -1
		if r, ok := opening.Black(); ok {
			g.Black = first
			if r == omok.Responder {
				g.Black = 1 - first
			}
		}
	}
	return g
}

// omokOptions reads of a kept game's options (room writes them: "3+2
// swap2 second") the seat that moved first, or opened swap2, and whether
// swap2 opened the game.
func omokOptions(options string) (first int, swap2 bool) {
	for _, w := range strings.Fields(options) {
		switch w {
		case "second":
			first = 1
		case "swap2":
			swap2 = true
		}
	}
	return first, swap2
}

// keptBaseball is a baseball game replayed: each seat's guesses with their
// answers, and each seat's number ("-" when it chose none, as the record
// writes it).
type keptBaseball struct {
	Guesses [2][]baseball.Turn
	Numbers [2]string
}

// replayBaseball replays kept's moves: "=123" chooses the seat's number,
// "123" guesses the other's, answered against it.
func replayBaseball(kept store.Game) keptBaseball {
	g := keptBaseball{Numbers: [2]string{"-", "-"}}
	var secret [2]baseball.Number
	for _, m := range kept.Moves {
		seat := m.Seat & 1
		text, choose := strings.CutPrefix(m.Text, room.ChooseNumber)
		n, err := baseball.ParseNumber(strings.TrimSpace(text))
		if err != nil {
			break
		}
		if choose {
			secret[seat], g.Numbers[seat] = n, n.String()
			continue
		}
		g.Guesses[seat] = append(g.Guesses[seat], baseball.Turn{Guess: n, Answer: baseball.Score(secret[1-seat], n)})
	}
	return g
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

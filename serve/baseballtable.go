package serve

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"termgames/baseball"
	"termgames/console"
	"termgames/internal/lang"
	"termgames/internal/store"
	"termgames/serve/room"
)

// baseballOnline is baseball's online screens and words.
var baseballOnline = &onlineGame{
	game:     room.Baseball,
	original: lang.English,
	screen:   baseballScreen,
	replay:   replayBaseball,
	korean: &gameText{
		menuTitle: "온라인 대전 (숫자 야구)",
		title:     "[온라인 대전] 숫자 야구",
		name:      "숫자 야구",
		rematch:   "r : 재대결 (상대가 먼저 추측)   다른 키 : 메뉴로",
	},
	english: &gameText{
		menuTitle: "Play online (Number baseball)",
		title:     "[Online] Number baseball",
		name:      "Number baseball",
		rematch:   "r : rematch (the other guesses first)   any other key : menu",
	},
}

// baseballScreen is a baseball table's screen.
func baseballScreen(b tableBase) console.Screen {
	s := &baseballTable{tableBase: b}
	s.tableBase.refusal = s.refusal
	return s.arm(s)
}

// baseballTable is a baseball versus table's screen: both players'
// guesses round by round, each with its answer, and the prompt of the
// player whose turn it is to type (their number, or a guess).
type baseballTable struct {
	tableBase
	in console.LineInput
}

// game is the game the screen draws: the table's view, taken with its
// State.
func (s *baseballTable) game() *room.BaseballView { return s.st.View.(*room.BaseballView) }

// Update takes the player's number and guesses, typed at the prompt.
func (s *baseballTable) Update(ev console.Event) console.Screen {
	if next, done := s.common(s, ev); done {
		return next
	}
	if s.seat < 0 || s.prompt() == "" {
		return s
	}
	line, done := s.in.Update(ev)
	if !done {
		return s
	}
	return s.choose(strings.TrimSpace(line))
}

// choose makes the number typed the player's move: their own number
// while they have none, else a guess. A guess typed as a choice ("=123")
// is no three digits.
func (s *baseballTable) choose(typed string) console.Screen {
	switch {
	case !s.game().Chosen[s.seat]:
		return s.move(s, room.ChooseNumber+typed)
	case strings.HasPrefix(typed, room.ChooseNumber):
		s.msg = s.refusal(baseball.ErrLength)
		return s
	}
	return s.move(s, typed)
}

// refusal explains a number the rules refused.
func (s *baseballTable) refusal(err error) string {
	switch {
	case err == nil, errors.Is(err, room.ErrOver):
		return ""
	case errors.Is(err, baseball.ErrZero):
		return s.txt.badZero
	case errors.Is(err, baseball.ErrRepeats):
		return s.txt.badRepeat
	case errors.Is(err, baseball.ErrLength):
		return s.txt.badLength
	}
	return s.txt.notYours
}

// prompt is what the player is asked now, "" when nothing.
func (s *baseballTable) prompt() string {
	st, g := s.st, s.game()
	switch {
	case s.seat < 0 || st.Outcome.Over || !st.Seats[1].Taken:
		return ""
	case !g.Chosen[s.seat]:
		return s.txt.choose
	case g.Turn == s.seat:
		return s.txt.guess
	}
	return ""
}

// View draws the header, the rounds (the newest that fit), and the status
// and prompt lines at the bottom.
func (s *baseballTable) View(size console.Size) console.Frame {
	t, st, g := s.txt, s.st, s.game()
	var f console.Frame
	head := []string{
		wordsOf(s.t.Game, t).title + "   " + fmt.Sprintf(t.code, s.t.Code) + "   " + fmt.Sprintf(t.watchers, st.Watchers) +
			"   " + s.rated(),
		fmt.Sprintf("1P %s  vs  2P %s", s.seatName(0), s.seatName(1)) + "   " + s.ct.key,
	}
	switch {
	case s.resume != "":
		head = append(head, fmt.Sprintf(t.resume, s.resume))
	case s.seat < 0:
		head = append(head, t.watching)
	}
	if u := s.unsaved(); u != "" {
		head = append(head, u)
	}
	now := s.now()
	clock, tick := s.clockLine(now)
	if clock != "" {
		head = append(head, clock)
	}
	if st.Outcome.Over {
		head = append(head, fmt.Sprintf(t.numbers, st.Seats[0].Name, g.NumberText(0),
			st.Seats[1].Name, g.NumberText(1)))
	} else if s.seat >= 0 && g.Chosen[s.seat] {
		head = append(head, fmt.Sprintf(t.chosen, g.NumberText(s.seat)))
	}
	head = append(head, rule28, fmt.Sprintf(t.guessHead, st.Seats[0].Name, st.Seats[1].Name))
	row := f.Lines(0, head...)
	rounds := max(len(g.Guesses[0]), len(g.Guesses[1]))
	chat := s.chatHeight(size)
	room := max(size.Height-row-3-chat, 1)
	for i := max(0, rounds-room); i < rounds; i++ {
		row = f.Lines(row, fmt.Sprintf("%-3d  %-12s  %-12s", i+1, s.turnText(0, i), s.turnText(1, i)))
	}
	bottom := max(row, size.Height-3-chat)
	f.Line(bottom, rule28)
	away, next := s.away(now)
	f.Tick = soonest(next, tick)
	status := ""
	switch {
	case st.Outcome.Over:
		status = s.result(func(seat int) string {
			return t.found(st.Seats[seat].Name, len(g.Guesses[seat]))
		}, t.bbDraw(len(g.Guesses[0])))
		f.Lines(bottom+1, status, s.endLine())
		f.Label(langOf(t), console.Size{Width: 60, Height: len(head) + 5})
		s.drawChat(&f, bottom+3, size)
		return f
	case !st.Seats[1].Taken:
		status = fmt.Sprintf(t.waiting, s.t.Code)
	case s.prompt() != "":
		status = s.prompt() + s.in.String()
		f.CursorAt(bottom+1, console.Width(s.o.p.Width, status))
	case !g.Chosen[0] || !g.Chosen[1]:
		other := 1 - max(s.seat, 0)
		if s.seat < 0 && g.Chosen[1] {
			other = 0
		}
		status = fmt.Sprintf(t.otherPicks, st.Seats[other].Name)
	default:
		status = fmt.Sprintf(t.theirs, st.Seats[g.Turn].Name)
	}
	f.Line(bottom+1, status)
	switch {
	case s.confirm:
		q := t.confirm
		if s.seat < 0 {
			q = t.confirmW
		}
		f.Line(bottom+2, q)
		f.CursorAt(bottom+2, console.Width(s.o.p.Width, q))
	case away != "":
		f.Line(bottom+2, away)
	case s.msg != "":
		f.Line(bottom+2, s.msg)
	}
	f.Label(langOf(t), console.Size{Width: 60, Height: len(head) + 5})
	s.drawChat(&f, bottom+3, size)
	return f
}

// turnText is seat's guess of round i and its answer.
func (s *baseballTable) turnText(seat, i int) string {
	g := s.game().Guesses[seat]
	if i >= len(g) {
		return ""
	}
	return g[i].Guess.String() + " " + s.txt.answer(g[i].Answer)
}

// replayBaseball shows a kept game of baseball as a page of its rounds.
func replayBaseball(o *online, t *onlineText, kept store.Game, back console.Screen) (console.Screen, error) {
	lines := append([]string{keptTitle(kept), ""}, strings.Split(strings.TrimRight(string(kept.Record), "\n"), "\n")...)
	return newPage(o, t, back, func(context.Context) (any, error) { return nil, nil }, func(any) []string { return lines }), nil
}

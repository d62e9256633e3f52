package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"termgames/internal/store"
)

// records.go is the archive's two commands, run without a terminal:
//
//	ssh -p PORT HOST records      the player's games, newest first
//	ssh -p PORT HOST record ID    one game: omok's as a Piskvork .psq
//
// so that a game can be saved (ssh … record 12 > game.psq) and opened in
// Piskvork or `termgames omok replay`.

// archiveCommand reports whether cmd is one of the archive's commands.
func archiveCommand(cmd []string) bool {
	return len(cmd) == 1 && cmd[0] == "records" || len(cmd) == 2 && cmd[0] == "record"
}

// runArchive answers an archive command on out, and returns the exit
// status: 0, 1 when it failed, 2 when it was not understood.
func (s *server) runArchive(ctx context.Context, out, errOut io.Writer, key string, cmd []string, crlf bool) int {
	fail := func(status int, msg string) int {
		say(errOut, "termgames: "+msg)
		return status
	}
	st := s.cfg.Store
	if st == nil {
		return fail(1, "this server keeps no records")
	}
	write := func(text string) {
		if crlf {
			text = strings.ReplaceAll(text, "\n", "\r\n")
		}
		_, _ = io.WriteString(out, text)
	}
	if cmd[0] == "records" {
		if key == "" {
			return fail(1, "guests (no key) keep no records: connect with your ssh key")
		}
		games, err := st.GamesOf(ctx, key, listedGames)
		if err != nil {
			return fail(1, "records: "+err.Error())
		}
		var b strings.Builder
		for _, g := range games {
			b.WriteString(recordsLine(g) + "\n")
		}
		if len(games) == 0 {
			b.WriteString("no finished games yet\n")
		}
		write(b.String())
		return 0
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(cmd[1], "#"), 10, 64)
	if err != nil || id <= 0 {
		return fail(2, fmt.Sprintf("record %q: want a game's number, as records lists them", printable(cmd[1], 20)))
	}
	g, err := st.Game(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return fail(1, fmt.Sprintf("no game has the number %d", id))
	case err != nil:
		return fail(1, "record: "+err.Error())
	case g.Ended.IsZero():
		return fail(1, fmt.Sprintf("game %d is still being played", id))
	}
	write(string(g.Record))
	return 0
}

// recordsLine is a game as `records` lists it: number, end, game and
// rule, players, result.
func recordsLine(g store.Game) string {
	what := g.Game
	if g.Rule != "" {
		what += " " + g.Rule
	}
	result := "draw"
	if g.Winner >= 0 {
		result = g.Seats[g.Winner].Name + " won"
	}
	if g.How != "" && g.How != store.Draw {
		result += " (" + string(g.How) + ")"
	}
	rated := "casual"
	if g.Rated {
		rated = "rated"
	}
	return fmt.Sprintf("%d\t%s\t%s\t%s vs %s\t%s\t%s", g.ID, g.Ended.Local().Format("2006-01-02 15:04"), what,
		g.Seats[0].Name, g.Seats[1].Name, result, rated)
}

package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"termgames/omok/engine"
)

// TestPlayAgainstBeginner plays a short match of easy against the beginner
// from the balanced openings, at a node limit, and checks that every game
// is a legal game from its opening that ends as the tally says.
func TestPlayAgainstBeginner(t *testing.T) {
	book, err := readOpenings("testdata/openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	c := matchConfig{
		game:     game{size: 15},
		opponent: "beginner",
		games:    4,
		level:    engine.Easy,
		turn:     1000,
		openings: "testdata/openings.txt",
		seed:     1,
		nodes:    2000,
		patience: time.Minute,
	}
	var log bytes.Buffer
	r, err := playMatch(c, &log)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.games) != 4 || r.us.wins+r.them.wins+r.draws != 4 {
		t.Fatalf("%d games, tally %d/%d/%d, want 4", len(r.games), r.us.wins, r.them.wins, r.draws)
	}
	ourWins := 0
	for g, rec := range r.games {
		want := engine.Black
		if g%2 == 1 {
			want = engine.White
		}
		if rec.ours != want {
			t.Errorf("game %d: termgames played %v, want %v (colours alternate)", g+1, rec.ours, want)
		}
		open := book[g/2]
		if len(rec.moves) < len(open) || formatOpening(rec.moves[:len(open)]) != formatOpening(open) {
			t.Errorf("game %d: %v does not start with the opening %v", g+1, rec.moves, open)
			continue
		}
		b, err := engine.NewBoard(15, engine.Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range rec.moves {
			if err := b.Play(p); err != nil {
				t.Fatalf("game %d, move %d %v: %v", g+1, k+1, p, err)
			}
		}
		if b.Winner() != rec.winner || (rec.winner == engine.None && !b.Full()) {
			t.Errorf("game %d: the board's winner is %v, the record's %v", g+1, b.Winner(), rec.winner)
		}
		if rec.winner == rec.ours {
			ourWins++
		}
	}
	if ourWins != r.us.wins {
		t.Errorf("the records give termgames %d wins, the tally %d", ourWins, r.us.wins)
	}
	if n := strings.Count(log.String(), "\ngame "); n != 4 {
		t.Errorf("%d game lines logged, want 4:\n%s", n, log.String())
	}
}

var tallyLine = regexp.MustCompile(`(?m)^W/L/D for termgames-easy: (\d+)/(\d+)/(\d+) \(0 of the wins by the opponent's timeout\)$`)

// TestPlayCommand runs the play tool as a person would, twice: the tally
// goes to stdout, the games to stderr, and at a node limit the same flags
// play the same games.
func TestPlayCommand(t *testing.T) {
	args := []string{"play", "-opponent", "level:easy", "-level", "easy", "-games", "2", "-size", "15", "-opening", "3", "-seed", "5", "-nodes", "2000"}
	var games [2]string
	for i := range games {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		m := tallyLine.FindStringSubmatch(stdout.String())
		if m == nil {
			t.Fatalf("no W/L/D line in stdout:\n%s", stdout.String())
		}
		sum := 0
		for _, s := range m[1:] {
			n, _ := strconv.Atoi(s)
			sum += n
		}
		if sum != 2 {
			t.Errorf("W/L/D %s/%s/%s: want 2 games", m[1], m[2], m[3])
		}
		if !strings.HasSuffix(stdout.String(), "\n") || strings.Contains(stdout.String(), "game  1") {
			t.Errorf("stdout should hold the tally only:\n%s", stdout.String())
		}
		for _, line := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(line, "game ") {
				games[i] += line + "\n"
			}
		}
	}
	if strings.Count(games[0], "\n") != 2 || games[0] != games[1] {
		t.Errorf("the same flags played other games:\n%s\n%s", games[0], games[1])
	}
}

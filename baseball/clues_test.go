package baseball

import (
	"fmt"
	"strings"
	"testing"

	"termgames/console"
	"termgames/internal/screentest"
)

// small is the classic terminal, 80x24, where a long game must stay readable.
var small = console.Size{Width: 80, Height: 24}

// readable reports whether the screen lets the player read a finished
// round: in the clue table, or as the transcript's own lines.
func readable(screen string, turn Turn, player bool) bool {
	if strings.Contains(screen, clue(turn)) {
		return true
	}
	if player {
		return strings.Contains(screen, fmt.Sprintf("Your guess : %s\n%s\n", turn.Guess, english.answer(turn.Answer)))
	}
	return strings.Contains(screen, fmt.Sprintf("I guess %s", turn.Guess)) &&
		strings.Contains(screen, fmt.Sprintf("Enter strike number :%d\nEnter Ball number :%d\n", turn.Answer.Strikes, turn.Answer.Balls))
}

// seen is every row the screen shows while the player scrolls the clue
// table from its newest rows to its oldest with ↑, then back with PgDn.
func seen(d *console.Driver) string {
	var all []string
	for range 200 {
		text := d.Text(narrow)
		all = append(all, text)
		d.Send(console.KeyPress(console.KeyUp))
		if d.Text(narrow) == text {
			break
		}
	}
	for range 200 {
		d.Send(console.KeyPress(console.KeyPageDown))
	}
	return strings.Join(all, "\n")
}

// checkReadable fails unless every finished round of both sides can be read
// on the screen (scrolling the table if it is longer than the screen), and
// the screen fits the terminal.
func checkReadable(t *testing.T, d *console.Driver, p *play) {
	t.Helper()
	f := d.Frame()
	if len(f.Rows) > d.Size().Height || f.Need.Width > d.Size().Width || f.Need.Height > d.Size().Height {
		t.Fatalf("%d rows, need %v, in a %v terminal", len(f.Rows), f.Need, d.Size())
	}
	before := d.Text(narrow)
	screen := seen(d)
	if after := d.Text(narrow); after != before {
		t.Fatalf("scrolling back down does not return to the newest clues:\n%s\nwas:\n%s", after, before)
	}
	for i, turn := range p.mine {
		if !readable(screen, turn, true) {
			t.Fatalf("round %d, your guess %s %v is not on the screen:\n%s", i+1, turn.Guess, turn.Answer, before)
		}
	}
	theirs := p.history
	if p.stage == askStrike || p.stage == askBall {
		theirs = theirs[:len(theirs)-1]
	}
	for i, turn := range theirs {
		if !readable(screen, turn, false) {
			t.Fatalf("round %d, my guess %s %v is not on the screen:\n%s", i+1, turn.Guess, turn.Answer, before)
		}
	}
}

// TestCluesAt80x24 plays long games at 80x24, the player's guesses and
// the computer's, and after every round checks that every clue of the
// game so far is on the screen: the original let them scroll off into the
// terminal's scrollback, which the alternate screen does not have.
func TestCluesAt80x24(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mode   string
		rounds int
	}{
		{"the computer guesses", "1", 30},
		{"you guess", "2", 150},
		{"versus", "3", 70},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := console.NewDriver(start("", Classic, 20, narrow, nil), small)
			d.Send(console.Keys(tc.mode + "\r")...)
			p := d.Screen().(*play)
			mine := Number{5, 6, 7} // the player's number
			// The computer asks the same number again and again, and the
			// player answers it truly: the game goes on as long as the test
			// likes, as a player's own guesses can.
			same := make(scripted, tc.rounds+1)
			for i := range same {
				same[i] = Number{1, 6, 5}
			}
			p.guesser = same
			if tc.mode != "2" {
				d.Send(console.Keys("r")...)
			}
			wrong := 0
			for round := range tc.rounds {
				if tc.mode != "1" {
					// Any number but the computer's, in turn.
					for allNumbers[wrong] == p.secret {
						wrong++
					}
					d.Send(console.Keys(allNumbers[wrong].String() + "\r")...)
					wrong++
				}
				if tc.mode != "2" {
					d.Send(console.Keys(honestKeys(p, mine))...)
				}
				if round%7 == 0 || round == tc.rounds-1 {
					checkReadable(t, d, p)
				}
			}
			asked := map[string]int{"1": tc.rounds + 1, "2": 0, "3": tc.rounds}[tc.mode]
			if tc.mode != "1" && len(p.mine) != tc.rounds || len(p.history) != asked {
				t.Fatalf("%d and %d rounds played, want %d", len(p.mine), len(p.history), tc.rounds)
			}
		})
	}
}

// TestCluesAppearOnlyWhenNeeded: while the game fits on the screen, the
// screen is the original's transcript and nothing else.
func TestCluesAppearOnlyWhenNeeded(t *testing.T) {
	d := console.NewDriver(start("", Classic, 21, narrow, nil), small)
	d.Send(console.Keys("1\r")...)
	p := d.Screen().(*play)
	p.guesser = scripted{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	d.Send(console.Keys("r00")...)
	if strings.Contains(d.Text(narrow), english.cluesTitle[modeComputer]) {
		t.Errorf("a clue table on a screen that holds the whole game:\n%s", d.Text(narrow))
	}
}

// TestBaseballAt60Columns: the original ran in any terminal; its menu and
// mode 1 need no more than 60 columns, and in a narrower one a longer line
// wraps between its words, its spacing kept, instead of demanding width.
func TestBaseballAt60Columns(t *testing.T) {
	for _, wd := range screentest.Widths {
		name, w := wd.Name, wd.W
		for _, tc := range []struct {
			width int
			want  string
		}{
			{60, "Think three digit number.  Each digit numbers are different.\nWhen you are ready, press key 'r'\nI guess "},
			{40, "Think three digit number.  Each digit\nnumbers are different.\nWhen you are ready, press key 'r'\nI guess "},
		} {
			size := console.Size{Width: tc.width, Height: 24}
			d := console.NewDriver(start("", "", 22, w, nil), size)
			if f := d.Frame(); f.Need.Width > tc.width || !strings.Contains(f.Text(w), "Let's play number baseball!") {
				t.Fatalf("%s: the menu at %d columns needs %v:\n%s", name, tc.width, f.Need, f.Text(w))
			}
			d.Send(console.Keys("1\rr")...)
			text := d.Text(w)
			if !strings.HasPrefix(text, tc.want) {
				t.Errorf("%s: mode 1 at %d columns:\n%s\nwant the start:\n%s", name, tc.width, text, tc.want)
			}
			for _, row := range strings.Split(text, "\n") {
				if console.Width(w, row) > tc.width {
					t.Errorf("%s: a row of %d columns: %q", name, console.Width(w, row), row)
				}
			}
		}
	}
}

// TestTranscriptKept: every character the games print also goes to
// Options.Transcript, which the program leaves in the terminal after it
// quits, as the original's console kept what was played.
func TestTranscriptKept(t *testing.T) {
	var out strings.Builder
	s := New(Options{AI: Classic, Rand: nil, Width: narrow, Transcript: &out}, nil)
	s = feed(s, "1\r")
	s.(*play).guesser = originalGuesses
	s = feed(s, "r11502"+"3"+"0"+"n"+"2\r"+"\x1b")
	want := originalScreen + `3
Enter Ball number :0
I got it in 3 guesses.
Do you want to continue? (y/n) : n
I thought of a three digit number.  Each digit is 1 to 9, all different.
Your guess : 
`
	if out.String() != want {
		t.Errorf("the transcript:\n%s\nwant:\n%s", out.String(), want)
	}
	if _, ok := s.(*menuScreen); !ok {
		t.Errorf("Esc led to %T", s)
	}
}

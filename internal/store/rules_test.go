package store

import (
	"errors"
	"testing"
	"time"

	"termgames/internal/glicko2"
)

func TestNameTry(t *testing.T) {
	for _, c := range []struct {
		want string
		n    int
		name string
	}{
		{"alice", 1, "alice"},
		{"alice", 2, "alice~2"},
		{"alice", 10, "alice~10"},
		{"abcdefghijkl", 1, "abcdefghijkl"},   // 12 columns: fits
		{"abcdefghijklmn", 1, "abcdefghijkl"}, // cut to 12
		{"abcdefghijkl", 2, "abcdefghij~2"},
		{"abcdefghijkl", 10, "abcdefghi~10"},
		{"abcdefghijkl", 100, "abcdefgh~100"},
		{"가나다라마바사", 1, "가나다라마바"},  // Hangul: two columns each
		{"가나다라마바", 2, "가나다라마~2"},  // 10 + 2
		{"가나다라마바", 10, "가나다라~10"}, // 9 columns left: four syllables
		{"a가나다라마바", 2, "a가나다라~2"}, // 9 + 2: the fifth would make 13
		{"al~ice", 1, "alice"},    // only the rule makes a '~'
		{"al~ice", 3, "alice~3"},
		{"", 1, ""},
		{"~", 1, ""},
		{"abc", 10000000000, ""}, // "~10000000000" leaves no room
	} {
		if got := NameTry(c.want, c.n); got != c.name {
			t.Errorf("NameTry(%q, %d) = %q, want %q", c.want, c.n, got, c.name)
		}
	}
}

func TestFreeName(t *testing.T) {
	boom := errors.New("disk on fire")
	for _, c := range []struct {
		desc  string
		want  string
		taken []string
		name  string
		err   error // nil: none; errAny: any
	}{
		{"free", "alice", nil, "alice", nil},
		{"taken once", "alice", []string{"alice"}, "alice~2", nil},
		{"taken twice", "alice", []string{"alice", "alice~2"}, "alice~3", nil},
		{"a gap is filled", "alice", []string{"alice", "alice~3"}, "alice~2", nil},
		{"long, taken", "abcdefghijklmn", []string{"abcdefghijkl"}, "abcdefghij~2", nil},
		{"another's long name is not ours", "abcdefghij", []string{"abcdefghijkl"}, "abcdefghij", nil},
		{"empty", "", nil, "", errAny},
		{"only tildes", "~~", nil, "", errAny},
		{"the store fails", "bob", []string{"!"}, "", boom},
	} {
		taken := map[string]bool{}
		for _, n := range c.taken {
			taken[n] = true
		}
		got, err := FreeName(c.want, func(name string) (bool, error) {
			if taken["!"] {
				return false, boom
			}
			return taken[name], nil
		})
		switch {
		case c.err == nil && err != nil:
			t.Errorf("%s: %v", c.desc, err)
		case c.err != nil && err == nil:
			t.Errorf("%s: %q, want an error", c.desc, got)
		case c.err != nil && c.err != errAny && !errors.Is(err, c.err):
			t.Errorf("%s: %v, want %v", c.desc, err, c.err)
		case got != c.name:
			t.Errorf("%s: %q, want %q", c.desc, got, c.name)
		}
	}
}

// errAny stands for any error in a table.
var errAny = errors.New("any error")

// FreeName gives up rather than loop for ever when everything is taken.
func TestFreeNameAllTaken(t *testing.T) {
	asked := 0
	_, err := FreeName("alice", func(string) (bool, error) { asked++; return true, nil })
	if err == nil {
		t.Fatal("a name although every name was taken")
	}
	if asked != maxTries {
		t.Errorf("gave up after %d names", asked)
	}
}

func TestRated(t *testing.T) {
	for _, c := range []struct {
		desc  string
		a, b  string
		rated bool
	}{
		{"two keys", "SHA256:a", "SHA256:b", true},
		{"a guest", "SHA256:a", "", false},
		{"a guest first", "", "SHA256:b", false},
		{"two guests", "", "", false},
		{"one key at both seats", "SHA256:a", "SHA256:a", false},
	} {
		seats := [2]Seat{{Key: c.a, Name: "a"}, {Key: c.b, Name: "b"}}
		if got := Rated(seats); got != c.rated {
			t.Errorf("%s: %v, want %v", c.desc, got, c.rated)
		}
	}
}

func TestRate(t *testing.T) {
	strong := glicko2.Rating{R: 1800, RD: 60, Vol: 0.06}
	weak := glicko2.Rating{R: 1350, RD: 200, Vol: 0.07}
	update := func(r, opp glicko2.Rating, score float64) glicko2.Rating {
		return glicko2.Update(r, []glicko2.Result{{Opponent: opp, Score: score}}, glicko2.Tau)
	}
	for _, c := range []struct {
		desc   string
		before [2]glicko2.Rating
		winner int
		after  [2]glicko2.Rating
	}{
		{"first games, seat 0 wins", [2]glicko2.Rating{glicko2.Initial, glicko2.Initial}, 0,
			[2]glicko2.Rating{update(glicko2.Initial, glicko2.Initial, 1), update(glicko2.Initial, glicko2.Initial, 0)}},
		{"seat 1 wins", [2]glicko2.Rating{strong, weak}, 1,
			[2]glicko2.Rating{update(strong, weak, 0), update(weak, strong, 1)}},
		{"a draw", [2]glicko2.Rating{strong, weak}, -1,
			[2]glicko2.Rating{update(strong, weak, 0.5), update(weak, strong, 0.5)}},
	} {
		got := Rate(c.before, c.winner)
		if got != c.after {
			t.Errorf("%s: %+v, want %+v", c.desc, got, c.after)
		}
	}
	// The obvious, so that the table above is not the same mistake twice.
	up := Rate([2]glicko2.Rating{weak, strong}, 0)
	if up[0].R <= weak.R || up[1].R >= strong.R {
		t.Errorf("an upset moved %v and %v to %v and %v", weak, strong, up[0], up[1])
	}
	even := Rate([2]glicko2.Rating{glicko2.Initial, glicko2.Initial}, -1)
	if even[0] != even[1] || even[0].R != 1500 {
		t.Errorf("a draw between new players: %+v", even)
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		seat, winner       int
		wins, losses, draw int
	}{
		{0, 0, 1, 0, 0},
		{1, 0, 0, 1, 0},
		{0, 1, 0, 1, 0},
		{1, 1, 1, 0, 0},
		{0, -1, 0, 0, 1},
		{1, -1, 0, 0, 1},
	} {
		var r Rating
		Count(&r, c.seat, c.winner)
		want := Rating{Games: 1, Wins: c.wins, Losses: c.losses, Draws: c.draw}
		if r != want {
			t.Errorf("seat %d, winner %d: %+v, want %+v", c.seat, c.winner, r, want)
		}
		if s := Score(c.seat, c.winner); s != float64(c.wins)+float64(c.draw)/2 {
			t.Errorf("seat %d, winner %d: scored %v", c.seat, c.winner, s)
		}
	}
}

func TestChecks(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	seats := [2]Seat{{Name: "a"}, {Name: "b"}}
	game := Game{Game: "omok", Seats: seats, Started: at}
	for _, c := range []struct {
		desc string
		err  error
		ok   bool
	}{
		{"a game", CheckBegin(game), true},
		{"no game", CheckBegin(Game{Seats: seats, Started: at}), false},
		{"a seat with no name", CheckBegin(Game{Game: "omok", Seats: [2]Seat{{Name: "a"}}, Started: at}), false},
		{"no start", CheckBegin(Game{Game: "omok", Seats: seats}), false},
		{"with moves", CheckBegin(Game{Game: "omok", Seats: seats, Started: at, Moves: []Move{{Text: "h8"}}}), false},
		{"ended", CheckBegin(Game{Game: "omok", Seats: seats, Started: at, Ended: at}), false},
		{"a move", CheckMove(Move{Seat: 1, Text: "h8", Time: time.Second, At: at}), true},
		{"seat 2", CheckMove(Move{Seat: 2, Text: "h8"}), false},
		{"seat -1", CheckMove(Move{Seat: -1, Text: "h8"}), false},
		{"no text", CheckMove(Move{Seat: 0}), false},
		{"a negative time", CheckMove(Move{Seat: 0, Text: "h8", Time: -time.Second}), false},
		{"a win", CheckResult(Result{Ended: at, Winner: 1, How: "five"}), true},
		{"a draw", CheckResult(Result{Ended: at, Winner: -1, How: "draw"}), true},
		{"lost on time", CheckResult(Result{Ended: at, Winner: 0, How: "time"}), true},
		{"a draw agreed", CheckResult(Result{Ended: at, Winner: -1, How: "agreed"}), true},
		{"winner 2", CheckResult(Result{Ended: at, Winner: 2, How: "five"}), false},
		{"winner -2", CheckResult(Result{Ended: at, Winner: -2, How: "five"}), false},
		{"no end", CheckResult(Result{Winner: 0, How: "five"}), false},
		{"no how", CheckResult(Result{Ended: at, Winner: 0}), false},
		{"a mines game", CheckMinesGame(MinesGame{Level: "beginner", Time: time.Second, Rate: 1.5, At: at}), true},
		{"no level", CheckMinesGame(MinesGame{Time: time.Second}), false},
		{"a negative time", CheckMinesGame(MinesGame{Level: "beginner", Time: -1}), false},
		{"a negative rate", CheckMinesGame(MinesGame{Level: "beginner", Rate: -1}), false},
	} {
		if (c.err == nil) != c.ok {
			t.Errorf("%s: %v", c.desc, c.err)
		}
	}
}

func TestKept(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC)
	for _, c := range []struct {
		in, want time.Time
	}{
		{at, at.Truncate(time.Millisecond)},
		{time.Time{}, time.Time{}},
		{time.Unix(0, 0), time.Unix(0, 0)},
		{time.Unix(-1, 999_999_999), time.Unix(-1, 999_000_000)},
	} {
		got := KeptTime(c.in)
		if !got.Equal(c.want) {
			t.Errorf("KeptTime(%v) = %v, want %v", c.in, got, c.want)
		}
		if c.want.IsZero() != got.IsZero() {
			t.Errorf("KeptTime(%v) = %v: zero changed", c.in, got)
		}
	}
	if got := KeptTime(time.Now()); got != KeptTime(got) {
		t.Errorf("KeptTime is not the same twice: %v", got)
	}
	for _, c := range []struct{ in, want time.Duration }{
		{1234567 * time.Microsecond, 1234 * time.Millisecond},
		{999 * time.Microsecond, 0},
		{0, 0},
	} {
		if got := KeptDuration(c.in); got != c.want {
			t.Errorf("KeptDuration(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestNameKey(t *testing.T) {
	for _, c := range []struct {
		name, key string
	}{
		{"alice", "alice"},
		{"ALICE", "alice"},
		{"Alice", "alice"},
		{"ａｌｉｃｅ", "alice"}, // full-width
		{"ＡＬＩＣＥ", "alice"}, // full-width capitals
		{"аlice", "alice"}, // a Cyrillic а
		{"АLICE", "alice"}, // a Cyrillic А
		{"аliсе", "alice"}, // Cyrillic а, с, е
		{"αlice", "alice"}, // a Greek α
		{"ΑLΙCΕ", "alice"}, // Greek Α, Ι, Ε
		{"ВОВ", "bob"},     // Cyrillic capitals
		{"ΗΕΝΚΥ", "henky"}, // Greek capitals
		{"ﬁsh", "fish"},    // a ligature (NFKC)
		{"bob", "bob"},     // a name unlike alice stays apart
		{"alice2", "alice2"},
		{"철수", "철수"},          // Hangul has no case
		{"ｶﾀｶﾅ", "カタカナ"},      // half-width katakana is full-width (NFKC)
		{"Straße", "strasse"}, // case folding, not lower-casing
		{"", ""},
		{"a\u202eb", "a\u202eb"}, // a character PRECIS refuses: folded by hand
	} {
		if got := NameKey(c.name); got != c.key {
			t.Errorf("NameKey(%q) = %q, want %q", c.name, got, c.key)
		}
	}
	// The names a held name's look-alikes are taken as.
	for _, name := range []string{"аlice", "ALICE", "ａｌｉｃｅ", "Αlice"} {
		if NameKey(name) != NameKey("alice") {
			t.Errorf("%q is not alice's", name)
		}
	}
}

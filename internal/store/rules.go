package store

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-runewidth"
	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"termgames/internal/glicko2"
)

// MaxName is how many columns a name may take: the room the screens leave
// for a name. serve.MaxName is this one, so that a name the store makes
// ("alice~2") always fits where a typed one does.
const MaxName = 12

// nameWidth measures names as serve does: narrow, with the emoji widths
// fixed. Names reach the store printable and without ambiguous-width
// characters, so every terminal agrees with it.
var nameWidth = &runewidth.Condition{StrictEmojiNeutral: true}

// NameTry is the n-th name tried for a key that wants want (n from 1):
// want itself, then want~2, want~3, …, with want cut from its end so that
// the whole stays within MaxName columns. A '~' in want is dropped, so
// that only this rule makes names with one.
func NameTry(want string, n int) string {
	want = strings.ReplaceAll(want, "~", "")
	if n <= 1 {
		return cut(want, MaxName)
	}
	suffix := "~" + strconv.Itoa(n)
	base := cut(want, MaxName-len(suffix))
	if base == "" {
		return ""
	}
	return base + suffix
}

// NameKey is name as names are told apart, so that a name that looks like
// a held one is that one: after Unicode's compatibility normalisation
// (NFKC: ｆｕｌｌ-width letters are plain ones), without case (Alice is
// alice; Hangul has no case), and with the Cyrillic and Greek letters that
// look like Latin ones read as those (а, α: a), so that nobody plays as
// "аlice" with a Cyrillic а where alice is known. x/text's PRECIS
// framework (RFC 8264) does the first two; Unicode's confusables are not
// in x/text, so the look-alikes are the table below.
func NameKey(name string) string {
	folded, err := nameFold.String(name)
	if err != nil {
		// A character PRECIS disallows (an unassigned one, a mix of
		// directions): fold what it would have folded, by hand.
		folded = cases.Fold().String(width.Fold.String(norm.NFKC.String(name)))
	}
	return lookAlikes.Replace(folded)
}

// nameFold is PRECIS's freeform class (every printable character), its
// width, case and NFKC mappings on.
var nameFold = precis.NewFreeform(precis.FoldWidth, precis.FoldCase(), precis.Norm(norm.NFKC))

// lookAlikes are the lower-case Cyrillic and Greek letters that look like
// a Latin letter, in their lower or their upper case (Н, Η: H), with that
// letter: NameKey has folded the case before.
var lookAlikes = strings.NewReplacer(
	// Cyrillic
	"а", "a", "в", "b", "е", "e", "ё", "e", "һ", "h", "н", "h", "і", "i", "ї", "i", "ј", "j",
	"к", "k", "ӏ", "l", "м", "m", "о", "o", "р", "p", "ԛ", "q", "с", "c", "ѕ", "s",
	"т", "t", "у", "y", "ү", "y", "х", "x", "ԁ", "d", "ԝ", "w", "ь", "b",
	// Greek
	"α", "a", "β", "b", "ε", "e", "ζ", "z", "η", "h", "ι", "i", "κ", "k", "μ", "m",
	"ν", "n", "ο", "o", "ρ", "p", "τ", "t", "υ", "y", "χ", "x",
)

// FreeName is the name a new key wanting want is given: the first NameTry
// that taken says is free. taken is asked in order, so a store answers it
// inside the transaction that then keeps the name. After maxTries names
// taken it gives up: a store asked that often is being flooded.
func FreeName(want string, taken func(name string) (bool, error)) (string, error) {
	if NameTry(want, 1) == "" {
		return "", errors.New("no name asked for")
	}
	for n := 1; ; n++ {
		name := NameTry(want, n)
		if name == "" || n > maxTries {
			return "", fmt.Errorf("no free name left for %q", want)
		}
		t, err := taken(name)
		if err != nil {
			return "", err
		}
		if !t {
			return name, nil
		}
	}
}

// maxTries is how many names FreeName tries.
const maxTries = 10000

// cut returns the longest start of s that fits in cols columns.
func cut(s string, cols int) string {
	width := 0
	for i, r := range s {
		w := nameWidth.RuneWidth(r)
		if width+w > cols {
			return s[:i]
		}
		width += w
	}
	return s
}

// Rated reports whether a game between seats counts for the ratings: both
// players have keys, and they are not one player at two terminals.
func Rated(seats [2]Seat) bool {
	return seats[0].Key != "" && seats[1].Key != "" && seats[0].Key != seats[1].Key
}

// How is how a game ended, as the store keeps it: the games' own ends
// (five in a row, a number found, a draw on the board) and the server's
// (a resignation, a forfeit, the time, a draw agreed), and Void. Only Void
// means anything to the store: the ratings follow the winner alone.
type How string

// The ends of games.
const (
	Five     How = "five"     // omok: five in a row
	Found    How = "found"    // baseball: the other's number found in fewer guesses
	Draw     How = "draw"     // a draw the game's rules made (baseball: found in as many guesses)
	Resigned How = "resigned" // a player left the game
	Forfeit  How = "forfeit"  // a player away longer than the seat hold
	Time     How = "time"     // a player's clock ran out
	Agreed   How = "agreed"   // a draw both players agreed to
	// Void is how a game ends that has no result: it could not be brought
	// back after a restart, or neither player came back to it. It is
	// kept, but moves no rating and counts for nobody.
	Void How = "void"
)

// Rate returns both seats' ratings after a rated game that winner won (-1
// a draw). Each game is a rating period of its own, and each seat is
// measured against the other's rating from before the game, so that the
// order the two are updated in does not matter. A player's first game at a
// game and rule starts from glicko2.Initial: the caller passes it as
// before.
func Rate(before [2]glicko2.Rating, winner int) [2]glicko2.Rating {
	var after [2]glicko2.Rating
	for i := range before {
		res := glicko2.Result{Opponent: before[1-i], Score: Score(i, winner)}
		after[i] = glicko2.Update(before[i], []glicko2.Result{res}, glicko2.Tau)
	}
	return after
}

// Score is what a game that winner won (-1 a draw) scored for seat: 1, ½
// or 0.
func Score(seat, winner int) float64 {
	switch winner {
	case -1:
		return 0.5
	case seat:
		return 1
	}
	return 0
}

// Count adds one game that winner won (-1 a draw) to seat's counts in r.
func Count(r *Rating, seat, winner int) {
	r.Games++
	switch winner {
	case -1:
		r.Draws++
	case seat:
		r.Wins++
	default:
		r.Losses++
	}
}

// CheckBegin says what is wrong with a game to begin, if anything: a
// game begins with a name, two named seats, a start and no moves or end.
func CheckBegin(g Game) error {
	switch {
	case g.Game == "":
		return errors.New("a game needs the name of its game")
	case g.Seats[0].Name == "" || g.Seats[1].Name == "":
		return errors.New("a game needs two named seats")
	case g.Started.IsZero():
		return errors.New("a game needs its start")
	case len(g.Moves) > 0:
		return errors.New("a game begins with no moves")
	case !g.Ended.IsZero():
		return errors.New("a game to begin has ended already")
	}
	return nil
}

// CheckMove says what is wrong with a move to add, if anything.
func CheckMove(m Move) error {
	switch {
	case m.Seat != 0 && m.Seat != 1:
		return fmt.Errorf("seat %d is neither 0 nor 1", m.Seat)
	case m.Text == "":
		return errors.New("a move with no text")
	case m.Time < 0:
		return fmt.Errorf("a move that took %v", m.Time)
	}
	return nil
}

// CheckResult says what is wrong with the end of a game, if anything.
func CheckResult(r Result) error {
	switch {
	case r.Winner < -1 || r.Winner > 1:
		return fmt.Errorf("winner %d is neither seat nor a draw (-1)", r.Winner)
	case r.Ended.IsZero():
		return errors.New("an end with no time")
	case r.How == "":
		return errors.New("an end with no way it ended")
	}
	return nil
}

// CheckMinesGame says what is wrong with a minesweeper game to keep, if
// anything.
func CheckMinesGame(g MinesGame) error {
	switch {
	case g.Level == "":
		return errors.New("a minesweeper game with no level")
	case g.Time < 0:
		return fmt.Errorf("a minesweeper game that took %v", g.Time)
	case g.Rate < 0:
		return fmt.Errorf("a minesweeper game at %v 3BV/s", g.Rate)
	}
	return nil
}

// KeptTime is t as a store keeps it: to the millisecond, as the .psq keeps
// a move's time, and without its monotonic clock reading. What goes in
// comes back Equal to KeptTime of it, from every store alike.
func KeptTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return time.UnixMilli(t.UnixMilli())
}

// KeptDuration is d as a store keeps it: to the millisecond.
func KeptDuration(d time.Duration) time.Duration {
	return d.Truncate(time.Millisecond)
}

// CheckTable says what is wrong with an open table to keep, if anything.
func CheckTable(t Table) error {
	switch {
	case t.Code == "":
		return errors.New("a table with no code")
	case t.Game == "":
		return fmt.Errorf("table %s: no game", t.Code)
	}
	return nil
}

// CheckLease says what is wrong with a server's lease, if anything.
func CheckLease(s Server, ttl time.Duration) error {
	if ttl <= 0 {
		return fmt.Errorf("server %q: a lease of %v", s.Name, ttl)
	}
	return nil
}

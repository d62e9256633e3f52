package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"termgames/internal/browsertest"
	"termgames/minesweeper"
	"termgames/serve/room"
)

// A kept omok game in a browser: the keys and the links step through its
// moves without a reload (static/game.js), the address keeps the move,
// and the page fits a phone.
func TestBrowserKeptGame(t *testing.T) {
	tab := browsertest.New(t)
	_, l, base := keptSite(t)
	id := gameOf(t, play(t, l, room.Setup{Game: room.Omok, Rule: "freestyle"}, keyed("민준"), keyed("서연"), fiveInARow...))
	path := fmt.Sprintf("/game/%d", id)
	if err := chromedp.Do(tab, chromedp.Navigate(base+path+"?move=5&lang=ko"), chromedp.WaitVisible(chromedp.CSS("#steps svg.omok"))); err != nil {
		t.Fatal(err)
	}
	// where is the move the page shows: the stones shown, the last one's
	// number, the move marked in the list, and the address's move.
	type where struct {
		Shown  int    `json:"shown"`
		Last   string `json:"last"`
		Marked string `json:"marked"`
		Search string `json:"search"`
	}
	at := func() where {
		t.Helper()
		w, err := chromedp.Run(tab, chromedp.Evaluate[where](`({
			shown: document.querySelectorAll("#steps svg .stone:not(.hidden)").length,
			last: (document.querySelector("#steps svg .stone.last") || {dataset: {}}).dataset.n || "",
			marked: (document.querySelector("ol.moves li.current") || {}).textContent || "",
			search: location.search})`))
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	step := func(action chromedp.Action[chromedp.Void], want where) {
		t.Helper()
		if err := chromedp.Do(tab, action); err != nil {
			t.Fatal(err)
		}
		if got := at(); got != want {
			t.Errorf("got %+v, want %+v", got, want)
		}
	}
	if got, want := at(), (where{5, "5", "j8", "?move=5&lang=ko"}); got != want {
		t.Errorf("at first: got %+v, want %+v", got, want)
	}
	step(chromedp.KeyEvent(kb.ArrowLeft), where{4, "4", "a2", "?move=4&lang=ko"})
	step(chromedp.KeyEvent(kb.ArrowRight+kb.ArrowRight), where{6, "6", "a3", "?move=6&lang=ko"})
	step(chromedp.KeyEvent(kb.Home), where{0, "", "", "?move=0&lang=ko"})
	step(chromedp.KeyEvent(kb.ArrowLeft), where{0, "", "", "?move=0&lang=ko"})
	step(chromedp.Click(chromedp.CSS(`a[data-to="next"]`)), where{1, "1", "h8", "?move=1&lang=ko"})
	step(chromedp.Click(chromedp.CSS(`ol.moves a[data-n="7"]`)), where{7, "7", "k8", "?move=7&lang=ko"})
	step(chromedp.KeyEvent(kb.End), where{9, "9", "l8", "?move=9&lang=ko"})
	if n, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#steps svg .stone.win").length`)); n != 5 {
		t.Errorf("%d stones of the line marked at the end, want 5", n)
	}
	step(chromedp.Click(chromedp.CSS(`a[data-to="prev"]`)), where{8, "8", "a4", "?move=8&lang=ko"})
	if n, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#steps svg .stone.win").length`)); n != 0 {
		t.Errorf("%d stones of the line marked before the end", n)
	}
	browsertest.Shot(t, tab, "kept-omok")

	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{path, "/leaders", "/player/" + "민준"} {
		if err := chromedp.Do(tab, chromedp.Navigate(base+page), chromedp.WaitVisible(chromedp.CSS("main h1"))); err != nil {
			t.Fatal(err)
		}
		if w, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); w > 390 {
			t.Errorf("%s is %d pixels wide on a phone's 390", page, w)
		}
	}
	browsertest.Shot(t, tab, "kept-player-phone")
}

// The kept games of baseball and of the race in a browser, for their
// screenshots: the rounds with both numbers, the two fields as they ended.
func TestBrowserKeptRoundsAndFields(t *testing.T) {
	tab := browsertest.New(t)
	st, l, base := keptSite(t)
	ball := gameOf(t, play(t, l, room.Setup{Game: room.Baseball}, keyed("alice"), room.Seat{Name: "carol"},
		"0:=123", "1:=456", "0:457", "1:789", "0:456", "1:321"))
	if err := chromedp.Do(tab, chromedp.Navigate(fmt.Sprintf("%s/game/%d?lang=ko", base, ball)), chromedp.WaitVisible(chromedp.CSS("table.rounds"))); err != nil {
		t.Fatal(err)
	}
	if s, _ := chromedp.Run(tab, chromedp.Text(chromedp.CSS("tr.numbers"))); !strings.Contains(s, "123") || !strings.Contains(s, "456") {
		t.Errorf("the numbers' row says %q", s)
	}
	browsertest.Shot(t, tab, "kept-baseball")

	tb := play(t, l, room.Setup{Game: room.Race, Rule: "beginner", Seed: 7}, keyed("alice"), keyed("bob"))
	v := raceReady(t, tb)
	f := v.Field(1)
	opened := 0
	for i, mine := range f.Mines() {
		if r, c := i/v.Level.Cols, i%v.Level.Cols; !mine && !f.IsOpen(r, c) && opened < 4 {
			if err := tb.Move(1, room.RaceClick(minesweeper.OpenClick, r, c)); err != nil {
				t.Fatal(err)
			}
			opened++
		}
	}
	mine := slices.Index(v.Field(0).Mines(), true)
	if err := tb.Move(0, room.RaceClick(minesweeper.OpenClick, mine/v.Level.Cols, mine%v.Level.Cols)); err != nil {
		t.Fatal(err)
	}
	race := gameOf(t, tb)
	waitEnded(t, st, race)
	if err := chromedp.Do(tab, chromedp.Navigate(fmt.Sprintf("%s/game/%d", base, race)), chromedp.WaitVisible(chromedp.CSS("table.mines"))); err != nil {
		t.Fatal(err)
	}
	if n, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("td.exploded").length`)); n != 1 {
		t.Errorf("%d mines exploded on the page, want 1", n)
	}
	browsertest.Shot(t, tab, "kept-race")
}

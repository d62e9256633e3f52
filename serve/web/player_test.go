package web

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"termgames/serve/room"
)

func TestPlayerPage(t *testing.T) {
	_, l, base := keptSite(t)
	won := gameOf(t, play(t, l, room.Setup{Game: room.Omok, Rule: "freestyle"}, keyed("alice"), keyed("bob"), fiveInARow...))
	lost := gameOf(t, play(t, l, room.Setup{Game: room.Omok, Rule: "standard"}, room.Seat{Name: "carol"}, keyed("alice"), fiveInARow...))

	status, body := get(t, base, "/player/alice", "en")
	if status != 200 {
		t.Fatalf("status %d:\n%s", status, body)
	}
	for _, want := range []string{"<title>alice · termgames</title>", `<a href="/leaders/omok/freestyle">Omok freestyle</a>`,
		fmt.Sprintf(`<a href="/game/%d">`, won), fmt.Sprintf(`<a href="/game/%d">`, lost),
		`<a href="/player/bob">bob</a>`, "won (five in a row)", "lost (five in a row)", "1500? → ", "? : not settled yet"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// The newest first; the guest is not linked.
	if strings.Index(body, fmt.Sprintf("/game/%d", lost)) > strings.Index(body, fmt.Sprintf("/game/%d", won)) {
		t.Errorf("the games are not the newest first")
	}
	if strings.Contains(body, `href="/player/carol"`) || !strings.Contains(body, "<td>carol</td>") {
		t.Errorf("the guest is linked, or missing:\n%s", body)
	}
	// The unrated game moved no rating: only the freestyle one is listed.
	if strings.Contains(body, "Omok standard</a></td><td class=\"num\">") {
		t.Errorf("an unrated game shows a rating:\n%s", body)
	}
	if status, _ := get(t, base, "/player/ALICE", "en"); status != 200 {
		t.Errorf("a name in another case: status %d", status)
	}
	if status, _ := get(t, base, "/player/carol", "en"); status != 404 {
		t.Errorf("a guest's page: status %d, want 404", status)
	}
}

// Every name a player chose reaches the pages as text (web_test.go's
// hostile names): the game's page, the leaderboard and the player's page.
func TestKeptNamesAreText(t *testing.T) {
	st, l, base := keptSite(t)
	for i, name := range hostile {
		named(t, st, fmt.Sprintf("SHA256:x%d", i), name)
	}
	settle(t, st, "SHA256:x0", "SHA256:x1")
	settle(t, st, "SHA256:x2", "SHA256:x1")
	// Guests with those names, at games of their own.
	game := gameOf(t, play(t, l, room.Setup{Game: room.Omok, Rule: "freestyle"}, room.Seat{Name: hostile[0]}, room.Seat{Name: hostile[1]}, fiveInARow...))
	game2 := gameOf(t, play(t, l, room.Setup{Game: room.Baseball}, room.Seat{Name: hostile[2]}, keyed("bob"), "0:=123", "1:=456"))

	check := func(path string) string {
		t.Helper()
		status, body := get(t, base, path, "en")
		if status != 200 {
			t.Fatalf("%s: status %d", path, status)
		}
		inert(t, path, body)
		return body
	}
	if body := check(fmt.Sprintf("/game/%d", game)); !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") ||
		!strings.Contains(body, "&#34;&gt;&lt;img src=x") {
		t.Errorf("the game's page does not show the names as text:\n%s", body)
	}
	if body := check(fmt.Sprintf("/game/%d", game2)); !strings.Contains(body, "javascript:alert(1)") {
		t.Errorf("the game's page does not show the name as text:\n%s", body)
	}
	body := check("/leaders")
	links := regexp.MustCompile(`href="(/player/[^"]*)"`).FindAllStringSubmatch(body, -1)
	if len(links) != 3 {
		t.Fatalf("the leaderboard links %d players, want 3:\n%s", len(links), body)
	}
	for _, m := range links {
		// The link is the player's page, whatever the name.
		page := check(strings.ReplaceAll(m[1], "&amp;", "&"))
		if !strings.Contains(page, "Ratings") {
			t.Errorf("%s is not a player's page", m[1])
		}
	}
}

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

// Every name a player chose reaches the pages escaped: the game's page,
// the leaderboard and the player's page.
func TestNamesEscaped(t *testing.T) {
	st, l, base := keptSite(t)
	names := []string{`<script>alert(1)</script>`, `"><img src=x onerror=alert(1)>`, `javascript:alert(1)`}
	for i, name := range names {
		named(t, st, fmt.Sprintf("SHA256:x%d", i), name)
	}
	settle(t, st, "SHA256:x0", "SHA256:x1")
	settle(t, st, "SHA256:x2", "SHA256:x1")
	// Guests with those names, at a game of their own.
	game := gameOf(t, play(t, l, room.Setup{Game: room.Omok, Rule: "freestyle"}, room.Seat{Name: names[0]}, room.Seat{Name: names[1]}, fiveInARow...))
	game2 := gameOf(t, play(t, l, room.Setup{Game: room.Omok, Rule: "freestyle"}, room.Seat{Name: names[2]}, keyed("bob"), "h8"))

	href := regexp.MustCompile(`(?i)href="([^"]*)"`)
	check := func(path string) string {
		t.Helper()
		status, body := get(t, base, path, "en")
		if status != 200 {
			t.Fatalf("%s: status %d", path, status)
		}
		low := strings.ToLower(body)
		if strings.Contains(low, "<script>alert") || strings.Contains(low, "<img src=x") {
			t.Errorf("%s: a name is not escaped:\n%s", path, body)
		}
		for _, m := range href.FindAllStringSubmatch(body, -1) {
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(m[1])), "javascript:") {
				t.Errorf("%s: a link to %s", path, m[1])
			}
		}
		return body
	}
	check(fmt.Sprintf("/game/%d", game))
	check(fmt.Sprintf("/game/%d", game2))
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

package web

// leaders.go is the leaderboards: the established ratings of each game and
// rule, best first.

// leadersWords are the words of the leaderboards.
type leadersWords struct {
	Title string
}

var leadersKorean = leadersWords{Title: "순위표"}

var leadersEnglish = leadersWords{Title: "Leaderboards"}

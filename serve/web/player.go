package web

// player.go is a player's page: their ratings, and their recent games.

// playerWords are the words of a player's page.
type playerWords struct {
	NoPlayer string
}

var playerKorean = playerWords{NoPlayer: "없는 플레이어"}

var playerEnglish = playerWords{NoPlayer: "No such player"}

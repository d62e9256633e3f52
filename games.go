package main

import (
	"termgames/baseball"
	"termgames/internal/cli"
	"termgames/minesweeper"
	"termgames/omok"
)

// games is the table of games: the top menu lists them in this order, and
// the command line, -h and the usage are built from it. A new game is its
// own folder and one line here.
func games() []cli.Game {
	return []cli.Game{
		omok.Game(),
		baseball.Game(),
		minesweeper.Game(),
	}
}

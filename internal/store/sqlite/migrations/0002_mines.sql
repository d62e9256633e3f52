-- Minesweeper's counted games of players with a key: their best times and
-- statistics are made from these. Times as in 0001: Unix milliseconds, and
-- a game's time in milliseconds.

CREATE TABLE mines_games (
	id     INTEGER PRIMARY KEY,
	player TEXT NOT NULL REFERENCES players (key),
	level  TEXT NOT NULL,    -- "beginner", "30x16x99", …
	won    INTEGER NOT NULL, -- 1 won, 0 lost
	time   INTEGER NOT NULL, -- from the first opening to the end
	rate   REAL NOT NULL,    -- 3BV/s
	at     INTEGER NOT NULL
);

-- A player's games, oldest first.
CREATE INDEX mines_games_player ON mines_games (player, at);

-- The best times at a level.
CREATE INDEX mines_games_won ON mines_games (level, player, time) WHERE won;

-- Whom a player with a key ignores, and whether they refuse challenges.

CREATE TABLE ignores (
	player  TEXT NOT NULL REFERENCES players (key),
	ignored TEXT NOT NULL REFERENCES players (key),
	PRIMARY KEY (player, ignored)
);

ALTER TABLE players ADD COLUMN refuses_challenges INTEGER NOT NULL DEFAULT 0;

-- Whom a player with a key ignores, and whether they refuse challenges.

CREATE TABLE ignores (
	player  text COLLATE "C" NOT NULL REFERENCES players (key),
	ignored text COLLATE "C" NOT NULL REFERENCES players (key),
	PRIMARY KEY (player, ignored)
);

ALTER TABLE players ADD COLUMN refuses_challenges boolean NOT NULL DEFAULT false;

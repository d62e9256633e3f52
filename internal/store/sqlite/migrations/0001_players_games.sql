-- The players with a key, the online games with their seats and moves, and
-- the ratings that rated games move. Times are Unix milliseconds, and how
-- long a move took is in milliseconds (a .psq's unit).

CREATE TABLE players (
	key     TEXT PRIMARY KEY,     -- the SHA256 fingerprint of the SSH key
	name    TEXT NOT NULL UNIQUE, -- the key's for good
	fold    TEXT NOT NULL UNIQUE, -- the name as names are told apart (store.NameKey)
	created INTEGER NOT NULL
);

CREATE TABLE games (
	id      INTEGER PRIMARY KEY,
	game    TEXT NOT NULL,    -- "omok" or "baseball"
	rule    TEXT NOT NULL,    -- omok's rule ("freestyle", …), '' for baseball
	code    TEXT NOT NULL,    -- the table's code
	rated   INTEGER NOT NULL, -- 1 when both seats have keys
	started INTEGER NOT NULL,
	ended   INTEGER,          -- NULL while the game is in play
	winner  INTEGER,          -- the winning seat, -1 for a draw
	how     TEXT,             -- "five", "found", "draw", "resigned", …
	record  BLOB              -- omok's Piskvork .psq, baseball's rounds
);

-- The tables to bring back after a restart.
CREATE INDEX games_in_play ON games (id) WHERE ended IS NULL;

CREATE TABLE seats (
	game   INTEGER NOT NULL REFERENCES games (id),
	seat   INTEGER NOT NULL,                -- 0 or 1
	player TEXT REFERENCES players (key),   -- NULL for a guest
	name   TEXT NOT NULL,
	resume TEXT NOT NULL,                   -- the resume code while in play, then ''
	-- A rated game's ratings around it; NULL when the game is not rated.
	rating_before REAL, deviation_before REAL, volatility_before REAL,
	rating_after  REAL, deviation_after  REAL, volatility_after  REAL,
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;

-- A player's games.
CREATE INDEX seats_player ON seats (player, game);

CREATE TABLE moves (
	game INTEGER NOT NULL REFERENCES games (id),
	n    INTEGER NOT NULL, -- 0, 1, 2, … in the order made
	seat INTEGER NOT NULL,
	text TEXT NOT NULL,    -- omok's "h8", baseball's "123" or "=123"
	took INTEGER NOT NULL, -- how long the player thought, in milliseconds
	at   INTEGER NOT NULL,
	PRIMARY KEY (game, n)
) WITHOUT ROWID;

-- A player's rating at one game and rule (Glicko-2), with the games that
-- made it.
CREATE TABLE ratings (
	player     TEXT NOT NULL REFERENCES players (key),
	game       TEXT NOT NULL,
	rule       TEXT NOT NULL,
	rating     REAL NOT NULL,
	deviation  REAL NOT NULL,
	volatility REAL NOT NULL,
	games      INTEGER NOT NULL,
	wins       INTEGER NOT NULL,
	losses     INTEGER NOT NULL,
	draws      INTEGER NOT NULL,
	PRIMARY KEY (player, game, rule)
) WITHOUT ROWID;

-- The leaderboards.
CREATE INDEX ratings_board ON ratings (game, rule, rating DESC);

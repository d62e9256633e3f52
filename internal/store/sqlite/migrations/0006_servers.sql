-- Servers that share the store, and their open tables. Each game in play
-- belongs to the server whose table plays it ('' for a server with no
-- name), which alone brings it back after a restart. A table's code is
-- unique across every server by the primary key of open_tables; a server
-- is listed while its lease runs (expires, Unix milliseconds), renewed
-- every few seconds, so that a server that dies drops out of the lists
-- with its tables.

ALTER TABLE games ADD COLUMN server TEXT NOT NULL DEFAULT '';

CREATE TABLE servers (
	name    TEXT PRIMARY KEY,
	public  TEXT NOT NULL,   -- the address players reach it at: "host:2222"
	expires INTEGER NOT NULL -- the end of its lease
);

CREATE TABLE open_tables (
	code    TEXT PRIMARY KEY,  -- unique among the tables of every server
	server  TEXT NOT NULL REFERENCES servers (name) ON DELETE CASCADE,
	game    TEXT NOT NULL,     -- "omok", "baseball", "race"
	rule    TEXT NOT NULL,     -- omok's rule, '' for the others
	options TEXT NOT NULL,     -- as games.options
	host    TEXT NOT NULL,     -- the name of the player in seat 1
	playing INTEGER NOT NULL,  -- both seats taken
	rated   INTEGER NOT NULL
);

CREATE INDEX open_tables_server ON open_tables (server);

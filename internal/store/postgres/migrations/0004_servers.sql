-- Servers that share the database, and their open tables. Each game in
-- play belongs to the server whose table plays it ('' for a server with no
-- name), which alone brings it back after a restart. A table's code is
-- unique across every server by the primary key of open_tables; a server
-- is listed while its lease runs (expires, on the database's clock),
-- renewed every few seconds, so that a server that dies drops out of the
-- lists with its tables.

ALTER TABLE games ADD COLUMN server text COLLATE "C" NOT NULL DEFAULT '';

-- The games in play of one server.
CREATE INDEX games_in_play_at ON games (server, id) WHERE ended IS NULL;

CREATE TABLE servers (
	name    text COLLATE "C" PRIMARY KEY,
	public  text NOT NULL,        -- the address players reach it at: "host:2222"
	expires timestamptz NOT NULL  -- the end of its lease
);

CREATE TABLE open_tables (
	code    text COLLATE "C" PRIMARY KEY, -- unique among the tables of every server
	server  text COLLATE "C" NOT NULL REFERENCES servers (name) ON DELETE CASCADE,
	game    text NOT NULL,       -- "omok", "baseball", "race"
	rule    text NOT NULL,       -- omok's rule, '' for the others
	options text NOT NULL,       -- as games.options
	host    text NOT NULL,       -- the name of the player in seat 1
	playing boolean NOT NULL,    -- both seats taken
	rated   boolean NOT NULL
);

CREATE INDEX open_tables_server ON open_tables (server);

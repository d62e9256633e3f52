-- The lines said at a game's table, for the moderators: by the players
-- (seen by everyone at the table) and by the watchers (seen by the
-- watchers only).

CREATE TABLE chat (
	game    INTEGER NOT NULL REFERENCES games (id),
	n       INTEGER NOT NULL, -- 0, 1, 2, … in the order said
	at      INTEGER NOT NULL, -- Unix milliseconds
	name    TEXT NOT NULL,    -- the sender as the table showed them
	player  TEXT,             -- the sender's key; NULL for a guest
	watcher INTEGER NOT NULL, -- 1: a watcher said it
	text    TEXT NOT NULL,
	PRIMARY KEY (game, n)
);

-- The lines said at a game's table, for the moderators: by the players
-- (seen by everyone at the table) and by the watchers (seen by the
-- watchers only).

CREATE TABLE chat (
	game    bigint NOT NULL REFERENCES games (id),
	n       integer NOT NULL,      -- 0, 1, 2, … in the order said
	at      timestamptz NOT NULL,
	name    text NOT NULL,         -- the sender as the table showed them
	player  text COLLATE "C",      -- the sender's key; NULL for a guest
	watcher boolean NOT NULL,
	text    text NOT NULL,
	PRIMARY KEY (game, n)
);

-- What the moderators keep: the bans and mutes, one of each kind a target
-- at most (a new one replaces it), and every command they ran. Times are
-- Unix milliseconds.

CREATE TABLE sanctions (
	kind   TEXT NOT NULL,    -- "ban" or "mute"
	target TEXT NOT NULL,    -- a key's fingerprint, or a guest's address
	name   TEXT NOT NULL,    -- the player's name when it was given
	by     TEXT NOT NULL,    -- the moderator's name
	reason TEXT NOT NULL,
	at     INTEGER NOT NULL,
	until  INTEGER,          -- NULL: for good
	PRIMARY KEY (kind, target)
) WITHOUT ROWID;

CREATE TABLE admin_log (
	id      INTEGER PRIMARY KEY,
	at      INTEGER NOT NULL,
	admin   TEXT NOT NULL,  -- the moderator's name
	key     TEXT NOT NULL,  -- and key's fingerprint
	command TEXT NOT NULL,
	result  TEXT NOT NULL
);

-- A game's table options (its clock, its opening, …) as one line that the
-- serve package writes and reads ("3+2 swap2"): a game in play comes back
-- after a restart with them. A game begun before has none.

ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '';

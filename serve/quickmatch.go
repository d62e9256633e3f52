package serve

import "slices"

// quickmatch.go is the quick match (빠른 대전): a player names the game,
// the rule and the clock, and is seated with the first player waiting for
// the same; with nobody waiting, a table is opened for them, which the
// next such player joins. It is rules only: the queue of tables waiting,
// first come first served. The lobby opens and joins the tables, and
// calls Match and Wait under one lock, so that two players who come at
// once are paired and do not each open a table.

// QuickMatch is the tables opened by the quick match that wait for their
// second player, oldest first. The zero QuickMatch is empty.
type QuickMatch struct {
	waiting []quickTable
}

// quickTable is a table waiting: what for, and whose.
type quickTable struct {
	want Setup
	code string // the table's code
	key  string // its host's key; "" for a guest
}

// Match returns the code of the oldest table waiting for w and takes it
// out of the queue: the player joins it. A player with a key is not
// paired with their own table (a second session of theirs). False when no
// table waits for w: the player opens one, and Wait queues it.
func (q *QuickMatch) Match(w Setup, key string) (code string, ok bool) {
	w = w.normal()
	for k, t := range q.waiting {
		if t.want == w && (key == "" || t.key != key) {
			q.waiting = slices.Delete(q.waiting, k, k+1)
			return t.code, true
		}
	}
	return "", false
}

// Wait queues the table with code, opened for w by the player with key,
// after those already waiting.
func (q *QuickMatch) Wait(w Setup, code, key string) {
	q.waiting = append(q.waiting, quickTable{want: w.normal(), code: code, key: key})
}

// Leave takes the table with code out of the queue, and reports whether
// it was there: its host left, or a player joined it by its code.
func (q *QuickMatch) Leave(code string) bool {
	for k, t := range q.waiting {
		if t.code == code {
			q.waiting = slices.Delete(q.waiting, k, k+1)
			return true
		}
	}
	return false
}

// Waiting counts the tables waiting for w, for the screen that shows how
// many players wait for what a player chose.
func (q *QuickMatch) Waiting(w Setup) int {
	w = w.normal()
	n := 0
	for _, t := range q.waiting {
		if t.want == w {
			n++
		}
	}
	return n
}

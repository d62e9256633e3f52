package serve

import (
	"testing"
	"time"

	"termgames/omok"
)

// TestQuickMatch lets players come one after another, each doing what the
// lobby does: join the table Match gives, or open one (named T1, T2, … in
// the order opened) and Wait. want is the table each sits at, and whether
// they opened it.
func TestQuickMatch(t *testing.T) {
	blitz := Control{Base: 3 * time.Minute, Increment: 2 * time.Second}
	rapid := Control{Base: 10 * time.Minute, Increment: 10 * time.Second}
	freeBlitz := Setup{Game: Omok, Rule: omok.Freestyle, Control: blitz}
	type comer struct {
		key    string
		want   Setup
		table  string
		opened bool
	}
	tests := []struct {
		name   string
		comers []comer
	}{
		{"two paired, a third opens a table", []comer{
			{"a", freeBlitz, "T1", true},
			{"b", freeBlitz, "T1", false},
			{"c", freeBlitz, "T2", true},
		}},
		{"another rule, another clock, another game wait apart", []comer{
			{"a", freeBlitz, "T1", true},
			{"b", Setup{Game: Omok, Rule: omok.Renju, Control: blitz}, "T2", true},
			{"c", Setup{Game: Omok, Rule: omok.Freestyle, Control: rapid}, "T3", true},
			{"d", Setup{Game: Omok, Rule: omok.Freestyle, Control: Control{}}, "T4", true},
			{"e", Setup{Game: Baseball, Rule: 0, Control: blitz}, "T5", true},
			{"f", Setup{Game: Omok, Rule: omok.Renju, Control: blitz}, "T2", false},
			{"g", freeBlitz, "T1", false},
			{"h", Setup{Game: Omok, Rule: omok.Freestyle, Control: Control{}}, "T4", false},
		}},
		{"baseball has no rule", []comer{
			{"a", Setup{Game: Baseball, Rule: omok.Renju, Control: rapid}, "T1", true},
			{"b", Setup{Game: Baseball, Rule: omok.Freestyle, Control: rapid}, "T1", false},
		}},
		{"first come, first served", []comer{
			{"a", freeBlitz, "T1", true},
			{"a", freeBlitz, "T2", true}, // a second session of a's
			{"b", freeBlitz, "T1", false},
			{"c", freeBlitz, "T2", false},
		}},
		{"nobody is paired with themself", []comer{
			{"a", freeBlitz, "T1", true},
			{"a", freeBlitz, "T2", true},
			{"a", freeBlitz, "T3", true},
		}},
		{"guests are paired with anyone", []comer{
			{"", freeBlitz, "T1", true},
			{"", freeBlitz, "T1", false},
			{"a", freeBlitz, "T2", true},
			{"", freeBlitz, "T2", false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var q QuickMatch
			opened := 0
			for k, c := range tt.comers {
				code, ok := q.Match(c.want, c.key)
				if !ok {
					opened++
					code = "T" + string(rune('0'+opened))
					q.Wait(c.want, code, c.key)
				}
				if code != c.table || ok == c.opened {
					t.Fatalf("player %d (%q, %v): at %s, opened %v; want %s, opened %v", k+1, c.key, c.want, code, !ok, c.table, c.opened)
				}
			}
		})
	}
}

func TestQuickMatchLeave(t *testing.T) {
	var q QuickMatch
	w := Setup{Game: Omok, Rule: omok.Standard, Control: Control{}}
	q.Wait(w, "T1", "a")
	q.Wait(w, "T2", "b")
	if q.Waiting(w) != 2 || q.Waiting(Setup{Game: Omok, Rule: omok.Renju, Control: Control{}}) != 0 {
		t.Errorf("waiting %d", q.Waiting(w))
	}
	if !q.Leave("T1") || q.Leave("T1") || q.Leave("T9") {
		t.Error("Leave reports wrong")
	}
	if code, ok := q.Match(w, "c"); !ok || code != "T2" {
		t.Errorf("after T1 left: %s, %v", code, ok)
	}
	if _, ok := q.Match(w, "c"); ok || q.Waiting(w) != 0 {
		t.Errorf("a table still waits: %d", q.Waiting(w))
	}
	if q.Waiting(Setup{Game: Baseball, Rule: omok.Renju, Control: Control{}}) != 0 {
		t.Error("baseball waits")
	}
	q.Wait(Setup{Game: Baseball, Rule: omok.Renju, Control: Control{}}, "T3", "")
	if q.Waiting(Setup{Game: Baseball, Rule: 0, Control: Control{}}) != 1 {
		t.Error("a baseball table's rule counted")
	}
}

func TestSetupString(t *testing.T) {
	for w, want := range map[Setup]string{
		{Game: Omok, Rule: omok.Renju, Control: Control{Base: 3 * time.Minute, Increment: 2 * time.Second}}: "omok renju 3+2",
		{Game: Omok, Rule: omok.Freestyle}: "omok freestyle none",
		{Game: Baseball, Rule: omok.Renju, Control: Control{Base: 5 * time.Minute, Increment: 5 * time.Second}}: "baseball 5+5",
	} {
		if w.String() != want {
			t.Errorf("%q, want %q", w.String(), want)
		}
	}
}

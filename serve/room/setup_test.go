package room

import (
	"strings"
	"testing"
	"time"

	"termgames/internal/store"
)

// A table's options, as the store keeps them, read back as they were
// written, for every kind of setup and first seat; a game kept before
// tables had options reads as no clock, no swap2, seat 0 first.
func TestOptionsRoundTrip(t *testing.T) {
	setups := []Setup{
		{Game: Omok, Rule: "freestyle"},
		{Game: Omok, Rule: "standard", Control: Control{Base: 3 * time.Minute, Increment: 2 * time.Second}, Swap2: true},
		{Game: Omok, Rule: "renju", Control: Control{Base: 20 * time.Second}},
		{Game: Baseball, Control: Control{Base: 30 * time.Second, PerMove: true}},
	}
	for _, s := range setups {
		for first := range 2 {
			text := s.options(first)
			g := store.Game{Game: s.Game.name, Rule: s.Rule, Options: text}
			back, f, err := setupOf(g)
			if err != nil || back != s || f != first {
				t.Errorf("%v, first %d: kept as %q, read back as %v, first %d (%v)", s, first, text, back, f, err)
			}
		}
	}
	if s, first, err := setupOf(store.Game{Game: "omok", Rule: "renju"}); err != nil || first != 0 ||
		s != (Setup{Game: Omok, Rule: "renju"}) {
		t.Errorf("a game kept with no options: %v, first %d, %v", s, first, err)
	}
	for _, bad := range []store.Game{{Game: "chess"}, {Game: "omok", Rule: "gomoku"}, {Game: "omok"},
		{Game: "baseball", Rule: "renju"}} {
		if _, _, err := setupOf(bad); err == nil || !strings.Contains(err.Error(), `"`+bad.Game+`"`) &&
			!strings.Contains(err.Error(), `"`+bad.Rule+`"`) {
			t.Errorf("a kept game of %q, rule %q: read with %v, not refused by name", bad.Game, bad.Rule, err)
		}
	}
	for _, bad := range []string{"3+2 swap3", "fast", "3+2 3+2"} {
		if _, _, err := setupOf(store.Game{Game: "omok", Rule: "freestyle", Options: bad}); err == nil {
			t.Errorf("options %q read with no error", bad)
		}
	}
}

// Whatever the options text, reading it never panics, and what it reads
// is written back as options that read the same.
func FuzzReadOptions(f *testing.F) {
	for _, seed := range []string{"", "none", "3+2 swap2 second", "30s/move", "1m30s+500ms swap2", "second", "x y z"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var s Setup
		first, err := s.readOptions(text)
		if err != nil {
			return
		}
		var again Setup
		first2, err := again.readOptions(s.options(first))
		if err != nil || again != s || first2 != first {
			t.Fatalf("%q read as %+v first %d, written %q, read again as %+v first %d (%v)",
				text, s, first, s.options(first), again, first2, err)
		}
	})
}

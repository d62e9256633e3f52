package metrics

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A nil *Metrics counts nothing and never panics: parts made without one
// call it all the same.
func TestNil(t *testing.T) {
	var m *Metrics
	m.Session(true)()
	m.Refused(Full)
	m.Panic()
	m.Games("omok")
	m.GameStarted("omok")
	m.GameEnded("omok", "five")
	m.Move("omok", time.Millisecond)
	m.StoreWrite("move", time.Millisecond, nil)
	m.CountTables(func() []TableCount { return nil })
	m.Register(nil)
}

// What the methods count is what /metrics says, in the text format.
func TestCounts(t *testing.T) {
	m := New()
	done := m.Session(true)
	m.Session(false)
	done()
	m.Refused(PerAddress)
	m.Games("omok")
	m.GameStarted("omok")
	m.Move("omok", 3*time.Millisecond)
	m.GameEnded("omok", "five")
	m.StoreWrite("move", time.Millisecond, io.ErrShortWrite)
	m.CountTables(func() []TableCount { return []TableCount{{Game: "omok", State: Playing, N: 2}} })
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	for _, want := range []string{
		`termgames_sessions{kind="keyed"} 0`,
		`termgames_sessions{kind="guest"} 1`,
		`termgames_sessions_total{kind="keyed"} 1`,
		`termgames_refused_total{reason="per_address"} 1`,
		`termgames_refused_total{reason="full"} 0`,
		`termgames_games_started_total{game="omok"} 1`,
		`termgames_games_ended_total{game="omok",how="five"} 1`,
		`termgames_moves_total{game="omok"} 1`,
		`termgames_move_seconds_bucket{game="omok",le="0.005"} 1`,
		`termgames_move_seconds_bucket{game="omok",le="0.0025"} 0`,
		`termgames_store_write_failures_total{op="move"} 1`,
		`termgames_tables{game="omok",state="playing"} 2`,
		"# HELP termgames_tables ",
		"process_cpu_seconds_total",
	} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("no %q in:\n%s", want, rec.Body.String())
		}
	}
}

package engine

import (
	"context"
	"testing"
	"time"
)

// stepClock is a clock that moves on by step at every reading, so that a
// timed search reads the same times on every machine: the search reads
// the clock every 256 positions, so a step of 2 ms is a search of about
// 128,000 positions a second.
type stepClock struct {
	t     time.Time
	step  time.Duration
	reads int
}

func (c *stepClock) now() time.Time {
	c.reads++
	c.t = c.t.Add(c.step)
	return c.t
}

// quietBoards are positions with nothing forced, where hard has no reason
// to stop before its clock does.
func quietBoards(t *testing.T) map[string]*Board {
	t.Helper()
	out := map[string]*Board{}
	for name, c := range map[string]struct {
		rule  Rule
		moves []Point
	}{
		"freestyle opening": {Freestyle, []Point{{7, 7}, {8, 8}, {6, 8}, {8, 6}}},
		"freestyle middle": {Freestyle, []Point{{7, 7}, {8, 8}, {6, 8}, {8, 6}, {8, 7}, {6, 7}, {9, 9}, {7, 9},
			{5, 6}, {9, 5}}},
		"renju middle": {Renju, []Point{{7, 7}, {8, 8}, {6, 8}, {8, 6}, {8, 7}, {6, 7}, {9, 9}, {7, 9},
			{5, 6}, {9, 5}, {6, 6}, {4, 5}}},
	} {
		b, err := NewBoard(15, c.rule)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.moves {
			if err := b.Play(p); err != nil {
				t.Fatalf("%s: %v: %v", name, p, err)
			}
		}
		out[name] = b
	}
	return out
}

// TestNeverOverTheLimit runs hard on a clock of its own (deterministic):
// from the call of Think to its answer no more than the move's limit may
// pass, and on a quiet position hard spends nearly all of its budget.
func TestNeverOverTheLimit(t *testing.T) {
	for name, b := range quietBoards(t) {
		for _, limit := range []time.Duration{40 * time.Millisecond, 250 * time.Millisecond} {
			clk := &stepClock{t: time.Unix(0, 0), step: 2 * time.Millisecond}
			e := New(Hard, nil)
			e.now = clk.now
			start := clk.now()
			r, err := e.Think(context.Background(), b, Limits{Time: limit})
			if err != nil {
				t.Fatal(err)
			}
			took := clk.now().Sub(start)
			if took > limit {
				t.Errorf("%s, limit %v: the move took %v (%s, depth %d)", name, limit, took, r.Kind, r.Depth)
			}
			if r.Kind == "search" && took < Budget(limit)-4*time.Millisecond {
				t.Errorf("%s, limit %v: stopped after %v of a budget of %v (depth %d, score %d)", name, limit, took, Budget(limit), r.Depth, r.Score)
			}
			t.Logf("%s, limit %v: %v, %s, depth %d, %d positions", name, limit, took, r.Kind, r.Depth, r.Nodes)
		}
	}
}

// TestForcedMoveIsQuick: a move that blocks a four is answered at once,
// whatever the clock allows.
func TestForcedMoveIsQuick(t *testing.T) {
	b, err := NewBoard(15, Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Point{{7, 7}, {3, 3}, {8, 7}, {3, 4}, {9, 7}, {3, 5}, {10, 7}} {
		if err := b.Play(p); err != nil {
			t.Fatal(err)
		}
	}
	clk := &stepClock{t: time.Unix(0, 0), step: time.Millisecond}
	e := New(Hard, nil)
	e.now = clk.now
	r, err := e.Think(context.Background(), b, Limits{Time: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != "block" || clk.reads > 3 {
		t.Errorf("answered %v (%s) after %d readings of the clock, want a block at once", r.Move, r.Kind, clk.reads)
	}
}

// TestBudget: the margin is kept at every limit the brain and the menu use.
func TestBudget(t *testing.T) {
	for _, limit := range []time.Duration{20 * time.Millisecond, 100 * time.Millisecond, 800 * time.Millisecond, 970 * time.Millisecond, 30 * time.Second} {
		b := Budget(limit)
		if b >= limit || b < limit/2 {
			t.Errorf("Budget(%v) = %v", limit, b)
		}
	}
}

package minesweeper

import (
	"math/rand/v2"
	"slices"
	"testing"

	"termgames/console"
	"termgames/internal/screentest"
)

// The menu has the online entry only where Options.Online is set (an SSH
// session): 8 opens it, with the menu to come back to.
func TestMenuOnlineEntry(t *testing.T) {
	local := New(Options{Rand: rand.New(rand.NewPCG(1, 2))}, nil)
	mustNotContain(t, text(local, screentest.Narrow), "8. 온라인 대결")
	var back console.Screen
	online := &struct{ console.Screen }{}
	opt := Options{Rand: rand.New(rand.NewPCG(1, 2)), Online: func(b console.Screen) console.Screen {
		back = b
		return online
	}}
	m := New(opt, nil)
	mustContain(t, text(m, screentest.Narrow), "7. 종료", "8. 온라인 대결")
	if got := console.Feed(m, console.Keys("8\r")...); got != online || back != m {
		t.Fatalf("8 leads to %T, back to %T", got, back)
	}
	mustContain(t, text(New(Options{Lang: "en", Online: opt.Online}, nil), screentest.Narrow), "8. Race online")
}

// A clone changes apart from its field, and a Drawing puts a field's rows
// after what a frame's rows hold, so that two fields stand side by side,
// never writing into the rows of the other.
func TestCloneAndDrawing(t *testing.T) {
	l := Levels()[0]
	mines := make([]bool, l.Rows*l.Cols)
	for i := range l.Mines {
		mines[l.Rows*l.Cols-1-i] = true
	}
	f, err := NewFieldOf(l, mines)
	if err != nil {
		t.Fatal(err)
	}
	f.Open(7, 7) // a number beside the mines: it opens alone
	c := f.Clone()
	c.Flag(0, 1, false)
	c.Open(0, 0)
	if f.Look(0, 1) != Covered || f.IsOpen(0, 0) || f.MinesLeft() != l.Mines || c.Look(0, 1) != Flagged || !c.IsOpen(0, 0) {
		t.Fatalf("the clone's flag and opening show on its field, or not on the clone")
	}
	if safe := l.Rows*l.Cols - l.Mines; f.SafeLeft() != safe-1 || c.SafeLeft() >= f.SafeLeft() {
		t.Fatalf("safe cells left: %d on the field, %d on the clone", f.SafeLeft(), c.SafeLeft())
	}

	left, right := Drawing{Top: 1, Left: 2}, Drawing{Top: 1, Left: 30, ASCII: true}
	left.Update(f, 0, 0, false)
	right.Update(c, -1, -1, false)
	var fr console.Frame
	left.Draw(&fr)
	kept := slices.Clone(fr.Rows[1])
	right.Draw(&fr)
	if len(fr.Rows[1]) != 2*l.Cols || fr.Rows[1][0].Col != 2 || fr.Rows[1][l.Cols].Col != 30 {
		t.Fatalf("row 1 of both fields: %+v", fr.Rows[1])
	}
	if !fr.Rows[1][0].Style.Reverse || fr.Rows[1][1].Style.Reverse {
		t.Errorf("the cursor is not on the left field's first cell alone")
	}
	var again console.Frame
	left.Draw(&again)
	if !slices.Equal(again.Rows[1], kept) {
		t.Errorf("drawing the right field changed the left one's rows")
	}
	if got := fr.Rows[1][l.Cols+1].Text; got != "F" {
		t.Errorf("the right field's flag in ASCII: %q", got)
	}
}

package minesweeper

import (
	"math/rand/v2"
	"testing"
	"time"
)

// randomField lays m random mines on an r x c field, all covered.
func randomField(rng *rand.Rand, r, c, m int) *Field {
	f := newField(Level{Rows: r, Cols: c, Mines: m}, rng)
	f.placed = true
	for _, i := range rng.Perm(r * c)[:m] {
		f.mine[i] = true
	}
	f.countMines()
	return f
}

// fewestClicks is the fewest openings that open every safe cell of f's
// board (no flags), found by a breadth-first search over the sets of open
// cells: each step opens one more covered safe cell with the game's own
// Open, from a copy of the field.
func fewestClicks(t *testing.T, f *Field) int {
	t.Helper()
	n := len(f.mine)
	if n > 64 {
		t.Fatalf("a %d-cell field is too big to search", n)
	}
	openSet := func(g *Field) uint64 {
		var s uint64
		for i, cv := range g.cover {
			if cv == open {
				s |= 1 << i
			}
		}
		return s
	}
	var full uint64
	for i, m := range f.mine {
		if !m {
			full |= 1 << i
		}
	}
	// play returns the cells open after opening cell with those of set
	// open already: a flood from cell, as the game opens it.
	play := func(set uint64, cell int) uint64 {
		g := newField(f.level, nil)
		g.placed = true
		copy(g.mine, f.mine)
		g.countMines()
		for i := range n {
			if set&(1<<i) != 0 {
				g.cover[i] = open
				g.safeLeft--
			}
		}
		g.Open(cell/f.level.Cols, cell%f.level.Cols)
		return openSet(g)
	}
	// A state is the set of open cells; what is open decides what the next
	// click can add, so the clicks that led there do not matter.
	depth := map[uint64]int{0: 0}
	queue := []uint64{0}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s == full {
			return depth[s]
		}
		for i := range n {
			if f.mine[i] || s&(1<<i) != 0 {
				continue
			}
			next := play(s, i)
			if _, ok := depth[next]; !ok {
				depth[next] = depth[s] + 1
				queue = append(queue, next)
			}
		}
	}
	t.Fatal("no clicks open the board")
	return 0
}

// TestBBBVIsFewestClicks: on small random boards the game's 3BV is the
// fewest clicks that open every safe cell, found by search.
func TestBBBVIsFewestClicks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 300 {
		r, c := 2+rng.IntN(3), 2+rng.IntN(4) // up to 4 x 5: the search stays quick
		m := 1 + rng.IntN(r*c/3+1)
		if m >= r*c {
			m = r*c - 1
		}
		f := randomField(rng, r, c, m)
		solved, total := f.BBBV()
		if want := fewestClicks(t, f); total != want || solved != 0 {
			t.Fatalf("board %d:\n%s\n3BV %d (solved %d), the fewest clicks are %d", k, boardPicture(f), total, solved, want)
		}
	}
}

// boardPicture shows where the mines are, for a failure.
func boardPicture(f *Field) string {
	s := ""
	for i, m := range f.mine {
		if i > 0 && i%f.level.Cols == 0 {
			s += "\n"
		}
		switch {
		case m:
			s += "*"
		case f.count[i] == 0:
			s += "."
		default:
			s += string(rune('0' + f.count[i]))
		}
	}
	return s
}

// TestBBBVByClicking: on random boards of every level's size, clicking
// first every blank still covered, then every number still covered, with
// the game's Open, takes exactly 3BV clicks that open something, and the
// solved 3BV counts along.
func TestBBBVByClicking(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sizes := []Level{{Rows: 9, Cols: 9, Mines: 10}, {Rows: 16, Cols: 16, Mines: 40}, {Rows: 16, Cols: 30, Mines: 99}, {Rows: 7, Cols: 13, Mines: 30}}
	for k := range 400 {
		l := sizes[k%len(sizes)]
		f := randomField(rng, l.Rows, l.Cols, l.Mines)
		_, total := f.BBBV()
		clicks := 0
		for pass := range 2 {
			for i, m := range f.mine {
				blank := f.count[i] == 0
				if m || (pass == 0) != blank {
					continue
				}
				if f.Open(i/l.Cols, i%l.Cols) {
					clicks++
					if solved, _ := f.BBBV(); solved != clicks {
						t.Fatalf("board %d: after %d clicks solved 3BV is %d", k, clicks, solved)
					}
				}
			}
		}
		if f.Status() != Won || clicks != total {
			t.Fatalf("board %d (%v): %d clicks won it (%v), 3BV %d", k, l, clicks, f.Status(), total)
		}
		if solved, _ := f.BBBV(); solved != total {
			t.Fatalf("board %d: won with solved 3BV %d of %d", k, solved, total)
		}
	}
}

// TestBBBVWorkedBoard is the board of the docs: two openings and two lone
// numbers make 3BV 4.
func TestBBBVWorkedBoard(t *testing.T) {
	f := fieldOf(t,
		"..*..",
		".....",
		"*....",
		"....*",
	)
	if solved, total := f.BBBV(); total != 4 || solved != 0 {
		t.Errorf("3BV %d/%d, want 0/4\n%s", solved, total, boardPicture(f))
	}
	f.Open(0, 4) // the opening at the top right
	if solved, total := f.BBBV(); solved != 1 || total != 4 {
		t.Errorf("after one opening 3BV %d/%d, want 1/4", solved, total)
	}
	// A flag on a blank keeps its opening from being solved.
	g := fieldOf(t,
		"*...",
		"..F.",
		"....",
	)
	g.Open(2, 3)
	if solved, total := g.BBBV(); solved != 0 || total != 1 {
		t.Errorf("an opening with a flag inside: 3BV %d/%d, want 0/1", solved, total)
	}
	if s, tot := newField(Level{Rows: 3, Cols: 3, Mines: 1}, nil).BBBV(); s != 0 || tot != 0 {
		t.Errorf("before the mines: %d/%d", s, tot)
	}
}

func TestFiguresOf(t *testing.T) {
	f := fieldOf(t, "*..", "...", "...")
	f.Open(2, 2)
	g := FiguresOf(f, 2500*time.Millisecond, 4)
	if g.BBBV != 1 || g.Solved != 1 || g.Rate() != 0.4 || g.IOE() != 0.25 {
		t.Errorf("figures %+v, 3BV/s %v, IOE %v", g, g.Rate(), g.IOE())
	}
	if z := (Figures{}); z.Rate() != 0 || z.IOE() != 0 {
		t.Errorf("empty figures give %v %v", z.Rate(), z.IOE())
	}
}

// TestSameBoard: a field made of another's mines lays them at its first
// opening, wherever it is, and replaying the clicks plays the same game.
func TestSameBoard(t *testing.T) {
	l := Levels()[0]
	f, _ := NewField(l, rand.New(rand.NewPCG(7, 7)))
	if f.Mines() != nil {
		t.Error("mines before the first opening")
	}
	clicks := []Click{{Action: FlagClick, Row: 0, Col: 0}, {Action: OpenClick, Row: 4, Col: 4}, {Action: FlagClick, Row: 0, Col: 0}, {Action: ChordClick, Row: 4, Col: 4}}
	for _, c := range clicks {
		f.Do(c, false)
	}
	mines := f.Mines()
	g, err := NewFieldOf(l, mines)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range clicks {
		g.Do(c, false)
	}
	if picture(g) != picture(f) {
		t.Errorf("the replay shows\n%s\nthe game\n%s", picture(g), picture(f))
	}
	// The first opening of the same board may be a mine.
	for i, m := range mines {
		if m {
			h, _ := NewFieldOf(l, mines)
			h.Open(i/l.Cols, i%l.Cols)
			if h.Status() != Lost {
				t.Errorf("opening a mine of the same board first: %v", h.Status())
			}
			break
		}
	}
	if _, err := NewFieldOf(l, mines[1:]); err == nil {
		t.Error("a layout of the wrong size was taken")
	}
	if _, err := NewFieldOf(l, make([]bool, 81)); err == nil {
		t.Error("a layout without the level's mines was taken")
	}
}

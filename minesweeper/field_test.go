package minesweeper

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"
)

// fieldOf builds a field whose mines are already placed, from a picture:
// '.' a covered safe cell, '*' a covered mine, 'F' a flag on a safe cell,
// 'M' a flag on a mine, '?' a mark on a safe cell, 'm' a mark on a mine,
// 'o' an open safe cell.
func fieldOf(t testing.TB, rows ...string) *Field {
	t.Helper()
	l := Level{Rows: len(rows), Cols: len(rows[0])}
	for _, row := range rows {
		l.Mines += strings.Count(row, "*") + strings.Count(row, "M") + strings.Count(row, "m")
	}
	f := newField(l, rand.New(rand.NewPCG(1, 2)))
	f.placed = true
	for r, row := range rows {
		if len(row) != l.Cols {
			t.Fatalf("row %d is %d wide, want %d", r, len(row), l.Cols)
		}
		for c, ch := range row {
			i := f.index(r, c)
			f.mine[i] = strings.ContainsRune("*Mm", ch)
			switch ch {
			case 'F', 'M':
				f.cover[i] = flagged
				f.flags++
			case '?', 'm':
				f.cover[i] = marked
			case 'o':
				f.cover[i] = open
				f.safeLeft--
			}
		}
	}
	f.countMines()
	return f
}

// picture shows a field as the player sees it: '#' covered, 'F' flag, '?'
// mark, '*' mine, '!' a mine that went off, 'X' wrong flag, '.' blank, and
// the numbers.
func picture(f *Field) string {
	var b strings.Builder
	l := f.Level()
	for r := range l.Rows {
		if r > 0 {
			b.WriteByte('\n')
		}
		for c := range l.Cols {
			b.WriteString(glyphsFor(true).lookRune(f.Look(r, c)))
		}
	}
	return b.String()
}

// lookRune is the ASCII glyph, with '!' for the mine that went off (the
// screen shows it in reverse video instead).
func (g glyphSet) lookRune(l Look) string {
	switch l {
	case Exploded:
		return "!"
	case WrongFlag:
		return "X"
	}
	s, _ := g.glyph(l)
	return s
}

func lines(s ...string) string { return strings.Join(s, "\n") }

func TestLevels(t *testing.T) {
	want := [3]Level{{"beginner", 9, 9, 10}, {"intermediate", 16, 16, 40}, {"expert", 16, 30, 99}}
	if got := Levels(); got != want {
		t.Fatalf("Levels() = %v, want %v", got, want)
	}
	for _, l := range want {
		if err := l.Check(); err != nil {
			t.Errorf("%v: %v", l, err)
		}
		if got := Custom(l.Rows, l.Cols, l.Mines); got != l {
			t.Errorf("Custom(%d, %d, %d) = %v, want the named level", l.Rows, l.Cols, l.Mines, got)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		l    Level
		want error
	}{
		{Custom(2, 2, 1), nil},
		{Custom(2, 2, 3), nil},
		{Custom(100, 100, 9999), nil},
		{Custom(100, 100, 1), nil},
		{Custom(1, 5, 1), ErrSize},
		{Custom(5, 1, 1), ErrSize},
		{Custom(101, 10, 1), ErrSize},
		{Custom(10, 101, 1), ErrSize},
		{Custom(0, 0, 0), ErrSize},
		{Custom(2, 2, 4), ErrMines},
		{Custom(2, 2, 0), ErrMines},
		{Custom(9, 9, -1), ErrMines},
	}
	for _, tt := range tests {
		if err := tt.l.Check(); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("%+v.Check() = %v, want %v", tt.l, err, tt.want)
		}
		if _, err := NewField(tt.l, nil); (err == nil) != (tt.want == nil) {
			t.Errorf("NewField(%+v) error %v, want %v", tt.l, err, tt.want)
		}
	}
}

func TestKey(t *testing.T) {
	tests := []struct {
		l    Level
		want string
	}{
		{Levels()[0], "beginner"},
		{Levels()[2], "expert"},
		{Custom(20, 30, 50), "20x30/50"},
		{Custom(16, 30, 98), "16x30/98"},
	}
	for _, tt := range tests {
		if got := tt.l.Key(); got != tt.want {
			t.Errorf("%+v.Key() = %q, want %q", tt.l, got, tt.want)
		}
	}
}

func TestOpen(t *testing.T) {
	tests := []struct {
		name   string
		field  []string
		r, c   int
		want   string
		status Status
	}{
		{
			name:  "a number shows itself only",
			field: []string{"*..", "...", "..*"},
			r:     0, c: 1,
			want:   lines("#1#", "###", "###"),
			status: Playing,
		},
		{
			name:  "a blank opens its region and the numbers around it",
			field: []string{"....", "....", "..*.", "...."},
			r:     0, c: 0,
			want:   lines("....", ".111", ".1##", ".1##"),
			status: Playing,
		},
		{
			name:  "the flood stops at flags and opens marks",
			field: []string{"..F.", "?...", "....", "...*"},
			r:     3, c: 0,
			want:   lines("..F.", "....", "..11", "..1#"),
			status: Playing,
		},
		{
			name:  "opening the last safe cells wins and flags every mine",
			field: []string{"*o", "o."},
			r:     1, c: 1,
			want:   lines("F1", "11"),
			status: Won,
		},
		{
			name:  "a mine loses: every mine shown, wrong flags marked, right flags kept",
			field: []string{"*M*", "F?.", "m.."},
			r:     0, c: 0,
			want:   lines("!F*", "X?#", "*##"),
			status: Lost,
		},
		{
			name:  "a flagged cell does not open",
			field: []string{"F*", ".."},
			r:     0, c: 0,
			want:   lines("F#", "##"),
			status: Playing,
		},
		{
			name:  "a marked cell opens",
			field: []string{"?*", ".."},
			r:     0, c: 0,
			want:   lines("1#", "##"),
			status: Playing,
		},
		{
			name:  "outside the field nothing happens",
			field: []string{".*", ".."},
			r:     2, c: 0,
			want:   lines("##", "##"),
			status: Playing,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fieldOf(t, tt.field...)
			f.Open(tt.r, tt.c)
			if got := picture(f); got != tt.want {
				t.Errorf("after Open(%d, %d):\n%s\nwant:\n%s", tt.r, tt.c, got, tt.want)
			}
			if f.Status() != tt.status {
				t.Errorf("status %v, want %v", f.Status(), tt.status)
			}
		})
	}
}

func TestOpenAfterTheEnd(t *testing.T) {
	f := fieldOf(t, "*.", "..")
	f.Open(0, 0)
	before := picture(f)
	if f.Open(1, 1) || f.Flag(1, 0, false) || f.Chord(0, 1) {
		t.Error("a lost game still changes")
	}
	if picture(f) != before {
		t.Errorf("a lost game changed:\n%s", picture(f))
	}
}

func TestFlag(t *testing.T) {
	tests := []struct {
		marks bool
		want  []Look // after each f on the same covered cell
	}{
		{false, []Look{Flagged, Covered, Flagged}},
		{true, []Look{Flagged, Marked, Covered, Flagged}},
	}
	for _, tt := range tests {
		f := fieldOf(t, "*.", "..")
		for i, want := range tt.want {
			if !f.Flag(0, 0, tt.marks) {
				t.Fatalf("marks %v: Flag #%d changed nothing", tt.marks, i+1)
			}
			if got := f.Look(0, 0); got != want {
				t.Errorf("marks %v: after %d flags the cell is %v, want %v", tt.marks, i+1, got, want)
			}
			wantLeft := 1
			if want == Flagged {
				wantLeft = 0
			}
			if f.MinesLeft() != wantLeft {
				t.Errorf("marks %v: after %d flags %d mines left, want %d", tt.marks, i+1, f.MinesLeft(), wantLeft)
			}
		}
	}
	f := fieldOf(t, "*o", "..")
	if f.Flag(0, 1, false) {
		t.Error("an open cell took a flag")
	}
	// More flags than mines: the count goes below zero, as in the classic.
	f.Flag(1, 0, false)
	f.Flag(1, 1, false)
	if f.MinesLeft() != -1 {
		t.Errorf("MinesLeft() = %d, want -1", f.MinesLeft())
	}
}

func TestChord(t *testing.T) {
	tests := []struct {
		name    string
		field   []string
		r, c    int
		changed bool
		want    string
		status  Status
	}{
		{
			name:  "right flags open the other neighbours",
			field: []string{"M..", ".o.", "..."},
			r:     1, c: 1, changed: true,
			want:   lines("F1.", "11.", "..."),
			status: Won,
		},
		{
			name:  "the opened neighbours flood their blank regions",
			field: []string{"M..*.", ".o.*.", "...*."},
			r:     1, c: 1, changed: true,
			want:   lines("F12##", "113##", "..2##"),
			status: Playing,
		},
		{
			name:  "a wrong flag opens a mine and loses",
			field: []string{"*F.", ".o.", "..."},
			r:     1, c: 1, changed: true,
			want:   lines("!X#", "#1#", "###"),
			status: Lost,
		},
		{
			name:  "two wrong flags: both mines go off",
			field: []string{"*F*", "Mo.", "..F"},
			r:     1, c: 1, changed: true,
			want:   lines("!X!", "F3#", "##X"),
			status: Lost,
		},
		{
			name:  "too few flags: nothing happens",
			field: []string{"M*.", ".o.", "..."},
			r:     1, c: 1, changed: false,
			want:   lines("F##", "#2#", "###"),
			status: Playing,
		},
		{
			name:  "too many flags: nothing happens",
			field: []string{"MF.", ".o.", "..."},
			r:     1, c: 1, changed: false,
			want:   lines("FF#", "#1#", "###"),
			status: Playing,
		},
		{
			name:  "a covered cell does not chord",
			field: []string{"M..", "...", "..."},
			r:     1, c: 1, changed: false,
			want:   lines("F##", "###", "###"),
			status: Playing,
		},
		{
			name:  "a marked neighbour opens like a covered one",
			field: []string{"M?.", ".o.", "..."},
			r:     1, c: 1, changed: true,
			want:   lines("F1.", "11.", "..."),
			status: Won,
		},
		{
			name:  "nothing left to open",
			field: []string{"Moo", "ooo", "ooo"},
			r:     1, c: 1, changed: false,
			want:   lines("F1.", "11.", "..."),
			status: Playing,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fieldOf(t, tt.field...)
			if got := f.Chord(tt.r, tt.c); got != tt.changed {
				t.Errorf("Chord(%d, %d) = %v, want %v", tt.r, tt.c, got, tt.changed)
			}
			if got := picture(f); got != tt.want {
				t.Errorf("after Chord(%d, %d):\n%s\nwant:\n%s", tt.r, tt.c, got, tt.want)
			}
			if f.Status() != tt.status {
				t.Errorf("status %v, want %v", f.Status(), tt.status)
			}
		})
	}
}

// reference is the flood done the slow, obvious way: open the cell, then
// open every neighbour of every open blank until nothing changes. Flags
// stay. It returns which cells are open.
func reference(f *Field, first int) []bool {
	n := len(f.mine)
	openSet := make([]bool, n)
	for i := range n {
		openSet[i] = f.cover[i] == open
	}
	openSet[first] = true
	for changed := true; changed; {
		changed = false
		for i := range n {
			if !openSet[i] || f.mine[i] || f.count[i] != 0 {
				continue
			}
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					r, c := i/f.level.Cols+dr, i%f.level.Cols+dc
					if !f.Inside(r, c) {
						continue
					}
					if j := f.index(r, c); !openSet[j] && f.cover[j] != flagged {
						openSet[j] = true
						changed = true
					}
				}
			}
		}
	}
	return openSet
}

func TestFloodMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := range 2000 {
		rows, cols := 1+rng.IntN(25), 1+rng.IntN(25)
		l := Level{Rows: rows, Cols: cols, Mines: 0}
		f := newField(l, rng)
		f.placed = true
		density := rng.Float64() * 0.3
		for i := range f.mine {
			if rng.Float64() < density {
				f.mine[i] = true
				f.level.Mines++
			}
		}
		f.safeLeft = len(f.mine) - f.level.Mines
		for i := range f.cover {
			switch x := rng.Float64(); {
			case x < 0.03:
				f.cover[i] = flagged
				f.flags++
			case x < 0.06:
				f.cover[i] = marked
			}
		}
		f.countMines()
		var safe []int
		for i := range f.mine {
			if !f.mine[i] && f.cover[i] != flagged {
				safe = append(safe, i)
			}
		}
		if len(safe) == 0 {
			continue
		}
		first := safe[rng.IntN(len(safe))]
		want := reference(f, first)
		f.Open(first/cols, first%cols)
		opened := 0
		for i := range want {
			if got := f.cover[i] == open; got != want[i] {
				t.Fatalf("trial %d: %dx%d field, open %d: cell %d open %v, reference %v\n%s",
					trial, rows, cols, first, i, got, want[i], picture(f))
			}
			if want[i] {
				opened++
			}
		}
		if f.safeLeft != len(f.mine)-f.level.Mines-opened {
			t.Fatalf("trial %d: %d safe cells left, want %d", trial, f.safeLeft, len(f.mine)-f.level.Mines-opened)
		}
	}
}

// TestFloodIterative opens a 100x100 field in one go with the goroutine
// stacks limited to 256 KiB: a flood that recursed once per cell would
// need megabytes and crash.
func TestFloodIterative(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(256 << 10))
	f, err := NewField(Custom(100, 100, 1), rand.New(rand.NewPCG(9, 9)))
	if err != nil {
		t.Fatal(err)
	}
	f.Open(50, 50)
	if f.Status() != Won {
		t.Fatalf("status %v: one mine and one opening should win:\n%s", f.Status(), picture(f))
	}
	g := newField(Level{Rows: 100, Cols: 100}, nil)
	g.placed = true
	g.Open(0, 0)
	if g.safeLeft != 0 {
		t.Fatalf("a mine-free field has %d cells left after one opening", g.safeLeft)
	}
}

// TestFirstOpening plays the first opening of 10,000 seeded expert boards
// at random cells: it is never a mine, always a blank, and opens an area.
func TestFirstOpening(t *testing.T) {
	expert := Levels()[2]
	for seed := range uint64(10000) {
		rng := rand.New(rand.NewPCG(seed, 3))
		f, err := NewField(expert, rng)
		if err != nil {
			t.Fatal(err)
		}
		r, c := rng.IntN(expert.Rows), rng.IntN(expert.Cols)
		f.Open(r, c)
		if f.Status() == Lost {
			t.Fatalf("seed %d: the first opening at %d,%d lost", seed, r, c)
		}
		if f.Look(r, c) != Blank {
			t.Fatalf("seed %d: the first opening at %d,%d is %v, not a blank", seed, r, c, f.Look(r, c))
		}
		mines := 0
		for _, m := range f.mine {
			if m {
				mines++
			}
		}
		if mines != expert.Mines {
			t.Fatalf("seed %d: %d mines, want %d", seed, mines, expert.Mines)
		}
		if opened := expert.Rows*expert.Cols - expert.Mines - f.safeLeft; opened < 4 {
			t.Fatalf("seed %d: the first opening opened %d cells", seed, opened)
		}
	}
}

// TestFirstOpeningCrowded covers fields with too few safe cells to keep
// the opened cell's neighbours free of mines.
func TestFirstOpeningCrowded(t *testing.T) {
	tests := []struct {
		l      Level
		r, c   int
		look   Look
		status Status
	}{
		// cells - 1 mines: the only safe cell is the first opening, a win.
		{Custom(3, 3, 8), 1, 1, Look(8), Won},
		{Custom(2, 2, 3), 0, 0, Look(3), Won},
		// 16 - 9 = 7 < 10 in the middle: only the cell itself is kept free.
		{Custom(4, 4, 10), 1, 1, Covered, Playing},
		// A corner has 3 neighbours: 16 - 4 = 12 >= 10 keeps them free, so
		// even this crowded field opens a blank there.
		{Custom(4, 4, 10), 0, 0, Blank, Playing},
		{Custom(4, 4, 12), 3, 3, Blank, Won},
	}
	for _, tt := range tests {
		for seed := range uint64(200) {
			f, err := NewField(tt.l, rand.New(rand.NewPCG(seed, 0)))
			if err != nil {
				t.Fatal(err)
			}
			f.Open(tt.r, tt.c)
			if f.Status() == Lost {
				t.Fatalf("%+v seed %d: the first opening lost", tt.l, seed)
			}
			look := f.Look(tt.r, tt.c)
			if tt.look != Covered && look != tt.look {
				t.Fatalf("%+v seed %d: first opening shows %v, want %v", tt.l, seed, look, tt.look)
			}
			if tt.look == Covered && look == Blank {
				t.Fatalf("%+v seed %d: a blank where the neighbours cannot be free", tt.l, seed)
			}
			if tt.status == Won && f.Status() != Won {
				t.Fatalf("%+v seed %d: status %v, want a win", tt.l, seed, f.Status())
			}
		}
	}
}

// chiSquare999 is the 99.9th percentile of the chi-square distribution
// with k degrees of freedom, by the Wilson-Hilferty approximation (within
// a fraction of a percent for k above 30).
func chiSquare999(k float64) float64 {
	const z = 3.0902 // the standard normal's 99.9th percentile
	a := 2 / (9 * k)
	x := 1 - a + z*math.Sqrt(a)
	return k * x * x * x
}

// TestPlacementUniform checks that every set of mine cells is equally
// likely: 2 mines on a 4x4 field opened at a corner have 12 cells to go
// to, so 66 possible sets; 33,000 boards put about 500 on each, and the
// chi-square statistic over the 66 counts must stay under its 99.9th
// percentile. The seeds are fixed, so the test is deterministic.
func TestPlacementUniform(t *testing.T) {
	const boards = 33000
	rng := rand.New(rand.NewPCG(2024, 7))
	counts := map[[2]int]int{}
	for range boards {
		f, _ := NewField(Custom(4, 4, 2), rng)
		f.Open(0, 0)
		var set []int
		for i, m := range f.mine {
			if m {
				set = append(set, i)
			}
		}
		if len(set) != 2 {
			t.Fatalf("%d mines placed", len(set))
		}
		for _, i := range set {
			if r, c := i/4, i%4; r <= 1 && c <= 1 {
				t.Fatalf("a mine at %d,%d next to the first opening", r, c)
			}
		}
		counts[[2]int{set[0], set[1]}]++
	}
	if len(counts) != 66 {
		t.Fatalf("%d different sets of mines, want all 66", len(counts))
	}
	want := float64(boards) / 66
	stat := 0.0
	for _, n := range counts {
		d := float64(n) - want
		stat += d * d / want
	}
	if limit := chiSquare999(65); stat > limit {
		t.Errorf("chi-square %.1f over 65 degrees of freedom, above %.1f: not uniform", stat, limit)
	}
	t.Logf("chi-square %.1f (limit %.1f)", stat, chiSquare999(65))
}

// TestPlacementUniformExpert checks each cell's chance of a mine on expert
// boards opened in the middle: 471 cells share 99 mines, so each is a mine
// on 99/471 of the boards.
func TestPlacementUniformExpert(t *testing.T) {
	const boards = 20000
	expert := Levels()[2]
	rng := rand.New(rand.NewPCG(77, 1))
	hits := make([]int, expert.Rows*expert.Cols)
	for range boards {
		f, _ := NewField(expert, rng)
		f.Open(7, 14)
		for i, m := range f.mine {
			if m {
				hits[i]++
			}
		}
	}
	cells := expert.Rows*expert.Cols - 9
	p := float64(expert.Mines) / float64(cells)
	mean, variance := boards*p, boards*p*(1-p)
	stat, k := 0.0, 0
	for i, n := range hits {
		if r, c := i/expert.Cols, i%expert.Cols; r >= 6 && r <= 8 && c >= 13 && c <= 15 {
			if n != 0 {
				t.Fatalf("a mine at %d,%d next to the first opening", r, c)
			}
			continue
		}
		d := float64(n) - mean
		stat += d * d / variance
		k++
	}
	// The counts add up to boards*99, which takes one degree of freedom
	// (and the binomial variance already accounts for the others' pull).
	if limit := chiSquare999(float64(k - 1)); stat > limit {
		t.Errorf("chi-square %.1f over %d cells, above %.1f: not uniform", stat, k, limit)
	}
}

package solver

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBestChanceByHand: a row of five cells, the second open showing 1.
// With one mine it is at the first or the third cell, and the fourth,
// safe either way, tells which (1 or 0): a win for sure, though every
// uncertain cell is a coin toss. With two mines, one is at the first or
// the third and the other at the fourth or the fifth: opening the fourth
// loses half the time, and when it is safe its number (mines among the
// third and fifth) names the layout; no cell does better.
func TestBestChanceByHand(t *testing.T) {
	for _, c := range []struct {
		mines   int
		win     float64
		layouts float64
	}{{1, 1, 2}, {2, 0.5, 4}} {
		p := NewPosition(1, 5, c.mines)
		p.Cells[1] = 1
		got, err := BestChance(p, 1000, 1_000_000)
		if err != nil || got.Win != c.win || !got.Exact || math.Round(got.Layouts) != c.layouts {
			t.Errorf("%d mines: got %+v, %v; want win %v of %v layouts", c.mines, got, err, c.win, c.layouts)
		}
	}
}

// TestBestChanceMatchesBruteForce: on small positions the search's chance
// is the one a plain recursion over every move finds, with no shortcut
// (no free-information rule, no pruning, no budget).
func TestBestChanceMatchesBruteForce(t *testing.T) {
	checked, games, want := 0, 60, 40
	if raceEnabled {
		games, want = 20, 10
	}
	for _, sp := range searchedPositions(t, 11, games, 64) {
		want := bruteWin(sp.g.shows, uint64(1)<<len(sp.g.shows)-1, map[uint64]float64{})
		if math.Abs(sp.best.Win-want) > 1e-12 {
			t.Fatalf("search %v, brute force %v\n%s", sp.best.Win, want, sp.p)
		}
		// Past 65,536 layouts the memo's keys take four bytes a layout.
		if wide, err := BestChance(sp.p, 1<<17, endgameBudget); err != nil || wide != sp.best {
			t.Fatalf("with room for %d layouts: %+v, %v; with 64: %+v", 1<<17, wide, err, sp.best)
		}
		checked++
	}
	if checked < want {
		t.Fatalf("only %d positions", checked)
	}
}

// searched is a small position with its layouts listed and its best
// chance found.
type searched struct {
	p    *Position
	g    *endgame
	best Chance
}

// searchedPositions returns the positions of small games (seeded by seed)
// that have from 2 to limit layouts; their best chance must be exact.
func searchedPositions(t *testing.T, seed uint64, games, limit int) []searched {
	t.Helper()
	var out []searched
	for _, p := range smallPositions(rand.New(rand.NewPCG(14, seed)), games) {
		g := newEndgame(limit, endgameBudget)
		if !g.list(p) || len(g.shows) < 2 {
			continue
		}
		best, err := BestChance(p, limit, endgameBudget)
		if err != nil || !best.Exact {
			t.Fatalf("%+v, %v\n%s", best, err, p)
		}
		out = append(out, searched{p, g, best})
	}
	return out
}

// bruteWin is the best chance of winning among the layouts in set (a
// bitmask of shows): 1 when one is left, else the best over every cell
// whose opening tells something, of the layouts where it is safe, each
// part by the number shown played on.
func bruteWin(shows [][]int8, set uint64, memo map[uint64]float64) float64 {
	n := 0
	for s := set; s != 0; s &= s - 1 {
		n++
	}
	if n == 1 {
		return 1
	}
	if v, ok := memo[set]; ok {
		return v
	}
	best := 0.0
	for c := range shows[0] {
		var parts [9]uint64
		for s := range shows {
			if set&(1<<s) != 0 && shows[s][c] >= 0 {
				parts[shows[s][c]] |= 1 << s
			}
		}
		if slices.Contains(parts[:], set) {
			continue // safe everywhere, one number: a move that changes nothing
		}
		win := 0.0
		for _, part := range parts {
			if part != 0 {
				k := 0
				for s := part; s != 0; s &= s - 1 {
					k++
				}
				win += float64(k) / float64(n) * bruteWin(shows, part, memo)
			}
		}
		best = max(best, win)
	}
	memo[set] = best
	return best
}

// TestBestChanceBoundsPlayer: played from a position against every
// layout that fits it, the player (look-ahead or plain) wins at most the
// best chance: the bound the benchmark reports holds for this player on
// every position, not only on average.
func TestBestChanceBoundsPlayer(t *testing.T) {
	checked, games, want := 0, 40, 30
	if raceEnabled {
		games, want = 12, 8
	}
	for _, sp := range searchedPositions(t, 12, games, 200) {
		p, g, best := sp.p, sp.g, sp.best
		for _, plain := range []bool{false, true} {
			won := 0
			for _, s := range g.shows {
				mine := make([]bool, len(p.Cells))
				for u, v := range s {
					mine[g.cells[u]] = v < 0
				}
				if playFrom(t, p, mine, plain) {
					won++
				}
			}
			if rate := float64(won) / float64(len(g.shows)); rate > best.Win+1e-12 {
				t.Fatalf("plain %v won %d of %d layouts, best chance %v\n%s", plain, won, len(g.shows), best.Win, p)
			}
		}
		checked++
	}
	if checked < want {
		t.Fatalf("only %d positions", checked)
	}
}

// playFrom lets a fresh player finish the game on the given mines from
// position p (its open cells opened first), and reports whether it won.
func playFrom(t *testing.T, p *Position, mine []bool, plain bool) bool {
	t.Helper()
	l := NewLayout(p.Rows, p.Cols, mine)
	for i, v := range p.Cells {
		if v >= 0 && !l.Open(i) {
			t.Fatalf("cell %d open in the position is a mine", i)
		}
	}
	pl := Player{Plain: plain}
	for !l.Solved() {
		step, err := pl.Next(l.Position())
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range step.Open {
			if !l.Open(i) {
				return false
			}
		}
	}
	return true
}

// TestTwoMovesBounds: past the search, the bound of the next two moves
// is never under the best chance (brute force on small positions) nor
// over the safety of the safest cell, and it is under it often enough
// to matter.
func TestTwoMovesBounds(t *testing.T) {
	checked, tighter, games, want := 0, 0, 300, 40
	if raceEnabled {
		games, want = 100, 10
	}
	for _, p := range smallPositions(rand.New(rand.NewPCG(14, 13)), games) {
		a, err := Analyze(p)
		if err != nil || len(a.Safe) > 0 || !a.Exact {
			continue
		}
		g := newEndgame(64, endgameBudget)
		if !g.list(p) || len(g.shows) < 2 {
			continue
		}
		exact := bruteWin(g.shows, uint64(1)<<len(g.shows)-1, map[uint64]float64{})
		safest := 0.0
		for i, v := range p.Cells {
			if v == Covered {
				safest = max(safest, 1-a.Prob[i])
			}
		}
		got := twoMoves(p, a)
		if got < exact-1e-12 || got > safest+1e-12 {
			t.Fatalf("two moves %v, best chance %v, safest cell %v\n%s", got, exact, safest, p)
		}
		if got < safest-1e-9 {
			tighter++
		}
		checked++
	}
	t.Logf("%d positions, %d under their safest cell", checked, tighter)
	if checked < want || tighter < checked/10 {
		t.Fatalf("%d positions, %d under their safest cell", checked, tighter)
	}
}

// TestTwoMovesWideFront: an expert position (the first guess of a bench
// game) where some numbers a cell can show leave a part of the front too
// wide to count. An estimated count must not weigh a branch: the bound
// once came out at 294,143 here.
func TestTwoMovesWideFront(t *testing.T) {
	rows := []string{
		"#############21124############",
		"##############11###3##########",
		"#############4212322##########",
		"#######222####100001##########",
		"###123##1###42212122##########",
		"####1##2213#201#3#3###########",
		"###1112#101#1012#23###########",
		"###21112211110011223##########",
		"###2#101#22#100001#3##########",
		"####22123###1000012###########",
		"###########42101112###########",
		"#############212#23###########",
		"##############################",
		"##############################",
		"##############################",
		"##############################",
	}
	p := NewPosition(len(rows), len(rows[0]), 99)
	for r, row := range rows {
		for c, ch := range row {
			if ch != '#' {
				p.Cells[r*p.Cols+c] = int8(ch - '0')
			}
		}
	}
	a, err := Analyze(p)
	if err != nil || !a.Exact || len(a.Safe) > 0 {
		t.Fatalf("%v, exact %v, %d safe", err, a != nil && a.Exact, len(a.Safe))
	}
	safest := 0.0
	for i, v := range p.Cells {
		if v == Covered {
			safest = max(safest, 1-a.Prob[i])
		}
	}
	if got := twoMoves(p, a); got <= 0 || got > safest {
		t.Fatalf("two moves %v, safest cell %v", got, safest)
	}
}

package engine

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// The defence suite: positions where the opponent, were it to move, wins by
// continuous threats (a VCT of up to eight threes and fours: deeper than
// the brute force of the tactical suite reaches) and the side to move has
// no win of its own, while few of its moves stop the opponent. The judge
// of a move is the threat search itself with a budget far larger than the
// engine's (its VCTs are proofs, and the tactical suite checks it against
// the brute force): after the move, the opponent must have no VCT left.
// The file lists every such move, so the engine's move is looked up there.
//
// testdata/defences.txt holds them, one a line: the moves so far (x,y,
// black first), then "|" and every move that stops the VCT.
var (
	generateVCT   = flag.Int("defences.generate", 0, "write VCT defence positions from `N` games to testdata/defences.txt")
	checkDefences = flag.Bool("defences.check", false, "check testdata/defences.txt with the judge's searches (a few seconds)")
)

const defencesFile = "testdata/defences.txt"

// oracleNodes is the judge's budget for one VCT search.
const oracleNodes = 200000

// opponentVCT reports whether the opponent of the side to move on b would
// win by VCT if the side passed (pass) or now that it is to move (!pass).
func opponentVCT(b *Board, pass bool) (win, sure bool) {
	return opponentVCTWithin(b, pass, oracleNodes)
}

func opponentVCTWithin(b *Board, pass bool, nodes int64) (win, sure bool) {
	s := newSearcher(b.Clone(), newTable(1<<16))
	s.maxNodes = nodes
	if pass {
		s.b.pass()
	}
	w, _ := s.vct(0, 8, 16)
	return w, w || !s.stopped
}

// ownWin reports whether the side to move wins by VCF or VCT.
func ownWin(b *Board) bool {
	s := newSearcher(b.Clone(), newTable(1<<16))
	s.maxNodes = oracleNodes
	if w, _ := s.vcf(0, 24); w {
		return true
	}
	w, _ := s.vct(0, 8, 16)
	return w
}

// stopsVCT reports whether m leaves the opponent without a VCT, or wins.
func stopsVCT(b *Board, m Point) bool {
	c := b.Clone()
	if c.Legal(m, c.ToMove()) != nil {
		return false
	}
	_ = c.Play(m)
	if c.Winner() != None {
		return true
	}
	w, sure := opponentVCT(c, false)
	return !w && sure
}

type defencePos struct {
	line   int
	moves  []Point
	answer []Point
}

func readDefences(t *testing.T) []defencePos {
	t.Helper()
	var ds []defencePos
	for _, l := range dataLines(t, defencesFile) {
		before, after, ok := strings.Cut(l.text, "|")
		if !ok {
			t.Fatalf("%s:%d: no |", defencesFile, l.n)
		}
		d := defencePos{line: l.n}
		for _, s := range strings.Fields(before) {
			d.moves = append(d.moves, parsePoint(t, s))
		}
		for _, s := range strings.Fields(after) {
			d.answer = append(d.answer, parsePoint(t, s))
		}
		ds = append(ds, d)
	}
	return ds
}

// defenceNodes is the engine's budget per position, as in the tactical
// suite: a small fraction of what a second gives it.
const defenceNodes = 15000

func TestDefencesAgainstVCT(t *testing.T) {
	ds := readDefences(t)
	if len(ds) < 10 {
		t.Fatalf("%d positions, want at least 10", len(ds))
	}
	e := New(Hard, nil)
	solved := 0
	for _, d := range ds {
		b := tactic{line: d.line, moves: d.moves}.board(t)
		e.Reset()
		r, err := e.Think(context.Background(), b, Limits{Nodes: defenceNodes})
		if err != nil {
			t.Fatal(err)
		}
		ok := false
		for _, a := range d.answer {
			ok = ok || a == r.Move
		}
		// The file lists every move that stops the VCT among those within
		// two of a stone; TestDefencesAreRight checks the file.
		if ok {
			solved++
		} else {
			t.Logf("line %d: played %v (%s), which leaves the opponent a VCT; the defences are %v\n%v", d.line, r.Move, r.Kind, d.answer, b)
		}
	}
	pct := 100 * float64(solved) / float64(len(ds))
	t.Logf("stopped %d of %d VCTs (%.1f%%) within %d nodes each", solved, len(ds), pct, defenceNodes)
	if pct < 80 {
		t.Errorf("stopped %.1f%%, want at least 80%%", pct)
	}
}

// TestDefencesAreRight checks the file: each position has a VCT to stop,
// and its first listed defence stops it: go test -run TestDefencesAreRight
// ./omok/engine -args -defences.check
func TestDefencesAreRight(t *testing.T) {
	if !*checkDefences {
		t.Skip("run with -defences.check: the judge's searches take a few seconds")
	}
	for _, d := range readDefences(t) {
		b := tactic{line: d.line, moves: d.moves}.board(t)
		if w, _ := opponentVCT(b, true); !w {
			t.Errorf("line %d: no VCT to stop", d.line)
		}
		if !stopsVCT(b, d.answer[0]) {
			t.Errorf("line %d: %v does not stop the VCT", d.line, d.answer[0])
		}
	}
}

// TestGenerateDefenceSuite writes the suite: go test -run
// TestGenerateDefenceSuite ./omok/engine -args -defences.generate 200.
// Positions come from games of normal against normal from random openings.
func TestGenerateDefenceSuite(t *testing.T) {
	if *generateVCT == 0 {
		t.Skip("run with -defences.generate N")
	}
	head := "# VCT defences for TestDefences*, written by TestGenerateDefenceSuite:\n# the moves so far (x,y, black first) | every move that stops the opponent's VCT.\n"
	f, err := os.Create(defencesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fmt.Fprint(f, head)
	found := 0
	rng := rand.New(rand.NewPCG(23, 29))
	for g := 0; g < *generateVCT && found < 16; g++ {
		b, _ := NewBoard(15, Freestyle)
		for range 2 + rng.IntN(3) {
			p := Point{5 + rng.IntN(5), 5 + rng.IntN(5)}
			if b.At(p) == None {
				_ = b.Play(p)
			}
		}
		players := [2]*Engine{New(Normal, rand.New(rand.NewPCG(uint64(g), 3))), New(Normal, rand.New(rand.NewPCG(uint64(g), 4)))}
		for b.Winner() == None && !b.Full() && b.Moves() < 70 {
			if defs, ok := classifyVCTDefence(b); ok {
				var sb strings.Builder
				for _, p := range b.History() {
					fmt.Fprintf(&sb, "%d,%d ", p.X, p.Y)
				}
				sb.WriteString("|")
				for _, p := range defs {
					fmt.Fprintf(&sb, " %d,%d", p.X, p.Y)
				}
				fmt.Fprintln(f, sb.String())
				found++
				t.Logf("game %d, move %d: %d defences", g, b.Moves(), len(defs))
				break
			}
			r, err := players[b.ToMove().side()].Think(context.Background(), b, Limits{Nodes: 3000})
			if err != nil {
				t.Fatal(err)
			}
			_ = b.Play(r.Move)
		}
	}
	t.Logf("wrote %d positions", found)
}

// classifyVCTDefence returns every move that stops the opponent's VCT when
// the position is one for the suite: a VCT that is no open three yet (the
// brute force finds no win in two), no win of the side's own, and at most
// a quarter of its candidate moves stop it.
func classifyVCTDefence(b *Board) ([]Point, bool) {
	br := newBrute(b)
	me := b.ToMove()
	op := me.Other()
	if len(br.fivePoints(me)) > 0 || len(br.fivePoints(op)) > 0 || br.wins(op, 2) {
		return nil, false
	}
	if w, _ := opponentVCTWithin(b, true, 20000); !w || ownWin(b) {
		return nil, false
	}
	cs := br.cands(me)
	var defs []Point
	for _, p := range cs {
		q := Point{p % br.n, p / br.n}
		if stopsVCT(b, q) {
			defs = append(defs, q)
			if len(defs)*4 > len(cs) {
				return nil, false
			}
		}
	}
	return defs, len(defs) > 0
}

// TestDefenceKeepsOwnThreats: of two blocks of an open three, hard takes
// the one that makes a three of its own.
func TestDefenceKeepsOwnThreats(t *testing.T) {
	// Black (to move) has 8,5 and 8,6; white's open three 5,7 6,7 7,7 is
	// blocked at 4,7 or at 8,7, which also makes black's three.
	b, err := Setup(15, Freestyle, []Point{{8, 5}, {8, 6}, {1, 13}}, []Point{{5, 7}, {6, 7}, {7, 7}})
	if err != nil {
		t.Fatal(err)
	}
	s := newSearcher(b.Clone(), newTable(1<<16))
	s.maxNodes = 20000
	s.defendThreat(24, 8, budgetShare{most: 5000})
	var root []Point
	for _, m := range s.rootOnly {
		root = append(root, s.b.point(m.i))
	}
	if len(root) != 2 || root[0] != (Point{8, 7}) || root[1] != (Point{4, 7}) {
		t.Errorf("the defences are %v, want [8,7 4,7]", root)
	}
	r, err := New(Hard, nil).Think(context.Background(), b, Limits{Nodes: defenceNodes})
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != (Point{8, 7}) {
		t.Errorf("hard played %v (%s), want 8,7", r.Move, r.Kind)
	}
}

// TestFourThreeDefence: when the opponent has a four-three to make, hard's
// search tries only the point itself, the cells of its open three's line,
// the four's five point and its own fours, and every one of them is kept.
func TestFourThreeDefence(t *testing.T) {
	// White's 7,7 would make a four (4,7 5,7 6,7, blocked by 3,7; five at
	// 8,7) and an open three (7,5 7,6). Black, to move, has no four.
	black := []Point{{3, 7}, {12, 12}, {12, 2}, {2, 12}, {1, 1}}
	white := []Point{{4, 7}, {5, 7}, {6, 7}, {7, 5}, {7, 6}}
	b, err := Setup(15, Freestyle, black, white)
	if err != nil {
		t.Fatal(err)
	}
	want := map[Point]bool{{7, 7}: true, {8, 7}: true}
	for y := 3; y <= 11; y++ {
		if y != 5 && y != 6 && y != 7 {
			want[Point{7, y}] = true // the open three's line, four each way
		}
	}
	s := newSearcher(b.Clone(), newTable(1<<16))
	s.prune = true
	got := map[Point]bool{}
	for _, mv := range s.candidates(0, -1) {
		p := s.b.point(mv.i)
		got[p] = true
		if !want[p] {
			t.Errorf("candidate %v does not stop the four-three", p)
		}
	}
	for _, p := range []Point{{7, 7}, {8, 7}, {7, 4}, {7, 8}} {
		if !got[p] {
			t.Errorf("defence %v is not a candidate", p)
		}
	}
	// Without pruning (normal) every move near the stones is a candidate.
	s = newSearcher(b.Clone(), newTable(1<<16))
	if n := len(s.candidates(0, -1)); n <= len(want) {
		t.Errorf("normal has %d candidates, want all the points near the stones", n)
	}
	r, err := New(Hard, nil).Think(context.Background(), b, Limits{Nodes: defenceNodes})
	if err != nil {
		t.Fatal(err)
	}
	if !want[r.Move] {
		t.Errorf("hard played %v (%s), which leaves the four-three", r.Move, r.Kind)
	}
}

// TestQuiescenceFours: hard's quiescence plays only fours with a three (or
// a second four) near the side's own last stone; nearStone draws that
// neighbourhood: two cells round it, and four along its lines.
func TestQuiescenceFours(t *testing.T) {
	b, err := NewBoard(15, Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	c := b.index(Point{7, 7})
	for _, tc := range []struct {
		p    Point
		near bool
	}{
		{Point{9, 9}, true}, {Point{5, 6}, true}, {Point{9, 8}, true},
		{Point{11, 7}, true}, {Point{3, 3}, true}, {Point{7, 11}, true},
		{Point{12, 7}, false}, {Point{10, 8}, false}, {Point{2, 2}, false}, {Point{9, 11}, false},
	} {
		if got := b.nearStone(b.index(tc.p), c); got != tc.near {
			t.Errorf("nearStone(%v, 7,7) = %v, want %v", tc.p, got, tc.near)
		}
	}
}

// TestWinClaimsHold checks that a win the search claims holds against the
// defender's own, deeper search. In this position, from a game against
// Rapfi, hard once claimed a win in nine plies with 11,7 (white, to move)
// because the width cut the defender's moves off even where every move it
// had tried lost; the defender stands well after it.
func TestWinClaimsHold(t *testing.T) {
	var game tactic
	for _, s := range strings.Fields("7,8 6,9 9,5 5,9 4,9 6,10 5,8 8,9 4,8 8,8 7,9 8,10 6,8 3,8 8,11 7,10 9,10 6,11 5,12") {
		game.moves = append(game.moves, parsePoint(t, s))
	}
	b := game.board(t)
	for _, n := range []int64{30000, 65000, 200000} {
		r, err := New(Hard, nil).Think(context.Background(), b, Limits{Nodes: n})
		if err != nil {
			t.Fatal(err)
		}
		if r.Score < scoreMate {
			continue
		}
		after := b.Clone()
		if err := after.Play(r.Move); err != nil {
			t.Fatal(err)
		}
		d, err := New(Hard, nil).Think(context.Background(), after, Limits{Nodes: 400000})
		if err != nil {
			t.Fatal(err)
		}
		if d.Kind == "search" && d.Score > -scoreMate {
			t.Errorf("at %d positions: claims a win with %v (score %d), but the defender's search answers %v with %d",
				n, r.Move, r.Score, d.Move, d.Score)
		}
	}
}

package engine

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The tactical suite: positions from games between the engine's weaker
// levels, each with a task for the side to move:
//
//	win1    complete a five
//	block4  block the opponent's four (its only five point)
//	win2    win in two moves of its own (an open four or a double four)
//	vcf     win in three moves of its own, all of them fours
//	vct     win in three moves of its own, with threes
//	defend  the opponent wins in two moves if left alone (an open three or
//	        a four-three to come): stop it
//	defend3 the opponent wins in three moves of its own if left alone (a
//	        VCT: no open three yet), and only a few moves stop it
//
// testdata/tactics.txt holds them; each line is the kind, the moves so far
// ("x,y" in order, black first) and the answer the brute force found. The
// test checks every answer again with the brute force, then asks the hard
// engine with a node limit and checks its move with the brute force.
var generate = flag.Int("tactics.generate", 0, "write `N` games' worth of tactical positions to testdata/tactics.txt")

const tacticsFile = "testdata/tactics.txt"

type tactic struct {
	line   int
	kind   string
	moves  []Point
	answer Point
}

func readTactics(t *testing.T) []tactic {
	t.Helper()
	var ts []tactic
	for _, l := range dataLines(t, tacticsFile) {
		f := strings.Fields(l.text)
		if len(f) < 3 {
			t.Fatalf("%s:%d: want kind, moves, answer", tacticsFile, l.n)
		}
		tc := tactic{line: l.n, kind: f[0]}
		for _, s := range f[1 : len(f)-1] {
			tc.moves = append(tc.moves, parsePoint(t, s))
		}
		tc.answer = parsePoint(t, f[len(f)-1])
		ts = append(ts, tc)
	}
	return ts
}

// dataLine is a line of a suite's file, with its number from 1.
type dataLine struct {
	n    int
	text string
}

// dataLines reads a suite's file: its lines that are neither blank nor a
// comment (#), trimmed.
func dataLines(t *testing.T, path string) []dataLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ls []dataLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if line := strings.TrimSpace(sc.Text()); line != "" && line[0] != '#' {
			ls = append(ls, dataLine{n, line})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ls
}

func parsePoint(t *testing.T, s string) Point {
	t.Helper()
	xs, ys, _ := strings.Cut(s, ",")
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	if err1 != nil || err2 != nil {
		t.Fatalf("bad point %q", s)
	}
	return Point{x, y}
}

func (tc tactic) board(t *testing.T) *Board {
	t.Helper()
	b, err := NewBoard(15, Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range tc.moves {
		if err := b.Play(p); err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
	}
	return b
}

// solves reports whether move m does the task of kind on b, by the brute
// force alone.
func solves(b *Board, kind string, m Point) bool {
	br := newBrute(b)
	me := b.ToMove()
	op := me.Other()
	if b.At(m) != None || !b.Inside(m) {
		return false
	}
	switch kind {
	case "win1":
		return br.five(m.Y*br.n+m.X, me)
	case "block4":
		return br.after(m, me, func() bool { return len(br.fivePoints(op)) == 0 })
	case "win2":
		return br.after(m, me, func() bool { return br.holds(me, 1) })
	case "vcf", "vct":
		return br.after(m, me, func() bool { return br.holds(me, 2) })
	case "defend":
		return br.after(m, me, func() bool { return !br.wins(op, 2) })
	case "defend3":
		return br.after(m, me, func() bool { return !br.wins(op, 3) })
	}
	return false
}

// threatened3 reports, for a defend3 position, that the opponent would win
// in three of its moves if the side to move passed, and not in two.
func threatened3(b *Board) bool {
	br := newBrute(b)
	op := b.ToMove().Other()
	return !br.wins(op, 2) && br.wins(op, 3)
}

// threatened reports, for a defend position, that the opponent would win in
// two of its moves if the side to move passed.
func threatened(b *Board) bool {
	br := newBrute(b)
	return br.wins(b.ToMove().Other(), 2)
}

func TestTacticsAnswersAreRight(t *testing.T) {
	ts := readTactics(t)
	if len(ts) < 30 {
		t.Fatalf("%d positions, want at least 30", len(ts))
	}
	for _, tc := range ts {
		if tc.kind == "defend3" && raceDetector {
			continue // a win in three by brute force: minutes under the race detector
		}
		b := tc.board(t)
		if !solves(b, tc.kind, tc.answer) {
			t.Errorf("line %d (%s): %v does not do it", tc.line, tc.kind, tc.answer)
		}
		if tc.kind == "defend" && !threatened(b) {
			t.Errorf("line %d: nothing to defend against", tc.line)
		}
		if tc.kind == "defend3" && !threatened3(b) {
			t.Errorf("line %d: no VCT in three to defend against", tc.line)
		}
	}
}

// tacticNodes is the engine's budget per position: a small fraction of what
// a second gives it.
const tacticNodes = 15000

func TestTacticsEngineSolves(t *testing.T) {
	ts := readTactics(t)
	e := New(Hard, nil)
	solved := 0
	kinds := map[string][2]int{}
	for _, tc := range ts {
		if tc.kind == "defend3" && raceDetector {
			continue // judging a move there is a brute-force win in three
		}
		b := tc.board(t)
		e.Reset()
		r, err := e.Think(context.Background(), b, Limits{Nodes: tacticNodes})
		if err != nil {
			t.Fatal(err)
		}
		k := kinds[tc.kind]
		k[1]++
		defence := tc.kind == "defend" || tc.kind == "defend3"
		if r.Move == tc.answer || solves(b, tc.kind, r.Move) || defence && solves(b, "vct", r.Move) {
			// (Winning first is as good as defending.)
			solved++
			k[0]++
		} else {
			t.Logf("line %d (%s): played %v (%s), the answer is %v\n%v", tc.line, tc.kind, r.Move, r.Kind, tc.answer, b)
		}
		kinds[tc.kind] = k
	}
	for k, v := range kinds {
		t.Logf("%-6s %d/%d", k, v[0], v[1])
	}
	tried := 0
	for _, v := range kinds {
		tried += v[1]
	}
	pct := 100 * float64(solved) / float64(tried)
	t.Logf("solved %d of %d (%.1f%%) within %d nodes each", solved, tried, pct, tacticNodes)
	if pct < 95 {
		t.Errorf("solved %.1f%%, want at least 95%%", pct)
	}
}

// TestGenerateTactics writes the suite: go test -run TestGenerateTactics
// ./omok/engine -args -tactics.generate 200. Positions come from games of
// normal against easy from random openings; the engine proposes the kind,
// the brute force decides and finds the answer.
func TestGenerateTactics(t *testing.T) {
	if *generate == 0 {
		t.Skip("run with -tactics.generate N")
	}
	quota := map[string]int{"win1": 5, "block4": 6, "win2": 6, "vcf": 10, "vct": 10, "defend": 12}
	var out []string
	rng := rand.New(rand.NewPCG(11, 13))
	for g := 0; g < *generate && len(quota) > 0; g++ {
		b, _ := NewBoard(15, Freestyle)
		for range 2 + rng.IntN(3) {
			p := Point{5 + rng.IntN(5), 5 + rng.IntN(5)}
			if b.At(p) == None {
				_ = b.Play(p)
			}
		}
		players := [2]*Engine{New(Normal, rand.New(rand.NewPCG(uint64(g), 1))), New(Easy, rand.New(rand.NewPCG(uint64(g), 2)))}
		if g%2 == 1 {
			players[0], players[1] = players[1], players[0]
		}
		for b.Winner() == None && !b.Full() {
			if kind, ans, ok := classify(b); ok && quota[kind] > 0 {
				quota[kind]--
				if quota[kind] == 0 {
					delete(quota, kind)
				}
				var sb strings.Builder
				sb.WriteString(kind)
				for _, p := range b.History() {
					fmt.Fprintf(&sb, " %d,%d", p.X, p.Y)
				}
				fmt.Fprintf(&sb, " %d,%d", ans.X, ans.Y)
				out = append(out, sb.String())
				t.Logf("game %d: %s", g, kind)
			}
			r, err := players[b.ToMove().side()].Think(context.Background(), b, Limits{Nodes: 3000})
			if err != nil {
				t.Fatal(err)
			}
			_ = b.Play(r.Move)
		}
	}
	head := "# Tactical positions for TestTactics*, written by TestGenerateTactics:\n# kind, the moves so far (x,y, black first), the answer.\n"
	if err := os.WriteFile(tacticsFile, []byte(head+strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d positions; quotas left %v", len(out), quota)
}

// classify finds the task of a position, if it has one the brute force can
// settle at small depth.
func classify(b *Board) (string, Point, bool) {
	br := newBrute(b)
	me := b.ToMove()
	op := me.Other()
	pt := func(i int) Point { return Point{i % br.n, i / br.n} }
	if f := br.fivePoints(me); len(f) > 0 {
		return "win1", pt(f[0]), true
	}
	if f := br.fivePoints(op); len(f) == 1 {
		return "block4", pt(f[0]), true
	}
	if len(br.fivePoints(op)) > 1 {
		return "", Point{}, false
	}
	for _, p := range br.cands(me) {
		if solves(b, "win2", pt(p)) {
			return "win2", pt(p), true
		}
	}
	// Wins in three: the engine's threat search suggests, the brute force
	// proves.
	s := newSearcher(b.Clone(), newTable(1<<16))
	s.maxNodes = 200000
	if w, f := s.vcf(0, 3); w {
		if solves(b, "vcf", s.b.point(f)) {
			return "vcf", s.b.point(f), true
		}
		return "", Point{}, false
	}
	s.maxNodes = s.nodes + 200000
	if w, f := s.vct(0, 3, 3); w {
		if solves(b, "vct", s.b.point(f)) {
			return "vct", s.b.point(f), true
		}
		return "", Point{}, false
	}
	if threatened(b) {
		var safe []int
		cs := br.cands(me)
		for _, p := range cs {
			if solves(b, "defend", pt(p)) {
				safe = append(safe, p)
			}
		}
		if len(safe) > 0 && len(safe) < len(cs)/2 {
			return "defend", pt(safe[0]), true
		}
	}
	return "", Point{}, false
}

var generateDefences = flag.Int("tactics.defences", 0, "append defend3 positions from `N` games to testdata/tactics.txt")

// TestGenerateDefences appends defend3 positions to the suite: go test -run
// TestGenerateDefences ./omok/engine -args -tactics.defences 40. Positions
// come from games of normal against normal from random openings; the
// brute force decides: the opponent wins in three of its moves and not in
// two, the side to move does not win in two, and fewer than a third of its
// moves stop the opponent.
func TestGenerateDefences(t *testing.T) {
	if *generateDefences == 0 {
		t.Skip("run with -tactics.defences N")
	}
	var out []string
	rng := rand.New(rand.NewPCG(17, 19))
	for g := 0; g < *generateDefences && len(out) < 12; g++ {
		b, _ := NewBoard(15, Freestyle)
		for range 2 + rng.IntN(3) {
			p := Point{5 + rng.IntN(5), 5 + rng.IntN(5)}
			if b.At(p) == None {
				_ = b.Play(p)
			}
		}
		players := [2]*Engine{New(Normal, rand.New(rand.NewPCG(uint64(g), 1))), New(Normal, rand.New(rand.NewPCG(uint64(g), 2)))}
		for b.Winner() == None && !b.Full() && b.Moves() < 60 {
			if ans, ok := classifyDefence(b); ok {
				var sb strings.Builder
				sb.WriteString("defend3")
				for _, p := range b.History() {
					fmt.Fprintf(&sb, " %d,%d", p.X, p.Y)
				}
				fmt.Fprintf(&sb, " %d,%d", ans.X, ans.Y)
				out = append(out, sb.String())
				t.Logf("game %d, move %d: defend3", g, b.Moves())
				break // one a game, for variety
			}
			r, err := players[b.ToMove().side()].Think(context.Background(), b, Limits{Nodes: 3000})
			if err != nil {
				t.Fatal(err)
			}
			_ = b.Play(r.Move)
		}
	}
	f, err := os.OpenFile(tacticsFile, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, l := range out {
		fmt.Fprintln(f, l)
	}
	t.Logf("appended %d positions", len(out))
}

// classifyDefence returns a move that stops the opponent's win in three
// when the position is a defend3 one.
func classifyDefence(b *Board) (Point, bool) {
	br := newBrute(b)
	me := b.ToMove()
	op := me.Other()
	pt := func(i int) Point { return Point{i % br.n, i / br.n} }
	if len(br.fivePoints(me)) > 0 || len(br.fivePoints(op)) > 0 || br.wins(me, 2) || !threatened3(b) {
		return Point{}, false
	}
	var safe []int
	cs := br.cands(me)
	for _, p := range cs {
		if solves(b, "defend3", pt(p)) {
			safe = append(safe, p)
			if len(safe)*3 >= len(cs) {
				return Point{}, false
			}
		}
	}
	if len(safe) == 0 {
		return Point{}, false
	}
	return pt(safe[0]), true
}

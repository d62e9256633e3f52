// Package engine is the computer player of omok (gomoku): a board that keeps
// its line patterns up to date per move, threat-space searches for wins by
// continuous fours (VCF) and by threes and fours (VCT), and a principal
// variation search with iterative deepening, a transposition table and
// time management, at three levels of strength. Brain (brain.go) speaks the
// Gomocup (piskvork) protocol with it.
//
// The rule (rule.go) says what wins for each colour and, for renju and the
// Korean 오목룰, which points are forbidden, asking package renju's board:
// the engine never plays a forbidden point and counts a four whose only
// block is forbidden to the opponent as a win.
//
// The package knows nothing of the screens: package omok imports it, never
// the other way round.
package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
)

// Level is how strongly the computer plays.
type Level int

// The levels.
const (
	// Easy plays nine moves in ten by first impression: a point that
	// lengthens one of its lines, chosen with noise, blind to the
	// opponent's open three and now and then to its own open four; the
	// tenth it searches two plies with a noisy evaluation. It always
	// completes its five and blocks a four: a beginner can beat it.
	Easy Level = iota
	// Normal searches a few plies and finds wins by continuous fours.
	Normal
	// Hard uses everything: VCF, VCT and a deep search.
	Hard
)

// String names the level as the command line spells it.
func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Normal:
		return "normal"
	}
	return "hard"
}

// ParseLevel reads a level name; its error says what is wanted, the caller
// what was given.
func ParseLevel(s string) (Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "easy":
		return Easy, nil
	case "normal":
		return Normal, nil
	case "hard":
		return Hard, nil
	}
	return Hard, errors.New("want easy, normal or hard")
}

// Limits bound one move's thinking. Zero fields take the level's defaults
// (DefaultLimits); Nodes alone (with Time zero) gives a deterministic
// search, for tests.
type Limits struct {
	// Time is the most the move may take, from the call of Think to its
	// answer. The search stops at Budget(Time), which leaves a margin for
	// the machine's jitter; hard deepens until then unless its move is
	// forced or proved, easy and normal stop at their depth.
	Time time.Duration
	// Nodes is the most positions the search may visit; 0 for no limit.
	Nodes int64
}

// Budget is how long a move with the time limit t searches: an eighth of
// t and 5 ms less, the margin for a stall of the machine between the
// clock's readings (every 256 positions) and for the answer's way out.
func Budget(t time.Duration) time.Duration {
	return max(t-t/8-5*time.Millisecond, t/2)
}

// DefaultLimits are the level's time per move in the menu's game: hard
// thinks until Budget(0.8 s), about 0.7 s, unless its move is forced.
func DefaultLimits(l Level) Limits {
	switch l {
	case Easy:
		return Limits{Time: 150 * time.Millisecond}
	case Normal:
		return Limits{Time: 350 * time.Millisecond}
	}
	return Limits{Time: 800 * time.Millisecond}
}

// settings are what a level changes in the search.
type settings struct {
	maxDepth  int
	width     [3]int // moves tried at depth 1, 2, 3+ (0: all), unless all of those lose
	vcfDepth  int    // fours in a VCF, 0: no VCF at the root
	vctDepth  int    // threats in a VCT, 0: no VCT
	vcfNodes  int64  // node budgets of the root's threat searches
	vctNodes  int64
	noise     int32   // evaluation noise, +-
	impulsive float64 // chance of playing by first impression
	prune     bool    // the search's pruning and reductions (searcher.prune)
}

func settingsFor(l Level) settings {
	switch l {
	case Easy:
		return settings{maxDepth: 2, width: [3]int{8, 8, 8}, noise: 120, impulsive: 0.9}
	case Normal:
		return settings{maxDepth: 4, width: [3]int{14, 10, 8}, vcfDepth: 8, vcfNodes: 20000}
	}
	return settings{maxDepth: 40, width: [3]int{0, 24, 14}, vcfDepth: 24, vctDepth: 8, vcfNodes: 60000, vctNodes: 200000, prune: true}
}

// Result is the engine's move and what it knew.
type Result struct {
	Move Point
	// Score is from the mover's side: above 19000 a forced win was found,
	// below -19000 a forced loss.
	Score int
	// Depth is the last full search depth (0 when a threat settled it).
	Depth int
	// Nodes is the positions visited.
	Nodes int64
	// Kind says what chose the move: "five", "block", "open four", "vcf",
	// "vct", "search", "impulse" or "first".
	Kind string
}

// Engine is a computer player. It keeps its transposition table between
// moves; one Engine thinks about one position at a time.
type Engine struct {
	mu    sync.Mutex // one Think at a time: they share the table
	level Level
	set   settings
	rng   *rand.Rand
	tt    *ttable
	// now is the clock (time.Now; a test's clock makes a timed search
	// deterministic).
	now func() time.Time
}

// DefaultMemory is the transposition table's size unless SetMemory says
// otherwise: well under the 64 MB a move may use.
const DefaultMemory = 16 << 20

// New returns an engine of the level; rng drives the easy level's mistakes
// and the choice among equal first moves (nil: a fixed seed).
func New(level Level, rng *rand.Rand) *Engine {
	if rng == nil {
		rng = rand.New(rand.NewPCG(1, 2))
	}
	return &Engine{level: level, set: settingsFor(level), rng: rng, tt: newTable(DefaultMemory), now: time.Now}
}

// Level returns the engine's level.
func (e *Engine) Level() Level { return e.level }

// SetMemory sizes the transposition table to a quarter of bytes (the rest
// is left for boards, tables and the runtime); 0 keeps the default.
func (e *Engine) SetMemory(bytes int64) {
	if bytes <= 0 {
		return
	}
	t := min(bytes/4, DefaultMemory)
	e.tt = newTable(t)
}

// Reset forgets what earlier games taught the transposition table.
func (e *Engine) Reset() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.clear()
}

// Think chooses a move for the side to move on b, which it does not
// change. It returns an error when the game is over or the board full.
// Cancelling ctx stops it early with the best move found so far.
func (e *Engine) Think(ctx context.Context, b *Board, lim Limits) (Result, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if b.Winner() != None {
		return Result{}, ErrOver
	}
	if b.Full() {
		return Result{}, fmt.Errorf("board full: %w", ErrOver)
	}
	if lim.Time == 0 && lim.Nodes == 0 {
		lim = DefaultLimits(e.level)
	}
	start := e.now()
	b = b.Clone()
	s := newSearcher(b, e.tt)
	s.now = e.now
	s.ctx = ctx
	s.maxNodes = lim.Nodes
	if lim.Time > 0 {
		s.deadline = start.Add(Budget(lim.Time))
	}
	s.width = e.set.width
	s.prune = e.set.prune
	r := e.think(s, lim)
	r.Nodes = s.nodes
	if anyLegal(b) < 0 {
		return Result{}, fmt.Errorf("no legal point left for %v: %w", b.ToMove(), ErrOver)
	}
	if !b.Inside(r.Move) || b.Legal(r.Move, b.ToMove()) != nil {
		// Never answer with an illegal move, whatever went wrong above: the
		// best-ordered legal candidate, or any legal point.
		r.Move, r.Kind = b.point(anyLegal(b)), "first"
		for _, mv := range s.candidates(0, -1) {
			if b.Legal(b.point(mv.i), b.ToMove()) == nil {
				r.Move, r.Kind = b.point(mv.i), "fallback"
				break
			}
		}
	}
	return r, nil
}

// anyLegal returns a legal empty cell, the centre-most first, or -1 when
// there is none.
func anyLegal(b *Board) int {
	best, bestD := -1, 1<<30
	c := b.n / 2
	me := b.ToMove()
	for i, v := range b.cells {
		if v != cEmpty || b.Legal(b.point(i), me) != nil {
			continue
		}
		p := b.point(i)
		d := (p.X-c)*(p.X-c) + (p.Y-c)*(p.Y-c)
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

func (e *Engine) think(s *searcher, lim Limits) Result {
	b := s.b
	m := b.ToMove().side()
	o := 1 - m
	if b.Moves() == 0 {
		return Result{Move: Point{b.n / 2, b.n / 2}, Kind: "first"}
	}
	if f := b.fivePoint(m); f >= 0 {
		return Result{Move: b.point(f), Score: scoreWin - 1, Kind: "five"}
	}
	if f := b.fivePoint(o); f >= 0 && b.combo[m][f] != cmForbidden {
		return Result{Move: b.point(f), Kind: "block"}
	}
	if e.set.impulsive > 0 && e.rng.Float64() < e.set.impulsive {
		// Before the open four: a first impression can miss it.
		return e.impulse(s)
	}
	if b.count[o][cmFive] == 0 {
		if f := b.openFourPoint(m); f >= 0 {
			return Result{Move: b.point(f), Score: scoreWin - 3, Kind: "open four"}
		}
	}
	if e.set.vcfDepth > 0 {
		var win bool
		var f int
		s.budget(lim.Nodes/8, e.set.vcfNodes, lim.Time/10, func() { win, f = s.vcf(0, e.set.vcfDepth) })
		if win {
			return Result{Move: b.point(f), Score: scoreWin - 5, Kind: "vcf"}
		}
	}
	if e.set.vctDepth > 0 {
		var win bool
		var f int
		s.budget(lim.Nodes/4, e.set.vctNodes, lim.Time/5, func() { win, f = s.vct(0, e.set.vctDepth, 12) })
		if win {
			return Result{Move: b.point(f), Score: scoreWin - 7, Kind: "vct"}
		}
	}
	if e.set.vcfDepth > 0 && e.level == Hard {
		each := budgetShare{most: e.set.vctNodes / 8, time: lim.Time / 20}
		s.budget(lim.Nodes/8, e.set.vctNodes*2, lim.Time/12, func() { s.defendThreat(e.set.vcfDepth, e.set.vctDepth, each) })
	}
	if e.set.noise > 0 {
		n := e.set.noise
		s.noise = func() int32 { return int32(e.rng.IntN(int(2*n+1))) - n }
	}
	return e.deepen(s)
}

// budgetShare bounds the check of one move: at most that many positions
// and that much time.
type budgetShare struct {
	most int64
	time time.Duration
}

// defendThreat asks what the opponent threatens were it to move: a win by
// continuous fours (VCF) or, failing that, by threes and fours (VCT). If it
// has one, the root keeps only the moves that break it: every point of the
// opponent's lines and every threat of the side's own (blocks,
// counter-fours, counter-threes) is tried, and kept when the opponent no
// longer wins so after it. A move whose check ran out of its budget is kept
// too, after the proved ones. Among the kept, those that make a threat of
// the side's own come first, so that of defences the search scores alike
// it keeps the one that keeps its threats. When nothing breaks the threat
// the root is left as it was: the game is lost to best play, and the
// search looks for the longest resistance.
func (s *searcher) defendThreat(vcfDepth, vctDepth int, each budgetShare) {
	b := s.b
	m := b.ToMove().side()
	b.pass()
	threat, _ := s.vcf(0, vcfDepth)
	byVCT := false
	if !threat && !s.stopped && vctDepth > 0 {
		threat, _ = s.vct(0, vctDepth, 12)
		byVCT = threat
	}
	b.unpass()
	if !threat || s.stopped {
		return
	}
	type kept struct {
		move
		proved bool
	}
	// Rounds of growing budgets: a move that leaves the threat is usually
	// shown so at once (the opponent's win is found again in a few dozen
	// positions), while proving that a move breaks it takes the search
	// through every line; each round gives the moves still open four times
	// the positions of the round before.
	var keep, open []kept
	for _, mv := range s.defenceCandidates(0) {
		open = append(open, kept{move: mv})
	}
	for n := int64(256); len(open) > 0 && !s.stopped; n *= 4 {
		last := n >= each.most
		next := open[:0]
		for _, k := range open {
			if s.stopped {
				next = append(next, k)
				continue
			}
			var wins, cut bool
			s.budget(n, n, each.time, func() {
				wins = s.stillThreatens(k.i, byVCT, vcfDepth, vctDepth)
				cut = s.stopped
			})
			switch {
			case !cut && !wins:
				keep = append(keep, kept{move: k.move, proved: true})
			case cut:
				next = append(next, k)
			}
		}
		open = next
		if last {
			break
		}
	}
	keep = append(keep, open...) // not settled: kept, unproved
	if s.stopped && !s.outOfTime() {
		s.stopped = false // the phase's budget is spent, not the move's
	}
	if slices.ContainsFunc(keep, func(k kept) bool { return k.proved }) {
		keep = slices.DeleteFunc(keep, func(k kept) bool { return !k.proved })
	}
	if len(keep) == 0 {
		return
	}
	slices.SortStableFunc(keep, func(x, y kept) int {
		return int(comboValue[b.combo[m][y.i]]) - int(comboValue[b.combo[m][x.i]])
	})
	s.rootOnly = make([]move, len(keep))
	for k, d := range keep {
		s.rootOnly[k] = d.move
	}
}

// stillThreatens plays the side to move's stone at i and reports whether
// the opponent, now to move, still wins by VCF (or, byVCT, by VCT). A four
// of the side's own forces the block first, and a three of its own leaves
// the opponent only fours, as the threat searches read them.
func (s *searcher) stillThreatens(i int, byVCT bool, vcfDepth, vctDepth int) bool {
	b := s.b
	b.play(i)
	defer b.undo()
	if b.winner != None {
		return false
	}
	if byVCT {
		w, _ := s.vct(1, vctDepth, 12)
		return w
	}
	w, _ := s.vcf(1, vcfDepth)
	return w
}

// defenceCandidates lists, in the search's order, the side to move's legal
// points that could break a threat of the opponent: those on a line where
// the opponent has a stone and room for five (a point where its stone
// would make at least a two), and those where the side makes a four or a
// three of its own.
func (s *searcher) defenceCandidates(ply int) []move {
	b := s.b
	m := b.ToMove().side()
	o := 1 - m
	var out []move
	for _, mv := range s.candidates(ply, -1) {
		i := mv.i
		cm := b.combo[m][i]
		if hasFour(cm) || hasThree(cm) {
			out = append(out, mv)
			continue
		}
		for d := range 4 {
			if b.linePattern(d, i, o) >= pB2 {
				out = append(out, mv)
				break
			}
		}
	}
	return out
}

// impulse plays by first impression: the point that makes the best of
// one of its own lines (the best single pattern, not the combination of
// four), with noise as large as that value, and no look at the opponent:
// so it overlooks an open three, and now and then its own open four. It
// never plays a forbidden point.
func (e *Engine) impulse(s *searcher) Result {
	b := s.b
	m := b.ToMove().side()
	best, bestV := -1, int32(-1<<30)
	for _, i := range b.area {
		if b.cells[i] != cEmpty || b.combo[m][i] == cmForbidden {
			continue
		}
		v := int32(0)
		for d := range 4 {
			v = max(v, patternValue[b.linePattern(d, i, m)])
		}
		v += int32(e.rng.IntN(int(v + 1)))
		if v > bestV {
			best, bestV = i, v
		}
	}
	if best < 0 {
		best = anyLegal(b)
	}
	return Result{Move: b.point(best), Kind: "impulse"}
}

// deepen runs the principal variation search at depth 1, 2, ... while time
// and nodes allow, and returns the best move of the last full depth.
func (e *Engine) deepen(s *searcher) Result {
	b := s.b
	root := append([]move(nil), s.candidates(0, -1)...)
	if s.rootOnly != nil {
		root = s.rootOnly
	}
	if len(root) == 0 {
		return Result{Move: b.point(anyLegal(b)), Kind: "first"}
	}
	res := Result{Move: b.point(root[0].i), Kind: "search"}
	if len(root) == 1 {
		return res
	}
	scores := make([]int32, len(root))
	for depth := 1; depth <= e.set.maxDepth; depth++ {
		alpha, beta := int32(-scoreInf), int32(scoreInf)
		best, bestN := int32(-scoreInf), -1
		for n, mv := range root {
			b.play(mv.i)
			var v int32
			if n == 0 {
				v = -s.pvs(depth-1, 1, -beta, -alpha)
			} else {
				v = -s.pvs(depth-1, 1, -alpha-1, -alpha)
				if v > alpha && !s.stopped {
					v = -s.pvs(depth-1, 1, -beta, -alpha)
				}
			}
			b.undo()
			if s.stopped {
				break
			}
			scores[n] = v
			if v > best {
				best, bestN = v, n
			}
			if v > alpha {
				alpha = v
			}
		}
		if s.stopped && (bestN < 0 || bestN == 0) {
			break // an unfinished depth only counts when it found a better first move
		}
		res.Move, res.Score, res.Depth = b.point(root[bestN].i), int(best), depth
		// The best move first for the next depth, the rest by this depth's
		// scores (moves cut off by the window keep their order).
		mv := root[bestN]
		copy(root[1:bestN+1], root[:bestN])
		root[0] = mv
		sc := scores[bestN]
		copy(scores[1:bestN+1], scores[:bestN])
		scores[0] = sc
		if s.stopped || best >= scoreMate || best <= -scoreMate {
			break // the clock ran out, or the move is proved
		}
	}
	return res
}

package engine

import (
	"context"
	"math"
	"slices"
	"time"
)

// Scores. A won position scores scoreWin less the plies to the win, so that
// the engine takes the quickest win and delays a loss.
const (
	scoreWin  = 20000
	scoreInf  = 30000
	scoreMate = scoreWin - 200 // at or above: a forced win was seen
	maxPly    = 96
)

// Transposition table entry bounds.
const (
	boundExact = iota + 1
	boundLower
	boundUpper
)

type ttEntry struct {
	key   uint64
	score int32
	move  int16
	depth int8
	bound uint8
}

// ttable is a transposition table: one entry per slot, replaced when the
// new entry is as deep or the old one is from another search.
type ttable struct {
	e    []ttEntry
	mask uint64
}

// newTable returns a table of at most bytes bytes (a power of two of
// entries, at least 1024).
func newTable(bytes int64) *ttable {
	n := int64(1024)
	for n*2*16 <= bytes {
		n *= 2
	}
	return &ttable{e: make([]ttEntry, n), mask: uint64(n - 1)}
}

func (t *ttable) probe(key uint64) *ttEntry {
	e := &t.e[key&t.mask]
	if e.key != key {
		return nil
	}
	return e
}

func (t *ttable) store(key uint64, score int32, move int, depth int, bound uint8) {
	e := &t.e[key&t.mask]
	if e.key == key && int(e.depth) > depth && bound != boundExact {
		return
	}
	*e = ttEntry{key: key, score: score, move: int16(move), depth: int8(depth), bound: bound}
}

func (t *ttable) clear() { clear(t.e) }

// toTT and fromTT make win scores relative to the node, so that an entry
// means the same wherever the position recurs.
func toTT(v int32, ply int) int32 {
	switch {
	case v >= scoreMate:
		return v + int32(ply)
	case v <= -scoreMate:
		return v - int32(ply)
	}
	return v
}

func fromTT(v int32, ply int) int32 {
	switch {
	case v >= scoreMate:
		return v - int32(ply)
	case v <= -scoreMate:
		return v + int32(ply)
	}
	return v
}

// move is a candidate with its ordering key.
type move struct {
	i     int
	order int32
}

// searcher is one search: the board it plays on, its limits and its
// counters. It is used by one goroutine.
type searcher struct {
	b        *Board
	tt       *ttable
	nodes    int64
	maxNodes int64 // 0: no limit
	deadline time.Time
	now      func() time.Time
	ctx      context.Context // nil: never cancelled
	stopped  bool
	width    [3]int // moves searched at depth 1, 2, >=3 (0: all)
	noise    func() int32
	buf      [maxPly + 1][]move
	killer   [maxPly + 1][2]int
	history  [2][]int32
	threats  *threatCache
	rootOnly []move            // when set, the root's moves (those that stop a threat)
	prune    bool              // futility, razoring, late move pruning and reductions
	eval     [maxPly + 1]int32 // the static evaluation of each ply's node, or noEval
	// mark and stamp flag the cells of a restricted move list: cell i is
	// in it when mark[i] == stamp.
	mark  []uint32
	stamp uint32
}

// noEval marks a node whose static evaluation was not taken: the side to
// move had to answer a threat.
const noEval = -scoreInf - 1

func newSearcher(b *Board, tt *ttable) *searcher {
	s := &searcher{b: b, tt: tt, now: time.Now}
	for i := range s.eval {
		s.eval[i] = noEval
	}
	for i := range s.buf {
		s.buf[i] = make([]move, 0, 64)
	}
	for i := range s.history {
		s.history[i] = make([]int32, len(b.cells))
	}
	s.threats = newThreatCache(1 << 14)
	s.mark = make([]uint32, len(b.cells))
	return s
}

// tick counts a node and says whether to stop: the node budget is spent or
// the deadline has passed (checked every 256 nodes, as the clock is slow
// next to a node).
func (s *searcher) tick() bool {
	s.nodes++
	if s.stopped {
		return true
	}
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
	}
	if s.nodes&255 == 0 && s.outOfTime() {
		s.stopped = true
	}
	return s.stopped
}

// outOfTime reports whether the deadline has passed or the caller gave up.
func (s *searcher) outOfTime() bool {
	if !s.deadline.IsZero() && s.now().After(s.deadline) {
		return true
	}
	return s.ctx != nil && s.ctx.Err() != nil
}

// budget runs f with at most n more nodes (share when the caller set a node
// limit, else dflt) and, under a clock, at most part of the move's time;
// then it lifts those limits again unless the whole search has to stop.
func (s *searcher) budget(share, dflt int64, part time.Duration, f func()) {
	n := dflt
	if s.maxNodes > 0 {
		n = share
	}
	saved, savedDeadline := s.maxNodes, s.deadline
	s.maxNodes = s.nodes + max(n, 1)
	if saved > 0 {
		s.maxNodes = min(s.maxNodes, saved)
	}
	if !s.deadline.IsZero() {
		if d := s.now().Add(part); d.Before(s.deadline) {
			s.deadline = d
		}
	}
	f()
	s.maxNodes, s.deadline = saved, savedDeadline
	if s.stopped && !s.outOfTime() && (saved == 0 || s.nodes < saved) {
		s.stopped = false
	}
}

// comboPoint returns an empty cell where a move of side s makes combo c,
// or -1.
func (b *Board) comboPoint(s int, c combo) int {
	if b.count[s][c] == 0 {
		return -1
	}
	for _, i := range b.area {
		if b.cells[i] == cEmpty && b.combo[s][i] == c {
			return i
		}
	}
	return -1
}

// fivePoint returns an empty cell where side s makes five, or -1.
func (b *Board) fivePoint(s int) int { return b.comboPoint(s, cmFive) }

// fivePointNear returns the empty cell on a line through i where side s
// makes five, or -1: after a four is made at i its five point is there.
func (b *Board) fivePointNear(i, s int) int {
	for _, off := range b.dirs() {
		for k := -4; k <= 4; k++ {
			q := i + k*off
			if k != 0 && b.cells[q] == cEmpty && b.combo[s][q] == cmFive {
				return q
			}
		}
	}
	return b.fivePoint(s)
}

// candidates lists the moves worth trying for the side to move, best first
// by a static order: the threats a stone there makes for either side. When
// the opponent threatens a winning four next move, only the moves that
// meet it are listed: the side's own fours and the points of the
// opponent's fours (which include every block of an open three).
func (s *searcher) candidates(ply int, ttMove int) []move {
	b := s.b
	m := b.ToMove().side()
	o := 1 - m
	defend := b.count[o][cmFlex4] > 0
	stopFourThree := !defend && s.prune && s.markFourThreeDefence(m, o)
	ms := s.buf[ply][:0]
	for _, i := range b.area {
		if b.cells[i] != cEmpty {
			continue
		}
		cm, co := b.combo[m][i], b.combo[o][i]
		if cm == cmForbidden {
			continue
		}
		if defend && !hasFour(cm) && !hasFour(co) {
			continue
		}
		if stopFourThree && !hasFour(cm) && s.mark[i] != s.stamp {
			continue
		}
		v := b.score[m][i] + b.score[o][i]*4/5 + comboValue[cm]
		if co != cmForbidden {
			v += comboValue[co] / 2
		}
		v = v*16 + s.history[m][i]/64
		switch {
		case i == ttMove:
			v += 1 << 28
		case i == s.killer[ply][0]:
			v += 1 << 20
		case i == s.killer[ply][1]:
			v += 1 << 19
		}
		ms = append(ms, move{i, v})
	}
	if len(ms) == 0 && b.Moves() == 0 {
		ms = append(ms, move{b.index(Point{b.n / 2, b.n / 2}), 0})
	}
	slices.SortFunc(ms, func(x, y move) int { return int(y.order - x.order) })
	s.buf[ply] = ms
	return ms
}

// markFourThreeDefence marks the moves that may stop the opponent o's
// four-three at one of its points p, as Rapfi's move generator does: p
// itself, the empty cells of p's open-three line, and the cell q that would
// complete the four's five, with the cells that give side m a three through
// q (so that blocking at q makes a four). Any other move that is no four of
// m's loses to the four-three. It returns false, marking nothing, when m
// needs no direct defence (blocking at q is already a four) or the rule
// makes the threat unsure (renju black's threes can be false).
func (s *searcher) markFourThreeDefence(m, o int) bool {
	b := s.b
	if b.fb != nil && o == Black.side() {
		return false
	}
	p := b.comboPoint(o, cmB4F3)
	if p < 0 {
		return false
	}
	s.stamp++
	if s.stamp == 0 { // wrapped: start the marks afresh
		clear(s.mark)
		s.stamp = 1
	}
	s.mark[p] = s.stamp
	mine, theirs := uint8(m+1), uint8(o+1)
	dirs := b.dirs()
	for d, off := range dirs {
		switch b.linePattern(d, p, o) {
		case pF3:
			for _, step := range [2]int{off, -off} {
				for k, q := 1, p+step; k <= 4 && b.cells[q] != cWall && b.cells[q] != mine; k, q = k+1, q+step {
					if b.cells[q] == cEmpty {
						s.mark[q] = s.stamp
					}
				}
			}
		case pB4:
			q := -1
			for _, step := range [2]int{off, -off} {
				for k, c := 1, p+step; k <= 4 && q < 0; k, c = k+1, c+step {
					if b.cells[c] == theirs {
						continue
					}
					if b.cells[c] == cEmpty && b.linePattern(d, c, o) == pB4 {
						q = c
					}
					break
				}
			}
			if q < 0 {
				continue
			}
			if hasFour(b.combo[m][q]) {
				return false
			}
			s.mark[q] = s.stamp
			for d2, off2 := range dirs {
				for _, step := range [2]int{off2, -off2} {
					for c := q + step; b.cells[c] != cWall; c += step {
						if b.cells[c] == mine {
							continue
						}
						if b.cells[c] != cEmpty || b.linePattern(d2, c, m) < pB3 {
							break
						}
						s.mark[c] = s.stamp
					}
				}
			}
		}
	}
	return true
}

// settle settles a node by the threats alone when it can: the side to move
// has a five, or the opponent has two, or the side to move has an open four
// to make. forced is the one cell the side must play (the opponent's five
// point), or -1.
func (s *searcher) settle(ply int) (v int32, settled bool, forced int) {
	b := s.b
	me := b.ToMove()
	m, o := me.side(), 1-me.side()
	if b.winner != None {
		return -scoreWin + int32(ply), true, -1
	}
	if b.count[m][cmFive] > 0 {
		return scoreWin - int32(ply) - 1, true, -1
	}
	if n := b.count[o][cmFive]; n > 0 {
		f := b.fivePoint(o)
		if n >= 2 || b.combo[m][f] == cmForbidden {
			return -scoreWin + int32(ply) + 2, true, -1
		}
		return 0, false, f
	}
	if b.count[m][cmFlex4] > 0 {
		return scoreWin - int32(ply) - 3, true, -1
	}
	if b.Full() {
		return 0, true, -1
	}
	return 0, false, -1
}

// Pruning and reduction, in plies and the evaluation's units, after the
// manner of Rapfi's alpha-beta search: a node far above beta at a shallow
// depth is taken at its evaluation (reverse futility), one far below alpha
// drops to the quiescence of fours (razoring), a shallow node tries only
// its first moves in the order, and later moves are searched shallower
// first (late move reductions), again at full depth when they surprise.
const (
	futilityDepth  = 4   // reverse futility pruning at depths up to this
	futilityMargin = 250 // ... when the evaluation is this much a ply above beta
	razorDepth     = 2   // razoring at depths up to this
	razorMargin    = 150 // ... when the evaluation is this much (plus a ply's) below alpha
)

// lateMoves is how many moves a node of depth d tries before it drops the
// quiet ones (neither side's four or three), when its evaluation is not
// improving on that of two plies before (and twice as many when it is).
func lateMoves(d int, improving bool) int {
	n := lateMoveTable[min(d, len(lateMoveTable)-1)]
	if improving {
		return n
	}
	return n / 2
}

// reduction is how many plies shallower the n-th move (from 0) of a node
// of depth d is searched first: about ln d times ln n over one and a half.
func reduction(d, n int) int {
	return int(reductionTable[min(d, 63)][min(n, 63)])
}

var (
	lateMoveTable  [64]int
	reductionTable [64][64]int8
)

func init() {
	for d := range lateMoveTable {
		lateMoveTable[d] = 6 + 2*int(math.Pow(float64(d), 1.32))
	}
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			reductionTable[d][n] = int8(0.25 + math.Log(float64(d))*math.Log(float64(n))/1.5)
		}
	}
}

// pvs is a principal variation search of depth plies (negamax, alpha-beta),
// with the forced block of a four searched without using depth, and a
// quiescence of fours below depth 0.
func (s *searcher) pvs(depth, ply int, alpha, beta int32) int32 {
	if s.tick() {
		return 0
	}
	b := s.b
	v, settled, forced := s.settle(ply)
	if settled {
		return v
	}
	if ply >= maxPly {
		return b.evaluate()
	}
	if forced >= 0 {
		s.eval[ply] = noEval
		b.play(forced)
		v := -s.pvs(depth, ply+1, -beta, -alpha)
		b.undo()
		return v
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta, 0)
	}
	pvNode := beta-alpha > 1
	ttMove := -1
	if e := s.tt.probe(b.hash); e != nil {
		ttMove = int(e.move)
		if int(e.depth) >= depth && ply > 0 {
			v := fromTT(e.score, ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	m, o := b.ToMove().side(), 1-b.ToMove().side()
	threatened := b.count[o][cmFlex4] > 0 // the opponent has an open three
	improving := false
	s.eval[ply] = noEval
	if s.prune && !threatened {
		eval := b.evaluate()
		s.eval[ply] = eval
		improving = ply >= 2 && s.eval[ply-2] != noEval && eval > s.eval[ply-2]
		if !pvNode && ply > 0 {
			if depth <= futilityDepth && eval-futilityMargin*int32(depth) >= beta && eval < scoreMate {
				return eval
			}
			if depth <= razorDepth && eval+razorMargin*int32(depth+1) <= alpha {
				if v := s.quiesce(ply, alpha, alpha+1, 0); v <= alpha {
					return v
				}
			}
		}
	}
	ms := s.candidates(ply, ttMove)
	if len(ms) == 0 {
		return b.evaluate()
	}
	width := len(ms)
	if w := s.widthAt(depth); w > 0 && !threatened {
		width = w
	}
	// ms lives in s.buf[ply]; deeper plies use their own buffers.
	best, bestMove := int32(-scoreInf), ms[0].i
	origAlpha := alpha
	late := lateMoves(depth, improving)
	for n, mv := range ms {
		if n >= width && best > -scoreMate {
			// The moves past the width are left once one that does not
			// lose is known: a loss holds only when every move loses.
			break
		}
		// A tactical move (the table's, or a four or three for either side)
		// is never pruned and is reduced less; only pruning asks.
		tactical := s.prune && (mv.i == ttMove || hasFour(b.combo[m][mv.i]) || hasThree(b.combo[m][mv.i]) ||
			hasFour(b.combo[o][mv.i]) || hasThree(b.combo[o][mv.i]))
		if s.prune && !pvNode && !threatened && n >= late && !tactical && best > -scoreMate {
			continue
		}
		b.play(mv.i)
		var v int32
		if n == 0 {
			v = -s.pvs(depth-1, ply+1, -beta, -alpha)
		} else {
			r := 0
			if depth >= 3 && n >= 3 && mv.order < 1<<19 {
				if s.prune {
					r = reduction(depth, n)
					if pvNode || tactical {
						r = max(r-1, 0)
					}
					r = min(r, depth-2)
				} else if n >= 4 {
					r = 1 // late moves: a shallower look first
				}
			}
			v = -s.pvs(depth-1-r, ply+1, -alpha-1, -alpha)
			if v > alpha && (r > 0 || v < beta) {
				v = -s.pvs(depth-1, ply+1, -beta, -alpha)
			}
		}
		b.undo()
		if s.stopped {
			return best
		}
		if v > best {
			best, bestMove = v, mv.i
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			s.history[m][mv.i] += int32(depth * depth)
			if s.killer[ply][0] != mv.i {
				s.killer[ply][1], s.killer[ply][0] = s.killer[ply][0], mv.i
			}
			break
		}
	}
	bound := uint8(boundExact)
	switch {
	case best <= origAlpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	s.tt.store(b.hash, toTT(best, ply), bestMove, depth, bound)
	return best
}

// widthAt is how many of the ordered moves a node of this depth tries.
func (s *searcher) widthAt(depth int) int {
	switch {
	case depth <= 1:
		return s.width[0]
	case depth == 2:
		return s.width[1]
	}
	return s.width[2]
}

// nearStone reports whether cell i is within two cells of cell j, or four
// along one of j's lines.
func (b *Board) nearStone(i, j int) bool {
	dx, dy := i%b.w-j%b.w, i/b.w-j/b.w
	ax, ay := max(dx, -dx), max(dy, -dy)
	if ax <= 2 && ay <= 2 {
		return true
	}
	return max(ax, ay) <= 4 && (ax == 0 || ay == 0 || ax == ay)
}

// maxQuiesce bounds the fours a quiescence search plays in a row.
const maxQuiesce = 12

// quiesce stands on the evaluation or plays a four, for either side: fours
// force the reply, so a win by continuous fours below the horizon is still
// seen, and the forced block of a four is always played.
func (s *searcher) quiesce(ply int, alpha, beta int32, q int) int32 {
	if s.tick() {
		return 0
	}
	b := s.b
	v, settled, forced := s.settle(ply)
	if settled {
		return v
	}
	if forced >= 0 {
		if q >= maxQuiesce || ply >= maxPly {
			return b.evaluate()
		}
		b.play(forced)
		v := -s.quiesce(ply+1, -beta, -alpha, q+1)
		b.undo()
		return v
	}
	stand := b.evaluate()
	if s.noise != nil {
		stand += s.noise()
	}
	if stand >= beta || q >= maxQuiesce || ply >= maxPly {
		return stand
	}
	if stand > alpha {
		alpha = stand
	}
	m := b.ToMove().side()
	best := stand
	// At hard, as Rapfi's quiescence does: only fours that make a three as
	// well, near the side's own last stone (within two, or four along a
	// line). Every four anywhere cost most of the search's positions.
	own := -1
	if n := len(b.moves); n >= 2 && b.passes == 0 && s.prune {
		own = b.moves[n-2]
	}
	for _, i := range b.area {
		if b.cells[i] != cEmpty || !hasFour(b.combo[m][i]) {
			continue
		}
		if own >= 0 && (b.combo[m][i] == cmB4 || !b.nearStone(i, own)) {
			continue
		}
		b.play(i)
		v := -s.quiesce(ply+1, -beta, -alpha, q+1)
		b.undo()
		if s.stopped {
			return best
		}
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

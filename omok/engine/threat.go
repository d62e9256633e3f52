package engine

import "slices"

// Threat-space search (Allis 1994), as public engines do it: the attacker
// plays only threats, so the defender's replies are few.
//
//   - VCF, victory by continuous fours: every attacking move is a four, so
//     the reply is forced (block the five point).
//   - VCT, victory by continuous threats: fours and open threes. A three is
//     met by any point of the attacker's fours (which holds every block of
//     the open four to come) or by a four of the defender's own; all of
//     those replies are tried, so a VCT found is a proof, not a guess.

// threatCache remembers positions a threat search has already settled,
// by hash and search kind and depth.
type threatCache struct {
	e    []threatEntry
	mask uint64
}

type threatEntry struct {
	key   uint64
	depth int8 // the depth it failed at, or -1 for a win
}

func newThreatCache(n int) *threatCache {
	size := 1024
	for size < n {
		size *= 2
	}
	return &threatCache{e: make([]threatEntry, size), mask: uint64(size - 1)}
}

// lookup says whether key is known won (win) or known lost at depth or
// more (lost).
func (c *threatCache) lookup(key uint64, depth int) (win, lost bool) {
	e := &c.e[key&c.mask]
	if e.key != key {
		return false, false
	}
	return e.depth < 0, e.depth >= int8(depth)
}

func (c *threatCache) put(key uint64, depth int, win bool) {
	e := &c.e[key&c.mask]
	if win {
		depth = -1
	}
	*e = threatEntry{key: key, depth: int8(depth)}
}

// salts keep VCF and VCT results apart in one cache.
const (
	saltVCF = 0x5cf5cf5cf5cf5cf5
	saltVCT = 0x7c77c77c77c77c77
)

// threatMoves lists side s's moves that make a four (and, with threes, an
// open three), strongest first.
func (s *searcher) threatMoves(ply int, threes bool) []move {
	b := s.b
	m := b.ToMove().side()
	ms := s.buf[ply][:0]
	for _, i := range b.area {
		if b.cells[i] != cEmpty {
			continue
		}
		cm := b.combo[m][i]
		if hasFour(cm) || threes && hasThree(cm) {
			ms = append(ms, move{i, comboValue[cm]*64 + b.score[m][i] + b.score[1-m][i]/2})
		}
	}
	slices.SortFunc(ms, func(x, y move) int { return int(y.order - x.order) })
	s.buf[ply] = ms
	return ms
}

// openFourPoint returns a cell where side s makes an open four or two
// fours, or -1.
func (b *Board) openFourPoint(s int) int { return b.comboPoint(s, cmFlex4) }

// vcf reports whether the side to move wins by continuous fours, with at
// most depth fours, and the first move of the win.
func (s *searcher) vcf(ply, depth int) (bool, int) {
	if s.tick() || ply >= maxPly {
		return false, -1
	}
	b := s.b
	m, o := b.ToMove().side(), 1-b.ToMove().side()
	if f := b.fivePoint(m); f >= 0 {
		return true, f
	}
	forced := -1
	if b.count[o][cmFive] > 0 {
		forced = b.fivePoint(o)
		if b.count[o][cmFive] >= 2 || !hasFour(b.combo[m][forced]) {
			return false, -1
		}
	} else if f := b.openFourPoint(m); f >= 0 {
		return true, f
	}
	if depth <= 0 {
		return false, -1
	}
	key := b.hash ^ saltVCF
	if _, lost := s.threats.lookup(key, depth); lost {
		return false, -1
	}
	var ms []move
	if forced >= 0 {
		ms = []move{{forced, 0}}
	} else {
		ms = s.threatMoves(ply, false)
	}
	for _, mv := range ms {
		if s.fourThenBlock(mv.i, m, func() bool {
			w, _ := s.vcf(ply+2, depth-1)
			return w
		}) {
			s.threats.put(key, depth, true)
			return true, mv.i
		}
		if s.stopped {
			return false, -1
		}
	}
	s.threats.put(key, depth, false)
	return false, -1
}

// fourThenBlock plays side m's four at i and the forced block, asks then
// (with the attacker to move again), and takes both back. A four that the
// defender cannot block (a second five point, or a block it is forbidden
// to play) wins at once; one that lets the defender make five loses.
func (s *searcher) fourThenBlock(i, m int, then func() bool) bool {
	b := s.b
	o := 1 - m
	b.play(i)
	defer b.undo()
	if b.winner != None {
		return true
	}
	if b.count[o][cmFive] > 0 {
		return false
	}
	if b.count[m][cmFive] >= 2 {
		return true
	}
	f := b.fivePointNear(i, m)
	if f < 0 {
		return false
	}
	if b.combo[o][f] == cmForbidden {
		return true
	}
	b.play(f)
	defer b.undo()
	return then()
}

// vct reports whether the side to move wins by fours and threes, with at
// most depth threats of its own (the last ones may be a VCF of up to
// vcfDepth fours), and the first move.
func (s *searcher) vct(ply, depth, vcfDepth int) (bool, int) {
	if s.tick() || ply >= maxPly {
		return false, -1
	}
	b := s.b
	m, o := b.ToMove().side(), 1-b.ToMove().side()
	if f := b.fivePoint(m); f >= 0 {
		return true, f
	}
	if b.count[o][cmFive] == 0 {
		if f := b.openFourPoint(m); f >= 0 {
			return true, f
		}
	}
	if w, f := s.vcf(ply, vcfDepth); w || s.stopped {
		return w, f
	}
	if depth <= 0 {
		return false, -1
	}
	key := b.hash ^ saltVCT
	if _, lost := s.threats.lookup(key, depth); lost {
		return false, -1
	}
	var ms []move
	switch {
	case b.count[o][cmFive] > 0:
		f := b.fivePoint(o)
		if b.count[o][cmFive] >= 2 || b.combo[m][f] == cmForbidden {
			return false, -1
		}
		ms = []move{{f, 0}}
	case b.count[o][cmFlex4] > 0:
		// A three is too slow against the opponent's three; fours only,
		// and the VCF above has tried them.
		s.threats.put(key, depth, false)
		return false, -1
	default:
		ms = append([]move(nil), s.threatMoves(ply, true)...)
	}
	for _, mv := range ms {
		b.play(mv.i)
		won := s.defend(ply+1, depth-1, vcfDepth)
		b.undo()
		if won {
			s.threats.put(key, depth, true)
			return true, mv.i
		}
		if s.stopped {
			return false, -1
		}
	}
	s.threats.put(key, depth, false)
	return false, -1
}

// defend reports whether the attacker (who just moved) still wins by VCT
// whatever the side to move replies.
func (s *searcher) defend(ply, depth, vcfDepth int) bool {
	if s.tick() || ply >= maxPly {
		return false
	}
	b := s.b
	if b.winner != None {
		return true
	}
	d := b.ToMove().side()
	a := 1 - d
	if b.count[d][cmFive] > 0 {
		return false
	}
	if n := b.count[a][cmFive]; n > 0 {
		f := b.fivePoint(a)
		if n >= 2 || b.combo[d][f] == cmForbidden {
			return true
		}
		b.play(f)
		w, _ := s.vct(ply+1, depth, vcfDepth)
		b.undo()
		return w
	}
	if b.count[a][cmFlex4] == 0 {
		return false // the attacker made no threat
	}
	var replies []int
	for _, i := range b.area {
		if b.cells[i] != cEmpty || b.combo[d][i] == cmForbidden {
			continue
		}
		if hasFour(b.combo[a][i]) || hasFour(b.combo[d][i]) {
			replies = append(replies, i)
		}
	}
	for _, r := range replies {
		b.play(r)
		w, _ := s.vct(ply+1, depth, vcfDepth)
		b.undo()
		if !w {
			return false
		}
	}
	return true
}

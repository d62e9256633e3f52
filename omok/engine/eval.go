package engine

import "slices"

//go:generate go run ./match fit -out evaltable.go testdata/rapfi-games-1.txt.gz testdata/rapfi-games-2.txt.gz

// The values of patterns and combos: hand-set in the order of Rapfi's
// classical pattern scores (an open three is worth about a blocked four, an
// open four settles the game). They order the moves, make easy's first
// impression, and score the cells whose four patterns the fit in
// evaltable.go has no value for. A cell's score for a side is what a stone
// of that side there would make; a side's total is the sum over empty
// cells, kept up to date per move by the board.
var patternValue = [patternCount]int32{
	pDead: 0, pOverline: 0,
	pB1: 1, pF1: 3,
	pB2: 6, pF2: 14, pF2A: 18, pF2B: 22,
	pB3: 16, pF3: 50,
	pB4: 42, pF4: 140, pF5: 500,
}

var comboValue = [cmForbidden + 1]int32{
	cmB3: 4, cmF3: 10, cmF3B3: 40, cmF3F3: 160,
	cmB4: 8, cmB4B3: 50, cmB4F3: 260, cmFlex4: 600, cmFive: 2000,
}

// cellScore is a cell's score for each key of comboTable (four patterns,
// four bits each), read in one look-up where a move changes a cell: the
// fitted value of its four patterns where fittedScore (evaltable.go) has
// one, else handScore.
var cellScore = func() []int32 {
	t := make([]int32, len(comboTable))
	for k := range t {
		ps, ok := keyPatterns(k)
		if !ok {
			continue // no line has this key
		}
		if v, ok := fittedScore[sortPatterns(ps)]; ok {
			t[k] = v
		} else {
			t[k] = handScore(ps)
		}
	}
	return t
}()

// handScore is the hand-set score of a cell with these four patterns: their
// values and that of their combo.
func handScore(ps [4]pattern) int32 {
	v := comboValue[comboOf(ps)]
	for _, p := range ps {
		v += patternValue[p]
	}
	return v
}

// keyPatterns splits a comboTable key into its four patterns; ok is false
// for a key no line has.
func keyPatterns(k int) (ps [4]pattern, ok bool) {
	for d := range 4 {
		ps[d] = pattern(k>>(4*d)) & 0x0f
		if ps[d] >= patternCount {
			return ps, false
		}
	}
	return ps, true
}

// sortPatterns puts four patterns in order, weakest first: a cell's score
// depends on which patterns it has, not on their directions.
func sortPatterns(ps [4]pattern) [4]pattern {
	slices.Sort(ps[:])
	return ps
}

// doubleThreat is the evaluation's one hand-set term besides the cells'
// scores: a double threat the opponent cannot meet with a four. The others
// (moverWeight, initiative, openFourNext) are fitted with the cells' scores
// and live in evaltable.go.
const doubleThreat = 1500

// evaluate scores the position for the side to move: its potential minus
// the opponent's, with a bonus for a double threat the opponent cannot meet
// with a four, and a smaller one for the initiative.
func (b *Board) evaluate() int32 {
	m := b.ToMove().side()
	o := 1 - m
	v := b.total[m]*moverWeight/100 - b.total[o]
	if b.count[m][cmF3F3]+b.count[m][cmB4F3] > 0 && !b.anyFour(o) {
		v += doubleThreat
	}
	if b.hasInitiative(m) {
		v += initiative
	}
	if b.count[o][cmFlex4] > 0 {
		// The opponent threatens an open four: the side to move must
		// spend its move on that.
		v -= openFourNext
	}
	return v
}

// hasInitiative reports whether side m, to move, has the initiative: it can
// make an open three and the opponent has no open four to answer with.
func (b *Board) hasInitiative(m int) bool {
	return b.count[m][cmF3]+b.count[m][cmF3B3] > 0 && b.count[1-m][cmFlex4] == 0
}

// anyFour reports whether side s has a move that makes a four.
func (b *Board) anyFour(s int) bool {
	c := &b.count[s]
	return c[cmB4]+c[cmB4B3]+c[cmB4F3]+c[cmFlex4]+c[cmFive] > 0
}

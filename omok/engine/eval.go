package engine

// The values of patterns and combos for the evaluation: hand-set in the
// order of Rapfi's classical pattern scores (an open three is worth about a
// blocked four, an open four settles the game). A cell's score for a side is
// what a stone of that side there would make; a side's total is the sum
// over empty cells, kept up to date per move by the board.
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
// four bits each): the values of its patterns and of their combo, read in
// one look-up where a move changes a cell.
var cellScore = func() []int32 {
	t := make([]int32, len(comboTable))
	for k := range t {
		v := comboValue[comboTable[k]]
		for d := range 4 {
			p := pattern(k>>(4*d)) & 0x0f
			if p >= patternCount {
				v = 0 // no line has this key
				break
			}
			v += patternValue[p]
		}
		t[k] = v
	}
	return t
}()

// evaluate scores the position for the side to move: its potential minus
// the opponent's, with a bonus for a double threat the opponent cannot meet
// with a four, and a smaller one for the initiative.
func (b *Board) evaluate() int32 {
	m := b.ToMove().side()
	o := 1 - m
	v := b.total[m]*6/5 - b.total[o]
	if b.count[m][cmF3F3]+b.count[m][cmB4F3] > 0 && !b.anyFour(o) {
		v += 1500
	}
	if b.count[m][cmF3]+b.count[m][cmF3B3] > 0 && b.count[o][cmFlex4] == 0 {
		// The initiative: the side to move can make an open three and the
		// opponent has none to answer with.
		v += 250
	}
	if b.count[o][cmFlex4] > 0 {
		// The opponent threatens an open four: the side to move must
		// spend its move on that.
		v -= 400
	}
	return v
}

// anyFour reports whether side s has a move that makes a four.
func (b *Board) anyFour(s int) bool {
	c := &b.count[s]
	return c[cmB4]+c[cmB4B3]+c[cmB4F3]+c[cmFlex4]+c[cmFive] > 0
}

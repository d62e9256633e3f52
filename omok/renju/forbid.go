package renju

// Forbidden returns why rule r forbids colour s to play at p, or None when
// the move is allowed: a rule without forbidden moves for s, an occupied
// point or one off the board (those are not moves at all) are None too.
// When a move makes several forbidden shapes the first of overline, 4-4,
// 3-3 is named. A move that makes a five is never forbidden.
func (b *Board) Forbidden(r Rule, s Stone, p Point) Shape {
	if !r.Forbids(s) || b.At(p) != Empty || !b.Inside(p) {
		return None
	}
	return b.forbidden(r, s, p.Row, p.Col)
}

// ForbiddenMap returns, for every cell in row-major order (row*size+col),
// why rule r forbids colour s to play there; it reuses dst when it is big
// enough. The map is computed afresh: a point's answer depends on stones
// beyond its own lines whenever a three's extension must be checked, so a
// move can change answers far from it, and the whole map costs less than a
// frame of the screen (see BenchmarkForbiddenMap).
func (b *Board) ForbiddenMap(r Rule, s Stone, dst []Shape) []Shape {
	n := b.size * b.size
	if cap(dst) < n {
		dst = make([]Shape, n)
	}
	dst = dst[:n]
	clear(dst)
	if !r.Forbids(s) {
		return dst
	}
	for i, c := range b.cells {
		if c == Empty {
			dst[i] = b.forbidden(r, s, i/b.size, i%b.size)
		}
	}
	return dst
}

// ForbiddenPoints returns the points where rule r forbids colour s to
// play, in row-major order.
func (b *Board) ForbiddenPoints(r Rule, s Stone) []Point {
	var out []Point
	for i, sh := range b.ForbiddenMap(r, s, nil) {
		if sh != None {
			out = append(out, Point{i / b.size, i % b.size})
		}
	}
	return out
}

// line looks up what a stone of s at (row, col) makes along line d.
func (b *Board) line(d, row, col int, s Stone) lineShape {
	l, pos := b.locate(d, row, col)
	own := l.stones[s] >> pos
	blocked := (l.stones[s^3] | l.off) >> pos
	return lines[ternaryDigits[squeeze(own)]+2*ternaryDigits[squeeze(blocked)]]
}

// squeeze takes the eleven cells of a window at the bottom of x and drops
// the centre: ten bits, the table's digits.
func squeeze(x uint64) uint {
	return uint(x&(1<<reach-1) | (x>>(reach+1)&(1<<reach-1))<<reach)
}

// forbidden is Forbidden for an empty point on the board under a rule that
// forbids moves of s.
func (b *Board) forbidden(r Rule, s Stone, row, col int) Shape {
	sh, _ := b.judge(r, s, row, col)
	return sh
}

// judge returns why rule r forbids s the empty point (row, col), and
// whether the move makes a five (then the shape is None). For a
// double-three candidate it places the stone and asks the same of each
// three's extension points, the moves that make it a straight four. The
// RIF defines a three as a row that can become a straight four "without at
// the same time a five in a row is made", so an extension point counts
// only when it makes no five, and only when it is itself allowed (false
// forbidden points, 거짓금수), to any depth. Each level adds a stone, so
// the recursion ends; in practice it rarely goes past two levels
// (BenchmarkForbiddenMap's dense positions).
func (b *Board) judge(r Rule, s Stone, row, col int) (sh Shape, five bool) {
	var threes [len(steps)]lineShape
	var threeDirs [len(steps)]int
	nThrees, fours, overline := 0, 0, false
	for d := range steps {
		l := b.line(d, row, col, s)
		switch l.kind() {
		case kindFive:
			return None, true
		case kindOverline:
			overline = true
		case kindFour:
			fours++
		case kindDoubleFour:
			fours += 2
		case kindThree:
			threes[nThrees], threeDirs[nThrees] = l, d
			nThrees++
		}
	}
	if r == Renju {
		// The 오목룰 allows both; a five was ruled out above.
		if overline {
			return Overline, false
		}
		if fours >= 2 {
			return DoubleFour, false
		}
	}
	if nThrees < 2 {
		return None, false
	}
	b.set(row, col, s)
	real := 0
	for i := 0; i < nThrees && real < 2 && real+nThrees-i >= 2; i++ {
		st := steps[threeDirs[i]]
		for k := range maxExtensions {
			off, ok := threes[i].extension(k)
			if !ok {
				break
			}
			if sh, five := b.judge(r, s, row+off*st.Row, col+off*st.Col); sh == None && !five {
				real++
				break
			}
		}
	}
	b.clear(row, col, s)
	if real >= 2 {
		return DoubleThree, false
	}
	return None, false
}

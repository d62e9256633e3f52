package engine

import "slices"

// brute is an independent brute force for checking tactical answers: a
// plain grid, a five found by counting along four lines, and an AND-OR
// search over every empty point within two of a stone (a point farther away
// can neither make a four nor stop one). It shares nothing with the engine
// but Point and Color.
type brute struct {
	n     int
	exact bool
	g     []Color
}

func newBrute(b *Board) *brute {
	br := &brute{n: b.n, exact: b.rule.ExactFive(Black), g: make([]Color, b.n*b.n)}
	for y := range b.n {
		for x := range b.n {
			br.g[y*b.n+x] = b.At(Point{x, y})
		}
	}
	return br
}

func (br *brute) at(x, y int) Color {
	if x < 0 || y < 0 || x >= br.n || y >= br.n {
		return None
	}
	return br.g[y*br.n+x]
}

// five reports whether c playing the empty point p makes a winning line.
func (br *brute) five(p int, c Color) bool {
	x, y := p%br.n, p/br.n
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		n := 1
		for k := 1; br.at(x+k*d[0], y+k*d[1]) == c; k++ {
			n++
		}
		for k := 1; br.at(x-k*d[0], y-k*d[1]) == c; k++ {
			n++
		}
		if n == 5 || n > 5 && !br.exact {
			return true
		}
	}
	return false
}

// cands lists the empty points within two of a stone, those with more
// stones of c next to them first (the order only makes proofs quicker).
func (br *brute) cands(c Color) []int {
	type sc struct{ p, v int }
	var out []sc
	for p, v := range br.g {
		if v != None {
			continue
		}
		x, y := p%br.n, p/br.n
		near, own := false, 0
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				switch br.at(x+dx, y+dy) {
				case c:
					near = true
					if dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 {
						own += 2
					}
					own++
				case c.Other():
					near = true
				}
			}
		}
		if near {
			out = append(out, sc{p, own})
		}
	}
	slices.SortStableFunc(out, func(a, b sc) int { return b.v - a.v })
	ps := make([]int, len(out))
	for i, s := range out {
		ps[i] = s.p
	}
	return ps
}

// fivePoints counts the points where c makes five.
func (br *brute) fivePoints(c Color) []int {
	var ps []int
	for p, v := range br.g {
		if v == None && br.five(p, c) {
			ps = append(ps, p)
		}
	}
	return ps
}

// anyFive reports whether c has a point that makes five. Such a point
// touches one of c's stones, which rules out most points at a glance.
func (br *brute) anyFive(c Color) bool {
	for p, v := range br.g {
		if v != None {
			continue
		}
		x, y := p%br.n, p/br.n
		touches := false
		for dy := -1; dy <= 1 && !touches; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if br.at(x+dx, y+dy) == c {
					touches = true
					break
				}
			}
		}
		if touches && br.five(p, c) {
			return true
		}
	}
	return false
}

// wins reports whether c, to move, makes five within n of its own moves
// whatever the other side does.
func (br *brute) wins(c Color, n int) bool {
	if br.anyFive(c) {
		return true
	}
	if n <= 1 {
		return false
	}
	for _, p := range br.cands(c) {
		br.g[p] = c
		ok := br.holds(c, n-1)
		br.g[p] = None
		if ok {
			return true
		}
	}
	return false
}

// holds reports whether c, who has just moved, still wins within n moves
// whatever the other side, now to move, replies.
func (br *brute) holds(c Color, n int) bool {
	o := c.Other()
	if br.anyFive(o) {
		return false
	}
	for _, q := range br.cands(o) {
		br.g[q] = o
		ok := br.wins(c, n)
		br.g[q] = None
		if !ok {
			return false
		}
	}
	return true
}

// after plays c at p for the length of f.
func (br *brute) after(p Point, c Color, f func() bool) bool {
	i := p.Y*br.n + p.X
	if br.g[i] != None {
		return false
	}
	br.g[i] = c
	defer func() { br.g[i] = None }()
	return f()
}

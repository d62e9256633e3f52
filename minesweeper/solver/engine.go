package solver

import (
	"math"
	"math/big"
	"slices"
)

// maxLines bounds the lines one component may hold while it is counted;
// a component that needs more is estimated instead (Analysis.Exact false).
// None of the 11,313 positions of TestNeverWrong's real games needs as
// many; positions opened all over a field do.
const maxLines = 1 << 12

// scaleBits is how far counts may grow before they are scaled down by a
// power of two, which is exact, so that nothing overflows.
const scaleBits = 256

// constraint is an open number: need mines among its covered cells.
type constraint struct {
	need  int
	boxes []int
}

// box is a set of frontier cells that touch exactly the same numbers.
type box struct {
	cells []int
	cons  []int
}

// dist is a count of layouts by number of mines: v[m] * 2^exp layouts
// with m mines; ok[m] says whether there is any, so that no rounding can
// ever turn a possible count into an impossible one or back.
type dist struct {
	v   []float64
	ok  []bool
	exp int
}

// component is one independent part of the frontier, counted.
type component struct {
	boxes  []int // global box ids, in local order
	mines  dist  // layouts of the component by its number of mines
	tally  [][]float64
	lo, hi [][]int8 // fewest and most mines each box holds, by mines
	approx bool
}

// engine holds what one analysis needs; it is reused by the player to
// keep allocations down.
type engine struct {
	p     *Position
	left  int // mines not yet known
	off   int // covered cells off the frontier
	cons  []constraint
	boxes []box
	boxOf []int // cell -> box, -1 off the frontier or open
	comps []component
	exact bool
	key   []byte
	cur   lineSet
	next  lineSet
}

// analyze counts the layouts of p; p must be well formed.
func (e *engine) analyze(p *Position) (*Analysis, error) {
	if err := e.build(p); err != nil {
		return nil, err
	}
	e.comps = e.comps[:0]
	e.exact = true
	for _, group := range e.groups() {
		e.comps = append(e.comps, e.count(group))
	}
	return e.combine()
}

// build finds the constraints, the boxes and the off-frontier cells.
func (e *engine) build(p *Position) error {
	e.p = p
	n := len(p.Cells)
	known, covered := 0, 0
	for _, v := range p.Cells {
		switch v {
		case KnownMine:
			known++
		case Covered:
			covered++
		}
	}
	e.left = p.Mines - known
	if e.left < 0 || e.left > covered {
		return ErrInconsistent
	}
	e.cons = e.cons[:0]
	e.boxes = e.boxes[:0]
	if cap(e.boxOf) < n {
		e.boxOf = make([]int, n)
	}
	e.boxOf = e.boxOf[:n]
	for i := range e.boxOf {
		e.boxOf[i] = -1
	}
	// Each frontier cell's signature: the numbers it touches, in order.
	type signature struct {
		n   int
		ids [8]int32
	}
	sig := make(map[int]*signature)
	var order []int // frontier cells in the order first seen
	var buf [8]int
	for i, v := range p.Cells {
		if v < 0 {
			continue
		}
		need, cov := int(v), 0
		for _, j := range p.neighbours(i, &buf) {
			switch p.Cells[j] {
			case KnownMine:
				need--
			case Covered:
				cov++
			}
		}
		if need < 0 || need > cov {
			return ErrInconsistent
		}
		if cov == 0 {
			continue
		}
		id := int32(len(e.cons))
		e.cons = append(e.cons, constraint{need: need})
		for _, j := range p.neighbours(i, &buf) {
			if p.Cells[j] != Covered {
				continue
			}
			s := sig[j]
			if s == nil {
				s = &signature{}
				for k := range s.ids {
					s.ids[k] = -1
				}
				sig[j] = s
				order = append(order, j)
			}
			s.ids[s.n] = id
			s.n++
		}
	}
	boxOfSig := make(map[[8]int32]int, len(order))
	for _, j := range order {
		s := sig[j]
		b, ok := boxOfSig[s.ids]
		if !ok {
			b = len(e.boxes)
			boxOfSig[s.ids] = b
			cons := make([]int, s.n)
			for k := range cons {
				cons[k] = int(s.ids[k])
				c := &e.cons[cons[k]]
				c.boxes = append(c.boxes, b)
			}
			e.boxes = append(e.boxes, box{cons: cons})
		}
		e.boxes[b].cells = append(e.boxes[b].cells, j)
		e.boxOf[j] = b
	}
	e.off = covered - len(order)
	return nil
}

// groups splits the boxes into independent components, each given as its
// constraints in an order that keeps the boxes in play few: breadth first
// from one constraint through the boxes they share.
func (e *engine) groups() [][]int {
	seen := make([]bool, len(e.cons))
	var groups [][]int
	for start := range e.cons {
		if seen[start] {
			continue
		}
		seen[start] = true
		g := []int{start}
		for k := 0; k < len(g); k++ {
			for _, b := range e.cons[g[k]].boxes {
				for _, c := range e.boxes[b].cons {
					if !seen[c] {
						seen[c] = true
						g = append(g, c)
					}
				}
			}
		}
		groups = append(groups, g)
	}
	return groups
}

// lineSet holds the lines of the dynamic programme: per line its mines,
// its count of layouts, each box's allocated mines, the sum of mines over
// its layouts per box (tally), and the fewest and most mines per box.
type lineSet struct {
	nb    int
	mines []int
	count []float64
	alloc []int8
	tally []float64
	lo    []int8
	hi    []int8
	index map[string]int
}

func (s *lineSet) reset(nb int) {
	s.nb = nb
	s.mines = s.mines[:0]
	s.count = s.count[:0]
	s.alloc = s.alloc[:0]
	s.tally = s.tally[:0]
	s.lo = s.lo[:0]
	s.hi = s.hi[:0]
	if s.index == nil {
		s.index = make(map[string]int)
	}
	clear(s.index)
}

func (s *lineSet) len() int { return len(s.mines) }

// find returns the line with key, adding an empty one if there is none.
func (s *lineSet) find(key []byte) (int, bool) {
	if i, ok := s.index[string(key)]; ok {
		return i, false
	}
	i := len(s.mines)
	s.index[string(key)] = i
	s.mines = append(s.mines, 0)
	s.count = append(s.count, 0)
	s.alloc = grow(s.alloc, s.nb)
	s.tally = grow(s.tally, s.nb)
	s.lo = grow(s.lo, s.nb)
	s.hi = grow(s.hi, s.nb)
	return i, true
}

// grow appends n zeros to s.
func grow[T int8 | float64](s []T, n int) []T {
	k := len(s)
	s = slices.Grow(s, n)[:k+n]
	clear(s[k:])
	return s
}

// binom is C(n, k) for the small n of a box (at most 8 cells).
var binom = func() (t [9][9]float64) {
	for n := range 9 {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

// count counts the layouts of one component, constraint by constraint.
func (e *engine) count(group []int) component {
	// The component's boxes in local order, and the step after which
	// each is no longer touched.
	local := make(map[int]int)
	var boxes []int
	for _, c := range group {
		for _, b := range e.cons[c].boxes {
			if _, ok := local[b]; !ok {
				local[b] = len(boxes)
				boxes = append(boxes, b)
			}
		}
	}
	nb := len(boxes)
	last := make([]int, nb)
	for step, c := range group {
		for _, b := range e.cons[c].boxes {
			last[local[b]] = step
		}
	}
	allocated := make([]bool, nb)
	cur, next := &e.cur, &e.next
	cur.reset(nb)
	cur.find(nil)
	cur.count[0] = 1
	// Unallocated boxes carry bounds that min and max leave alone.
	for l := range nb {
		cur.lo[l], cur.hi[l] = math.MaxInt8, -1
	}
	exp := 0
	var fresh, old []int // local boxes of the constraint
	var ks []int8
	for step, c := range group {
		fresh, old = fresh[:0], old[:0]
		for _, b := range e.cons[c].boxes {
			if l := local[b]; allocated[l] {
				old = append(old, l)
			} else {
				fresh = append(fresh, l)
			}
		}
		for _, l := range fresh {
			allocated[l] = true
		}
		var live []int
		for l := range nb {
			if allocated[l] && last[l] > step {
				live = append(live, l)
			}
		}
		next.reset(nb)
		ks = ks[:0]
		for range fresh {
			ks = append(ks, 0)
		}
		room := 0
		for _, l := range fresh {
			room += len(e.boxes[boxes[l]].cells)
		}
		for li := range cur.len() {
			rem := e.cons[c].need
			for _, l := range old {
				rem -= int(cur.alloc[li*nb+l])
			}
			if rem < 0 || rem > room {
				continue
			}
			e.fill(cur, next, li, fresh, ks, 0, rem, room, 1, live, boxes)
		}
		if next.len() > maxLines {
			e.exact = false
			return e.estimate(boxes)
		}
		if next.len() == 0 {
			return component{boxes: boxes, mines: dist{v: []float64{}, ok: []bool{}}}
		}
		exp += rescale(next.count, next.tally)
		cur, next = next, cur
	}
	// Every line now differs only by its mines.
	top := 0
	for li := range cur.len() {
		top = max(top, cur.mines[li])
	}
	comp := component{
		boxes: boxes,
		mines: dist{v: make([]float64, top+1), ok: make([]bool, top+1), exp: exp},
		tally: make([][]float64, top+1),
		lo:    make([][]int8, top+1),
		hi:    make([][]int8, top+1),
	}
	for li := range cur.len() {
		m := cur.mines[li]
		comp.mines.v[m] = cur.count[li]
		comp.mines.ok[m] = true
		comp.tally[m] = append([]float64(nil), cur.tally[li*nb:(li+1)*nb]...)
		comp.lo[m] = append([]int8(nil), cur.lo[li*nb:(li+1)*nb]...)
		comp.hi[m] = append([]int8(nil), cur.hi[li*nb:(li+1)*nb]...)
	}
	return comp
}

// fill tries every way to put rem mines in the fresh boxes from index k
// on, each way extending line li of cur into next.
func (e *engine) fill(cur, next *lineSet, li int, fresh []int, ks []int8, k, rem, room int, factor float64, live, boxes []int) {
	if k == len(fresh) {
		if rem == 0 {
			e.extend(cur, next, li, fresh, ks, factor, live)
		}
		return
	}
	size := len(e.boxes[boxes[fresh[k]]].cells)
	room -= size
	for m := max(0, rem-room); m <= min(size, rem); m++ {
		ks[k] = int8(m)
		e.fill(cur, next, li, fresh, ks, k+1, rem-m, room, factor*binom[size][m], live, boxes)
	}
}

// extend adds line li of cur with the fresh boxes given ks mines, its
// layouts multiplied by factor, to next: a new line, or merged into the
// line that agrees with it on every box still in play.
func (e *engine) extend(cur, next *lineSet, li int, fresh []int, ks []int8, factor float64, live []int) {
	nb := cur.nb
	mines := cur.mines[li]
	for _, k := range ks {
		mines += int(k)
	}
	alloc := cur.alloc[li*nb : (li+1)*nb]
	key := append(e.key[:0], byte(mines), byte(mines>>8), byte(mines>>16))
	for _, l := range live {
		v := alloc[l]
		for j, f := range fresh {
			if f == l {
				v = ks[j]
			}
		}
		key = append(key, byte(v))
	}
	e.key = key
	ni, isNew := next.find(key)
	count := cur.count[li] * factor
	next.mines[ni] = mines
	next.count[ni] += count
	base, nbase := li*nb, ni*nb
	if isNew {
		copy(next.alloc[nbase:nbase+nb], alloc)
		copy(next.lo[nbase:nbase+nb], cur.lo[base:base+nb])
		copy(next.hi[nbase:nbase+nb], cur.hi[base:base+nb])
	} else {
		for l := range nb {
			next.lo[nbase+l] = min(next.lo[nbase+l], cur.lo[base+l])
			next.hi[nbase+l] = max(next.hi[nbase+l], cur.hi[base+l])
		}
	}
	for l := range nb {
		next.tally[nbase+l] += cur.tally[base+l] * factor
	}
	for j, l := range fresh {
		k := ks[j]
		next.alloc[nbase+l] = k
		next.tally[nbase+l] += float64(k) * count
		if isNew {
			next.lo[nbase+l], next.hi[nbase+l] = k, k
		} else {
			next.lo[nbase+l] = min(next.lo[nbase+l], k)
			next.hi[nbase+l] = max(next.hi[nbase+l], k)
		}
	}
}

// rescale divides counts and tallies by a power of two when they grow
// large, and returns the power.
func rescale(count, tally []float64) int {
	top := 0.0
	for _, v := range count {
		top = max(top, v)
	}
	if top < math.Ldexp(1, scaleBits) {
		return 0
	}
	_, e := math.Frexp(top)
	for i := range count {
		count[i] = math.Ldexp(count[i], -e)
	}
	for i := range tally {
		tally[i] = math.Ldexp(tally[i], -e)
	}
	return e
}

// estimate stands in for a component too large to count: each box gets
// the mean density its numbers ask for, and the component's mine count a
// bell around the sum of those, so that the global count can still pull
// on it. It claims nothing certain (lo 0, hi the box size).
func (e *engine) estimate(boxes []int) component {
	nb := len(boxes)
	dens := make([]float64, nb)
	lo, hi := make([]int8, nb), make([]int8, nb)
	mean, cells := 0.0, 0
	for l, b := range boxes {
		bx := e.boxes[b]
		sum := 0.0
		for _, c := range bx.cons {
			n := 0
			for _, ob := range e.cons[c].boxes {
				n += len(e.boxes[ob].cells)
			}
			sum += float64(e.cons[c].need) / float64(n)
		}
		dens[l] = sum / float64(len(bx.cons))
		hi[l] = int8(len(bx.cells))
		mean += dens[l] * float64(len(bx.cells))
		cells += len(bx.cells)
	}
	sd := math.Sqrt(max(mean, 1))
	comp := component{boxes: boxes, approx: true,
		mines: dist{v: make([]float64, cells+1), ok: make([]bool, cells+1)},
		tally: make([][]float64, cells+1), lo: make([][]int8, cells+1), hi: make([][]int8, cells+1)}
	for m := range cells + 1 {
		z := (float64(m) - mean) / sd
		comp.mines.v[m] = math.Exp(-z * z / 2)
		comp.mines.ok[m] = true
		comp.tally[m] = make([]float64, nb)
		for l := range nb {
			// m mines spread in proportion to the densities
			if mean > 0 {
				comp.tally[m][l] = comp.mines.v[m] * dens[l] * float64(len(e.boxes[boxes[l]].cells)) * float64(m) / mean
			}
		}
		comp.lo[m], comp.hi[m] = lo, hi
	}
	return comp
}

// convolve combines two independent counts by mine number.
func convolve(a, b dist) dist {
	if len(a.v) == 0 || len(b.v) == 0 {
		return dist{v: []float64{}, ok: []bool{}, exp: a.exp + b.exp}
	}
	n := len(a.v) + len(b.v) - 1
	d := dist{v: make([]float64, n), ok: make([]bool, n), exp: a.exp + b.exp}
	for i, x := range a.v {
		if !a.ok[i] {
			continue
		}
		for j, y := range b.v {
			if b.ok[j] {
				d.v[i+j] += x * y
				d.ok[i+j] = true
			}
		}
	}
	d.exp += rescale(d.v, nil)
	return d
}

// offWeights returns C(off, r) for r = 0..off, scaled so the largest is at
// most 2^53 and exact when every value fits there, with the scale as a
// natural log.
func offWeights(off int) ([]float64, float64) {
	w := make([]float64, off+1)
	lg := func(n int) float64 { v, _ := math.Lgamma(float64(n + 1)); return v }
	top := lg(off) - lg(off/2) - lg(off-off/2)
	if top < 36 { // C(off, off/2) < 2^52: exact integers
		var b big.Int
		for r := range w {
			f, _ := new(big.Float).SetInt(b.Binomial(int64(off), int64(r))).Float64()
			w[r] = f
		}
		return w, 0
	}
	for r := range w {
		w[r] = math.Exp(lg(off) - lg(r) - lg(off-r) - top)
	}
	return w, top
}

// combine joins the components, weights every total by the ways to place
// the rest of the mines off the frontier, and reads off probabilities and
// certain cells.
func (e *engine) combine() (*Analysis, error) {
	k := len(e.comps)
	prefix := make([]dist, k+1)
	suffix := make([]dist, k+1)
	unit := dist{v: []float64{1}, ok: []bool{true}}
	prefix[0], suffix[k] = unit, unit
	for i := range k {
		prefix[i+1] = convolve(prefix[i], e.comps[i].mines)
	}
	for i := k - 1; i >= 0; i-- {
		suffix[i] = convolve(e.comps[i].mines, suffix[i+1])
	}
	all := prefix[k]
	w, wlog := offWeights(e.off)
	weight := func(r int) float64 {
		if r < 0 || r > e.off {
			return 0
		}
		return w[r]
	}
	z, offNum := 0.0, 0.0
	possible := false
	offSafe, offMine := true, true
	for m, v := range all.v {
		r := e.left - m
		if !all.ok[m] || r < 0 || r > e.off {
			continue
		}
		possible = true
		offSafe = offSafe && r == 0
		offMine = offMine && r == e.off
		z += v * weight(r)
		offNum += v * weight(r) * float64(r)
	}
	if !possible || z == 0 {
		return nil, ErrInconsistent
	}
	p := e.p
	a := &Analysis{Prob: make([]float64, len(p.Cells)), Exact: e.exact}
	a.lnZ = math.Log(z) + float64(all.exp)*math.Ln2 + wlog
	offProb := 0.0
	if e.off > 0 {
		offProb = offNum / (z * float64(e.off))
	}
	switch {
	case offSafe:
		offProb = 0
	case offMine:
		offProb = 1
	}
	for i, v := range p.Cells {
		switch {
		case v == KnownMine:
			a.Prob[i] = 1
		case v == Covered && e.boxOf[i] < 0:
			a.Prob[i] = offProb
			if e.off > 0 && offSafe {
				a.Safe = append(a.Safe, i)
			} else if e.off > 0 && offMine {
				a.Mines = append(a.Mines, i)
			}
		}
	}
	for ci := range e.comps {
		e.probabilities(a, ci, convolve(prefix[ci], suffix[ci+1]), all.exp, weight, z)
	}
	for _, b := range e.boxes {
		a.Front += len(b.cells)
	}
	return a, nil
}

// probabilities fills in the cells of component ci, given rest, the count
// of every other component together.
func (e *engine) probabilities(a *Analysis, ci int, rest dist, zexp int, weight func(int) float64, z float64) {
	comp := &e.comps[ci]
	nm := len(comp.mines.v)
	g := make([]float64, nm) // weight of the component having m mines
	can := make([]bool, nm)  // m is possible with the rest and the count
	for m := range nm {
		if !comp.mines.ok[m] {
			continue
		}
		for mr, v := range rest.v {
			r := e.left - m - mr
			if !rest.ok[mr] || r < 0 || r > e.off {
				continue
			}
			can[m] = true
			g[m] += v * weight(r)
		}
	}
	// num * 2^shift / z is a box's expected mines.
	shift := comp.mines.exp + rest.exp - zexp
	for l, b := range comp.boxes {
		size := len(e.boxes[b].cells)
		num := 0.0
		safe, mine := true, true
		for m := range nm {
			if !can[m] {
				continue
			}
			num += comp.tally[m][l] * g[m]
			safe = safe && comp.hi[m][l] == 0
			mine = mine && int(comp.lo[m][l]) == size
		}
		prob := math.Ldexp(num, shift) / (z * float64(size))
		switch {
		case safe:
			prob = 0
		case mine:
			prob = 1
		}
		prob = min(max(prob, 0), 1)
		for _, c := range e.boxes[b].cells {
			a.Prob[c] = prob
			if safe {
				a.Safe = append(a.Safe, c)
			} else if mine {
				a.Mines = append(a.Mines, c)
			}
		}
	}
}

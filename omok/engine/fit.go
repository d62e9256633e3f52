package engine

import (
	"errors"
	"fmt"
	"go/format"
	"io"
	"math"
	"slices"
	"strings"
)

// Judged is a position that a stronger program judged, as the fit reads
// it: the stones from the first, black first and the colours alternating,
// on 15x15 freestyle; the judge's evaluation for the side to move, in
// Rapfi's units (a win rate of 1/(1+e^(-Eval/200)), a win as ±100000);
// and the winner of the game it came from (None for a draw).
type Judged struct {
	Moves  []Point
	Eval   int
	Winner Color
}

// FitOptions configure FitTable.
type FitOptions struct {
	// Result is the weight of the game's result in the target; the rest
	// is the judge's evaluation.
	Result float64
	// Steps is the number of steps of gradient descent.
	Steps int
	// Toward is how far the values kept move from the hand-set ones
	// toward the fit (1: all the way).
	Toward float64
	// Log gets the fit's progress (losses, the values fitted); nil: none.
	Log io.Writer
}

// The hand-set terms the fit starts from.
const (
	handMoverWeight = 1.2
	handInitiative  = 250
	handOpenFour    = 400
)

// FitTable is the generator of evaltable.go, which go generate runs
// through the match command's fit: it returns the file's Go source, the
// cells' scores (one per set of four patterns), the side to move's weight
// and the initiative and open-four terms fitted to the judged positions
// ps in the manner of Texel tuning: the evaluation through a logistic
// curve should say what the judge's evaluation says through its own,
// blended with the game's result. Positions where either side can make a
// five, or that the judge sees as won, are left out: the search settles
// those. The fit starts from the hand-set values (handScore and the
// weight and terms above), and the values kept are o.Toward of the way
// from them to the fit: the evaluation feeds a search, and the whole step
// played worse than part of it. Every tenth position is kept out of the
// fit to measure it on. The same positions and options give the same
// bytes.
func FitTable(ps []Judged, o FitOptions) ([]byte, error) {
	log := o.Log
	if log == nil {
		log = io.Discard
	}
	var train, test []fitSample
	skipped := 0
	for i, j := range ps {
		f, ok, err := fitSampleOf(j, o.Result)
		if err != nil {
			return nil, fmt.Errorf("judged position %d (%s): %w", i+1, movesText(j.Moves), err)
		}
		if !ok {
			skipped++
			continue
		}
		if (i-skipped)%10 == 9 {
			test = append(test, f)
		} else {
			train = append(train, f)
		}
	}
	fmt.Fprintf(log, "%d positions, %d left out\n", len(train)+len(test), skipped)
	if len(train) == 0 || len(test) == 0 {
		return nil, errors.New("too few positions to fit")
	}
	hand := handParams()
	p := handParams()
	// The scale k of the logistic curve that suits the hand-set values.
	k, best := 0.0, math.Inf(1)
	for c := 50.0; c <= 20000; c *= 1.05 {
		if l := hand.loss(train, c); l < best {
			k, best = c, l
		}
	}
	fmt.Fprintf(log, "hand-set, k %.0f: loss %.5f train, %.5f test\n", k, best, hand.loss(test, k))

	// Which sets occur often enough to fit: not the empty lines (all pDead,
	// the far cells), which would act as a count of empty cells.
	seen := make([]float64, 1<<16)
	for _, f := range train {
		for j, key := range f.sets {
			seen[key] += f.n[j][0] + f.n[j][1]
		}
	}
	fitted := func(key int) bool { return key != 0 && seen[key] >= 20 }

	// Adam, each value in steps of about its own scale.
	type adam struct{ m, v float64 }
	step := func(a *adam, x *float64, g, scale float64, n int) {
		const lr, b1, b2 = 0.01, 0.9, 0.999
		g *= scale
		a.m = b1*a.m + (1-b1)*g
		a.v = b2*a.v + (1-b2)*g*g
		mh := a.m / (1 - math.Pow(b1, float64(n)))
		vh := a.v / (1 - math.Pow(b2, float64(n)))
		*x -= lr * scale * mh / (math.Sqrt(vh) + 1e-12)
	}
	as := make([]adam, 1<<16)
	var aMover adam
	var aTerms [2]adam
	gs := make([]float64, 1<<16)
	for n := 1; n <= o.Steps; n++ {
		clear(gs)
		var gMover float64
		var gTerms [2]float64
		for i := range train {
			f := &train[i]
			v, mover := p.eval(f)
			y := sigmoid(v / k)
			de := 2 * (y - f.target) * y * (1 - y) / k // d loss / d eval
			for j, key := range f.sets {
				gs[key] += de * (p.mover*f.n[j][0] - f.n[j][1])
			}
			gMover += de * mover
			gTerms[0] += de * f.terms[0]
			gTerms[1] -= de * f.terms[1]
		}
		size := float64(len(train))
		for key := range gs {
			if fitted(key) {
				step(&as[key], &p.score[key], gs[key]/size, 60, n)
			}
		}
		step(&aMover, &p.mover, gMover/size, 0.1, n)
		for j := range gTerms {
			step(&aTerms[j], &p.terms[j], gTerms[j]/size, 100, n)
		}
		if n%500 == 0 {
			fmt.Fprintf(log, "step %d: loss %.5f train, %.5f test\n", n, p.loss(train, k), p.loss(test, k))
		}
	}
	fmt.Fprintf(log, "fitted: the side to move's weight %.3f, initiative %.0f, open four %.0f\n", p.mover, p.terms[0], p.terms[1])

	// Part of the way from the hand-set values.
	q := handParams()
	toward := func(from, to float64) float64 { return from + o.Toward*(to-from) }
	for key := range q.score {
		if fitted(key) {
			q.score[key] = math.Round(toward(q.score[key], p.score[key]))
		}
	}
	q.mover = math.Round(100*toward(q.mover, p.mover)) / 100
	for j := range q.terms {
		q.terms[j] = math.Round(toward(q.terms[j], p.terms[j]))
	}
	fmt.Fprintf(log, "%.2f of the way: loss %.5f test; moverWeight %.0f, initiative %.0f, openFourNext %.0f\n",
		o.Toward, q.loss(test, k), 100*q.mover, q.terms[0], q.terms[1])

	var src strings.Builder
	fmt.Fprintf(&src, "// Code generated by the match command's fit (-toward %.2f); DO NOT EDIT.\n\n", o.Toward)
	src.WriteString("package engine\n\n")
	src.WriteString("// The evaluation's terms fitted with the cells' scores: the side to move's\n")
	src.WriteString("// total counts moverWeight hundredths of the opponent's.\n")
	src.WriteString("const (\n")
	fmt.Fprintf(&src, "moverWeight = %.0f // hundredths\n", 100*q.mover)
	fmt.Fprintf(&src, "initiative = %.0f // an open three to make, and no open four to answer\n", q.terms[0])
	fmt.Fprintf(&src, "openFourNext = %.0f // the opponent can make an open four\n", q.terms[1])
	src.WriteString(")\n\n")
	src.WriteString("// fittedScore is an empty cell's score for a side by the patterns of its\n")
	src.WriteString("// four lines for that side, weakest first: fitted to Rapfi's judgements of\n")
	fmt.Fprintf(&src, "// %d positions, part of the way from the hand-set handScore.\n", len(train))
	src.WriteString("var fittedScore = map[[4]pattern]int32{\n")
	sets := 0
	for key := range q.score {
		ps, ok := keyPatterns(key)
		if !ok || !fitted(key) || sortPatterns(ps) != ps {
			continue
		}
		names := make([]string, 4)
		for d, x := range ps {
			names[d] = patternNames[x]
		}
		fmt.Fprintf(&src, "{%s}: %.0f,\n", strings.Join(names, ", "), q.score[key])
		sets++
	}
	src.WriteString("}\n")
	fmt.Fprintf(log, "%d sets of four patterns fitted\n", sets)
	return format.Source([]byte(src.String()))
}

var patternNames = [patternCount]string{"pDead", "pOverline", "pB1", "pF1", "pB2", "pF2", "pF2A", "pF2B", "pB3", "pF3", "pB4", "pF4", "pF5"}

func movesText(ms []Point) string {
	w := make([]string, len(ms))
	for i, p := range ms {
		w[i] = p.String()
	}
	return strings.Join(w, " ")
}

// fitSample is one position: how many empty cells of the side to move (0)
// and of the opponent (1) have each set of four patterns, whether the
// initiative and open-four terms apply, and the target.
type fitSample struct {
	sets   []uint16 // the sets of four patterns, as sortedKey, in order
	n      [][2]float64
	terms  [2]float64
	target float64
}

// sortedKey packs four sorted patterns as a comboTable key.
func sortedKey(ps [4]pattern) uint16 {
	ps = sortPatterns(ps)
	return uint16(ps[0]) | uint16(ps[1])<<4 | uint16(ps[2])<<8 | uint16(ps[3])<<12
}

// fitSampleOf is the sample of judged position j, or false when the fit
// leaves it out (a five on the board or to make, or a win the judge sees).
// The sets are in order, so that the sums over them, and so the fit, come
// out the same on every run.
func fitSampleOf(j Judged, resultWeight float64) (fitSample, bool, error) {
	b, err := NewBoard(15, Freestyle)
	if err != nil {
		return fitSample{}, false, err
	}
	for _, p := range j.Moves {
		if err := b.Play(p); err != nil {
			return fitSample{}, false, err
		}
	}
	m := b.ToMove().side()
	o := 1 - m
	if b.winner != None || j.Eval <= -20000 || j.Eval >= 20000 || b.count[m][cmFive] > 0 || b.count[o][cmFive] > 0 {
		return fitSample{}, false, nil
	}
	result := 0.5
	switch {
	case j.Winner == b.ToMove():
		result = 1
	case j.Winner != None:
		result = 0
	}
	count := map[uint16]*[2]float64{}
	for i, c := range b.cells {
		if c != cEmpty {
			continue
		}
		for k, s := range [2]int{m, o} {
			var ps [4]pattern
			for d := range 4 {
				ps[d] = b.linePattern(d, i, s)
			}
			key := sortedKey(ps)
			if count[key] == nil {
				count[key] = new([2]float64)
			}
			count[key][k]++
		}
	}
	f := fitSample{target: (1-resultWeight)*sigmoid(float64(j.Eval)/200) + resultWeight*result}
	for key := range count {
		f.sets = append(f.sets, key)
	}
	slices.Sort(f.sets)
	for _, key := range f.sets {
		f.n = append(f.n, *count[key])
	}
	if b.hasInitiative(m) {
		f.terms[0] = 1
	}
	if b.count[o][cmFlex4] > 0 {
		f.terms[1] = 1
	}
	return f, true, nil
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// fitParams are the values fitted.
type fitParams struct {
	score []float64 // by sortedKey
	mover float64
	terms [2]float64 // the initiative's bonus, the open four's penalty
}

func (p *fitParams) eval(f *fitSample) (v, mover float64) {
	var opp float64
	for j, key := range f.sets {
		mover += p.score[key] * f.n[j][0]
		opp += p.score[key] * f.n[j][1]
	}
	return p.mover*mover - opp + p.terms[0]*f.terms[0] - p.terms[1]*f.terms[1], mover
}

// loss is the mean squared error of sigmoid(eval/k) against the targets.
func (p *fitParams) loss(fs []fitSample, k float64) float64 {
	var sum float64
	for i := range fs {
		v, _ := p.eval(&fs[i])
		d := sigmoid(v/k) - fs[i].target
		sum += d * d
	}
	return sum / float64(len(fs))
}

func handParams() fitParams {
	p := fitParams{score: make([]float64, 1<<16), mover: handMoverWeight, terms: [2]float64{handInitiative, handOpenFour}}
	for k := range p.score {
		if ps, ok := keyPatterns(k); ok {
			p.score[k] = float64(handScore(ps))
		}
	}
	return p
}

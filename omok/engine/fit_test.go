//go:build match

package engine

import (
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The flags of TestFit.
var (
	fitFiles  = flag.String("fit", "", "TestFit: files of judged positions, comma-separated")
	fitResult = flag.Float64("fit-result", 0.25, "TestFit: the weight of the game's result in the target (the rest is Rapfi's evaluation)")
	fitSteps  = flag.Int("fit-steps", 3000, "TestFit: steps of gradient descent")
	fitToward = flag.Float64("fit-toward", 0.4, "TestFit: how far to move the values from the hand-set ones toward the fit (1: all the way)")
	fitOut    = flag.String("fit-out", "", "TestFit: where to write the Go source of the fitted scores (default: only the log)")
)

// The hand-set terms the fit starts from.
const (
	handMoverWeight = 1.2
	handInitiative  = 250
	handOpenFour    = 400
)

// fitSample is one position: how many empty cells of the side to move (0)
// and of the opponent (1) have each set of four patterns, whether the
// initiative and open-four terms apply, and the target.
type fitSample struct {
	sets   []uint16 // the sets of four patterns, as sortedKey
	n      [][2]float64
	terms  [2]float64
	target float64
}

// sortedKey packs four sorted patterns as a comboTable key.
func sortedKey(ps [4]pattern) uint16 {
	ps = sortPatterns(ps)
	return uint16(ps[0]) | uint16(ps[1])<<4 | uint16(ps[2])<<8 | uint16(ps[3])<<12
}

func fitSampleOf(b *Board, target float64) fitSample {
	m := b.ToMove().side()
	o := 1 - m
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
	f := fitSample{target: target}
	for key, n := range count {
		f.sets = append(f.sets, key)
		f.n = append(f.n, *n)
	}
	if b.hasInitiative(m) {
		f.terms[0] = 1
	}
	if b.count[o][cmFlex4] > 0 {
		f.terms[1] = 1
	}
	return f
}

// readPositions reads the files of judged positions (stones;eval;winner)
// and returns the ones the fit uses.
func readPositions(t *testing.T, files string) []fitSample {
	var out []fitSample
	skipped := 0
	for _, name := range strings.Split(files, ",") {
		for _, dl := range dataLines(t, name) {
			parts := strings.Split(dl.text, ";")
			if len(parts) != 3 {
				t.Fatalf("%s:%d: %q is not stones;eval;winner", name, dl.n, dl.text)
			}
			e, err := strconv.Atoi(parts[1])
			if err != nil {
				t.Fatalf("%s:%d: %v", name, dl.n, err)
			}
			game := tactic{line: dl.n}
			for _, w := range strings.Fields(parts[0]) {
				game.moves = append(game.moves, parsePoint(t, w))
			}
			b := game.board(t)
			m := b.ToMove().side()
			if b.winner != None || e <= -20000 || e >= 20000 || b.count[m][cmFive] > 0 || b.count[1-m][cmFive] > 0 {
				skipped++
				continue
			}
			result := 0.5
			switch {
			case parts[2] == "B" && m == 0, parts[2] == "W" && m == 1:
				result = 1
			case parts[2] == "B", parts[2] == "W":
				result = 0
			}
			out = append(out, fitSampleOf(b, (1-*fitResult)*sigmoid(float64(e)/200)+*fitResult*result))
		}
	}
	t.Logf("%d positions, %d left out", len(out), skipped)
	return out
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

// TestFit fits the cells' scores (one per set of four patterns), the side
// to move's weight and the initiative and open-four terms to positions
// that Rapfi judged (the files TestRapfiGames in ./match writes), in the
// manner of Texel tuning: the evaluation through a logistic curve should
// say what Rapfi's evaluation says through its own (Rapfi's win rate is
// 1/(1+e^(-eval/200))), blended with the game's result. Positions where
// either side can make a five, or that Rapfi sees as won, are left out: the
// search settles those. The fit starts from the hand-set values (handScore,
// and the weight and terms below) and the values kept are -fit-toward of
// the way from them to the fit: the evaluation feeds a search, and the
// whole step played worse than part of it. It logs the error on the
// positions it did not fit to (every tenth), and writes evaltable.go to
// -fit-out.
//
//	go test -tags match -run TestFit -v ./omok/engine -args -fit data1.txt,data2.txt -fit-out evaltable.go
func TestFit(t *testing.T) {
	if *fitFiles == "" {
		t.Skip("no -fit files")
	}
	var train, test []fitSample
	for i, f := range readPositions(t, *fitFiles) {
		if i%10 == 9 {
			test = append(test, f)
		} else {
			train = append(train, f)
		}
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
	t.Logf("hand-set, k %.0f: loss %.5f train, %.5f test", k, best, hand.loss(test, k))

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
	for n := 1; n <= *fitSteps; n++ {
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
			t.Logf("step %d: loss %.5f train, %.5f test", n, p.loss(train, k), p.loss(test, k))
		}
	}
	t.Logf("fitted: the side to move's weight %.3f, initiative %.0f, open four %.0f", p.mover, p.terms[0], p.terms[1])

	// Part of the way from the hand-set values.
	q := handParams()
	toward := func(from, to float64) float64 { return from + *fitToward*(to-from) }
	for key := range q.score {
		if fitted(key) {
			q.score[key] = math.Round(toward(q.score[key], p.score[key]))
		}
	}
	q.mover = math.Round(100*toward(q.mover, p.mover)) / 100
	for j := range q.terms {
		q.terms[j] = math.Round(toward(q.terms[j], p.terms[j]))
	}
	t.Logf("%.2f of the way: loss %.5f test; moverWeight %.0f, initiative %.0f, openFourNext %.0f",
		*fitToward, q.loss(test, k), 100*q.mover, q.terms[0], q.terms[1])

	var src strings.Builder
	fmt.Fprintf(&src, "// Code generated by TestFit (fit_test.go, -fit-toward %.2f); DO NOT EDIT.\n\n", *fitToward)
	src.WriteString("package engine\n\n")
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
	out, err := format.Source([]byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	if *fitOut != "" {
		if err := os.WriteFile(*fitOut, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d sets of four patterns fitted", sets)
}

var patternNames = [patternCount]string{"pDead", "pOverline", "pB1", "pF1", "pB2", "pF2", "pF2A", "pF2B", "pB3", "pF3", "pB4", "pF4", "pF5"}

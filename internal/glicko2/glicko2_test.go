package glicko2

import (
	"math"
	"testing"
)

// The paper's worked example: a player rated 1500, RD 200, σ 0.06, with
// τ 0.5, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD
// 300); the paper finds 1464.06, RD 151.52, σ 0.05999. The paper rounds
// each step to four places (μ' = −0.2069, φ' = 0.8722); carried through
// unrounded, the same steps give 1464.0507, 151.5165, 0.0599960, so the
// rating is held to 0.01 and the rest to the paper's last digit.
func TestPaperExample(t *testing.T) {
	got := Update(Rating{R: 1500, RD: 200, Vol: 0.06}, []Result{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	}, 0.5)
	for _, c := range []struct {
		name      string
		got, want float64
		within    float64
	}{
		{"rating", got.R, 1464.06, 0.01},
		{"RD", got.RD, 151.52, 0.005},
		{"volatility", got.Vol, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.within {
			t.Errorf("%s: %.6f, want %v (±%v)", c.name, c.got, c.want, c.within)
		}
	}
}

// The step-5 branch for a surprising result (Δ² > φ² + v) and the other
// one both converge, and the obvious holds: a win raises, a loss lowers,
// a draw between equals keeps the rating, every game narrows the
// deviation, and a period without games widens it.
func TestUpdateDirections(t *testing.T) {
	even := Rating{R: 1500, RD: 100, Vol: 0.06}
	for _, c := range []struct {
		name  string
		r     Rating
		score float64
		opp   Rating
		up    int // +1 the rating must rise, -1 fall, 0 stay
	}{
		{"win", Initial, 1, Initial, +1},
		{"loss", Initial, 0, Initial, -1},
		{"draw between equals", Initial, 0.5, Initial, 0},
		{"upset: a 1200 beats a 2200", Rating{R: 1200, RD: 50, Vol: 0.06}, 1, Rating{R: 2200, RD: 50, Vol: 0.06}, +1},
		{"expected: a 2200 beats a 1200", Rating{R: 2200, RD: 50, Vol: 0.06}, 1, Rating{R: 1200, RD: 50, Vol: 0.06}, +1},
		{"settled loss", even, 0, even, -1},
	} {
		got := Update(c.r, []Result{{Opponent: c.opp, Score: c.score}}, Tau)
		d := got.R - c.r.R
		switch {
		case c.up > 0 && d <= 0, c.up < 0 && d >= 0, c.up == 0 && math.Abs(d) > 1e-9:
			t.Errorf("%s: rating %.2f -> %.2f", c.name, c.r.R, got.R)
		}
		if got.RD >= math.Sqrt(c.r.RD*c.r.RD+c.r.Vol*c.r.Vol*scale*scale) {
			t.Errorf("%s: RD %.2f -> %.2f did not narrow", c.name, c.r.RD, got.RD)
		}
		if math.IsNaN(got.Vol) || got.Vol <= 0 || got.Vol > 0.2 {
			t.Errorf("%s: volatility %v", c.name, got.Vol)
		}
	}
	idle := Update(even, nil, Tau)
	if idle.R != even.R || idle.RD <= even.RD {
		t.Errorf("a period without games: %+v -> %+v", even, idle)
	}
}

func TestString(t *testing.T) {
	for _, c := range []struct {
		r    Rating
		want string
	}{
		{Initial, "1500?"},
		{Rating{R: 1734.4, RD: 109.9}, "1734"},
		{Rating{R: 1464.06, RD: 151.52}, "1464?"},
		{Rating{R: 1499.5, RD: 110}, "1500?"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// Step 5 stops at maxIterations and keeps the player's volatility. Two
// inputs no game produces reach the bound, one in each loop: a τ so small
// that a − kτ rounds back to a for every k (the bracket's search would
// never end), and a draw against an opponent 31,100 points above with a
// τ of 1e80, where the Illinois iteration needs thousands of steps. The
// rating still comes out finite and moved the right way.
func TestVolatilityBound(t *testing.T) {
	for _, c := range []struct {
		name string
		opp  Rating
		tau  float64
		up   int // +1 the rating must rise, 0 stay
	}{
		{"bracket: tiny τ", Initial, 1e-100, 0},
		{"Illinois: huge τ and gap", Rating{R: 32600, RD: 30, Vol: 0.06}, 1e80, +1},
	} {
		r := Initial
		res := []Result{{Opponent: c.opp, Score: 0.5}}
		v, sum := variance((r.R-1500)/scale, res)
		if _, ok := newVolatility(r.RD/scale, v, v*sum, r.Vol, c.tau); ok {
			t.Fatalf("%s: step 5 settled; the case no longer reaches the bound", c.name)
		}
		got := Update(r, res, c.tau)
		for _, x := range []float64{got.R, got.RD, got.Vol} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("%s: %+v is not finite", c.name, got)
			}
		}
		if got.Vol != r.Vol {
			t.Errorf("%s: volatility %v, want %v kept", c.name, got.Vol, r.Vol)
		}
		// Against so unlikely a result v is vast and the deviation stays
		// at φ*, to the last digit or two.
		if got.RD <= 0 || got.RD > math.Sqrt(r.RD*r.RD+r.Vol*r.Vol*scale*scale)*(1+1e-12) {
			t.Errorf("%s: RD %.2f -> %.2f", c.name, r.RD, got.RD)
		}
		d := got.R - r.R
		if c.up > 0 && (d <= 0 || d > 2*r.RD) || c.up == 0 && math.Abs(d) > 1e-9 {
			t.Errorf("%s: rating %.2f -> %.2f", c.name, r.R, got.R)
		}
	}
}

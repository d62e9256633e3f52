// Package glicko2 is Mark Glickman's Glicko-2 rating system, as his paper
// "Example of the Glicko-2 system" (Boston University, 2013) gives it step
// by step; the package's test is the paper's worked example. It is pure:
// ratings in, ratings out, no clock and no store.
//
// termgames serve rates each online game as a rating period of its own, as
// lichess does: after every rated game both players' ratings move at once.
package glicko2

import (
	"fmt"
	"math"
)

// Rating is a player's rating on the Glicko scale (1500 the middle).
type Rating struct {
	R   float64 // the rating
	RD  float64 // its deviation: how unsure it still is
	Vol float64 // the volatility σ: how erratic the player's results are
}

// Initial is a new player's rating: 1500, RD 350, σ 0.06.
var Initial = Rating{R: 1500, RD: 350, Vol: 0.06}

// Tau constrains how fast the volatility moves; the paper suggests 0.3 to
// 1.2 and works its example with 0.5.
const Tau = 0.5

// ProvisionalRD is the deviation from which a rating is shown as not yet
// settled (lichess's "?").
const ProvisionalRD = 110

// Provisional reports whether r is still too unsure to be taken at its
// word.
func (r Rating) Provisional() bool { return r.RD >= ProvisionalRD }

// String is the rating as the screens show it: rounded, with "?" while it
// is provisional ("1500?", "1734").
func (r Rating) String() string {
	s := fmt.Sprintf("%d", int(math.Round(r.R)))
	if r.Provisional() {
		s += "?"
	}
	return s
}

// Result is one game of a rating period: the opponent's rating before it,
// and the score (1 a win, 0.5 a draw, 0 a loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// scale is the factor between the Glicko scale and Glicko-2's (step 2).
const scale = 173.7178

// epsilon is the convergence tolerance of the volatility's iteration
// (step 5).
const epsilon = 0.000001

// maxIterations bounds each of step 5's two loops, the search for a
// bracket and the Illinois iteration, at lila's ITERATION_MAX. Ratings
// between 0 and 4000 with τ 0.5 settle in under twenty steps; inputs far
// outside them (a τ so small that a − kτ never leaves a, opponents thirty
// thousand points apart with a huge τ) would otherwise loop for good or for
// thousands of steps.
const maxIterations = 1000

// Update returns r after a rating period with results, by the paper's
// steps 2 to 8 with tau. A period without games only widens the deviation
// (step 6's φ*).
//
// When step 5 does not settle within its bound of iterations (lila's, see
// maxIterations), Update keeps r's volatility and goes on with steps 6 to 8
// from it: the rating still moves by the results, and the volatility waits
// for a period that converges. lila throws instead and rates nothing; here
// a rated game always moves its ratings, by finite amounts.
func Update(r Rating, results []Result, tau float64) Rating {
	// Step 2: to the Glicko-2 scale.
	mu := (r.R - 1500) / scale
	phi := r.RD / scale
	if len(results) == 0 {
		return Rating{R: r.R, RD: math.Sqrt(phi*phi+r.Vol*r.Vol) * scale, Vol: r.Vol}
	}
	// Steps 3 and 4: the estimated variance v and improvement Δ.
	v, sum := variance(mu, results)
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm; r's own
	// where it does not converge.
	sigma, _ := newVolatility(phi, v, delta, r.Vol, tau)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return Rating{R: scale*muNew + 1500, RD: scale * phiNew, Vol: sigma}
}

// variance is steps 3 and 4 for a player at mu (Glicko-2 scale): the
// estimated variance v of the rating from the results alone, and the sum
// of g·(s − E) from which step 4's Δ and step 7's μ' are both made.
func variance(mu float64, results []Result) (v, sum float64) {
	var vInv float64
	for _, res := range results {
		muj := (res.Opponent.R - 1500) / scale
		phij := res.Opponent.RD / scale
		g := 1 / math.Sqrt(1+3*phij*phij/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muj)))
		vInv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	return 1 / vInv, sum
}

// newVolatility is step 5: σ' solving f(x) = 0 by the Illinois algorithm.
// It reports false, with sigma unchanged, when either loop reaches
// maxIterations before it settles.
func newVolatility(phi, v, delta, sigma, tau float64) (float64, bool) {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-d)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1
		for f(a-float64(k)*tau) < 0 {
			if k == maxIterations {
				return sigma, false
			}
			k++
		}
		B = a - float64(k)*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon; i++ {
		if i == maxIterations {
			return sigma, false
		}
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2), true
}

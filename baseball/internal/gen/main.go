// Command gen writes the best guesser's strategies. Run it from the
// baseball folder:
//
//	go generate ./baseball
//
// With no flags it writes besttree.go, the original's decision tree, from
// the exhaustive search of package optimal (a fraction of a second). With
// -digits 4, or -zero, it writes the table of that game from the search
// of package internal/search into trees/ (minutes: docs/baseball.md). It
// prints the total, the worst case, the spread and the run time on stderr.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"termgames/baseball/internal/optimal"
	"termgames/baseball/internal/search"
)

func main() {
	out := flag.String("o", "besttree.go", "file to write")
	digits := flag.Int("digits", 3, "places: 3 or 4")
	zero := flag.Bool("zero", false, "0 is a digit too")
	flag.Parse()
	start := time.Now()
	var src []byte
	var err error
	if *digits == 3 && !*zero {
		src, err = optimal.Source()
	} else {
		g := search.Game{Places: *digits, Zero: *zero}
		var total, worst int
		var spread []int
		src, total, worst, spread, err = search.Table(g)
		if err == nil {
			fmt.Fprintf(os.Stderr, "gen: %v: %d guesses over %d secrets (mean %.4f), at most %d; by guesses %v\n",
				g, total, len(g.Numbers()), float64(total)/float64(len(g.Numbers())), worst, spread[1:])
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gen: wrote %s (%d bytes) in %v\n", *out, len(src), time.Since(start).Round(time.Millisecond))
}

// Command gen writes besttree.go, the best guesser's decision tree, from the
// exhaustive search of package optimal. Run it from the baseball folder:
//
//	go generate ./baseball
//
// It prints the search's total, worst case and run time on stderr.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"termgames/baseball/internal/optimal"
)

func main() {
	out := flag.String("o", "besttree.go", "file to write")
	flag.Parse()
	start := time.Now()
	src, err := optimal.Source()
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

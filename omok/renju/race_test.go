//go:build race

package renju

// raceEnabled shortens the brute-force comparisons under the race detector,
// which slows the brute force tenfold; the full runs happen without it.
const raceEnabled = true

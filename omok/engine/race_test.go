//go:build race

package engine

// raceDetector is on: the slowest proofs of the test data (the brute force's
// wins in three) are left to runs without it.
const raceDetector = true

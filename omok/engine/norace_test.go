//go:build !race

package engine

// raceDetector is off: every proof of the test data is checked.
const raceDetector = false

//go:build race

package solver

// raceEnabled: under the race detector, which runs this code about fifteen
// times slower, the long property tests play fewer games.
const raceEnabled = true

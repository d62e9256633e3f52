//go:build !race

package renju

const raceEnabled = false

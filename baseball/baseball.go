// Package baseball is number baseball (숫자 야구), after the blog post of
// seed 001: one player thinks of three different digits from 1 to 9, the
// other guesses, and each guess is answered with strikes (right digit, right
// place) and balls (right digit, wrong place).
//
// The rules and the computer guessers (number.go, guess.go, besttree.go) do
// no I/O; the screens (menu.go, play.go, text.go) turn keys into calls of
// them. Three modes: the original, where the computer guesses the player's
// number from one-key answers; the player guessing the computer's number;
// and a versus game of both at once.
package baseball

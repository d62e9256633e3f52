// Package match holds the match command, a test behind the "match" build
// tag (match_test.go), which plays termgames' Gomocup brain against an opponent and
// prints wins, losses, draws and the time per move of each side. It is not
// part of CI: run it by hand, for example
//
//	go test -tags match -run TestMatch -timeout 0 -v ./omok/engine/match -args -opponent bsd -games 20 -level hard
//	go test -tags match -run TestMatch -timeout 0 -v ./omok/engine/match -args -opponent level:normal -games 20 -level hard -size 15 -opening 3
//	go test -tags match -run TestMatch -timeout 0 -v ./omok/engine/match -args -opponent 'brain:/path/to/pbrain-rapfi' -games 20
//
//	go test -tags match -run TestMatch -timeout 0 -v ./omok/engine/match -args -opponent beginner -level easy -size 15 -openings testdata/openings.txt -games 0
//
// Opponents: bsd is Debian's bsdgames gomoku (19x19 freestyle, its only
// board), driven through tmux because it shows its moves only on its
// screen; beginner is the scripted Beginner (beginner.go); level:L is
// termgames' own brain at level L; brain:CMD is any Gomocup brain program
// (run in its own folder, where Rapfi finds its config). Colours alternate
// game by game. -openings plays each opening of a file twice, colours
// swapped (testdata/openings.txt: balanced by Rapfi's evaluation, made by
// TestMakeOpenings in rapfi_test.go); -opponent-turn gives the opponent
// another timeout_turn (time odds); -nodes makes termgames' brains
// deterministic, for tuning.
//
// rapfi_test.go also compares omok forbid with Rapfi's forbidden points
// (TestForbidAgainstRapfi).
package match

// Command match holds the tools that measure and tune termgames' omok
// engine, one subcommand each, run by hand from the module's root (CI
// never runs them):
//
//	go run ./omok/engine/match play -opponent bsd -games 20 -level hard
//	go run ./omok/engine/match play -opponent level:normal -games 20 -level hard -size 15 -opening 3
//	go run ./omok/engine/match play -opponent 'brain:/path/to/pbrain-rapfi' -games 20
//	go run ./omok/engine/match play -opponent beginner -level easy -size 15 -openings omok/engine/match/testdata/openings.txt -games 0
//	go run ./omok/engine/match forbid-rapfi -rapfi /path/to/pbrain-rapfi
//	go run ./omok/engine/match make-openings -rapfi /path/to/pbrain-rapfi -make 20 -out omok/engine/match/testdata/openings.txt
//	go run ./omok/engine/match review -rapfi /path/to/pbrain-rapfi -review "8,9 7,6 8,7 8,6 9,5 9,6 6,7 6,6 5,6 10,6" -from 5 -side black
//	go run ./omok/engine/match rapfi-games -rapfi /path/to/pbrain-rapfi -seed 1 -make 1040 -review-nodes 20000 -out omok/engine/testdata/rapfi-games-1.txt.gz
//	go run ./omok/engine/match fit -out omok/engine/evaltable.go omok/engine/testdata/rapfi-games-1.txt.gz omok/engine/testdata/rapfi-games-2.txt.gz
//
// play plays termgames' Gomocup brain against an opponent and prints wins,
// losses, draws and the time per move of each side. Opponents: bsd is
// Debian's bsdgames gomoku (19x19 freestyle, its only board), driven
// through tmux because it shows its moves only on its screen; beginner is
// the scripted Beginner (beginner.go); level:L is termgames' own brain at
// level L; brain:CMD is any Gomocup brain program (run in its own folder,
// where Rapfi finds its config). Colours alternate game by game. -openings
// plays each opening of a file twice, colours swapped (testdata/openings.txt
// here: balanced by Rapfi's evaluation, made by make-openings);
// -opponent-turn gives the opponent another timeout_turn (time odds);
// -nodes makes termgames' brains deterministic, for tuning. Progress goes
// to stderr, results to stdout; a bad command line exits 2.
//
// The tools that take -rapfi use Rapfi (github.com/dhbloo/rapfi, a
// pbrain-rapfi built with its classical config from dhbloo/rapfi-networks):
// forbid-rapfi compares omok forbid with Rapfi's forbidden points,
// make-openings finds balanced openings, review judges a game the match
// printed, and rapfi-games writes the judged positions that fit fits the
// evaluation's values to. go generate runs fit to write evaltable.go
// (see the go:generate line in omok/engine/eval.go).
package main

package omok

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// indexSafeCheck is the original's IndexSafeCheck, with the board size as a
// parameter instead of the literal 15.
func indexSafeCheck(x, y, n int) bool {
	if x < 0 || x >= n {
		return false
	}
	if y < 0 || y >= n {
		return false
	}
	return true
}

// winCheckOriginal is the original's WinCheck, ported line for line: after
// every move it scans the whole board, and from every cell counts the
// player's stones in the five cells →, ↓, ↘ and ↙; five of five is a win
// (so six in a row wins too). turn is 0 for 1P and 1 for 2P, as there. It is
// the baseline of the benchmark, and a second opinion in TestRandomGames.
func winCheckOriginal(board []Stone, n int, turn int) bool {
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			cnt := [4]int{}
			for k := 0; k < 5; k++ {
				if indexSafeCheck(i, j+k, n) { // →
					if int(board[i*n+j+k]) == turn+1 {
						cnt[0]++
					}
				}
				if indexSafeCheck(i+k, j, n) { // ↓
					if int(board[(i+k)*n+j]) == turn+1 {
						cnt[1]++
					}
				}
				if indexSafeCheck(i+k, j+k, n) { // ↘
					if int(board[(i+k)*n+j+k]) == turn+1 {
						cnt[2]++
					}
				}
				if indexSafeCheck(i+k, j-k, n) { // ↙
					if int(board[(i+k)*n+j-k]) == turn+1 {
						cnt[3]++
					}
				}
			}
			for i := 0; i < 4; i++ {
				if cnt[i] == 5 {
					return true
				}
			}
		}
	}
	return false
}

// benchPosition plays a reproducible random game with no win on a board of
// the given size, filled to the same density on either size (60 stones on
// 15x15, the middle of a long game), and returns the board and its moves.
func benchPosition(size int) (*Board, []Point) {
	rng := rand.New(rand.NewPCG(uint64(size), 2615))
	want := size * size * 60 / (15 * 15)
	for {
		b := NewBoard(size, Freestyle)
		var moves []Point
		for _, i := range rng.Perm(size * size)[:want] {
			p := Point{i / size, i % size}
			if out, _ := b.Place(p); out.Over() {
				break
			}
			moves = append(moves, p)
		}
		if len(moves) == want {
			return b, moves
		}
	}
}

// BenchmarkWinCheck measures the check after one move both ways on the same
// positions, 15x15 and 19x19: the original's full-board scan, and Winner's
// look along the four lines through the move. The four-lines runs report
// "x-faster", the original's time per check divided by theirs in this run.
//
//	go test -run '^$' -bench WinCheck ./omok/
func BenchmarkWinCheck(b *testing.B) {
	for _, size := range []int{15, 19} {
		board, moves := benchPosition(size)
		var originalNs float64
		b.Run(fmt.Sprintf("%dx%d/original-full-scan", size, size), func(b *testing.B) {
			i := 0
			for b.Loop() {
				p := moves[i%len(moves)]
				winCheckOriginal(board.cells, size, int(board.At(p))-1)
				i++
			}
			originalNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		})
		b.Run(fmt.Sprintf("%dx%d/four-lines", size, size), func(b *testing.B) {
			i := 0
			for b.Loop() {
				board.Winner(moves[i%len(moves)])
				i++
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if originalNs > 0 && ns > 0 {
				b.ReportMetric(originalNs/ns, "x-faster")
			}
		})
	}
}

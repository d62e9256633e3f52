package console

import (
	"testing"
)

// omokFrame is a 15x15 omok board with the cursor (reverse video) at
// cell (r, c) and the two lines under it: a frame as the omok game draws it.
func omokFrame(r, c int) Frame {
	f := board(15, narrow)
	f.Rows[r] = append(f.Rows[r], Span{Col: 2 * c, Text: Pad(narrow, "○", 2), Style: Style{Reverse: true}})
	f.Line(16, "키보드(상,하,좌,우)키로 이동하고, Enter를 눌러 돌을 배치하여 주세요.")
	return f
}

// BenchmarkCursorMove draws the frames of the cursor walking along a row
// of the omok board, two ways in one run: the whole frame every time (what
// the original's system("cls") and reprint amount to) and only the rows
// that changed (what Run does). Each reports the bytes written per move;
// the diffed run also reports "x-fewer-bytes", full bytes over its bytes.
//
//	go test -run '^$' -bench CursorMove ./console/
func BenchmarkCursorMove(b *testing.B) {
	frames := make([]Frame, 15)
	for c := range frames {
		frames[c] = omokFrame(7, c)
	}
	size := Size{100, 40}
	var fullBytes float64
	run := func(b *testing.B, redrawAll bool) float64 {
		var r renderer
		r.invalidate()
		r.render(frames[0], size)
		written, i := 0, 0
		for b.Loop() {
			if redrawAll {
				r.invalidate()
			}
			written += len(r.render(frames[i%len(frames)], size))
			i++
		}
		perMove := float64(written) / float64(b.N)
		b.ReportMetric(perMove, "bytes/move")
		return perMove
	}
	b.Run("full-redraw", func(b *testing.B) { fullBytes = run(b, true) })
	b.Run("changed-rows", func(b *testing.B) {
		if n := run(b, false); fullBytes > 0 && n > 0 {
			b.ReportMetric(fullBytes/n, "x-fewer-bytes")
		}
	})
}

package solver

import (
	"errors"
	"testing"
)

// FuzzAnalyze: any position, however impossible, gets an analysis or an
// error, never a panic; and a move from the player when it fits.
func FuzzAnalyze(f *testing.F) {
	f.Add([]byte{3, 3, 2, 0, 1, 255, 255, 255, 255, 255, 255, 255})
	f.Add([]byte{1, 4, 2, 1, 255, 255, 255})
	f.Add([]byte{2, 2, 1, 3, 255, 255, 255})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		rows, cols := int(data[0]%6)+1, int(data[1]%6)+1
		p := NewPosition(rows, cols, int(data[2]%40))
		for i := range p.Cells {
			if 3+i < len(data) {
				p.Cells[i] = int8(data[3+i]%11) - 2 // -2 to 8
			}
		}
		a, err := Analyze(p)
		if err != nil {
			if !errors.Is(err, ErrInconsistent) {
				t.Fatalf("%v", err)
			}
			return
		}
		for _, pr := range a.Prob {
			if !(pr >= 0 && pr <= 1) {
				t.Fatalf("probability %v\n%s", pr, p)
			}
		}
		var pl Player
		if _, err := pl.Next(p); err != nil {
			t.Fatalf("Analyze fits, Next says %v\n%s", err, p)
		}
	})
}

package match

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"termgames/omok/engine"
)

// readOpenings reads a file of openings: one a line, its stones as x,y
// (Gomocup coordinates, 0-based) separated by spaces, black first and the
// colours alternating; # starts a comment.
func readOpenings(path string) ([][]engine.Point, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var book [][]engine.Point
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		var o []engine.Point
		for _, w := range fields {
			xs, ys, ok := strings.Cut(w, ",")
			x, err1 := strconv.Atoi(xs)
			y, err2 := strconv.Atoi(ys)
			if !ok || err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%s:%d: %q is not x,y", path, line, w)
			}
			o = append(o, engine.Point{X: x, Y: y})
		}
		book = append(book, o)
	}
	return book, sc.Err()
}

// formatOpening writes an opening as readOpenings reads it.
func formatOpening(o []engine.Point) string {
	w := make([]string, len(o))
	for i, p := range o {
		w[i] = p.String()
	}
	return strings.Join(w, " ")
}

// everyOther returns the stones of one colour of an opening: from 0 for
// black, 1 for white.
func everyOther(o []engine.Point, from int) []engine.Point {
	var s []engine.Point
	for k := from; k < len(o); k += 2 {
		s = append(s, o[k])
	}
	return s
}

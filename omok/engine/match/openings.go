package main

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
		o, err := parseStones(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if len(o) > 0 {
			book = append(book, o)
		}
	}
	return book, sc.Err()
}

// parseStones reads stones written x,y and separated by spaces, as an
// opening's line or a game the match printed.
func parseStones(text string) ([]engine.Point, error) {
	var o []engine.Point
	for _, w := range strings.Fields(text) {
		xs, ys, ok := strings.Cut(w, ",")
		x, err1 := strconv.Atoi(xs)
		y, err2 := strconv.Atoi(ys)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q is not x,y", w)
		}
		o = append(o, engine.Point{X: x, Y: y})
	}
	return o, nil
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

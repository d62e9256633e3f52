package main

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"termgames/internal/cmdline"
	"termgames/omok/engine"
)

// fitCommand fits the evaluation's values to the judged positions of the
// files named (rapfi-games writes them) and writes evaltable.go's source
// (engine.FitTable) to -out. go generate runs it from omok/engine.
func fitCommand(args []string, stdout, stderr io.Writer) (func() error, error) {
	fs := newFlags("fit", "fit [flags] FILE...\n\nFits the cells' scores, the side to move's weight and the initiative and\nopen-four terms to the judged positions of the files (stones;eval;winner,\nas rapfi-games writes them, gzipped when named .gz) and writes the Go\nsource of evaltable.go to -out (default: stdout). Progress goes to stderr.", stdout)
	result := fs.Float64("result", 0.25, "the weight of the game's result in the target (the rest is Rapfi's evaluation)")
	steps := fs.Int("steps", 3000, "steps of gradient descent")
	toward := fs.Float64("toward", 0.4, "how far to move the values from the hand-set ones toward the fit (1: all the way)")
	outFile := fs.String("out", "", "the file to write (default: stdout)")
	if err := cmdline.Parse(fs, args, math.MaxInt); err != nil {
		return nil, err
	}
	switch {
	case fs.NArg() == 0:
		return nil, cmdline.Usagef(fs, "want the files of judged positions")
	case *result < 0 || *result > 1 || *toward < 0 || *toward > 1:
		return nil, cmdline.Usagef(fs, "-result and -toward: want 0 to 1")
	case *steps < 0:
		return nil, cmdline.Usagef(fs, "-steps %d: want 0 or more", *steps)
	}
	return func() error {
		var ps []engine.Judged
		for _, name := range fs.Args() {
			js, err := readJudgedFile(name)
			if err != nil {
				return err
			}
			ps = append(ps, js...)
		}
		src, err := engine.FitTable(ps, engine.FitOptions{Result: *result, Steps: *steps, Toward: *toward, Log: stderr})
		if err != nil {
			return err
		}
		if *outFile == "" {
			_, err = stdout.Write(src)
			return err
		}
		return os.WriteFile(*outFile, src, 0o644)
	}, nil
}

// readJudgedFile reads a file of judged positions, gunzipping it when its
// name ends in .gz.
func readJudgedFile(name string) ([]engine.Judged, error) {
	f, err := os.Open(name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			err = fmt.Errorf("%w (rapfi-games writes it: see docs/omok-engine.md)", err)
		}
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		defer z.Close()
		r = z
	}
	return readJudged(r, name)
}

// readJudged reads judged positions, one a line as rapfi-games writes
// them (stones;eval;winner); blank lines and lines starting with # are
// skipped. name is for the messages.
func readJudged(r io.Reader, name string) ([]engine.Judged, error) {
	var ps []engine.Judged
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		j, err := parseJudged(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		ps = append(ps, j)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ps, nil
}

// parseJudged reads one line stones;eval;winner.
func parseJudged(line string) (engine.Judged, error) {
	parts := strings.Split(line, ";")
	if len(parts) != 3 {
		return engine.Judged{}, fmt.Errorf("%q is not stones;eval;winner", line)
	}
	moves, err := parseStones(parts[0])
	if err != nil {
		return engine.Judged{}, err
	}
	e, err := strconv.Atoi(strings.TrimSpace(parts[1]))
	if err != nil {
		return engine.Judged{}, fmt.Errorf("eval %q is not a number", parts[1])
	}
	j := engine.Judged{Moves: moves, Eval: e}
	switch strings.TrimSpace(parts[2]) {
	case "B":
		j.Winner = engine.Black
	case "W":
		j.Winner = engine.White
	case "D":
		j.Winner = engine.None
	default:
		return engine.Judged{}, fmt.Errorf("winner %q: want B, W or D", parts[2])
	}
	return j, nil
}

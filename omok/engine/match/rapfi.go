package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"termgames/internal/cmdline"
	"termgames/omok/engine"
	"termgames/omok/renju"
)

// The tools that use Rapfi (github.com/dhbloo/rapfi, a pbrain-rapfi built
// with its classical config from dhbloo/rapfi-networks).

// rapfiFlag adds -rapfi to fs.
func rapfiFlag(fs *flag.FlagSet) *string {
	return fs.String("rapfi", "", "path of pbrain-rapfi (required)")
}

// needRapfi says that -rapfi is missing from the command line that fs
// parsed.
func needRapfi(fs *flag.FlagSet, path string) error {
	if path == "" {
		return cmdline.Usagef(fs, "-rapfi is required: the path of pbrain-rapfi")
	}
	return nil
}

// startRapfi starts Rapfi, its answers read at timeout_turn 1000 unless

// withRapfi is the run of a tool that talks to Rapfi: it starts Rapfi from
// path, runs use, and ends Rapfi; an error in ending it is the run's too.
func withRapfi(path string, use func(br *brain) error) func() error {
	return func() error {
		br, err := startRapfi(path)
		if err != nil {
			return err
		}
		return errors.Join(use(br), br.close())
	}
}

// the tool sends its own limits.
func startRapfi(path string) (*brain, error) {
	return program(game{size: 15}, path, 1000, 0)
}

// randomDense returns a size x size board with between a fifth and nearly
// half of its cells taken, as many black stones as white (black to move),
// and no row of five or more for either colour.
func randomDense(rng *rand.Rand, size int) *renju.Board {
	b := renju.NewBoard(size)
	n := size * size
	stones := (n/5 + rng.IntN(n/4)) &^ 1
	c := renju.Black
	for placed, tries := 0, 0; placed < stones && tries < 50*n; tries++ {
		p := renju.Point{Row: rng.IntN(size), Col: rng.IntN(size)}
		if b.At(p) != renju.Empty {
			continue
		}
		mustPut(b, p, c)
		long := false
		for d := range 4 {
			long = long || b.Run(p, d) >= 5
		}
		if long {
			mustPut(b, p, renju.Empty)
			continue
		}
		placed++
		c = c.Other()
	}
	if c == renju.White { // the last stone could not be matched: take one black back
		for i := range n {
			p := renju.Point{Row: i / size, Col: i % size}
			if b.At(p) == renju.Black {
				mustPut(b, p, renju.Empty)
				break
			}
		}
	}
	return b
}

// digits writes the board as `omok forbid` reads it.
func digits(b *renju.Board) string {
	var sb strings.Builder
	for r := range b.Size() {
		for c := range b.Size() {
			sb.WriteByte('0' + byte(b.At(renju.Point{Row: r, Col: c})))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// yxBoard sends the position to Rapfi without making it think, black's and
// white's stones alternating, black first, so that black is to move.
func yxBoard(br *brain, b *renju.Board) error {
	var black, white []renju.Point
	for r := range b.Size() {
		for c := range b.Size() {
			p := renju.Point{Row: r, Col: c}
			switch b.At(p) {
			case renju.Black:
				black = append(black, p)
			case renju.White:
				white = append(white, p)
			}
		}
	}
	if err := br.send("YXBOARD"); err != nil {
		return err
	}
	for k := range len(black) + len(white) {
		p, who := black[k/2], 1
		if k%2 == 1 {
			p, who = white[k/2], 2
		}
		if err := br.send("%d,%d,%d", p.Col, p.Row, who); err != nil {
			return err
		}
	}
	return br.send("DONE")
}

// forbidSet reads a FORBID answer into a set of "xxyy" points.
func forbidSet(answer string) (map[string]bool, error) {
	s, ok := strings.CutPrefix(strings.TrimSpace(answer), "FORBID ")
	if !ok || !strings.HasSuffix(s, ".") || (len(s)-1)%4 != 0 {
		return nil, fmt.Errorf("not a FORBID answer: %q", answer)
	}
	set := map[string]bool{}
	for i := 0; i+4 <= len(s)-1; i += 4 {
		set[s[i:i+4]] = true
	}
	return set, nil
}

// forbidRapfiCommand compares `omok forbid` (renju.ForbidCommand, the
// command's own code) with Rapfi's YXSHOWFORBID under INFO rule 4 on
// random dense positions, black to move. It prints each position where
// the two differ and a summary, and fails when any differs.
func forbidRapfiCommand(args []string, stdout, stderr io.Writer) (func() error, error) {
	fs := newFlags("forbid-rapfi", "forbid-rapfi -rapfi PATH [flags]\n\nCompares omok forbid's forbidden points with Rapfi's (YXSHOWFORBID under\nINFO rule 4) on random dense positions, black to move.", stdout)
	rapfiPath := rapfiFlag(fs)
	positions := fs.Int("positions", 1600, "random positions, half 15x15 and half 19x19")
	seed := fs.Uint64("seed", 1, "seed of the positions")
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return nil, err
	}
	if *positions < 0 {
		return nil, cmdline.Usagef(fs, "-positions %d: want 0 or more", *positions)
	}
	if err := needRapfi(fs, *rapfiPath); err != nil {
		return nil, err
	}
	return withRapfi(*rapfiPath, func(br *brain) error {
		rng := rand.New(rand.NewPCG(*seed, 23))
		var (
			total, withFive, points, differ int
			shapes                          = map[renju.Shape]int{}
			pointsNoFive                    int
		)
		for k := range *positions {
			size := 15
			if k%2 == 1 {
				size = 19
			}
			b := randomDense(rng, size)
			ours, err := ourForbidden(b)
			if err != nil {
				return err
			}
			theirs, err := rapfiForbidden(br, b)
			if err != nil {
				return err
			}
			total++
			five := false
			for r := range size {
				for c := range size {
					p := renju.Point{Row: r, Col: c}
					if b.At(p) != renju.Empty {
						continue
					}
					mustPut(b, p, renju.Black)
					five = five || b.Winner(renju.Renju, p) == renju.Black
					mustPut(b, p, renju.Empty)
					if sh := b.Forbidden(renju.Renju, renju.Black, p); sh != renju.None {
						shapes[sh]++
					}
				}
			}
			points += len(ours)
			if five {
				withFive++
			} else {
				pointsNoFive += len(ours)
			}
			var only []string
			for p := range ours {
				if !theirs[p] {
					only = append(only, "termgames "+p)
				}
			}
			for p := range theirs {
				if !ours[p] {
					only = append(only, "rapfi "+p)
				}
			}
			if len(only) > 0 {
				differ++
				sort.Strings(only)
				fmt.Fprintf(stdout, "position %d (%dx%d, black can make five: %v): only %v\n%s", k, size, size, five, only, digits(b))
			}
		}
		fmt.Fprintf(stdout, "%d positions (%d where black can already make five), %d forbidden points (%d in positions where black cannot make five): 3-3 %d, 4-4 %d, overline %d; %d positions differ\n",
			total, withFive, points, pointsNoFive, shapes[renju.DoubleThree], shapes[renju.DoubleFour], shapes[renju.Overline], differ)
		if differ > 0 {
			return fmt.Errorf("%d of %d positions differ", differ, total)
		}
		return nil
	}), nil
}

// ourForbidden is what `omok forbid` says of b, black to move.
func ourForbidden(b *renju.Board) (map[string]bool, error) {
	var out, errOut bytes.Buffer
	if err := renju.ForbidCommand([]string{"-rule", "renju", "-turn", "black"}, strings.NewReader(digits(b)), &out, &errOut); err != nil {
		return nil, fmt.Errorf("omok forbid: %v: %s", err, errOut.String())
	}
	return forbidSet(out.String())
}

// mustPut puts s at p, a point of b: the random positions put only those.
func mustPut(b *renju.Board, p renju.Point, s renju.Stone) {
	if err := b.Put(p, s); err != nil {
		panic(fmt.Sprintf("match: %v", err))
	}
}

// rapfiForbidden is what Rapfi's YXSHOWFORBID says of b under renju.
func rapfiForbidden(br *brain, b *renju.Board) (map[string]bool, error) {
	if err := br.send("START %d", b.Size()); err != nil {
		return nil, err
	}
	if a, err := br.answer(); err != nil || a != "OK" {
		return nil, fmt.Errorf("START: %q %v", a, err)
	}
	for _, s := range []string{"INFO rule 4", "INFO max_memory 67108864"} {
		if err := br.send("%s", s); err != nil {
			return nil, err
		}
	}
	if err := yxBoard(br, b); err != nil {
		return nil, err
	}
	if err := br.send("YXSHOWFORBID"); err != nil {
		return nil, err
	}
	a, err := br.answer()
	if err != nil {
		return nil, err
	}
	return forbidSet(a)
}

// evalLine is Rapfi's brief MESSAGE: "... | Eval 35 | ...", or "Eval +M9".
var evalLine = regexp.MustCompile(`\|\s*Ev(?:al)?\s+([-+]?M?\d+)`)

// rapfiEval has Rapfi think about the position o (the side to move is
// Rapfi's) within the INFO line limit (a timeout_turn, or a MAX_NODE) and
// returns its last reported evaluation, a mate as ±100000, and how long
// it took.
func rapfiEval(br *brain, size int, o []engine.Point, limit ...string) (int, time.Duration, error) {
	if err := rapfiStart(br, size, 67108864, limit...); err != nil {
		return 0, 0, err
	}
	eval, seen, _, d, err := rapfiThink(br, o)
	if err == nil && !seen {
		err = fmt.Errorf("rapfi gave no evaluation")
	}
	return eval, d, err
}

// rapfiStart starts a game of Rapfi's on a size x size freestyle board with
// memory bytes of hash and the INFO lines limit.
func rapfiStart(br *brain, size int, memory int, limit ...string) error {
	if err := br.send("START %d", size); err != nil {
		return err
	}
	if a, err := br.answer(); err != nil || a != "OK" {
		return fmt.Errorf("START: %q %v", a, err)
	}
	for _, s := range append([]string{"INFO timeout_match 0", fmt.Sprintf("INFO max_memory %d", memory), "INFO rule 0"}, limit...) {
		if err := br.send("%s", s); err != nil {
			return err
		}
	}
	return nil
}

// rapfiThink gives Rapfi the position o (the side to move is Rapfi's) and
// returns its last reported evaluation (a mate as ±100000) and whether it
// reported one (it does not when it moves at once), its move and how long
// it took.
func rapfiThink(br *brain, o []engine.Point) (int, bool, engine.Point, time.Duration, error) {
	var none engine.Point
	if err := br.send("BOARD"); err != nil {
		return 0, false, none, 0, err
	}
	me := len(o) % 2 // 0: black to move
	for k, p := range o {
		who := 2
		if k%2 == me {
			who = 1
		}
		if err := br.send("%d,%d,%d", p.X, p.Y, who); err != nil {
			return 0, false, none, 0, err
		}
	}
	start := time.Now()
	if err := br.send("DONE"); err != nil {
		return 0, false, none, 0, err
	}
	eval, seen := 0, false
	for {
		line, err := br.r.ReadString('\n')
		if err != nil {
			return 0, false, none, 0, err
		}
		line = strings.TrimSpace(line)
		if m := evalLine.FindStringSubmatch(line); m != nil {
			seen = true
			v := m[1]
			switch {
			case strings.Contains(v, "M") && strings.HasPrefix(v, "-"):
				eval = -100000
			case strings.Contains(v, "M"):
				eval = 100000
			default:
				if eval, err = strconv.Atoi(v); err != nil {
					return 0, false, none, 0, fmt.Errorf("the evaluation in Rapfi's %q: %w", line, err)
				}
			}
			continue
		}
		if strings.HasPrefix(strings.ToUpper(line), "MESSAGE") || line == "" {
			continue
		}
		m := moveLine.FindStringSubmatch(line)
		if m == nil {
			return 0, false, none, 0, fmt.Errorf("rapfi answered %q", line)
		}
		x, _ := strconv.Atoi(m[1])
		y, _ := strconv.Atoi(m[2])
		return eval, seen, engine.Point{X: x, Y: y}, time.Since(start), nil
	}
}

// makeOpeningsCommand finds balanced openings for 15x15 freestyle: three
// to five random stones in the 5x5 square at the centre that Rapfi,
// thinking at timeout_turn 530 and then 1580 (with timeout_match 0 it
// spends nearly all of it: about 0.5 s and 1.5 s), scores within ±balance
// for the side to move. Each is written with both scores. With
// -balance-nodes N Rapfi judges each once, at N positions: quicker, and
// the same on any machine; the tuning set was made so.
func makeOpeningsCommand(args []string, stdout, stderr io.Writer) (func() error, error) {
	fs := newFlags("make-openings", "make-openings -rapfi PATH [flags]\n\nFinds openings of 15x15 freestyle (three to five stones near the centre)\nthat Rapfi scores as balanced, and writes them as play's -openings reads\nthem (to -out, or stdout). Each opening tried is logged to stderr.", stdout)
	rapfiPath := rapfiFlag(fs)
	makeN := fs.Int("make", 20, "balanced openings to find")
	outFile := fs.String("out", "", "the file to write (default: stdout)")
	evalLimit := fs.Int("balance", 150, "the most |eval| Rapfi may give the side to move")
	evalNodes := fs.Int("balance-nodes", 0, "judge each opening once, by Rapfi at this many positions (INFO MAX_NODE), instead of at 0.5 s and 1.5 s")
	seed := fs.Uint64("seed", 1, "seed of the openings tried")
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return nil, err
	}
	if *makeN < 0 || *evalLimit < 0 || *evalNodes < 0 {
		return nil, cmdline.Usagef(fs, "-make, -balance and -balance-nodes: want 0 or more")
	}
	if err := needRapfi(fs, *rapfiPath); err != nil {
		return nil, err
	}
	return withRapfi(*rapfiPath, func(br *brain) error {
		rng := rand.New(rand.NewPCG(*seed, 2615))
		var out strings.Builder
		fmt.Fprintf(&out, "# Balanced openings, 15x15 freestyle: stones x,y (0-based), black first, colours alternating.\n")
		// The judges: the INFO lines of each of Rapfi's looks at an opening.
		judges := [][]string{{"INFO timeout_turn 530"}, {"INFO timeout_turn 1580"}}
		if *evalNodes > 0 {
			judges = [][]string{{"INFO timeout_turn 60000", fmt.Sprintf("INFO MAX_NODE %d", *evalNodes)}}
			fmt.Fprintf(&out, "# Rapfi's eval for the side to move after %d positions (INFO MAX_NODE), within ±%d.\n", *evalNodes, *evalLimit)
			fmt.Fprintf(&out, "# Made by the match command's make-openings with -seed %d -balance-nodes %d -balance %d.\n", *seed, *evalNodes, *evalLimit)
		} else {
			fmt.Fprintf(&out, "# Rapfi's eval for the side to move after about 0.5 s and 1.5 s (timeout_turn 530 and 1580), within ±%d.\n", *evalLimit)
			fmt.Fprintf(&out, "# Made by the match command's make-openings with -seed %d; used for measuring, never for tuning.\n", *seed)
		}
		found, tried := 0, 0
		seen := map[string]bool{}
		for found < *makeN {
			o := randomOpening(rng, 3+rng.IntN(3), 15, 5)
			key := formatOpening(o)
			if seen[key] {
				continue
			}
			seen[key] = true
			if b, err := engine.Setup(15, engine.Freestyle, everyOther(o, 0), everyOther(o, 1)); err != nil || b.Winner() != engine.None {
				continue
			}
			tried++
			// Each judge in turn, until one scores the opening out of balance.
			var evals, shown []string
			ok := true
			for _, limit := range judges {
				e, d, err := rapfiEval(br, 15, o, limit...)
				if err != nil {
					return err
				}
				evals = append(evals, fmt.Sprint(e))
				shown = append(shown, fmt.Sprintf("%6d (%v)", e, d.Round(time.Millisecond)))
				if abs(e) > *evalLimit {
					ok = false
					break
				}
			}
			fmt.Fprintf(stderr, "%-30s eval %s: %v\n", key, strings.Join(shown, ", "), ok)
			if ok {
				found++
				fmt.Fprintf(&out, "%-30s # %s\n", key, strings.Join(evals, " "))
			}
		}
		fmt.Fprintf(stderr, "%d balanced of %d tried\n", found, tried)
		if *outFile == "" {
			_, err := io.WriteString(stdout, out.String())
			return err
		}
		if err := os.MkdirAll(filepath.Dir(*outFile), 0o755); err != nil {
			return err
		}
		return os.WriteFile(*outFile, []byte(out.String()), 0o644)
	}), nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// reviewCommand has Rapfi judge every position of a game from -from on,
// and prints its evaluation from -side's view, marking each move of that
// side after which the evaluation fell by more than 150: where the side's
// game was lost.
func reviewCommand(args []string, stdout, stderr io.Writer) (func() error, error) {
	fs := newFlags("review", "review -rapfi PATH -review MOVES [flags]\n\nHas Rapfi judge every position of a 15x15 freestyle game and marks the\nmoves of -side after which its evaluation fell by more than 150.", stdout)
	rapfiPath := rapfiFlag(fs)
	review := fs.String("review", "", "a 15x15 freestyle game's moves, x,y black first, as play prints them (required)")
	reviewFor := fs.String("side", "black", "the side whose moves to judge: black or white")
	from := fs.Int("from", 3, "the first position to judge (the stones of the opening)")
	reviewN := fs.Int("review-nodes", 400000, "Rapfi's positions for each judgement")
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return nil, err
	}
	moves, err := parseStones(strings.Trim(*review, "[]"))
	switch {
	case err != nil:
		return nil, cmdline.Usagef(fs, "-review: %v", err)
	case len(moves) == 0:
		return nil, cmdline.Usagef(fs, "-review is required: the game's moves")
	case *reviewFor != "black" && *reviewFor != "white":
		return nil, cmdline.Usagef(fs, "-side %q: want black or white", *reviewFor)
	case *from < 0:
		return nil, cmdline.Usagef(fs, "-from %d: want 0 or more", *from)
	case *reviewN <= 0:
		return nil, cmdline.Usagef(fs, "-review-nodes %d: want more than 0", *reviewN)
	}
	if _, err := replay(moves); err != nil {
		return nil, cmdline.Usagef(fs, "-review: %v", err)
	}
	mine := 0 // the parity of -side's moves
	if *reviewFor == "white" {
		mine = 1
	}
	if err := needRapfi(fs, *rapfiPath); err != nil {
		return nil, err
	}
	return withRapfi(*rapfiPath, func(br *brain) error {
		limit := fmt.Sprintf("INFO MAX_NODE %d", *reviewN)
		prev := 0
		for n := *from; n < len(moves); n++ {
			v, _, err := rapfiEval(br, 15, moves[:n], limit)
			if err != nil {
				return err
			}
			toMove := "the opponent"
			if n%2 == mine {
				toMove = *reviewFor
			} else {
				v = -v
			}
			mark := ""
			if n > *from && n%2 != mine && prev-v > 150 {
				mark = fmt.Sprintf("  <- %v lost %d", moves[n-1], prev-v)
			}
			fmt.Fprintf(stdout, "%2d stones, %s to move (plays %v): %d for %s%s\n", n, toMove, moves[n], v, *reviewFor, mark)
			prev = v
		}
		return nil
	}), nil
}

// rapfiGamesCommand has Rapfi play itself -make games on 15x15 freestyle,
// each from two to five random stones in the 7x7 square at the centre,
// thinking -review-nodes positions a move, and writes every position with
// Rapfi's evaluation for the side to move and the game's winner, one a
// line (readJudged reads them):
//
//	stones;eval;winner
//
// with the stones as x,y black first, the eval as rapfiThink gives it, and
// the winner B, W or D (a draw, or no five within 150 stones). These are
// the positions the evaluation's values are fitted to (the fit tool). A
// file whose name ends in .gz is written gzipped.
func rapfiGamesCommand(args []string, stdout, stderr io.Writer) (func() error, error) {
	const noEval = -1 << 30 // Rapfi moved without an evaluation
	fs := newFlags("rapfi-games", "rapfi-games -rapfi PATH [flags]\n\nHas Rapfi play itself on 15x15 freestyle and writes every position with\nRapfi's evaluation and the game's winner (stones;eval;winner), the data\nthe fit tool reads. Progress goes to stderr.", stdout)
	rapfiPath := rapfiFlag(fs)
	seed := fs.Uint64("seed", 1, "seed of the games' openings")
	makeN := fs.Int("make", 20, "games to play")
	reviewN := fs.Int("review-nodes", 400000, "Rapfi's positions a move (INFO MAX_NODE)")
	outFile := fs.String("out", "", "the file to write, gzipped if it ends in .gz (default: stdout)")
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return nil, err
	}
	if *makeN < 0 || *reviewN <= 0 {
		return nil, cmdline.Usagef(fs, "-make: want 0 or more; -review-nodes: more than 0")
	}
	if err := needRapfi(fs, *rapfiPath); err != nil {
		return nil, err
	}
	return withRapfi(*rapfiPath, func(br *brain) error {
		out, finish, err := createOut(*outFile, stdout)
		if err != nil {
			return err
		}
		w := bufio.NewWriter(out)
		rng := rand.New(rand.NewPCG(*seed, 5))
		limit := []string{"INFO timeout_turn 60000", fmt.Sprintf("INFO MAX_NODE %d", *reviewN)}
		var total int
		for g := range *makeN {
			o := randomOpening(rng, 2+rng.IntN(4), 15, 7)
			b, err := engine.Setup(15, engine.Freestyle, everyOther(o, 0), everyOther(o, 1))
			if err != nil {
				return errors.Join(err, finish())
			}
			if err := rapfiStart(br, 15, 32<<20, limit...); err != nil {
				return errors.Join(err, finish())
			}
			var evals []int
			for b.Winner() == engine.None && len(o) < 150 && !b.Full() {
				e, seen, p, _, err := rapfiThink(br, o)
				if err != nil {
					return errors.Join(err, finish())
				}
				if !seen {
					e = noEval
				}
				evals = append(evals, e)
				if err := b.Play(p); err != nil {
					return errors.Join(fmt.Errorf("game %d: Rapfi played %v: %w", g, p, err), finish())
				}
				o = append(o, p)
			}
			winner := map[engine.Color]string{engine.Black: "B", engine.White: "W", engine.None: "D"}[b.Winner()]
			start := len(o) - len(evals)
			for k, e := range evals {
				if e == noEval {
					continue
				}
				fmt.Fprintf(w, "%s;%d;%s\n", formatOpening(o[:start+k]), e, winner)
			}
			total += len(evals)
			if g%50 == 0 {
				fmt.Fprintf(stderr, "game %d: %d stones, winner %s; %d positions\n", g, len(o), winner, total)
			}
		}
		fmt.Fprintf(stderr, "%d games, %d positions\n", *makeN, total)
		return errors.Join(w.Flush(), finish())
	}), nil
}

// createOut is where a tool writes its data: the file name (gzipped when
// the name ends in .gz), or stdout when name is empty. finish flushes and
// closes it.
func createOut(name string, stdout io.Writer) (w io.Writer, finish func() error, err error) {
	if name == "" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, nil, err
	}
	if !strings.HasSuffix(name, ".gz") {
		return f, f.Close, nil
	}
	z := gzip.NewWriter(f)
	return z, func() error { return errors.Join(z.Close(), f.Close()) }, nil
}

// replay plays moves on an empty 15x15 freestyle board, black first.
func replay(moves []engine.Point) (*engine.Board, error) {
	b, err := engine.NewBoard(15, engine.Freestyle)
	if err != nil {
		return nil, err
	}
	for k, p := range moves {
		if err := b.Play(p); err != nil {
			return nil, fmt.Errorf("move %d, %v: %w", k+1, p, err)
		}
	}
	return b, nil
}

//go:build match

package match

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"termgames/omok/engine"
)

var (
	opponent = flag.String("opponent", "bsd", "bsd, beginner, level:easy|normal|hard, or brain:COMMAND")
	games    = flag.Int("games", 20, "games to play, colours alternating")
	level    = flag.String("level", "hard", "termgames' level")
	size     = flag.Int("size", 19, "board size (bsd plays only 19)")
	rule     = flag.Int("rule", 0, "Gomocup rule: 0 freestyle, 1 exactly five")
	turnMS   = flag.Int("turn", 1000, "timeout_turn sent to termgames' brain, in milliseconds (and to the opponent unless -opponent-turn)")
	oppTurn  = flag.Int("opponent-turn", 0, "timeout_turn sent to an opponent brain, in milliseconds (0: as -turn): time odds")
	opening  = flag.Int("opening", 0, "random stones near the centre to start each pair of games from (brains only)")
	openings = flag.String("openings", "", "a file of openings (see testdata/openings.txt): each is played twice, colours swapped; -games 0 plays them all")
	seed     = flag.Uint64("seed", 1, "seed of the openings")
	nodes    = flag.Int64("nodes", 0, "termgames' brains think this many positions a move instead of using the clock (deterministic games, for tuning)")
	oppNodes = flag.Int64("opponent-nodes", 0, "an opponent program brain thinks this many positions a move (INFO MAX_NODE, which Rapfi reads), its clock lifted to a minute")
	patience = flag.Duration("patience", 5*time.Minute, "how long to wait for gomoku's move before it loses on time")
)

// errTimeout is an opponent that did not move in time: it loses the game,
// as in Gomocup, and the tally says how many games ended so.
var errTimeout = errors.New("timeout")

// player is one side of a match.
type player interface {
	name() string
	// first is the player's first move of a game: with no stones (BEGIN),
	// or given the stones so far (the opening, and the opponent's reply).
	first(black, white []engine.Point, me engine.Color) (engine.Point, error)
	// reply answers the opponent's move.
	reply(last engine.Point) (engine.Point, error)
	close()
}

// brain drives a Gomocup brain over its stdin and stdout.
type brain struct {
	label string
	turn  int      // timeout_turn, in milliseconds
	info  []string // more INFO lines, sent after the usual ones
	w     io.Writer
	r     *bufio.Reader
	stop  func()
}

var moveLine = regexp.MustCompile(`^\s*(\d+)\s*,\s*(\d+)\s*$`)

func (b *brain) name() string { return b.label }

func (b *brain) send(format string, a ...any) error {
	_, err := fmt.Fprintf(b.w, format+"\r\n", a...)
	return err
}

// answer reads lines until a move or OK/ERROR, skipping MESSAGE and DEBUG.
func (b *brain) answer() (string, error) {
	for {
		line, err := b.r.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("%s: %w", b.label, err)
		}
		line = strings.TrimSpace(line)
		up := strings.ToUpper(line)
		if line == "" || strings.HasPrefix(up, "MESSAGE") || strings.HasPrefix(up, "DEBUG") {
			continue
		}
		if strings.HasPrefix(up, "ERROR") || strings.HasPrefix(up, "UNKNOWN") {
			return "", fmt.Errorf("%s said %q", b.label, line)
		}
		return line, nil
	}
}

func (b *brain) move() (engine.Point, error) {
	line, err := b.answer()
	if err != nil {
		return engine.Point{}, err
	}
	m := moveLine.FindStringSubmatch(line)
	if m == nil {
		return engine.Point{}, fmt.Errorf("%s answered %q, not a move", b.label, line)
	}
	x, _ := strconv.Atoi(m[1])
	y, _ := strconv.Atoi(m[2])
	return engine.Point{X: x, Y: y}, nil
}

func (b *brain) first(black, white []engine.Point, me engine.Color) (engine.Point, error) {
	if err := b.send("START %d", *size); err != nil {
		return engine.Point{}, err
	}
	if ok, err := b.answer(); err != nil || ok != "OK" {
		return engine.Point{}, fmt.Errorf("%s: START answered %q, %v", b.label, ok, err)
	}
	for _, s := range append([]string{
		fmt.Sprintf("INFO timeout_turn %d", b.turn),
		"INFO timeout_match 0",
		"INFO max_memory 67108864",
		fmt.Sprintf("INFO rule %d", *rule),
		"INFO game_type 1",
	}, b.info...) {
		if err := b.send("%s", s); err != nil {
			return engine.Point{}, err
		}
	}
	if len(black) == 0 {
		if err := b.send("BEGIN"); err != nil {
			return engine.Point{}, err
		}
		return b.move()
	}
	if err := b.send("BOARD"); err != nil {
		return engine.Point{}, err
	}
	for k := range len(black) + len(white) {
		p, c := black[k/2], engine.Black
		if k%2 == 1 {
			p, c = white[k/2], engine.White
		}
		who := 2
		if c == me {
			who = 1
		}
		if err := b.send("%d,%d,%d", p.X, p.Y, who); err != nil {
			return engine.Point{}, err
		}
	}
	if err := b.send("DONE"); err != nil {
		return engine.Point{}, err
	}
	return b.move()
}

func (b *brain) reply(last engine.Point) (engine.Point, error) {
	if err := b.send("TURN %d,%d", last.X, last.Y); err != nil {
		return engine.Point{}, err
	}
	return b.move()
}

func (b *brain) close() {
	_ = b.send("END")
	b.stop()
}

// ownBrain is termgames' brain at a level, in this process, over pipes.
func ownBrain(t *testing.T, l engine.Level, seed uint64, turn int) *brain {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- engine.Brain(inR, outW, engine.BrainOptions{Level: l, Nodes: *nodes, Rand: rand.New(rand.NewPCG(seed, seed))})
		outW.Close()
	}()
	return &brain{label: "termgames-" + l.String(), turn: turn, w: inW, r: bufio.NewReader(outR), stop: func() {
		inW.Close()
		if err := <-done; err != nil {
			t.Errorf("brain: %v", err)
		}
	}}
}

// program is a brain program, started in its own folder.
func program(t *testing.T, command string, turn int) *brain {
	f := strings.Fields(command)
	cmd := exec.Command(f[0], f[1:]...)
	cmd.Dir = filepath.Dir(f[0])
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", command, err)
	}
	var info []string
	if *oppNodes > 0 {
		turn = 60000
		info = append(info, fmt.Sprintf("INFO MAX_NODE %d", *oppNodes))
	}
	return &brain{label: filepath.Base(f[0]), turn: turn, info: info, w: in, r: bufio.NewReader(out), stop: func() {
		in.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}}
}

// bsd drives bsdgames' gomoku in a tmux session: it types moves as a
// person would and reads the board off the screen.
type bsd struct {
	session string
	me      engine.Color
	known   map[engine.Point]bool
}

const bsdColumns = "ABCDEFGHJKLMNOPQRST"

func (g *bsd) name() string { return "bsdgames-gomoku" }

func (g *bsd) tmux(args ...string) (string, error) {
	// A socket of our own: other tmux users on the machine neither see
	// these sessions nor stop their server.
	args = append([]string{"-L", fmt.Sprintf("termgames-match-%d", os.Getpid())}, args...)
	out, err := exec.Command("tmux", args...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("tmux %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// stones reads the board on the screen.
func (g *bsd) stones() (map[engine.Point]engine.Color, string, error) {
	screen, err := g.tmux("capture-pane", "-p", "-t", g.session)
	if err != nil {
		return nil, "", err
	}
	st := map[engine.Point]engine.Color{}
	for _, line := range strings.Split(screen, "\n") {
		if len(line) < 3+2*19 {
			continue
		}
		row, err := strconv.Atoi(strings.TrimSpace(line[:2]))
		if err != nil || row < 1 || row > 19 {
			continue
		}
		for x := range 19 {
			switch line[3+2*x] {
			case '*':
				st[engine.Point{X: x, Y: 19 - row}] = engine.Black
			case 'O':
				st[engine.Point{X: x, Y: 19 - row}] = engine.White
			}
		}
	}
	return st, screen, nil
}

// waitStone waits for a stone not yet known.
func (g *bsd) waitStone(want engine.Color) (engine.Point, error) {
	deadline := time.Now().Add(*patience)
	for time.Now().Before(deadline) {
		st, _, err := g.stones()
		if err != nil {
			return engine.Point{}, err
		}
		for p, c := range st {
			if !g.known[p] && c == want {
				g.known[p] = true
				return p, nil
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	_, screen, _ := g.stones()
	return engine.Point{}, fmt.Errorf("%w: gomoku: no new %v stone in %v; screen:\n%s", errTimeout, want, *patience, screen)
}

func (g *bsd) first(black, white []engine.Point, me engine.Color) (engine.Point, error) {
	if len(black)+len(white) > 1 || *size != 19 {
		return engine.Point{}, errors.New("bsd plays 19x19 from an empty board only")
	}
	g.me, g.known = me, map[engine.Point]bool{}
	g.session = fmt.Sprintf("match-%d-%d", os.Getpid(), time.Now().UnixNano())
	// The server of the game before may still be on its way out.
	var err error
	for try := 0; try < 5; try++ {
		if _, err = g.tmux("new-session", "-d", "-s", g.session, "-x", "100", "-y", "40", "/usr/games/gomoku"); err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		return engine.Point{}, err
	}
	if err := g.waitText("black or white?"); err != nil {
		return engine.Point{}, err
	}
	// gomoku asks which colour the person plays.
	answer := "w"
	if me == engine.White {
		answer = "b"
	}
	if _, err := g.tmux("send-keys", "-t", g.session, answer, "Enter"); err != nil {
		return engine.Point{}, err
	}
	if err := g.waitText("vs."); err != nil {
		return engine.Point{}, err
	}
	if me == engine.Black {
		return g.waitStone(engine.Black)
	}
	return g.reply(black[0])
}

func (g *bsd) waitText(s string) error {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		_, screen, err := g.stones()
		if err != nil {
			return err
		}
		if strings.Contains(screen, s) {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("gomoku never showed %q", s)
}

// type sends a move and waits until it is on the board.
func (g *bsd) typeMove(p engine.Point) error {
	send := func() error {
		// -l: literally, or tmux takes F9 for a function key.
		if _, err := g.tmux("send-keys", "-l", "-t", g.session, fmt.Sprintf("%c%d", bsdColumns[p.X], 19-p.Y)); err != nil {
			return err
		}
		_, err := g.tmux("send-keys", "-t", g.session, "Enter")
		return err
	}
	// gomoku shows our stone only with its own reply (it redraws after
	// thinking), so a move is typed once and then waited for.
	if err := send(); err != nil {
		return err
	}
	got, err := g.waitStone(g.me.Other())
	if err != nil {
		return fmt.Errorf("typing %c%d for %v: %w", bsdColumns[p.X], 19-p.Y, p, err)
	}
	if got != p {
		return fmt.Errorf("gomoku shows our move at %v, we played %v", got, p)
	}
	return nil
}

func (g *bsd) reply(last engine.Point) (engine.Point, error) {
	if err := g.typeMove(last); err != nil {
		return engine.Point{}, err
	}
	return g.waitStone(g.me)
}

func (g *bsd) close() {
	if g.session != "" {
		_, _ = g.tmux("kill-session", "-t", g.session)
		g.session = ""
	}
}

// side is one side's tally.
type side struct {
	wins       int
	asBlack    int // of the wins, those as black
	moves      int
	total, max time.Duration
}

func (s *side) timed(d time.Duration) {
	s.moves++
	s.total += d
	s.max = max(s.max, d)
}

func (s side) String() string {
	avg := time.Duration(0)
	if s.moves > 0 {
		avg = s.total / time.Duration(s.moves)
	}
	return fmt.Sprintf("%d wins (%d as black, %d as white), %d moves, avg %v, max %v", s.wins, s.asBlack, s.wins-s.asBlack, s.moves, avg.Round(time.Millisecond), s.max.Round(time.Millisecond))
}

// scripted is the Beginner, keeping its own board.
type scripted struct {
	g *Beginner
	b *engine.Board
}

func (s *scripted) name() string { return "beginner" }

func (s *scripted) first(black, white []engine.Point, me engine.Color) (engine.Point, error) {
	b, err := engine.Setup(*size, matchRule(), black, white)
	if err != nil {
		return engine.Point{}, err
	}
	s.b = b
	return s.move()
}

func (s *scripted) reply(last engine.Point) (engine.Point, error) {
	if err := s.b.Play(last); err != nil {
		return engine.Point{}, err
	}
	return s.move()
}

func (s *scripted) move() (engine.Point, error) {
	p, ok := s.g.Move(s.b)
	if !ok {
		return p, errors.New("beginner: no legal point")
	}
	return p, s.b.Play(p)
}

func (s *scripted) close() {}

// matchRule is the engine's rule for -rule.
func matchRule() engine.Rule {
	if *rule&1 != 0 {
		return engine.Standard
	}
	return engine.Freestyle
}

// load is the machine's load average, as uptime prints it.
func load() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func TestMatch(t *testing.T) {
	lv, err := engine.ParseLevel(*level)
	if err != nil {
		t.Fatal(err)
	}
	r := matchRule()
	theirTurn := *turnMS
	if *oppTurn > 0 {
		theirTurn = *oppTurn
	}
	newOpponent := func(g int) player {
		switch {
		case *opponent == "bsd":
			return &bsd{}
		case *opponent == "beginner":
			return &scripted{g: NewBeginner(rand.New(rand.NewPCG(uint64(2000+g), *seed)))}
		case strings.HasPrefix(*opponent, "level:"):
			ol, err := engine.ParseLevel(strings.TrimPrefix(*opponent, "level:"))
			if err != nil {
				t.Fatal(err)
			}
			return ownBrain(t, ol, uint64(1000+g), theirTurn)
		case strings.HasPrefix(*opponent, "brain:"):
			return program(t, strings.TrimPrefix(*opponent, "brain:"), theirTurn)
		}
		t.Fatalf("unknown -opponent %q", *opponent)
		return nil
	}
	var book [][]engine.Point
	if *openings != "" {
		book, err = readOpenings(*openings)
		if err != nil {
			t.Fatal(err)
		}
		if *games == 0 || *games > 2*len(book) {
			*games = 2 * len(book)
		}
	}
	t.Logf("load average at the start: %s", load())
	rng := rand.New(rand.NewPCG(*seed, *seed))
	var us, them side
	draws, timeouts := 0, 0
	var open []engine.Point
	for g := range *games {
		if g%2 == 0 {
			if book != nil {
				open = book[g/2]
			} else {
				open = randomOpening(rng, *opening, *size, 5)
			}
		}
		ours := ownBrain(t, lv, uint64(g), *turnMS)
		theirs := newOpponent(g)
		ourColor := engine.Black
		if g%2 == 1 {
			ourColor = engine.White
		}
		winner, n, hist, err := play(t, ours, theirs, ourColor, r, open, &us, &them)
		ours.close()
		theirs.close()
		if errors.Is(err, errTimeout) {
			winner = ourColor
			timeouts++
			t.Logf("game %d: the opponent lost on time: %v", g+1, strings.SplitN(err.Error(), "\n", 2)[0])
		} else if err != nil {
			t.Fatalf("game %d: %v", g+1, err)
		}
		result := "draw"
		switch winner {
		case ourColor:
			us.wins++
			if ourColor == engine.Black {
				us.asBlack++
			}
			result = "termgames wins"
		case ourColor.Other():
			them.wins++
			if ourColor == engine.White {
				them.asBlack++
			}
			result = theirs.name() + " wins; moves " + fmt.Sprint(hist)
		default:
			draws++
		}
		t.Logf("game %2d: termgames-%s plays %v: %s after %d moves", g+1, lv, ourColor, result, n)
		// A running tally, so that a run cut short still says where it was.
		t.Logf("after %d: termgames-%s %v; opponent %v", g+1, lv, us, them)
	}
	t.Logf("opponent %s, %d games, %dx%d rule %d, opening %d, openings %q, turn %d ms, opponent's turn %d ms",
		*opponent, *games, *size, *size, *rule, *opening, *openings, *turnMS, theirTurn)
	t.Logf("load average at the end: %s", load())
	t.Logf("termgames-%s: %v", lv, us)
	t.Logf("opponent:  %v", them)
	t.Logf("W/L/D for termgames-%s: %d/%d/%d (%d of the wins by the opponent's timeout)", lv, us.wins, them.wins, draws, timeouts)
	asBlack := (*games + 1) / 2 // games with termgames as black: the even ones
	bw, bl := us.asBlack, them.wins-them.asBlack
	ww, wl := us.wins-us.asBlack, them.asBlack
	t.Logf("termgames-%s as black: %d/%d/%d, as white: %d/%d/%d", lv, bw, bl, asBlack-bw-bl, ww, wl, *games-asBlack-ww-wl)
}

// randomOpening returns n stones in the square at the centre of side
// square (odd).
func randomOpening(rng *rand.Rand, n, size, square int) []engine.Point {
	var ps []engine.Point
	seen := map[engine.Point]bool{}
	for len(ps) < n {
		p := engine.Point{X: size/2 - square/2 + rng.IntN(square), Y: size/2 - square/2 + rng.IntN(square)}
		if !seen[p] {
			seen[p] = true
			ps = append(ps, p)
		}
	}
	return ps
}

// play plays one game and returns the winner and the number of stones.
func play(t *testing.T, ours, theirs player, ourColor engine.Color, r engine.Rule, open []engine.Point, us, them *side) (engine.Color, int, []engine.Point, error) {
	b, err := engine.NewBoard(*size, r)
	if err != nil {
		return engine.None, 0, nil, err
	}
	for _, p := range open {
		if err := b.Play(p); err != nil {
			return engine.None, 0, nil, err
		}
	}
	players := map[engine.Color]player{ourColor: ours, ourColor.Other(): theirs}
	tally := map[engine.Color]*side{ourColor: us, ourColor.Other(): them}
	started := map[engine.Color]bool{}
	var last engine.Point
	for b.Winner() == engine.None && !b.Full() {
		c := b.ToMove()
		pl := players[c]
		start := time.Now()
		var p engine.Point
		if !started[c] {
			started[c] = true
			var black, white []engine.Point
			for k, q := range b.History() {
				if k%2 == 0 {
					black = append(black, q)
				} else {
					white = append(white, q)
				}
			}
			p, err = pl.first(black, white, c)
		} else {
			p, err = pl.reply(last)
		}
		if err != nil {
			return engine.None, b.Moves(), nil, fmt.Errorf("%s (%v): %w\nhistory %v\n%v", pl.name(), c, err, b.History(), b)
		}
		tally[c].timed(time.Since(start))
		if err := b.Play(p); err != nil {
			return engine.None, b.Moves(), nil, fmt.Errorf("%s (%v) played %v: %w\n%v", pl.name(), c, p, err, b)
		}
		last = p
	}
	return b.Winner(), b.Moves(), b.History(), nil
}

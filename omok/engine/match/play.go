package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"termgames/internal/cmdline"
	"termgames/omok/engine"
)

// game is what every player of a match knows of the games: the board's
// size and the Gomocup rule (0 freestyle, 1 exactly five).
type game struct {
	size, rule int
}

// engineRule is the engine's rule for the Gomocup rule.
func (g game) engineRule() engine.Rule {
	if g.rule&1 != 0 {
		return engine.Standard
	}
	return engine.Freestyle
}

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
	close() error
}

// brain drives a Gomocup brain over its stdin and stdout.
type brain struct {
	game  game
	label string
	turn  int      // timeout_turn, in milliseconds
	info  []string // more INFO lines, sent after the usual ones
	w     io.Writer
	r     *bufio.Reader
	stop  func() error
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
	if err := b.send("START %d", b.game.size); err != nil {
		return engine.Point{}, err
	}
	if ok, err := b.answer(); err != nil || ok != "OK" {
		return engine.Point{}, fmt.Errorf("%s: START answered %q, %v", b.label, ok, err)
	}
	for _, s := range append([]string{
		fmt.Sprintf("INFO timeout_turn %d", b.turn),
		"INFO timeout_match 0",
		"INFO max_memory 67108864",
		fmt.Sprintf("INFO rule %d", b.game.rule),
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

func (b *brain) close() error {
	return errors.Join(b.send("END"), b.stop())
}

// ownBrain is termgames' brain at a level, in this process, over pipes,
// thinking nodes positions a move when nodes is not 0.
func ownBrain(g game, l engine.Level, nodes int64, seed uint64, turn int) *brain {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- engine.Brain(inR, outW, engine.BrainOptions{Level: l, Nodes: nodes, Rand: rand.New(rand.NewPCG(seed, seed))})
		outW.Close()
	}()
	return &brain{game: g, label: "termgames-" + l.String(), turn: turn, w: inW, r: bufio.NewReader(outR), stop: func() error {
		inW.Close()
		if err := <-done; err != nil {
			return fmt.Errorf("brain: %w", err)
		}
		return nil
	}}
}

// program is a brain program, started in its own folder (where Rapfi
// finds its config). With nodes > 0 it thinks that many positions a move
// (INFO MAX_NODE, which Rapfi reads), its clock lifted to a minute.
func program(g game, command string, turn int, nodes int64) (*brain, error) {
	f := strings.Fields(command)
	if len(f) == 0 {
		return nil, errors.New("no brain program to start")
	}
	cmd := exec.Command(f[0], f[1:]...)
	cmd.Dir = filepath.Dir(f[0])
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", command, err)
	}
	var info []string
	if nodes > 0 {
		turn = 60000
		info = append(info, fmt.Sprintf("INFO MAX_NODE %d", nodes))
	}
	return &brain{game: g, label: filepath.Base(f[0]), turn: turn, info: info, w: in, r: bufio.NewReader(out), stop: func() error {
		in.Close()
		done := make(chan struct{})
		var exit error
		go func() { exit = cmd.Wait(); close(done) }()
		select {
		case <-done:
			return exit
		case <-time.After(3 * time.Second):
		}
		if err := cmd.Process.Kill(); err != nil {
			return fmt.Errorf("%s did not end within 3 s of END, and killing it failed: %w", f[0], err)
		}
		<-done
		return fmt.Errorf("%s did not end within 3 s of END: killed", f[0])
	}}, nil
}

// bsd drives bsdgames' gomoku in a tmux session: it types moves as a
// person would and reads the board off the screen.
type bsd struct {
	game     game
	patience time.Duration // how long to wait for gomoku's move before it loses on time
	session  string
	me       engine.Color
	known    map[engine.Point]bool
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
	deadline := time.Now().Add(g.patience)
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
	return engine.Point{}, fmt.Errorf("%w: gomoku: no new %v stone in %v; screen:\n%s", errTimeout, want, g.patience, screen)
}

func (g *bsd) first(black, white []engine.Point, me engine.Color) (engine.Point, error) {
	if len(black)+len(white) > 1 || g.game.size != 19 {
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

func (g *bsd) close() error {
	if g.session != "" {
		_, err := g.tmux("kill-session", "-t", g.session)
		g.session = ""
		return err
	}
	return nil
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
	game game
	g    *Beginner
	b    *engine.Board
}

func (s *scripted) name() string { return "beginner" }

func (s *scripted) first(black, white []engine.Point, me engine.Color) (engine.Point, error) {
	b, err := engine.Setup(s.game.size, s.game.engineRule(), black, white)
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

func (s *scripted) close() error { return nil }

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

// matchConfig is a match: the play tool's flags.
type matchConfig struct {
	game
	opponent      string
	games         int
	level         engine.Level
	turn, oppTurn int    // timeout_turn of termgames' brain and of the opponent (0: as turn), ms
	opening       int    // random stones to start each pair of games from
	openings      string // a file of openings, each played twice
	seed          uint64
	nodes         int64 // termgames' brains' positions a move (0: the clock)
	oppNodes      int64 // an opponent program's positions a move (0: the clock)
	patience      time.Duration
}

// matchResult is a match's tally and its games.
type matchResult struct {
	us, them        side
	draws, timeouts int
	games           []gameRecord
}

// gameRecord is one game of a match: termgames' colour, the winner (None:
// a draw) and the stones from the first, the opening's included (nil for
// a game the opponent lost on time).
type gameRecord struct {
	ours, winner engine.Color
	moves        []engine.Point
}

func playCommand(args []string, stdout, stderr io.Writer) (func() error, error) {
	fs := newFlags("play", "play [flags]\n\nPlays termgames' brain against an opponent, colours alternating, and prints\nthe wins, losses and draws and each side's time per move. Progress goes to\nstderr, the tally to stdout.", stdout)
	var c matchConfig
	fs.StringVar(&c.opponent, "opponent", "bsd", "bsd, beginner, level:easy|normal|hard, or brain:COMMAND")
	fs.IntVar(&c.games, "games", 20, "games to play, colours alternating")
	c.level = engine.Hard
	fs.Func("level", "termgames' level: easy, normal or hard (default hard)", func(s string) (err error) {
		c.level, err = engine.ParseLevel(s)
		return err
	})
	fs.IntVar(&c.size, "size", 19, "board size (bsd plays only 19)")
	fs.IntVar(&c.rule, "rule", 0, "Gomocup rule: 0 freestyle, 1 exactly five")
	fs.IntVar(&c.turn, "turn", 1000, "timeout_turn sent to termgames' brain, in milliseconds (and to the opponent unless -opponent-turn)")
	fs.IntVar(&c.oppTurn, "opponent-turn", 0, "timeout_turn sent to an opponent brain, in milliseconds (0: as -turn): time odds")
	fs.IntVar(&c.opening, "opening", 0, "random stones near the centre to start each pair of games from (brains only)")
	fs.StringVar(&c.openings, "openings", "", "a file of openings (see omok/engine/match/testdata/openings.txt): each is played twice, colours swapped; -games 0 plays them all")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the openings")
	fs.Int64Var(&c.nodes, "nodes", 0, "termgames' brains think this many positions a move instead of using the clock (deterministic games, for tuning)")
	fs.Int64Var(&c.oppNodes, "opponent-nodes", 0, "an opponent program brain thinks this many positions a move (INFO MAX_NODE, which Rapfi reads), its clock lifted to a minute")
	fs.DurationVar(&c.patience, "patience", 5*time.Minute, "how long to wait for gomoku's move before it loses on time")
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return nil, err
	}
	switch o := c.opponent; {
	case o == "bsd", o == "beginner":
	case strings.HasPrefix(o, "level:"):
		if _, err := engine.ParseLevel(strings.TrimPrefix(o, "level:")); err != nil {
			return nil, cmdline.Usagef(fs, "-opponent %q: %v", o, err)
		}
	case strings.HasPrefix(o, "brain:"):
		if strings.TrimSpace(strings.TrimPrefix(o, "brain:")) == "" {
			return nil, cmdline.Usagef(fs, "-opponent brain: needs the brain's command")
		}
	default:
		return nil, cmdline.Usagef(fs, "-opponent %q: want bsd, beginner, level:L or brain:COMMAND", o)
	}
	if _, err := engine.NewBoard(c.size, nil); err != nil {
		return nil, cmdline.Usagef(fs, "-size %d: %v", c.size, err)
	}
	if c.opponent == "bsd" && c.size != 19 {
		return nil, cmdline.Usagef(fs, "-size %d: bsd plays only 19", c.size)
	}
	switch {
	case c.rule != 0 && c.rule != 1:
		return nil, cmdline.Usagef(fs, "-rule %d: want 0 (freestyle) or 1 (exactly five)", c.rule)
	case c.games < 0:
		return nil, cmdline.Usagef(fs, "-games %d: want 0 or more", c.games)
	case c.turn <= 0 || c.oppTurn < 0:
		return nil, cmdline.Usagef(fs, "-turn and -opponent-turn: want milliseconds (more than 0)")
	case c.opening < 0 || c.opening > 25:
		return nil, cmdline.Usagef(fs, "-opening %d: want 0 to 25 stones (the 5x5 square at the centre)", c.opening)
	case c.nodes < 0 || c.oppNodes < 0:
		return nil, cmdline.Usagef(fs, "-nodes and -opponent-nodes: want 0 or more")
	}
	return func() error {
		r, err := playMatch(c, stderr)
		if err != nil {
			return err
		}
		r.report(c, stdout)
		return nil
	}, nil
}

// playMatch plays the match c, logging each game and the running tally
// to log.
func playMatch(c matchConfig, log io.Writer) (matchResult, error) {
	var r matchResult
	theirTurn := c.turn
	if c.oppTurn > 0 {
		theirTurn = c.oppTurn
	}
	newOpponent := func(g int) (player, error) {
		switch {
		case c.opponent == "bsd":
			return &bsd{game: c.game, patience: c.patience}, nil
		case c.opponent == "beginner":
			return &scripted{game: c.game, g: NewBeginner(rand.New(rand.NewPCG(uint64(2000+g), c.seed)))}, nil
		case strings.HasPrefix(c.opponent, "level:"):
			ol, err := engine.ParseLevel(strings.TrimPrefix(c.opponent, "level:"))
			if err != nil {
				return nil, err
			}
			return ownBrain(c.game, ol, c.nodes, uint64(1000+g), theirTurn), nil
		case strings.HasPrefix(c.opponent, "brain:"):
			return program(c.game, strings.TrimPrefix(c.opponent, "brain:"), theirTurn, c.oppNodes)
		}
		return nil, fmt.Errorf("unknown opponent %q", c.opponent)
	}
	var book [][]engine.Point
	if c.openings != "" {
		var err error
		book, err = readOpenings(c.openings)
		if err != nil {
			return r, err
		}
		if c.games == 0 || c.games > 2*len(book) {
			c.games = 2 * len(book)
		}
	}
	fmt.Fprintf(log, "load average at the start: %s\n", load())
	rng := rand.New(rand.NewPCG(c.seed, c.seed))
	var open []engine.Point
	for g := range c.games {
		if g%2 == 0 {
			if book != nil {
				open = book[g/2]
			} else {
				open = randomOpening(rng, c.opening, c.size, 5)
			}
		}
		ours := ownBrain(c.game, c.level, c.nodes, uint64(g), c.turn)
		theirs, err := newOpponent(g)
		if err != nil {
			return r, errors.Join(err, ours.close())
		}
		ourColor := engine.Black
		if g%2 == 1 {
			ourColor = engine.White
		}
		winner, n, hist, err := play(c.game, ours, theirs, ourColor, open, &r.us, &r.them)
		errOurs, errTheirs := ours.close(), theirs.close()
		if errors.Is(err, errTimeout) {
			winner = ourColor
			r.timeouts++
			fmt.Fprintf(log, "game %d: the opponent lost on time: %v\n", g+1, strings.SplitN(err.Error(), "\n", 2)[0])
			err = nil
		}
		if err = errors.Join(err, errOurs, errTheirs); err != nil {
			return r, fmt.Errorf("game %d: %w", g+1, err)
		}
		r.games = append(r.games, gameRecord{ours: ourColor, winner: winner, moves: hist})
		result := "draw"
		switch winner {
		case ourColor:
			r.us.wins++
			if ourColor == engine.Black {
				r.us.asBlack++
			}
			result = "termgames wins"
		case ourColor.Other():
			r.them.wins++
			if ourColor == engine.White {
				r.them.asBlack++
			}
			result = theirs.name() + " wins; moves " + fmt.Sprint(hist)
		default:
			r.draws++
		}
		fmt.Fprintf(log, "game %2d: termgames-%s plays %v: %s after %d moves\n", g+1, c.level, ourColor, result, n)
		// A running tally, so that a run cut short still says where it was.
		fmt.Fprintf(log, "after %d: termgames-%s %v; opponent %v\n", g+1, c.level, r.us, r.them)
	}
	return r, nil
}

// report writes the match's tally, its last line termgames' W/L/D by
// colour.
func (r matchResult) report(c matchConfig, w io.Writer) {
	theirTurn := c.turn
	if c.oppTurn > 0 {
		theirTurn = c.oppTurn
	}
	games := len(r.games)
	fmt.Fprintf(w, "opponent %s, %d games, %dx%d rule %d, opening %d, openings %q, turn %d ms, opponent's turn %d ms\n",
		c.opponent, games, c.size, c.size, c.rule, c.opening, c.openings, c.turn, theirTurn)
	fmt.Fprintf(w, "load average at the end: %s\n", load())
	fmt.Fprintf(w, "termgames-%s: %v\n", c.level, r.us)
	fmt.Fprintf(w, "opponent:  %v\n", r.them)
	fmt.Fprintf(w, "W/L/D for termgames-%s: %d/%d/%d (%d of the wins by the opponent's timeout)\n", c.level, r.us.wins, r.them.wins, r.draws, r.timeouts)
	asBlack := (games + 1) / 2 // games with termgames as black: the even ones
	bw, bl := r.us.asBlack, r.them.wins-r.them.asBlack
	ww, wl := r.us.wins-r.us.asBlack, r.them.asBlack
	fmt.Fprintf(w, "termgames-%s as black: %d/%d/%d, as white: %d/%d/%d\n", c.level, bw, bl, asBlack-bw-bl, ww, wl, games-asBlack-ww-wl)
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

// play plays one game and returns the winner, the number of stones and
// the stones from the first.
func play(g game, ours, theirs player, ourColor engine.Color, open []engine.Point, us, them *side) (engine.Color, int, []engine.Point, error) {
	b, err := engine.NewBoard(g.size, g.engineRule())
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

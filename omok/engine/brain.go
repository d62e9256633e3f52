package engine

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"termgames/internal/cmdline"
)

// BrainOptions configure Brain.
type BrainOptions struct {
	// Level is the strength (Hard for tournaments).
	Level Level
	// Rand drives the engine's choices; nil uses a fixed seed.
	Rand *rand.Rand
	// Version is what ABOUT reports.
	Version string
	// Nodes, when not 0, limits every move to that many positions instead
	// of the clock: tests use it to get the same moves on every machine.
	Nodes int64
}

// brain is the state of one protocol session.
type brain struct {
	opt     BrainOptions
	eng     *Engine
	out     *bufio.Writer
	board   *Board
	rule    Rule
	size    int
	info    brainInfo
	inBoard bool    // between BOARD and DONE
	quiet   bool    // YXBOARD: set the position without thinking
	own     []Point // BOARD's stones, by owner
	opp     []Point
}

// brainInfo is what INFO told: times in milliseconds (0: not told), memory
// in bytes.
type brainInfo struct {
	turn, match, left int64
	memory            int64
}

// errQuit ends the session (END).
var errQuit = errors.New("end")

// Brain speaks the Gomocup (piskvork) brain protocol: commands on in, one
// per line, answers on out. It returns when in ends or END arrives. A bad
// command gets an ERROR answer and the session goes on; an unknown one gets
// UNKNOWN.
func Brain(in io.Reader, out io.Writer, opt BrainOptions) error {
	br := &brain{opt: opt, out: bufio.NewWriter(out), rule: Freestyle}
	br.eng = New(opt.Level, opt.Rand)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for sc.Scan() {
		err := br.command(strings.TrimSpace(sc.Text()))
		if ferr := br.out.Flush(); ferr != nil {
			return ferr
		}
		if errors.Is(err, errQuit) {
			return nil
		}
	}
	return sc.Err()
}

func (br *brain) reply(format string, a ...any) {
	fmt.Fprintf(br.out, format+"\n", a...)
}

// command handles one line.
func (br *brain) command(line string) error {
	if line == "" {
		return nil
	}
	if br.inBoard {
		br.boardLine(line)
		return nil
	}
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToUpper(word) {
	case "START":
		br.start(rest)
	case "RECTSTART":
		br.reply("ERROR rectangular boards are not supported")
	case "RESTART":
		if br.board == nil {
			br.reply("ERROR RESTART before START")
			return nil
		}
		br.newBoard()
		br.eng.Reset()
		br.reply("OK")
	case "BEGIN":
		if br.ready("BEGIN") && br.board.Moves() != 0 {
			br.reply("ERROR BEGIN on a board with stones; use BOARD")
		} else if br.board != nil {
			br.think()
		}
	case "TURN":
		br.turn(rest)
	case "BOARD", "YXBOARD":
		if br.ready(word) {
			br.inBoard, br.own, br.opp = true, nil, nil
			br.quiet = strings.EqualFold(word, "YXBOARD")
		}
	case "YXSHOWFORBID":
		if br.ready(word) {
			br.reply("FORBID %s.", forbidden(br.board))
		}
	case "INFO":
		br.setInfo(rest)
	case "TAKEBACK":
		br.takeback(rest)
	case "END":
		return errQuit
	case "ABOUT":
		v := br.opt.Version
		if v == "" {
			v = "1.0"
		}
		br.reply(`name="termgames", version="%s", author="termgames", country="KR"`, v)
	default:
		br.reply("UNKNOWN %s", word)
	}
	return nil
}

// ready says whether a game was started, answering ERROR when not.
func (br *brain) ready(cmd string) bool {
	if br.board == nil {
		br.reply("ERROR %s before START", cmd)
		return false
	}
	return true
}

func (br *brain) start(arg string) {
	n, err := strconv.Atoi(arg)
	if err != nil {
		br.reply("ERROR START needs a board size, got %q", arg)
		return
	}
	if n < MinSize || n > MaxSize {
		br.reply("ERROR board size %d is not supported: %d to %d", n, MinSize, MaxSize)
		return
	}
	br.size = n
	br.newBoard()
	br.eng.Reset()
	br.reply("OK")
}

// newBoard empties the board, of the size START checked.
func (br *brain) newBoard() {
	b, err := NewBoard(br.size, br.rule)
	if err != nil {
		panic(fmt.Sprintf("engine: the brain's board: %v", err)) // START refuses a size NewBoard does not take
	}
	br.board = b
}

// point parses "x,y" and checks it is on the board.
func (br *brain) point(s string) (Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	if !ok {
		return Point{}, fmt.Errorf("want x,y, got %q", s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if err1 != nil || err2 != nil {
		return Point{}, fmt.Errorf("want x,y, got %q", s)
	}
	p := Point{x, y}
	if !br.board.Inside(p) {
		return p, fmt.Errorf("%v is outside the %dx%d board", p, br.size, br.size)
	}
	return p, nil
}

func (br *brain) turn(arg string) {
	if !br.ready("TURN") {
		return
	}
	p, err := br.point(arg)
	if err != nil {
		br.reply("ERROR TURN: %v", err)
		return
	}
	if err := br.board.Play(p); err != nil {
		br.reply("ERROR TURN: %v", err)
		return
	}
	if br.board.Winner() != None {
		br.reply("ERROR TURN %v ends the game: nothing to answer", p)
		return
	}
	br.think()
}

// boardLine takes one line of BOARD ... DONE.
func (br *brain) boardLine(line string) {
	if strings.EqualFold(line, "DONE") {
		br.inBoard = false
		if err := br.setup(); err != nil {
			br.reply("ERROR BOARD: %v", err)
			return
		}
		if !br.quiet {
			br.think()
		}
		return
	}
	f := strings.Split(line, ",")
	if len(f) != 3 {
		br.reply("ERROR BOARD: want x,y,who, got %q", line)
		return
	}
	p, err := br.point(f[0] + "," + f[1])
	if err != nil {
		br.reply("ERROR BOARD: %v", err)
		return
	}
	switch strings.TrimSpace(f[2]) {
	case "1":
		br.own = append(br.own, p)
	case "2", "3":
		// 3 is the opponent in a continuous game (Gomocup's "winning
		// line" stones); treat them as the opponent's.
		br.opp = append(br.opp, p)
	default:
		br.reply("ERROR BOARD: who must be 1 or 2, got %q", f[2])
	}
}

// setup builds the board from BOARD's stones. The brain is to move: black
// when the counts are equal, white when the opponent has one more.
func (br *brain) setup() error {
	var black, white []Point
	switch len(br.opp) - len(br.own) {
	case 0:
		black, white = br.own, br.opp
	case 1:
		black, white = br.opp, br.own
	default:
		br.newBoard()
		return fmt.Errorf("%d own and %d opponent stones: not my turn", len(br.own), len(br.opp))
	}
	b, err := Setup(br.size, br.rule, black, white)
	if err != nil {
		br.newBoard()
		return err
	}
	br.board = b
	return nil
}

// Setup returns a board with the given stones, black to move when the
// counts are equal and white when black has one more. It plays them
// alternately, so a position with a five on it is refused.
func Setup(size int, rule Rule, black, white []Point) (*Board, error) {
	if len(black) != len(white) && len(black) != len(white)+1 {
		return nil, fmt.Errorf("%d black and %d white stones", len(black), len(white))
	}
	b, err := NewBoard(size, rule)
	if err != nil {
		return nil, err
	}
	for k := range len(black) + len(white) {
		p := black[k/2]
		if k%2 == 1 {
			p = white[k/2]
		}
		if !b.Inside(p) {
			return nil, fmt.Errorf("%v: %w", p, ErrOutside)
		}
		i := b.index(p)
		if b.cells[i] != cEmpty {
			return nil, fmt.Errorf("%v: %w", p, ErrOccupied)
		}
		// Forbidden points are not checked: the position is given, not
		// played, and some managers send stones in any order.
		b.play(i)
		if b.winner != None {
			return nil, fmt.Errorf("%v completes a five for %v: the game is over", p, b.winner)
		}
	}
	return b, nil
}

// forbidden lists, as Yixin-Board's YXSHOWFORBID answer does ("xxyy" per
// point), the points the side to move may not play when it is black.
func forbidden(b *Board) string {
	var sb strings.Builder
	if b.ToMove() != Black {
		return ""
	}
	for y := range b.Size() {
		for x := range b.Size() {
			if errors.Is(b.Legal(Point{x, y}, Black), ErrForbidden) {
				fmt.Fprintf(&sb, "%02d%02d", x, y)
			}
		}
	}
	return sb.String()
}

func (br *brain) takeback(arg string) {
	if !br.ready("TAKEBACK") {
		return
	}
	p, err := br.point(arg)
	if err != nil {
		br.reply("ERROR TAKEBACK: %v", err)
		return
	}
	h := br.board.History()
	if len(h) > 0 && h[len(h)-1] == p {
		br.board.Undo()
		br.reply("OK")
		return
	}
	var black, white []Point
	found := false
	for k, q := range h {
		switch {
		case q == p:
			found = true
		case k%2 == 0:
			black = append(black, q)
		default:
			white = append(white, q)
		}
	}
	if !found {
		br.reply("ERROR TAKEBACK: no stone on %v", p)
		return
	}
	b, err := Setup(br.size, br.rule, black, white)
	if err != nil {
		br.reply("ERROR TAKEBACK: %v", err)
		return
	}
	br.board = b
	br.reply("OK")
}

func (br *brain) setInfo(arg string) {
	key, val, _ := strings.Cut(arg, " ")
	val = strings.TrimSpace(val)
	n, err := strconv.ParseInt(val, 10, 64)
	number := func() bool {
		if err != nil {
			br.reply("ERROR INFO %s: want a number, got %q", key, val)
			return false
		}
		return true
	}
	switch strings.ToLower(key) {
	case "timeout_turn":
		if number() {
			br.info.turn = n
		}
	case "timeout_match":
		if number() {
			br.info.match = n
		}
	case "time_left":
		if number() {
			br.info.left = n
		}
	case "max_memory":
		if number() {
			br.info.memory = n
			br.eng.SetMemory(n)
		}
	case "rule":
		if number() {
			br.setRule(n)
		}
	}
	// game_type, folder, evaluate and keys yet to come need nothing.
}

// setRule applies Gomocup's rule bits: 1 exactly five, 2 continuous game
// (the manager's business), 4 renju.
func (br *brain) setRule(n int64) {
	var r Rule = Freestyle
	switch {
	case n&4 != 0:
		r = Renju
	case n&1 != 0:
		r = Standard
	}
	if r == br.rule {
		return
	}
	br.rule = r
	if br.board == nil {
		return
	}
	var black, white []Point
	for k, p := range br.board.History() {
		if k%2 == 0 {
			black = append(black, p)
		} else {
			white = append(white, p)
		}
	}
	if b, err := Setup(br.size, r, black, white); err == nil {
		br.board = b
	} else {
		br.reply("ERROR rule %d: %v", n, err)
	}
}

// trip is what the answer's way to the manager may take: the manager
// counts timeout_turn from sending the command to reading the move.
const trip = 30 * time.Millisecond

// limits turns INFO's clock into this move's limit: timeout_turn less the
// answer's trip (the engine keeps its own margin inside that, see Budget),
// and a twentieth of what is left of the match. Hard takes all of it;
// easy and normal no more than their levels' times. Without a
// timeout_turn the level's own time holds.
func (br *brain) limits() Limits {
	if br.opt.Nodes > 0 {
		return Limits{Nodes: br.opt.Nodes}
	}
	t := DefaultLimits(br.opt.Level).Time
	if br.info.turn > 0 {
		turn := time.Duration(br.info.turn)*time.Millisecond - trip
		if br.opt.Level == Hard {
			t = turn
		} else {
			t = min(t, turn)
		}
	}
	if br.info.match > 0 && br.info.left > 0 {
		t = min(t, time.Duration(br.info.left)*time.Millisecond/20)
	}
	return Limits{Time: max(t, 20*time.Millisecond)}
}

// think chooses, plays and answers a move.
func (br *brain) think() {
	r, err := br.eng.Think(context.Background(), br.board, br.limits())
	if err != nil {
		br.reply("ERROR %v", err)
		return
	}
	if err := br.board.Play(r.Move); err != nil {
		br.reply("ERROR %v", err)
		return
	}
	br.reply("%d,%d", r.Move.X, r.Move.Y)
}

// BrainCommand is `termgames omok brain [-level L] [-nodes N] [-seed S]`:
// the brain on stdin and stdout until END or the end of input.
func BrainCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("termgames omok brain", flag.ContinueOnError)
	fs.SetOutput(stdout)
	level := Hard
	fs.Func("level", "strength: easy, normal or hard (default hard)", func(s string) (err error) {
		level, err = ParseLevel(s)
		return err
	})
	nodes := fs.Int64("nodes", 0, "think `N` positions a move instead of using the clock (reproducible games)")
	seed := fs.Uint64("seed", 1, "seed `S` of the engine's random choices")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: termgames omok brain [flags]\n\nSpeaks the Gomocup (piskvork) brain protocol on stdin and stdout. A copy\nor link of termgames named pbrain-<anything> starts as the brain.")
		fs.PrintDefaults()
	}
	if err := cmdline.Parse(fs, args, 0); err != nil {
		return err
	}
	return Brain(stdin, stdout, BrainOptions{Level: level, Nodes: *nodes, Rand: rand.New(rand.NewPCG(*seed, *seed))})
}

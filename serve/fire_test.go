package serve

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"termgames/internal/store"
	"termgames/internal/store/sqlite"
	"termgames/serve/room"
)

// fireFull runs TestGamesSurviveKills in full: 50 games, five kills.
var fireFull = flag.Bool("fire.full", false, "TestGamesSurviveKills: 50 games and five kills (else 10 and two)")

// Nothing is lost under fire: games of omok, baseball and the minesweeper
// race played at once,
// by players with keys, on a server in a process of its own that is
// killed (SIGKILL: nothing written at the end) at a random instant, then
// started again on the same file, again and again. After each kill, every
// move that any player's screen had shown is in the store; after each
// restart, every player connecting again with their key is back at their
// table with every move the store has; and at the end every game has gone
// on to its end, kept with its winner.
//
//	go test -run GamesSurviveKills ./serve/               # 10 games, two kills
//	go test -run GamesSurviveKills ./serve/ -fire.full    # 50 games, five kills
func TestGamesSurviveKills(t *testing.T) {
	games, kills := 10, 2
	if *fireFull {
		games, kills = 50, 5
	}
	if testing.Short() {
		t.Skip("a server killed and started again: not in -short")
	}
	path := filepath.Join(t.TempDir(), "termgames.db")
	srv := startFireServer(t, path)
	rng := mrand.New(mrand.NewPCG(uint64(time.Now().UnixNano()), 42))
	gs := make([]*fireGame, games)
	for i := range gs {
		gs[i] = seatFireGame(t, srv.addr, path, i)
	}
	for kill := 0; kill <= kills; kill++ {
		ctx, cancel := context.WithTimeout(context.Background(), 4*wait)
		var wg sync.WaitGroup
		var made atomic.Int64
		left := 0
		for _, g := range gs {
			left += len(g.script) - g.next
			seed := rng.Uint64()
			wg.Go(func() { g.play(ctx, seed, &made) })
		}
		if kill == kills { // the last stretch: every game to its end
			wg.Wait()
			cancel()
			break
		}
		// The kill falls once a random share of what is left is played,
		// so that every kill finds games under way, with moves on their
		// way to the store.
		share := left / (kills - kill + 1)
		for target := int64(share/2 + rng.IntN(share/2+1)); made.Load() < target; {
			time.Sleep(time.Millisecond)
		}
		srv.kill()
		cancel()
		wg.Wait()
		st, err := sqlite.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var shown, kept, playing int
		for _, g := range gs {
			s, k := g.checkKept(t, st, kill+1)
			shown, kept = shown+s, kept+k
			if k > 0 && k < len(g.script) {
				playing++
			}
		}
		st.Close()
		t.Logf("kill %d: %d games under way; %d moves shown on the screens, %d kept", kill+1, playing, shown, kept)
		srv = startFireServer(t, path)
		for _, g := range gs {
			g.reconnect(t, srv.addr)
		}
	}
	for _, g := range gs {
		for _, c := range g.players {
			c.conn.Close()
		}
	}
	srv.kill()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, g := range gs {
		kept := g.kept(t, st)
		if kept.Ended.IsZero() || kept.Winner != 0 || len(kept.Moves) != len(g.script) {
			t.Errorf("%s game %s at the end: winner %d how %q, %d moves of %d, ended %v", g.name, g.code,
				kept.Winner, kept.How, len(kept.Moves), len(g.script), kept.Ended)
		}
	}
	if inPlay, err := st.InPlay(context.Background(), ""); err != nil || len(inPlay) != 0 {
		t.Errorf("games still in play: %d %v", len(inPlay), err)
	}
}

// fireServer is the test binary serving (childServer) on the store's file.
type fireServer struct {
	addr string
	cmd  *exec.Cmd
}

func startFireServer(t *testing.T, path string) *fireServer {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), benchChild+"=fire", benchStore+"="+path)
	if _, err := cmd.StdinPipe(); err != nil { // kept open: the child serves until killed
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &fireServer{cmd: cmd}
	t.Cleanup(s.kill)
	lines := bufio.NewScanner(out)
	if !lines.Scan() {
		t.Fatal("the server said no address")
	}
	s.addr = lines.Text()
	return s
}

// kill ends the server at once, as a crash or the OOM killer would.
func (s *fireServer) kill() {
	if s.cmd.ProcessState == nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
	}
}

// fireGame is one game under fire: its two players (with keys), its
// table's code, and its moves, the same whatever the kills: each side's
// part of the script, in turn.
type fireGame struct {
	name    string // "omok", "baseball" or "minesweeper" (the race)
	code    string
	keys    [2]gossh.Signer
	players [2]*benchClient
	script  []fireMove
	// cursor is where each omok or race player's cursor is, and home
	// where it is on a screen new after a restart: omok's centre, the
	// race's first opening.
	cursor, home [2][2]int
	// next is the first move of script not yet made, as far as the
	// players' screens showed.
	next int
}

// fireMove is a move of the script: which side makes it, the keys it
// types, and how a screen shows that it was made.
type fireMove struct {
	side   int
	target [2]int // omok: the point; the race: the cell
	text   string // baseball: the number typed; the race: the key, f or Enter
}

// The omok script: black (the host) four on the top row and four on the
// fifth, white four on the third row and four on the seventh, each from
// the left, and black's ninth stone makes five on the top row: 17 moves.
func omokScript() []fireMove {
	black := [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {4, 0}, {4, 1}, {4, 2}, {4, 3}, {0, 4}}
	white := [][2]int{{2, 0}, {2, 1}, {2, 2}, {2, 3}, {6, 0}, {6, 1}, {6, 2}, {6, 3}}
	var s []fireMove
	for i := range len(black) + len(white) {
		if i%2 == 0 {
			s = append(s, fireMove{side: 0, target: black[i/2]})
		} else {
			s = append(s, fireMove{side: 1, target: white[i/2]})
		}
	}
	return s
}

// The baseball script: the host chooses 123 and the guest 456, then they
// guess in turn; the host finds 456 at the fifth guess, the guest never
// finds 123: twelve moves.
func baseballScript() []fireMove {
	s := []fireMove{{side: 0, text: "123"}, {side: 1, text: "456"}}
	host, guest := []string{"789", "798", "879", "897", "456"}, []string{"789", "798", "879", "978", "987"}
	for k := range host {
		s = append(s, fireMove{side: 0, text: host[k]}, fireMove{side: 1, text: guest[k]})
	}
	return s
}

// seatFireGame opens game i's table (by i's remainder of 3: omok,
// baseball, the race) on the server of the store's file path, and seats
// both players.
func seatFireGame(t *testing.T, addr, path string, i int) *fireGame {
	t.Helper()
	g := &fireGame{name: "omok", script: omokScript(), keys: [2]gossh.Signer{newSigner(t), newSigner(t)}}
	switch i % 3 {
	case 1:
		g.name, g.script = "baseball", baseballScript()
	case 2:
		g.name = "minesweeper"
	}
	host := benchConnect(t, addr, fmt.Sprint("h", i), withKey(g.keys[0]))
	guest := benchConnect(t, addr, fmt.Sprint("g", i), withKey(g.keys[1]))
	g.players = [2]*benchClient{host, guest}
	switch g.name {
	case "omok":
		g.code = openOmok(host.client, "1")
		enterOnline(guest.client, "o", "2", g.code)
		host.waitFor("Player 1P, 당신의 턴입니다.")
	case "minesweeper":
		g.code = openRace(host.client, "1")
		raceMenu(guest.client, "2", g.code)
		host.waitFor("남은 지뢰: 10")
		guest.waitFor("남은 지뢰: 10")
		g.script, g.home = raceScript(t, path, g.code)
		g.cursor = g.home
		return g
	default:
		host.waitFor("choose:")
		host.send("b")
		host.waitFor("6. Versus online")
		host.send("6\r")
		host.waitFor("1. Open a new table")
		host.send("1\r")
		host.waitFor("Choose the time control.")
		host.send("1\r")
		g.code = find(host.client, tableCode)
		enterOnline(guest.client, "b", "2", g.code)
		host.waitFor("Choose your number")
	}
	g.home = [2][2]int{{7, 7}, {7, 7}}
	g.cursor = g.home
	return g
}

// raceScript is the script of the race at the table with code: its board
// laid from the seed the store keeps, each side flags three of its mines
// in turn, then 2P opens a fourth and loses: seven moves. It returns the
// script and where both players' cursors start, the first opening.
func raceScript(t *testing.T, path, code string) ([]fireMove, [2][2]int) {
	t.Helper()
	st, err := sqlite.Open(path) // beside the server's: SQLite shares the file
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games, err := st.InPlay(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, kg := range games {
		if kg.Code != code {
			continue
		}
		race, err := room.RaceAt(kg)
		if err != nil {
			t.Fatal(err)
		}
		v := race.View().(*room.RaceView)
		f := v.Field(0)
		r, c, _ := v.First()
		var mines [][2]int
		for i, m := range f.Mines() {
			if m {
				mines = append(mines, [2]int{i / f.Level().Cols, i % f.Level().Cols})
			}
		}
		var s []fireMove
		for k := range 6 {
			s = append(s, fireMove{side: k % 2, target: mines[k], text: "f"})
		}
		s = append(s, fireMove{side: 1, target: mines[6], text: "\r"})
		return s, [2][2]int{{r, c}, {r, c}}
	}
	t.Fatalf("the race at %s is not in the store", code)
	return nil, [2][2]int{}
}

// guessShown matches a guess with its answer on a baseball table.
var guessShown = regexp.MustCompile(`\d{3} (?:\dS \dB|Out)`)

// stonesShown reads omok's count of stones on a table's panel.
var stonesShown = regexp.MustCompile(`놓은 돌: (\d+)`)

// flagsShown reads the other player's flags beside a race player's field.
var flagsShown = regexp.MustCompile(`깃발: (\d+)`)

// shown is how many of the script's moves screen shows made.
func (g *fireGame) shown(screen string, side int) int {
	if g.name == "minesweeper" {
		if strings.Contains(screen, "지뢰를 열었습니다") {
			return len(g.script)
		}
		m := flagsShown.FindStringSubmatch(screen)
		if m == nil {
			return 0
		}
		flags, _ := strconv.Atoi(m[1])
		return g.upTo(1-side, flags)
	}
	if g.name == "omok" {
		if m := stonesShown.FindStringSubmatch(screen); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
		return 0
	}
	if n := len(guessShown.FindAllString(screen, -1)); n > 0 {
		return 2 + n
	}
	if strings.Contains(screen, "Your number: "+g.script[side].text) {
		return side + 1 // the host chooses first
	}
	return 0
}

// play makes the script's moves from next on, each side in turn after a
// moment's thought, each waiting until the other's screen (or, for a
// number chosen, the chooser's own) shows it, until the end or ctx ends;
// made counts the moves shown.
func (g *fireGame) play(ctx context.Context, seed uint64, made *atomic.Int64) {
	think := mrand.New(mrand.NewPCG(seed, 7))
	for g.next < len(g.script) {
		m := g.script[g.next]
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Duration(30+think.IntN(150)) * time.Millisecond):
		}
		mover := g.players[m.side]
		keys := m.text + "\r"
		switch g.name {
		case "omok":
			keys = omokPath(g.cursor[m.side], m.target) + "\r"
			g.cursor[m.side] = m.target
		case "minesweeper":
			keys = omokPath(g.cursor[m.side], m.target) + m.text
			g.cursor[m.side] = m.target
		}
		if _, err := mover.stdin.Write([]byte(keys)); err != nil {
			return
		}
		watcher := 1 - m.side
		if g.name == "baseball" && g.next < 2 {
			watcher = m.side // a number chosen shows on its chooser's screen only
		}
		want := g.next + 1
		if !waitScreen(ctx, g.players[watcher], func(s string) bool { return g.shown(s, watcher) >= want }) {
			return
		}
		g.next = want
		made.Add(1)
	}
}

// omokPath is the keys that move an omok cursor from one point to
// another: up or down, then across.
func omokPath(from, to [2]int) string {
	var b strings.Builder
	for r := from[0]; r < to[0]; r++ {
		b.WriteByte('j')
	}
	for r := from[0]; r > to[0]; r-- {
		b.WriteByte('k')
	}
	for c := from[1]; c < to[1]; c++ {
		b.WriteByte('l')
	}
	for c := from[1]; c > to[1]; c-- {
		b.WriteByte('h')
	}
	return b.String()
}

// waitScreen waits until c's screen satisfies ok; false when ctx ends
// first.
func waitScreen(ctx context.Context, c *benchClient, ok func(string) bool) bool {
	for !ok(c.screen.Text()) {
		select {
		case <-ctx.Done():
			return false
		case <-time.After(5 * time.Millisecond):
		}
	}
	return true
}

// kept is the game as the store has it, found by its table's code among
// the host's games.
func (g *fireGame) kept(t *testing.T, st store.Store) store.Game {
	t.Helper()
	ctx := context.Background()
	inPlay, err := st.InPlay(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, kg := range inPlay {
		if kg.Code == g.code && kg.Seats[0].Key == gossh.FingerprintSHA256(g.keys[0].PublicKey()) {
			return kg
		}
	}
	ended, err := st.GamesOf(ctx, gossh.FingerprintSHA256(g.keys[0].PublicKey()), 5)
	if err != nil || len(ended) == 0 {
		t.Fatalf("%s game %s is not in the store: %v", g.name, g.code, err)
	}
	kg, err := st.Game(ctx, ended[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return kg
}

// checkKept checks, the server dead, that the store has every move that
// either player's screen showed, and takes what it has as where the game
// goes on. It returns the moves shown and those kept.
func (g *fireGame) checkKept(t *testing.T, st store.Store, kill int) (int, int) {
	t.Helper()
	shown := 0
	for side, c := range g.players {
		shown = max(shown, g.shown(c.screen.Text(), side))
		c.conn.Close()
	}
	kg := g.kept(t, st)
	if len(kg.Moves) < shown {
		t.Errorf("kill %d: %s game %s: the screens showed %d moves, the store has %d", kill, g.name, g.code, shown, len(kg.Moves))
	}
	for i, m := range kg.Moves {
		if i < len(g.script) && m.Seat != g.script[i].side {
			t.Errorf("kill %d: %s game %s: move %d kept for seat %d", kill, g.name, g.code, i+1, m.Seat)
		}
	}
	g.next = len(kg.Moves)
	return shown, len(kg.Moves)
}

// reconnect brings both players back with their keys, which put them back
// at their table, and checks that the table shows every move the store
// had (a game the last kept move ended was ended at the restart).
func (g *fireGame) reconnect(t *testing.T, addr string) {
	t.Helper()
	for side := range g.players {
		c := benchConnect(t, addr, fmt.Sprint("p", side), withKey(g.keys[side]))
		g.players[side] = c
		if g.next == len(g.script) {
			continue // the game ended with its last move: nothing to come back to
		}
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		back := waitScreen(ctx, c, func(s string) bool {
			return strings.Contains(s, g.code) && g.shown(s, side) >= g.expectShown(side)
		})
		cancel()
		if !back {
			t.Fatalf("%s game %s: %dP not back at the table with %d moves:\n%s", g.name, g.code, side+1, g.next, c.screen.Text())
		}
	}
	g.cursor = g.home
}

// expectShown is how many moves side's screen shows when the game has
// made next: a baseball player sees the other's number chosen only as
// the guessing starts.
func (g *fireGame) expectShown(side int) int {
	if g.name == "minesweeper" { // the other's flags, up to their last
		n := 0
		for _, m := range g.script[:g.next] {
			if m.side != side && m.text == "f" {
				n++
			}
		}
		return g.upTo(1-side, n)
	}
	if g.name == "baseball" && g.next <= 2 {
		if g.next > side {
			return side + 1
		}
		return 0
	}
	return g.next
}

// upTo is how many of the race's script's moves are made once side has
// made its n-th flag: the moves up to it (0 for none).
func (g *fireGame) upTo(side, n int) int {
	for i, m := range g.script {
		if m.side == side && m.text == "f" {
			if n--; n == 0 {
				return i + 1
			}
		}
	}
	return 0
}

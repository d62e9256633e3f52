package serve

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"termgames/console"
	"termgames/internal/store/stores"
	"termgames/internal/vtmodel"
	"termgames/omok"
	"termgames/serve/web"
)

// benchChild, set in the environment, makes the test binary a server for
// BenchmarkIdleSessions, which measures it from outside: a process of its
// own, so that the clients' memory is not counted as the server's.
const benchChild = "SERVE_BENCH_CHILD"

// benchStore, set in the child's environment, is the -db of its store:
// BenchmarkGames's store=sqlite and store=postgres.
const benchStore = "SERVE_BENCH_STORE"

// benchWeb, set in the child's environment, has it serve the web pages
// too, on a port of their own that it says after the SSH one:
// BenchmarkGames's web=500.
const benchWeb = "SERVE_BENCH_WEB"

func TestMain(m *testing.M) {
	if os.Getenv(benchChild) != "" {
		childServer()
		return
	}
	os.Exit(m.Run())
}

// childServer serves on a loopback port, says which on stdout, and answers
// each line "stats" on stdin with its memory after a collection.
func childServer() {
	menu := gamesMenu
	if os.Getenv(benchChild) == "omok" { // BenchmarkGames: straight to omok's menu
		menu = func(p Player) console.Screen {
			return omok.New(omok.Options{Width: p.Width, Online: p.Online.For("omok")}, nil)
		}
	}
	cfg := config{HostKey: mustSigner(), NewMenu: menu, Log: slog.New(slog.DiscardHandler),
		MaxSessions: 5000, MaxPerAddress: 5000, GuestChat: true}
	if os.Getenv(benchChild) == "fire" { // TestGamesSurviveKills: nobody forfeits while it restarts
		cfg.SeatHold = time.Hour
	}
	if path := os.Getenv(benchStore); path != "" { // BenchmarkGames with the store on
		st, err := stores.Open(context.Background(), path)
		if err != nil {
			panic(err)
		}
		defer st.Close()
		cfg.Store = st
	}
	srv, err := newServer(cfg)
	if err != nil {
		panic(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go srv.Serve(ln)
	if os.Getenv(benchWeb) != "" {
		site, err := web.New(web.Config{Lobby: srv.lobby, Store: srv.cfg.Store, MaxPerAddress: 5000})
		if err != nil {
			panic(err)
		}
		wl, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			panic(err)
		}
		go site.Serve(wl)
		fmt.Println(ln.Addr(), wl.Addr())
	} else {
		fmt.Println(ln.Addr())
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		runtime.GC()
		debug.FreeOSMemory()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		answer := fmt.Sprintf("heap %d stack %d sys %d rss %d goroutines %d", ms.HeapInuse, ms.StackInuse, ms.Sys, rss(), runtime.NumGoroutine())
		// The last profile written is with every session up. It is
		// written before the answer, so that a child stopped right after
		// the answer leaves it whole.
		if path := os.Getenv("SERVE_BENCH_HEAPPROFILE"); path != "" {
			if f, err := os.Create(path); err == nil {
				pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
		fmt.Println(answer)
	}
}

func mustSigner() gossh.Signer {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		panic(err)
	}
	return s
}

// rss is this process's resident memory in bytes (Linux), 0 elsewhere.
func rss() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// childStats is what the child says of its memory.
type childStats struct{ heap, stack, sys, rss, goroutines int64 }

// BenchmarkIdleSessions measures what an idle player costs the server:
// 1,000 sessions on loopback, each at the top menu of its own terminal,
// and the server's memory (a process of its own) before and after, per
// session: the Go heap in use after a collection (heap-B/session), the
// goroutines' stacks (stack-B/session), and the resident set
// (rss-B/session), which is about those two together.
//
//	go test -run '^$' -bench IdleSessions -benchtime 1x ./serve/
func BenchmarkIdleSessions(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads /proc")
	}
	const sessions = 1000
	for b.Loop() {
		addr, _, stats, stop := startChild(b, "1")
		before := stats()
		var conns []*gossh.Client
		for i := range sessions {
			c := benchConnect(b, addr, fmt.Sprint("idle", i), noKey())
			c.waitFor("choose:")
			conns = append(conns, c.conn)
		}
		time.Sleep(time.Second) // the width question's wait, and the first frames, over
		after := stats()
		per := func(a, b int64) float64 { return float64(b-a) / sessions }
		b.ReportMetric(per(before.heap, after.heap), "heap-B/session")
		b.ReportMetric(per(before.stack, after.stack), "stack-B/session")
		b.ReportMetric(per(before.rss, after.rss), "rss-B/session")
		b.ReportMetric(per(before.goroutines, after.goroutines), "goroutines/session")
		for _, c := range conns {
			c.Close()
		}
		stop()
	}
}

// startChild starts the test binary as a server (childServer) of the
// kind menu names, and returns its address, a way to ask its memory, and
// how to stop it.
func startChild(b *testing.B, menu string, env ...string) (addr, web string, stats func() childStats, stop func()) {
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(append(os.Environ(), benchChild+"="+menu), env...)
	stdin, _ := child.StdinPipe()
	stdout, _ := child.StdoutPipe()
	if err := child.Start(); err != nil {
		b.Fatal(err)
	}
	out := bufio.NewScanner(stdout)
	out.Scan()
	addrs := strings.Fields(out.Text())
	if len(addrs) == 0 {
		b.Fatal("the child server said no address")
	}
	if len(addrs) > 1 {
		web = "http://" + addrs[1]
	}
	stats = func() childStats {
		io.WriteString(stdin, "stats\n")
		out.Scan()
		var s childStats
		fmt.Sscanf(out.Text(), "heap %d stack %d sys %d rss %d goroutines %d", &s.heap, &s.stack, &s.sys, &s.rss, &s.goroutines)
		return s
	}
	return addrs[0], web, stats, func() {
		stdin.Close()
		child.Process.Kill()
		child.Wait()
	}
}

// benchClient is a player of the benchmarks: an SSH session with a pty of
// 100 x 30 whose output feeds a modelled screen, and a hook called after
// each write, with the bytes counted.
type benchClient struct {
	*client
	mu    sync.Mutex
	hook  func() // called after each write of the session's output, mu held
	bytes atomic.Int64
}

func (c *benchClient) Write(p []byte) (int, error) {
	c.screen.Write(p)
	c.bytes.Add(int64(len(p)))
	c.mu.Lock()
	if c.hook != nil {
		c.hook()
	}
	c.mu.Unlock()
	return len(p), nil
}

// benchConnect connects a player, with a key when auth has one.
func benchConnect(tb testing.TB, addr, user string, auth []gossh.AuthMethod) *benchClient {
	tb.Helper()
	conn, err := dial(tb, addr, user, auth)
	if err != nil {
		tb.Fatalf("dial: %v", err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		tb.Fatal(err)
	}
	c := &benchClient{client: &client{t: tb, conn: conn, sess: sess, out: &syncBuffer{}, done: make(chan error, 1),
		screen: vtmodel.New(100, 30, narrow)}}
	if c.stdin, err = sess.StdinPipe(); err != nil {
		tb.Fatal(err)
	}
	c.screen.AnswerTo(c.stdin)
	sess.Stdout, sess.Stderr = c, io.Discard
	if err := sess.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{}); err != nil {
		tb.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		tb.Fatal(err)
	}
	go func() { c.done <- sess.Wait() }()
	return c
}

// BenchmarkGames plays 200 omok games at once on one server, 14 moves
// each, and measures each move's time from the mover's key to the moment
// the opponent's screen (an SSH client on loopback, parsing what it gets)
// shows the stone: p50 and p99 (goal: p99 under 20 ms on a two-core
// machine), and the bytes each move sends to the opponent and to the mover.
// The server runs in a process of its own (childServer), the clients in
// this one, on the same two cores. Two loads: players who think 0 to 200 ms before each move (about a
// thousand moves a second in all; people playing take seconds), and
// players who never think, so that 200 moves come at the same instant.
//
// Each load runs three times, side by side: without a store, and with the
// store on (store=sqlite: a SQLite file, every move committed before the
// opponent sees it, every game begun, finished and rated, the players
// with keys; store=postgres: the same in a PostgreSQL database on a
// throw-away local cluster, benchDB). The first load runs once more with a
// 3+2 clock at every table (clock=3+2): each screen then redraws each
// second, its clock counting down, beside the moves; and once more beside
// 50 other players, each at a table of their own, saying a line of chat
// every 50 ms (chat=50: three lines in five seconds are said, the rest
// refused by the flood rule, all of it through their tables).
//
//	go test -run '^$' -bench Games -benchtime 1x ./serve/
func BenchmarkGames(b *testing.B) {
	for _, think := range []time.Duration{200 * time.Millisecond, 0} {
		name := "think=0"
		if think > 0 {
			name = fmt.Sprintf("think=0-%v", think)
		}
		b.Run(name+"/store=off", func(b *testing.B) { benchGames(b, benchLoad{thinkMax: think}) })
		b.Run(name+"/store=sqlite", func(b *testing.B) { benchGames(b, benchLoad{thinkMax: think, kept: "sqlite"}) })
		b.Run(name+"/store=postgres", func(b *testing.B) { benchGames(b, benchLoad{thinkMax: think, kept: "postgres"}) })
		if think > 0 {
			b.Run(name+"/store=off/clock=3+2", func(b *testing.B) { benchGames(b, benchLoad{thinkMax: think, clock: true}) })
			b.Run(name+"/store=off/chat=50", func(b *testing.B) { benchGames(b, benchLoad{thinkMax: think, chatters: 50}) })
			b.Run(name+"/store=off/web=500", func(b *testing.B) { benchGames(b, benchLoad{thinkMax: think, streams: 500}) })
		}
	}
}

// benchLoad is what BenchmarkGames's games are played beside.
type benchLoad struct {
	thinkMax time.Duration
	kept     string // the store: "", sqlite or postgres
	clock    bool   // a 3+2 clock at every table
	chatters int    // players saying a line every 50 ms
	// streams are web pages watching the tables: streams of the pages'
	// events (Server-Sent Events) spread over the tables, each read to
	// its end (web=500).
	streams int
}

func benchGames(b *testing.B, load benchLoad) {
	const games, perSide = 200, 7
	thinkMax, kept, clock, chatters := load.thinkMax, load.kept, load.clock, load.chatters
	for range b.N {
		b.StopTimer()
		var env []string
		auth := func() []gossh.AuthMethod { return noKey() }
		if kept != "" {
			env = append(env, benchStore+"="+benchDB(b, kept))
			auth = func() []gossh.AuthMethod { return withKey(newSigner(b)) }
		}
		if load.streams > 0 {
			env = append(env, benchWeb+"=1")
		}
		addr, web, _, stop := startChild(b, "omok", env...)
		type game struct{ a, b *benchClient }
		gs := make([]game, games)
		codes := make([]string, games)
		for i := range gs {
			a := benchConnect(b, addr, fmt.Sprint("a", i), auth())
			a.waitFor("7. 온라인 대전")
			if clock {
				a.send("7\r1\r1\r2\r2\r") // a freestyle table, 3+2, no swap2
			} else {
				a.send("7\r1\r1\r1\r2\r") // a freestyle table, no clock, no swap2
			}
			a.waitFor("상대를 기다리는 중입니다")
			code := tableCode.FindStringSubmatch(a.screen.Text())[1]
			p := benchConnect(b, addr, fmt.Sprint("b", i), auth())
			p.waitFor("7. 온라인 대전")
			p.send("7\r2\r" + code + "\r")
			a.waitFor("Player 1P, 당신의 턴입니다.")
			p.waitFor("Player 1P(a")
			gs[i] = game{a, p}
			codes[i] = code
		}
		// The chatters, each at a table of their own, say a line every
		// 50 ms until the games are over.
		stopChat := make(chan struct{})
		var chatting sync.WaitGroup
		var flood []*benchClient
		for i := range chatters {
			c := benchConnect(b, addr, fmt.Sprint("c", i), auth())
			flood = append(flood, c)
			c.waitFor("7. 온라인 대전")
			c.send("7\r1\r1\r1\r2\r")
			c.waitFor("상대를 기다리는 중입니다")
			chatting.Go(func() {
				for n := 0; ; n++ {
					select {
					case <-stopChat:
						return
					case <-time.After(50 * time.Millisecond):
					}
					io.WriteString(c.stdin, fmt.Sprintf("cline %d of the flood\r", n))
				}
			})
		}
		// The web pages' watchers: streams of events, round the tables,
		// each read as a browser would until the games are over.
		watched := watchTables(b, web, codes, load.streams)
		var mu sync.Mutex
		var took []time.Duration
		var toOpponent, toMover int64
		moves := 0
		// The clients' own garbage is not collected while they play: they
		// stand for players' machines, and their collections would show
		// as the server's latency. The server (a process of its own)
		// collects its garbage as it always does.
		gc := debug.SetGCPercent(-1)
		b.StartTimer()
		var wg sync.WaitGroup
		began := time.Now()
		for i, g := range gs {
			wg.Go(func() {
				// Players think before each move: the games' moves come at
				// random moments, not 200 at the same instant.
				think := mrand.New(mrand.NewPCG(uint64(i), 1))
				pause := func() {
					if thinkMax > 0 {
						time.Sleep(time.Duration(think.IntN(int(thinkMax))))
					}
				}
				pause()
				players := [2]*benchClient{g.a, g.b}
				glyph := [2]rune{'○', '●'}
				rows := [2]int{0, 2}
				for m := range 2 * perSide {
					side := m % 2
					mover, opp := players[side], players[1-side]
					row, col := rows[side], 2*(m/2)
					keys := "ll\r"
					if m < 2 {
						keys = strings.Repeat("k", 7-row) + strings.Repeat("h", 7) + "\r"
					}
					pause()
					seen := make(chan time.Time, 1)
					opp.mu.Lock()
					opp.hook = func() {
						if opp.screen.At(row, 2*col) == glyph[side] {
							select {
							case seen <- time.Now():
							default:
							}
						}
					}
					opp.mu.Unlock()
					ob, mb := opp.bytes.Load(), mover.bytes.Load()
					sent := time.Now()
					io.WriteString(mover.stdin, keys)
					var at time.Time
					select {
					case at = <-seen:
					case <-time.After(wait):
						b.Errorf("a move did not reach the opponent")
						return
					}
					opp.mu.Lock()
					opp.hook = nil
					opp.mu.Unlock()
					// The move's bytes: everything both screens get until
					// they have been quiet a while (a frame may come in
					// more than one SSH packet).
					for last := [2]int64{-1, -1}; ; {
						now := [2]int64{opp.bytes.Load(), mover.bytes.Load()}
						if now == last {
							break
						}
						last = now
						time.Sleep(20 * time.Millisecond)
					}
					mu.Lock()
					took = append(took, at.Sub(sent))
					toOpponent += opp.bytes.Load() - ob
					toMover += mover.bytes.Load() - mb
					moves++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		b.StopTimer()
		close(stopChat)
		chatting.Wait()
		events := watched()
		if load.streams > 0 {
			b.ReportMetric(float64(events)/float64(load.streams), "events/stream")
		}
		debug.SetGCPercent(gc)
		b.ReportMetric(float64(moves)/time.Since(began).Seconds(), "moves/s")
		if len(took) == 0 {
			return
		}
		slices.Sort(took)
		q := func(p int) float64 { return float64(took[(len(took)-1)*p/100].Microseconds()) / 1000 }
		b.ReportMetric(q(50), "p50-ms")
		b.ReportMetric(q(90), "p90-ms")
		b.ReportMetric(q(99), "p99-ms")
		b.ReportMetric(q(100), "max-ms")
		b.ReportMetric(float64(toOpponent)/float64(moves), "B/move-to-opponent")
		b.ReportMetric(float64(toMover)/float64(moves), "B/move-to-mover")
		b.ReportMetric(float64(moves), "moves")
		for _, g := range gs {
			g.a.conn.Close()
			g.b.conn.Close()
		}
		for _, c := range flood {
			c.conn.Close()
		}
		stop()
	}
}

// watchTables opens n streams of the web pages' events on the tables
// with codes, round them, each read until the returned stop, which
// closes them and returns how many events they got in all. With n 0 it
// opens none.
func watchTables(b *testing.B, web string, codes []string, n int) (stop func() int) {
	var events atomic.Int64
	var reading sync.WaitGroup
	var bodies []io.Closer
	for i := range n {
		res, err := http.Get(web + "/table/" + codes[i%len(codes)] + "/events")
		if err != nil {
			b.Fatal(err)
		}
		if res.StatusCode != http.StatusOK {
			b.Fatalf("stream %d: %s", i, res.Status)
		}
		bodies = append(bodies, res.Body)
		reading.Go(func() {
			sc := bufio.NewScanner(res.Body)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "event: table") {
					events.Add(1)
				}
			}
		})
	}
	return func() int {
		for _, body := range bodies {
			body.Close()
		}
		reading.Wait()
		return int(events.Load())
	}
}

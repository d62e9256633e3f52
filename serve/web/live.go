package web

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"termgames/internal/store"
	"termgames/serve/room"
)

// live.go is a table live: /table/CODE draws it as it stands, and
// /table/CODE/events streams its changes (Server-Sent Events), each the
// table's changing part drawn anew (the "table" template of live.html).
// A table's part is drawn once per change and language, whoever watches
// (fragmentCache), from the State the table published: a page never
// waits on a table, and a thousand watchers cost the table nothing.

// liveWords are the words of a live table.
type liveWords struct {
	NoTable, NoTableText     string
	Waiting, Playing, Over   string
	Turn                     string // Printf: the name of the seat to move
	Choosing                 string // baseball: both choose their numbers
	Racing                   string // the race: both play at once
	Won                      string // Printf: the winner's name, how
	Drawn                    string // Printf: how
	Watchers                 string // Printf: how many
	Black, White             string
	Away                     string // a seat's player has dropped
	Rated, Unrated           string
	Chat, Kept, Live, Closed string
	NoScript                 string
	How                      map[store.How]string
	Opened                   string // the race: Printf opened of safe
	Number                   string // baseball: a seat's number, shown at the end
}

var liveKorean = liveWords{
	NoTable: "없는 테이블", NoTableText: "그 코드의 테이블이 없습니다. 끝났거나 코드가 틀렸습니다.",
	Waiting: "상대를 기다리는 중", Playing: "대국 중", Over: "끝남",
	Turn: "%s의 차례", Choosing: "두 사람이 숫자를 정하는 중", Racing: "두 사람이 동시에 풀고 있습니다",
	Won: "%s 승리 (%s)", Drawn: "무승부 (%s)", Watchers: "관전 %d명",
	Black: "흑", White: "백", Away: "연결 끊김", Rated: "레이팅 대국", Unrated: "연습 대국",
	Chat: "채팅", Kept: "기보 보기", Live: "실시간", Closed: "테이블이 닫혔습니다.",
	NoScript: "자바스크립트 없이는 새로 고쳐야 바뀐 것이 보입니다.",
	How: map[store.How]string{store.Five: "오목", store.Found: "숫자를 먼저 맞힘", store.Draw: "같은 횟수",
		store.Resigned: "기권", store.Forfeit: "시간 내 돌아오지 않음", store.Time: "시간 초과", store.Agreed: "합의",
		store.Void: "무효", room.RaceCleared: "먼저 다 열었음", room.RaceMine: "지뢰를 밟음"},
	Opened: "%d / %d 칸", Number: "숫자",
}

var liveEnglish = liveWords{
	NoTable: "No such table", NoTableText: "No table has that code: it has ended, or the code is wrong.",
	Waiting: "Waiting for a player", Playing: "Playing", Over: "Over",
	Turn: "%s to move", Choosing: "Both players are choosing their numbers", Racing: "Both players clear their fields at once",
	Won: "%s won (%s)", Drawn: "A draw (%s)", Watchers: "%d watching",
	Black: "black", White: "white", Away: "dropped", Rated: "rated", Unrated: "unrated",
	Chat: "Chat", Kept: "The kept game", Live: "live", Closed: "The table has closed.",
	NoScript: "Without JavaScript, reload the page to see what changed.",
	How: map[store.How]string{store.Five: "five in a row", store.Found: "found the number first", store.Draw: "as many guesses",
		store.Resigned: "resigned", store.Forfeit: "did not come back in time", store.Time: "on time", store.Agreed: "agreed",
		store.Void: "void", room.RaceCleared: "cleared first", room.RaceMine: "opened a mine"},
	Opened: "%d of %d cells", Number: "number",
}

// liveView is a table's changing part, as the "table" template draws it.
type liveView struct {
	W        *words
	Code     string
	Title    string
	Control  string // the time control, "" for none
	Seats    [2]liveSeat
	Watchers int
	Status   string
	Result   string
	Over     bool
	Rated    bool
	GameID   int64
	Kept     bool // the store keeps the game: its page is linked once over
	Clock    bool
	At       int64 // the clocks' instant, Unix milliseconds
	Omok     *omokBoard
	Rounds   *roundsBoard
	Fields   []mineField
	Chat     []store.ChatLine
}

// liveSeat is a seat as the live page shows it.
type liveSeat struct {
	Name    string
	Taken   bool
	Colour  string // omok's: 흑, 백; "" elsewhere
	Left    int64  // the clock's milliseconds at At
	Running bool
	ToMove  bool
	Away    bool
	Note    string // the race: cells opened
}

// viewOf draws st, a state of table code.
func viewOf(w *words, code string, st room.State, gameID int64, kept bool) liveView {
	v := liveView{W: w, Code: code, Kept: kept, Watchers: st.Watchers, Over: st.Outcome.Over, Rated: st.Rated, GameID: gameID,
		Title: w.name(st.Setup.Game.Name(), st.Setup.Rule), Clock: st.Clock.Timed(), At: st.Clock.At.UnixMilli()}
	if st.Setup.Control.Timed() {
		v.Control = st.Setup.Control.String()
	}
	turn := -1
	for i, s := range st.Seats {
		v.Seats[i] = liveSeat{Name: s.Name, Taken: s.Taken, Away: s.Taken && s.Present == 0,
			Left: st.Clock.Left[i].Milliseconds(), Running: st.Clock.Running == i && !st.Outcome.Over}
	}
	for _, line := range st.Chat {
		if !line.Watcher {
			v.Chat = append(v.Chat, line)
		}
	}
	if game, ok := webGames[st.Setup.Game.Name()]; ok {
		turn = game.live(w, st, &v)
	}
	switch {
	case st.Outcome.Over:
		v.Result = w.result(st.Outcome.How, st.Outcome.Winner, [2]string{st.Seats[0].Name, st.Seats[1].Name})
		v.Status = w.Live.Over
	case !st.Seats[1].Taken:
		v.Status = w.Live.Waiting
	case turn >= 0:
		v.Seats[turn].ToMove = true
		v.Status = fmt.Sprintf(w.Live.Turn, st.Seats[turn].Name)
	case v.Status == "":
		v.Status = w.Live.Playing
	}
	return v
}

// livePage is the page of a table: its changing part, and when the page
// was made (the clocks count from there).
type livePage struct {
	Table template.HTML
	Code  string
	Now   int64
}

// live is the page of the table /table/CODE.
func (s *Site) live(w http.ResponseWriter, r *http.Request) {
	wd := wordsFor(w, r)
	code := room.NormCode(r.PathValue("code"))
	tb, ok := s.cfg.Lobby.Table(code)
	if !ok {
		s.render(w, r, http.StatusNotFound, "notfound", wd.Live.NoTable, "", nil)
		return
	}
	st, _ := tb.State()
	frag, err := s.fragment(tb, st, wd)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	title := wd.name(st.Setup.Game.Name(), st.Setup.Rule) + " " + tb.Code
	s.render(w, r, http.StatusOK, "live", title, "live.js",
		livePage{Table: template.HTML(frag), Code: tb.Code, Now: time.Now().UnixMilli()})
}

// streamPing is how often a stream with no change says it is alive, so
// that proxies keep it open and a closed one is found.
const streamPing = 20 * time.Second

// streamWrite is how long a stream's write may take: a watcher who reads
// nothing is let go.
const streamWrite = 10 * time.Second

// events streams table CODE's changes: an event "table" at once and at
// each change, its data the time it was sent (Unix milliseconds) on the
// first line and the table's changing part after; "closed" when the
// table is gone; a comment every streamPing.
func (s *Site) events(w http.ResponseWriter, r *http.Request) {
	wd := wordsFor(w, r)
	code := room.NormCode(r.PathValue("code"))
	tb, ok := s.cfg.Lobby.Table(code)
	if !ok {
		http.Error(w, wd.Live.NoTableText, http.StatusNotFound)
		return
	}
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		s.log.Warn("web: refused", "reason", "streams", "remote", r.RemoteAddr)
		s.metrics.refused.WithLabelValues("streams").Inc()
		w.Header().Set("Retry-After", "10")
		http.Error(w, "too many watchers: try again in a moment", http.StatusServiceUnavailable)
		return
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(text []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(streamWrite))
		if _, err := w.Write(text); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	ping := time.NewTicker(streamPing)
	defer ping.Stop()
	last := -1
	for {
		st, changed := tb.State()
		if st.Version != last {
			frag, err := s.fragment(tb, st, wd)
			if err != nil {
				s.log.Error("web: a table failed to draw", "table", tb.Code, "err", err)
				return
			}
			if !send(event("table", st.Version, frag)) {
				return
			}
			last = st.Version
		}
		select {
		case <-changed:
		case <-ping.C:
			if now, ok := s.cfg.Lobby.Table(code); !ok || now != tb {
				send(event("closed", last, []byte(wd.Live.Closed)))
				return
			}
			if !send([]byte(": ping\n\n")) {
				return
			}
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		}
	}
}

// event writes a Server-Sent Event: its name, id, and data, the time it
// is sent on the first line.
func event(name string, id int, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString("event: " + name + "\nid: " + strconv.Itoa(id) + "\ndata: " + strconv.FormatInt(time.Now().UnixMilli(), 10) + "\n")
	for line := range strings.SplitSeq(string(data), "\n") {
		b.WriteString("data: ")
		b.WriteString(line)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// fragment is table tb's changing part at st in wd's language, drawn once
// for every page and stream that asks for that version.
func (s *Site) fragment(tb *room.Table, st room.State, wd *words) ([]byte, error) {
	return s.fragments.get(tb, st.Version, wd.Code, func() ([]byte, error) {
		var b bytes.Buffer
		err := s.pages["live"].ExecuteTemplate(&b, "table", viewOf(wd, tb.Code, st, tb.GameID(), s.cfg.Store != nil))
		return b.Bytes(), err
	})
}

// fragmentCache keeps the last drawn version of each table in each
// language.
type fragmentCache struct {
	mu    sync.Mutex
	m     map[fragmentKey]*drawn
	draws atomic.Int64 // how many parts were drawn, for the tests
}

type fragmentKey struct {
	table *room.Table
	lang  string
}

// drawn is a version of a table's part, drawn or being drawn: done
// closes when html is there.
type drawn struct {
	version int
	done    chan struct{}
	html    []byte
	err     error
}

// get returns table's part at version in lang, drawing it with draw
// unless it is drawn or being drawn; the versions before are dropped, and
// the tables no longer open with them, now and then.
func (c *fragmentCache) get(table *room.Table, version int, lang string, draw func() ([]byte, error)) ([]byte, error) {
	key := fragmentKey{table, lang}
	c.mu.Lock()
	if c.m == nil {
		c.m = map[fragmentKey]*drawn{}
	}
	d := c.m[key]
	if d == nil || d.version < version {
		d = &drawn{version: version, done: make(chan struct{})}
		c.m[key] = d
		c.mu.Unlock()
		c.draws.Add(1)
		d.html, d.err = draw()
		close(d.done)
		return d.html, d.err
	}
	c.mu.Unlock()
	if d.version > version { // an older state, asked late: drawn for itself
		return draw()
	}
	<-d.done
	return d.html, d.err
}

// forget drops the parts of the tables that are not open.
func (c *fragmentCache) forget(open func(*room.Table) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.m {
		if !open(k.table) {
			delete(c.m, k)
		}
	}
}

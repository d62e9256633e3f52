package omok

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"termgames/internal/cmdline"
	"termgames/omok/engine"
	"termgames/omok/renju"
)

// piskvork are files as Piskvork's savePsq writes them: the header, one
// x,y,ms line a move (from 1 at the top-left), the players' names only in
// a tournament, and the code line. Piskvork opens files in text mode, so
// on Windows its lines end in CR LF.
var piskvork = map[string]string{
	"no names": "Piskvorky 15x15, 0:0, 0\n8,8,1500\n9,9,2250\n9,8,0\n0\n",
	"names":    "Piskvorky 15x15, 11:11, 0\n8,8,10\n9,9,20\n9,8,30\npbrain-yixin.exe\npbrain-embryo.exe\n0\n",
	"crlf":     "Piskvorky 15x15, 0:0, 0\r\n8,8,1500\r\n9,9,2250\r\n9,8,0\r\n0\r\n",
	"crlf names": "Piskvorky 15x15, 1:0, 1\r\n8,8,1500\r\n9,9,2250\r\n9,8,0\r\nhomo-1\r\n" +
		"homo-2\r\n-1\r\n",
	"no times":       "Piskvorky 15x15, 0:0, 0\n8,8\n9,9\n9,8\n",
	"trailing lines": "Piskvorky 15x15, 0:0, 0\n8,8,1\n9,9,2\n9,8,3\n0\n\nsome other program's line\n\n",
}

func TestReadPiskvork(t *testing.T) {
	want := []Point{{7, 7}, {8, 8}, {7, 8}} // h8 i7 i8 on 15x15
	for name, text := range piskvork {
		r, err := ParseRecord([]byte(text), 0, Freestyle)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if r.Size != 15 || r.Rule != Freestyle || len(r.Moves) != 3 {
			t.Errorf("%s: %d moves on %d, %v", name, len(r.Moves), r.Size, r.Rule)
			continue
		}
		for k, p := range want {
			if r.Moves[k].Point != p {
				t.Errorf("%s: move %d at %v, want %v", name, k+1, r.Moves[k].Point, p)
			}
		}
		if got := r.MoveString(); got != "h8 i7 i8" {
			t.Errorf("%s: moves %q", name, got)
		}
	}
	r, _ := ParseRecord([]byte(piskvork["no names"]), 0, Freestyle)
	if r.Moves[1].Time != 2250*time.Millisecond {
		t.Errorf("time %v, want 2.25s", r.Moves[1].Time)
	}
	r, _ = ParseRecord([]byte(piskvork["names"]), 0, Freestyle)
	if r.Names != [2]string{"pbrain-yixin.exe", "pbrain-embryo.exe"} || r.Levels != [2]int{11, 11} {
		t.Errorf("names %q, levels %v", r.Names, r.Levels)
	}
}

// TestWritePiskvork checks the .psq written against what Piskvork's
// openPsq reads: the header fscanf'd, the moves until the first line that
// is no "x,y", then two lines taken as the players' names (a name not
// starting homo- would be loaded as a brain). The rule follows the code
// line, out of the reader's way.
func TestWritePiskvork(t *testing.T) {
	r := &Record{Size: 15, Rule: Renju, Levels: [2]int{0, 3}, Unfinished: true,
		Moves: []Move{{Point{7, 7}, 1500 * time.Millisecond}, {Point{8, 8}, 20 * time.Millisecond}}}
	want := "Piskvorky 15x15, 0:3, 0\n8,8,1500\n9,9,20\nhomo-1\npbrain-termgames\n0\nrule renju\nunfinished\n"
	if got := string(r.PSQ()); got != want {
		t.Fatalf("psq:\n%s\nwant:\n%s", got, want)
	}
	back, err := ParseRecord(r.PSQ(), 0, Freestyle)
	if err != nil || !back.Equal(r) || !back.Unfinished || back.Levels != r.Levels {
		t.Fatalf("read back %+v, %v", back, err)
	}
}

// Players' names are free text (an online game's come from SSH user
// names): one that would read back as a move or as the code line is
// written in quotes, so that the moves, the names and the rule all read
// back as they were.
func TestWriteNamesThatLookLikeMoves(t *testing.T) {
	for _, names := range [][2]string{{"3,4", "42"}, {"1,2,3", " 0 "}, {"alice", "bob\n9,9"}} {
		r := &Record{Size: 15, Rule: Omok, Names: names,
			Moves: []Move{{Point{7, 7}, time.Second}, {Point{8, 8}, 2 * time.Second}}}
		back, err := ParseRecord(r.PSQ(), 0, Freestyle)
		if err != nil || !back.Equal(r) {
			t.Errorf("names %q: read back %+v, %v\n%s", names, back, err, r.PSQ())
			continue
		}
		for k, name := range back.Names {
			if want := psqName(names[k], k, 0); name != want || !strings.Contains(name, strings.TrimSpace(strings.Split(names[k], "\n")[0])) {
				t.Errorf("names %q: name %d read back %q, want %q", names, k+1, name, want)
			}
		}
	}
}

func TestMoveString(t *testing.T) {
	want := []Point{{7, 7}, {6, 8}, {5, 9}} // h8 i9 j10 on 15x15
	for _, s := range []string{"h8 i9 j10", "h8i9j10", "H8,I9,J10", "h8, i9, j10\n", " H8I9j10 "} {
		r, err := ParseRecord([]byte(s), 0, Freestyle)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		for k, p := range want {
			if r.Moves[k].Point != p {
				t.Errorf("%q: move %d at %v, want %v", s, k+1, r.Moves[k].Point, p)
			}
		}
	}
	// a1 is the bottom-left corner; a move past 15 makes the board 19.
	r, err := ParseRecord([]byte("a1 s19"), 0, Freestyle)
	if err != nil || r.Size != 19 || r.Moves[0].Point != (Point{18, 0}) || r.Moves[1].Point != (Point{0, 18}) {
		t.Fatalf("a1 s19: %+v, %v", r, err)
	}
	if got := r.MoveString(); got != "a1 s19" {
		t.Errorf("written %q", got)
	}
}

// TestBadRecords: each bad input is refused in one line naming the file
// and the line or move, and convert prints nothing and fails (status 1,
// not a usage error).
func TestBadRecords(t *testing.T) {
	tooLong := "Piskvorky 15x15, 0:0, 0\n" + strings.Repeat("1,1,0\n", maxRecordBytes/6+1)
	for _, c := range []struct {
		name, text, flags, want string
	}{
		{"not a record", "Hello, this is a letter.\n", "", "line 1: not a record"},
		{"not a psq header", "Piskvorky 15 by 15\n8,8,0\n", "", "line 1: \"Piskvorky 15 by 15\" is not a .psq header"},
		{"board not square", "Piskvorky 15x19, 0:0, 0\n8,8,0\n", "", "line 1: board 15x19"},
		{"board too big", "Piskvorky 20x20, 0:0, 0\n8,8,0\n", "", "line 1: board 20x20"},
		{"bad move", "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,x,0\n", "", "line 3: \"9,x,0\" is not a move"},
		{"off the board psq", "Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n", "", "line 3: move 2 (p15): off the 15x15 board"},
		{"off the board moves", "h8 h20", "", "move 2 (h20): off the 19x19 board"},
		{"off the board moves sized", "h8 h16", "-size 15", "move 2 (h16): off the 15x15 board"},
		{"off the board 0", "h8 h0", "", "move 2 (h0): off the 15x15 board"},
		{"bad point", "h8 i9 zz", "", "line 1: move 3: \"zz\" is not a point"},
		{"taken psq", "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n8,8,0\n0\n", "", "line 4: move 3 (h8): the point is already taken"},
		{"taken moves", "h8 i9 h8", "", "move 3 (h8): the point is already taken"},
		{"after the win", "a1 a2 b1 b2 c1 c2 d1 d2 e1 e2 f1", "", "move 10 (e2): a move after the game was over"},
		{"after the win psq", "Piskvorky 15x15, 0:0, 0\n1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n4,1,0\n4,2,0\n5,1,0\n5,2,0\n0\n", "", "line 11: move 10 (e14): a move after the game was over"},
		// Black's 3-3 at h8: g8 i8 across and h7 h9 down, white far away.
		{"forbidden", "g8 a1 i8 a3 h7 a5 h9 a7 h8", "-rule renju", "move 9 (h8): forbidden move: 3-3"},
		{"forbidden psq", "Piskvorky 15x15, 0:0, 0\n7,8,0\n1,15,0\n9,8,0\n1,13,0\n8,9,0\n1,11,0\n8,7,0\n1,9,0\n8,8,0\n0\nrule renju\n", "", "line 10: move 9 (h8): forbidden move: 3-3"},
		{"bad rule line", "Piskvorky 15x15, 0:0, 0\n8,8,0\n0\nrule chess\n", "", "line 4: unknown rule"},
		{"empty", "", "", "empty"},
		{"only spaces", " \n\r\n ", "", "empty"},
		{"psq without moves", "Piskvorky 15x15, 0:0, 0\n0\n", "", "line 2: empty"},
		{"too long", tooLong, "", "longer than any game"},
		{"too many moves", strings.Repeat("a1 ", 400), "", "move 362: longer than any game"},
		{"more moves than points", "Piskvorky 5x5, 0:0, 0\n" + strings.Repeat("1,1,0\n", 26), "", "line 27: longer than any game"},
		{"bad time", "Piskvorky 15x15, 0:0, 0\n8,8,-5\n", "", "line 2: \"8,8,-5\": time -5 ms"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "game.psq")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"-to", "psq", path}
			args = append(strings.Fields(c.flags), args...)
			var out, errs bytes.Buffer
			err := convertCommand(args, strings.NewReader(""), &out, &errs)
			var ue cmdline.UsageError
			switch {
			case err == nil:
				t.Fatalf("accepted, printed %q", out.String())
			case errors.As(err, &ue):
				t.Fatalf("a usage error: %v", err)
			case !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), c.want):
				t.Errorf("error %q, want %q after the file's name", err, c.want)
			case strings.Contains(err.Error(), "\n"):
				t.Errorf("error of more than one line: %q", err)
			}
			if out.Len() != 0 || errs.Len() != 0 {
				t.Errorf("printed %q, said %q", out.String(), errs.String())
			}
		})
	}
}

func TestConvertUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-to", "pdf"}, "-to"},
		{[]string{"-nosuch"}, ""},
		{[]string{"a.psq", "b.psq"}, "unexpected argument"},
		{[]string{"-size", "17"}, ""},
	} {
		var out, errs bytes.Buffer
		err := convertCommand(c.args, strings.NewReader("h8"), &out, &errs)
		var ue cmdline.UsageError
		if !errors.As(err, &ue) {
			t.Errorf("%q: %v, want a usage error", c.args, err)
			continue
		}
		if c.want != "" && (ue.Err == nil || !strings.Contains(ue.Err.Error(), c.want)) {
			t.Errorf("%q: %v, want it to name %s", c.args, ue.Err, c.want)
		}
		if out.Len() != 0 || errs.Len() != 0 {
			t.Errorf("%q: printed %q, said %q besides the one line", c.args, out.String(), errs.String())
		}
	}
	var out, errs bytes.Buffer
	if err := convertCommand([]string{"-h"}, strings.NewReader(""), &out, &errs); !errors.Is(err, flag.ErrHelp) || !strings.Contains(out.String(), "usage: termgames omok convert") {
		t.Errorf("-h: %v, %q", err, out.String())
	}
}

// selfPlay is a game of the engine against itself under rule, with small
// node limits: the same game on every machine.
func selfPlay(t *testing.T, size int, rule Rule, seed uint64) *Record {
	t.Helper()
	b, err := engine.NewBoard(size, engine.RuleOf(rule))
	if err != nil {
		t.Fatal(err)
	}
	eng := engine.New(engine.Normal, rand.New(rand.NewPCG(seed, seed)))
	for b.Winner() == 0 && !b.Full() && b.Moves() < 120 {
		r, err := eng.Think(context.Background(), b, engine.Limits{Nodes: 300})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(r.Move); err != nil {
			t.Fatalf("move %d %v: %v", b.Moves()+1, r.Move, err)
		}
	}
	rec := &Record{Size: size, Rule: rule}
	for k, p := range b.History() {
		rec.Moves = append(rec.Moves, Move{Point: Point{Row: p.Y, Col: p.X}, Time: time.Duration(k) * time.Millisecond})
	}
	return rec
}

// TestConvertRoundTrip: games of the engine against itself on both
// boards and under every rule go psq → moves → psq and give the same
// board from either form, through the convert command itself.
func TestConvertRoundTrip(t *testing.T) {
	for _, size := range []int{DefaultSize, LargeSize} {
		for _, rule := range renju.Rules {
			rec := selfPlay(t, size, rule, uint64(size)*10+uint64(rule))
			if len(rec.Moves) < 9 {
				t.Fatalf("%d %v: a game of %d moves", size, rule, len(rec.Moves))
			}
			psq := convert(t, rec.PSQ(), "psq")
			if !bytes.Equal(psq, rec.PSQ()) {
				t.Errorf("%d %v: psq → psq:\n%s\nwant:\n%s", size, rule, psq, rec.PSQ())
			}
			moves := convert(t, psq, "moves")
			if got := strings.TrimSpace(string(moves)); got != rec.MoveString() {
				t.Errorf("%d %v: psq → moves %q, want %q", size, rule, got, rec.MoveString())
			}
			args := []string{"-size", strconv.Itoa(size), "-rule", rule.String()}
			back := convert(t, moves, "psq", args...)
			again, err := ParseRecord(back, 0, Freestyle)
			if err != nil {
				t.Fatalf("%d %v: moves → psq: %v", size, rule, err)
			}
			if again.MoveString() != rec.MoveString() || again.Rule != rule || again.Size != size {
				t.Errorf("%d %v: moves → psq gives %s under %v", size, rule, again.MoveString(), again.Rule)
			}
			fromPSQ, fromMoves := convert(t, psq, "board"), convert(t, moves, "board", args...)
			if !bytes.Equal(fromPSQ, fromMoves) || string(fromPSQ) != rec.BoardText() {
				t.Errorf("%d %v: boards differ:\n%s\n%s", size, rule, fromPSQ, fromMoves)
			}
			if strings.Count(string(fromPSQ), "\n") != size {
				t.Errorf("%d %v: board of %d lines", size, rule, strings.Count(string(fromPSQ), "\n"))
			}
		}
	}
}

// TestBoardForJudge: the board convert prints is one the Baekjoon 2615
// judge reads, and it finds the same winner.
func TestBoardForJudge(t *testing.T) {
	r, err := ParseRecord([]byte("a1 a2 b1 b2 c1 c2 d1 d2 e1"), 19, Standard)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Judge(strings.NewReader(r.BoardText()))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.String(); got != "1\n19 1\n" {
		t.Errorf("judge says %q", got)
	}
}

// convert runs the convert command on in (as standard input) with -to.
func convert(t *testing.T, in []byte, to string, args ...string) []byte {
	t.Helper()
	var out, errs bytes.Buffer
	if err := convertCommand(append(append(args, "-to", to), "-"), bytes.NewReader(in), &out, &errs); err != nil {
		t.Fatalf("convert -to %s: %v (%s)\n%s", to, err, errs.String(), in)
	}
	return out.Bytes()
}

func FuzzParsePSQ(f *testing.F) {
	for _, s := range piskvork {
		f.Add([]byte(s))
	}
	f.Add([]byte("Piskvorky 15x15, 0:0, 0\n8,8,0\n0\nrule renju\nunfinished\n"))
	f.Add([]byte("Piskvorky 5x5, 0:0, 0\n1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n4,1,0\n4,2,0\n5,1,0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRecord(append([]byte("Piskvorky "), data...), 0, Freestyle)
		if err != nil {
			return
		}
		back, err := ParseRecord(r.PSQ(), 0, Freestyle)
		if err != nil || !back.Equal(r) {
			t.Fatalf("read back %v: %v\n%s", back, err, r.PSQ())
		}
	})
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"h8 i9 j10", "H8I9J10", "a1,s19", "a1 a2 b1 b2 c1 c2 d1 d2 e1 e2", "h8 h8", "z99", "g8 a1 i8 a3 h7 a5 h9 a7 h8"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, rule uint8) {
		ru := renju.Rules[int(rule)%len(renju.Rules)]
		r, err := ParseRecord([]byte(s), 0, ru)
		if err != nil {
			return
		}
		back, err := ParseRecord([]byte(r.MoveString()), r.Size, ru)
		if err != nil || back.MoveString() != r.MoveString() {
			t.Fatalf("%q read back as %v: %v", r.MoveString(), back, err)
		}
	})
}

// The files docs/records.md converts: the move string and the .psq
// written from it are the same game.
func TestRecordFixtures(t *testing.T) {
	moves, err := os.ReadFile(filepath.Join("testdata", "record.txt"))
	if err != nil {
		t.Fatal(err)
	}
	psq, err := os.ReadFile(filepath.Join("testdata", "record.psq"))
	if err != nil {
		t.Fatal(err)
	}
	if got := convert(t, moves, "psq"); !bytes.Equal(got, psq) {
		t.Errorf("record.txt as psq:\n%s\nwant record.psq:\n%s", got, psq)
	}
	if got := convert(t, psq, "moves"); !bytes.Equal(got, moves) {
		t.Errorf("record.psq as moves: %q, want %q", got, moves)
	}
}

// ParsePoint reads every point PointName spells, on both boards, and
// refuses what is no point of the board.
func TestParsePoint(t *testing.T) {
	for _, size := range []int{DefaultSize, LargeSize} {
		for r := range size {
			for c := range size {
				p := Point{Row: r, Col: c}
				name := PointName(p, size)
				if got, err := ParsePoint(name, size); err != nil || got != p {
					t.Fatalf("%dx%d: %q read as %v, %v; want %v", size, size, name, got, err, p)
				}
				if got, err := ParsePoint(" "+strings.ToUpper(name)+" ", size); err != nil || got != p {
					t.Fatalf("%dx%d: %q in capitals read as %v, %v", size, size, name, got, err)
				}
			}
		}
	}
	for _, bad := range []string{"", "h", "8", "h0", "h08", "h16", "p8", "h-1", "hh8", "h8x", "h 8", "é8"} {
		if p, err := ParsePoint(bad, DefaultSize); err == nil {
			t.Errorf("%q read as %v on the 15x15 board", bad, p)
		}
	}
}

// FuzzParsePoint: no input panics, and a point read is on the board and
// spelled back as read.
func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"h8", "A1", "o15", "s19", "t20", "a0", "h08", " j10 ", "z9", "", "가8", "a+5", "a-1"} {
		f.Add(s, 15)
	}
	f.Fuzz(func(t *testing.T, s string, size int) {
		if size < minSize || size > maxSize {
			size = DefaultSize
		}
		p, err := ParsePoint(s, size)
		if err != nil {
			return
		}
		if p.Row < 0 || p.Row >= size || p.Col < 0 || p.Col >= size {
			t.Fatalf("%q on %d: %v off the board", s, size, p)
		}
		if name := PointName(p, size); !strings.EqualFold(name, strings.TrimSpace(s)) {
			t.Fatalf("%q read as %v, spelled %q", s, p, name)
		}
	})
}

package omok

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"termgames/internal/screentest"
)

// sample is the problem's example (testdata/boj2615_sample.txt, which the
// end-to-end test of the command reads too); the answer is 2, then 7 5.
var sample = func() string {
	b, err := os.ReadFile("testdata/boj2615_sample.txt")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// boardText writes a 19x19 judge input with the given stones (0-based
// points), one row per line, numbers separated by single spaces. White is
// put after black, so a table can break a black line with a white stone.
func boardText(stones map[Stone][]Point) string {
	var cells [JudgeSize][JudgeSize]Stone
	for _, s := range []Stone{P1, P2} {
		for _, p := range stones[s] {
			cells[p.Row][p.Col] = s
		}
	}
	var sb strings.Builder
	for _, row := range cells {
		for c, s := range row {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte('0' + byte(s))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestJudgeSample(t *testing.T) {
	got, err := Judge(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != "2\n7 5\n" {
		t.Fatalf("Judge(sample) = %q, want %q", got.String(), "2\n7 5\n")
	}
}

func TestJudge(t *testing.T) {
	const last = JudgeSize - 1
	upRight := Point{-1, 1}
	tests := []struct {
		name   string
		stones map[Stone][]Point
		want   string
	}{
		{name: "empty board", want: "0\n"},
		{name: "four in a row", stones: map[Stone][]Point{P1: line(Point{9, 9}, right, 4)}, want: "0\n"},
		{name: "→ in the middle", stones: map[Stone][]Point{P1: line(Point{9, 7}, right, 5)}, want: "1\n10 8\n"},
		{name: "↓ gives the topmost", stones: map[Stone][]Point{P2: line(Point{4, 11}, down, 5)}, want: "2\n5 12\n"},
		{name: "↘ gives the top-left", stones: map[Stone][]Point{P1: line(Point{2, 3}, downRight, 5)}, want: "1\n3 4\n"},
		{name: "↗: the leftmost is the lowest", stones: map[Stone][]Point{P2: line(Point{9, 2}, upRight, 5)}, want: "2\n10 3\n"},
		{name: "↗ in the middle", stones: map[Stone][]Point{P1: line(Point{12, 6}, upRight, 5)}, want: "1\n13 7\n"},
		// Six or more is not a win; a real five beside it is.
		{name: "six alone", stones: map[Stone][]Point{P1: line(Point{5, 5}, right, 6)}, want: "0\n"},
		{
			name:   "six of black beside a five of white",
			stones: map[Stone][]Point{P1: line(Point{5, 5}, right, 6), P2: line(Point{6, 5}, right, 5)},
			want:   "2\n7 6\n",
		},
		{
			name:   "six of black above a five of black",
			stones: map[Stone][]Point{P1: join(line(Point{5, 5}, right, 6), line(Point{7, 2}, right, 5))},
			want:   "1\n8 3\n",
		},
		{name: "six ↓", stones: map[Stone][]Point{P2: line(Point{0, 0}, down, 6)}, want: "0\n"},
		{name: "seven ↘", stones: map[Stone][]Point{P1: line(Point{3, 3}, downRight, 7)}, want: "0\n"},
		{name: "six ↗", stones: map[Stone][]Point{P2: line(Point{18, 0}, upRight, 6)}, want: "0\n"},
		{name: "nineteen →", stones: map[Stone][]Point{P1: line(Point{9, 0}, right, 19)}, want: "0\n"},
		{name: "five stopped by white", stones: map[Stone][]Point{P1: line(Point{4, 4}, right, 5), P2: {{4, 3}, {4, 9}}}, want: "1\n5 5\n"},
		{name: "five of mixed colours", stones: map[Stone][]Point{P1: line(Point{4, 4}, right, 5), P2: {{4, 6}}}, want: "0\n"},
		{
			name:   "the sample's white five crossed by black",
			stones: map[Stone][]Point{P2: line(Point{6, 4}, upRight, 5), P1: line(Point{1, 0}, downRight, 4)},
			want:   "2\n7 5\n",
		},
		// Fives touching each edge and corner.
		{name: "top edge", stones: map[Stone][]Point{P1: line(Point{0, 7}, right, 5)}, want: "1\n1 8\n"},
		{name: "top-left corner →", stones: map[Stone][]Point{P1: line(Point{0, 0}, right, 5)}, want: "1\n1 1\n"},
		{name: "top-right corner →", stones: map[Stone][]Point{P2: line(Point{0, last - 4}, right, 5)}, want: "2\n1 15\n"},
		{name: "bottom edge", stones: map[Stone][]Point{P2: line(Point{last, 3}, right, 5)}, want: "2\n19 4\n"},
		{name: "bottom-right corner →", stones: map[Stone][]Point{P1: line(Point{last, last - 4}, right, 5)}, want: "1\n19 15\n"},
		{name: "left edge ↓", stones: map[Stone][]Point{P1: line(Point{6, 0}, down, 5)}, want: "1\n7 1\n"},
		{name: "top-left corner ↓", stones: map[Stone][]Point{P2: line(Point{0, 0}, down, 5)}, want: "2\n1 1\n"},
		{name: "bottom-left corner ↓", stones: map[Stone][]Point{P1: line(Point{last - 4, 0}, down, 5)}, want: "1\n15 1\n"},
		{name: "right edge ↓", stones: map[Stone][]Point{P2: line(Point{9, last}, down, 5)}, want: "2\n10 19\n"},
		{name: "bottom-right corner ↓", stones: map[Stone][]Point{P1: line(Point{last - 4, last}, down, 5)}, want: "1\n15 19\n"},
		{name: "top-left corner ↘", stones: map[Stone][]Point{P1: line(Point{0, 0}, downRight, 5)}, want: "1\n1 1\n"},
		{name: "bottom-right corner ↘", stones: map[Stone][]Point{P2: line(Point{last - 4, last - 4}, downRight, 5)}, want: "2\n15 15\n"},
		{name: "bottom-left corner ↗", stones: map[Stone][]Point{P1: line(Point{last, 0}, upRight, 5)}, want: "1\n19 1\n"},
		{name: "top-right corner ↗", stones: map[Stone][]Point{P2: line(Point{4, last - 4}, upRight, 5)}, want: "2\n5 15\n"},
		{name: "top edge ↗", stones: map[Stone][]Point{P1: line(Point{4, 8}, upRight, 5)}, want: "1\n5 9\n"},
		{name: "right edge ↘", stones: map[Stone][]Point{P2: line(Point{3, last - 4}, downRight, 5)}, want: "2\n4 15\n"},
		{name: "left edge ↘", stones: map[Stone][]Point{P2: line(Point{10, 0}, downRight, 5)}, want: "2\n11 1\n"},
		{name: "bottom edge ↗", stones: map[Stone][]Point{P1: line(Point{last, 9}, upRight, 5)}, want: "1\n19 10\n"},
		// A five must not continue across the end of a row.
		{name: "four at a row's end and one at the next row's start", stones: map[Stone][]Point{P1: join(line(Point{3, last - 3}, right, 4), []Point{{4, 0}})}, want: "0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Judge(strings.NewReader(boardText(tt.stones)))
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != tt.want {
				t.Errorf("Judge = %q, want %q", got.String(), tt.want)
			}
		})
	}
}

func TestJudgeLayout(t *testing.T) {
	five := boardText(map[Stone][]Point{P2: line(Point{0, 0}, right, 5)})
	for name, in := range map[string]string{
		"CR LF":                      strings.ReplaceAll(five, "\n", "\r\n"),
		"tabs and runs of spaces":    strings.ReplaceAll(five, " ", " \t  "),
		"no final newline":           strings.TrimSuffix(five, "\n"),
		"blank lines around":         "\n\n" + strings.ReplaceAll(five, "0\n1", "0\n\n   \n1") + "\n\n",
		"byte-order mark":            "\uFEFF" + five,
		"leading and trailing space": strings.ReplaceAll(five, "\n", "  \n  "),
	} {
		got, err := Judge(strings.NewReader(in))
		if err != nil || got.String() != "2\n1 1\n" {
			t.Errorf("%s: Judge = %q, %v; want \"2\\n1 1\\n\"", name, got.String(), err)
		}
	}
}

func TestJudgeErrors(t *testing.T) {
	empty := boardText(nil)
	rows := strings.SplitAfter(empty, "\n")
	rowsN := func(n int) string { return strings.Join(rows[:n], "") }
	zeros := func(n int) string { return strings.TrimSpace(strings.Repeat("0 ", n)) + "\n" }
	replaceLine := func(n int, text string) string { // 1-based line n
		r := append([]string(nil), rows...)
		r[n-1] = text
		return strings.Join(r, "")
	}
	tests := []struct {
		name, in, want string
	}{
		{"empty input", "", "judge: line 1: input ends after 0 rows, want 19"},
		{"blank input", "\n \n", "judge: line 3: input ends after 0 rows, want 19"},
		{"18 rows", rowsN(18), "judge: line 19: input ends after 18 rows, want 19"},
		{"20 rows", empty + zeros(19), "judge: line 20: more than 19 rows"},
		{"a token 7", replaceLine(4, "0 0 0 7 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"), "judge: line 4: token 7 is not 0, 1 or 2"},
		{"a letter", replaceLine(2, "0 0 x 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"), "judge: line 2: token x is not 0, 1 or 2"},
		{"a leading zero", replaceLine(19, "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 01\n"), "judge: line 19: token 01 is not 0, 1 or 2"},
		{"a sign", replaceLine(1, "+1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"), "judge: line 1: token +1 is not 0, 1 or 2"},
		{"a minus", replaceLine(1, "-1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"), "judge: line 1: token -1 is not 0, 1 or 2"},
		{"digits run together", replaceLine(5, strings.Repeat("0", 19)+"\n"), "judge: line 5: token 0000000000000000000 is not 0, 1 or 2"},
		{"commas", replaceLine(5, strings.Repeat("0,", 19)+"\n"), `judge: line 5: token "0,0,0,0,0,0,0,0,0,0,"... is not 0, 1 or 2`},
		{"a control byte", replaceLine(3, "0 \x1b[2J 0\n"), `judge: line 3: token "\x1b[2J" is not 0, 1 or 2`},
		{"Hangul", replaceLine(3, "0 영 0\n"), `judge: line 3: token "\uc601" is not 0, 1 or 2`},
		{"18 numbers", replaceLine(7, zeros(18)), "judge: line 7: too few numbers: 18, want 19"},
		{"20 numbers", replaceLine(7, zeros(20)), "judge: line 7: too many numbers: 20, want 19"},
		{"one number", replaceLine(19, "1\n"), "judge: line 19: too few numbers: 1, want 19"},
		{"two boards", empty + empty, "judge: line 20: more than 19 rows"},
		{"blank line counted", "\n" + rowsN(3) + "0 3\n", "judge: line 5: token 3 is not 0, 1 or 2"},
		{"a line too long", strings.Repeat(" ", MaxInput+1), fmt.Sprintf("judge: line 1: input longer than %d bytes: not a 19x19 board", MaxInput)},
		{"a board, then too many blank lines", sample + strings.Repeat("\n", MaxInput), fmt.Sprintf("judge: line %d: input longer than %d bytes: not a 19x19 board", MaxInput-len(sample)+1+19, MaxInput)},
		{"bytes that are not UTF-8", replaceLine(3, "0 \xff\xfe 0\n"), `judge: line 3: token "\xff\xfe" is not 0, 1 or 2`},
		{"a long token of bytes that are not UTF-8", replaceLine(3, "0 "+strings.Repeat("\xc0", 30)+" 0\n"), `judge: line 3: token "` + strings.Repeat(`\xc0`, 20) + `"... is not 0, 1 or 2`},
		{"a long token mixing Hangul and bad bytes", replaceLine(3, "0 "+strings.Repeat("영\xff", 15)+" 0\n"), `judge: line 3: token "` + strings.Repeat(`\uc601\xff`, 10) + `"... is not 0, 1 or 2`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Judge(strings.NewReader(tt.in))
			if err == nil {
				t.Fatalf("Judge = %q, want error %q", got.String(), tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error = %q, want %q", err.Error(), tt.want)
			}
			var le *LineError
			if !errors.As(err, &le) || le.Line < 1 {
				t.Errorf("error %v is not a *LineError with a line", err)
			}
			if got != (Result{}) {
				t.Errorf("Judge returned %+v with the error", got)
			}
		})
	}
}

// An input that never ends is refused after MaxInput bytes, whatever it
// repeats: blank lines (yes ”), a board and then blank lines, spaces.
// Before the cap, the first two never ended.
func TestJudgeEndlessInput(t *testing.T) {
	for name, r := range map[string]io.Reader{
		"blank lines":              screentest.Endless([]byte("\n")),
		"a board then blank lines": io.MultiReader(strings.NewReader(sample), screentest.Endless([]byte("\r\n"))),
		"spaces":                   screentest.Endless([]byte(" ")),
		"rows":                     screentest.Endless([]byte("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n")),
	} {
		t.Run(name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := Judge(r)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("Judge accepted an endless input")
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Judge still reading an endless input after 10 s")
			}
		})
	}
}

// Exactly MaxInput bytes is still a board: the cap refuses only more.
func TestJudgeAtTheCap(t *testing.T) {
	in := sample + strings.Repeat("\n", MaxInput-len(sample))
	got, err := Judge(strings.NewReader(in))
	if err != nil || got.String() != "2\n7 5\n" {
		t.Fatalf("a board padded to MaxInput bytes: %q, %v", got.String(), err)
	}
	got, err = Judge(iotest.OneByteReader(strings.NewReader(in)))
	if err != nil || got.String() != "2\n7 5\n" {
		t.Fatalf("the same, a byte at a time: %q, %v", got.String(), err)
	}
}

func TestJudgeReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	_, err := Judge(iotest.ErrReader(boom))
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "judge: ") {
		t.Fatalf("err = %v, want a judge: error wrapping the read error", err)
	}
	// A reader that hands out one byte at a time is still a whole board.
	got, err := Judge(iotest.OneByteReader(strings.NewReader(sample)))
	if err != nil || got.String() != "2\n7 5\n" {
		t.Fatalf("one byte at a time: %q, %v", got.String(), err)
	}
}

func TestResultString(t *testing.T) {
	for r, want := range map[Result]string{
		{}:                             "0\n",
		{Winner: P1, Row: 3, Col: 2}:   "1\n3 2\n",
		{Winner: P2, Row: 19, Col: 19}: "2\n19 19\n",
	} {
		if got := r.String(); got != want {
			t.Errorf("%+v.String() = %q, want %q", r, got, want)
		}
	}
}

// bruteFives finds every run of exactly five on a judge board by trying every
// window of five cells in each of the four directions, written apart from
// judge. Each five is given by its leftmost (then topmost) stone.
func bruteFives(b *Board) []Result {
	var out []Result
	n := b.size
	for r := range n {
		for c := range n {
			for _, d := range [4]Point{right, down, downRight, {-1, 1}} {
				s := b.At(Point{r, c})
				if s == Empty {
					continue
				}
				end := Point{r + 4*d.Row, c + 4*d.Col}
				if !b.Inside(end) {
					continue
				}
				all := true
				for k := range 5 {
					if b.At(Point{r + k*d.Row, c + k*d.Col}) != s {
						all = false
					}
				}
				if all && b.At(Point{r - d.Row, c - d.Col}) != s && b.At(Point{r + 5*d.Row, c + 5*d.Col}) != s {
					out = append(out, Result{Winner: s, Row: r + 1, Col: c + 1})
				}
			}
		}
	}
	return out
}

// TestJudgeRandom compares judge with the brute force on random boards, of
// densities from sparse to packed, with a planted line now and then; where the
// problem's promise holds (at most one five), the answers must agree.
func TestJudgeRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(2615, 2))
	checked, wins := 0, 0
	for i := range 8000 {
		b := NewBoard(JudgeSize, Standard)
		density := []float64{0.05, 0.2, 0.45, 0.8}[i%4]
		for k := range b.cells {
			if rng.Float64() < density {
				b.cells[k] = Stone(1 + rng.IntN(2))
			}
		}
		if i%2 == 0 { // plant a line of 4 to 7 stones
			s := Stone(1 + rng.IntN(2))
			d := [4]Point{right, down, downRight, {-1, 1}}[rng.IntN(4)]
			start := Point{rng.IntN(JudgeSize), rng.IntN(JudgeSize)}
			for k := range 4 + rng.IntN(4) {
				if p := (Point{start.Row + k*d.Row, start.Col + k*d.Col}); b.Inside(p) {
					b.cells[p.Row*JudgeSize+p.Col] = s
				}
			}
		}
		fives := bruteFives(b)
		if len(fives) > 1 {
			continue
		}
		checked++
		want := Result{}
		if len(fives) == 1 {
			want = fives[0]
			wins++
		}
		if got := judge(b); got != want {
			t.Fatalf("board %d: judge = %+v, brute force %+v", i, got, want)
		}
	}
	if checked < 2000 || wins < 400 {
		t.Fatalf("only %d boards checked, %d with a five: the generator needs a look", checked, wins)
	}
}

// FuzzJudge feeds the parser anything: it must never panic, and when it
// accepts an input its answer must name a real five.
func FuzzJudge(f *testing.F) {
	f.Add(sample)
	f.Add(boardText(nil))
	f.Add(boardText(map[Stone][]Point{P1: line(Point{18, 0}, Point{-1, 1}, 5)}))
	f.Add(strings.ReplaceAll(sample, "\n", "\r\n"))
	f.Add(strings.ReplaceAll(sample, "0 0 0 0 0 0 0 1", "0 0 0 0 0 0 0 7"))
	f.Add("")
	f.Add("1 2 0\n")
	f.Add("\uFEFF" + sample + "\n\n")
	f.Add(sample + sample)
	f.Fuzz(func(t *testing.T, in string) {
		got, err := Judge(strings.NewReader(in))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "judge: ") {
				t.Fatalf("error without the judge: prefix: %v", err)
			}
			if got != (Result{}) {
				t.Fatalf("a result %+v with the error %v", got, err)
			}
			return
		}
		s := got.String()
		if got.Winner == Empty {
			if s != "0\n" || got.Row != 0 || got.Col != 0 {
				t.Fatalf("no winner but %+v, %q", got, s)
			}
			return
		}
		if got.Winner != P1 && got.Winner != P2 || got.Row < 1 || got.Row > 19 || got.Col < 1 || got.Col > 19 {
			t.Fatalf("impossible result %+v", got)
		}
		if s != fmt.Sprintf("%d\n%d %d\n", got.Winner, got.Row, got.Col) {
			t.Fatalf("String() = %q for %+v", s, got)
		}
		b, err := readBoard(strings.NewReader(in))
		if err != nil {
			t.Fatalf("read again: %v", err)
		}
		found := false
		for _, r := range bruteFives(b) {
			found = found || r == got
		}
		if !found {
			t.Fatalf("the answer %+v is not one of the board's fives %v", got, bruteFives(b))
		}
	})
}

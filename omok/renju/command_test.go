package renju

import (
	"bytes"
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// digitRows draws a diagram as the forbid command reads it.
func digitRows(b *Board) string {
	var sb strings.Builder
	for i, c := range b.cells {
		if i%b.size != 0 {
			sb.WriteByte(' ')
		}
		sb.WriteByte("012"[c])
		if i%b.size == b.size-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

func TestForbidCommand(t *testing.T) {
	b, _ := diagram(t, openThrees...)
	b.Put(Point{14, 14}, White) // four black, one white: white to move
	b.Put(Point{14, 12}, White)
	b.Put(Point{14, 10}, White)
	b.Put(Point{14, 8}, White) // now black to move
	board := digitRows(b)
	file := filepath.Join(t.TempDir(), "board.txt")
	if err := os.WriteFile(file, []byte(board), 0o644); err != nil {
		t.Fatal(err)
	}
	six := strings.Replace(board, "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", "1 1 0 1 1 1 0 0 0 0 0 0 0 0 0", 1)
	tests := []struct {
		name    string
		args    []string
		stdin   string
		want    string
		wantErr string
	}{
		{"renju from a file", []string{file}, "", "FORBID 0605.\n", ""},
		{"the README's example", []string{filepath.Join("testdata", "double_three.txt")}, "", "FORBID 0707.\n", ""},
		{"the README's example for white", []string{"-rule", "omok", "-turn", "white", filepath.Join("testdata", "double_three.txt")}, "", "FORBID .\n", ""},
		{"renju from stdin", nil, board, "FORBID 0605.\n", ""},
		{"stdin as -", []string{"-rule", "renju", "-"}, board, "FORBID 0605.\n", ""},
		{"omok", []string{"-rule", "omok"}, board, "FORBID 0605.\n", ""},
		{"white to move under renju", []string{"-turn", "white"}, board, "FORBID .\n", ""},
		{"freestyle has none", []string{"-rule", "freestyle"}, board, "FORBID .\n", ""},
		{"the six and the 3-3, in row-major order", []string{"-turn", "black"}, six, "FORBID 02000605.\n", ""},
		{"digits without spaces", nil, strings.ReplaceAll(board, " ", ""), "FORBID 0605.\n", ""},
		{"a bad rule", []string{"-rule", "gomoku"}, board, "", "renju or omok"},
		{"a bad turn", []string{"-turn", "red"}, board, "", "black or white"},
		{"two files", []string{file, file}, "", "", "unexpected argument"},
		{"a missing file", []string{file + ".missing"}, "", "", "board.txt.missing"}, // and fs.ErrNotExist, below
		{"a bad cell", nil, strings.Replace(board, "1", "3", 1), "", `line 4: cell 7 is "3"`},
		{"a short row", nil, strings.Replace(board, "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", "0 0\n", 1), "", "line 1: a row of 2 cells"},
		{"a ragged row", nil, strings.Replace(board, "0 0 0 0 0 0 1", "0 0 0 0 0 1", 1), "", "line 4: 14 cells, want 15"},
		{"too few rows", nil, strings.Join(strings.SplitAfter(board, "\n")[:7], ""), "", "input ends after"},
		{"too many rows", nil, board + board, "", "more than 15 rows"},
		{"nothing", nil, "\n\n", "", "no board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := ForbidCommand(tt.args, strings.NewReader(tt.stdin), &out, &errOut)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				if strings.HasSuffix(tt.wantErr, ".missing") && !errors.Is(err, fs.ErrNotExist) {
					t.Fatalf("error %v, want fs.ErrNotExist", err)
				}
				return
			}
			if err != nil || out.String() != tt.want {
				t.Fatalf("got %q, %v; want %q", out.String(), err, tt.want)
			}
		})
	}
	var errOut bytes.Buffer
	if err := ForbidCommand([]string{"-h"}, nil, &errOut, nil); !errors.Is(err, flag.ErrHelp) || !strings.Contains(errOut.String(), "YXSHOWFORBID") {
		t.Errorf("-h: %v, %q", err, errOut.String())
	}
}

// TestForbidCommandThrees: `omok forbid` reads a three as the RIF defines
// it, through the same board as the game (TestThreeByTheDefinition draws
// the positions). The comments give the answers of the older reading,
// which counted a three whose straight four needs a five at the same time:
// they listed 0607, and left out 0511, a 4-3-3 once such a three one level
// down stops counting.
func TestForbidCommandThrees(t *testing.T) {
	tests := []struct {
		rows []string
		args []string
		want string
	}{
		{extensionCompletesFour, []string{"-turn", "black"}, "FORBID 050507060608.\n"},                    // was 0505070606070608
		{extensionCompletesFour, []string{"-turn", "black", "-rule", "omok"}, "FORBID 050507060608.\n"},   // was 0505070606070608
		{fiveOneLevelDown, []string{"-turn", "black"}, "FORBID 040707070608060906100511.\n"},              // was 04070707060806090610
		{fiveOneLevelDown, []string{"-turn", "black", "-rule", "omok"}, "FORBID 04070608060906100511.\n"}, // was 0407060806090610
	}
	for _, tt := range tests {
		b, _ := diagram(t, tt.rows...)
		var out, errOut bytes.Buffer
		err := ForbidCommand(tt.args, strings.NewReader(digitRows(b)), &out, &errOut)
		if err != nil || out.String() != tt.want {
			t.Errorf("%v on\n%sgot %q, %v; want %q", tt.args, b, out.String(), err, tt.want)
		}
	}
}

func TestToMove(t *testing.T) {
	b := NewBoard(15)
	if b.ToMove() != Black {
		t.Error("empty board: white to move")
	}
	b.Put(Point{0, 0}, Black)
	if b.ToMove() != White {
		t.Error("after one black stone: black to move")
	}
	b.Put(Point{0, 1}, White)
	b.Put(Point{0, 2}, White)
	if b.ToMove() != Black {
		t.Error("more white stones: white to move")
	}
}

func TestYixinForbid19(t *testing.T) {
	b := NewBoard(19)
	// Black 4-4 in one line at the bottom-right corner's row: X.XXX.X
	// with the move at column 16, row 18.
	for _, c := range []int{12, 14, 15, 18} {
		b.Put(Point{18, c}, Black)
	}
	if got := b.YixinForbid(Renju, Black); got != "FORBID 1618." {
		t.Errorf("got %q", got)
	}
}

// FuzzReadBoard: no input makes the reader panic, and a board it accepts
// answers the forbid question as the brute force does.
func FuzzReadBoard(f *testing.F) {
	b, _ := diagram(&testing.T{}, depthTwoReal...)
	f.Add(digitRows(b))
	f.Add("0 1 2\n")
	f.Add("\uFEFF00000\n00000\n00100\n00000\n00000\n")
	f.Fuzz(func(t *testing.T, in string) {
		b, err := ReadBoard(strings.NewReader(in))
		if err != nil || b.size > 15 {
			return
		}
		g := gridOf(b)
		for _, s := range []Stone{Black, White} {
			want, got := g.bruteMap(Omok, s), b.ForbiddenMap(Omok, s, nil)
			for i := range want {
				if want[i] != got[i] {
					t.Fatalf("omok %v at %d: fast %v, brute force %v\n%s", s, i, got[i], want[i], b)
				}
			}
		}
	})
}

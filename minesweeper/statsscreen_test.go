package minesweeper

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"termgames/console"
)

// finish plays one game of the beginner level from the menu on a 2 x 2
// field (3BV 3, two of it open), from second sec: "win" opens the last
// safe cell after took seconds, "lose" opens the mine, "leave" goes back
// to the menu before the end, "hint" asks for a hint and then wins. It
// returns the menu.
func finish(t *testing.T, s console.Screen, how string, sec, took float64) console.Screen {
	t.Helper()
	s, b := play(t, s, 1)
	b.field = standard(fieldOf(t, "*o", "o."))
	b.start = at(sec, console.Event{}).Time
	switch how {
	case "win":
		b.row, b.col = 1, 1
	case "lose":
		b.row, b.col = 0, 0
	case "leave":
		return feed(s, at(sec+took, console.KeyPress(console.KeyEsc)))
	case "hint":
		s = feed(s, at(sec, console.RunePress('t')))
		if !b.usedHint {
			t.Fatal("the hint was not given")
		}
		b.row, b.col = 1, 1
	}
	s = feed(s, at(sec+took, console.KeyPress(console.KeyEnter)))
	if b.field.Status() == Playing {
		t.Fatalf("%s: the game goes on", how)
	}
	return feed(s, console.KeyPress(console.KeyEsc))
}

// TestStatistics: after a run of won, lost and left games, the records
// screen gives the level's statistics beside its best times; games with a
// hint and custom games are not counted.
func TestStatistics(t *testing.T) {
	for _, w := range widths {
		scores := filepath.Join(t.TempDir(), "scores.json")
		s, _ := start(t, w.W, Options{Scores: scores})
		s = finish(t, s, "win", 10, 3)
		s = finish(t, s, "win", 20, 2)
		s = finish(t, s, "lose", 30, 1)
		s = finish(t, s, "win", 40, 4)
		s = finish(t, s, "win", 50, 6)
		s = finish(t, s, "hint", 60, 1) // not counted
		s = finish(t, s, "leave", 70, 5)
		s = feed(s, console.Keys("5\r")...)
		screen := text(s, w.W)
		mustContain(t, screen, "최고 기록: 초급 (9 x 9, 지뢰 10개)   (1/3)",
			"  1.      2.0초   2025-03-01 12:00    통계\n",
			"  2.      3.0초   2025-03-01 12:00      게임 수          6\n",
			"  3.      4.0초   2025-03-01 12:00      승리             4 (66.7%)\n",
			"  4.      6.0초   2025-03-01 12:00      현재 연승        0\n",
			"\n                                        최고 연승        2\n",
			"최고 기록        2.0초",
			"최고 3BV/s       1.50",
			"평균 승리 기록   3.8초")
		s = feed(s, console.KeyPress(console.KeyRight))
		mustContain(t, text(s, w.W), "게임 수          0", "승리             0 (0.0%)", "최고 기록        -", "평균 승리 기록   -")
		if _, ok := feed(s, console.KeyPress(console.KeyEsc)).(*app); !ok {
			t.Errorf("%s: Esc on the records does not lead to the menu", w.Name)
		}

		// The file holds the same, under version 2.
		data, _ := os.ReadFile(scores)
		var sf scoresFile
		if err := json.Unmarshal(data, &sf); err != nil || sf.Version != 2 {
			t.Fatalf("%s: the file is %s (%v)", w.Name, data, err)
		}
		want := Stats{Played: 6, Won: 4, Streak: 0, BestStreak: 2, WonMillis: 15000, BestRate: 1.5}
		if got := sf.Stats["beginner"]; got != want {
			t.Errorf("%s: the file's statistics are %+v, want %+v", w.Name, got, want)
		}
	}
}

// TestStatisticsEnglish: the same screen in English, for a level with no
// games yet.
func TestStatisticsEnglish(t *testing.T) {
	w := widths[0].W
	s, _ := start(t, w, Options{Lang: "en"})
	s = finish(t, s, "lose", 10, 1)
	s = feed(s, console.Keys("5\r")...)
	mustContain(t, text(s, w), "Best times: Beginner (9 x 9, 10 mines)   (1/3)",
		"  (no times yet)                      Statistics\n",
		"Games played     1", "Games won        0 (0.0%)", "Current streak   0",
		"Best streak      0", "Best time        -", "Best 3BV/s       -", "Average win      -")
}

// TestOldScoresFile: a file as the program wrote it before statistics
// (version 1) is read with every best time, listed, and written back as
// version 2 with the new game's statistics and every old time kept.
func TestOldScoresFile(t *testing.T) {
	w := widths[0].W
	old, err := os.ReadFile(filepath.Join("testdata", "scores-v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	var before scoresFile
	if err := json.Unmarshal(old, &before); err != nil || before.Version != 1 {
		t.Fatalf("the fixture is not a version 1 file: %v", err)
	}
	scores := filepath.Join(t.TempDir(), "scores.json")
	os.WriteFile(scores, old, 0o600)
	s, _ := start(t, w, Options{Scores: scores})
	s = feed(s, console.Keys("5\r")...)
	mustContain(t, text(s, w), "  1.      9.9초   2025-03-01 13:00", "  2.     12.3초   2025-03-01 12:00", "게임 수          0")
	s = feed(s, console.KeyPress(console.KeyEsc))
	finish(t, s, "win", 10, 11)
	data, _ := os.ReadFile(scores)
	var after scoresFile
	if err := json.Unmarshal(data, &after); err != nil || after.Version != 2 {
		t.Fatalf("the file after a win is %s (%v)", data, err)
	}
	for key, recs := range before.Best {
		for _, r := range recs {
			if !containsRecord(after.Best[key], r) {
				t.Errorf("%s: the time %d ms was lost", key, r.Millis)
			}
		}
	}
	if got := after.Best["beginner"]; len(got) != 3 || got[1].Millis != 11000 {
		t.Errorf("beginner's times are %v, want the win between the two old ones", got)
	}
	if st := after.Stats["beginner"]; st.Played != 1 || st.Won != 1 {
		t.Errorf("statistics %+v after one win", st)
	}
	if _, err := os.Stat(scores + ".bad-20250301-120000"); err == nil {
		t.Error("the old file was kept aside as a bad one")
	}
}

func containsRecord(recs []Record, r Record) bool {
	for _, x := range recs {
		if x.Millis == r.Millis && x.When.Equal(r.When) {
			return true
		}
	}
	return false
}

// TestStoreStatsUnderTheLock: two stores on one file each count games; the
// file ends with all of them, as with best times.
func TestStoreStatsUnderTheLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scores.json")
	a, b := newStore(path, osFS{}), newStore(path, osFS{})
	a.load(day)
	b.load(day)
	a.add("expert", entry{won: true, counted: true, rate: 0.8, rec: rec(200000, 1)}, day)
	b.add("expert", entry{counted: true}, day)
	a.add("expert", entry{won: true, counted: true, rate: 1.1, rec: rec(150000, 2)}, day)
	c := newStore(path, osFS{})
	c.load(day)
	want := Stats{Played: 3, Won: 2, Streak: 1, BestStreak: 1, WonMillis: 350000, BestRate: 1.1}
	if got := c.statsOf("expert"); got != want {
		t.Errorf("statistics %+v, want %+v", got, want)
	}
	if got := c.times("expert"); len(got) != 2 {
		t.Errorf("times %v", got)
	}
	if avg := want.AverageWin(); avg != 175*time.Second {
		t.Errorf("average win %v", avg)
	}
}

// TestLeftGameTellsTheMenu: a game left for the menu is counted after the
// board is gone; a file that went bad meanwhile is kept aside, and the
// menu says so.
func TestLeftGameTellsTheMenu(t *testing.T) {
	w := widths[0].W
	scores := filepath.Join(t.TempDir(), "scores.json")
	s, _ := start(t, w, Options{Scores: scores})
	s, _ = play(t, s, 1)
	s = feed(s, at(1, console.KeyPress(console.KeyEnter)))
	os.WriteFile(scores, []byte("garbage"), 0o600)
	s = feed(s, at(2, console.KeyPress(console.KeyEsc)))
	mustContain(t, text(s, w), "최고 기록 파일을 읽을 수 없습니다.", "scores.json.bad-")
	data, _ := os.ReadFile(scores)
	var sf scoresFile
	if err := json.Unmarshal(data, &sf); err != nil || sf.Stats["beginner"].Played != 1 {
		t.Errorf("the left game is not in the new file: %s", data)
	}
}

// TestNoGuessStatisticsPage: a level's no-guess boards get their own page
// once a game is counted, even without a win.
func TestNoGuessStatisticsPage(t *testing.T) {
	w := widths[0].W
	s, a := start(t, w, Options{})
	a.noGuess = true
	s = finish(t, s, "lose", 10, 1)
	s = feed(s, console.Keys("5\r")...)
	s = feed(s, console.KeyPress(console.KeyLeft))
	mustContain(t, text(s, w), "최고 기록: 초급 (9 x 9, 지뢰 10개) (추측 없음)   (4/4)", "게임 수          1")
}

package baseball

import (
	"errors"
	"testing"
)

func TestNumbers(t *testing.T) {
	all := Numbers()
	if len(all) != Count {
		t.Fatalf("%d numbers, want %d", len(all), Count)
	}
	for i, n := range all {
		if !n.Valid() {
			t.Errorf("%v is not valid", n)
		}
		if n.Index() != i {
			t.Errorf("%v.Index() = %d, want %d", n, n.Index(), i)
		}
		if i > 0 && n.String() <= all[i-1].String() {
			t.Errorf("%v after %v: not increasing", n, all[i-1])
		}
	}
	all[0] = Number{9, 9, 9} // a copy: the package's list stays as it was
	if Numbers()[0] != (Number{1, 2, 3}) {
		t.Error("Numbers returned the package's own slice")
	}
}

func TestValid(t *testing.T) {
	for _, tc := range []struct {
		n    Number
		want bool
	}{
		{Number{1, 2, 3}, true},
		{Number{9, 8, 7}, true},
		{Number{0, 1, 2}, false},
		{Number{1, 1, 2}, false},
		{Number{1, 2, 1}, false},
		{Number{1, 2, 10}, false},
		{Number{}, false},
	} {
		if got := tc.n.Valid(); got != tc.want {
			t.Errorf("%v.Valid() = %v, want %v", tc.n, got, tc.want)
		}
		if !tc.want && tc.n.Index() != -1 {
			t.Errorf("%v.Index() = %d, want -1", tc.n, tc.n.Index())
		}
	}
}

func TestScore(t *testing.T) {
	for _, tc := range []struct {
		secret, guess Number
		want          Answer
	}{
		// The post's example: 431 thought of, 741 guessed: 4 is a ball, 1 a strike.
		{Number{4, 3, 1}, Number{7, 4, 1}, Answer{1, 1}},
		{Number{1, 2, 3}, Number{1, 2, 3}, Answer{3, 0}},
		{Number{1, 2, 3}, Number{4, 5, 6}, Answer{0, 0}},
		{Number{1, 2, 3}, Number{3, 1, 2}, Answer{0, 3}},
		{Number{1, 2, 3}, Number{1, 3, 2}, Answer{1, 2}},
		{Number{1, 2, 3}, Number{1, 2, 4}, Answer{2, 0}},
		{Number{1, 2, 3}, Number{2, 4, 5}, Answer{0, 1}},
		{Number{1, 2, 3}, Number{4, 2, 5}, Answer{1, 0}},
		{Number{1, 2, 3}, Number{2, 1, 4}, Answer{0, 2}},
		// The original's transcript: 467 then 547 got 1S1B and 0S2B.
		{Number{7, 6, 5}, Number{4, 6, 7}, Answer{1, 1}},
	} {
		if got := Score(tc.secret, tc.guess); got != tc.want {
			t.Errorf("Score(%v, %v) = %v, want %v", tc.secret, tc.guess, got, tc.want)
		}
		if got := Score(tc.guess, tc.secret); got != tc.want {
			t.Errorf("Score(%v, %v) = %v, want %v (the score is symmetric)", tc.guess, tc.secret, got, tc.want)
		}
	}
}

func TestPossible(t *testing.T) {
	seen := map[Answer]bool{}
	for _, s := range allNumbers {
		seen[Score(s, Number{1, 2, 3})] = true
	}
	for s := range 4 {
		for b := range 4 {
			a := Answer{s, b}
			if a.Possible() != seen[a] {
				t.Errorf("%v.Possible() = %v, but some secret scores it: %v", a, a.Possible(), seen[a])
			}
		}
	}
	for _, a := range []Answer{{-1, 0}, {0, -1}, {3, 1}, {2, 1}, {4, 0}, {1, 3}} {
		if a.Possible() {
			t.Errorf("%v.Possible() = true", a)
		}
	}
}

func TestParseNumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Number
		err  error
	}{
		{"123", Number{1, 2, 3}, nil},
		{"987", Number{9, 8, 7}, nil},
		{"12", Number{}, ErrLength},
		{"1234", Number{}, ErrLength},
		{"", Number{}, ErrLength},
		{"12a", Number{}, ErrLength},
		{" 12", Number{}, ErrLength},
		{"１２３", Number{}, ErrLength},
		{"103", Number{}, ErrZero},
		{"000", Number{}, ErrZero},
		{"112", Number{}, ErrRepeats},
		{"121", Number{}, ErrRepeats},
	} {
		got, err := ParseNumber(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"123", "103", "112", "", "12345", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseNumber(s)
		if err != nil {
			if n != (Number{}) {
				t.Errorf("ParseNumber(%q) = %v with error %v", s, n, err)
			}
			return
		}
		if !n.Valid() || n.String() != s {
			t.Errorf("ParseNumber(%q) = %v", s, n)
		}
	})
}

func TestConsistent(t *testing.T) {
	if got := len(Consistent(nil)); got != Count {
		t.Errorf("no history: %d numbers fit, want %d", got, Count)
	}
	// The first answer of the original's transcript: 467 got 1S1B.
	h := []Turn{{Number{4, 6, 7}, Answer{1, 1}}}
	got := Consistent(h)
	if len(got) != 36 { // strike place 3 × ball digit 2 × new digit 6
		t.Errorf("after 467 1S1B: %d numbers fit, want 36", len(got))
	}
	for _, n := range got {
		if !Fits(n, h) {
			t.Errorf("%v does not fit %v", n, h)
		}
	}
	// A lie: 123 is 3 strikes and 0 strikes at once.
	lie := []Turn{{Number{1, 2, 3}, Win}, {Number{1, 2, 3}, Answer{}}}
	if got := Consistent(lie); len(got) != 0 {
		t.Errorf("a lie leaves %v", got)
	}
}

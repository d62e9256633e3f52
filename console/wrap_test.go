package console

import (
	"slices"
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  []string
	}{
		{"short", 10, []string{"short"}},
		{"Best time not saved: permission denied", 20, []string{"Best time not saved:", "permission denied"}},
		{"  indented words here", 10, []string{"  indented", "words here"}},
		{"a /very/long/path/that/does/not/fit here", 10, []string{"a", "/very/long", "/path/that", "/does/not/", "fit here"}},
		{"기록을 저장하지 못했습니다: 권한", 12, []string{"기록을", "저장하지", "못했습니다:", "권한"}},
		{"영", 1, []string{"영"}}, // wider than the line: still shown, not lost
		{"exactly ten", 11, []string{"exactly ten"}},
	} {
		got := Wrap(narrow, tc.text, tc.width)
		if !slices.Equal(got, tc.want) {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
		}
		// Nothing is lost but the spaces at the breaks.
		if strings.Join(strings.Fields(strings.Join(got, "")), "") != strings.Join(strings.Fields(tc.text), "") {
			t.Errorf("Wrap(%q, %d) lost text: %q", tc.text, tc.width, got)
		}
	}
}

package lang

import "testing"

func TestPick(t *testing.T) {
	for _, tt := range []struct {
		tag, original, want Tag
	}{
		{Original, Korean, Korean},
		{Original, English, English},
		{Korean, English, Korean},
		{English, Korean, English},
		{"fr", English, English},
	} {
		if got := Pick(tt.tag, tt.original, Korean, English); got != tt.want {
			t.Errorf("Pick(%q, %q) = %q, want %q", tt.tag, tt.original, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, s := range []string{"", "ko", "en"} {
		if got, err := Parse(s); err != nil || string(got) != s {
			t.Errorf("Parse(%q) = %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"kr", "EN", "english"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted", s)
		}
	}
}

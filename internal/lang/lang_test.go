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

func TestUTF8Locale(t *testing.T) {
	for _, tt := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, true},
		{map[string]string{"LANG": "C"}, false},
		{map[string]string{"LANG": "POSIX"}, false},
		{map[string]string{"LANG": "ko_KR.EUC-KR"}, false},
		{map[string]string{"LANG": "ko_KR.UTF-8"}, true},
		{map[string]string{"LANG": "C.utf8"}, true},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "C"}, false},
		{map[string]string{"LANG": "C", "LC_CTYPE": "en_US.UTF-8"}, true},
		{map[string]string{"LANG": "C", "LC_ALL": ""}, false}, // empty is not set
	} {
		if got := UTF8Locale(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("%v: UTF8Locale = %v, want %v", tt.env, got, tt.want)
		}
	}
}

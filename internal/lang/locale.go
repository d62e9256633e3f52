package lang

import "strings"

// UTF8Locale reports whether the locale can show Korean: the first of
// LC_ALL, LC_CTYPE and LANG that is set (the order POSIX reads them in)
// names UTF-8 as its character set. LANG=C, POSIX or ko_KR.EUC-KR cannot.
// With none of them set, as on Windows and in many containers whose
// terminal is UTF-8 all the same, the locale is taken to be UTF-8: a
// guess, which -lang and -ascii overrule.
func UTF8Locale(getenv func(string) string) bool {
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if loc := strings.ToLower(getenv(name)); loc != "" {
			return strings.Contains(loc, "utf-8") || strings.Contains(loc, "utf8")
		}
	}
	return true
}

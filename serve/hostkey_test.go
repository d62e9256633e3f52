package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	gossh "golang.org/x/crypto/ssh"
)

// An allow-list saved by a Windows editor (a UTF-8 byte order mark, CRLF
// line ends) is read; one saved as UTF-16, as PowerShell 5's > saves it, is
// refused with a line saying so and how to save it.
func TestAllowListAsWindowsSavesIt(t *testing.T) {
	a, b := newSigner(t), newSigner(t)
	text := "# friends\r\n" + strings.TrimSpace(string(gossh.MarshalAuthorizedKey(a.PublicKey()))) + " alice\r\n\r\n" +
		strings.TrimSpace(string(gossh.MarshalAuthorizedKey(b.PublicKey()))) + " bob\r\n"
	dir := t.TempDir()
	write := func(name string, content []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	keys, err := allowList(write("notepad.txt", append([]byte("\xef\xbb\xbf"), text...)))
	if err != nil {
		t.Fatalf("UTF-8 with a byte order mark and CRLF: %v", err)
	}
	if !keys[gossh.FingerprintSHA256(a.PublicKey())] || !keys[gossh.FingerprintSHA256(b.PublicKey())] || len(keys) != 2 {
		t.Errorf("UTF-8 with a byte order mark and CRLF: read %v, want alice's and bob's keys", keys)
	}
	utf16le := func(bom bool) []byte {
		var out []byte
		if bom {
			out = []byte{0xff, 0xfe}
		}
		for _, u := range utf16.Encode([]rune(text)) {
			out = append(out, byte(u), byte(u>>8))
		}
		return out
	}
	for name, content := range map[string][]byte{
		"powershell.txt": utf16le(true),
		"no-bom.txt":     utf16le(false),
	} {
		_, err := allowList(write(name, content))
		if err == nil || !strings.Contains(err.Error(), "UTF-16") || !strings.Contains(err.Error(), "save it as UTF-8") {
			t.Errorf("%s: %v; want a refusal naming UTF-16 and how to save it", name, err)
		}
	}
}

package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.psq")
	for _, text := range []string{"first\n", "second\n"} {
		if err := WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil || string(got) != text {
			t.Fatalf("read %q, %v; want %q", got, err, text)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the folder, want 1 (no temporary file left)", len(entries))
	}
}

func TestWriteFileMissingFolder(t *testing.T) {
	name := filepath.Join(t.TempDir(), "no", "such", "a.psq")
	if err := WriteFile(name, []byte("x"), 0o644); err == nil {
		t.Fatal("a write into a missing folder succeeded")
	}
}

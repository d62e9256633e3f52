package console

import (
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"
)

// The core and what it runs on reach nothing of the process: no signals,
// no environment, no standard input or output, no terminal of its own. A
// server runs one core per session, and two sessions must share nothing;
// only the local front end (run.go, watch.go and the *_unix.go and
// *_windows.go files) and width.go (NewCondition's Auto, which Run calls)
// may import these.
func TestCoreReachesNothingOfTheProcess(t *testing.T) {
	process := []string{"os", "os/signal", "syscall", "golang.org/x/term", "golang.org/x/sys/unix", "golang.org/x/sys/windows"}
	for _, file := range []string{"core.go", "stream.go", "driver.go", "render.go", "frame.go", "decode.go",
		"console.go", "menu.go", "transcript.go", "wrap.go", "toosmall.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); slices.Contains(process, p) {
				t.Errorf("%s imports %s: the core must not reach the process", file, p)
			}
		}
	}
}

package cmdline

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
)

// newFlags is a command with one flag that takes a value and one that
// refuses every value but "ok".
func newFlags(out *bytes.Buffer) *flag.FlagSet {
	fs := flag.NewFlagSet("termgames game cmd", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() { fmt.Fprintln(fs.Output(), "usage: termgames game cmd [FILE]") }
	fs.Int("n", 1, "a number")
	fs.Func("word", "only ok", func(s string) error {
		if s != "ok" {
			return errors.New("want ok")
		}
		return nil
	})
	return fs
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // the error's one line; "" for none
	}{
		{[]string{"-n", "2", "file"}, ""},
		{[]string{"-word", "ok"}, ""},
		{[]string{"-x"}, "termgames game cmd: flag provided but not defined: -x (see termgames game cmd -h)"},
		{[]string{"-n", "many"}, `termgames game cmd: invalid value "many" for flag -n: parse error (see termgames game cmd -h)`},
		{[]string{"-word", "no"}, `termgames game cmd: invalid value "no" for flag -word: want ok (see termgames game cmd -h)`},
		{[]string{"a", "b"}, `termgames game cmd: unexpected argument "b" (see termgames game cmd -h)`},
		{[]string{"-n"}, "termgames game cmd: flag needs an argument: -n (see termgames game cmd -h)"},
	} {
		var out bytes.Buffer
		err := Parse(newFlags(&out), tc.args, 1)
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.As(err, new(UsageError)) {
				t.Errorf("%v: %T is no UsageError", tc.args, err)
			}
		}
		if got != tc.want || out.Len() != 0 {
			t.Errorf("%v: error %q, output %q; want %q and no output", tc.args, got, out.String(), tc.want)
		}
	}
	var out bytes.Buffer
	if err := Parse(newFlags(&out), []string{"-h"}, 1); !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(out.String(), "usage: termgames game cmd") {
		t.Errorf("-h: %v, output %q", err, out.String())
	}
}

func TestUsageKeepsTheFirstCommand(t *testing.T) {
	var out bytes.Buffer
	inner := Usagef(newFlags(&out), "bad %d", 1)
	outer := Usage(flag.NewFlagSet("termgames", flag.ContinueOnError), inner)
	if outer.Error() != "termgames game cmd: bad 1 (see termgames game cmd -h)" {
		t.Errorf("got %q", outer)
	}
}

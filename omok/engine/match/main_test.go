package main

import (
	"bytes"
	"strings"
	"testing"
)

// badValue is, for each tool, a flag with a value it refuses.
var badValue = map[string][]string{
	"play":          {"-opponent", "gnugo"},
	"forbid-rapfi":  {"-positions", "many"},
	"make-openings": {"-make", "-1"},
	"review":        {"-side", "red"},
	"rapfi-games":   {"-seed", "x"},
	"fit":           {"-toward", "2", "data.txt"},
}

// TestUsageErrors checks that every tool, given a flag it does not know, a
// bad value or a stray argument, exits 2 with one line that names the
// tool and where help is; and that -h of each exits 0 with its flags.
func TestUsageErrors(t *testing.T) {
	for _, tl := range tools {
		stray := []string{"-rapfi", "/nonexistent", "stray"}
		if tl.name == "play" {
			stray = []string{"stray"}
		}
		if tl.name == "fit" {
			stray = nil // fit takes files: with none it is a usage error too
		}
		if badValue[tl.name] == nil {
			t.Fatalf("no bad value for %s", tl.name)
		}
		for _, args := range [][]string{{"-nosuchflag"}, badValue[tl.name], stray} {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{tl.name}, args...), &stdout, &stderr)
			msg := stderr.String()
			if code != exitUsage || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "match "+tl.name+": ") || !strings.HasSuffix(msg, "(see match "+tl.name+" -h)\n") {
				t.Errorf("match %s %v: exit %d, stderr %q", tl.name, args, code, msg)
			}
		}
		var stdout, stderr bytes.Buffer
		if code := run([]string{tl.name, "-h"}, &stdout, &stderr); code != exitOK || !strings.HasPrefix(stdout.String(), "usage: match "+tl.name) {
			t.Errorf("match %s -h: exit %d, stdout %q", tl.name, code, stdout.String())
		}
	}
	for _, args := range [][]string{nil, {"nosuchtool"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitUsage || !strings.HasPrefix(stderr.String(), "match: ") {
			t.Errorf("match %v: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}

// TestRapfiRequired checks that the tools that need Rapfi say so, and
// start nothing, when -rapfi is not given.
func TestRapfiRequired(t *testing.T) {
	for _, args := range [][]string{
		{"forbid-rapfi"},
		{"make-openings", "-make", "2"},
		{"review", "-review", "7,7 8,8 7,8 8,7"},
		{"rapfi-games", "-make", "1"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), "-rapfi is required") || stdout.Len() > 0 {
			t.Errorf("match %v: exit %d, stderr %q, stdout %q", args, code, stderr.String(), stdout.String())
		}
	}
}

//go:build !windows && !linux

package console

import "os"

// pollable is Linux's way (pollable_linux.go); elsewhere the input waits in
// select(2).
func pollable(*os.File) *os.File { return nil }

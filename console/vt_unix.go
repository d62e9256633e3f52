//go:build !windows

package console

import "os"

// enableVT has nothing to do outside Windows: every Unix terminal speaks VT.
func enableVT(*os.File) (restore func(), err error) { return func() {}, nil }

module termgames

go 1.26.0

require (
	github.com/creack/pty v1.1.24
	github.com/mattn/go-runewidth v0.0.31
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
)

require github.com/clipperhouse/uax29/v2 v2.2.0 // indirect

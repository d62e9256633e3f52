package minesweeper

import "errors"

var errNoSpecialFiles = errors.New("Windows has no named pipes or devices in the file system")

func mkfifo(string) error { return errNoSpecialFiles }
func mknull(string) error { return errNoSpecialFiles }

//go:build unix

package minesweeper

import "golang.org/x/sys/unix"

func mkfifo(path string) error { return unix.Mkfifo(path, 0o600) }

// mknull makes a device like /dev/null (character device 1, 3) at path;
// only root may.
func mknull(path string) error {
	return unix.Mknod(path, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3)))
}

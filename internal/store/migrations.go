package store

import (
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// Migration is one numbered step of a store's schema, as each store embeds
// its own: migration n takes a database at version n-1 to n.
type Migration struct {
	Version int
	Name    string // the file's, for errors
	SQL     string
}

// ReadMigrations reads the migrations in folder dir of fsys, files named
// NNNN_what.sql, in the order of their names; a misnamed file is version
// 0, which the store's TestMigrationsNumbered refuses. The files are
// embedded in the binary, so a failure to read them is a build's defect:
// it panics.
func ReadMigrations(fsys fs.FS, dir string) []Migration {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		panic(err)
	}
	var ms []Migration
	for _, e := range entries {
		text, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			panic(err)
		}
		n, _, _ := strings.Cut(e.Name(), "_")
		version, _ := strconv.Atoi(n)
		ms = append(ms, Migration{Version: version, Name: e.Name(), SQL: string(text)})
	}
	return ms
}

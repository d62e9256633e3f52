package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// shared are the top-level folders that are not games: the terminal, the
// program's own packages, the network front end and the documents.
var shared = []string{"console", "internal", "serve", "docs", "testdata"}

// gamePackages finds the games in the tree: every top-level folder with Go
// files, but the shared ones. Each has the same file roles.
func gamePackages(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || strings.HasPrefix(name, ".") || slices.Contains(shared, name) {
			continue
		}
		if gos, _ := filepath.Glob(filepath.Join(name, "*.go")); len(gos) > 0 {
			found = append(found, name)
		}
	}
	if len(found) == 0 {
		t.Fatal("no game found: is the test running at the module's root?")
	}
	return found
}

// TestTableListsEveryGame: every game in the tree is in the table of games,
// and every game of the table has its folder, named as its command.
func TestTableListsEveryGame(t *testing.T) {
	var names []string
	for _, g := range games() {
		names = append(names, g.Name)
	}
	found := gamePackages(t)
	slices.Sort(names)
	if !slices.Equal(found, names) {
		t.Errorf("games in the tree %v, in the table %v: a game is its folder and one line in games.go", found, names)
	}
}

// screenFiles are the file roles of a game's screens; every other file of
// a game's package is rules.
func screenFiles(game string) []string {
	return []string{game + ".go", "menu.go", "play.go", "text.go"}
}

// terminalImports are the packages that only screens may use: rules never
// touch the terminal, its widths or the screens' texts.
var terminalImports = []string{
	"termgames/console",
	"termgames/internal/cli",
	"termgames/internal/lang",
	"termgames/internal/screentest",
	"github.com/mattn/go-runewidth",
	"golang.org/x/term",
}

// goFile is one Go file of the module and what it imports.
type goFile struct {
	path    string // slash-separated, from the module's root
	imports []string
}

func (f goFile) dir() string              { return filepath.ToSlash(filepath.Dir(f.path)) }
func (f goFile) name() string             { return filepath.Base(f.path) }
func (f goFile) isTest() bool             { return strings.HasSuffix(f.path, "_test.go") }
func (f goFile) imports1(pkg string) bool { return slices.Contains(f.imports, pkg) }

// moduleFiles parses the imports of every Go file of the module.
func moduleFiles(t *testing.T) []goFile {
	t.Helper()
	var files []goFile
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		g := goFile{path: filepath.ToSlash(path)}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			g.imports = append(g.imports, p)
		}
		files = append(files, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Every game has the same skeleton: <game>.go, menu.go, play.go, text.go,
// and its rules files beside them.
func TestEveryGameHasTheSameFileRoles(t *testing.T) {
	for _, game := range gamePackages(t) {
		for _, name := range screenFiles(game) {
			if _, err := os.Stat(filepath.Join(game, name)); err != nil {
				t.Errorf("%s has no %s: every game has %v", game, name, screenFiles(game))
			}
		}
	}
}

// The wall between rules and terminal: a rules file (any file of a game
// package but its screens, and every package below a game, such as an
// engine or a solver) never imports the terminal's packages. And console
// knows no game; internal/screentest is for tests only.
func TestRulesNeverTouchTheTerminal(t *testing.T) {
	games := gamePackages(t)
	files := moduleFiles(t)
	if len(files) < 20 {
		t.Fatalf("found only %d Go files: is the test running at the module's root?", len(files))
	}
	for _, f := range files {
		if f.isTest() {
			continue
		}
		top, _, below := strings.Cut(f.dir(), "/")
		if slices.Contains(games, top) && (below || !slices.Contains(screenFiles(top), f.name())) {
			for _, pkg := range terminalImports {
				if f.imports1(pkg) {
					t.Errorf("%s is rules and imports %s: rules never touch the terminal; screens live in %v", f.path, pkg, screenFiles(top))
				}
			}
		}
		if top == "console" {
			for _, imp := range f.imports {
				if strings.HasPrefix(imp, "termgames/") && imp != "termgames/internal/lang" {
					t.Errorf("%s imports %s: console knows nothing of the games, only the languages they speak", f.path, imp)
				}
			}
		}
		if f.imports1("termgames/internal/screentest") {
			t.Errorf("%s imports internal/screentest, which is for tests only", f.path)
		}
	}
}

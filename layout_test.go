package main

import (
	"fmt"
	"go/ast"
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

// onlineRules is the online tables' rules side: the lobby, the tables and
// each game's online rules. It draws nothing, and it never branches on a
// game but in that game's own file.
const onlineRules = "serve/room"

// gameValue is a game with online tables as serve/room declares it: the
// variable (var Omok = &Game{name: "omok", …}), its name, and its file.
type gameValue struct{ ident, name, file string }

// onlineProblems finds what breaks the online rules' wall in files, the
// parsed Go files of serve/room (tests left out) by base name: an import of
// the terminal's packages, and in every file but a game's own, a mention
// of a game's value or a comparison with its name, but in the one list of
// games (Games).
func onlineProblems(fset *token.FileSet, files map[string]*ast.File) []string {
	var values []gameValue
	for name, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok || len(spec.Names) != 1 || len(spec.Values) != 1 {
				return true
			}
			u, ok := spec.Values[0].(*ast.UnaryExpr)
			if !ok {
				return true
			}
			lit, ok := u.X.(*ast.CompositeLit)
			if typ, isIdent := lit.Type.(*ast.Ident); !ok || !isIdent || typ.Name != "Game" {
				return true
			}
			v := gameValue{ident: spec.Names[0].Name, file: name}
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok && fmt.Sprint(kv.Key) == "name" {
					if s, ok := kv.Value.(*ast.BasicLit); ok {
						v.name, _ = strconv.Unquote(s.Value)
					}
				}
			}
			values = append(values, v)
			return true
		})
	}
	var problems []string
	for name, f := range files {
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); slices.Contains(terminalImports, p) {
				problems = append(problems, fmt.Sprintf("%s imports %s: the online rules draw nothing", name, p))
			}
		}
		if slices.ContainsFunc(values, func(v gameValue) bool { return v.file == name }) {
			continue // a game's own file
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if len(n.Names) == 1 && n.Names[0].Name == "Games" {
					return false // the one list of games
				}
			case *ast.Ident:
				if slices.ContainsFunc(values, func(v gameValue) bool { return v.ident == n.Name }) {
					problems = append(problems, fmt.Sprintf("%s names the game %s: that belongs in its own file", fset.Position(n.Pos()), n.Name))
				}
			case *ast.BasicLit:
				s, _ := strconv.Unquote(n.Value)
				if n.Kind == token.STRING && slices.ContainsFunc(values, func(v gameValue) bool { return v.name == s }) {
					problems = append(problems, fmt.Sprintf("%s says the game's name %q: that belongs in its own file", fset.Position(n.Pos()), s))
				}
			}
			return true
		})
	}
	slices.Sort(problems)
	return problems
}

// parseOnline parses the Go files of dir but its tests.
func parseOnline(t *testing.T, fset *token.FileSet, dir string) map[string]*ast.File {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s: is the test running at the module's root? %v", dir, err)
	}
	files := map[string]*ast.File{}
	for _, path := range names {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(path)] = f
	}
	return files
}

// The online rules touch no terminal and branch on no game outside each
// game's own file; a file that did either is found (a negative case, on
// the real files with one added).
func TestOnlineRulesWall(t *testing.T) {
	fset := token.NewFileSet()
	files := parseOnline(t, fset, onlineRules)
	if problems := onlineProblems(fset, files); len(problems) > 0 {
		t.Errorf("the online rules' wall:\n%s", strings.Join(problems, "\n"))
	}
	bad, err := parser.ParseFile(fset, "bad.go", `package room

import "termgames/console"

func (t *Table) special() bool {
	if t.Game == Omok {
		return true
	}
	switch t.Game.Name() {
	case "baseball":
		return true
	}
	return console.Plain == 0
}
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	files["bad.go"] = bad
	problems := strings.Join(onlineProblems(fset, files), "\n")
	if strings.Count(problems, "\n") != 2 || !strings.Contains(problems, "bad.go:6:15 names the game Omok") ||
		!strings.Contains(problems, `bad.go:10:7 says the game's name "baseball"`) || !strings.Contains(problems, "bad.go imports termgames/console") {
		t.Errorf("a file with a branch on a game and an import of the console, found:\n%s", problems)
	}
}

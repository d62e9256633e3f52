package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestViewsOnlyDraw: no View of any screen changes its screen. Update
// changes the state and fills the caches; View builds a frame from them,
// so that a frame can be asked for again at any time (a resize, a redraw)
// and comes out the same. The check reads the code, as go vet would: a
// View, and every method it calls on its screen or on a field of it of a
// type of the same package, must not assign to, increment or delete from
// anything reached through the screen (directly, or through a local
// variable that points into it).
func TestViewsOnlyDraw(t *testing.T) {
	for dir, files := range packageFiles(t) {
		for _, c := range viewChanges(files) {
			t.Errorf("%s: %s.View changes its screen: %s", dir, c.screen, c.why)
		}
	}
}

// The check catches each way a View can change its screen, in a package
// of fake screens, and passes the ones that only draw: without it, a check
// that reported nothing would pass TestViewsOnlyDraw as well.
func TestViewsOnlyDrawCatches(t *testing.T) {
	const src = `package fake

type Board struct{ cells []int }

func (b *Board) Mark(i int)   { b.cells[i] = 1 }
func (b *Board) At(i int) int { return b.cells[i] }

type Screen struct {
	n     int
	cache map[int]string
	rows  []string
	board *Board
}

func (s *Screen) bump() { s.n++ }

type Assigns struct{ Screen }
type Counts struct{ Screen }
type FillsCache struct{ Screen }
type Deletes struct{ Screen }
type Clears struct{ Screen }
type ThroughPointer struct{ Screen }
type ThroughCopy struct{ Screen }
type ThroughMethod struct{ Screen }
type ThroughField struct{ Screen }
type Draws struct{ Screen }

func (s *Assigns) View() string        { s.n = 1; return "" }
func (s *Counts) View() string         { s.n++; return "" }
func (s *FillsCache) View() string     { s.cache[1] = "x"; return s.cache[1] }
func (s *Deletes) View() string        { delete(s.cache, 1); return "" }
func (s *Clears) View() string         { clear(s.rows); return "" }
func (s *ThroughPointer) View() string { p := &s.n; *p = 2; return "" }
func (s *ThroughCopy) View() string    { c := s; c.rows[0] = "x"; return "" }
func (s *ThroughMethod) View() string  { s.bump(); return "" }
func (s *ThroughField) View() string   { s.board.Mark(0); return "" }

func (s *Draws) View() string {
	rows := append([]string{}, s.rows...)
	rows[0] = s.cache[s.n]
	n := s.n
	n++
	return rows[0] + string(rune(n+s.board.At(0)))
}
`
	f, err := parser.ParseFile(token.NewFileSet(), "fake.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range viewChanges([]*ast.File{f}) {
		got[c.screen] = c.why
	}
	for _, screen := range []string{"Assigns", "Counts", "FillsCache", "Deletes", "Clears",
		"ThroughPointer", "ThroughCopy", "ThroughMethod", "ThroughField"} {
		if got[screen] == "" {
			t.Errorf("%s.View changes its screen, and the check did not see it", screen)
		}
		delete(got, screen)
	}
	for screen, why := range got {
		t.Errorf("%s.View only draws, and the check says: %s", screen, why)
	}
}

// change is a View that changes its screen: the screen's type, and how.
type change struct{ screen, why string }

// viewChanges runs the check on one package's files.
func viewChanges(files []*ast.File) []change {
	p := newMethodSet(files)
	var cs []change
	for _, m := range p.named("View") {
		if why := p.mutation(m, map[*ast.FuncDecl]bool{}); why != "" {
			cs = append(cs, change{m.recvType, why})
		}
	}
	return cs
}

// packageFiles parses every non-test Go file of the module, by folder.
func packageFiles(t *testing.T) map[string][]*ast.File {
	t.Helper()
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		pkgs[dir] = append(pkgs[dir], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// method is a method declaration and the name of its receiver's type.
type method struct {
	*ast.FuncDecl
	recvType string
}

// methodSet is what the check knows of a package: its methods by type and
// name, and the fields of its struct types (the embedded ones by their
// type's name) with the name of their type where it is the package's own.
type methodSet struct {
	methods map[string]map[string]method // type, method name
	fields  map[string]map[string]string // type, field name: the field's type
	embeds  map[string][]string          // type: the types it embeds
}

func newMethodSet(files []*ast.File) *methodSet {
	p := &methodSet{methods: map[string]map[string]method{}, fields: map[string]map[string]string{}, embeds: map[string][]string{}}
	for _, f := range files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) != 1 || d.Body == nil {
					continue
				}
				typ := typeName(d.Recv.List[0].Type)
				if p.methods[typ] == nil {
					p.methods[typ] = map[string]method{}
				}
				p.methods[typ][d.Name.Name] = method{d, typ}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					fields := map[string]string{}
					for _, fl := range st.Fields.List {
						typ := typeName(fl.Type)
						if len(fl.Names) == 0 {
							p.embeds[ts.Name.Name] = append(p.embeds[ts.Name.Name], typ)
							fields[typ] = typ
						}
						for _, n := range fl.Names {
							fields[n.Name] = typ
						}
					}
					p.fields[ts.Name.Name] = fields
				}
			}
		}
	}
	return p
}

// typeName is the name of a type written T, *T or T[...]; "" for others.
func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return typeName(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return typeName(e.X)
	}
	return ""
}

// named returns the package's methods called name, in a fixed order.
func (p *methodSet) named(name string) []method {
	var ms []method
	for _, byName := range p.methods {
		if m, ok := byName[name]; ok {
			ms = append(ms, m)
		}
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].recvType < ms[j].recvType })
	return ms
}

// lookup finds the method name of type typ, or of a type it embeds.
func (p *methodSet) lookup(typ, name string) (method, bool) {
	if m, ok := p.methods[typ][name]; ok {
		return m, true
	}
	for _, e := range p.embeds[typ] {
		if m, ok := p.lookup(e, name); ok {
			return m, true
		}
	}
	return method{}, false
}

// fieldType is the package's own type of field name of typ, or "".
func (p *methodSet) fieldType(typ, name string) string {
	if t, ok := p.fields[typ][name]; ok {
		return t
	}
	for _, e := range p.embeds[typ] {
		if t := p.fieldType(e, name); t != "" {
			return t
		}
	}
	return ""
}

// mutation says how m changes its receiver, or through the methods it
// calls on it; "" when it does not. seen breaks cycles of calls.
func (p *methodSet) mutation(m method, seen map[*ast.FuncDecl]bool) string {
	if seen[m.FuncDecl] {
		return ""
	}
	seen[m.FuncDecl] = true
	names := m.Recv.List[0].Names
	if len(names) == 0 || names[0].Name == "_" {
		return ""
	}
	aliases := map[string]bool{names[0].Name: true} // names that point into the receiver
	var why string
	through := func(e ast.Expr) bool { // e is reached through the receiver, not the receiver's name alone
		_, bare := e.(*ast.Ident)
		return !bare && aliases[rootName(e)]
	}
	ast.Inspect(m.Body, func(n ast.Node) bool {
		if why != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if n.Tok == token.DEFINE {
					if i < len(n.Rhs) && len(n.Lhs) == len(n.Rhs) && pointsInto(n.Rhs[i], aliases) {
						aliases[rootName(lhs)] = true
					}
					continue
				}
				if through(lhs) || (n.Tok != token.DEFINE && isStar(lhs) && aliases[rootName(lhs)]) {
					why = "assigns " + exprString(lhs)
				}
			}
		case *ast.IncDecStmt:
			if through(n.X) {
				why = "changes " + exprString(n.X)
			}
		case *ast.CallExpr:
			why = p.callMutation(m, n, aliases, seen)
		}
		return true
	})
	return why
}

// callMutation says how a call in m changes m's receiver: delete or clear
// of something in it, or a method of the package that changes it, called
// on the receiver or on one of its fields.
func (p *methodSet) callMutation(m method, call *ast.CallExpr, aliases map[string]bool, seen map[*ast.FuncDecl]bool) string {
	if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "delete" || id.Name == "clear") && len(call.Args) > 0 && aliases[rootName(call.Args[0])] {
		return id.Name + " on " + exprString(call.Args[0])
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	typ := ""
	switch x := sel.X.(type) {
	case *ast.Ident: // recv.method()
		if x.Name == rootName(ast.Expr(m.Recv.List[0].Names[0])) {
			typ = m.recvType
		}
	case *ast.SelectorExpr: // recv.field.method()
		if id, ok := x.X.(*ast.Ident); ok && id.Name == m.Recv.List[0].Names[0].Name {
			typ = p.fieldType(m.recvType, x.Sel.Name)
		}
	}
	if typ == "" {
		return ""
	}
	callee, ok := p.lookup(typ, sel.Sel.Name)
	if !ok {
		return ""
	}
	if why := p.mutation(callee, seen); why != "" {
		return "calls " + exprString(call.Fun) + ", which " + why
	}
	return ""
}

// pointsInto reports whether e is &x.… or x.… for x a name that points into
// the receiver: a local made from it points into it too.
func pointsInto(e ast.Expr, aliases map[string]bool) bool {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return aliases[rootName(u.X)]
	}
	if _, ok := e.(*ast.Ident); ok {
		return aliases[rootName(e)]
	}
	return false
}

func isStar(e ast.Expr) bool {
	_, ok := e.(*ast.StarExpr)
	return ok
}

// rootName is the name an expression such as a.b[c].d or *a starts from.
func rootName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		default:
			return ""
		}
	}
}

// exprString writes a short expression back as Go.
func exprString(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	case *ast.IndexExpr:
		return exprString(x.X) + "[…]"
	case *ast.StarExpr:
		return "*" + exprString(x.X)
	case *ast.ParenExpr:
		return "(" + exprString(x.X) + ")"
	case *ast.SliceExpr:
		return exprString(x.X) + "[…:…]"
	}
	return "…"
}

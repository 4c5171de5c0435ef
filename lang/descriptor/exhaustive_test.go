package descriptor

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// partialMark is the comment that lets a switch over kinds name only some
// of them: it must say why on the same line, and stand on the line of the
// switch or the line before it.
const partialMark = "kinds:partial"

// TestKindSwitchesAreExhaustive walks every Go file of the module and fails
// on a switch that names a kind in a case (model.Tuple, descriptor.Map, ...)
// but not every kind of the table above. A new kind added to Kinds thus
// fails `make test` at each dispatch that has not been taught it, instead
// of falling into a default that accepts anything. A switch that is meant
// to treat only some kinds says so with a `// kinds:partial: why` comment.
func TestKindSwitchesAreExhaustive(t *testing.T) {
	names := map[string]Kind{}
	for _, k := range Kinds[1:] {
		names[strings.ToUpper(k.Keyword[:1])+k.Keyword[1:]] = k.Kind
	}
	root := "../.."
	fset := token.NewFileSet()
	switches := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", "third_party", "testdata", ".tmp", ".git", "bin":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		qualifiers := kindPackages(f)
		marked := map[int]bool{}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.Contains(c.Text, partialMark) {
					marked[fset.Position(c.Pos()).Line] = true
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sw, ok := n.(*ast.SwitchStmt)
			if !ok || sw.Tag == nil {
				return true
			}
			seen := map[Kind]bool{}
			for _, s := range sw.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					if k, ok := kindConst(e, qualifiers, names); ok {
						seen[k] = true
					}
				}
			}
			if len(seen) == 0 {
				return true
			}
			switches++
			line := fset.Position(sw.Pos()).Line
			if marked[line] || marked[line-1] {
				return true
			}
			var missing []string
			for _, k := range Kinds[1:] {
				if !seen[k.Kind] {
					missing = append(missing, k.Keyword)
				}
			}
			if len(missing) > 0 {
				t.Errorf("%s: switch over kinds misses %s (list them, or mark the switch `// %s: why`)",
					fset.Position(sw.Pos()), strings.Join(missing, ", "), partialMark)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if switches < 10 {
		t.Errorf("found only %d switches over kinds: is the walk looking at the module?", switches)
	}
}

// kindPackages are the names under which a file imports the packages that
// declare the kind constants.
func kindPackages(f *ast.File) []string {
	var out []string
	for _, imp := range f.Imports {
		p := strings.Trim(imp.Path.Value, `"`)
		if !strings.HasSuffix(p, "/lang/descriptor") && !strings.HasSuffix(p, "/model") {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		out = append(out, name)
	}
	return out
}

// kindConst reports the kind a case expression names, as pkg.Kind.
func kindConst(e ast.Expr, qualifiers []string, names map[string]Kind) (Kind, bool) {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return 0, false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok || !slices.Contains(qualifiers, x.Name) {
		return 0, false
	}
	k, ok := names[sel.Sel.Name]
	return k, ok
}

package diag

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// printers are the functions and methods a message may be passed to: they
// print it or store it, and never look at its words.
var printers = map[string]bool{
	"append": true, "Sprintf": true, "Sprint": true, "Sprintln": true,
	"Fprintf": true, "Fprint": true, "Fprintln": true, "Printf": true,
	"Println": true, "Errorf": true, "New": true, "WriteString": true,
	"len": true, "string": true,
}

func printer(fun ast.Expr) bool {
	switch f := fun.(type) {
	case *ast.Ident:
		return printers[f.Name]
	case *ast.SelectorExpr:
		return printers[f.Sel.Name]
	}
	return false
}

// TestNoCodeMatchesMessageText: no non-test Go source of the module
// compares a diagnostic's message text (`.Msg`, or the text of a
// diagnostic list) with ==, !=, a switch, a map lookup or a string or
// regexp function. Programs key on the code.
func TestNoCodeMatchesMessageText(t *testing.T) {
	root := "../.."
	if dir := os.Getenv("TOOLSPEC_NOMATCH_ROOT"); dir != "" {
		root = dir // to watch the test fail on old code
	}
	var found []string
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "node_modules" || n == "testdata" || n == "third_party" || strings.HasPrefix(n, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		found = append(found, messageMatches(t, path)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 && root == "../.." {
		t.Fatalf("walked only %d files; is the root wrong?", files)
	}
	for _, f := range found {
		t.Errorf("%s: compares a diagnostic's message text; compare its Code (lang/diag) instead", f)
	}
}

// messageMatches returns the places in one file that compare message text.
func messageMatches(t *testing.T, path string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	report := func(n ast.Node) { out = append(out, fset.Position(n.Pos()).String()) }
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			// Two messages compared with each other (to sort or to
			// drop repeats) is not reading either one's wording.
			if (n.Op == token.EQL || n.Op == token.NEQ) && isMessage(n.X) != isMessage(n.Y) {
				report(n)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && isMessage(n.Tag) {
				report(n)
			}
		case *ast.IndexExpr:
			if isMessage(n.Index) {
				report(n)
			}
		case *ast.CallExpr:
			// A message may be printed or stored; handed to any other
			// function (a string or regexp function, or a helper that
			// may call one) it is being read.
			if !printer(n.Fun) {
				for _, a := range n.Args {
					if isMessage(a) {
						report(n)
					}
				}
			}
		}
		return true
	})
	return out
}

// isMessage reports whether e is a diagnostic's text itself: x.Msg, or
// x.Diags.Error(), x.Diags.Err().Error() and the like. Text built from it
// ("dropped (" + d.Msg + ")") is a new message, not a reading of this one.
func isMessage(e ast.Expr) bool {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Error" || sel.Sel.Name == "String") {
			return mentionsDiags(sel.X)
		}
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Msg"
}

func mentionsDiags(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && (id.Name == "Diags" || id.Name == "diags") {
			found = true
		}
		return !found
	})
	return found
}

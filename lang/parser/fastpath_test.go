package parser

import (
	"os"
	"path/filepath"
	"testing"

	plex "github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/internal/synth"
	"github.com/toolspec/toolspec/lang/ast"
)

// sameToolPaths checks that every piece ast.ParseTool accepts parses to the
// same tree through the grammar: the fast path is an optimisation, never a
// second dialect.
func sameToolPaths(t *testing.T, src []byte) (fast int) {
	t.Helper()
	lx := lex("x.tspec", src)
	if lx.tooDeep {
		return 0
	}
	for i, p := range lx.pieces {
		if i == 0 {
			p = p[headerLen(p):]
		}
		if len(p) == 0 {
			continue
		}
		tool, ok := ast.ParseTool(p, plex.EOFToken(endOf(p)))
		if !ok {
			continue
		}
		fast++
		list, err := parseTokens(declGrammar, p, endOf(p))
		if err != nil {
			t.Fatalf("ParseTool accepts what the grammar rejects (%v):\n%s", err, src)
		}
		if len(list.Decls) != 1 || list.Decls[0].Tool == nil {
			t.Fatalf("ParseTool accepts what the grammar reads as %d declarations:\n%s", len(list.Decls), src)
		}
		if d := cmp.Diff(list.Decls[0].Tool, tool); d != "" {
			t.Fatalf("ParseTool and the grammar disagree (-grammar +fast):\n%s\ninput:\n%s", d, src)
		}
	}
	return fast
}

// TestToolFastPathMatchesGrammar: on valid specs every tool takes the fast
// path, and it reads each the way the grammar does.
func TestToolFastPathMatchesGrammar(t *testing.T) {
	files, _ := filepath.Glob("../../gen/jsonout/testdata/*.tspec")
	files = append(files, "../../specs/t27mcp/tool_schema.tspec")
	var srcs [][]byte
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	srcs = append(srcs, synth.Spec(50, 3))
	for _, src := range srcs {
		tools := 0
		for _, d := range Parse("x.tspec", src).File.Decls {
			if d.Tool != nil {
				tools++
			}
		}
		if fast := sameToolPaths(t, src); fast != tools {
			t.Errorf("%d of %d tools took the fast path", fast, tools)
		}
	}
}

func FuzzToolFastPath(f *testing.F) {
	files, _ := filepath.Glob("../../gen/jsonout/testdata/*.tspec")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte("spec s\ntool t { in { a integer required 1..2 b string optional pattern \"x\" } result text }"))
	f.Fuzz(func(t *testing.T, src []byte) { sameToolPaths(t, src) })
}

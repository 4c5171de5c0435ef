package compile_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/internal/synth"
)

func TestSyntheticSpecsCompile(t *testing.T) {
	for _, n := range []int{1, 3} {
		r := compile.Source("s.tspec", synth.Spec(n, 5))
		if r.Catalog == nil {
			t.Fatalf("synthetic spec (%d tools) does not compile:\n%s", n, r.Diags)
		}
		if len(r.Catalog.Tools) != n || len(r.Catalog.Tests[0].Fixtures) != 5*n {
			t.Errorf("got %d tools, %d fixtures", len(r.Catalog.Tools), len(r.Catalog.Tests[0].Fixtures))
		}
	}
}

func TestMissingFile(t *testing.T) {
	r := compile.File("testdata/does-not-exist.tspec")
	if r.Catalog != nil || len(r.Diags) != 1 || r.Diags[0].String() != "testdata/does-not-exist.tspec: error: no such file or directory [TS0001]" {
		t.Errorf("got %v", r.Diags)
	}
}

// TestValueChecksOnAllCores: defaults and examples are checked on every
// core; each bad one is reported once, in source order, whichever core
// found it, and a group row shared by every tool once.
func TestValueChecksOnAllCores(t *testing.T) {
	var b strings.Builder
	b.WriteString("spec many\n\ngroup paging {\n  limit  integer  optional  1..10  default 11\n}\n")
	const tools = 300
	for i := range tools {
		fmt.Fprintf(&b, "\ntool t%d {\n  description \"d\"\n  in {\n    use paging\n    n  integer  optional  0..5  example %d\n  }\n  result text\n}\n", i, 6+i)
	}
	r := compile.Source("many.tspec", []byte(b.String()))
	if r.Catalog != nil {
		t.Fatal("compiled")
	}
	if len(r.Diags) != tools+1 {
		t.Fatalf("%d diagnostics, want %d:\n%v", len(r.Diags), tools+1, r.Diags)
	}
	if d := r.Diags[0]; d.Pos.Line != 4 || !strings.Contains(d.Msg, "limit: default 11 does not satisfy its own row") {
		t.Errorf("first: %v", d)
	}
	for i, d := range r.Diags[1:] {
		if want := fmt.Sprintf("n: example %d does not satisfy its own row", 6+i); !strings.Contains(d.Msg, want) {
			t.Fatalf("diagnostic %d: %v, want %q", i+1, d, want)
		}
	}
}

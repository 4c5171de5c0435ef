package compile_test

import (
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
	if r.Catalog != nil || len(r.Diags) != 1 || r.Diags[0].String() != "testdata/does-not-exist.tspec: error: no such file or directory" {
		t.Errorf("got %v", r.Diags)
	}
}

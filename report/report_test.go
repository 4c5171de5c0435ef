package report

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolspec/toolspec/compile"
)

var update = flag.Bool("update", false, "rewrite golden files")

// load compiles spec text that must have no errors.
func load(t testing.TB, name, src string) compile.Result {
	t.Helper()
	r := compile.Source(name, []byte(src))
	if r.Catalog == nil {
		t.Fatalf("%s does not compile:\n%v", name, r.Diags)
	}
	return r
}

func loadFile(t testing.TB, path string) compile.Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return load(t, filepath.ToSlash(path), string(src))
}

func run(t testing.TB, name, src string, opts Options) *Report {
	t.Helper()
	return Run(load(t, name, src), opts)
}

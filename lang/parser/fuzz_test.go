package parser_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolspec/toolspec/compile"
)

// FuzzParse feeds arbitrary bytes through the whole front end: parse,
// check, value checks and hashing must never panic, and a spec that
// compiles must compile to the same hash twice.
func FuzzParse(f *testing.F) {
	for _, glob := range []string{"../../gen/jsonout/testdata/*.tspec", "../check/testdata/*.tspec"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
			f.Add(bytes.ReplaceAll(src, []byte("\n"), []byte("\r"))) // CR line breaks
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		r := compile.Source("fuzz.tspec", src)
		if r.Catalog == nil {
			if !r.Diags.HasErrors() {
				t.Fatalf("no catalog and no error")
			}
			return
		}
		again := compile.Source("fuzz.tspec", src)
		if again.Catalog == nil || again.Catalog.SpecHash != r.Catalog.SpecHash {
			t.Fatalf("compiling twice gave different results")
		}
	})
}

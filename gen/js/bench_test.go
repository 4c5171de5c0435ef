package js_test

import (
	"fmt"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/js"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/internal/synth"
)

// BenchmarkGenerate compares gen-js with gen-json in one run, on the
// synthetic catalogs of internal/synth: "compile+json" is what gen-json
// does for both profiles (parse, check, hash, emit), "compile+js" what
// gen-js does (the same compile, then the module and its declarations),
// and "js" the gen-js emission alone.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := synth.Spec(n, 0)
		compiled := compile.Source("synthetic.tspec", src)
		if compiled.Catalog == nil {
			b.Fatal(compiled.Diags)
		}
		b.Run(fmt.Sprintf("compile+json/tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := compile.Source("synthetic.tspec", src)
				jsonout.Generate(r.Catalog, 1)
				jsonout.Generate(r.Catalog, 2)
			}
		})
		b.Run(fmt.Sprintf("compile+js/tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := compile.Source("synthetic.tspec", src)
				if _, _, err := js.Generate(r.Catalog); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("js/tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := js.Generate(compiled.Catalog); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

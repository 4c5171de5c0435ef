package check_test

import (
	"testing"

	"github.com/toolspec/toolspec/internal/synth"
	"github.com/toolspec/toolspec/lang/check"
	"github.com/toolspec/toolspec/lang/parser"
)

// BenchmarkCheck times the checker alone on a 1 000-tool synthetic spec,
// parsed once outside the loop.
func BenchmarkCheck(b *testing.B) {
	r := parser.Parse("synthetic.tspec", synth.Spec(1000, 0))
	if r.File == nil || r.Diags.HasErrors() {
		b.Fatal(r.Diags)
	}
	b.ReportAllocs()
	for b.Loop() {
		res := check.Check(r.File)
		if res.Diags.HasErrors() {
			b.Fatal(res.Diags)
		}
	}
}

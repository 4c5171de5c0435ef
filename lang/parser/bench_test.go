package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/synth"
)

func BenchmarkParse(b *testing.B) {
	src := synth.Spec(1000, 0)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if r := Parse("s.tspec", src); r.File == nil {
			b.Fatal(r.Diags)
		}
	}
}

func BenchmarkLex(b *testing.B) {
	src := synth.Spec(1000, 0)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		lex("s.tspec", src)
	}
}

// BenchmarkParseBroken parses 200 tools with an error inside a container
// in each (a missing comma, a stray comma), the recovery path.
func BenchmarkParseBroken(b *testing.B) {
	var s strings.Builder
	s.WriteString("spec s\n")
	for i := range 200 {
		fmt.Fprintf(&s, "\ntool t%d {\n  description \"d\"\n  in {\n    a  string  required  1..9\n    p  tuple<string integer>  required\n    k  enum(a, , b)  optional  default \"a\"\n    n  integer  optional  0..5\n  }\n  result text\n}\n", i)
	}
	src := []byte(s.String())
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if r := Parse("s.tspec", src); r.File != nil || len(r.Diags) != 400 {
			b.Fatal(len(r.Diags), r.Diags)
		}
	}
}

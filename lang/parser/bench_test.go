package parser

import (
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

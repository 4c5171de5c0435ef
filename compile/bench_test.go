package compile_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/zeebo/blake3"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/internal/synth"
)

// BenchmarkGenJSON measures what `toolspec gen-json` does for both
// profiles: parse, check, hash and emit, on synthetic catalogs.
func BenchmarkGenJSON(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 10000, 30000} {
		src := synth.Spec(n, 0)
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				r := compile.Source("synthetic.tspec", src)
				if r.Catalog == nil {
					b.Fatal(r.Diags)
				}
				jsonout.Generate(r.Catalog, 1)
				jsonout.Generate(r.Catalog, 2)
			}
		})
	}
}

// BenchmarkCheck measures what `toolspec check` does: parse, check, hash.
func BenchmarkCheck(b *testing.B) {
	for _, n := range []int{1000, 10000, 30000} {
		src := synth.Spec(n, 0)
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if r := compile.Source("synthetic.tspec", src); r.Catalog == nil {
					b.Fatal(r.Diags)
				}
			}
		})
	}
}

// BenchmarkReadHash is the floor the others are paired with: reading the
// spec from a file and its BLAKE3 hash, nothing parsed.
func BenchmarkReadHash(b *testing.B) {
	for _, n := range []int{1000, 10000, 30000} {
		path := filepath.Join(b.TempDir(), "synthetic.tspec")
		if err := os.WriteFile(path, synth.Spec(n, 0), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				src, err := os.ReadFile(path)
				if err != nil {
					b.Fatal(err)
				}
				blake3.Sum256(src)
			}
		})
	}
}

// BenchmarkPhases splits the 1 000-tool case into its phases.
func BenchmarkPhases(b *testing.B) {
	src := synth.Spec(1000, 0)
	r := compile.Source("synthetic.tspec", src)
	if r.Catalog == nil {
		b.Fatal(r.Diags)
	}
	b.Run("compile", func(b *testing.B) {
		for b.Loop() {
			compile.Source("synthetic.tspec", src)
		}
	})
	b.Run("emit", func(b *testing.B) {
		for b.Loop() {
			jsonout.Generate(r.Catalog, 1)
			jsonout.Generate(r.Catalog, 2)
		}
	})
}

// BenchmarkHash measures the spec hash alone (canonical formatting and
// BLAKE3) on 1 000 tools.
func BenchmarkHash(b *testing.B) {
	r := compile.Source("synthetic.tspec", synth.Spec(1000, 0))
	if r.File == nil {
		b.Fatal(r.Diags)
	}
	b.ReportAllocs()
	for b.Loop() {
		compile.Hash(r.File)
	}
}

// BenchmarkAfterParse is what gen-json and check do after the parse, on a
// tree parsed once outside the loop: "check" is the checks and the hash
// (compile.Checked, one after the other), "emit" gen-json's profile 1
// (jsonout.Chunks, as the command writes it), "hash" the hash alone.
func BenchmarkAfterParse(b *testing.B) {
	parsed := map[int]compile.Result{}
	parse := func(b *testing.B, n int) compile.Result {
		r, ok := parsed[n]
		if !ok {
			r = compile.Source("synthetic.tspec", synth.Spec(n, 0))
			if r.Catalog == nil {
				b.Fatal(r.Diags)
			}
			parsed[n] = r
		}
		return r
	}
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("check/tools=%d", n), func(b *testing.B) {
			r := parse(b, n)
			b.ReportAllocs()
			for b.Loop() {
				if c := compile.Checked(compile.Result{File: r.File, Comments: r.Comments}); c.Catalog == nil {
					b.Fatal(c.Diags)
				}
			}
		})
		b.Run(fmt.Sprintf("emit/tools=%d", n), func(b *testing.B) {
			r := parse(b, n)
			b.ReportAllocs()
			for b.Loop() {
				jsonout.Chunks(r.Catalog, 1)
			}
		})
		b.Run(fmt.Sprintf("hash/tools=%d", n), func(b *testing.B) {
			r := parse(b, n)
			b.ReportAllocs()
			for b.Loop() {
				compile.Hash(r.File)
			}
		})
	}
}

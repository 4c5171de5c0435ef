package format

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/parser"
)

var update = flag.Bool("update", false, "rewrite golden files")

// parse parses src and fails the test on any error.
func parse(t *testing.T, name string, src []byte) parser.Result {
	t.Helper()
	r := parser.Parse(name, src)
	if r.File == nil || r.Diags.HasErrors() {
		t.Fatalf("%s does not parse:\n%v", name, r.Diags)
	}
	return r
}

// TestGolden formats every testdata/*.input and compares with its .golden.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/*.input")
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no testdata/*.input files")
	}
	for _, in := range inputs {
		golden := strings.TrimSuffix(in, ".input") + ".golden"
		t.Run(filepath.Base(in), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			r := parse(t, in, src)
			got := Source(r.File, r.Comments)
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(string(want), string(got)); d != "" {
				t.Errorf("%s: formatted output differs from %s (-want +got):\n%s", in, golden, d)
			}
			checkComments(t, in, r.Comments, got)
		})
	}
}

// TestGoldenIdempotent formats every .golden file and expects it unchanged,
// and its canonical form equal to that of the .input it came from.
func TestGoldenIdempotent(t *testing.T) {
	goldens, err := filepath.Glob("testdata/*.golden")
	if err != nil {
		t.Fatal(err)
	}
	if len(goldens) == 0 {
		t.Fatal("no testdata/*.golden files")
	}
	for _, g := range goldens {
		t.Run(filepath.Base(g), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			r := parse(t, g, src)
			if d := cmp.Diff(string(src), string(Source(r.File, r.Comments))); d != "" {
				t.Errorf("%s is not stable under formatting (-golden +reformatted):\n%s", g, d)
			}
			in, err := os.ReadFile(strings.TrimSuffix(g, ".golden") + ".input")
			if err != nil {
				t.Fatal(err)
			}
			ri := parse(t, g, in)
			if d := cmp.Diff(string(Canonical(ri.File)), string(Canonical(r.File))); d != "" {
				t.Errorf("%s: canonical form differs from its input's (-input +golden):\n%s", g, d)
			}
		})
	}
}

// checkComments fails when a comment of the input is missing from out: each
// comment's text must occur in out at least as often as among comments.
func checkComments(t *testing.T, name string, comments []*ast.Comment, out []byte) {
	t.Helper()
	seen := map[string]int{}
	for _, c := range comments {
		seen[c.Text]++
	}
	for text, n := range seen {
		if got := bytes.Count(out, []byte(text)); got < n {
			t.Errorf("%s: comment %q occurs %d times in the input, %d in the output", name, text, n, got)
		}
	}
}

// TestCanonical checks that Canonical, which writes lines as it prints
// them, is Source without comments, which collects them first, and that no
// comment text survives in it.
func TestCanonical(t *testing.T) {
	t.Parallel()
	inputs, _ := filepath.Glob("testdata/*.input")
	for _, in := range inputs {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		r := parse(t, in, src)
		if d := cmp.Diff(string(Source(r.File, nil)), string(Canonical(r.File))); d != "" {
			t.Errorf("%s: Canonical differs from Source without comments:\n%s", in, d)
		}
	}
	src, err := os.ReadFile("testdata/comments.input")
	if err != nil {
		t.Fatal(err)
	}
	r := parse(t, "comments.input", src)
	c := Canonical(r.File)
	if bytes.Contains(c, []byte("//")) {
		t.Errorf("Canonical keeps comments:\n%s", c)
	}
	if !bytes.HasSuffix(c, []byte("}\n")) || bytes.HasSuffix(c, []byte("\n\n")) {
		t.Errorf("Canonical does not end in exactly one newline:\n%q", c)
	}
	if Source(nil, r.Comments) != nil {
		t.Error("Source(nil) is not nil")
	}
}

// TestRuneCount: runeCount, which skips ASCII eight bytes at a time, counts
// as utf8.RuneCount does, whatever comes where.
func TestRuneCount(t *testing.T) {
	for _, tail := range []string{"", "a", "é", "\xff", "日本", "\xe2\x80", "🙂x"} {
		for n := range 20 {
			for _, b := range [][]byte{[]byte(strings.Repeat("a", n) + tail), []byte(tail + strings.Repeat("b", n)), []byte(strings.Repeat("c", n) + tail + strings.Repeat("d", n))} {
				if got, want := runeCount(b), utf8.RuneCount(b); got != want {
					t.Errorf("runeCount(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}

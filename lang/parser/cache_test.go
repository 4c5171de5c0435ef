package parser_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/toolspec/toolspec/internal/treedump"
	"github.com/toolspec/toolspec/lang/parser"
)

// edit changes src at random the way an editor does: a character or a
// line typed, a few bytes deleted, a line duplicated, a declaration cut.
func edit(r *rand.Rand, src string) string {
	at := 0
	if len(src) > 0 {
		at = r.IntN(len(src) + 1)
	}
	switch r.IntN(6) {
	case 0:
		typed := []string{"x", " ", "\n", "}", "{", "\"", "1", "..", "# note\n", "tool t_new {\n  description \"d\"\n}\n"}
		return src[:at] + typed[r.IntN(len(typed))] + src[at:]
	case 1, 2:
		end := min(len(src), at+1+r.IntN(20))
		return src[:at] + src[end:]
	case 3:
		start := strings.LastIndexByte(src[:at], '\n') + 1
		end := strings.IndexByte(src[at:], '\n')
		if end < 0 {
			return src
		}
		line := src[start : at+end+1]
		return src[:start] + line + src[start:]
	case 4:
		// Undo-like: a stretch of the text moved, so cached declarations
		// are found again at other lines.
		end := min(len(src), at+r.IntN(200))
		return src[end:] + src[at:end] + src[:at]
	default:
		return src
	}
}

// TestCacheEqualsFreshParse: after any sequence of edits of the testdata
// specs, a parse with the cache of the previous ones gives the tree,
// comments and diagnostics of a parse from scratch.
func TestCacheEqualsFreshParse(t *testing.T) {
	files, _ := filepath.Glob("../check/testdata/*.tspec")
	more, _ := filepath.Glob("../../gen/jsonout/testdata/*.tspec")
	files = append(files, more...)
	files = append(files, "../../specs/t27mcp/tool_schema.tspec")
	if len(files) < 10 {
		t.Fatalf("only %d specs found", len(files))
	}
	edits := 40
	if testing.Short() {
		edits = 10
	}
	r := rand.New(rand.NewPCG(23, 1))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		var c parser.Cache
		for i := range edits {
			got := dumpCached(file, src, &c)
			if want := treedump.Parse(file, []byte(src)); got != want {
				t.Fatalf("%s after %d edits: the cached parse differs from a fresh one\n%s", file, i, firstDiff(want, got))
			}
			src = edit(r, src)
		}
	}
}

// dumpCached parses through both entries, the text as bytes or as a
// string (ParseText), by turns.
func dumpCached(name, src string, c *parser.Cache) string {
	if len(src)%2 == 0 {
		return treedump.Result(parser.ParseText(name, src, c))
	}
	return treedump.Result(parser.ParseCached(name, []byte(src), c))
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(w), len(g)) {
		if w[i] != g[i] {
			return fmt.Sprintf("line %d:\n want %s\n got  %s", i+1, w[i], g[i])
		}
	}
	return "different lengths"
}

// TestCacheTreesOwnTheirWords: the words of a tree a Cache keeps, and
// the text it is keyed by, are not slices of the document's text, so an editor's old versions of a large
// document are not kept alive by the declarations parsed from them.
func TestCacheTreesOwnTheirWords(t *testing.T) {
	text := "spec own\n\ntool a {\n  description \"a\"\n  in none\n  result text\n}\n\ntool b {\n  description \"b\"\n  in none\n  result text\n}\n"
	within := func(s, text string) bool {
		p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(text)))
		return p >= lo && p < lo+uintptr(len(text))
	}
	var c parser.Cache
	for _, src := range []string{text, strings.Replace(text, "tool b", "tool bb", 1)} {
		r := parser.ParseText("own.tspec", src, &c)
		if r.File == nil {
			t.Fatal(r.Diags)
		}
		for _, d := range r.File.Decls {
			if n := d.Tool.Name.Ident; within(n, src) {
				t.Errorf("the name %q of a cached tree is a slice of the text", n)
			}
		}
		for _, k := range parser.CacheKeys(&c) {
			if within(k, src) {
				t.Errorf("the key %q of a cached tree is a slice of the text", k)
			}
		}
	}
	// Without a cache nothing is kept: words are slices of the text.
	if r := parser.ParseText("own.tspec", text, nil); !within(r.File.Decls[0].Tool.Name.Ident, text) {
		t.Error("a parse without a cache copies its words: the test no longer tells them apart")
	}
}

package check_test

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/internal/synth"
	"github.com/toolspec/toolspec/internal/treedump"
	"github.com/toolspec/toolspec/lang/check"
	"github.com/toolspec/toolspec/lang/parser"
)

// TestCacheEqualsFullCheck applies random edit sequences to every spec of
// the repository, as an editor would: after each edit, checking with the
// caches of the previous versions (parser.Cache, check.Cache) gives
// exactly the diagnostics (sorted, positions and messages included) and
// the catalog of checking the text from scratch.
func TestCacheEqualsFullCheck(t *testing.T) {
	files := repoSpecs(t)
	edits := 30
	if testing.Short() {
		edits = 8
	}
	r := rand.New(rand.NewPCG(23, 23))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		var pc parser.Cache
		var cc check.Cache
		var log []string
		for i := range edits + 1 {
			if i > 0 {
				var what string
				src, what = editDecls(r, src)
				log = append(log, what)
			}
			got := compile.Analyse(file, src, compile.Options{ParseCache: &pc, CheckCache: &cc})
			want := compile.Analyse(file, src, compile.Options{})
			if !reflect.DeepEqual(got.Diags, want.Diags) {
				t.Fatalf("%s after edits %q: diagnostics differ from a full check\n got: %v\nwant: %v", file, log, got.Diags, want.Diags)
			}
			if g, w := dump(got.Catalog), dump(want.Catalog); g != w {
				t.Fatalf("%s after edits %q: the catalog differs from a full check's\n%s", file, log, firstDiff(w, g))
			}
		}
	}
}

// TestCacheMovesDiagnostics: a declaration that did not change but moved
// (lines typed above it) keeps its cached diagnostics, moved, line
// numbers in messages included; the declaration is not checked again.
func TestCacheMovesDiagnostics(t *testing.T) {
	src := `spec moves

tool a {
  description "a"
  in {
    x string required
    x integer optional
  }
  result text
}
`
	var pc parser.Cache
	var cc check.Cache
	first := compile.Analyse("m.tspec", src, compile.Options{ParseCache: &pc, CheckCache: &cc})
	if len(first.Diags) != 1 || !strings.Contains(first.Diags[0].Msg, "line 6") {
		t.Fatalf("want one diagnostic naming line 6, got %v", first.Diags)
	}
	moved := strings.Replace(src, "spec moves\n", "spec moves\n\n\n// three more lines\n", 1)
	got := compile.Analyse("m.tspec", moved, compile.Options{ParseCache: &pc, CheckCache: &cc})
	want := compile.Analyse("m.tspec", moved, compile.Options{})
	if !reflect.DeepEqual(got.Diags, want.Diags) {
		t.Fatalf("got %v, want %v", got.Diags, want.Diags)
	}
	if d := got.Diags[0]; d.Pos.Line != 10 || !strings.Contains(d.Msg, "line 9") {
		t.Fatalf("the diagnostic did not move with its tool: %v", d)
	}
	if got.Catalog.Tools[0] != first.Catalog.Tools[0] {
		t.Fatal("the tool was checked again: its model is new")
	}
}

// TestCacheKeepsGroupDiagnostics: a tool's diagnostic placed in a group
// it uses (a row of the group wired without an endpoint) stays in the
// group when the tool moves and the group does not.
func TestCacheKeepsGroupDiagnostics(t *testing.T) {
	src := `spec keeps

group g {
  a string optional from query
}

tool t {
  description "t"
  in {
    use g
  }
  result text
}
`
	var pc parser.Cache
	var cc check.Cache
	first := compile.Analyse("k.tspec", src, compile.Options{ParseCache: &pc, CheckCache: &cc})
	if len(first.Diags) != 1 || first.Diags[0].Pos.Line != 4 {
		t.Fatalf("want one diagnostic at line 4, got %v", first.Diags)
	}
	moved := strings.Replace(src, "\ntool", "\n\n\ntool", 1)
	got := compile.Analyse("k.tspec", moved, compile.Options{ParseCache: &pc, CheckCache: &cc})
	want := compile.Analyse("k.tspec", moved, compile.Options{})
	if !reflect.DeepEqual(got.Diags, want.Diags) {
		t.Fatalf("got %v, want %v", got.Diags, want.Diags)
	}
	if got.Catalog.Tools[0] != first.Catalog.Tools[0] {
		t.Fatal("the tool was checked again: its model is new")
	}
}

// repoSpecs lists the .tspec files of the repository.
func repoSpecs(t *testing.T) []string {
	var files []string
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "node_modules" || n == "third_party" || strings.HasPrefix(n, ".") && n != ".." {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".tspec") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("only %d specs found", len(files))
	}
	return files
}

var wordRx = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// editDecls changes src the way an author does, aiming at what spans
// declarations: a name typed into another (a repeated or unknown tool or
// group, a test naming another tool), a declaration repeated or deleted,
// lines added above others, a character typed or deleted anywhere.
func editDecls(r *rand.Rand, src string) (string, string) {
	at := r.IntN(len(src) + 1)
	lineStart := strings.LastIndexByte(src[:at], '\n') + 1
	switch r.IntN(8) {
	case 0: // a word replaced by another word of the text
		words := wordRx.FindAllStringIndex(src, -1)
		if len(words) < 2 {
			return src, "none"
		}
		w, o := words[r.IntN(len(words))], words[r.IntN(len(words))]
		return src[:w[0]] + src[o[0]:o[1]] + src[w[1]:], fmt.Sprintf("word %q at %d is %q", src[w[0]:w[1]], w[0], src[o[0]:o[1]])
	case 1: // a declaration repeated after itself
		start, end := declAround(src, at)
		if start < 0 {
			return src, "none"
		}
		return src[:end] + "\n" + src[start:end] + src[end:], fmt.Sprintf("declaration at %d repeated", start)
	case 2: // a declaration deleted
		start, end := declAround(src, at)
		if start < 0 {
			return src, "none"
		}
		return src[:start] + src[end:], fmt.Sprintf("declaration at %d deleted", start)
	case 3: // lines added
		return src[:lineStart] + "\n// a comment\n" + src[lineStart:], fmt.Sprintf("lines at %d", lineStart)
	case 4: // a line deleted
		end := strings.IndexByte(src[at:], '\n')
		if end < 0 {
			return src, "none"
		}
		return src[:lineStart] + src[at+end+1:], fmt.Sprintf("line at %d deleted", lineStart)
	case 5: // a character deleted
		if at == len(src) {
			return src, "none"
		}
		return src[:at] + src[at+1:], fmt.Sprintf("byte at %d deleted", at)
	case 6: // a row or a use typed
		typed := []string{"  x string\n", "  use paging\n", "  page integer\n", "  use g\n", "    limit integer optional 1..5 default 9\n"}
		s := typed[r.IntN(len(typed))]
		return src[:lineStart] + s + src[lineStart:], fmt.Sprintf("%q at %d", s, lineStart)
	default: // a character typed
		typed := []string{"x", " ", "\n", "}", "{", "\"", "1", "_"}
		s := typed[r.IntN(len(typed))]
		return src[:at] + s + src[at:], fmt.Sprintf("%q at %d", s, at)
	}
}

// declAround finds the declaration around or after at: from a line
// starting with a declaration's keyword to the next such line.
func declAround(src string, at int) (start, end int) {
	starts := []int{}
	for i := 0; i < len(src); {
		for _, kw := range []string{"tool ", "group ", "test ", "survives "} {
			if strings.HasPrefix(src[i:], kw) {
				starts = append(starts, i)
				break
			}
		}
		n := strings.IndexByte(src[i:], '\n')
		if n < 0 {
			break
		}
		i += n + 1
	}
	if len(starts) == 0 {
		return -1, -1
	}
	k, _ := slices.BinarySearch(starts, at)
	if k == len(starts) {
		k--
	}
	start, end = starts[k], len(src)
	if k+1 < len(starts) {
		end = starts[k+1]
	}
	return start, end
}

func dump(v any) string {
	var b strings.Builder
	treedump.Write(&b, reflect.ValueOf(v))
	return b.String()
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

// TestParallelToolsEqualSerial: checking the tools on every core
// (checkTools, from check.SetParallelTools tools on) gives the
// diagnostics and the catalog of checking them one after the other, for
// every spec of the repository, randomly edited versions of them (errors
// in tools, in groups they use, repeated names) and a synthetic one.
func TestParallelToolsEqualSerial(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	srcs := map[string]string{"synth.tspec": string(synth.Spec(300, 0))}
	r := rand.New(rand.NewPCG(7, 23))
	for _, file := range repoSpecs(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		srcs[file] = src
		for i := range 4 {
			src, _ = editDecls(r, src)
			srcs[fmt.Sprintf("%s#%d", file, i)] = src
		}
	}
	parallel := 0
	for name, src := range srcs {
		restore := check.SetParallelTools(1)
		got := compile.Analyse(name, src, compile.Options{})
		restore()
		restore = check.SetParallelTools(1 << 30)
		want := compile.Analyse(name, src, compile.Options{})
		restore()
		if !reflect.DeepEqual(got.Diags, want.Diags) {
			t.Fatalf("%s: diagnostics differ checked in parallel\n got: %v\nwant: %v", name, got.Diags, want.Diags)
		}
		if g, w := dump(got.Catalog), dump(want.Catalog); g != w {
			t.Fatalf("%s: the catalog differs checked in parallel\n%s", name, firstDiff(w, g))
		}
		if got.Catalog != nil && len(got.Catalog.Tools) > 1 {
			parallel++
		}
	}
	if parallel < 10 {
		t.Fatalf("only %d specs with tools to check in parallel", parallel)
	}
}

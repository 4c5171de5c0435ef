package jsonout_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/synth"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

var update = flag.Bool("update", false, "rewrite golden files")

func specs(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("testdata/*.tspec")
	if len(files) == 0 {
		t.Fatal("no testdata specs")
	}
	return files
}

func load(t *testing.T, path string) *model.Catalog {
	t.Helper()
	r := compile.File(path)
	if r.Catalog == nil {
		t.Fatalf("%s does not compile:\n%s", path, r.Diags)
	}
	return r.Catalog
}

// TestGolden compares gen-json's output for each profile with
// testdata/NAME.pN.json. Run with -update to rewrite them, then review the
// diff as code.
func TestGolden(t *testing.T) {
	for _, spec := range specs(t) {
		cat := load(t, spec)
		for _, p := range model.Profiles {
			golden := strings.TrimSuffix(spec, ".tspec") + fmt.Sprintf(".p%d.json", p)
			got := jsonout.Generate(cat, p)
			if !bytes.Equal(got, jsonout.Generate(cat, p)) {
				t.Errorf("%s: two runs give different bytes", golden)
			}
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", golden, diff)
			}
		}
	}
}

var forbidden = map[string]bool{"$ref": true, "$defs": true, "definitions": true, "$schema": true, "$id": true, "allOf": true, "anyOf": true, "oneOf": true}

// findForbidden walks a decoded schema and returns the path of the first
// keyword a self-contained schema must not use. Property names are data,
// not keywords, so the members of "properties" are not checked as keys.
func findForbidden(v any, path string) string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if forbidden[k] && !strings.HasSuffix(path, "/properties") {
				return path + "/" + k
			}
			if p := findForbidden(x, path+"/"+k); p != "" {
				return p
			}
		}
	case []any:
		for i, x := range v {
			if p := findForbidden(x, fmt.Sprintf("%s/%d", path, i)); p != "" {
				return p
			}
		}
	}
	return ""
}

// TestSchemasCompile compiles every emitted input and output schema as
// draft 2020-12 and as draft-07, and checks each is self-contained.
func TestSchemasCompile(t *testing.T) {
	for _, spec := range specs(t) {
		cat := load(t, spec)
		for _, tool := range cat.Tools {
			for _, s := range [][]byte{schema.Input(tool), schema.Output(tool)} {
				if s == nil {
					continue
				}
				for _, d := range []validate.Draft{validate.Draft2020, validate.Draft7} {
					if _, err := validate.Compile(s, d); err != nil {
						t.Errorf("%s %s: draft %d: %v\n%s", spec, tool.Name, d, err, s)
					}
				}
				var v any
				if err := json.Unmarshal(s, &v); err != nil {
					t.Fatalf("%s %s: not JSON: %v", spec, tool.Name, err)
				}
				if p := findForbidden(v, ""); p != "" {
					t.Errorf("%s %s: forbidden keyword at %s", spec, tool.Name, p)
				}
			}
		}
	}
}

var identityRx = regexp.MustCompile(`^[0-9a-f]{64}/p[12]$`)

// TestToolsListShape checks the envelope: tools, and the catalog identity
// under the spec's catalog key.
func TestToolsListShape(t *testing.T) {
	for _, spec := range specs(t) {
		cat := load(t, spec)
		for _, p := range model.Profiles {
			var got struct {
				Tools []map[string]any  `json:"tools"`
				Meta  map[string]string `json:"_meta"`
			}
			if err := json.Unmarshal(jsonout.Generate(cat, p), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Tools) != len(cat.Tools) {
				t.Errorf("%s p%d: %d tools, want %d", spec, p, len(got.Tools), len(cat.Tools))
			}
			id := got.Meta[cat.CatalogKey]
			if !identityRx.MatchString(id) || !strings.HasSuffix(id, fmt.Sprintf("/p%d", p)) {
				t.Errorf("%s p%d: identity %q under %q", spec, p, id, cat.CatalogKey)
			}
			for _, tool := range got.Tools {
				_, out := tool["outputSchema"]
				_, title := tool["title"]
				_, ann := tool["annotations"]
				if p == 1 && (out || title || ann) {
					t.Errorf("%s p1: tool %v carries profile-2 fields", spec, tool["name"])
				}
			}
		}
	}
}

// TestGenerateEqualsIndent: the per-tool parallel layout is byte for byte
// the one-pass indentation of the whole result, with and without tools.
func TestGenerateEqualsIndent(t *testing.T) {
	cats := []*model.Catalog{{Name: "empty", CatalogKey: "k", SpecHash: "h"}}
	for _, spec := range append(specs(t), "../../specs/t27mcp/tool_schema.tspec") {
		cats = append(cats, load(t, spec))
	}
	// Defaults and examples are copied from the spec and laid out on their
	// own: nest some.
	r := compile.Source("layout.tspec", []byte(`spec layout
tool t {
  description "structured defaults and examples"
  in {
    cfg   object { a array<any> optional  e object {} optional } optional  open  default {"a": [1, {"b": null}, []], "e": {}}  example {"a": []}
    tags  array<array<string>> optional  default [["x"], []]  example []  example [["y", "z"]]
  }
  result text
}`))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	cats = append(cats, r.Catalog)
	if r := compile.Source("synthetic.tspec", synth.Spec(50, 2)); r.Catalog != nil {
		cats = append(cats, r.Catalog)
	} else {
		t.Fatal(r.Diags)
	}
	for _, cat := range cats {
		for _, p := range model.Profiles {
			var want bytes.Buffer
			if err := json.Indent(&want, schema.ToolsList(cat, p), "", "  "); err != nil {
				t.Fatal(err)
			}
			want.WriteByte('\n')
			if got := jsonout.Generate(cat, p); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%s p%d: parallel layout differs:\n%s", cat.Name, p, cmp.Diff(want.String(), string(got)))
			}
		}
	}
}

// TestChunksReserveInProportion: a run's buffer is sized from its first
// tool, but a huge first tool must not make it reserve that size for every
// tool of the run.
func TestChunksReserveInProportion(t *testing.T) {
	var b strings.Builder
	b.WriteString("spec big\ntool t0 { description \"" + strings.Repeat("x", 1<<20) + "\" in none result text }\n")
	for i := 1; i < 2000; i++ {
		fmt.Fprintf(&b, "tool t%d { description \"d\" in none result text }\n", i)
	}
	r := compile.Source("big.tspec", []byte(b.String()))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	for i, c := range jsonout.Chunks(r.Catalog, 1) {
		if cap(c) > 2*len(c)+8<<20+1024 {
			t.Errorf("chunk %d: %d bytes in a buffer of %d", i, len(c), cap(c))
		}
	}
}

// TestHTMLSafe: emitted JSON escapes <, > and & everywhere, in the values
// of defaults, examples and enums as in descriptions (docs/language.md,
// "Choice — text escaping").
func TestHTMLSafe(t *testing.T) {
	r := compile.Source("html.tspec", []byte(`spec html
tool t {
  description "</script> & <!--"
  in {
    a string optional default "</script>" example "a&b" "<i>"
    b enum("<", "&") optional
    c object { "<k>" string optional } optional default {"<k>": ">"}
  }
  result text
}`))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	for _, p := range model.Profiles {
		if out := jsonout.Generate(r.Catalog, p); bytes.ContainsAny(out, "<>&") {
			t.Errorf("p%d: emitted JSON holds <, > or &:\n%s", p, out)
		}
	}
}

package runtime

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/cases"
)

// TestNormalizeStrictIsDialectNormalize: the copy generated files carry
// agrees with gen/dialect's Normalize on every case of internal/cases for
// the reference catalog, as an openai_strict client sends it.
func TestNormalizeStrictIsDialectNormalize(t *testing.T) {
	r := compile.File(filepath.Join("..", "..", "..", "specs", "t27mcp", "tool_schema.tspec"))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	schemas := tsInputSchemas(schema.ToolsList(r.Catalog, 2))
	n, changed := 0, 0
	for _, tool := range r.Catalog.Tools {
		for _, v := range cases.Values(tool.Input, cases.Options{}) {
			sent := dialect.Denormalize("openai_strict", tool.Input, []byte(v))
			want := dialect.Normalize("openai_strict", tool.Input, sent)
			got := tsNormalizeStrict(schemas[tool.Name], sent)
			n++
			if string(got) != string(sent) {
				changed++
			}
			var g, w any
			if json.Unmarshal(got, &g) != nil || json.Unmarshal(want, &w) != nil || !cmp.Equal(g, w) {
				t.Errorf("%s: tsNormalizeStrict(%s) = %s, dialect.Normalize gives %s", tool.Name, sent, got, want)
			}
		}
	}
	if changed == 0 {
		t.Errorf("none of %d cases had a null to drop: the test proves nothing", n)
	}
}

// TestNormalizeGeminiIsDialectNormalize: the same for gemini, whose client
// sends an any value as JSON text.
func TestNormalizeGeminiIsDialectNormalize(t *testing.T) {
	r := compile.File(filepath.Join("..", "..", "..", "specs", "t27mcp", "tool_schema.tspec"))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	schemas := tsInputSchemas(schema.ToolsList(r.Catalog, 2))
	n, changed := 0, 0
	for _, tool := range r.Catalog.Tools {
		for _, v := range cases.Values(tool.Input, cases.Options{}) {
			sent := dialect.Denormalize("gemini", tool.Input, []byte(v))
			want := dialect.Normalize("gemini", tool.Input, sent)
			got := tsNormalizeGemini(schemas[tool.Name], sent)
			n++
			if string(got) != string(sent) {
				changed++
			}
			var g, w any
			if json.Unmarshal(got, &g) != nil || json.Unmarshal(want, &w) != nil || !cmp.Equal(g, w) {
				t.Errorf("%s: tsNormalizeGemini(%s) = %s, dialect.Normalize gives %s", tool.Name, sent, got, want)
			}
		}
	}
	if changed == 0 {
		t.Errorf("none of %d cases had JSON text to decode: the test proves nothing", n)
	}
}

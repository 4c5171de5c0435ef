package dialect

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/lang/clients"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden: the dialect tables of the reference catalog, profile 2, one
// golden file per family.
func TestGolden(t *testing.T) {
	r := compile.File("../../specs/t27mcp/tool_schema.tspec")
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	for _, fam := range clients.Names() {
		got, err := Generate(r.Catalog, 2, fam)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "t27mcp.p2."+fam+".json")
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", path, diff)
		}
	}
}

// TestIdentity: a dialect table names its dialect after the profile, and
// a family whose dialect lowers nothing differs from the standard table in
// that identity only.
func TestIdentity(t *testing.T) {
	r := compile.File("../../specs/t27mcp/tool_schema.tspec")
	for _, p := range []int{1, 2} {
		std := jsonout.Generate(r.Catalog, p)
		for _, fam := range []string{"openai", "mistral"} {
			got, err := Generate(r.Catalog, p, fam)
			if err != nil {
				t.Fatal(err)
			}
			id := r.Catalog.Identity(p)
			want := bytes.Replace(std, []byte(`"`+id+`"`), []byte(`"`+id+"/"+fam+`"`), 1)
			if !bytes.Equal(got, want) {
				t.Errorf("p%d %s: the table differs from the standard one beyond its identity", p, fam)
			}
		}
	}
	if _, err := Generate(r.Catalog, 2, "gemnii"); err == nil {
		t.Error("an unknown family gives a table")
	}
}

// TestNotes: what a dialect cannot carry is in the description, in the
// documented form.
func TestNotes(t *testing.T) {
	src := `spec demo

tool t {
  description "d"
  in {
    s  string  required  1..64  pattern "^c_[a-z0-9]+$"  "Name"
    n  integer  required  above 0  below 10  multiple_of 2
    u  array<string>  required  2..3  unique
    e  enum(1, 2)  optional  nullable  default 1
    p  tuple<integer, string>  required
    a  array<string>  optional  5..52  nullable
  }
  result text
}
`
	r := compile.Source("demo.tspec", []byte(src))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	for _, tc := range []struct{ family, want string }{
		{"gemini", `{"type":"object","description":"no other properties","properties":{` +
			`"s":{"type":"string","description":"Name","minLength":1,"maxLength":64,"pattern":"^c_[a-z0-9]+$"},` +
			`"n":{"type":"integer","description":"greater than 0; less than 10; a multiple of 2"},` +
			`"u":{"type":"array","description":"unique items","items":{"type":"string"},"minItems":2,"maxItems":3},` +
			`"e":{"type":"integer","nullable":true,"description":"one of 1, 2, null; default 1"},` +
			`"p":{"type":"array","description":"exactly 2 items, in order: integer, string","items":{"anyOf":[{"type":"integer"},{"type":"string"}]},"minItems":2,"maxItems":2},` +
			`"a":{"type":"array","nullable":true,"items":{"type":"string"},"minItems":5,"maxItems":52}},` +
			`"required":["s","n","u","p"]}`},
		{"anthropic_strict", `{"type":"object","properties":{` +
			`"s":{"type":"string","description":"Name (1 to 64 characters)","pattern":"^c_[a-z0-9]+$"},` +
			`"n":{"type":"integer","description":"greater than 0; less than 10; a multiple of 2"},` +
			`"u":{"type":"array","description":"2 to 3 items; unique items","items":{"type":"string"}},` +
			`"e":{"type":["integer","null"],"enum":[1,2,null],"default":1},` +
			`"p":{"type":"array","description":"exactly 2 items","prefixItems":[{"type":"integer"},{"type":"string"}],"items":{}},` +
			`"a":{"type":["array","null"],"description":"5 to 52 items","items":{"type":"string"}}},` +
			`"required":["s","n","u","p"],"additionalProperties":false}`},
		{"cursor", `{"type":"object","properties":{` +
			`"s":{"type":"string","description":"Name","minLength":1,"maxLength":64,"pattern":"^c_[a-z0-9]+$"},` +
			`"n":{"type":"integer","exclusiveMinimum":0,"exclusiveMaximum":10,"multipleOf":2},` +
			`"u":{"type":"array","items":{"type":"string"},"minItems":2,"maxItems":3,"uniqueItems":true},` +
			`"e":{"description":"an integer or null","enum":[1,2,null],"default":1},` +
			`"p":{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"items":{},"minItems":2,"maxItems":2},` +
			`"a":{"description":"an array or null","items":{"type":"string"},"minItems":5,"maxItems":52}},` +
			`"required":["s","n","u","p"],"additionalProperties":false}`},
	} {
		got := string(InputSchema(r.Catalog.Tools[0], tc.family))
		if got != tc.want {
			var a, b bytes.Buffer
			json.Indent(&a, []byte(tc.want), "", " ")
			json.Indent(&b, []byte(got), "", " ")
			t.Errorf("%s (-want +got):\n%s", tc.family, cmp.Diff(strings.Split(a.String(), "\n"), strings.Split(b.String(), "\n")))
		}
	}
}

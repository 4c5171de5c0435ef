package specdiff_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/specdiff"
)

// TestUnionsVariantByVariant: a changed union is reported per variant: a
// changed bound, a row added inside an object variant, a variant replaced,
// nullability; a row that becomes a union is one change.
func TestUnionsVariantByVariant(t *testing.T) {
	spec := func(rows string) []byte {
		r := compile.Source("u.tspec", []byte("spec a\ntool t {\n  description \"d\"\n  in {\n"+rows+"  }\n  result text\n}\n"))
		if r.Catalog == nil {
			t.Fatal(r.Diags)
		}
		return jsonout.Generate(r.Catalog, 2)
	}
	old := spec("    u  union<string 1..5, object { id string required }, integer>  optional\n    v  string  optional\n")
	cur := spec("    u  union<object { id string required  name string optional }, string 1..9, boolean>  optional  nullable\n    v  union<string, integer>  optional\n")
	cs, err := specdiff.Diff(old, cur)
	if err != nil {
		t.Fatal(err)
	}
	want := "t u: not nullable → nullable\n" +
		"t u|0.name: + field string optional\n" +
		"t u|1: string 1..5 → string 1..9\n" +
		"t u|2: integer → boolean\n" +
		"t v: string → union<string, integer>\n"
	if d := cmp.Diff(want, lines(cs)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

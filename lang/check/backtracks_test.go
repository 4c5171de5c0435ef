package check_test

import (
	"testing"

	"github.com/toolspec/toolspec/compile"
)

// TestModelCarriesBacktracks: the checker's verdict on a pattern (TS0603)
// rides on the model (model.Type.Backtracks), so that generators read it
// instead of judging patterns again: the repetition at fault for a flagged
// pattern, at any depth and in groups; "" for a safe one.
func TestModelCarriesBacktracks(t *testing.T) {
	r := compile.Source("b.tspec", []byte(`spec b

group g {
  slug  string  optional  pattern "^(x+x+)+y$"
}

tool t {
  description "T"
  in {
    q     string  optional  pattern "^(a|aa)+$"
    safe  string  optional  pattern "^[a-z]+( [a-z]+)*$"
    list  array<string pattern "^(a+)+$">  optional
    o     object { use g }  optional
  }
  result text
}
`))
	if r.Catalog == nil {
		t.Fatalf("spec does not compile: %v", r.Diags)
	}
	in := r.Catalog.Tools[0].Input
	for _, c := range []struct{ what, got, want string }{
		{"q", in.Field("q").Type.Backtracks, "(a|aa)+"},
		{"safe", in.Field("safe").Type.Backtracks, ""},
		{"list[]", in.Field("list").Type.Elem.Backtracks, "(a+)+"},
		{"o.slug", in.Field("o").Type.Field("slug").Type.Backtracks, "(x+x+)+"},
	} {
		if c.got != c.want {
			t.Errorf("%s: Backtracks = %q, want %q", c.what, c.got, c.want)
		}
	}
}

package dialect

import (
	"bytes"
	"slices"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/clients"
)

// TestRenames: under each family with a property-key rule, every key of
// testdata/keys the rule refuses is sent under a name it allows, distinct
// from every other key of the tool; the dialect schema lists those names
// (our rule checker finds it clean of key refusals, the default schema
// not); and Normalize maps a call made with them back to the spec's keys.
func TestRenames(t *testing.T) {
	r := compile.File("testdata/keys/keys.tspec")
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	tool := r.Catalog.Tools[0]
	families := 0
	for _, fam := range clients.Names() {
		rule := keyRule(fam)
		if rule == nil {
			if Renames(r.Catalog, fam) != nil {
				t.Errorf("%s has no key rule, yet renames", fam)
			}
			continue
		}
		families++
		rs := renamesOf(tool.Input, fam)
		if len(rs) < 7 {
			t.Errorf("%s: only %d keys renamed: %v", fam, len(rs), rs)
		}
		names := map[string]bool{}
		for _, f := range tool.Input.Fields {
			names[f.Name] = true
		}
		for _, x := range rs {
			if !keyAllowed(rule, x.sent) {
				t.Errorf("%s: %q is sent as %q, which the rule refuses", fam, x.key, x.sent)
			}
			if names[x.sent] {
				t.Errorf("%s: %q is sent as %q, which another key has", fam, x.key, x.sent)
			}
			names[x.sent] = true
			if got := Renames(r.Catalog, fam)[tool.Name][x.sent]; got != x.key {
				t.Errorf("%s: Renames maps %q to %q, want %q", fam, x.sent, got, x.key)
			}
		}
		if why, _ := judge(fam, InputSchema(tool, fam)); why != "" && bytes.Contains([]byte(why), []byte("property key")) {
			t.Errorf("%s: the dialect schema still has a refused key: %s", fam, why)
		}
		if why, _ := judge(fam, []byte(`{"type":"object","properties":{"a b":{}}}`)); why == "" {
			t.Errorf("%s: our rule checker takes a refused key", fam)
		}
		args := `{"a b":"x","a_b":"y","a.b":1,"1st":true,"*/":{"k":[1]},"${a}":["p"],"` + "`" + `":{"x y":"z"},"é":null}`
		sent := Denormalize(fam, tool.Input, []byte(args))
		var v any
		v, _ = parse(sent)
		for _, k := range v.(*node).keys {
			if !keyAllowed(rule, k) {
				t.Errorf("%s: Denormalize sends the key %q", fam, k)
			}
		}
		if back := Normalize(fam, tool.Input, sent); !bytes.Equal(back, canonical(args)) {
			t.Errorf("%s: Normalize(Denormalize(%s)) = %s", fam, args, back)
		}
	}
	if families != 3 {
		t.Errorf("%d families rename keys, want gemini, anthropic, anthropic_strict", families)
	}
}

// TestSentName: the fixed form of a sent name.
func TestSentName(t *testing.T) {
	for _, tc := range []struct {
		key   string
		taken []string
		want  string
	}{
		{"a b", nil, "a_b"},
		{"a b", []string{"a_b"}, "a_b_2"},
		{"a b", []string{"a_b", "a_b_2"}, "a_b_3"},
		{"1st", nil, "_1st"},
		{"", nil, "_"},
		{"é", nil, "_"},
		{"${a}", nil, "__a_"},
		{"k" + string(bytes.Repeat([]byte("x"), 70)), nil, "k" + string(bytes.Repeat([]byte("x"), 63))},
		{"k" + string(bytes.Repeat([]byte("x"), 70)), []string{"k" + string(bytes.Repeat([]byte("x"), 63))}, "k" + string(bytes.Repeat([]byte("x"), 61)) + "_2"},
	} {
		taken := map[string]bool{}
		for _, k := range tc.taken {
			taken[k] = true
		}
		if got := sentName(tc.key, 64, taken); got != tc.want || slices.Contains(tc.taken, got) {
			t.Errorf("sentName(%q, %v) = %q, want %q", tc.key, tc.taken, got, tc.want)
		}
	}
}

package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFailures(t *testing.T) {
	s, err := Compile([]byte(`{"type":"object","properties":{
		"a":{"type":"integer","maximum":3},
		"b":{"type":"array","items":{"type":"string","minLength":2}},
		"c":{"type":"object","additionalProperties":false},
		"d~/":{"enum":["x"]}},
		"required":["a"],"additionalProperties":false}`), Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]string{
		`{"a":1}`:                  nil,
		`{"a":4}`:                  {"maximum at /a"},
		`{"x":1}`:                  {"additionalProperties at (root)", "required at (root)"},
		`{"a":1,"b":["a","bb",3]}`: {"minLength at /b/0", "type at /b/2"},
		`{"a":1,"c":{"z":1}}`:      {"additionalProperties at /c"},
		`{"a":1,"d~/":"y"}`:        {"enum at /d~0~1"},
		`{"a":1.5}`:                {"type at /a"},
	}
	for value, want := range cases {
		fails, err := s.Validate([]byte(value))
		if err != nil {
			t.Fatalf("%s: %v", value, err)
		}
		var got []string
		for _, f := range fails {
			got = append(got, f.String())
			if f.Message == "" {
				t.Errorf("%s: empty message", value)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", value, diff)
		}
	}
}

func TestDrafts(t *testing.T) {
	// prefixItems means nothing to draft-07; minItems/maxItems still hold.
	schema := []byte(`{"type":"array","prefixItems":[{"type":"integer"}],"minItems":1,"maxItems":1}`)
	for _, d := range []Draft{Draft2020, Draft7} {
		s, err := Compile(schema, d)
		if err != nil {
			t.Fatal(err)
		}
		fails, _ := s.Validate([]byte(`["x"]`))
		if (d == Draft2020) != (len(fails) == 1) {
			t.Errorf("draft %d: %v", d, fails)
		}
		if fails, _ := s.Validate([]byte(`[1, 2]`)); len(fails) != 1 {
			t.Errorf("draft %d: length not enforced: %v", d, fails)
		}
	}
}

func TestBadInput(t *testing.T) {
	if _, err := Compile([]byte(`{`), Draft2020); err == nil {
		t.Error("broken schema compiled")
	}
	s, _ := Compile([]byte(`{}`), Draft2020)
	if _, err := s.Validate([]byte(`nope`)); err == nil {
		t.Error("broken value validated")
	}
}

// TestPatternDot: a pattern's `.` means what it means in ECMAScript, as
// JSON Schema says, not RE2's wider `.`.
func TestPatternDot(t *testing.T) {
	s, err := Compile([]byte(`{"type":"string","pattern":"^a.b$"}`), Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	for value, want := range map[string]int{`"axb"`: 0, `"a\rb"`: 1, `"a\u2028b"`: 1, `"a\nb"`: 1} {
		fails, err := s.Validate([]byte(value))
		if err != nil {
			t.Fatal(err)
		}
		if len(fails) != want {
			t.Errorf("%s: %d failures, want %d: %v", value, len(fails), want, fails)
		}
	}
}

// TestFormats: the formats toolspec asserts fail a value that is not one;
// any other format, and every format under CompileAnnotatedFormats, is an
// annotation; a property named format is a property.
func TestFormats(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"d":{"type":"string","format":"date"},"r":{"type":"string","format":"uri-reference"},"format":{"type":"string","format":"uuid"}}}`)
	strict, err := Compile(schema, Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	loose, err := CompileAnnotatedFormats(schema, Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		value  string
		strict int // failures with formats asserted
	}{
		{`{"d":"2024-02-29"}`, 0},
		{`{"d":"2023-02-29"}`, 1},
		{`{"r":"::: not a reference"}`, 0},
		{`{"format":"not-a-uuid"}`, 1},
	} {
		fails, err := strict.Validate([]byte(c.value))
		if err != nil || len(fails) != c.strict || c.strict > 0 && fails[0].Keyword != "format" {
			t.Errorf("%s: %v %v, want %d format failures", c.value, fails, err, c.strict)
		}
		if fails, _ := loose.Validate([]byte(c.value)); len(fails) != 0 {
			t.Errorf("%s with formats annotated: %v", c.value, fails)
		}
	}
}

// TestBeyondFloat64: numbers with a huge exponent are refused before the
// JSON Schema library sees them (it crashes on them).
func TestBeyondFloat64(t *testing.T) {
	for text, want := range map[string]string{
		`{"n":1}`: "", `{"n":1e308}`: "", `{"n":0e99999999999999999999}`: "", `{"n":-2.5e-300}`: "",
		`{"n":1e400}`: "", `{"n":1e-400}`: "", `{"n":1e100001}`: "1e100001", `[1,{"a":[-1e99999999999999999999]}]`: "-1e99999999999999999999",
		`{"n":1e-99999999999999999999}`: "1e-99999999999999999999",
		// Written without an exponent part: only as long as the value.
		`[` + strings.Repeat("9", MaxExponent) + `]`: "", `[` + strings.Repeat("9", MaxExponent+1) + `]`: "",
		`[` + strings.Repeat("9", MaxExponent+2) + `]`:                                                 strings.Repeat("9", MaxExponent+2),
		`["0.` + strings.Repeat("0", MaxExponent) + `1", 0.` + strings.Repeat("0", MaxExponent) + `1]`: "0." + strings.Repeat("0", MaxExponent) + "1",
		`["1e100001", 2]`: "", `{"1e100001": 2E100001}`: "2E100001",
	} {
		if got := beyondFloat64([]byte(text)); got != want {
			t.Errorf("beyondFloat64(%s) = %q, want %q", text, got, want)
		}
	}
}

// TestBeyondFloat64InFreeValues: in a value the schema leaves free (any,
// with or without a description; an open object's extra member) a number
// beyond float64 is accepted, at any depth, as on both servers; in a
// unique array every such number is its infinity, and comparing them
// never crashes the library (it did beyond 20 items: math/big nil).
func TestBeyondFloat64InFreeValues(t *testing.T) {
	s, err := Compile([]byte(`{"type":"object","properties":{
		"a":{"description":"free"},"b":{},"u":{"type":"array","items":{"description":"free"},"uniqueItems":true},
		"un":{"type":"array","items":{"type":"number"},"uniqueItems":true},
		"x":{"anyOf":[{"type":"string"},{"type":"integer"}]},"o":{"type":"object","properties":{"k":{"type":"integer"}}}}}`), Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	many := "" // 21 distinct items: the library then hashes them
	for i := range 21 {
		many += fmt.Sprint(i) + ","
	}
	for text, want := range map[string]string{
		`{"a":1e400}`: "", `{"a":-1e400}`: "", `{"b":1e400}`: "", `{"a":{"k":[1e400]}}`: "", `{"o":{"z":1e400}}`: "",
		`{"u":[1e400,-1e400]}`: "", `{"u":[1e400,1e500]}`: "uniqueItems at /u", `{"u":[[1e400],[2e400]]}`: "uniqueItems at /u",
		`{"u":[1,1e400]}`: "", `{"u":[1e400,1]}`: "", `{"u":[` + many + `1e400]}`: "", `{"u":[` + many + `1e400,1e401]}`: "uniqueItems at /u",
		`{"u":[{"k":1e400},{"k":1e999}]}`: "uniqueItems at /u", `{"u":[1e400,"x",1.0,1]}`: "uniqueItems at /u",
		`{"un":[1e400]}`: "type at /un/0", `{"x":1e400}`: "type at /x", `{"o":{"k":1e400}}`: "type at /o/k",
	} {
		fails, err := s.Validate([]byte(text))
		var got []string
		for _, f := range fails {
			got = append(got, f.String())
		}
		if err != nil || strings.Join(got, "; ") != want {
			t.Errorf("%s: %v %v, want %q", text, got, err, want)
		}
	}
}

// TestNearestDoubles: a number is the double nearest to it, as on the
// servers (docs/servers.md): none beyond float64, 0 for one nearer to 0.
func TestNearestDoubles(t *testing.T) {
	s, err := Compile([]byte(`{"type":"object","properties":{"n":{"type":"number","exclusiveMinimum":0},"i":{"type":"integer"},"a":{}}}`), Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{
		`{"n":1}`: "", `{"n":1e-400}`: "exclusiveMinimum at /n", `{"n":3e-324}`: "", `{"n":1.7976931348623157e308}`: "",
		`{"n":1e400}`: "type at /n", `{"n":-1.7976931348623159e308}`: "type at /n", `{"i":1e-400}`: "", `{"i":-1e-400}`: "",
		`{"i":1e400}`: "type at /i", `{"a":[1e400]}`: "" /* a free value is not read as a number */, `{"i":1e-320}`: "type at /i",
	} {
		fails, err := s.Validate([]byte(text))
		var got []string
		for _, f := range fails {
			got = append(got, f.String())
		}
		if err != nil || strings.Join(got, "; ") != want {
			t.Errorf("%s: %v %v, want %q", text, got, err, want)
		}
	}
}

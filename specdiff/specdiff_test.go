package specdiff_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/specdiff"
)

var update = flag.Bool("update", false, "rewrite golden files")

func gen(t *testing.T, path string) []byte {
	t.Helper()
	r := compile.File(path)
	if r.Catalog == nil {
		t.Fatalf("%s: %v", path, r.Diags)
	}
	return jsonout.Generate(r.Catalog, 2)
}

func lines(cs []specdiff.Change) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.String() + "\n")
	}
	return b.String()
}

// TestGolden: a hand-written server's schemas against the spec that
// replaces them.
func TestGolden(t *testing.T) {
	old, err := os.ReadFile("../testdata/diff/old.json")
	if err != nil {
		t.Fatal(err)
	}
	cs, err := specdiff.Diff(old, gen(t, "../testdata/diff/shop.tspec"))
	if err != nil {
		t.Fatal(err)
	}
	got := lines(cs)
	path := "../testdata/diff/shop.golden"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestSame: a spec against its own gen-json has no change, at either
// profile's shape.
func TestSame(t *testing.T) {
	for _, p := range []string{"../testdata/diff/shop.tspec", "../testdata/parity/ersatztv.tspec", "../gen/jsonout/testdata/language.tspec"} {
		g := gen(t, p)
		cs, err := specdiff.Diff(g, g)
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) > 0 {
			t.Errorf("%s against itself:\n%s", p, lines(cs))
		}
	}
}

// field diffs two tools/list results that differ only in field a's schema
// and returns the lines, trimmed.
func field(t *testing.T, oldSchema, newSchema string) string {
	t.Helper()
	base := `{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":%s,"o":{"type":"object","properties":{"x":{"type":"integer"}},"additionalProperties":false}},"required":["a"],"additionalProperties":false}}]}`
	old := strings.Replace(base, "%s", oldSchema, 1)
	new := strings.Replace(base, "%s", newSchema, 1)
	cs, err := specdiff.Diff([]byte(old), []byte(new))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(lines(cs))
}

// TestOneChange: each single change is reported as one line.
func TestOneChange(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{`{"type":"number"}`, `{"type":"integer","minimum":1,"maximum":500}`, "t a: number → integer 1..500"},
		{`{"type":"string"}`, `{"type":["string","null"]}`, "t a: string → string nullable"},
		{`{"type":"array","items":{"type":"string"}}`, `{"type":"array","items":{"type":"string"},"maxItems":3}`, "t a: array<string> → array<string> ..3"},
		{`{}`, `{"type":"string","pattern":"^x$"}`, `t a: any → string pattern "^x$"`},
	} {
		if got := field(t, c.old, c.new); got != c.want {
			t.Errorf("%s → %s: got %q, want %q", c.old, c.new, got, c.want)
		}
	}
	// Nested objects: required and closedness.
	old := `{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"integer"}}}}}}]}`
	new := `{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false}}}}]}`
	cs, err := specdiff.Diff([]byte(old), []byte(new))
	if err != nil {
		t.Fatal(err)
	}
	want := "t o: additionalProperties: open → closed\nt o: + required x\n"
	if got := lines(cs); got != want {
		t.Errorf("nested: got\n%s want\n%s", got, want)
	}
	if _, err := specdiff.Diff([]byte(`{"x":1}`), []byte(new)); err == nil {
		t.Error("an old file without tools was read")
	}
}

// TestEnumValues: enum values compare as JSON values, type and value, so
// strings that read like numbers are not the numbers; a string value is
// quoted when its bare text would read as another JSON value.
func TestEnumValues(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{`{"type":"string","enum":["1","2"]}`, `{"type":"integer","enum":[1,2]}`, `t a: enum("1", "2") → enum(1, 2)`},
		{`{"enum":["1","2"]}`, `{"enum":[1,2]}`, `t a: enum("1", "2") → enum(1, 2)`},
		{`{"enum":[1,2]}`, `{"enum":["1","2"]}`, `t a: enum(1, 2) → enum("1", "2")`},
		{`{"enum":["true","null"]}`, `{"enum":[true,"null"]}`, `t a: enum("true", "null") → enum(true, "null")`},
		{`{"type":"string","enum":["1"]}`, `{"type":"integer","enum":["1"]}`, `t a: enum("1") → enum("1") type integer`},
		{`{"type":"string","enum":["open","paid"]}`, `{"type":"string","enum":["open","paid","void"]}`, `t a: enum(open, paid) → enum(open, paid, void)`},
		{`{"enum":["a, b"]}`, `{"enum":["a","b"]}`, `t a: enum("a, b") → enum(a, b)`},
		{`{"enum":[" a"]}`, `{"enum":["a"]}`, `t a: enum(" a") → enum(a)`},
		{`{"enum":["in-progress"]}`, `{"enum":["in-progress","done"]}`, `t a: enum(in-progress) → enum(in-progress, done)`},
		{`{"enum":[".5","1_000","+5","NaN"]}`, `{"enum":[0.5,1000,5,"NaN"]}`, `t a: enum(".5", "1_000", "+5", "NaN") → enum(0.5, 1000, 5, "NaN")`},
		{`{"enum":["a\nb"]}`, `{"enum":["a"]}`, `t a: enum("a\nb") → enum(a)`},
		// Same values: no change, however the type or string is written.
		{`{"enum":[2,1]}`, `{"enum":[1,2]}`, ``},
		{`{"enum":[1,1.0,"a"]}`, `{"enum":["a",1]}`, ``},
		{`{"enum":["open","paid"]}`, `{"type":"string","enum":["open","paid"]}`, ``},
		{`{"type":"string","enum":["op\u0065n"]}`, `{"type":"string","enum":["open"]}`, ``},
		{`{"type":"number","enum":[1,2]}`, `{"type":"integer","enum":[1,2]}`, ``},
	} {
		if got := field(t, c.old, c.new); got != c.want {
			t.Errorf("%s → %s: got %q, want %q", c.old, c.new, got, c.want)
		}
	}
}

// TestEnumNullable: null in an enum makes it nullable, with or without
// "null" in type; a change of nullability is one line, in the words used
// for any other schema.
func TestEnumNullable(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{`{"type":["string","null"],"enum":["a",null]}`, `{"type":"string","enum":["a"]}`, "t a: enum(a) nullable → enum(a)"},
		{`{"enum":["a",null]}`, `{"type":"string","enum":["a"]}`, "t a: enum(a) nullable → enum(a)"},
		{`{"type":"string","enum":["a"]}`, `{"enum":["a",null]}`, "t a: enum(a) → enum(a) nullable"},
		{`{"enum":["a"]}`, `{"type":["string","null"],"enum":["a",null]}`, "t a: enum(a) → enum(a) nullable"},
		{`{"enum":[1,null]}`, `{"type":"integer","enum":[1]}`, "t a: enum(1) nullable → enum(1)"},
		// Nullable either way: no change.
		{`{"enum":["a",null]}`, `{"type":["string","null"],"enum":["a",null]}`, ``},
		// A type without null rejects null, whatever the enum says.
		{`{"type":"string","enum":["a",null]}`, `{"type":["string","null"],"enum":["a",null]}`, "t a: enum(a) → enum(a) nullable"},
	} {
		if got := field(t, c.old, c.new); got != c.want {
			t.Errorf("%s → %s: got %q, want %q", c.old, c.new, got, c.want)
		}
	}
}

// TestNumbersByValue: numbers compare by value, not by how they are
// written; a real change is reported with the numbers as written.
func TestNumbersByValue(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{`{"type":"integer","maximum":1e2}`, `{"type":"integer","maximum":100}`, ``},
		{`{"type":"number","minimum":0.50,"maximum":1E+2}`, `{"type":"number","minimum":0.5,"maximum":100.0}`, ``},
		{`{"type":"integer","minimum":-0}`, `{"type":"integer","minimum":0}`, ``},
		{`{"type":"string","minLength":1.0,"maxLength":6.4e1}`, `{"type":"string","minLength":1,"maxLength":64}`, ``},
		{`{"type":"array","items":{"type":"string"},"minItems":1e0,"maxItems":1e1}`, `{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":10}`, ``},
		{`{"type":"object","additionalProperties":{"type":"string"},"maxProperties":2e1}`, `{"type":"object","additionalProperties":{"type":"string"},"maxProperties":20}`, ``},
		{`{"type":"number","multipleOf":5e-1}`, `{"type":"number","multipleOf":0.5}`, ``},
		{`{"type":"number","exclusiveMinimum":1e0}`, `{"type":"number","exclusiveMinimum":1}`, ``},
		{`{"type":"integer","default":1e1}`, `{"type":"integer","default":10}`, ``},
		{`{"enum":[1e0,2]}`, `{"enum":[1,2.0]}`, ``},
		{`{"const":{"b":2e0,"a":[1e0]}}`, `{"const":{"a":[1],"b":2}}`, ``},
		// Exponents far beyond float64 compare exactly, without expanding.
		{`{"enum":[1e-999999,2e-999999]}`, `{"enum":[10e-1000000,0.2e-999998]}`, ``},
		{`{"type":"number","minimum":1e-1000001}`, `{"type":"number","minimum":0.1e-1000000}`, ``},
		{`{"enum":[1e-999999]}`, `{"enum":[2e-999999]}`, "t a: enum(1e-999999) → enum(2e-999999)"},
		{`{"type":"number","maximum":1e400}`, `{"type":"number"}`, "t a: number ..1e400 → number"},
		// Real changes keep the numbers as written.
		{`{"type":"integer","maximum":1e2}`, `{"type":"integer","maximum":101}`, "t a: integer ..1e2 → integer ..101"},
		{`{"type":"number","minimum":0.1}`, `{"type":"number","minimum":0.10000000000000001}`, "t a: number 0.1.. → number 0.10000000000000001.."},
		{`{"type":"number","multipleOf":5}`, `{"type":"number","multipleOf":0.5}`, "t a: number multiple_of 5 → number multiple_of 0.5"},
		{`{"type":"number","exclusiveMinimum":0}`, `{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1}`, "t a: number above 0 → number above 0 below 1"},
		{`{"type":"number","minimum":0,"exclusiveMinimum":true}`, `{"type":"number","exclusiveMinimum":0}`, "t a: number 0.. exclusiveMinimum true → number above 0"},
		// A tuple's items says nothing its prefixItems and maxItems do not.
		{`{"type":"array","prefixItems":[{"type":"integer"}],"minItems":1,"maxItems":1}`, `{"type":"array","prefixItems":[{"type":"integer"}],"items":{"type":"integer"},"minItems":1,"maxItems":1}`, ``},
		{`{"type":"integer","maximum":"100"}`, `{"type":"integer","maximum":100}`, `t a: integer .."100" → integer ..100`},
	} {
		if got := field(t, c.old, c.new); got != c.want {
			t.Errorf("%s → %s: got %q, want %q", c.old, c.new, got, c.want)
		}
	}
}

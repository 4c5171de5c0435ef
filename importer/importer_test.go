package importer_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/importer"
	"github.com/toolspec/toolspec/internal/golden"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/openapi"
	"github.com/toolspec/toolspec/parity"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with the file, or rewrites it with -update.
// report is the warnings, one a line, then the spec: what the command
// prints on stderr and stdout.
func report(r *importer.Result) []byte {
	var b bytes.Buffer
	for _, w := range r.Warnings {
		b.WriteString("// warning: " + w.String() + "\n")
	}
	b.Write(r.Spec)
	return b.Bytes()
}

func load(t *testing.T, path string) *openapi.Doc {
	t.Helper()
	d, err := openapi.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestOpenAPIErsatzTV imports every operation of both ErsatzTV documents:
// the spec checks and passes parity against the document it came from.
func TestOpenAPIErsatzTV(t *testing.T) {
	for _, name := range []string{"ersatztv-v1", "ersatztv-scripted-schedule"} {
		t.Run(name, func(t *testing.T) {
			doc := load(t, "../testdata/openapi/"+name+".json")
			res, err := importer.OpenAPI(doc, importer.Options{Select: importer.SelectAll})
			if err != nil {
				t.Fatal(err)
			}
			if res.Tools != len(doc.Operations) {
				t.Errorf("%d tools from %d operations", res.Tools, len(doc.Operations))
			}
			golden.Check(t, "../testdata/import/"+name+".golden", report(res), *update)
			r := compile.Source(name+".tspec", res.Spec)
			if r.Catalog == nil {
				t.Fatalf("imported spec does not check:\n%v", r.Diags)
			}
			if ms := parity.Check(r.Catalog, doc); len(ms) > 0 {
				for _, m := range ms {
					t.Error(m)
				}
			}
			if n := parity.Checked(r.Catalog); n != res.Tools {
				t.Errorf("parity compared %d of %d tools", n, res.Tools)
			}
		})
	}
}

// TestOpenAPIXMCP: the x-mcp-* extensions select and shape the tools, and
// every construct toolspec lacks is reported per field.
func TestOpenAPIXMCP(t *testing.T) {
	doc := load(t, "../testdata/import/xmcp.yaml")
	res, err := importer.OpenAPI(doc, importer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := report(res)
	golden.Check(t, "../testdata/import/xmcp.golden", got, *update)
	for _, want := range []string{
		`tool "create-pet"`, "hints       read_only", "hints       destructive",
		`pet_id  integer  required  1..  as "petId"`,
		"shape     union<string, integer>", "above 0  multiple_of 0.5",
		"union<number, string>   optional  nullable", `"Size in centimetres, or a word"`,
		"optional  ..5                                \"What the owner calls it\"", `"What the owner calls it"`,
		"field mixed: not at #/components/schemas/Pet/properties/mixed/oneOf/1", "Anything but a string (toolspec cannot express: not at",
		"field parent: recursive $ref Pet cut here", "field X-Trace: header parameter not imported",
	} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("import lacks %q", want)
		}
	}
	if bytes.Contains(got, []byte("untagged")) {
		t.Error("an operation without x-mcp-* extensions was selected")
	}
	r := compile.Source("xmcp.tspec", res.Spec)
	if r.Catalog == nil {
		t.Fatalf("imported spec does not check:\n%v", r.Diags)
	}
	// Unions are compared variant by variant and hold; nothing fails
	// parity but what asks to be taught.
	for _, m := range parity.Check(r.Catalog, doc) {
		if !strings.Contains(m.API, "teach toolspec") {
			t.Errorf("unexpected mismatch: %v", m)
		}
	}
}

func TestOpenAPISelection(t *testing.T) {
	doc := load(t, "../testdata/openapi/ersatztv-v1.json")
	if _, err := importer.OpenAPI(doc, importer.Options{}); err != importer.ErrNoSelection {
		t.Errorf("no x-mcp extensions and no selection: got %v, want ErrNoSelection", err)
	}
	res, err := importer.OpenAPI(doc, importer.Options{Select: importer.SelectTag, Tag: "Version"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tools != 1 || !bytes.Contains(res.Spec, []byte("tool GetVersion")) {
		t.Errorf("--tag Version: %d tools:\n%s", res.Tools, res.Spec)
	}
	if _, err := importer.OpenAPI(doc, importer.Options{Select: importer.SelectTag, Tag: "Nope"}); err == nil {
		t.Error("a tag no operation has selected something")
	}
}

var identity = regexp.MustCompile(`"[0-9a-f]{64}/p([12])"`)

// TestMCPRoundTrip: gen-json of every spec in gen/jsonout/testdata,
// imported and generated again, gives the same JSON, _meta identity aside.
func TestMCPRoundTrip(t *testing.T) {
	specs, _ := filepath.Glob("../gen/jsonout/testdata/*.tspec")
	if len(specs) == 0 {
		t.Fatal("no specs")
	}
	for _, path := range specs {
		for _, profile := range []int{1, 2} {
			r := compile.File(path)
			if r.Catalog == nil {
				t.Fatalf("%s: %v", path, r.Diags)
			}
			in := jsonout.Generate(r.Catalog, profile)
			res, err := importer.MCP(in, r.Catalog.Name)
			if err != nil {
				t.Fatalf("%s p%d: %v", path, profile, err)
			}
			if len(res.Warnings) > 0 {
				t.Errorf("%s p%d: warnings on toolspec's own output: %v", path, profile, res.Warnings)
			}
			back := compile.Source("imported.tspec", res.Spec)
			if back.Catalog == nil {
				t.Fatalf("%s p%d: imported spec does not check:\n%v\n%s", path, profile, back.Diags, res.Spec)
			}
			out := jsonout.Generate(back.Catalog, profile)
			if d := cmp.Diff(identity.ReplaceAllString(string(in), "ID"), identity.ReplaceAllString(string(out), "ID")); d != "" {
				t.Errorf("%s p%d: round trip (-in +out):\n%s", path, profile, d)
			}
		}
	}
}

// TestMCPUnsupported: what toolspec cannot express is reported per field
// and never loosened silently; the rest is kept exactly.
func TestMCPUnsupported(t *testing.T) {
	data, err := os.ReadFile("../testdata/import/tools-list.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := importer.MCP(data, "")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "../testdata/import/tools-list.golden", report(res), *update)
	for _, want := range []string{"field inputSchema.ref: cannot express $ref", "field inputSchema.choice: cannot express anyOf",
		"field inputSchema.fixed: const written as an enum of one value", "field inputSchema.tags: cannot express patternProperties",
		"field inputSchema.cond: cannot express else, if, then",
		`tool hand_written field inputSchema.re: dropped pattern "(?=x)" (re: pattern "(?=x)": lookahead`} {
		if !strings.Contains(string(report(res)), want) {
			t.Errorf("no warning %q", want)
		}
	}
	// The expressible tool comes back byte for byte.
	r := compile.Source("imported.tspec", res.Spec)
	if r.Catalog == nil {
		t.Fatalf("imported spec does not check:\n%v", r.Diags)
	}
	var list struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	var gen struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(jsonout.Generate(r.Catalog, 2), &gen); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(canon(t, list.Tools[0]), canon(t, gen.Tools[0])); d != "" {
		t.Errorf("expressible tool (-in +out):\n%s", d)
	}
}

func canon(t *testing.T, raw json.RawMessage) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestOpenAPIEveryDocument: every document the loader accepts imports
// with --all into a spec that checks, whatever it holds (recursion,
// unions, a path template that disagrees with its parameters, ...).
func TestOpenAPIEveryDocument(t *testing.T) {
	docs, _ := filepath.Glob("../testdata/openapi/*.yaml")
	docs = append(docs, "../testdata/parity/cases.yaml", "../testdata/import/xmcp.yaml")
	n := 0
	for _, path := range docs {
		doc, err := openapi.Load(path)
		if err != nil {
			continue // the bad-* documents
		}
		n++
		res, err := importer.OpenAPI(doc, importer.Options{Select: importer.SelectAll})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if r := compile.Source(path, res.Spec); r.Catalog == nil {
			t.Errorf("%s: imported spec does not check:\n%v", path, r.Diags)
		}
	}
	if n < 10 {
		t.Errorf("only %d documents loaded", n)
	}
}

// importAll parses an OpenAPI document, imports every operation and
// checks the spec written; any failure fails the test.
func importAll(t *testing.T, name, text string) (*openapi.Doc, *importer.Result, *model.Catalog) {
	t.Helper()
	doc, err := openapi.Parse(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	res, err := importer.OpenAPI(doc, importer.Options{Select: importer.SelectAll})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	r := compile.Source(strings.TrimSuffix(name, ".yaml")+".tspec", res.Spec)
	if r.Catalog == nil {
		t.Fatalf("%s: imported spec does not check:\n%v", name, r.Diags)
	}
	return doc, res, r.Catalog
}

// TestOpenAPIExactNumbers: integer enum values, defaults and bounds above
// 2^53 are written with the document's digits, and the spec passes parity
// against it.
func TestOpenAPIExactNumbers(t *testing.T) {
	doc, res, cat := importAll(t, "big.yaml", `openapi: 3.1.0
info: {title: Big, version: "1"}
paths:
  /x:
    get:
      operationId: getX
      parameters:
        - {name: id, in: query, schema: {type: integer, enum: [9007199254740993, 1], default: 9007199254740993}}
        - {name: n, in: query, schema: {type: integer, minimum: 9007199254740993, maximum: 9007199254740995, default: 9007199254740995}}
        - {name: huge, in: query, schema: {type: integer, enum: [18446744073709551617]}}
        - {name: w, in: query, schema: {type: number, minimum: 0.1, exclusiveMaximum: 12345678901234567.25}}
        - {name: tiny, in: query, schema: {type: integer, enum: [1e-1001, 2]}}
        - {name: half, in: query, schema: {type: integer, enum: [1.5, 2]}}
        - {name: vast, in: query, schema: {type: integer, enum: [1e1001, 2]}}
      responses: {"200": {description: ok}}
`)
	got := string(report(res))
	for _, want := range []string{
		"enum(9007199254740993, 1)", "default 9007199254740993",
		"9007199254740993..9007199254740995", "default 9007199254740995",
		"0.1..  below 12345678901234567.25",
		"tool getX field huge: enum value 18446744073709551617 is outside toolspec's 64-bit integers: written as any",
		// Too small for a float64, but not 0.
		"tool getX field tiny: enum value 1e-1001 is not an integer: written as any",
		"tool getX field half: enum value 1.5 is not an integer: written as any",
		"tool getX field vast: enum value 1e1001 is outside toolspec's 64-bit integers: written as any",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("import lacks %q:\n%s", want, got)
		}
	}
	for _, m := range parity.Check(cat, doc) {
		if m.Field != "huge" && m.Field != "tiny" && m.Field != "half" && m.Field != "vast" {
			t.Errorf("unexpected mismatch: %v", m)
		}
	}
}

// TestOpenAPIBody: what a request body says beyond its properties is
// reported, never dropped silently: minProperties/maxProperties (a tool's
// input cannot bound its number of rows) and a body the API lets the
// caller omit while it requires some of its properties.
func TestOpenAPIBody(t *testing.T) {
	doc, res, cat := importAll(t, "body.yaml", `openapi: 3.1.0
info: {title: Body, version: "1"}
paths:
  /optional:
    post:
      operationId: optional
      requestBody:
        content:
          application/json:
            schema: {type: object, minProperties: 1, maxProperties: 3, required: [name, age], properties: {name: {type: string}, age: {type: integer}, note: {type: string}}}
      responses: {"204": {description: ok}}
  /required:
    post:
      operationId: required
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [name], properties: {name: {type: string}}}
      responses: {"204": {description: ok}}
  /renamed:
    post:
      operationId: renamed
      parameters: [{name: name, in: query, schema: {type: string}}]
      requestBody:
        content:
          application/json:
            schema: {type: object, minProperties: 0, required: [name, age], properties: {name: {type: string}, age: {type: integer}}}
      responses: {"204": {description: ok}}
  /loose:
    post:
      operationId: loose
      requestBody:
        required: false
        content:
          application/json:
            schema: {type: object, properties: {name: {type: string}}}
      responses: {"204": {description: ok}}
`)
	var got []string
	for _, w := range res.Warnings {
		got = append(got, w.String())
	}
	want := []string{
		"tool optional: request body minProperties 1: toolspec has no such keyword for a tool's input; not kept",
		"tool optional: request body maxProperties 3: toolspec has no such keyword for a tool's input; not kept",
		"tool optional: the request body is optional (requestBody.required is not true) but requires name, age: written required, so a caller cannot omit the body",
		// The row is named as the spec writes it; minProperties 0
		// constrains nothing.
		"tool renamed: the request body is optional (requestBody.required is not true) but requires body_name (as name), age: written required, so a caller cannot omit the body",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("warnings (-want +got):\n%s", d)
	}
	for _, row := range []string{"name  string   required", "age   integer  required", "note  string   optional"} {
		if !strings.Contains(string(res.Spec), row) {
			t.Errorf("spec lacks %q:\n%s", row, res.Spec)
		}
	}
	if ms := parity.Check(cat, doc); len(ms) > 0 {
		t.Errorf("imported spec fails parity:\n%v", ms)
	}
}

// importOne imports a one-parameter document whose parameter p has the
// given schema, and returns p's row and the warnings.
func importOne(t *testing.T, version, schema string) (string, []string) {
	t.Helper()
	defer func() {
		if t.Failed() {
			t.Logf("the schema: %s %s", version, schema)
		}
	}()
	_, res, _ := importAll(t, "one.yaml", `openapi: `+version+`
info: {title: T, version: "1"}
paths: {/x: {get: {operationId: getX, parameters: [{name: p, in: query, schema: `+schema+`}], responses: {"200": {description: ok}}}}}
`)
	var ws []string
	for _, w := range res.Warnings {
		ws = append(ws, w.String())
	}
	for _, line := range strings.Split(string(res.Spec), "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == "p" {
			return strings.Join(f, " "), ws
		}
	}
	t.Fatalf("%s: no row p:\n%s", schema, res.Spec)
	return "", nil
}

type oneCase struct {
	version, schema string
	row             string
	warnings        []string
}

func (c oneCase) run(t *testing.T) {
	t.Helper()
	if c.version == "" {
		c.version = "3.1.0"
	}
	row, ws := importOne(t, c.version, c.schema)
	if row != c.row {
		t.Errorf("%s %s: row %q, want %q", c.version, c.schema, row, c.row)
	}
	if d := cmp.Diff(c.warnings, ws); d != "" {
		t.Errorf("%s %s: warnings (-want +got):\n%s", c.version, c.schema, d)
	}
}

// TestOpenAPIYAMLBounds: a bound is read as YAML reads it (0x1F is 31),
// and one that is not a number (.inf, "5", true where 3.1 wants a number)
// is reported, never read as 0.
func TestOpenAPIYAMLBounds(t *testing.T) {
	const w = "tool getX field p: "
	for _, c := range []oneCase{
		{schema: `{type: integer, minimum: 0x1F, maximum: 1_000, default: 0x1F}`, row: "p integer optional 31..1000 default 31"},
		{schema: `{type: integer, minimum: +5}`, row: "p integer optional 5.."},
		{schema: `{type: number, maximum: .inf}`, row: "p number optional",
			warnings: []string{w + "maximum .inf is not a number: not kept"}},
		{schema: `{type: number, minimum: -.inf, maximum: .nan, multipleOf: true}`, row: "p number optional",
			warnings: []string{w + "minimum -.inf is not a number: not kept", w + "maximum .nan is not a number: not kept", w + "multipleOf true is not a number: not kept"}},
		{schema: `{type: integer, minimum: "5", exclusiveMaximum: "9"}`, row: "p integer optional",
			warnings: []string{w + `minimum "5" is not a number: not kept`, w + `exclusiveMaximum "9" is not a number: not kept`}},
		{schema: `{type: integer, minimum: 5, maximum: 10, exclusiveMaximum: true}`, row: "p integer optional 5..9",
			warnings: []string{w + "exclusiveMaximum true is an OpenAPI 3.0 flag, in 3.1 a number: read as 3.0 reads it, maximum 10 exclusive"}},
		{schema: `{type: integer, minimum: 5, exclusiveMinimum: false}`, row: "p integer optional 5..",
			warnings: []string{w + "exclusiveMinimum false is an OpenAPI 3.0 flag, in 3.1 a number: read as 3.0 reads it, no effect"}},
		{version: "3.0.3", schema: `{type: integer, minimum: 5, maximum: 10, exclusiveMaximum: true}`, row: "p integer optional 5..9"},
	} {
		c.run(t)
	}
}

// TestOpenAPIInt32Exclusive: an exclusive bound moves to the next integer
// before int32 clamps the range, not after.
func TestOpenAPIInt32Exclusive(t *testing.T) {
	for _, c := range []oneCase{
		{schema: `{type: integer, format: int32, exclusiveMaximum: 2147483648}`, row: "p integer optional -2147483648..2147483647"},
		{schema: `{type: integer, format: int32, exclusiveMaximum: 1e10}`, row: "p integer optional -2147483648..2147483647"},
		{schema: `{type: integer, format: int32, exclusiveMinimum: -1e10}`, row: "p integer optional -2147483648..2147483647"},
		{schema: `{type: integer, format: int32, exclusiveMinimum: -2147483649}`, row: "p integer optional -2147483648..2147483647"},
		{schema: `{type: integer, format: int32, exclusiveMaximum: 2147483647}`, row: "p integer optional -2147483648..2147483646"},
		{schema: `{type: integer, format: int32, exclusiveMinimum: 0}`, row: "p integer optional 1..2147483647"},
		{version: "3.0.3", schema: `{type: integer, format: int32, maximum: 2147483648, exclusiveMaximum: true}`, row: "p integer optional -2147483648..2147483647"},
	} {
		c.run(t)
	}
}

// TestOpenAPIBeyondFloat64: a bound, default or example beyond float64's
// range costs a warning at its field, never the import. A bound too small
// for float64 is written as the 0 readers see (an integer's rounds
// exactly); one too large is dropped, as no reader holds a larger number;
// a default or example is dropped.
func TestOpenAPIBeyondFloat64(t *testing.T) {
	const w = "tool getX field p: "
	for _, c := range []oneCase{
		{schema: `{type: number, minimum: 1e-400}`, row: "p number optional 0..",
			warnings: []string{w + "minimum 1e-400 is below float64's range (about 1e-308): JSON readers see 0; written as 0"}},
		{schema: `{type: number, minimum: -1e-1000, maximum: 1e400}`, row: "p number optional 0..",
			warnings: []string{
				w + "minimum -1e-1000 is below float64's range (about 1e-308): JSON readers see 0; written as 0",
				w + "maximum 1e400 is beyond float64's range (about 1e308): no JSON reader holds such a number; not kept",
			}},
		{schema: `{type: number, maximum: 1e-1001}`, row: "p number optional ..0",
			warnings: []string{w + "maximum 1e-1001 is below float64's range (about 1e-308): JSON readers see 0; written as 0"}},
		{schema: `{type: integer, minimum: 1e-1001, exclusiveMaximum: 1e2000}`, row: "p integer optional 1..",
			warnings: []string{w + "exclusiveMaximum 1e2000 is beyond float64's range (about 1e308): no JSON reader holds such a number; not kept"}},
		{schema: `{type: integer, minimum: -1e-400, maximum: 1e-400}`, row: "p integer optional 0..0"},
		{schema: `{type: integer, exclusiveMinimum: -1e-1001, exclusiveMaximum: 1e-1001}`, row: "p integer optional 0..0"},
		{schema: `{type: number, minimum: 0e-5000}`, row: "p number optional 0.."},
		{schema: `{type: number, default: 1e-400, example: [1, 1e400]}`, row: "p number optional",
			warnings: []string{
				w + "default 1e-400: 1e-400 is beyond float64's range (about 1e-308 to 1e308), which JSON readers hold numbers in; not kept",
				w + "example [1,1e400]: 1e400 is beyond float64's range (about 1e-308 to 1e308), which JSON readers hold numbers in; not kept",
			}},
		// A default off its row is dropped, and only it: the example stays.
		{schema: `{type: integer, minimum: 1, maximum: 10, default: 20, example: 5}`, row: "p integer optional 1..10 example 5",
			warnings: []string{w + "dropped default 20 (p: default 20 does not satisfy its own row (maximum: got 20, want 10))"}},
		// A range that admits nothing is dropped, not the import.
		{schema: `{type: integer, minimum: 1e-1001, maximum: -1e-1001}`, row: "p integer optional",
			warnings: []string{w + "dropped range 1..-1 (p: minimum 1 is greater than maximum -1)"}},
	} {
		c.run(t)
	}
}

// TestOpenAPIRepeatedEnum: values the document writes differently but
// that are the same value once normalised are written once, with a
// warning.
func TestOpenAPIRepeatedEnum(t *testing.T) {
	const w = "tool getX field p: "
	for _, c := range []oneCase{
		{schema: `{type: integer, enum: [-0, 0.0, 1]}`, row: "p enum(0, 1) optional",
			warnings: []string{w + "enum value 0.0 repeats -0: written once"}},
		{schema: `{type: integer, enum: [1E+2, 100, 7]}`, row: "p enum(100, 7) optional",
			warnings: []string{w + "enum value 100 repeats 1E+2: written once"}},
		{schema: `{type: string, enum: [a, b, a]}`, row: "p enum(a, b) optional",
			warnings: []string{w + `enum value "a" is repeated: written once`}},
	} {
		c.run(t)
	}
}

// multipleOfCases are read alike by both importers, exactly.
var multipleOfCases = []struct{ kind, m, row, why string }{
	{"number", "1e-31", "p number optional multiple_of 1e-31", ""},
	{"number", "1e-400", "p number optional", "multipleOf 1e-400 is beyond float64's range (about 1e-308 to 1e308): JSON readers cannot hold it; not kept"},
	{"number", "1e400", "p number optional", "multipleOf 1e400 is beyond float64's range (about 1e-308 to 1e308): JSON readers cannot hold it; not kept"},
	{"number", "0", "p number optional", "multipleOf 0 is not positive: not kept"},
	{"number", "-2", "p number optional", "multipleOf -2 is not positive: not kept"},
	{"integer", "5", "p integer optional multiple_of 5", ""},
	{"integer", "1.5", "p integer optional multiple_of 3", "multipleOf 1.5 on an integer: written as multiple_of 3, the integers that are multiples of 1.5"},
	{"integer", "0.5", "p integer optional", "multipleOf 0.5 on an integer: every integer is a multiple of it; not kept"},
}

// TestMultipleOfBothImporters: the MCP and the OpenAPI importer keep or
// drop a multipleOf alike, with the same words.
func TestMultipleOfBothImporters(t *testing.T) {
	for _, c := range multipleOfCases {
		row, ws := importOne(t, "3.1.0", `{type: `+c.kind+`, multipleOf: `+c.m+`}`)
		var want []string
		if c.why != "" {
			want = []string{"tool getX field p: " + c.why}
		}
		if row != c.row || !slices.Equal(ws, want) {
			t.Errorf("openapi %s %s: got %q %q, want %q %q", c.kind, c.m, row, ws, c.row, want)
		}
		res, err := importer.MCP([]byte(`{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"p": {"type": "`+c.kind+`", "multipleOf": `+c.m+`}}}}]}`), "c")
		if err != nil {
			t.Fatal(err)
		}
		row, ws = "", nil
		for _, line := range strings.Split(string(res.Spec), "\n") {
			if f := strings.Fields(line); len(f) > 0 && f[0] == "p" {
				row = strings.Join(f, " ")
			}
		}
		for _, w := range res.Warnings {
			if s := w.String(); strings.Contains(s, "multipleOf") {
				ws = append(ws, s)
			}
		}
		want = nil
		if c.why != "" {
			want = []string{"tool t field inputSchema.p: " + c.why}
		}
		if row != c.row || !slices.Equal(ws, want) {
			t.Errorf("mcp %s %s: got %q %q, want %q %q", c.kind, c.m, row, ws, c.row, want)
		}
	}
}

// TestMCPExclusiveExact: a fractional exclusive bound on an integer
// becomes the next integer inside, computed exactly (a float64 would read
// 9007199254740993.5 as 9007199254740994), also beyond float64's range.
func TestMCPExclusiveExact(t *testing.T) {
	for _, c := range []struct{ bounds, row string }{
		{`"exclusiveMinimum": 0.5, "exclusiveMaximum": 9.5`, "p integer optional 1..9"},
		{`"exclusiveMinimum": 9007199254740993.5`, "p integer optional 9007199254740994.."},
		{`"exclusiveMaximum": -9007199254740993.5`, "p integer optional ..-9007199254740994"},
		{`"exclusiveMaximum": 1e-2000`, "p integer optional ..0"},
		{`"exclusiveMinimum": -1e-2000`, "p integer optional 0.."},
		{`"exclusiveMinimum": 3`, "p integer optional above 3"},
	} {
		res, err := importer.MCP([]byte(`{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"p": {"type": "integer", `+c.bounds+`}}}}]}`), "c")
		if err != nil {
			t.Fatal(err)
		}
		row := ""
		for _, line := range strings.Split(string(res.Spec), "\n") {
			if f := strings.Fields(line); len(f) > 0 && f[0] == "p" {
				row = strings.Join(f, " ")
			}
		}
		if row != c.row {
			t.Errorf("%s: got %q, want %q (warnings %v)", c.bounds, row, c.row, res.Warnings)
		}
	}
}

// TestMultipleOfImportPassesParity: whatever import makes of a multipleOf
// (kept, rewritten, dropped as saying nothing or as invalid), the spec
// agrees with its own document.
func TestMultipleOfImportPassesParity(t *testing.T) {
	var params []string
	for i, c := range multipleOfCases {
		params = append(params, fmt.Sprintf("{name: p%d, in: query, schema: {type: %s, multipleOf: %s}}", i, c.kind, c.m))
	}
	doc, _, cat := importAll(t, "m.yaml", `openapi: 3.1.0
info: {title: M, version: "1"}
paths: {/x: {get: {operationId: getX, parameters: [`+strings.Join(params, ", ")+`], responses: {"200": {description: ok}}}}}
`)
	if ms := parity.Check(cat, doc); len(ms) > 0 {
		t.Errorf("imported spec fails parity:\n%v", ms)
	}
}

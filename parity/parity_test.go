package parity_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/openapi"
	"github.com/toolspec/toolspec/parity"
)

var update = flag.Bool("update", false, "rewrite golden files")

const (
	ersatzSpec = "../testdata/parity/ersatztv.tspec"
	ersatzDoc  = "../testdata/openapi/ersatztv-v1.json"
)

func catalog(t *testing.T, path string, src []byte) *model.Catalog {
	t.Helper()
	r := compile.Source(path, src)
	if r.Catalog == nil {
		t.Fatalf("%s does not compile:\n%v", path, r.Diags)
	}
	return r.Catalog
}

func load(t *testing.T, path string) *openapi.Doc {
	t.Helper()
	d, err := openapi.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func report(ms []parity.Mismatch) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(m.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestGreen: the specs written over the ErsatzTV documents agree with them.
func TestGreen(t *testing.T) {
	for _, c := range []struct{ spec, doc string }{
		{ersatzSpec, ersatzDoc},
		{"../testdata/parity/scripted.tspec", "../testdata/openapi/ersatztv-scripted-schedule.json"},
	} {
		src, err := os.ReadFile(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		cat := catalog(t, c.spec, src)
		if ms := parity.Check(cat, load(t, c.doc)); len(ms) > 0 {
			t.Errorf("%s against %s:\n%s", c.spec, c.doc, report(ms))
		}
		if n := parity.Checked(cat); n < 3 {
			t.Errorf("%s: only %d tools compared", c.spec, n)
		}
	}
}

// TestMutants plants one defect at a time into a copy of ersatztv.tspec;
// each must turn parity red with a message naming the field.
func TestMutants(t *testing.T) {
	src, err := os.ReadFile(ersatzSpec)
	if err != nil {
		t.Fatal(err)
	}
	doc := load(t, ersatzDoc)
	for _, m := range []struct {
		name, old, new string
		want           []string // substrings of one reported line
	}{
		{"drop a body field", "    deepScan    boolean  optional  default false\n", "",
			[]string{"tool scan_show field body property deepScan", "no row"}},
		{"drop a required body field", "    allowBFrames            boolean", "    // allowBFrames            boolean",
			[]string{"tool create_ffmpeg_profile field body property allowBFrames", "boolean, required property"}},
		{"integer to number", "    threadCount             integer", "    threadCount             number ",
			[]string{"tool create_ffmpeg_profile field threadCount: API: integer; spec: number"}},
		{"string to integer", "    query  string   required  nullable\n  }\n  result text\n}\n\ntool scan_show", "    query  integer   required  nullable\n  }\n  result text\n}\n\ntool scan_show",
			[]string{"tool update_smart_collection field query: API: string nullable; spec: integer nullable"}},
		{"drop a query parameter", "    force  boolean  optional  \"Collect even when not needed\"\n", "",
			[]string{"tool garbage_collect field query parameter force", "no row"}},
		{"drop nullable", `query  string  required  nullable  "Search query"`, `query  string  required  "Search query"`,
			[]string{"tool create_smart_collection field query: API: string nullable; spec: string"}},
		{"drop an enum value", "enum(Off, LoudNorm)", "enum(Off)",
			[]string{"field normalizeLoudnessMode", `enum("Off", "LoudNorm")`}},
		{"required to optional", "    id     integer  required\n", "    id     integer  optional\n",
			[]string{"tool update_smart_collection field id: API: required; spec: optional"}},
		{"wrong API name", "    deepScan    boolean  optional  default false\n", "    deep        boolean  optional  as \"deep_scan\"\n",
			[]string{"tool scan_show field deep (as deep_scan): API: no body property \"deep_scan\""}},
		{"wrong path", `GET "/api/version"`, `GET "/api/versions"`,
			[]string{"tool get_version: API: no path /api/versions"}},
		{"wrong method", `PUT "/api/collections/smart/update"`, `PATCH "/api/collections/smart/update"`,
			[]string{"tool update_smart_collection: API: no method PATCH on /api/collections/smart/update", "(it has PUT)"}},
		{"extra body row", "    deepScan    boolean  optional  default false\n", "    deepScan    boolean  optional  default false\n    depth  integer  optional\n",
			[]string{"tool scan_show field depth: API: no body property \"depth\""}},
	} {
		t.Run(m.name, func(t *testing.T) {
			if !strings.Contains(string(src), m.old) {
				t.Fatalf("the spec no longer contains %q", m.old)
			}
			mutant := strings.Replace(string(src), m.old, m.new, 1)
			ms := parity.Check(catalog(t, ersatzSpec, []byte(mutant)), doc)
			got := report(ms)
			for _, line := range strings.Split(got, "\n") {
				all := line != ""
				for _, w := range m.want {
					all = all && strings.Contains(line, w)
				}
				if all {
					return
				}
			}
			t.Errorf("no mismatch line contains all of %q; got:\n%s", m.want, got)
		})
	}
}

// TestMissingDocument: deleting the document is a failure naming it,
// never an empty comparison.
func TestMissingDocument(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "ersatztv-v1.json")
	data, err := os.ReadFile(ersatzDoc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(doc, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := openapi.Load(doc); err != nil {
		t.Fatal(err)
	}
	os.Remove(doc)
	_, err = openapi.Load(doc)
	if err == nil || !strings.Contains(err.Error(), doc) {
		t.Fatalf("loading a deleted document: got %v, want an error naming %s", err, doc)
	}
}

// TestCases compares cases.tspec with the hand-written 3.0 document; the
// report is the golden file cases.golden.
func TestCases(t *testing.T) {
	spec := "../testdata/parity/cases.tspec"
	src, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	got := report(parity.Check(catalog(t, spec, src), load(t, "../testdata/parity/cases.yaml")))
	golden := "../testdata/parity/cases.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("report (-want +got):\n%s", d)
	}
	// Tools that agree produce no line.
	if strings.Contains(got, "tool create_pet ") || strings.Contains(got, "tool create_pet:") {
		t.Errorf("create_pet agrees with the document but was reported:\n%s", got)
	}
}

// TestBigIntegerEnum: enum values above 2^53 are compared digit for digit,
// not as the float64 they would round to.
func TestBigIntegerEnum(t *testing.T) {
	doc, err := openapi.Parse("big.yaml", []byte(`openapi: 3.1.0
info: {title: Big, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: id, in: query, required: true, schema: {type: integer, enum: [9007199254740993, 1]}}
      responses: {"200": {description: ok}}
`))
	if err != nil {
		t.Fatal(err)
	}
	spec := func(values string) []byte {
		return []byte(`spec big
tool get_x {
  description "Get x"
  endpoint    GET "/x"
  in {
    id  enum(` + values + `)  required
  }
  result text
}
`)
	}
	got := report(parity.Check(catalog(t, "big.tspec", spec("9007199254740992, 1")), doc))
	want := "big.tspec:6:5: tool get_x field id: API: enum(9007199254740993, 1); spec: enum(9007199254740992, 1)\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("report (-want +got):\n%s", d)
	}
	if ms := parity.Check(catalog(t, "big.tspec", spec("9007199254740993, 1")), doc); len(ms) > 0 {
		t.Errorf("the same values were reported:\n%s", report(ms))
	}
}

// TestTinyEnumValue: an enum value too small for float64 is not 0, and
// not an integer: a spec that lists 0 does not agree with it.
func TestTinyEnumValue(t *testing.T) {
	doc, err := openapi.Parse("tiny.yaml", []byte(`openapi: 3.1.0
info: {title: Tiny, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: p, in: query, required: true, schema: {type: integer, enum: [1e-1001, 2]}}
      responses: {"200": {description: ok}}
`))
	if err != nil {
		t.Fatal(err)
	}
	spec := []byte(`spec tiny
tool get_x {
  description "Get x"
  endpoint    GET "/x"
  in {
    p  enum(0, 2)  required
  }
  result text
}
`)
	got := report(parity.Check(catalog(t, "tiny.tspec", spec), doc))
	want := "tiny.tspec:6:5: tool get_x field p: API: enum(1e-1001, 2); spec: enum(0, 2)\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("report (-want +got):\n%s", d)
	}
	// An integer beyond 64 bits is written as the document writes it,
	// not expanded to its 401 digits.
	doc.Operations[0].Params[0].Schema.Enum[0] = json.Number("1e400")
	got = report(parity.Check(catalog(t, "tiny.tspec", spec), doc))
	want = "tiny.tspec:6:5: tool get_x field p: API: enum(1e400, 2); spec: enum(0, 2)\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("report (-want +got):\n%s", d)
	}
}

// TestWhatARowCannotClaim: a row typed any against a schema parity cannot
// read is a warning, not drift; a body in another media type is drift only
// when the API requires it or rows are meant for it.
func TestWhatARowCannotClaim(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.yaml")
	if err := os.WriteFile(doc, []byte(`openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /pets:
    post:
      operationId: addPet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                meta: {oneOf: [{type: string}, {not: {type: integer}}]}
      responses: {"200": {description: ok}}
  /upload:
    post:
      operationId: upload
      requestBody:
        content: {multipart/form-data: {schema: {type: object}}}
      responses: {"200": {description: ok}}
  /cbor:
    post:
      operationId: cbor
      requestBody:
        required: true
        content: {application/cbor: {schema: {type: string}}}
      responses: {"200": {description: ok}}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := []byte(`spec s

tool add_pet {
  description "Add a pet"
  endpoint POST "/pets"
  in {
    meta  any  optional
  }
  result any
}

tool upload {
  description "Upload nothing"
  endpoint POST "/upload"
  in none
  result any
}

tool cbor {
  description "Send CBOR"
  endpoint POST "/cbor"
  in none
  result any
}
`)
	rep := parity.CheckAll(catalog(t, "s.tspec", spec), load(t, doc))
	got := report(rep.Mismatches)
	if strings.Contains(got, "add_pet") || strings.Contains(got, "tool upload") {
		t.Errorf("reported as drift:\n%s", got)
	}
	if !strings.Contains(got, "tool cbor field body: API: request body of POST /cbor is application/cbor, not JSON") {
		t.Errorf("a required CBOR body the tool cannot send is not reported:\n%s", got)
	}
	if len(rep.Warnings) != 1 || rep.Warnings[0].Tool != "add_pet" || !strings.Contains(rep.Warnings[0].Msg, "not compared: not at") {
		t.Errorf("warnings = %v, want one about add_pet's oneOf", rep.Warnings)
	}
}

// TestMultipleOfAsAdmitted: multipleOf is compared by the values it
// admits (on integers 1.5 is 3, and 0.5 or 1 nothing), and one no reader
// can take is a warning about the document, not a mismatch.
func TestMultipleOfAsAdmitted(t *testing.T) {
	doc, err := openapi.Parse("m.yaml", []byte(`openapi: 3.1.0
info: {title: M, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: a, in: query, schema: {type: integer, multipleOf: 1.5}}
        - {name: b, in: query, schema: {type: integer, multipleOf: 0.5}}
        - {name: c, in: query, schema: {type: integer, multipleOf: 1}}
        - {name: d, in: query, schema: {type: number, multipleOf: 0}}
        - {name: e, in: query, schema: {type: number, multipleOf: 1e-400}}
        - {name: f, in: query, schema: {type: integer, multipleOf: 2.5}}
      responses: {"200": {description: ok}}
`))
	if err != nil {
		t.Fatal(err)
	}
	cat := catalog(t, "m.tspec", []byte(`spec m
tool get_x {
  description "Get x"
  endpoint    GET "/x"
  in {
    a  integer  optional  multiple_of 3
    b  integer  optional
    c  integer  optional
    d  number   optional
    e  number   optional
    f  integer  optional  multiple_of 2
  }
  result text
}
`))
	rep := parity.CheckAll(cat, doc)
	if d := cmp.Diff("m.tspec:11:5: tool get_x field f: API: multipleOf 2.5; spec: multiple_of 2\n", report(rep.Mismatches)); d != "" {
		t.Errorf("mismatches (-want +got):\n%s", d)
	}
	var ws []string
	for _, w := range rep.Warnings {
		ws = append(ws, w.String())
	}
	want := []string{
		"m.tspec:9:5: warning: tool get_x field d: the document's multipleOf 0 is not a positive number float64 holds: no validator can take it; not compared",
		"m.tspec:10:5: warning: tool get_x field e: the document's multipleOf 1e-400 is not a positive number float64 holds: no validator can take it; not compared",
	}
	if d := cmp.Diff(want, ws); d != "" {
		t.Errorf("warnings (-want +got):\n%s", d)
	}
}

// TestUnionMutants plants one drift at a time inside the unions of
// unions.tspec (which agrees with unions.yaml); each must turn parity red
// naming the variant (field|n is the API's variant n).
func TestUnionMutants(t *testing.T) {
	const spec, doc = "../testdata/parity/unions.tspec", "../testdata/parity/unions.yaml"
	src, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	d := load(t, doc)
	if ms := parity.Check(catalog(t, spec, src), d); len(ms) > 0 {
		t.Fatalf("unions.tspec drifts from its document:\n%s", report(ms))
	}
	for _, m := range []struct {
		name, old, new string
		want           []string // substrings of one reported line
	}{
		{"drop a variant", "union<string ..140, array<string> ..4>", "array<string>",
			[]string{"field memo: API: union<string, array<string>> nullable; spec: array<string> nullable"}},
		{"add a variant", "union<string ..140, array<string> ..4>", "union<string ..140, array<string> ..4, integer>",
			[]string{"field memo: API: no variant of that kind; spec: variant integer"}},
		{"variant integer to number", "integer 1..10 multiple_of 2", "number 1..10 multiple_of 2",
			[]string{"field mode|1: API: variant integer; spec: no variant of that kind"}},
		{"drop nullable", "optional  nullable\n", "optional\n",
			[]string{"field memo: API: union<string, array<string>> nullable; spec: union<string, array<string>>"}},
		{"change an enum value in a variant", `enum("test", live)`, `enum("test", prod)`,
			[]string{"field mode|0", `enum("test", "live")`}},
		{"change multiple_of in a variant", "multiple_of 2", "multiple_of 3",
			[]string{"field mode|1: API: multipleOf 2"}},
		{"required to optional in an object variant", `"number"  string   required`, `"number"  string   optional`,
			[]string{"field source|1.number: API: required; spec: optional"}},
		{"string to integer in an object variant", `"number"  string   required`, `"number"  integer  required`,
			[]string{"field source|1.number: API: string; spec: integer"}},
		{"drop a row of an object variant", "      cvc       integer  optional\n", "",
			[]string{"field source|1.cvc", "no row"}},
		{"extra row in an object variant", "      cvc       integer  optional\n", "      cvc       integer  optional\n      zip       string   optional\n",
			[]string{"field source|1.zip: API: no property \"zip\""}},
	} {
		t.Run(m.name, func(t *testing.T) {
			if !strings.Contains(string(src), m.old) {
				t.Fatalf("the spec no longer contains %q", m.old)
			}
			mutant := strings.Replace(string(src), m.old, m.new, 1)
			got := report(parity.Check(catalog(t, spec, []byte(mutant)), d))
			for _, line := range strings.Split(got, "\n") {
				all := line != ""
				for _, w := range m.want {
					all = all && strings.Contains(line, w)
				}
				if all {
					return
				}
			}
			t.Errorf("no mismatch line contains all of %q; got:\n%s", m.want, got)
		})
	}
}

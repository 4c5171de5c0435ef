package dialect

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/cases"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// specs are the catalogs the laws run over: the reference catalog and the
// test specs of the generators.
func specs(t *testing.T) map[string]*model.Catalog {
	t.Helper()
	var paths []string
	for _, g := range []string{"../jsonout/testdata/*.tspec", "../js/testdata/diff/*.tspec", "../../report/testdata/*.tspec", "testdata/keys/*.tspec"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	paths = append(paths, "../../specs/t27mcp/tool_schema.tspec")
	out := map[string]*model.Catalog{}
	for _, p := range paths {
		r := compile.File(p)
		if r.Catalog == nil {
			t.Fatalf("%s:\n%v", p, r.Diags)
		}
		out[p] = r.Catalog
	}
	if len(out) < 5 {
		t.Fatalf("only %d specs", len(out))
	}
	return out
}

// asJSONSchema reads a dialect schema as its family does, in JSON Schema
// terms: Gemini's nullable: true adds null to the type (OpenAPI 3.0.3: an
// enum still has to list null itself). Nothing else is read kindly.
func asJSONSchema(family string, b []byte) []byte {
	if family != "gemini" {
		return b
	}
	v, _ := parse(b)
	var walk func(x any) any
	walk = func(x any) any {
		switch x := x.(type) {
		case *node:
			for _, k := range x.keys {
				x.vals[k] = walk(x.vals[k])
			}
			if x.vals["nullable"] == true {
				x.del("nullable")
				x.vals["type"] = []any{x.vals["type"], "null"}
			}
			return x
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		}
		return x
	}
	var out bytes.Buffer
	write(&out, walk(v))
	return out.Bytes()
}

func draftOf(family string) validate.Draft {
	f, _ := clients.Lookup(family)
	if f.Draft == "draft-07" {
		return validate.Draft7
	}
	return validate.Draft2020
}

// TestSoundness: every argument the spec accepts, as the family's client
// sends it (Denormalize), is accepted by the family's dialect schema, read
// in the family's draft: a dialect never makes a valid call impossible.
// And enforcement: Normalize gives back an argument the spec accepts, so
// the server, which validates with the spec, serves it.
func TestSoundness(t *testing.T) {
	reported := map[string]bool{}
	ambiguous := 0
	for path, cat := range specs(t) {
		for _, fam := range clients.Names() {
			checked := 0
			for _, tool := range cat.Tools {
				spec, err := validate.Compile(schema.Input(tool), validate.Draft2020)
				if err != nil {
					t.Fatal(err)
				}
				dialect, err := validate.Compile(asJSONSchema(fam, InputSchema(tool, fam)), draftOf(fam))
				if err != nil {
					t.Fatalf("%s %s %s: the dialect schema does not compile: %v\n%s", path, fam, tool.Name, err, InputSchema(tool, fam))
				}
				for _, v := range cases.Values(tool.Input, cases.Options{NumberModifiers: true}) {
					if f, err := spec.Validate([]byte(v)); err != nil || f != nil {
						continue // the spec refuses it
					}
					checked++
					sent := Denormalize(fam, tool.Input, []byte(v))
					if f, err := dialect.Validate(sent); (err != nil || f != nil) && !reported[path+fam+tool.Name] {
						reported[path+fam+tool.Name] = true
						t.Errorf("%s: %s refuses a valid call of %s: %s: %v %v\nschema %s", path, fam, tool.Name, sent, f, err, InputSchema(tool, fam))
					}
					back := Normalize(fam, tool.Input, sent)
					if !bytes.Equal(back, canonical(v)) {
						// Absent and null arrive the same from a strict
						// client (docs/clients.md): the server sees null.
						ambiguous++
					}
					if f, err := spec.Validate(back); err != nil || f != nil && !onlyUnique(f) {
						t.Errorf("%s: %s: the normalised call %s of %s is refused by the spec: %v %v", path, fam, back, tool.Name, f, err)
					}
				}
			}
			if checked == 0 {
				t.Errorf("%s %s: no valid case", path, fam)
			}
		}
	}
	t.Logf("%d valid calls lose the difference between absent and null", ambiguous)
}

// outputFamilies are the families whose dialects lower output schemas.
func outputFamilies() []string {
	var out []string
	for _, fam := range clients.Names() {
		if LowersOutputs(fam) {
			out = append(out, fam)
		}
	}
	return out
}

// TestSoundnessOutputs: every result the spec's output schema accepts, as
// the server sends it (the spec's shapes: servers never rewrite results),
// is accepted by every family's dialect output schema read as plain JSON
// Schema 2020-12, the way the MCP client's own validator reads it before
// the model ever sees the result (docs/clients.md). Gemini's nullable
// would not pass here: the output lowering keeps type arrays.
func TestSoundnessOutputs(t *testing.T) {
	if len(outputFamilies()) == 0 {
		t.Fatal("no family lowers output schemas")
	}
	reported := map[string]bool{}
	checked := 0
	for path, cat := range specs(t) {
		for _, tool := range cat.Tools {
			if tool.Output == nil {
				continue
			}
			spec, err := validate.Compile(schema.Output(tool), validate.Draft2020)
			if err != nil {
				t.Fatal(err)
			}
			for _, fam := range clients.Names() {
				out := OutputSchema(tool, fam)
				if !LowersOutputs(fam) && !bytes.Equal(out, schema.Output(tool)) {
					t.Errorf("%s %s: %s lowers no output, yet its output schema differs", path, tool.Name, fam)
				}
				dialect, err := validate.Compile(out, validate.Draft2020)
				if err != nil {
					t.Fatalf("%s %s %s: the dialect output schema does not compile: %v\n%s", path, fam, tool.Name, err, out)
				}
				if fam == "gemini" {
					if why := judgeOutput(out); why != "" {
						t.Errorf("%s %s: the gemini output schema is not one responseJsonSchema reads: %s\n%s", path, tool.Name, why, out)
					}
				}
				for _, v := range cases.Values(tool.Output, cases.Options{NumberModifiers: true}) {
					if f, err := spec.Validate([]byte(v)); err != nil || f != nil {
						continue
					}
					checked++
					if f, err := dialect.Validate([]byte(v)); (err != nil || f != nil) && !reported[path+fam+tool.Name] {
						reported[path+fam+tool.Name] = true
						t.Errorf("%s: %s refuses a valid result of %s: %s: %v %v\nschema %s", path, fam, tool.Name, v, f, err, out)
					}
				}
			}
		}
	}
	t.Logf("%d valid results checked", checked)
	if checked < 1000 {
		t.Errorf("only %d valid results", checked)
	}
}

// onlyUnique: the one way a normalised call can fail the spec is two
// items of a unique array that differed only by an absent versus a null
// property (docs/clients.md).
func onlyUnique(f []validate.Failure) bool {
	for _, x := range f {
		if x.Keyword != "uniqueItems" {
			return false
		}
	}
	return true
}

func canonical(v string) []byte {
	x, err := parse([]byte(v))
	if err != nil {
		return []byte(v)
	}
	var b bytes.Buffer
	write(&b, x)
	return b.Bytes()
}

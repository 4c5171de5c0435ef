package js

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/internal/cases"
	"github.com/toolspec/toolspec/lang/clients"
)

// TestGenerateWithoutDialects: without dialects the module is Generate's,
// byte for byte (sealed modules do not change).
func TestGenerateWithoutDialects(t *testing.T) {
	for name, c := range specs(t) {
		m1, d1, err1 := Generate(c)
		m2, d2, err2 := GenerateWith(c, Options{})
		if !bytes.Equal(m1, m2) || !bytes.Equal(d1, d2) || (err1 == nil) != (err2 == nil) {
			t.Errorf("%s: GenerateWith without dialects differs from Generate", name)
		}
	}
}

// TestDialectTables: listDialectTools gives gen/dialect's table of each
// (profile, dialect) pair, with the scope then the dialect in its
// identity; normalizeArgs agrees with dialect.Normalize on every case of
// internal/cases, as an openai_strict or a gemini client sends it
// (dialect.Denormalize).
func TestDialectTables(t *testing.T) {
	root := needNode(t)
	checkDialectModule(t, filepath.Join(root, "specs/t27mcp/tool_schema.tspec"), []string{"gemini", "openai_strict", "copilot"}, []string{"openai_strict", "gemini"})
}

// TestDialectKeys: the same over gen/dialect's testdata/keys, whose keys
// the gemini, anthropic and anthropic_strict dialects rename: normalizeArgs
// gives them back as dialect.Normalize does.
func TestDialectKeys(t *testing.T) {
	root := needNode(t)
	fams := []string{"gemini", "anthropic", "anthropic_strict", "openai_strict"}
	checkDialectModule(t, filepath.Join(root, "gen/dialect/testdata/keys/keys.tspec"), fams, fams)
}

// checkDialectModule generates spec with dialects fams and checks its
// tables against gen/dialect's and its normalizeArgs against
// dialect.Normalize for the families norm.
func checkDialectModule(t *testing.T, spec string, fams, norm []string) {
	r := compile.File(spec)
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	mjs, dts, err := GenerateWith(r.Catalog, Options{Dialects: fams})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(dts, []byte("listDialectTools")) {
		t.Error("the .d.ts does not declare listDialectTools")
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), mjs)

	type call struct {
		Dialect string          `json:"dialect"`
		Tool    string          `json:"tool"`
		Args    json.RawMessage `json:"args"`
	}
	var calls []call
	var want []string
	for _, fam := range norm {
		for _, tool := range r.Catalog.Tools {
			for _, v := range cases.Values(tool.Input, cases.Options{}) {
				sent := dialect.Denormalize(fam, tool.Input, []byte(v))
				calls = append(calls, call{fam, tool.Name, sent})
				want = append(want, string(dialect.Normalize(fam, tool.Input, sent)))
			}
		}
	}
	in, _ := json.Marshal(calls)
	write(t, filepath.Join(dir, "calls.json"), in)
	write(t, filepath.Join(dir, "check.mjs"), []byte(`
import { readFileSync } from "node:fs";
import { listDialectTools, normalizeArgs } from "./catalog.mjs";
const tables = {};
for (const d of `+string(mustJSON(fams))+`) for (const p of [1, 2, 3]) tables[d + "/" + p] = listDialectTools(p, d);
const scoped = listDialectTools(2, "gemini", { scope: "read" })._meta;
const scoped3 = listDialectTools(3, "gemini", { scope: "read" });
const calls = JSON.parse(readFileSync("calls.json", "utf8"));
const normalized = calls.map((c) => JSON.stringify(normalizeArgs(c.dialect, c.tool, c.args)));
process.stdout.write(JSON.stringify({ tables, scoped, scoped3: [scoped3._meta, scoped3.cacheScope], normalized }));
`))
	var got struct {
		Tables     map[string]json.RawMessage `json:"tables"`
		Scoped     map[string]string          `json:"scoped"`
		Scoped3    []any                      `json:"scoped3"`
		Normalized []string                   `json:"normalized"`
	}
	if err := json.Unmarshal(run(t, dir, "node", "check.mjs"), &got); err != nil {
		t.Fatal(err)
	}
	for _, fam := range fams {
		for _, p := range []int{1, 2, 3} {
			w, _ := dialect.ToolsList(r.Catalog, p, fam)
			if !sameJSON(t, got.Tables[fam+"/"+string(rune('0'+p))], w) {
				t.Errorf("listDialectTools(%d, %s) is not gen/dialect's table", p, fam)
			}
		}
	}
	if id := got.Scoped[r.Catalog.CatalogKey]; id != r.Catalog.Identity(2)+"/read/gemini" {
		t.Errorf("scoped identity %q", id)
	}
	if want := []any{map[string]any{r.Catalog.CatalogKey: r.Catalog.Identity(3) + "/read/gemini"}, "private"}; !cmp.Equal(got.Scoped3, want) {
		t.Errorf("profile 3, scoped: %v, want %v", got.Scoped3, want)
	}
	if len(got.Normalized) != len(want) {
		t.Fatalf("%d normalised calls, want %d", len(got.Normalized), len(want))
	}
	bad := 0
	for i := range want {
		if !sameJSON(t, []byte(got.Normalized[i]), []byte(want[i])) {
			if bad++; bad <= 3 {
				t.Errorf("normalizeArgs(%s) = %s, Go says %s", calls[i].Args, got.Normalized[i], want[i])
			}
		}
	}
	if !strings.Contains(string(mjs), "export function normalizeArgs") {
		t.Error("no normalizeArgs")
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

// sameJSON compares two JSON texts as values, numbers as float64 (as
// JavaScript reads them: -0 is 0).
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return cmp.Equal(x, y)
}

// TestClientDialectsFromTable: a module with dialects carries lang/clients'
// default map as CLIENT_DIALECTS, every entry, names in lower case.
func TestClientDialectsFromTable(t *testing.T) {
	for _, c := range specs(t) {
		mjs, _, err := GenerateWith(c, Options{Dialects: []string{"gemini"}})
		if err != nil {
			t.Fatal(err)
		}
		text := string(mjs)
		const open = "export const CLIENT_DIALECTS = Object.freeze({"
		start := strings.Index(text, open)
		if start < 0 {
			t.Fatal("no CLIENT_DIALECTS")
		}
		body := text[start+len(open)-1:]
		body = body[:strings.Index(body, "});")+1]
		body = strings.Replace(body, ",\n}", "\n}", 1)
		var got map[string]*string
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatalf("%v: %s", err, body)
		}
		want := map[string]*string{}
		for name, fam := range clients.ClientDialects() {
			if fam != "" {
				want[name] = &fam
			} else {
				want[name] = nil
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("CLIENT_DIALECTS differs from lang/clients (-table +module):\n%s", diff)
		}
		return // the map does not depend on the spec
	}
}

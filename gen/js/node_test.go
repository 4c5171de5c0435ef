package js

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/model"
)

// repoRoot is the directory holding go.mod, found by walking up.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
}

// needNode returns the repository root when node and the npm packages are
// installed. Otherwise it skips the test, or fails it when
// TOOLSPEC_REQUIRE_NODE=1 (make test sets it after npm ci).
func needNode(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts node (-short)")
	}
	root := repoRoot(t)
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else {
		for _, pkg := range []string{"ajv", "typescript", "@modelcontextprotocol/sdk"} {
			if _, err := os.Stat(filepath.Join(root, "node_modules", pkg, "package.json")); err != nil {
				missing = "node_modules/" + pkg + " is missing"
				break
			}
		}
	}
	if missing != "" {
		if os.Getenv("TOOLSPEC_REQUIRE_NODE") == "1" {
			t.Fatalf("%s: run npm ci (make test does)", missing)
		}
		t.Skipf("%s: run npm ci to run this test", missing)
	}
	return root
}

func run(t *testing.T, dir, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes()
}

type fixtureIn struct {
	Tool   string          `json:"tool"`
	Output bool            `json:"output"`
	Value  json.RawMessage `json:"value"`
}

type report struct {
	Exports         []string           `json:"exports"`
	Name            string             `json:"name"`
	Hash            string             `json:"hash"`
	Key             string             `json:"key"`
	Profiles        any                `json:"profiles"`
	ProfilesFrozen  bool               `json:"profilesFrozen"`
	P1              any                `json:"p1"`
	P2              any                `json:"p2"`
	P3              any                `json:"p3"`
	P3Order         []string           `json:"p3Order"`
	DefaultIsP1     bool               `json:"defaultIsP1"`
	ListTools4      *string            `json:"listTools4"`
	ListToolsString *string            `json:"listToolsString"`
	ProfileFor      map[string]int     `json:"profileFor"`
	ProfileForNoArg int                `json:"profileForNoArg"`
	CheckHandlers   map[string]*string `json:"checkHandlers"`
	TamperSame      bool               `json:"tamperSame"`
	ProfilesWrite   *string            `json:"profilesWrite"`
	CompileErrors   []string           `json:"compileErrors"`
	Fixtures        []struct {
		Valid  *bool `json:"valid"`
		Errors []struct {
			Keyword string `json:"keyword"`
			At      string `json:"at"`
		} `json:"errors"`
		Draft7Valid *bool `json:"draft7Valid"`
		Generated   []struct {
			Keyword string `json:"keyword"`
			At      string `json:"at"`
		} `json:"generated"`
	} `json:"fixtures"`
	Scopes map[string]struct {
		Names    []string `json:"names"`
		Identity string   `json:"identity"`
	} `json:"scopes"`
	LongestMessage  int     `json:"longestMessage"`
	LongestPath     int     `json:"longestPath"`
	ScopeBad        *string `json:"scopeBad"`
	ValidateUnknown *string `json:"validateUnknown"`
}

func decode(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestNode imports each testdata spec's module in node and checks every
// export against the model and gen-json, runs ajv over every schema and
// fixture, and type-checks the declarations with tsc.
//
// The type checks of all catalogs are one tsc run after the others: tsc's
// start-up (loading the standard library's declarations) is most of the
// time of a check, and one run per catalog paid it four times over.
func TestNode(t *testing.T) {
	root := needNode(t)
	tsDir := t.TempDir()
	write(t, filepath.Join(tsDir, "package.json"), []byte(`{"type": "module"}`+"\n"))
	// The declarations type handlers' extra with the SDK's own types.
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(tsDir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var tsRoots []string
	t.Run("each", func(t *testing.T) {
		for base, c := range specs(t) {
			t.Run(filepath.Base(base), func(t *testing.T) {
				t.Parallel()
				roots := checkNode(t, root, c)
				mu.Lock()
				defer mu.Unlock()
				tsRoots = append(tsRoots, writeTypeCheck(t, filepath.Join(tsDir, filepath.Base(base)), c, roots.dts)...)
			})
		}
	})
	if t.Failed() {
		return
	}
	sort.Strings(tsRoots)
	run(t, tsDir, "node", append([]string{filepath.Join(root, "node_modules/typescript/bin/tsc"),
		"--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
		"--target", "es2022", "--lib", "es2022,dom", "--types", "node", "--skipLibCheck"}, tsRoots...)...)
}

type generated struct{ mjs, dts []byte }

// checkNode runs check.mjs over one catalog's module and checks its report.
func checkNode(t *testing.T, root string, c *model.Catalog) generated {
	t.Helper()
	mjs, dts, err := Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), mjs)
	var fixtures []fixtureIn
	var all []*model.Fixture
	for _, test := range c.Tests {
		for _, f := range test.Fixtures {
			fixtures = append(fixtures, fixtureIn{f.Tool, f.Output, f.Value})
			all = append(all, f)
		}
	}
	fx, err := json.Marshal(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "fixtures.json"), fx)
	out := run(t, root, "node", filepath.Join(root, "gen/js/testdata/node/check.mjs"),
		filepath.Join(dir, "catalog.mjs"), filepath.Join(dir, "fixtures.json"))
	var r report
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("node output: %v\n%s", err, out)
	}
	checkReport(t, c, &r, all)
	return generated{mjs, dts}
}

func checkReport(t *testing.T, c *model.Catalog, r *report, fixtures []*model.Fixture) {
	t.Helper()
	wantExports := []string{"CATALOG_KEY", "MAX_BODY_BYTES", "MAX_DEPTH", "MAX_LINE_BYTES", "MAX_PROBLEMS", "PROFILES", "QUOTE_LIMIT", "SPEC_HASH", "SPEC_NAME",
		"StdioTransport", "audio", "blob", "checkHandlers", "content", "describeProblems", "image", "listTools", "profileFor", "register",
		"resource", "resourceLink", "serveHttp", "text", "validateInput", "validateOutput", "withContent"}
	if diff := cmp.Diff(wantExports, r.Exports); diff != "" {
		t.Errorf("exports (-want +got):\n%s", diff)
	}
	if r.Name != c.Name || r.Hash != c.SpecHash || r.Key != c.CatalogKey {
		t.Errorf("SPEC_NAME, SPEC_HASH, CATALOG_KEY = %q, %q, %q; want %q, %q, %q",
			r.Name, r.Hash, r.Key, c.Name, c.SpecHash, c.CatalogKey)
	}
	if len(r.Hash) != 64 || strings.Trim(r.Hash, "0123456789abcdef") != "" {
		t.Errorf("SPEC_HASH %q is not 64 lowercase hex digits", r.Hash)
	}
	wantProfiles := map[string]any{
		"1": map[string]any{"protocol": "2024-11-05", "catalog": c.SpecHash + "/p1"},
		"2": map[string]any{"protocol": "2025-06-18", "catalog": c.SpecHash + "/p2"},
		"3": map[string]any{"protocol": "2026-07-28", "catalog": c.SpecHash + "/p3"},
	}
	if diff := cmp.Diff(wantProfiles, r.Profiles); diff != "" {
		t.Errorf("PROFILES (-want +got):\n%s", diff)
	}
	if !r.ProfilesFrozen || r.ProfilesWrite == nil || !strings.HasPrefix(*r.ProfilesWrite, "TypeError") {
		t.Errorf("PROFILES is not frozen (frozen %v, write gave %v)", r.ProfilesFrozen, r.ProfilesWrite)
	}

	// The tables equal gen-json's, as JSON values.
	for p, got := range map[int]any{1: r.P1, 2: r.P2, 3: r.P3} {
		want := decode(t, jsonout.Generate(c, p))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("listTools(%d) differs from gen-json --profile %d (-want +got):\n%s", p, p, diff)
		}
	}
	if !r.DefaultIsP1 {
		t.Error("listTools() is not listTools(1)")
	}
	if want := []string{"tools", "ttlMs", "cacheScope", "resultType", "_meta"}; !slices.Equal(r.P3Order, want) {
		t.Errorf("listTools(3) members %v, want gen-json's order %v", r.P3Order, want)
	}
	for what, msg := range map[string]*string{"listTools(4)": r.ListTools4, `listTools("2")`: r.ListToolsString} {
		if msg == nil || !strings.HasPrefix(*msg, "RangeError: listTools: profile must be 1, 2 or 3") {
			t.Errorf("%s: got %v, want a RangeError", what, msg)
		}
	}
	if !r.TamperSame {
		t.Error("changing a listTools result changed the next listTools result")
	}

	wantFor := map[string]int{
		`"2024-11-05"`: 1, `"2025-03-26"`: 1, `"2025-06-17"`: 1,
		`"2025-06-18"`: 2, `"2025-11-25"`: 2, `"2026-07-27"`: 2, `"2026-07-28"`: 3, `"2099-01-01"`: 3,
		"undefined": 1, "null": 1, `""`: 1, `"garbage"`: 1, `"zzzz-zz-zz"`: 1, `"2025-06-18x"`: 1, "20250618": 1,
	}
	if diff := cmp.Diff(wantFor, r.ProfileFor); diff != "" {
		t.Errorf("profileFor (-want +got):\n%s", diff)
	}
	if r.ProfileForNoArg != 1 {
		t.Errorf("profileFor() = %d, want 1", r.ProfileForNoArg)
	}

	var names []string
	for _, tool := range c.Tools {
		names = append(names, tool.Name)
	}
	sort.Strings(names)
	q := func(list []string) string {
		var parts []string
		for _, s := range list {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false) // like JSON.stringify
			enc.Encode(s)
			parts = append(parts, strings.TrimSuffix(b.String(), "\n"))
		}
		return strings.Join(parts, ", ")
	}
	msg := func(missing, extra []string) *string {
		var parts []string
		if len(missing) > 0 {
			parts = append(parts, "tools without a handler: "+q(missing))
		}
		if len(extra) > 0 {
			parts = append(parts, "handlers without a tool: "+q(extra))
		}
		s := fmt.Sprintf("Error: spec %s: %s", c.Name, strings.Join(parts, "; "))
		return &s
	}
	wantHandlers := map[string]*string{
		"all":       nil,
		"allSet":    nil,
		"none":      msg(names, nil),
		"extra":     msg(nil, []string{"</script>", "zz"}),
		"dropFirst": msg([]string{c.Tools[0].Name}, []string{"__proto__"}),
	}
	if diff := cmp.Diff(wantHandlers, r.CheckHandlers); diff != "" {
		t.Errorf("checkHandlers messages (-want +got):\n%s", diff)
	}

	// Scoped tables: read is the read_only tools, write the read_only and
	// additive ones; the identity names a scope other than all.
	for _, p := range model.Profiles {
		for _, scope := range []string{"all", "read", "write"} {
			var want []string
			for _, tool := range c.Tools {
				if scope == "all" || scope == "read" && tool.Hints.ReadOnly || scope == "write" && tool.Hints.InWriteScope() {
					want = append(want, tool.Name)
				}
			}
			identity := c.Identity(p)
			if scope != "all" {
				identity += "/" + scope
			}
			got := r.Scopes[fmt.Sprintf("%d/%s", p, scope)]
			if diff := cmp.Diff(want, got.Names, cmpopts.EquateEmpty()); diff != "" || got.Identity != identity {
				t.Errorf("listTools(%d, {scope: %q}): identity %q, want %q; tools (-want +got):\n%s", p, scope, got.Identity, identity, diff)
			}
		}
	}
	if r.ScopeBad == nil || !strings.HasPrefix(*r.ScopeBad, `RangeError: listTools: scope must be "all", "read" or "write"`) {
		t.Errorf(`listTools(2, {scope: "admin"}): got %v, want a RangeError`, r.ScopeBad)
	}
	if r.ValidateUnknown == nil || !strings.HasPrefix(*r.ValidateUnknown, `RangeError: validateInput: no tool "no such tool"`) {
		t.Errorf("validateInput of an unknown tool: got %v, want a RangeError", r.ValidateUnknown)
	}

	// A 1 MB key or string is quoted cut: QUOTE_LIMIT (64) characters, the
	// quotes, "..." and the words around it (a pattern's own text aside).
	if r.LongestMessage == 0 || r.LongestMessage > 200 || r.LongestPath > 200 {
		t.Errorf("the longest message on 1 MB strings is %d characters (path %d), want 1 to 200", r.LongestMessage, r.LongestPath)
	}

	// The generated validators agree with every fixture, because and at included.
	for i, f := range fixtures {
		got := r.Fixtures[i].Generated
		if valid := len(got) == 0; valid != f.Accept {
			t.Errorf("%s: the generated validator says valid=%v, the spec says accept=%v (problems %v)", f.Pos, valid, f.Accept, got)
			continue
		}
		found := f.Because == ""
		for _, e := range got {
			if e.Keyword == f.Because && (f.At == nil || e.At == *f.At) {
				found = true
			}
		}
		if !f.Accept && !found {
			t.Errorf("%s: the generated validator rejects, but not because %s (%v)", f.Pos, f.Because, got)
		}
	}

	// ajv compiles every schema and agrees with every fixture.
	for _, e := range r.CompileErrors {
		t.Errorf("ajv: %s", e)
	}
	if len(r.Fixtures) != len(fixtures) {
		t.Fatalf("ajv checked %d fixtures, want %d", len(r.Fixtures), len(fixtures))
	}
	for i, f := range fixtures {
		got := r.Fixtures[i]
		if got.Valid == nil {
			t.Errorf("%s: ajv has no schema for this fixture", f.Pos)
			continue
		}
		if *got.Valid != f.Accept {
			t.Errorf("%s: ajv says valid=%v, the spec says accept=%v (errors %v)", f.Pos, *got.Valid, f.Accept, got.Errors)
			continue
		}
		if f.Accept && got.Draft7Valid != nil && !*got.Draft7Valid {
			t.Errorf("%s: ajv draft-07 rejects a value the profile-1 input schema must accept", f.Pos)
		}
		if !f.Accept && f.Because != "" {
			found := false
			for _, e := range got.Errors {
				if e.Keyword == f.Because && (f.At == nil || e.At == *f.At) {
					found = true
				}
			}
			if !found {
				at := ""
				if f.At != nil {
					at = " at " + *f.At
				}
				t.Errorf("%s: ajv rejects, but not because %s%s: %v", f.Pos, f.Because, at, got.Errors)
			}
		}
	}
}

// typeCheck runs tsc --noEmit --strict over the declarations and a small
// program that uses them: every export, and each accepted fixture as a
// value of its tool's input or output type.
//
// The program imports the module as catalog.js (in a "type": "module"
// folder), which TypeScript resolves to catalog.ts, the declarations.
// writeTypeCheck writes, into dir, a catalog's declarations and a
// TypeScript program that uses them as a server would; it returns the
// files tsc must check.
func writeTypeCheck(t *testing.T, dir string, c *model.Catalog, dts []byte) []string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The declarations as a source file (catalog.ts, which "./catalog.js"
	// resolves to before catalog.d.ts or catalog.js), so that
	// --skipLibCheck skips the SDK's own declarations (zod's types cost
	// most of the run) but not ours.
	write(t, filepath.Join(dir, "catalog.ts"), dts)
	var b strings.Builder
	b.WriteString(`import {
  SPEC_NAME, SPEC_HASH, CATALOG_KEY, PROFILES, listTools, profileFor, checkHandlers,
  type Profile, type ToolName, type ToolsListResult, type ToolInputs, type ToolOutputs,
} from "./catalog.js";

const name: string = SPEC_NAME;
const hash: string = SPEC_HASH;
const key: string = CATALOG_KEY;
const identity: string = PROFILES[1].catalog + PROFILES[2].protocol;
const profile: Profile = profileFor("2025-06-18");
const result: ToolsListResult = listTools(profile);
const meta: string | undefined = result._meta[CATALOG_KEY];
const toolNames: ToolName[] = result.tools.map((tool) => tool.name);
checkHandlers(toolNames);
checkHandlers(new Set<string>(["x"]));
type Handlers = { [K in keyof ToolInputs]: (args: ToolInputs[K]) => unknown };
type Results = { [K in keyof ToolOutputs]: ToolOutputs[K] };
// @ts-expect-error: not a profile
listTools(4);
// @ts-expect-error: PROFILES is read-only
PROFILES[1].catalog = "forged";
// @ts-expect-error: not a tool name
export const noTool: ToolName = "no such tool";
`)
	for _, tool := range c.Tools {
		if len(tool.Input.Fields) == 0 && !tool.Input.Open {
			fmt.Fprintf(&b, "// @ts-expect-error: a closed object without rows takes no properties\nexport const closed%d: ToolInputs[%s] = {x: 1};\n", len(b.String()), Quote(tool.Name))
		}
	}
	b.WriteString(`
export const used = [name, hash, key, identity, meta];
`)
	n := 0
	for _, test := range c.Tests {
		for _, f := range test.Fixtures {
			if !f.Accept || protoField(c.Tool(f.Tool), f.Output) {
				continue
			}
			table := "ToolInputs"
			if f.Output {
				table = "ToolOutputs"
			}
			// Fixture values are JSON, which is also a TypeScript expression.
			fmt.Fprintf(&b, "export const fixture%d: %s[%s] = %s;\n", n, table, Quote(f.Tool), f.Value)
			n++
		}
	}
	write(t, filepath.Join(dir, "use.ts"), []byte(b.String()))
	return []string{filepath.Join(dir, "catalog.ts"), filepath.Join(dir, "use.ts")}
}

// protoField reports whether a tool's input (or output) has, at any depth,
// a property named like a member of Object.prototype. TypeScript gives
// every object literal those members (constructor: Function, ...), so no
// literal is assignable to such a type: its fixtures cannot be typed as
// literals. (ajv needs ownProperties for the same names; see check.mjs.)
func protoField(tool *model.Tool, output bool) bool {
	typ := tool.Input
	if output {
		typ = tool.Output
	}
	var walk func(*model.Type) bool
	walk = func(t *model.Type) bool {
		if t == nil {
			return false
		}
		for _, f := range t.Fields {
			switch f.Name {
			case "constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable":
				return true
			}
			if walk(f.Type) {
				return true
			}
		}
		for _, it := range t.Items {
			if walk(it) {
				return true
			}
		}
		return walk(t.Elem)
	}
	return walk(typ)
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTypesFitSDK type-checks, in one tsc run, that every testdata
// catalog's listTools result is a ListToolsResult of the MCP TypeScript
// SDK. The SDK's own declarations are not checked (--skipLibCheck); ours
// are, strictly, in TestNode.
func TestTypesFitSDK(t *testing.T) {
	root := needNode(t)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "package.json"), []byte(`{"type": "module"}`+"\n"))
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(`import type { ListToolsResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
`)
	var bases []string
	cats := specs(t)
	for base := range cats {
		bases = append(bases, base)
	}
	sort.Strings(bases)
	for i, base := range bases {
		mjs, dts, err := Generate(cats[base])
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(base)
		write(t, filepath.Join(dir, name+".js"), mjs)
		write(t, filepath.Join(dir, name+".d.ts"), dts)
		fmt.Fprintf(&b, `import * as c%d from "./%s.js";
export const r%d: ListToolsResult = c%d.listTools(c%d.profileFor("2025-06-18"));
export const t%d: Tool[] = c%d.listTools(1).tools;
c%d.register(new Server({ name: "x", version: "0" }), {} as c%d.Handlers, { scope: (extra) => (extra.authInfo ? "read" : "all") });
c%d.register(new McpServer({ name: "x", version: "0" }).server, {} as c%d.Handlers);
export const transport%d: Transport = new c%d.StdioTransport();
`, i, name, i, i, i, i, i, i, i, i, i, i, i)
	}
	write(t, filepath.Join(dir, "sdk.ts"), []byte(b.String()))
	run(t, dir, "node", filepath.Join(root, "node_modules/typescript/bin/tsc"),
		"--noEmit", "--strict", "--skipLibCheck", "--module", "nodenext", "--moduleResolution", "nodenext",
		"--target", "es2022", "--lib", "es2022,dom", "sdk.ts")
}

// TestDocServer runs the server snippet of docs/gen-js.md over the nested
// testdata catalog, on both protocol versions, and checks what a client
// sees: the profile's table exactly, structuredContent only on profile 2.
// With a handler removed, the server must refuse to start.
func TestDocServer(t *testing.T) {
	root := needNode(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs/gen-js.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "\n```js\n")
	snippet, _, ok2 := strings.Cut(rest, "\n```\n")
	if !ok || !ok2 {
		t.Fatal("docs/gen-js.md has no ```js block")
	}
	c := specs(t)["testdata/nested"]
	mjs, _, err := Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), mjs)
	write(t, filepath.Join(dir, "server.mjs"), []byte(snippet+"\n"))
	broken := strings.Replace(snippet, "  t27f_view: async", "  t27f_veiw: async", 1)
	if broken == snippet {
		t.Fatal("the snippet has no t27f_view handler to remove")
	}
	write(t, filepath.Join(dir, "broken.mjs"), []byte(broken+"\n"))
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	serve := filepath.Join(root, "gen/js/testdata/node/serve.mjs")
	args := `{"status": [1], "chat": "t27_bot"}`
	type response struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
		Exited *int            `json:"exited"`
	}
	var got struct {
		Initialize, List, Call *response
		Code                   *int
		Stderr                 string
	}
	for _, v := range []struct {
		protocol string
		profile  int
	}{{"2024-11-05", 1}, {"2025-03-26", 1}, {"2025-06-18", 2}} {
		got.Initialize, got.List, got.Call = nil, nil, nil
		out := run(t, dir, "node", serve, filepath.Join(dir, "server.mjs"), v.protocol, "t27f_view", args)
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%s: %v\n%s", v.protocol, err, out)
		}
		if got.List == nil || got.List.Result == nil || got.Call == nil {
			t.Fatalf("%s: no tools/list or tools/call result: %s", v.protocol, out)
		}
		want := decode(t, jsonout.Generate(c, v.profile))
		if diff := cmp.Diff(want, decode(t, got.List.Result)); diff != "" {
			t.Errorf("%s: tools/list is not profile %d (-want +got):\n%s", v.protocol, v.profile, diff)
		}
		call := decode(t, got.Call.Result).(map[string]any)
		_, structured := call["structuredContent"]
		if structured != (v.profile == 2) {
			t.Errorf("%s: structuredContent present = %v on profile %d: %s", v.protocol, structured, v.profile, got.Call.Result)
		}
	}
	out := run(t, dir, "node", serve, filepath.Join(dir, "broken.mjs"), "2025-06-18", "t27f_view", args)
	got.Initialize, got.Code, got.Stderr = nil, nil, ""
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("broken server: %v\n%s", err, out)
	}
	if got.Code == nil || *got.Code == 0 || !strings.Contains(got.Stderr, `tools without a handler: "t27f_view"; handlers without a tool: "t27f_veiw"`) {
		t.Errorf("a server missing a handler must exit non-zero naming it; got exit %v, stderr:\n%s", got.Code, got.Stderr)
	}
}

// TestStdioTransport runs testdata/node/transport.mjs: the generated
// StdioTransport over fake streams, input cut at every byte, each kind of
// bad line answered once with its code and id, and the limits.
func TestStdioTransport(t *testing.T) {
	root := needNode(t)
	mjs, _, err := Generate(specs(t)["testdata/kinds"])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), mjs)
	out := run(t, root, "node", filepath.Join(root, "gen/js/testdata/node/transport.mjs"), filepath.Join(dir, "catalog.mjs"))
	var got struct{ Failures []string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("transport.mjs: %v\n%s", err, out)
	}
	for _, f := range got.Failures {
		t.Error(f)
	}
}

// TestRegister runs testdata/node/register.mjs: register on the SDK's
// Server over an in-memory transport, at each protocol version (the
// profile, the negotiated 2025-11-25 for 2026-07-28), every kind of call
// result, scopes, and each refusal.
func TestRegister(t *testing.T) {
	root := needNode(t)
	r := compile.Source("reg.tspec", []byte(`spec reg
tool look {
  description "Look"
  hints read_only
  in { q string required 1..10 }
  out { n integer required 0.. }
}
tool say {
  description "Say"
  hints additive
  in none
  result text
}
tool wipe {
  description "Wipe"
  hints destructive
  in none
  result any
}
`))
	if r.Catalog == nil {
		t.Fatalf("spec does not compile: %v", r.Diags)
	}
	mjs, _, err := Generate(r.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), mjs)
	out := run(t, root, "node", filepath.Join(root, "gen/js/testdata/node/register.mjs"), filepath.Join(dir, "catalog.mjs"))
	var got struct{ Failures []string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("register.mjs: %v\n%s", err, out)
	}
	for _, f := range got.Failures {
		t.Error(f)
	}
}

// TestRegisterDialects: register in a module with dialect tables serves
// each session the dialect of its client (register_dialects.mjs).
func TestRegisterDialects(t *testing.T) {
	root := needNode(t)
	r := compile.Source("regd.tspec", []byte(`spec regd
tool look {
  description "Look"
  hints read_only
  in {
    q    string   required  1..10
    lim  integer  optional  1..5
  }
  out { n integer required 0.. }
}
tool wipe {
  description "Wipe"
  hints destructive
  in none
  result any
}
`))
	if r.Catalog == nil {
		t.Fatalf("spec does not compile: %v", r.Diags)
	}
	mjs, _, err := GenerateWith(r.Catalog, Options{Dialects: []string{"gemini", "openai_strict"}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), mjs)
	out := run(t, root, "node", filepath.Join(root, "gen/js/testdata/node/register_dialects.mjs"), filepath.Join(dir, "catalog.mjs"))
	var got struct{ Failures []string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("register_dialects.mjs: %v\n%s", err, out)
	}
	for _, f := range got.Failures {
		t.Error(f)
	}
}

// runtimeHelpers are the runtime's internal names runtime.test.mjs calls.
const runtimeHelpers = "tsErr, tsQuote, tsShow, tsPointer, tsLen, tsDuplicate, tsMultipleOf, tsScan, tsShape, tsDialect, defaultDialectFor, normalizeArgs"

// TestRuntime syntax-checks each runtime file with node --check, then runs
// testdata/node/runtime.test.mjs (node:test) on a generated module whose
// internal helpers are exported for it.
func TestRuntime(t *testing.T) {
	root := needNode(t)
	files, err := filepath.Glob(filepath.Join(root, "gen/js/runtime/*.mjs"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no runtime files: %v", err)
	}
	for _, f := range files {
		run(t, root, "node", "--check", f)
	}
	mjs, _, err := Generate(specs(t)["testdata/kinds"])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), append(mjs, "\nexport { "+runtimeHelpers+" };\n"...))
	run(t, root, "node", filepath.Join(root, "gen/js/testdata/node/runtime.test.mjs"), filepath.Join(dir, "catalog.mjs"))
}

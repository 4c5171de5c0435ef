package golang_test

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen/golang"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"

	// The checked-in catalog of the reference spec (make generate writes
	// it; make verify fails when it is stale): the serving half of a
	// generated file, compiled.
	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

// A scoped table is the full table with the tools outside the scope left
// out, entry for entry, and the scope named in the identity.
func TestListToolsScopedJSON(t *testing.T) {
	type entry struct {
		Name        string
		Annotations struct {
			ReadOnlyHint    bool
			DestructiveHint *bool // false is additive; absent may destroy
		}
	}
	// write lists what reads or only adds, never a tool that may destroy.
	writes := func(e entry) bool {
		return e.Annotations.ReadOnlyHint || e.Annotations.DestructiveHint != nil && !*e.Annotations.DestructiveHint
	}
	var hints map[string]entry = map[string]entry{}
	var p2 struct{ Tools []entry }
	if err := json.Unmarshal(c.ListToolsJSON(2), &p2); err != nil {
		t.Fatal(err)
	}
	for _, e := range p2.Tools {
		hints[e.Name] = e
	}
	for _, profile := range []int{1, 2} {
		var full struct {
			Tools []json.RawMessage
			Meta  map[string]string `json:"_meta"`
		}
		if err := json.Unmarshal(c.ListToolsJSON(profile), &full); err != nil {
			t.Fatal(err)
		}
		for _, scope := range []string{"", "all"} {
			if got := string(c.ListToolsScopedJSON(profile, scope)); got != string(c.ListToolsJSON(profile)) {
				t.Errorf("p%d scope %q: not ListToolsJSON", profile, scope)
			}
		}
		for _, tc := range []struct {
			scope string
			keep  func(entry) bool
		}{
			{"read", func(e entry) bool { return e.Annotations.ReadOnlyHint }},
			{"write", writes},
		} {
			raw := c.ListToolsScopedJSON(profile, tc.scope)
			var got struct {
				Tools []json.RawMessage
				Meta  map[string]string `json:"_meta"`
			}
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatalf("p%d %s: %v\n%s", profile, tc.scope, err, raw)
			}
			var want []json.RawMessage
			for _, tool := range full.Tools {
				var e entry
				json.Unmarshal(tool, &e)
				if tc.keep(hints[e.Name]) {
					want = append(want, tool)
				}
			}
			if !reflect.DeepEqual(got.Tools, want) || len(want) == 0 || len(want) == len(full.Tools) {
				t.Errorf("p%d %s: %d tools, want the %d in scope, byte for byte", profile, tc.scope, len(got.Tools), len(want))
			}
			if id := got.Meta[c.CatalogKey]; id != c.CatalogID(profile)+"/"+tc.scope || len(got.Meta) != 1 {
				t.Errorf("p%d %s: _meta %v, want %s/%s", profile, tc.scope, got.Meta, c.CatalogID(profile), tc.scope)
			}
			raw[0] = 'x' // a fresh copy each call
			if again := c.ListToolsScopedJSON(profile, tc.scope); again[0] != '{' {
				t.Errorf("p%d %s: the caller's copy is shared", profile, tc.scope)
			}
		}
		if got := c.ListToolsScopedJSON(profile, "admin"); got != nil {
			t.Errorf("scope admin: %s, want nil", got)
		}
	}
	b := c.Bind(nilHandlers{})
	for name, e := range hints {
		if b.InScope(name, "read") != e.Annotations.ReadOnlyHint || b.InScope(name, "write") != writes(e) || !b.InScope(name, "all") || b.InScope(name, "admin") {
			t.Errorf("InScope(%s) disagrees with its hints %+v", name, e.Annotations)
		}
	}
	if b.InScope("t27_nope", "all") {
		t.Error("InScope of an unknown tool")
	}
}

// nilHandlers has every method, none of which may be called.
type nilHandlers struct{ c.Handlers }

// BindMap names every tool without a handler, handler without a tool and
// handler of the wrong type; Bind binds every method.
func TestBindMap(t *testing.T) {
	if err := c.Bind(nilHandlers{}).Check(); err != nil {
		t.Errorf("Bind: %v", err)
	}
	hs := c.HandlerMap(nilHandlers{})
	delete(hs, c.ToolT27Grep)
	hs["zz"] = 1
	hs[c.ToolT27Raw] = func(context.Context, c.T27RawInput) (c.T27RawInput, error) { return c.T27RawInput{}, nil }
	err := c.BindMap(hs).Check()
	want := `toolspec: tools without a handler: "t27_grep"; handlers without a tool: "zz"; handler of "t27_raw" is func(context.Context, t27catalog.T27RawInput) (t27catalog.T27RawInput, error), want func(context.Context, t27catalog.T27RawInput) (string, error)`
	if err == nil || err.Error() != want {
		t.Errorf("Check = %v\nwant %s", err, want)
	}
	b := c.BindMap(map[string]any{c.ToolT27Raw: func(_ context.Context, in c.T27RawInput) (string, error) { return "raw " + in.Path, nil }})
	in, err := b.Decode(c.ToolT27Raw, []byte(`{"path":"a.t27"}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := b.Run(context.Background(), c.ToolT27Raw, in)
	if out != "raw a.t27" || err != nil || b.Result(c.ToolT27Raw) != "text" || b.Result(c.ToolT27Status) != "" {
		t.Errorf("Run = %v, %v; Result %q", out, err, b.Result(c.ToolT27Raw))
	}
	if _, err := b.Decode(c.ToolT27Raw, []byte(`{}`)); err == nil || !strings.Contains(err.Error(), "required") {
		t.Errorf("Decode {} = %v", err)
	}
}

// Every testdata spec's generated scoped tables, compiled and run, are its
// full tables with the tools outside the scope left out, under the same
// _meta key (the hostile spec's key has quotes, backslashes, </script>,
// U+2028 and NUL). A Bound serves the same tables, and the same holds of
// a file against the shared runtime (Options.Runtime).
func TestScopedTablesCompiled(t *testing.T) {
	goCmd := goTool(t)
	for _, file := range specs(t) {
		cat := load(t, file)
		for _, runtime := range []string{"", sharedRuntimePath} {
			src, err := golang.Generate(cat, golang.Options{Package: genPackage, Runtime: runtime})
			if err != nil {
				continue // the error specs
			}
			name := filepath.Base(file)
			if runtime != "" {
				name += "/shared-runtime"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				main := `package main

import (
	"bytes"
	"os"
)

func main() {
	b := BindMap(nil)
	for _, p := range []int{1, 2, 3} {
		for _, s := range []string{"all", "read", "write"} {
			table := ListToolsScopedJSON(p, s)
			if !bytes.Equal(b.ListToolsJSON(p, s), table) {
				os.Exit(3)
			}
			os.Stdout.Write(table)
			os.Stdout.Write([]byte("\n"))
		}
	}
}
`
				writeModule(t, dir, src, main)
				if runtime != "" {
					writeRuntime(t, dir)
				}
				cmd := exec.Command(goCmd, "run", ".")
				cmd.Dir = dir
				cmd.Env = goEnv()
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("go run: %v", err)
				}
				lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
				if len(lines) != 9 {
					t.Fatalf("%d tables, want 9", len(lines))
				}
				for pi, profile := range []int{1, 2, 3} {
					full := lines[pi*3]
					if full != string(schema.ToolsList(cat, profile)) {
						t.Errorf("p%d all: not the table", profile)
					}
					for si, scope := range []string{"read", "write"} {
						var want []string
						for _, tool := range cat.Tools {
							if scope == "read" && tool.Hints.ReadOnly || scope == "write" && (tool.Hints.ReadOnly || tool.Hints.Additive) {
								want = append(want, string(schema.Tool(tool, profile)))
							}
						}
						cache := ""
						if profile == 3 {
							cache = model.Profile3Cache("private") + ","
						}
						meta := `],` + cache + `"_meta":{` + schema.String(cat.CatalogKey) + `:` + schema.String(cat.Identity(profile)+"/"+scope) + `}}`
						if got, want := lines[pi*3+1+si], `{"tools":[`+strings.Join(want, ",")+meta; got != want {
							t.Errorf("p%d %s:\n got %.300s\nwant %.300s", profile, scope, got, want)
						}
					}
				}
			})
		}
	}
}

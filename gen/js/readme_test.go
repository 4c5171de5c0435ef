package js

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
)

// TestReadmeServer starts README.md's JavaScript server (its ```js block,
// given a `db`) on the module gen-js writes for README's shop.tspec, as a
// reader who pastes both would: it must start, list the spec's tools and
// answer a call of each tool it names.
func TestReadmeServer(t *testing.T) {
	root := needNode(t)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	spec := regexp.MustCompile("(?s)```tspec file=shop.tspec\n(.*?)```").FindSubmatch(readme)
	snippet := regexp.MustCompile("(?s)\n```js\n(.*?)```").FindSubmatch(readme)
	if spec == nil || snippet == nil {
		t.Fatal("README.md has no ```tspec file=shop.tspec block or no ```js block")
	}
	r := compile.Source("shop.tspec", spec[1])
	if r.Catalog == nil {
		t.Fatalf("shop.tspec: %v", r.Diags)
	}
	mjs, dts, err := Generate(r.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), mjs)
	write(t, filepath.Join(dir, "catalog.d.mts"), dts) // as gen-js -o catalog.mjs names it
	// The snippet's one free name: the reader's own store.
	db := "/** @param {string} customer @param {number} limit */\nconst orders = async (customer, limit) => [{ id: \"o_1\", total: 12.5 }];\nconst db = { orders };\n"
	write(t, filepath.Join(dir, "server.mjs"), []byte(db+string(snippet[1])))
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	// Checked as a JavaScript author checks it: TypeScript reads the
	// declarations beside the module (.d.mts pairs with .mjs), so the
	// generated module itself is not checked, and the handlers are typed.
	run(t, dir, "node", filepath.Join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "--allowJs", "--checkJs", "--strict",
		"--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--skipLibCheck", "server.mjs")
	names := regexp.MustCompile(`(?m)^  (\w+): async`).FindAllSubmatch(snippet[1], -1)
	if len(names) == 0 {
		t.Fatal("README.md's server has no handler")
	}
	for _, name := range names {
		tool := string(name[1])
		if r.Catalog.Tool(tool) == nil {
			t.Errorf("README.md's server has a handler for %s, which shop.tspec does not declare", tool)
			continue
		}
		out := run(t, dir, "node", filepath.Join(root, "gen/js/testdata/node/serve.mjs"), filepath.Join(dir, "server.mjs"), "2025-06-18", tool, `{"customer": "c_42"}`)
		var got struct {
			List, Call *struct{ Result json.RawMessage }
			Stderr     string
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if got.List == nil || got.Call == nil {
			t.Fatalf("README.md's server did not answer: %s", out)
		}
		// The snippet narrows a session without the write scope to the
		// read tools (the identity in _meta says so): all of shop's.
		want, list := decode(t, jsonout.Generate(r.Catalog, 2)), decode(t, got.List.Result)
		if diff := cmp.Diff(want.(map[string]any)["tools"], list.(map[string]any)["tools"]); diff != "" {
			t.Errorf("tools/list does not list shop.tspec's tools (-want +got):\n%s", diff)
		}
		if strings.Contains(string(got.Call.Result), `"isError":true`) {
			t.Errorf("%s: %s", tool, got.Call.Result)
		}
	}
}

package dialect

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/jsonout"
)

// needNode returns the repository root when node and the families' npm
// packages are installed; otherwise it skips, or fails when
// TOOLSPEC_REQUIRE_NODE=1.
func needNode(t *testing.T) string {
	t.Helper()
	root, _ := filepath.Abs("../..")
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else {
		for _, pkg := range []string{"ajv", "@google/genai", "@openai/agents-core"} {
			if _, err := os.Stat(filepath.Join(root, "node_modules", pkg, "package.json")); err != nil {
				missing = "node_modules/" + pkg + " is missing"
				break
			}
		}
	}
	if missing != "" {
		if os.Getenv("TOOLSPEC_REQUIRE_NODE") == "1" {
			t.Fatalf("%s: run npm ci", missing)
		}
		t.Skipf("%s: run npm ci to run this test", missing)
	}
	return root
}

// TestFamiliesOwnCode: the reference catalog's tables, default and
// dialect, through what the families ship (testdata/node/families.mjs):
// @google/genai's mcpToTool and its `parameters` request path,
// @openai/agents-core's mcpToFunctionTool(..., true), ajv draft-07 for
// Copilot. Every dialect table is taken whole; what each family's code
// says of the default tables is testdata/families.golden.json (-update).
func TestFamiliesOwnCode(t *testing.T) {
	root := needNode(t)
	r := compile.File("../../specs/t27mcp/tool_schema.tspec")
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	type entry struct {
		Family string          `json:"family"`
		Table  json.RawMessage `json:"table"`
	}
	tables := map[string]entry{}
	for _, fam := range []string{"gemini", "openai_strict", "copilot"} {
		d, err := Generate(r.Catalog, 2, fam)
		if err != nil {
			t.Fatal(err)
		}
		tables["default/"+fam] = entry{fam, jsonout.Generate(r.Catalog, 2)}
		tables["dialect/"+fam] = entry{fam, d}
	}
	in, _ := json.Marshal(map[string]any{"tables": tables})
	cmd := exec.Command("node", "gen/dialect/testdata/node/families.mjs")
	cmd.Dir = root
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got map[string]struct {
		Refused  []string `json:"refused"`
		Weakened []string `json:"weakened"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for label, v := range got {
		if label[:8] == "dialect/" && (len(v.Refused) > 0 || len(v.Weakened) > 0) {
			t.Errorf("%s: refused %q, weakened %q", label, v.Refused, v.Weakened)
		}
	}
	pretty, _ := json.MarshalIndent(got, "", "  ")
	pretty = append(pretty, '\n')
	const golden = "testdata/families.golden.json"
	if *update {
		if err := os.WriteFile(golden, pretty, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(pretty)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", golden, diff)
	}
}

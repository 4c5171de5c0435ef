package js

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/model"
)

// compileSource compiles a spec given as text.
func compileSource(t *testing.T, src string) *model.Catalog {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.tspec")
	write(t, p, []byte(src))
	r := compile.File(p)
	if r.Catalog == nil {
		t.Fatalf("does not compile:\n%v", r.Diags)
	}
	return r.Catalog
}

// nodeWithin runs a node script beside the module mjs and returns its
// output, failing the test when it takes longer than limit.
func nodeWithin(t *testing.T, root string, mjs []byte, script string, limit time.Duration) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "catalog.mjs"), mjs)
	write(t, filepath.Join(dir, "run.mjs"), []byte(script))
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(dir, "run.mjs"))
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(root, "node_modules"))
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("node took more than %v", limit)
	}
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return string(out)
}

// TestPatternAfterLength: a value the length bounds refuse never reaches
// the pattern, so a backtracking pattern cannot stall the validator on it
// (1 000 characters for a 64-character field did not finish in 120 s).
func TestPatternAfterLength(t *testing.T) {
	root := needNode(t)
	c := compileSource(t, `spec s

tool t {
  description "d"
  in {
    s string required 1..64 pattern "^(a|aa)+$"
  }
  result text
}
`)
	mjs, _, err := Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	out := nodeWithin(t, root, mjs, `import { validateInput } from "./catalog.mjs";
const p = validateInput("t", { s: "a".repeat(1000) + "!" });
console.log(p.map((x) => x.keyword).join(","));
`, 20*time.Second)
	if got := strings.TrimSpace(out); got != "maxLength" {
		t.Errorf("problems %q, want maxLength alone", got)
	}
}

package lsp

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestNodeClient builds toolspec and drives `toolspec lsp` with VS Code's
// own client library (testdata/node/session.mjs). It needs node and the npm
// packages (npm ci at the repository root); without them it is skipped, or
// fails when TOOLSPEC_REQUIRE_NODE=1 (make test sets it).
func TestNodeClient(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else {
		for _, pkg := range []string{"vscode-languageserver-protocol", "vscode-jsonrpc"} {
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
	bin := filepath.Join(t.TempDir(), "toolspec")
	build := exec.Command("go", "build", "-o", bin, "./cmd/toolspec")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command("node", filepath.Join("lsp", "testdata", "node", "session.mjs"), bin)
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("node session: %v\n%s", err, out.Bytes())
	}
}

package js

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
)

// TestDeclarationsPerSDK type-checks handlers with tsc --strict --checkJs
// against the declarations of each MCP TypeScript SDK, each in a folder
// where only that SDK's package resolves: SDK 1.x (@modelcontextprotocol/sdk,
// gen-js's default) with testdata/sdk/sdk1.mjs, SDK 2
// (@modelcontextprotocol/server, gen-js --sdk 2) with testdata/sdk/sdk2.mjs;
// both beside the example server's handlers (examples/js-server). The
// handlers use each SDK's context (log, progress, sampling, elicitation,
// input-required results, auth info) without a cast, and @ts-expect-error
// lines hold that the context is not any. A third run, SDK 1.x's
// declarations where only SDK 2 resolves, must fail: the folders do hide
// the other SDK.
//
// The ```js from=FILE blocks of docs/servers.md are excerpts of these
// files: their lines are FILE's, in order.
func TestDeclarationsPerSDK(t *testing.T) {
	root := needNode(t)
	t.Run("docs", func(t *testing.T) {
		doc, err := os.ReadFile(filepath.Join(root, "docs/servers.md"))
		if err != nil {
			t.Fatal(err)
		}
		blocks := regexp.MustCompile("(?s)\n```js from=(\\S+)\n(.*?)\n```\n").FindAllSubmatch(doc, -1)
		if len(blocks) < 2 {
			t.Fatalf("docs/servers.md has %d ```js from=FILE blocks, want the SDK 1.x and SDK 2 handlers", len(blocks))
		}
		for _, b := range blocks {
			file, err := os.ReadFile(filepath.Join(root, string(b[1])))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(file), "\n")
			for _, want := range strings.Split(string(b[2]), "\n") {
				for len(lines) > 0 && lines[0] != want {
					lines = lines[1:]
				}
				if len(lines) == 0 {
					t.Errorf("docs/servers.md, the block from %s: line %q is not in the file (or not in order)", b[1], want)
					break
				}
				lines = lines[1:]
			}
		}
	})
	r := compile.File(filepath.Join(root, "specs/t27mcp/tool_schema.tspec"))
	if r.Catalog == nil {
		t.Fatalf("t27mcp: %v", r.Diags)
	}
	handlers, err := os.ReadFile(filepath.Join(root, "examples/js-server/handlers.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	tsc := filepath.Join(root, "node_modules/typescript/bin/tsc")
	// check writes a project whose node_modules holds only pkg, the
	// declarations for sdk and the given handler files, and returns tsc's
	// output and error.
	check := func(name string, sdk int, pkg string, files ...string) ([]byte, error) {
		_, dts, err := GenerateWith(r.Catalog, Options{SDK: sdk})
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), name)
		if err := os.MkdirAll(filepath.Join(dir, "node_modules", filepath.Dir(pkg)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(root, "node_modules", pkg), filepath.Join(dir, "node_modules", pkg)); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, "package.json"), []byte(`{"type": "module"}`+"\n"))
		// The declarations as a source file (.mts, which "./t27catalog.mjs"
		// resolves to before any .d.mts or .mjs), so that --skipLibCheck
		// skips the SDKs' own declarations (zod's types cost most of a
		// minute) but not ours.
		write(t, filepath.Join(dir, "t27catalog.mts"), dts)
		write(t, filepath.Join(dir, "handlers.mjs"), handlers)
		args := []string{tsc, "--noEmit", "--strict", "--allowJs", "--checkJs", "--module", "nodenext", "--moduleResolution", "nodenext",
			"--target", "es2022", "--lib", "es2022,dom", "--skipLibCheck", "handlers.mjs"}
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join("testdata/sdk", f))
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(dir, f), data)
			args = append(args, f)
		}
		cmd := exec.Command("node", args...)
		cmd.Dir = dir
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err = cmd.Run()
		return out.Bytes(), err
	}
	t.Run("sdk1", func(t *testing.T) {
		t.Parallel()
		if out, err := check("sdk1", 1, "@modelcontextprotocol/sdk", "sdk1.mjs"); err != nil {
			t.Errorf("tsc --strict --checkJs, SDK 1.x only: %v\n%s", err, out)
		}
	})
	t.Run("sdk2", func(t *testing.T) {
		t.Parallel()
		if out, err := check("sdk2", 2, "@modelcontextprotocol/server", "sdk2.mjs"); err != nil {
			t.Errorf("tsc --strict --checkJs, SDK 2 only: %v\n%s", err, out)
		}
	})
	t.Run("sdk1-declarations-without-sdk1", func(t *testing.T) {
		t.Parallel()
		out, err := check("mixed", 1, "@modelcontextprotocol/server")
		if err == nil || !strings.Contains(string(out), "Cannot find module '@modelcontextprotocol/sdk/") {
			t.Errorf("SDK 1.x declarations where only SDK 2 resolves: %v, want error TS2307 naming @modelcontextprotocol/sdk\n%s", err, out)
		}
	})
}

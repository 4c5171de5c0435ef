package docs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/cmd/toolspec/cli"
	"github.com/toolspec/toolspec/compile"
)

// shopSpec is README's first example, the spec the Go and JS snippets
// serve.
func shopSpec(t *testing.T) []byte {
	t.Helper()
	for _, d := range documents(t) {
		for _, b := range d.blocks {
			if b.attrs["file"] == "shop.tspec" && b.lang == "tspec" {
				return []byte(b.text)
			}
		}
	}
	t.Fatal("README.md has no ```tspec file=shop.tspec block")
	return nil
}

// toolspec runs the command in-process and fails the test on a non-zero exit.
func toolspec(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errs bytes.Buffer
	if code := cli.Main(args, strings.NewReader(""), &out, &errs); code != 0 {
		t.Fatalf("toolspec %s: exit %d\n%s", strings.Join(args, " "), code, errs.String())
	}
	return out.Bytes()
}

// TestGoBlocks compiles every ```go block as a package of its own in a
// module that also holds the catalog gen-go writes for README's shop.tspec
// (example.com/srv/internal/mcptools, as the gen-go.md sketch imports it).
// Every module comes from the local cache: the build never downloads.
func TestGoBlocks(t *testing.T) {
	var blocks []*block
	for _, d := range documents(t) {
		for _, b := range d.blocks {
			if b.lang == "go" {
				blocks = append(blocks, b)
			}
		}
	}
	if len(blocks) == 0 {
		t.Skip("no go blocks")
	}
	dir := t.TempDir()
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	gomod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(gomod, []byte("module example.com/srv"))
	gosum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "go.mod"), gomod)
	write(t, filepath.Join(dir, "go.sum"), gosum)
	write(t, filepath.Join(dir, "shop.tspec"), shopSpec(t))
	toolspec(t, "gen-go", filepath.Join(dir, "shop.tspec"), "-o", filepath.Join(dir, "internal/mcptools/catalog.go"), "--package", "mcptools")
	for i, b := range blocks {
		write(t, filepath.Join(dir, fmt.Sprintf("snippet%d", i), "snippet.go"), []byte(b.text))
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		msg := string(out)
		for i, b := range blocks {
			msg = strings.ReplaceAll(msg, fmt.Sprintf("snippet%d/snippet.go", i), b.String()+" (line in block)")
		}
		t.Fatalf("go vet of the go blocks: %v\n%s", err, msg)
	}
}

// TestJSBlocks runs every ```js block as server.mjs beside the ES module
// gen-js writes for README's shop.tspec (catalog.mjs): node starts it, an
// MCP client's initialize, tools/list and tools/call go in on stdin, and
// tools/list must be exactly gen-json's profile 2.
func TestJSBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts node (-short)")
	}
	node, err := exec.LookPath("node")
	root, _ := filepath.Abs("..")
	if _, statErr := os.Stat(filepath.Join(root, "node_modules/@modelcontextprotocol/sdk")); err != nil || statErr != nil {
		if os.Getenv("TOOLSPEC_REQUIRE_NODE") == "1" {
			t.Fatalf("node and npm ci are required (TOOLSPEC_REQUIRE_NODE=1): %v %v", err, statErr)
		}
		t.Skip("needs node and npm ci")
	}
	for _, d := range documents(t) {
		for _, b := range d.blocks {
			if b.lang == "js" {
				t.Run(b.String(), func(t *testing.T) { runJSBlock(t, node, root, b) })
			}
		}
	}
}

func runJSBlock(t *testing.T, node, root string, b *block) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "shop.tspec")
	write(t, spec, shopSpec(t))
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	toolspec(t, "gen-js", spec, "-o", filepath.Join(dir, "catalog.mjs"))
	write(t, filepath.Join(dir, "server.mjs"), []byte(b.text))
	want := toolspec(t, "gen-json", "--profile", "2", spec)

	requests := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"docs","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_orders","arguments":{"customer":"c_42"}}}`,
	}
	cmd := exec.Command(node, "server.mjs")
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()
	replies := map[float64]json.RawMessage{}
	lines := bufio.NewScanner(stdout)
	lines.Buffer(nil, 1<<20)
	for _, req := range requests {
		fmt.Fprintln(stdin, req)
		if !strings.Contains(req, `"id"`) {
			continue
		}
		if !lines.Scan() {
			t.Fatalf("%s: the server stopped before answering %s\n%s", b, req, stderr.String())
		}
		var reply struct {
			ID     float64         `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(lines.Bytes(), &reply); err != nil || reply.Result == nil {
			t.Fatalf("%s: reply %s: %v", b, lines.Text(), err)
		}
		replies[reply.ID] = reply.Result
	}
	stdin.Close()

	var got, wantList any
	json.Unmarshal(replies[2], &got)
	json.Unmarshal(want, &wantList)
	if diff := cmp.Diff(wantList, got); diff != "" {
		t.Errorf("%s: tools/list differs from gen-json --profile 2 (-want +got):\n%s", b, diff)
	}
	var call struct {
		IsError           bool `json:"isError"`
		StructuredContent any  `json:"structuredContent"`
	}
	if err := json.Unmarshal(replies[3], &call); err != nil || call.IsError || call.StructuredContent == nil {
		t.Errorf("%s: tools/call list_orders: %s (%v)", b, replies[3], err)
	}
}

// TestReferenceIdentity: a catalog identity of the reference spec shown in
// the docs ("t27/catalog": "HASH/pN", whole or cut to HASH8…HASH4) is the
// spec's hash today. -update rewrites them.
func TestReferenceIdentity(t *testing.T) {
	r := compile.File("../specs/t27mcp/tool_schema.tspec")
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	hash := r.Catalog.SpecHash
	ident := regexp.MustCompile(`("t27/catalog": ")([0-9a-f]{64}|[0-9a-f]{8}…[0-9a-f]{4})(/p[12]")`)
	for _, d := range documents(t) {
		fixed := ident.ReplaceAllStringFunc(d.src, func(m string) string {
			p := ident.FindStringSubmatch(m)
			h := hash
			if strings.Contains(p[2], "…") {
				h = hash[:8] + "…" + hash[len(hash)-4:]
			}
			return p[1] + h + p[3]
		})
		if fixed == d.src {
			continue
		}
		if *update {
			write(t, d.path, []byte(fixed))
			continue
		}
		t.Errorf("%s: shows a catalog identity of specs/t27mcp other than %s (go test ./docs -update)", d.path, hash)
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

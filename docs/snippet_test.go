package docs

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

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
	if testing.Short() {
		t.Skip("compiles the snippets (-short)")
	}
	var blocks []*block
	for _, d := range documents(t) {
		for _, b := range d.blocks {
			if b.lang == "go" && !b.flags["fragment"] {
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
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	gomod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(gomod, []byte("module example.com/srv"))
	// The snippets may import this repository's packages (serve/gosdk).
	gomod = append(gomod, fmt.Sprintf("\nrequire github.com/toolspec/toolspec v0.0.0\n\nreplace github.com/toolspec/toolspec => %s\n", root)...)
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

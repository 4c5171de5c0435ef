package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec/cmd/toolspec/cli"
)

// pyVenv is the venv `make pydeps` builds from python/requirements.txt:
// TOOLSPEC_PYVENV names it (make test sets it; the Makefile keeps it in
// the user's cache), else .tmp/pyvenv in the clone.
func pyVenv(root string) string {
	if v := os.Getenv("TOOLSPEC_PYVENV"); v != "" {
		return v
	}
	return filepath.Join(root, ".tmp", "pyvenv")
}

// needPython returns the venv's interpreter; it skips the test when
// python3 or the venv is missing, or fails it when TOOLSPEC_REQUIRE_PYTHON=1
// (make test sets it when python3 is on PATH, after make pydeps).
func needPython(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts Python and the example servers (-short)")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH: the Python clients cannot run")
	}
	venv := pyVenv(root)
	py := filepath.Join(venv, "bin", "python")
	if _, err := os.Stat(filepath.Join(venv, ".stamp")); err != nil {
		if os.Getenv("TOOLSPEC_REQUIRE_PYTHON") == "1" {
			t.Fatalf("%s is missing: run make pydeps (make test does)", venv)
		}
		t.Skipf("%s is missing: run make pydeps to run this test", venv)
	}
	return py
}

// pyReport is what examples/e2e/python/clients.py prints.
type pyReport struct {
	Versions map[string]string `json:"versions"`
	Servers  map[string]struct {
		Failed     string            `json:"failed"`
		Protocol   string            `json:"protocol"`
		Identity   map[string]string `json:"identity"`
		Tools      int               `json:"tools"`
		Refused    map[string]string `json:"refused"`
		Calls      int               `json:"calls"`
		CallErrors map[string]string `json:"call_errors"`
	} `json:"servers"`
	Tables map[string]struct {
		Tools   int               `json:"tools"`
		Refused map[string]string `json:"refused"`
	} `json:"tables"`
}

// TestPythonClients: the official MCP Python SDK's client lists the tools
// of the Go and the JavaScript server, each serving every session the
// gemini dialect (TOOLSPEC_EXAMPLE_DIALECT), and google-genai's own MCP
// bridge (mcp_to_gemini_tool) converts every tool without an error; the
// SDK calls each tool with its valid call and takes every result, its own
// validation of structuredContent against the listed (lowered) output
// schema included. The gemini tables of the examples (everything, notes)
// and of gen/dialect's hostile keys convert too. The standard tables'
// conversions are reported, not judged: google-genai crashes on
// additionalProperties:false (docs/clients.md).
func TestPythonClients(t *testing.T) {
	py := needPython(t)
	needNode(t)
	t.Parallel()
	dir := t.TempDir()
	var tables []map[string]string
	for _, s := range []struct{ name, spec string }{
		{"t27mcp", spec},
		{"everything", "examples/everything/everything.tspec"},
		{"notes", "examples/notes/notes.tspec"},
		{"keys", "gen/dialect/testdata/keys/keys.tspec"},
	} {
		for _, d := range []string{"gemini", ""} {
			name := s.name + "/" + d
			args := []string{"gen-json", "--profile", "2", filepath.Join(root, s.spec), "-o", filepath.Join(dir, s.name+"."+d+".json")}
			if d != "" {
				args = append(args, "--dialect", d)
			} else {
				name = s.name + "/standard"
			}
			var stderr bytes.Buffer
			if code := cli.Main(args, nil, &stderr, &stderr); code != 0 {
				t.Fatalf("toolspec %v: exit %d\n%s", args, code, stderr.Bytes())
			}
			tables = append(tables, map[string]string{"name": name, "path": args[5]})
		}
	}
	gemini := map[string]string{"TOOLSPEC_EXAMPLE_DIALECT": "gemini"}
	goBin := goServerBinary(t)
	jsServer := filepath.Join(root, "examples/js-server/server.mjs")
	config := map[string]any{
		"servers": []map[string]any{
			{"name": "go/gemini", "command": goBin, "args": []string{}, "env": gemini},
			{"name": "js/gemini", "command": "node", "args": []string{jsServer}, "env": gemini},
			{"name": "go/standard", "command": goBin, "args": []string{}},
			{"name": "js/standard", "command": "node", "args": []string{jsServer}},
		},
		"tables": tables,
		"calls":  filepath.Join(root, "examples/e2e/testdata/calls.json"),
	}
	cfg, _ := json.Marshal(config)
	cfgPath := filepath.Join(dir, "config.json")
	if err := os.WriteFile(cfgPath, cfg, 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, filepath.Join(root, "examples/e2e/python/clients.py"), cfgPath)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("clients.py: %v\n%s", err, stderr.Bytes())
	}
	var r pyReport
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("clients.py printed no report: %v\n%s\n%s", err, out, stderr.Bytes())
	}
	t.Logf("mcp %s, google-genai %s", r.Versions["mcp"], r.Versions["google-genai"])
	catalog := loadT27(t)
	for _, name := range []string{"go/gemini", "js/gemini", "go/standard", "js/standard"} {
		s, ok := r.Servers[name]
		switch {
		case !ok:
			t.Errorf("%s: not in the report", name)
			continue
		case s.Failed != "":
			t.Errorf("%s: %s", name, s.Failed)
			continue
		}
		id := s.Identity[catalog.key]
		want := strings.HasSuffix(name, "/gemini")
		if strings.HasSuffix(id, "/gemini") != want || s.Tools != len(catalog.tools) {
			t.Errorf("%s: %d tools, identity %q: want %d tools of the %s table", name, s.Tools, id, len(catalog.tools), strings.TrimPrefix(name[2:], "/"))
		}
		if s.Calls != len(catalog.tools) {
			t.Errorf("%s: %d tools called, want %d", name, s.Calls, len(catalog.tools))
		}
		for tool, why := range s.CallErrors {
			t.Errorf("%s: calling %s: %s", name, tool, why)
		}
		if want {
			for tool, why := range s.Refused {
				t.Errorf("%s: google-genai cannot convert %s: %s", name, tool, why)
			}
		}
		t.Logf("%s (%s): %d tools, %d refused by google-genai's conversion, %d calls taken", name, s.Protocol, s.Tools, len(s.Refused), s.Calls-len(s.CallErrors))
	}
	for _, tb := range tables {
		name := tb["name"]
		got, ok := r.Tables[name]
		if !ok || got.Tools == 0 {
			t.Errorf("%s: no tools converted", name)
			continue
		}
		if strings.HasSuffix(name, "/gemini") {
			for tool, why := range got.Refused {
				t.Errorf("%s: google-genai cannot convert %s: %s", name, tool, why)
			}
		}
		t.Logf("table %s: %d tools, %d refused by google-genai's conversion%s", name, got.Tools, len(got.Refused), firstWhy(got.Refused))
	}
}

// t27 is what the test needs of the reference catalog's standard table.
type t27 struct {
	key   string
	tools []string
}

func loadT27(t *testing.T) t27 {
	t.Helper()
	var tb table
	readJSON(t, filepath.Join(root, "examples/e2e/testdata/t27mcp.p2.json"), &tb)
	var c t27
	for k := range tb.Meta {
		c.key = k
	}
	for _, x := range tb.Tools {
		c.tools = append(c.tools, x.Name)
	}
	return c
}

// firstWhy names one refusal, for the log.
func firstWhy(refused map[string]string) string {
	for tool, why := range refused {
		return fmt.Sprintf(" (%s: %s)", tool, why)
	}
	return ""
}

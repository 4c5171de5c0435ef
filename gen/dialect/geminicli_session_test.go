package dialect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/cases"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// needGeminiCLI skips t unless make gemini-cli-check runs it
// (TOOLSPEC_REQUIRE_GEMINI_CLI=1), even where gemini-cli's package is
// installed: its tests take minutes, too many for make test's time limit
// on a loaded machine. It fails t when the package is not installed.
func needGeminiCLI(t *testing.T) {
	t.Helper()
	if os.Getenv("TOOLSPEC_REQUIRE_GEMINI_CLI") != "1" {
		t.Skip("make gemini-cli-check runs it (TOOLSPEC_REQUIRE_GEMINI_CLI=1)")
	}
	if _, err := os.Stat(filepath.Join(geminiCLIDir, "node_modules", "@google", "gemini-cli-core", "package.json")); err != nil {
		t.Fatalf("%s/node_modules is missing: run make gemini-cli-check", geminiCLIDir)
	}
}

// sharedConformance is the folder of the shared conformance cases
// (../shared from the repository root).
const sharedConformance = "../../../shared/conformance"

// sessionServer is one MCP server on stdio, as gemini-cli's settings.json
// names one (command, args, cwd).
type sessionServer struct {
	Name    string   `json:"name"`
	Command string   `json:"command,omitempty"`
	Args    []string `json:"args,omitempty"`
	Cwd     string   `json:"cwd,omitempty"`
	HTTPURL string   `json:"httpUrl,omitempty"` // Streamable HTTP instead
}

type sessionCall struct {
	Server string          `json:"server"`
	Tool   string          `json:"tool"`
	Args   json.RawMessage `json:"args"`
}

type sessionReport struct {
	Tools, Injected, Forwarded, Passed int
	RefusedByClient, Failed            []struct {
		Tool, Why string
		Args      json.RawMessage
	}
	Diagnostics []string
}

// TestGeminiCLISession: a gemini-cli session, with gemini-cli's own MCP
// client code (testdata/geminicli/session.mjs: connectToMcpServer with its
// clientInfo, discoverTools, DiscoveredMCPTool.build for its argument
// validation, the invocation's execute to forward the call), against the Go
// server (examples/go-server, serve/gosdk) and the JS server
// (examples/js-server) of the reference catalog, and against a Go and a JS
// server generated for each shared conformance spec (gen-go and gen-js,
// served by serve/gosdk and register with stub handlers that answer a
// canned valid result). Every accept fixture of the reference catalog and
// every spec-valid case of the shared specs is built and forwarded three
// times (as the model set it, with wait_for_previous true and false); each
// must pass gemini-cli's validation and get a result that is not an error,
// so the servers drop wait_for_previous in gemini-cli's sessions. The
// counts are docs/clients.md's.
func TestGeminiCLISession(t *testing.T) {
	needGeminiCLI(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		t.Fatalf("the JS server needs the repository's node packages: make nodedeps")
	}
	tmp := t.TempDir()
	toolspec := filepath.Join(tmp, "toolspec")
	goBuild(t, false, root, toolspec, "./cmd/toolspec")
	goBuild(t, false, root, filepath.Join(tmp, "go-server"), "./examples/go-server")

	servers := []sessionServer{
		{Name: "go t27mcp", Command: filepath.Join(tmp, "go-server"), Cwd: root},
		{Name: "js t27mcp", Command: "node", Args: []string{"examples/js-server/server.mjs"}, Cwd: root},
	}
	// The same two over Streamable HTTP (gemini-cli's httpUrl).
	goURL := serveHTTP(t, root, filepath.Join(tmp, "go-server"), "-http")
	jsURL := serveHTTP(t, root, "node", "examples/js-server/server.mjs", "--http")
	servers = append(servers, sessionServer{Name: "go t27mcp http", HTTPURL: goURL}, sessionServer{Name: "js t27mcp http", HTTPURL: jsURL})
	var calls []sessionCall
	t27 := compile.File(filepath.Join(root, "specs/t27mcp/tool_schema.tspec"))
	if t27.Catalog == nil {
		t.Fatal(t27.Diags)
	}
	fixtures := 0
	for _, test := range t27.Catalog.Tests {
		for _, f := range test.Fixtures {
			if f.Accept && !f.Output {
				fixtures++
				for _, s := range servers {
					calls = append(calls, sessionCall{s.Name, f.Tool, f.Value})
				}
			}
		}
	}

	specs, _ := filepath.Glob(filepath.Join(mustAbs(t, sharedConformance), "*", "*", "spec.tspec"))
	if len(specs) < 6 {
		t.Fatalf("%d shared conformance specs under %s (../shared from the repository)", len(specs), sharedConformance)
	}
	sharedValid := 0
	for _, spec := range specs {
		r := compile.File(spec)
		if r.Catalog == nil {
			t.Fatalf("%s: %v", spec, r.Diags)
		}
		name := filepath.Base(filepath.Dir(spec))
		dir := filepath.Join(tmp, name)
		canned := cannedResults(t, r.Catalog)
		cannedFile := filepath.Join(dir, "canned.json")
		writeFile(t, cannedFile, canned)
		run(t, root, toolspec, "gen-js", spec, "-o", filepath.Join(dir, "js", "catalog.mjs"))
		run(t, root, toolspec, "gen-go", spec, "-o", filepath.Join(dir, "go", "catalog.go"), "--package", "main")
		writeStubMain(t, filepath.Join(dir, "go"), canned)
		writeStubModule(t, root, filepath.Join(dir, "go"))
		goBuild(t, true, filepath.Join(dir, "go"), filepath.Join(dir, "server"), ".")
		gs, js := "go "+name, "js "+name
		servers = append(servers,
			sessionServer{Name: gs, Command: filepath.Join(dir, "server"), Cwd: dir},
			sessionServer{Name: js, Command: "node", Args: []string{"stubserver.mjs", filepath.Join(dir, "js", "catalog.mjs"), cannedFile}, Cwd: mustAbs(t, geminiCLIDir)})
		for _, tool := range r.Catalog.Tools {
			for _, v := range validArgs(t, r.Catalog, tool) {
				sharedValid++
				calls = append(calls, sessionCall{gs, tool.Name, v}, sessionCall{js, tool.Name, v})
			}
		}
	}

	in, _ := json.Marshal(map[string]any{"servers": servers, "calls": calls})
	file := filepath.Join(tmp, "session.json")
	writeFile(t, file, in)
	cmd := exec.Command("node", "session.mjs", file)
	cmd.Dir = geminiCLIDir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node session.mjs: %v\n%s", err, stderr.String())
	}
	var got struct{ Servers map[string]sessionReport }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	perServer := map[string]int{}
	for _, c := range calls {
		perServer[c.Server]++
	}
	totals := map[string][2]int{} // go, js: forwarded, passed
	for _, s := range servers {
		r, ok := got.Servers[s.Name]
		if !ok {
			t.Errorf("%s: no session", s.Name)
			continue
		}
		if r.Tools == 0 || r.Injected != r.Tools {
			t.Errorf("%s: gemini-cli added wait_for_previous to %d of %d tools: gemini-cli changed", s.Name, r.Injected, r.Tools)
		}
		for _, d := range r.Diagnostics {
			t.Errorf("%s: gemini-cli reported %s", s.Name, d)
		}
		for i, f := range r.RefusedByClient {
			if i == 5 {
				t.Errorf("%s: and %d more refused by gemini-cli", s.Name, len(r.RefusedByClient)-i)
				break
			}
			t.Errorf("%s: gemini-cli's own validation refuses a valid call of %s %s: %s", s.Name, f.Tool, f.Args, f.Why)
		}
		for i, f := range r.Failed {
			if i == 5 {
				t.Errorf("%s: and %d more", s.Name, len(r.Failed)-i)
				break
			}
			what := "the handler or its result fails"
			switch {
			case strings.Contains(f.Why, f.Tool+": invalid arguments"):
				what = "the server's validation refuses the arguments"
			case strings.Contains(f.Why, f.Tool+": stub: "):
				what = "the server took the arguments, but the test's stub handler has no result of the tool's output type"
			}
			t.Errorf("%s: %s %s: %s: %s", s.Name, f.Tool, f.Args, what, f.Why)
		}
		if want := 3 * perServer[s.Name]; r.Forwarded != want || r.Passed != want {
			t.Errorf("%s: %d calls forwarded, %d passed, want %d", s.Name, r.Forwarded, r.Passed, want)
		}
		k := s.Name[:2]
		tt := totals[k]
		tt[0] += r.Forwarded
		tt[1] += r.Passed
		totals[k] = tt
	}
	summary := fmt.Sprintf("%d accept fixtures of the reference catalog (over stdio and over Streamable HTTP) and %d spec-valid cases of %d shared conformance specs, each sent as the model set it and with wait_for_previous true and false: the Go servers %d calls forwarded, %d results that are not errors; the JS servers %d calls forwarded, %d results that are not errors",
		fixtures, sharedValid, len(specs), totals["go"][0], totals["go"][1], totals["js"][0], totals["js"][1])
	t.Log(summary)
	if t.Failed() {
		return
	}
	doc, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), summary) {
		t.Errorf("docs/clients.md (testdata/clients.head.md) does not give this run's counts; put in:\n%s", summary)
	}
}

// cannedResults gives each tool of cat the results its server may send:
// the JS server sends the first, the Go server the first that its output
// type reads (a union's struct reads only some of its forms). Spec-valid
// outputs for `out`; a string for `result text`; an object for `result
// any`, which the Go adapter sends as JSON text: gemini-cli's
// McpComplianceTransport parses a result's first text block as JSON into
// structuredContent, and its SDK client then refuses anything but an
// object there (a Go handler's "ok" comes back as an error).
func cannedResults(t *testing.T, cat *model.Catalog) []byte {
	m := map[string][]json.RawMessage{}
	for _, tool := range cat.Tools {
		switch tool.Result {
		case model.ResultText:
			m[tool.Name] = []json.RawMessage{json.RawMessage(`"ok"`)}
			continue
		case model.ResultAny:
			m[tool.Name] = []json.RawMessage{json.RawMessage(`{"ok":true}`)}
			continue
		}
		v, err := validate.Compile(schema.Output(tool), validate.Draft2020)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range cases.Values(tool.Output, cases.Options{}) {
			if f, err := v.Validate([]byte(x)); err == nil && f == nil {
				m[tool.Name] = append(m[tool.Name], json.RawMessage(x))
			}
		}
		if m[tool.Name] == nil {
			t.Fatalf("no valid output for %s", tool.Name)
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// serves matches a generated Handlers method's doc: `X serves tool "name".`
var serves = regexp.MustCompile(`serves tool "((?:[^"\\]|\\.)*)"`)

// writeStubMain writes main.go beside the generated catalog.go (package
// main): a Handlers whose every method answers its tool's canned result,
// served on stdio by serve/gosdk.
func writeStubMain(t *testing.T, dir string, canned []byte) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(dir, "catalog.go"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var methods []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Handlers" {
			return true
		}
		for _, m := range ts.Type.(*ast.InterfaceType).Methods.List {
			match := serves.FindStringSubmatch(m.Doc.Text())
			if match == nil {
				t.Fatalf("Handlers.%s: no tool in its doc %q", m.Names[0].Name, m.Doc.Text())
			}
			fn := m.Type.(*ast.FuncType)
			out := exprString(t, fset, fn.Results.List[0].Type)
			methods = append(methods, fmt.Sprintf("func (stub) %s(_ context.Context, in %s) (out %s, err error) {\n\treturn first[%s](%q)\n}\n",
				m.Names[0].Name, exprString(t, fset, fn.Params.List[1].Type), out, out, match[1]))
		}
		return false
	})
	if len(methods) == 0 {
		t.Fatal("no Handlers interface in the generated catalog")
	}
	sort.Strings(methods)
	src := fmt.Sprintf(`package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"

	"github.com/toolspec/toolspec/serve/gosdk"
)

var canned map[string][]json.RawMessage

// first is the first canned result of tool that Out reads (fill) and
// writes back.
func first[Out any](tool string) (out Out, err error) {
	for _, c := range canned[tool] {
		var o Out
		if err = fill(reflect.ValueOf(&o).Elem(), c); err == nil {
			if _, err = json.Marshal(o); err == nil {
				return o, nil
			}
		}
	}
	return out, fmt.Errorf("stub: no canned result that %%T reads and writes: %%v", out, err)
}

// variants is a generated union: a struct whose Value holds one of them.
type variants interface{ tsVariants() []any }

// fill reads data into v as encoding/json does, and a union (which
// encoding/json cannot read) as the first of its variants that takes it.
func fill(v reflect.Value, data json.RawMessage) error {
	if u, ok := v.Interface().(variants); ok {
		for _, w := range u.tsVariants() {
			x := reflect.New(reflect.TypeOf(w)).Elem()
			if fill(x.Field(0), data) == nil {
				v.Field(0).Set(x)
				return nil
			}
		}
		return fmt.Errorf("no variant of %%s takes %%s", v.Type(), data)
	}
	switch v.Kind() {
	case reflect.Pointer:
		if string(data) == "null" {
			return nil
		}
		v.Set(reflect.New(v.Type().Elem()))
		return fill(v.Elem(), data)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			break
		}
		var items []json.RawMessage
		if err := json.Unmarshal(data, &items); err != nil || items == nil {
			break
		}
		v.Set(reflect.MakeSlice(v.Type(), len(items), len(items)))
		for i, x := range items {
			if err := fill(v.Index(i), x); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		var m map[string]json.RawMessage
		if err := json.Unmarshal(data, &m); err != nil || m == nil || v.Type().Key().Kind() != reflect.String {
			break
		}
		v.Set(reflect.MakeMap(v.Type()))
		for k, x := range m {
			e := reflect.New(v.Type().Elem()).Elem()
			if err := fill(e, x); err != nil {
				return err
			}
			v.SetMapIndex(reflect.ValueOf(k).Convert(v.Type().Key()), e)
		}
		return nil
	case reflect.Struct:
		if _, ok := v.Addr().Interface().(json.Unmarshaler); ok {
			break
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return err
		}
		for i := 0; i < v.NumField(); i++ {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			if x, ok := m[name]; ok && name != "" && name != "-" {
				if err := fill(v.Field(i), x); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return json.Unmarshal(data, v.Addr().Interface())
}

type stub struct{}

%s
func main() {
	if err := json.Unmarshal([]byte(%q), &canned); err != nil {
		panic(err)
	}
	server, err := gosdk.NewServer(Bind(stub{}), nil)
	if err == nil {
		err = gosdk.Run(context.Background(), server)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`, strings.Join(methods, "\n"), canned)
	writeFile(t, filepath.Join(dir, "main.go"), []byte(src))
}

func exprString(t *testing.T, fset *token.FileSet, e ast.Expr) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, e); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// writeStubModule makes dir a module that uses this repository (replace)
// with its go.sum, so that it builds offline from the module cache.
func writeStubModule(t *testing.T, root, dir string) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(mod), "\n", 2)
	text := "module stubserver\n" + lines[1] + "\nrequire github.com/toolspec/toolspec v0.0.0\n\nreplace github.com/toolspec/toolspec => " + root + "\n"
	writeFile(t, filepath.Join(dir, "go.mod"), []byte(text))
	writeFile(t, filepath.Join(dir, "go.sum"), sum)
}

// serveHTTP starts argv with flag HOST:PORT (a free port) in dir and
// returns the URL of its Streamable HTTP endpoint once it answers there;
// the server is stopped when t ends.
func serveHTTP(t *testing.T, dir string, argv ...string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(argv[0], append(argv[1:], addr)...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return "http://" + addr + "/mcp"
		}
		if i == 300 {
			t.Fatalf("%v: nothing listens on %s", argv, addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// goBuild builds pkg in dir; a stub module (writeStubModule) offline, its
// go.mod completed from the module cache.
func goBuild(t *testing.T, stub bool, dir, out, pkg string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	if stub {
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s in %s: %v\n%s", pkg, dir, err, b)
	}
}

func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, b)
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustAbs(t *testing.T, p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

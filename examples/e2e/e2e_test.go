// Package e2e runs the end-to-end tests of the example servers: the node
// suite (the TypeScript SDK Client against both servers) and the Go SDK
// client against both servers, so that each SDK meets the other's server.
//
// The node-backed tests skip when node or node_modules is missing, and fail
// instead when TOOLSPEC_REQUIRE_NODE=1 (make test runs npm ci and sets it).
package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolspec/toolspec/cmd/toolspec/cli"
	"github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

const spec = "specs/t27mcp/tool_schema.tspec"

// root is the repository root (tests run in examples/e2e).
var root = func() string {
	dir, err := filepath.Abs("../..")
	if err != nil {
		panic(err)
	}
	return dir
}()

var scratch string // removed by TestMain

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "toolspec-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	scratch = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// needNode skips the test when node or the npm packages are missing, or
// fails it when TOOLSPEC_REQUIRE_NODE=1.
func needNode(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts node (-short)")
	}
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else {
		for _, pkg := range []string{"ajv", "@modelcontextprotocol/sdk", "@modelcontextprotocol/server", "@modelcontextprotocol/client"} {
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
}

var (
	buildOnce sync.Once
	goServer  string
	buildOut  []byte
	buildErr  error
)

// goServerBinary builds examples/go-server once per test run.
func goServerBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and drives the example servers (-short)")
	}
	buildOnce.Do(func() {
		goServer = filepath.Join(scratch, "go-server")
		cmd := exec.Command("go", "build", "-o", goServer, "./examples/go-server")
		cmd.Dir = root
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("go build ./examples/go-server: %v\n%s", buildErr, buildOut)
	}
	return goServer
}

var (
	genOnce sync.Once
	genErr  error
)

// genJSON writes `toolspec gen-json --profile N [--dialect D]` of the
// reference spec to scratch/p1.json, p2.json, p1.D.json and p2.D.json for
// the dialects gemini and cursor (the command run in-process) and returns
// the folder.
func genJSON(t *testing.T) string {
	t.Helper()
	genOnce.Do(func() {
		for _, p := range []string{"1", "2"} {
			for _, d := range []string{"", "gemini", "cursor"} {
				var stderr bytes.Buffer
				args := []string{"gen-json", "--profile", p, filepath.Join(root, spec), "-o", filepath.Join(scratch, "p"+p+".json")}
				if d != "" {
					args = append(args, "--dialect", d)
					args[len(args)-3] = filepath.Join(scratch, "p"+p+"."+d+".json")
				}
				if code := cli.Main(args, nil, &stderr, &stderr); code != 0 {
					genErr = fmt.Errorf("toolspec %v: exit %d\n%s", args, code, stderr.Bytes())
					return
				}
			}
		}
	})
	if genErr != nil {
		t.Fatal(genErr)
	}
	return scratch
}

// TestNodeSuite runs examples/e2e/*.test.mjs: the TypeScript SDK Client
// drives both servers at 2024-11-05 and 2025-06-18, on SDK 1.x
// (servers.test.mjs) and on SDK 2, whose client drives the servers and
// whose McpServer the JavaScript server serves on (servers.sdk2.test.mjs).
//
// It runs beside TestGoSDKClient: both mostly wait on server processes.
func TestNodeSuite(t *testing.T) {
	needNode(t)
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(root, "examples/e2e/*.test.mjs"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no node tests in examples/e2e (%v)", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 480*time.Second) // the suite spawns ~30 servers over stdio and HTTP; shared machines are slow
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{"--test", "--test-reporter=spec"}, files...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(),
		"TOOLSPEC_E2E_GENJSON_DIR="+genJSON(t),
		"TOOLSPEC_E2E_GO_SERVER="+goServerBinary(t),
	)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test examples/e2e: %v\n%s", err, out)
	}
	t.Logf("node --test examples/e2e:\n%s", out)
}

// call is one entry of testdata/calls.json.
type call struct {
	Valid   json.RawMessage `json:"valid"`
	Invalid []struct {
		Args    json.RawMessage `json:"args"`
		Field   string          `json:"field"`
		Keyword string          `json:"keyword"`
	} `json:"invalid"`
}

// table is a tools/list result as gen-json writes it.
type table struct {
	Tools []struct {
		Name         string          `json:"name"`
		Title        string          `json:"title"`
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
		Annotations  json.RawMessage `json:"annotations"`
	} `json:"tools"`
	Meta map[string]string `json:"_meta"`
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// jsonEqual reports whether a marshals to the same JSON value as b.
func jsonEqual(t *testing.T, a any, b json.RawMessage) bool {
	t.Helper()
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var x, y any
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}

// compileOutputs compiles every profile-2 outputSchema with
// santhosh-tekuri/jsonschema (JSON Schema 2020-12).
func compileOutputs(t *testing.T, p2 table) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	schemas := map[string]*jsonschema.Schema{}
	for _, tool := range p2.Tools {
		if tool.OutputSchema == nil {
			continue
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tool.OutputSchema))
		if err != nil {
			t.Fatal(err)
		}
		url := "mem:///" + tool.Name + ".json"
		if err := c.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		if schemas[tool.Name], err = c.Compile(url); err != nil {
			t.Fatalf("%s outputSchema: %v", tool.Name, err)
		}
	}
	return schemas
}

// TestGoSDKClient drives both servers (the JavaScript one on the TypeScript
// SDK 1.x and on SDK 2) with the Go SDK client, at 2024-11-05, 2025-06-18
// and the SDK's own default (it proposes 2026-07-28, which no server speaks
// over stdio; all settle on 2025-11-25, profile 2).
func TestGoSDKClient(t *testing.T) {
	t.Parallel()
	dir := genJSON(t)
	var tables [3]table
	readJSON(t, filepath.Join(dir, "p1.json"), &tables[1])
	readJSON(t, filepath.Join(dir, "p2.json"), &tables[2])
	var calls map[string]call
	readJSON(t, filepath.Join(root, "examples/e2e/testdata/calls.json"), &calls)
	outputs := compileOutputs(t, tables[2])

	servers := []struct {
		name    string
		command func(t *testing.T) *exec.Cmd
	}{
		{"go", func(t *testing.T) *exec.Cmd { return exec.Command(goServerBinary(t)) }},
		{"js", func(t *testing.T) *exec.Cmd {
			needNode(t)
			return exec.Command("node", filepath.Join(root, "examples/js-server/server.mjs"))
		}},
		{"js-sdk2", func(t *testing.T) *exec.Cmd {
			needNode(t)
			return exec.Command("node", filepath.Join(root, "examples/js-server/server.mjs"), "--sdk", "2")
		}},
	}
	versions := []struct {
		propose, negotiated string
		profile             int
	}{
		{"2024-11-05", "2024-11-05", 1},
		{"2025-06-18", "2025-06-18", 2},
		{"", "2025-11-25", 2},
	}
	for _, srv := range servers {
		for _, v := range versions {
			name := srv.name + "/" + v.propose
			if v.propose == "" {
				name = srv.name + "/sdk-default"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel() // one server process and client each
				cmd := srv.command(t)
				cmd.Dir = root
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				client := mcp.NewClient(&mcp.Implementation{Name: "toolspec-e2e-go", Version: "0"}, nil)
				cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: v.propose})
				if err != nil {
					t.Fatalf("connect: %v", err)
				}
				defer cs.Close()
				if got := cs.InitializeResult().ProtocolVersion; got != v.negotiated {
					t.Fatalf("negotiated %q, want %q", got, v.negotiated)
				}
				checkList(t, ctx, cs, tables[v.profile], v.profile)
				checkCalls(t, ctx, cs, calls, outputs, v.profile)
				checkOddCalls(t, ctx, cs)
			})
		}
	}
}

// checkList compares tools/list, as the Go SDK decodes it, with the table.
func checkList(t *testing.T, ctx context.Context, cs *mcp.ClientSession, want table, profile int) {
	t.Helper()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	for k, v := range want.Meta {
		if res.Meta[k] != v {
			t.Errorf("_meta[%q] = %v, want %q", k, res.Meta[k], v)
		}
	}
	if len(res.Meta) != len(want.Meta) {
		t.Errorf("_meta = %v, want %v", res.Meta, want.Meta)
	}
	if len(res.Tools) != len(want.Tools) {
		t.Fatalf("%d tools, want %d", len(res.Tools), len(want.Tools))
	}
	for i, got := range res.Tools {
		w := want.Tools[i]
		if got.Name != w.Name || got.Title != w.Title || got.Description != w.Description {
			t.Errorf("tool %d: name/title/description %q/%q/%q, want %q/%q/%q", i, got.Name, got.Title, got.Description, w.Name, w.Title, w.Description)
		}
		if !jsonEqual(t, got.InputSchema, w.InputSchema) {
			t.Errorf("%s: inputSchema differs from gen-json", w.Name)
		}
		if (got.OutputSchema == nil) != (w.OutputSchema == nil) || (w.OutputSchema != nil && !jsonEqual(t, got.OutputSchema, w.OutputSchema)) {
			t.Errorf("%s: outputSchema differs from gen-json", w.Name)
		}
		if (got.Annotations == nil) != (w.Annotations == nil) {
			t.Errorf("%s: annotations %v, want %s", w.Name, got.Annotations, w.Annotations)
		}
		if profile == 1 && (got.Title != "" || got.OutputSchema != nil || got.Annotations != nil) {
			t.Errorf("%s: profile 1 shows title, outputSchema or annotations", w.Name)
		}
	}
}

// checkCalls calls every tool with valid and invalid arguments.
func checkCalls(t *testing.T, ctx context.Context, cs *mcp.ClientSession, calls map[string]call, outputs map[string]*jsonschema.Schema, profile int) {
	t.Helper()
	for name, c := range calls {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: c.Valid})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text := resultText(res)
		if res.IsError {
			t.Errorf("%s %s: isError: %s", name, c.Valid, text)
			continue
		}
		schema := outputs[name]
		if schema == nil {
			if res.StructuredContent != nil {
				t.Errorf("%s has no out, but returned structuredContent", name)
			}
			continue
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
		if err != nil {
			t.Errorf("%s: text is not JSON: %v", name, err)
			continue
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s: text does not fit the outputSchema: %v", name, err)
		}
		switch {
		case profile == 1 && res.StructuredContent != nil:
			t.Errorf("%s: structuredContent on profile 1", name)
		case profile == 2 && res.StructuredContent == nil:
			t.Errorf("%s: no structuredContent on profile 2", name)
		case profile == 2 && !jsonEqual(t, res.StructuredContent, json.RawMessage(text)):
			t.Errorf("%s: structuredContent is not the text's JSON", name)
		}
		for _, bad := range c.Invalid {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: bad.Args})
			if err != nil {
				t.Fatalf("%s %s: a protocol error, want a tool error: %v", name, bad.Args, err)
			}
			text := resultText(res)
			if !res.IsError || res.StructuredContent != nil {
				t.Errorf("%s %s: isError %v, structuredContent %v; want an error without structuredContent", name, bad.Args, res.IsError, res.StructuredContent)
			}
			if !strings.Contains(text, bad.Field) || !strings.Contains(text, bad.Keyword) {
				t.Errorf("%s %s: %q does not name %s and %s", name, bad.Args, text, bad.Field, bad.Keyword)
			}
		}
	}
}

// checkOddCalls sends arguments that are not an object and an unknown
// tool: [1] is a tool error naming the type rule, null is no arguments
// ({}), and an unknown tool is JSON-RPC error -32602 (invalid params), as
// the MCP specification prescribes.
func checkOddCalls(t *testing.T, ctx context.Context, cs *mcp.ClientSession) {
	t.Helper()
	for _, name := range []string{"t27_status", "tg_send"} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(`[1]`)})
		if err != nil {
			t.Fatalf("%s [1]: a protocol error, want a tool error: %v", name, err)
		}
		if text := resultText(res); !res.IsError || res.StructuredContent != nil || !strings.HasPrefix(text, name+": invalid arguments: (root): type: ") {
			t.Errorf("%s [1]: isError %v, structuredContent %v, text %q; want an error naming (root) and type", name, res.IsError, res.StructuredContent, text)
		}
	}
	empty, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "t27_status", Arguments: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	null, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "t27_status", Arguments: json.RawMessage(`null`)})
	if err != nil {
		t.Fatalf("t27_status null: %v", err)
	}
	if null.IsError || resultText(null) != resultText(empty) {
		t.Errorf("t27_status null: isError %v, %q; want the result of {}: %q", null.IsError, resultText(null), resultText(empty))
	}
	send, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "tg_send", Arguments: json.RawMessage(`null`)})
	if err != nil {
		t.Fatalf("tg_send null: %v", err)
	}
	if text := resultText(send); !send.IsError || !strings.Contains(text, "chat") || !strings.Contains(text, "required") {
		t.Errorf("tg_send null: isError %v, %q; want an error naming chat and required", send.IsError, text)
	}

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "t27_nope", Arguments: json.RawMessage(`{}`)})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpc.Message, `unknown tool "t27_nope"`) {
		t.Errorf("unknown tool: got %+v, %v; want JSON-RPC error %d naming the tool", res, err, jsonrpc.CodeInvalidParams)
	}
}

func resultText(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// goSession starts the Go server with extra environment and connects the
// Go SDK client at 2025-06-18.
func goSession(t *testing.T, ctx context.Context, env ...string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(goServerBinary(t))
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	client := mcp.NewClient(&mcp.Implementation{Name: "toolspec-e2e-go", Version: "0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-06-18"})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// A handler that panics is an isError result, and the server goes on.
// (TOOLSPEC_EXAMPLE_THROW: the JavaScript server's handlers throw.)
func TestGoServerPanic(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cs := goSession(t, ctx, "TOOLSPEC_EXAMPLE_THROW=t27_status")
	for range 2 {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "t27_status", Arguments: json.RawMessage(`{}`)})
		if err != nil {
			t.Fatalf("t27_status: %v", err)
		}
		if text := resultText(res); !res.IsError || res.StructuredContent != nil || !strings.Contains(text, "t27_status: internal error: handler panicked: t27_status failed on purpose") {
			t.Errorf("t27_status: isError %v, %q; want an isError result saying the handler panicked", res.IsError, text)
		}
	}
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Errorf("tools/list after the panics: %v", err)
	}
}

// A call with two problems names both.
func TestGoServerEveryProblem(t *testing.T) {
	args := `{"text":"hi","nope":1}` // chat missing, nope unknown
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cs := goSession(t, ctx)
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "tg_send", Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatal(err)
	}
	if text := resultText(res); !res.IsError || !strings.Contains(text, "chat") || !strings.Contains(text, "required") || !strings.Contains(text, "nope") || !strings.Contains(text, "additionalProperties") {
		t.Errorf("tg_send %s: isError %v, %q; want both problems named", args, res.IsError, text)
	}
	_, err = t27catalog.DecodeTgSendInput([]byte(args))
	var ve *t27catalog.ValidationError
	want := `(root): required: missing property "chat"; (root): additionalProperties: property "nope" is not allowed`
	if !errors.As(err, &ve) || len(ve.Problems) != 2 || err.Error() != want {
		t.Errorf("DecodeTgSendInput(%s) = %v, want %s", args, err, want)
	}
}

// A read-scoped session lists only the read_only tools, under a scoped
// identity, and cannot call the others.
func TestGoServerReadScope(t *testing.T) {
	var p2 table
	readJSON(t, filepath.Join(genJSON(t), "p2.json"), &p2)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cs := goSession(t, ctx, "TOOLSPEC_EXAMPLE_SCOPE=read")
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, tool := range p2.Tools {
		var hints struct{ ReadOnlyHint bool }
		json.Unmarshal(tool.Annotations, &hints)
		if hints.ReadOnlyHint {
			want = append(want, tool.Name)
		}
	}
	var got []string
	for _, tool := range res.Tools {
		got = append(got, tool.Name)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") || len(want) == 0 || len(want) == len(p2.Tools) {
		t.Errorf("read scope lists %v; want the read_only tools %v", got, want)
	}
	for k, v := range p2.Meta {
		if res.Meta[k] != v+"/read" {
			t.Errorf("_meta[%q] = %v, want %q", k, res.Meta[k], v+"/read")
		}
	}
	for _, name := range []string{"t27_build", "t27_set_config", "tg_send"} { // destructive, destructive, neither
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(`{}`)})
		var rpc *jsonrpc.Error
		if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpc.Message, fmt.Sprintf("unknown tool %q", name)) {
			t.Errorf("%s in read scope: %v; want unknown tool (-32602)", name, err)
		}
	}
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "t27_status", Arguments: json.RawMessage(`{}`)}); err != nil || res.IsError {
		t.Errorf("t27_status in read scope: %v %v", res, err)
	}
}

// Every line the Go server cannot use gets the JSON-RPC error the
// specification names, and a good tools/list still answers after it.
func TestGoServerBadLines(t *testing.T) {
	cmd := exec.Command(goServerBinary(t))
	cmd.Dir = root
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("the server ended with %v", err)
		}
	}()
	lines := make(chan string)
	go func() {
		r := bufio.NewReaderSize(stdout, 1<<20)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				close(lines)
				return
			}
			lines <- line
		}
	}()
	type answer struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code int64 `json:"code"`
		} `json:"error"`
	}
	exchange := func(line string) answer {
		t.Helper()
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case out, ok := <-lines:
			if !ok {
				t.Fatal("the server closed stdout")
			}
			var a answer
			if err := json.Unmarshal([]byte(out), &a); err != nil {
				t.Fatalf("answer %q: %v", out, err)
			}
			return a
		case <-time.After(30 * time.Second):
			t.Fatalf("no answer to %.80s", line)
		}
		return answer{}
	}
	exchange(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"0"}}}`)
	io.WriteString(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	deep := func(id, levels int) string { // an `any` argument nested `levels` deep
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"t27_set_config","arguments":{"key":"k","value":%s%s}}}`,
			id, strings.Repeat("[", levels), strings.Repeat("]", levels))
	}
	for _, tc := range []struct {
		name, line string
		code       int64
		id         string
	}{
		{"not JSON", "x", -32700, "null"},
		{"batch", `[{"jsonrpc":"2.0","id":5,"method":"ping"},{"jsonrpc":"2.0","id":6,"method":"ping"}]`, -32600, "null"},
		{"two messages on one line", `{"jsonrpc":"2.0","id":5,"method":"ping"}{"jsonrpc":"2.0","id":6,"method":"ping"}`, -32700, "null"},
		{"id an object", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null"},
		{"line over 16 MiB", `{"jsonrpc":"2.0","id":5,"method":"ping","params":{"_meta":{"pad":"` + strings.Repeat("x", 16<<20) + `"}}}`, -32600, "null"},
		{"argument 1 000 deep", deep(7, 1000), -32600, "7"},
		{"argument 10 000 deep", deep(8, 10000), -32600, "8"},
	} {
		if a := exchange(tc.line); a.Error == nil || a.Error.Code != tc.code || string(a.ID) != tc.id {
			t.Errorf("%s: answer %+v; want error %d with id %s", tc.name, a, tc.code, tc.id)
		}
		if a := exchange(`{"jsonrpc":"2.0","id":"list","method":"tools/list"}`); a.Error != nil || string(a.ID) != `"list"` || !bytes.Contains(a.Result, []byte(`"t27_status"`)) {
			t.Errorf("tools/list after %s: %+v", tc.name, a)
		}
	}
	// Within the limit, a deep argument is served.
	if a := exchange(deep(9, 997)); a.Error != nil || a.Result == nil {
		t.Errorf("an argument 997 deep: %+v; want a tool result", a)
	}
}

package gosdk

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/golang"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/synth"
)

// buildSynthServer builds a server of n synthetic tools (internal/synth)
// on this adapter, in a temporary module that uses this repository, and
// returns the binary.
func buildSynthServer(b *testing.B, n int) string {
	b.Helper()
	r := compile.Source("synth.tspec", synth.Spec(n, 0))
	if r.Catalog == nil {
		b.Fatal(r.Diags)
	}
	src, err := golang.Generate(r.Catalog, golang.Options{Package: "main"})
	if err != nil {
		b.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		b.Fatal(err)
	}
	var main strings.Builder
	main.WriteString(`package main

import (
	"context"
	"encoding/json"
	"os"

	"github.com/toolspec/toolspec/serve/gosdk"
)

type handlers struct{}

func main() {
	scope := os.Getenv("SCOPE")
	server, err := gosdk.NewServer(Bind(handlers{}), &gosdk.Options{Scope: func(context.Context, any) string { return scope }})
	if err != nil {
		panic(err)
	}
	if err := gosdk.Run(context.Background(), server); err != nil {
		panic(err)
	}
}
`)
	for i := range n {
		fmt.Fprintf(&main, "func (handlers) Tool%d(context.Context, Tool%dInput) (Tool%dOutput, error) { return Tool%dOutput{}, nil }\n", i, i, i, i)
	}
	dir := b.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		b.Fatal(err)
	}
	files := map[string]string{
		"go.mod":     "module synthserver\n\ngo 1.26\n\nrequire github.com/toolspec/toolspec v0.0.0\n\nreplace github.com/toolspec/toolspec => " + root + "\n",
		"go.sum":     string(sum),
		"catalog.go": string(src),
		"main.go":    strings.Replace(main.String(), "func(context.Context, any) string", "func(context.Context, mcp.Request) string", 1),
	}
	files["main.go"] = strings.Replace(files["main.go"], `"github.com/toolspec/toolspec/serve/gosdk"`, `"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolspec/toolspec/serve/gosdk"`, 1)
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			b.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "server")
	cmd := exec.Command("go", "build", "-mod=mod", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// firstList starts the server, sends initialize, initialized and
// tools/list at once, and waits for the tools/list answer.
func firstList(b *testing.B, bin string, env ...string) int {
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), env...)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
`)
	r := bufio.NewReaderSize(stdout, 1<<20)
	size := 0
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			b.Fatalf("no tools/list answer: %v", err)
		}
		if strings.HasPrefix(line, `{"jsonrpc":"2.0","id":2,"result":`) {
			size = len(line)
			break
		}
	}
	stdin.Close()
	cmd.Wait()
	return size
}

// BenchmarkStartup1000 is server start to first tools/list answer for a
// catalog of 1 000 synthetic tools: process start, SDK server set-up,
// initialize, and the full profile-2 table (Scope "") or the read-scoped
// table, computed on its first use (Scope read; every synthetic tool is
// read_only, so it is as large).
func BenchmarkStartup1000(b *testing.B) {
	bin := buildSynthServer(b, 1000)
	for _, scope := range []string{"all", "read"} {
		b.Run("scope="+scope, func(b *testing.B) {
			var size int
			for b.Loop() {
				size = firstList(b, bin, "SCOPE="+scope)
			}
			b.ReportMetric(float64(size), "list-bytes")
		})
	}
}

// BenchmarkFirstListInProcess is NewServer to the first tools/list answer
// for the 27-tool reference catalog, in process: Bind, the SDK server, the
// transport over pipes, initialize, and the profile-2 table.
func BenchmarkFirstListInProcess(b *testing.B) {
	for b.Loop() {
		server, err := NewServer(stub(nil), nil)
		if err != nil {
			b.Fatal(err)
		}
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan struct{})
		go func() {
			server.Run(context.Background(), &StdioTransport{In: inR, Out: outW})
			outW.Close()
			close(done)
		}()
		go io.WriteString(inW, initListLines)
		r := bufio.NewReaderSize(outR, 1<<20)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				b.Fatal(err)
			}
			if strings.HasPrefix(line, `{"jsonrpc":"2.0","id":2,`) {
				break
			}
		}
		inW.Close()
		go io.Copy(io.Discard, outR)
		<-done
	}
}

// BenchmarkCall is one tools/call through the adapter and the transport
// (t27f_view: decode two fields, a text result), in process.
// BenchmarkCallSDK is the same call to the same tool added with the SDK's
// own typed path (mcp.AddTool, the catalog's inputSchema, the generated
// input type): the SDK validates with google/jsonschema-go and unmarshals.
// BenchmarkCallOut and BenchmarkCallOutSDK do the same for a tool with a
// structured result (t27_game), validated against its output schema on
// both paths. docs/performance.md has the numbers.
func BenchmarkCall(b *testing.B) {
	server, err := NewServer(stub(map[string]any{
		"t27f_view": func(_ context.Context, in c.T27fViewInput) (string, error) { return in.Chat, nil },
	}), nil)
	if err != nil {
		b.Fatal(err)
	}
	benchCall(b, server, viewCall, `"text":"@t27_bot"`)
}

func BenchmarkCallSDK(b *testing.B) {
	server := mcp.NewServer(&mcp.Implementation{Name: "sdk"}, &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions})
	mcp.AddTool(server, sdkTool(b, "t27f_view"), func(_ context.Context, _ *mcp.CallToolRequest, in c.T27fViewInput) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Chat}}}, nil, nil
	})
	benchCall(b, server, viewCall, `"text":"@t27_bot"`)
}

func BenchmarkCallOut(b *testing.B) {
	server, err := NewServer(stub(map[string]any{"t27_game": game}), nil)
	if err != nil {
		b.Fatal(err)
	}
	benchCall(b, server, gameCall, `"structuredContent":{"position":[1,-1]`)
}

func BenchmarkCallOutSDK(b *testing.B) {
	server := mcp.NewServer(&mcp.Implementation{Name: "sdk"}, &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions})
	mcp.AddTool(server, sdkTool(b, "t27_game"), func(ctx context.Context, _ *mcp.CallToolRequest, in c.T27GameInput) (*mcp.CallToolResult, c.T27GameOutput, error) {
		out, err := game(ctx, in)
		return nil, out, err
	})
	benchCall(b, server, gameCall, `"structuredContent":{"done":false,"position":[1,-1]`)
}

var (
	viewCall = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t27f_view","arguments":{"status":[1,2,255],"chat":"@t27_bot"}}}` + "\n"
	gameCall = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t27_game","arguments":{"world":"w","moves":[[1,0],[0,-1]]}}}` + "\n"
)

func game(_ context.Context, in c.T27GameInput) (c.T27GameOutput, error) {
	var x, y int64
	for _, m := range in.Moves {
		x, y = x+m[0], y+m[1]
	}
	pos := c.T27GameOutputPosition{json.Number(strconv.FormatInt(x, 10)), json.Number(strconv.FormatInt(y, 10))}
	return c.T27GameOutput{Position: pos, Score: json.Number(strconv.Itoa(len(in.Moves))), Done: false}, nil
}

// sdkTool is the catalog's profile-2 entry of a tool as an *mcp.Tool,
// schemas included, for mcp.AddTool.
func sdkTool(b *testing.B, name string) *mcp.Tool {
	var table struct{ Tools []*mcp.Tool }
	if err := json.Unmarshal(c.ListToolsJSON(2), &table); err != nil {
		b.Fatal(err)
	}
	for _, t := range table.Tools {
		if t.Name == name {
			return t
		}
	}
	b.Fatalf("no tool %s", name)
	return nil
}

// benchCall serves server on StdioTransport over pipes and times one
// call line until its answer contains want.
func benchCall(b *testing.B, server *mcp.Server, call, want string) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go server.Run(context.Background(), &StdioTransport{In: inR, Out: outW})
	r := bufio.NewReaderSize(outR, 1<<20)
	io.WriteString(inW, initListLines)
	for range 2 {
		r.ReadString('\n')
	}
	line := []byte(call)
	for b.Loop() {
		inW.Write(line)
		answer, err := r.ReadString('\n')
		if err != nil || !strings.Contains(answer, want) {
			b.Fatalf("%q %v", answer, err)
		}
	}
	inW.Close()
}

const initListLines = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
`

// tableCatalog serves a catalog's tables with no handlers behind them: the
// adapter's, the SDK's and the transport's share of start-up, without a
// generated file to compile.
type tableCatalog struct {
	name   string
	tables [3][]byte
}

func (t *tableCatalog) Check() error            { return nil }
func (t *tableCatalog) SpecName() string        { return t.name }
func (t *tableCatalog) SpecHash() string        { return "" }
func (t *tableCatalog) ProfileFor(v string) int { return c.ProfileFor(v) }
func (t *tableCatalog) ListToolsJSON(profile int, _ string) []byte {
	return append([]byte(nil), t.tables[profile]...)
}
func (t *tableCatalog) InScope(string, string) bool                   { return false }
func (t *tableCatalog) Result(string) string                          { return "" }
func (t *tableCatalog) Decode(string, []byte) (any, error)            { return nil, nil }
func (t *tableCatalog) Run(context.Context, string, any) (any, error) { return nil, nil }
func (t *tableCatalog) ValidateOutput(string, []byte) error           { return nil }

// BenchmarkFirstList1000InProcess is NewServer to the first tools/list
// answer, in process, for the tables of 1 000 synthetic tools.
func BenchmarkFirstList1000InProcess(b *testing.B) {
	r := compile.Source("synth.tspec", synth.Spec(1000, 0))
	if r.Catalog == nil {
		b.Fatal(r.Diags)
	}
	cat := &tableCatalog{name: "synthetic"}
	for _, p := range []int{1, 2} {
		cat.tables[p] = schema.ToolsList(r.Catalog, p)
	}
	var size int
	for b.Loop() {
		server, err := NewServer(cat, nil)
		if err != nil {
			b.Fatal(err)
		}
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan struct{})
		go func() {
			server.Run(context.Background(), &StdioTransport{In: inR, Out: outW})
			outW.Close()
			close(done)
		}()
		go io.WriteString(inW, initListLines)
		br := bufio.NewReaderSize(outR, 1<<20)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				b.Fatal(err)
			}
			if strings.HasPrefix(line, `{"jsonrpc":"2.0","id":2,`) {
				size = len(line)
				break
			}
		}
		inW.Close()
		go io.Copy(io.Discard, outR)
		<-done
	}
	b.ReportMetric(float64(size), "list-bytes")
}

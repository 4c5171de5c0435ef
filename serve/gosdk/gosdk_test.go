package gosdk

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

// The tests serve the reference catalog (examples/go-server/t27catalog)
// with handlers of their own.

// stub answers every tool of the catalog with a fixed valid value, except
// those a test replaces.
func stub(replace map[string]any) *c.Bound {
	hs := map[string]any{}
	for name, h := range c.HandlerMap(stubHandlers{}) {
		hs[name] = h
	}
	for name, h := range replace {
		hs[name] = h
	}
	return c.BindMap(hs)
}

type stubHandlers struct{ c.Handlers } // nil methods: only the ones below are called

func (stubHandlers) T27Status(context.Context, c.T27StatusInput) (c.T27StatusOutput, error) {
	return c.T27StatusOutput{Branch: "main", Head: strings.Repeat("0", 40), Specs: "1", Sealed: "1"}, nil
}

// wire is a server on StdioTransport over pipes, spoken to line by line.
type wire struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	cs    *catalogServer
}

func startWire(t *testing.T, cat Catalog, opts *Options, tr *StdioTransport) *wire {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "test"}, &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions})
	cs, err := register(server, cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	if tr == nil {
		tr = &StdioTransport{}
	}
	tr.In, tr.Out = inR, outW
	w := &wire{t: t, in: inW, lines: make(chan string, 16), cs: cs}
	go func() {
		server.Run(context.Background(), tr)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			w.lines <- sc.Text()
		}
		close(w.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return w
}

func (w *wire) send(line string) {
	w.t.Helper()
	if _, err := io.WriteString(w.in, line+"\n"); err != nil {
		w.t.Fatal(err)
	}
}

// recv is the next line the server wrote, decoded.
func (w *wire) recv() reply {
	w.t.Helper()
	select {
	case line, ok := <-w.lines:
		if !ok {
			w.t.Fatal("the server closed its output")
		}
		var r reply
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			w.t.Fatalf("%q: %v", line, err)
		}
		r.line = line
		return r
	case <-time.After(20 * time.Second):
		w.t.Fatal("no answer")
	}
	return reply{}
}

type reply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	line string
}

// call sends a request and returns its answer.
func (w *wire) call(id int, method, params string) reply {
	w.t.Helper()
	w.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, params))
	r := w.recv()
	if string(r.ID) != fmt.Sprint(id) {
		w.t.Fatalf("answer %s to request %d", r.line, id)
	}
	return r
}

func (w *wire) initialize(version string) reply {
	w.t.Helper()
	r := w.call(1, "initialize", `{"protocolVersion":"`+version+`","capabilities":{},"clientInfo":{"name":"t","version":"0"}}`)
	w.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return r
}

type toolResult struct {
	Content []struct {
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	IsError           bool            `json:"isError"`
}

func (r reply) tool(t *testing.T) toolResult {
	t.Helper()
	var res toolResult
	if r.Error != nil || json.Unmarshal(r.Result, &res) != nil || len(res.Content) != 1 {
		t.Fatalf("want a tool result with one content block, got %s", r.line)
	}
	return res
}

// The profile follows the version the SDK negotiated, and tools/list is
// the generated table of that profile, byte for byte.
func TestProfileByVersion(t *testing.T) {
	for _, tc := range []struct {
		asked, negotiated string
		profile           int
	}{
		{"2024-11-05", "2024-11-05", 1},
		{"2025-03-26", "2025-03-26", 1},
		{"2025-06-18", "2025-06-18", 2},
		{"2025-11-25", "2025-11-25", 2},
		{"2026-07-28", "2025-11-25", 2}, // not offered: the SDK answers with the newest it has
		{"1999-01-01", "2025-11-25", 2},
	} {
		cat := stub(nil)
		w := startWire(t, cat, nil, nil)
		var init struct{ ProtocolVersion string }
		json.Unmarshal(w.initialize(tc.asked).Result, &init)
		if init.ProtocolVersion != tc.negotiated {
			t.Errorf("asked %s: negotiated %s, want %s", tc.asked, init.ProtocolVersion, tc.negotiated)
		}
		list := w.call(2, "tools/list", `{}`)
		if string(list.Result) != string(c.ListToolsJSON(tc.profile)) {
			t.Errorf("asked %s: tools/list is not ListToolsJSON(%d):\n%.300s", tc.asked, tc.profile, list.line)
		}
		res := w.call(3, "tools/call", `{"name":"t27_status","arguments":{}}`).tool(t)
		if (res.StructuredContent != nil) != (tc.profile == 2) || res.IsError {
			t.Errorf("asked %s: structuredContent %s on profile %d", tc.asked, res.StructuredContent, tc.profile)
		}
		if tc.profile == 2 && string(res.StructuredContent) != res.Content[0].Text {
			t.Errorf("structuredContent %s, text %s: want the same JSON", res.StructuredContent, res.Content[0].Text)
		}
	}
}

// validArgs are arguments each tool accepts.
var validArgs = map[string]string{
	"t27_status": `{}`,
	"t27_format": `{"path":"specs/core/base.t27"}`,
	"t27_build":  `{"target":"specs"}`,
	"t27_test":   `{}`,
	"tg_pin":     `{"chat":"@t27_bot","message_id":1001}`,
	"tg_send":    `{"chat":"@t27_bot","text":"hi"}`,
}

func TestScopes(t *testing.T) {
	for _, tc := range []struct {
		scope      string
		want, deny []string // callable; refused as unknown
	}{
		{"read", []string{"t27_status"}, []string{"t27_format", "t27_build", "tg_send"}},
		{"write", []string{"t27_status", "t27_format"}, []string{"t27_build", "tg_pin", "t27_test"}}, // t27_test has no risk hint: it may destroy
		{"all", []string{"t27_status", "t27_format", "t27_build"}, nil},
		{"", []string{"t27_status", "t27_build"}, nil},
	} {
		ok := func(context.Context, c.T27FormatInput) (c.T27FormatOutput, error) { return c.T27FormatOutput{}, nil }
		build := func(context.Context, c.T27BuildInput) (c.T27BuildOutput, error) {
			return c.T27BuildOutput{Ok: true, DurationMs: "1"}, nil
		}
		cat := stub(map[string]any{"t27_format": ok, "t27_build": build})
		w := startWire(t, cat, &Options{Scope: func(context.Context, mcp.Request) string { return tc.scope }}, nil)
		w.initialize("2025-06-18")
		list := w.call(2, "tools/list", `{}`)
		if want := c.ListToolsScopedJSON(2, tc.scope); string(list.Result) != string(want) {
			t.Errorf("scope %q: tools/list is not ListToolsScopedJSON:\n%.300s", tc.scope, list.line)
		}
		for i, name := range tc.want {
			if r := w.call(10+i, "tools/call", `{"name":"`+name+`","arguments":`+validArgs[name]+`}`); r.Error != nil || r.tool(t).IsError {
				t.Errorf("scope %q: %s: %s", tc.scope, name, r.line)
			}
		}
		for i, name := range tc.deny {
			r := w.call(20+i, "tools/call", `{"name":"`+name+`","arguments":`+validArgs[name]+`}`)
			if r.Error == nil || r.Error.Code != -32602 || r.Error.Message != fmt.Sprintf("unknown tool %q", name) {
				t.Errorf("scope %q: %s: %s; want unknown tool (-32602)", tc.scope, name, r.line)
			}
		}
	}
	// A scope that is none of the three refuses the session.
	w := startWire(t, stub(nil), &Options{Scope: func(context.Context, mcp.Request) string { return "admin" }}, nil)
	if r := w.call(1, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}`); r.Error == nil || !strings.Contains(r.Error.Message, `"admin"`) {
		t.Errorf("scope admin: %s; want an error naming it", r.line)
	}
}

// Every outcome of a handler is a tool result, except a result that cannot
// be serialized, and the server goes on serving after each.
func TestCallOutcomes(t *testing.T) {
	cat := stub(map[string]any{
		"t27_format": func(context.Context, c.T27FormatInput) (c.T27FormatOutput, error) { panic("boom") },
		"t27_build": func(context.Context, c.T27BuildInput) (c.T27BuildOutput, error) {
			return c.T27BuildOutput{}, errors.New("the build directory is locked")
		},
		"t27_test": func(context.Context, c.T27TestInput) (c.T27TestOutput, error) {
			return c.T27TestOutput{Passed: "-1", Failed: "0"}, nil // minimum 0
		},
		"tg_pin":  func(context.Context, c.TgPinInput) (any, error) { return math.Inf(1), nil },
		"t27_raw": func(_ context.Context, in c.T27RawInput) (string, error) { return "raw " + in.Path, nil },
	})
	w := startWire(t, cat, nil, nil)
	w.initialize("2025-06-18")
	for i, tc := range []struct {
		params string
		err    int64  // a JSON-RPC error code, or 0 for a tool result
		isErr  bool   // the tool result's isError
		text   string // contained in the text or the error message
	}{
		{`{"name":"t27_format","arguments":{"path":"specs/core/base.t27"}}`, 0, true, "t27_format: internal error: handler panicked: boom"},
		{`{"name":"t27_build","arguments":{"target":"specs"}}`, 0, true, "t27_build: the build directory is locked"},
		{`{"name":"t27_test","arguments":{}}`, 0, true, "t27_test: internal error: result does not match the output schema: /passed: minimum"},
		{`{"name":"tg_pin","arguments":{"chat":"@t27_bot","message_id":1}}`, -32603, false, "tg_pin: internal error: marshalling the result"},
		{`{"name":"t27_raw","arguments":{"path":"a.t27"}}`, 0, false, "raw a.t27"},
		{`{"name":"t27_raw","arguments":{"path":7,"nope":1}}`, 0, true, "t27_raw: invalid arguments: "},
		{`{"name":"t27_status","arguments":[1]}`, 0, true, "t27_status: invalid arguments: (root): type: "},
		{`{"name":"t27_status"}`, 0, false, `"branch":"main"`},
		{`{"name":"t27_status","arguments":null}`, 0, false, `"branch":"main"`},
		{`{"name":"t27_nope","arguments":{}}`, -32602, false, `unknown tool "t27_nope"`},
	} {
		r := w.call(10+i, "tools/call", tc.params)
		if tc.err != 0 {
			if r.Error == nil || r.Error.Code != tc.err || !strings.Contains(r.Error.Message, tc.text) {
				t.Errorf("%s: %s; want error %d with %q", tc.params, r.line, tc.err, tc.text)
			}
			continue
		}
		res := r.tool(t)
		if res.IsError != tc.isErr || !strings.Contains(res.Content[0].Text, tc.text) || (res.IsError && res.StructuredContent != nil) {
			t.Errorf("%s: %s; want isError %v with %q", tc.params, r.line, tc.isErr, tc.text)
		}
	}
	if r := w.call(99, "tools/list", `{}`); r.Error != nil {
		t.Errorf("tools/list after the calls: %s", r.line)
	}
}

// A decoder error that joins several problems is reported with all of them.
func TestEveryProblemNamed(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", errors.Join(errors.New("(root): required: missing property \"chat\""), errors.New("/nope: additionalProperties: not allowed")))
	got := problems(err)
	for _, want := range []string{`missing property "chat"`, "/nope: additionalProperties"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems = %q; want it to name %q", got, want)
		}
	}
	if strings.Contains(got, "\n") {
		t.Errorf("problems = %q: want one line", got)
	}
}

func TestRefusesMismatchedHandlers(t *testing.T) {
	hs := c.HandlerMap(stubHandlers{})
	delete(hs, "t27_grep")
	hs["t27_nope"] = func() {}
	hs["t27_raw"] = func(context.Context, c.T27RawInput) (int, error) { return 0, nil }
	_, err := NewServer(c.BindMap(hs), nil)
	for _, want := range []string{`tools without a handler: "t27_grep"`, `handlers without a tool: "t27_nope"`, `handler of "t27_raw" is func(context.Context, t27catalog.T27RawInput) (int, error), want func(context.Context, t27catalog.T27RawInput) (string, error)`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("NewServer: %v; want it to say %s", err, want)
		}
	}
	if _, err := NewServer(stub(nil), nil); err != nil {
		t.Errorf("NewServer with every handler: %v", err)
	}
}

// The profile and scope of a session are dropped when it closes.
func TestSessionsDropped(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "test"}, &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions})
	cs, err := register(server, stub(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "c"}, nil)
	var sessions []*mcp.ClientSession
	for range 3 {
		st, ct := mcp.NewInMemoryTransports()
		if _, err := server.Connect(ctx, st, nil); err != nil {
			t.Fatal(err)
		}
		s, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-06-18"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ListTools(ctx, nil); err != nil {
			t.Fatal(err)
		}
		sessions = append(sessions, s)
	}
	if n := cs.sessionCount(); n != 3 {
		t.Fatalf("%d sessions kept, want 3", n)
	}
	for _, s := range sessions {
		s.Close()
	}
	deadline := time.Now().Add(20 * time.Second)
	for cs.sessionCount() > 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := cs.sessionCount(); n != 0 {
		t.Errorf("%d sessions kept after every session closed, want 0", n)
	}
}

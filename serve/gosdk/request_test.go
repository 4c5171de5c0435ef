package gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

// connect serves cat on an in-memory transport to an SDK client made with
// copts, and returns the client's session.
func connect(t *testing.T, cat Catalog, opts *Options, copts *mcp.ClientOptions, own func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	server, err := NewServer(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	if own != nil {
		own(server)
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client"}, copts)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func wireOf(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var pinArgs = map[string]any{"chat": "@someone", "message_id": 1}

func TestContentResults(t *testing.T) {
	png := []byte{0x89, 'P', 'N', 'G'}
	blocks := []mcp.Content{Text("t"), Image(png, "image/png"), Audio([]byte("RIFF"), "audio/wav"), Link("test://r", "r", "text/plain"), Resource("test://e", "text/plain", "embedded"), Blob("test://b", "application/octet-stream", []byte{1})}
	wantBlocks := wireOf(t, blocks)
	for _, tc := range []struct {
		name    string
		tool    string
		args    any
		handler any
		content string // the wire content
		struc   string // the wire structuredContent, "" none
	}{
		{"any returns blocks", c.ToolTgPin, pinArgs,
			func(context.Context, c.TgPinInput) (any, error) { return blocks, nil },
			wantBlocks, ""},
		{"any returns one block", c.ToolTgPin, pinArgs,
			func(context.Context, c.TgPinInput) (any, error) { return Image(png, "image/png"), nil },
			`[{"type":"image","mimeType":"image/png","data":"iVBORw=="}]`, ""},
		{"any returns a result", c.ToolTgPin, pinArgs,
			func(context.Context, c.TgPinInput) (any, error) {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{Text("no")}}, nil
			},
			`[{"type":"text","text":"no"}]`, ""},
		{"any returns a value", c.ToolTgPin, pinArgs,
			func(context.Context, c.TgPinInput) (any, error) { return map[string]int{"a": 1}, nil },
			`[{"type":"text","text":"{\"a\":1}"}]`, ""},
		{"any sets content", c.ToolTgPin, pinArgs,
			func(ctx context.Context, _ c.TgPinInput) (any, error) { SetContent(ctx, blocks...); return nil, nil },
			wantBlocks, ""},
		{"text sets content", c.ToolT27Raw, map[string]any{"path": "x"},
			func(ctx context.Context, _ c.T27RawInput) (string, error) { SetContent(ctx, blocks[1]); return "", nil },
			`[{"type":"image","mimeType":"image/png","data":"iVBORw=="}]`, ""},
		{"text sets no block", c.ToolT27Raw, map[string]any{"path": "x"},
			func(ctx context.Context, _ c.T27RawInput) (string, error) { SetContent(ctx); return "ignored", nil },
			`[]`, ""},
		{"out sets content beside its structured result", c.ToolT27Status, nil,
			func(ctx context.Context, in c.T27StatusInput) (c.T27StatusOutput, error) {
				SetContent(ctx, Image(png, "image/png"))
				return stubHandlers{}.T27Status(ctx, in)
			},
			`[{"type":"image","mimeType":"image/png","data":"iVBORw=="}]`,
			`{"branch":"main","head":"0000000000000000000000000000000000000000","dirty":false,"specs":1,"sealed":1}`},
		{"out without content gets its JSON text", c.ToolT27Status, nil, nil,
			`[{"type":"text","text":"{\"branch\":\"main\",\"head\":\"0000000000000000000000000000000000000000\",\"dirty\":false,\"specs\":1,\"sealed\":1}"}]`,
			`{"branch":"main","head":"0000000000000000000000000000000000000000","dirty":false,"specs":1,"sealed":1}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			replace := map[string]any{}
			if tc.handler != nil {
				replace[tc.tool] = tc.handler
			}
			cs := connect(t, stub(replace), nil, nil, nil)
			res := callTool(t, cs, tc.tool, tc.args)
			if got := wireOf(t, res.Content); got != tc.content {
				t.Errorf("content:\n got %s\nwant %s", got, tc.content)
			}
			got, want := "", ""
			if res.StructuredContent != nil {
				got = wireOf(t, res.StructuredContent)
			}
			if tc.struc != "" {
				var v any
				json.Unmarshal([]byte(tc.struc), &v)
				want = wireOf(t, v) // keys sorted, as the client's map marshals
			}
			if got != want {
				t.Errorf("structuredContent:\n got %s\nwant %s", got, tc.struc)
			}
		})
	}
}

// A structured result that breaks the output schema is refused even when
// the handler gave content of its own.
func TestContentDoesNotBypassOutputSchema(t *testing.T) {
	cs := connect(t, stub(map[string]any{c.ToolT27Status: func(ctx context.Context, _ c.T27StatusInput) (c.T27StatusOutput, error) {
		SetContent(ctx, Text("fine"))
		return c.T27StatusOutput{Branch: ""}, nil
	}}), nil, nil, nil)
	res := callTool(t, cs, c.ToolT27Status, nil)
	if !res.IsError || !strings.Contains(wireOf(t, res.Content), "does not match the output schema") {
		t.Errorf("want an isError naming the output schema, got %s", wireOf(t, res))
	}
}

func TestRequestInHandler(t *testing.T) {
	var mu sync.Mutex
	var events []string
	note := func(s string) { mu.Lock(); events = append(events, s); mu.Unlock() }
	copts := &mcp.ClientOptions{
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
			note("log " + string(r.Params.Level) + " " + r.Params.Logger + " " + r.Params.Data.(string))
		},
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			note("progress " + r.Params.Message)
		},
		ElicitationHandler: func(_ context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			note("elicit " + r.Params.Message)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "ada"}}, nil
		},
		CreateMessageHandler: func(_ context.Context, r *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			note("sample " + r.Params.Messages[0].Content.(*mcp.TextContent).Text)
			return &mcp.CreateMessageResult{Model: "m", Role: "assistant", Content: &mcp.TextContent{Text: "42"}}, nil
		},
	}
	handler := func(ctx context.Context, _ c.T27RawInput) (string, error) {
		req := Request(ctx)
		if req == nil || req.Session == nil || req.Params.Name != c.ToolT27Raw {
			return "", errors.New("no request in ctx")
		}
		if err := Log(ctx, "info", "hello"); err != nil {
			return "", err
		}
		if err := Progress(ctx, 1, 2, "half"); err != nil {
			return "", err
		}
		el, err := Elicit(ctx, &mcp.ElicitParams{Message: "who?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}})
		if err != nil {
			return "", err
		}
		sm, err := Sample(ctx, &mcp.CreateMessageParams{MaxTokens: 10, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "6*7?"}}}})
		if err != nil {
			return "", err
		}
		return el.Content["name"].(string) + " " + sm.Content.(*mcp.TextContent).Text, nil
	}
	cs := connect(t, stub(map[string]any{c.ToolT27Raw: handler}), nil, copts, nil)
	if err := cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
		t.Fatal(err)
	}
	params := &mcp.CallToolParams{Name: c.ToolT27Raw, Arguments: map[string]any{"path": "x"}}
	params.SetProgressToken("tok")
	res, err := cs.CallTool(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	if got := wireOf(t, res.Content); got != `[{"type":"text","text":"ada 42"}]` {
		t.Errorf("result: %s", got)
	}
	// Notifications may arrive after the response: wait for them briefly.
	want := []string{"log info t27_raw hello", "progress half", "elicit who?", "sample 6*7?"}
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		got := append([]string(nil), events...)
		mu.Unlock()
		if len(got) >= len(want) || time.Now().After(deadline) {
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("client saw (-want +got):\n%s", diff)
			}
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestHelpersOutsideAHandler(t *testing.T) {
	ctx := context.Background()
	if Request(ctx) != nil {
		t.Error("Request outside a handler is not nil")
	}
	if err := Log(ctx, "info", "x"); !errors.Is(err, ErrNoSession) {
		t.Errorf("Log: %v, want ErrNoSession", err)
	}
	if err := Progress(ctx, 1, 0, ""); err != nil {
		t.Errorf("Progress without a token: %v", err)
	}
	SetContent(ctx, Text("x")) // does nothing, does not panic
}

func TestCancellationReachesHandler(t *testing.T) {
	started, seen := make(chan struct{}), make(chan error, 1)
	cs := connect(t, stub(map[string]any{c.ToolT27Raw: func(ctx context.Context, _ c.T27RawInput) (string, error) {
		close(started)
		select {
		case <-ctx.Done():
			seen <- ctx.Err()
		case <-time.After(10 * time.Second):
			seen <- errors.New("not cancelled")
		}
		return "", ctx.Err()
	}}), nil, nil, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	cs.CallTool(ctx, &mcp.CallToolParams{Name: c.ToolT27Raw, Arguments: map[string]any{"path": "x"}})
	if err := <-seen; !errors.Is(err, context.Canceled) {
		t.Errorf("handler's ctx: %v, want context.Canceled", err)
	}
}

type ownIn struct {
	N int `json:"n"`
}

func addOwn(name string) func(*mcp.Server) {
	return func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: "own"}, func(_ context.Context, _ *mcp.CallToolRequest, in ownIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{Text("own " + strings.Repeat("+", in.N))}}, nil, nil
		})
	}
}

func TestOwnToolsBesideCatalog(t *testing.T) {
	cs := connect(t, stub(nil), nil, nil, addOwn("own_tool"))
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	if len(names) != len(c.HandlerMap(stubHandlers{}))+1 || names[len(names)-1] != "own_tool" || names[0] != c.ToolT27Status {
		t.Errorf("tools/list: %v", names)
	}
	if got := wireOf(t, callTool(t, cs, "own_tool", map[string]any{"n": 2}).Content); got != `[{"type":"text","text":"own ++"}]` {
		t.Errorf("own tool: %s", got)
	}
	if res := callTool(t, cs, c.ToolT27Status, nil); res.IsError {
		t.Errorf("catalog tool: %s", wireOf(t, res))
	}
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nope"}); err == nil || !strings.Contains(err.Error(), "unknown tool") {
		t.Errorf("unknown tool: %v", err)
	}
}

func TestOwnToolClashRefused(t *testing.T) {
	server, err := NewServer(stub(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	addOwn(c.ToolT27Status)(server)
	err = Run(context.Background(), server)
	if err == nil || !strings.Contains(err.Error(), `"t27_status"`) {
		t.Errorf("Run: %v, want a refusal naming t27_status", err)
	}
	if _, err := HTTPHandler(server, nil); err == nil {
		t.Error("HTTPHandler served a clash")
	}
}

func TestServerOptionsKeepDefaults(t *testing.T) {
	complete := func(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
		return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{"x"}}}, nil
	}
	cs := connect(t, stub(nil), &Options{Server: &mcp.ServerOptions{Instructions: "be kind", CompletionHandler: complete}}, nil, nil)
	init := cs.InitializeResult()
	if init.Instructions != "be kind" {
		t.Errorf("instructions %q", init.Instructions)
	}
	caps := init.Capabilities
	if caps.Completions == nil || caps.Logging == nil || caps.Tools == nil {
		t.Errorf("capabilities %s: want completions, logging and tools", wireOf(t, caps))
	}
	if init.ProtocolVersion != ProtocolVersions[0] {
		t.Errorf("protocol %s, want %s", init.ProtocolVersion, ProtocolVersions[0])
	}
	res, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "p"}, Argument: mcp.CompleteParamsArgument{Name: "a", Value: "x"}})
	if err != nil || len(res.Completion.Values) != 1 {
		t.Errorf("completion/complete: %v %v", res, err)
	}
}

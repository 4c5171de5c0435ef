package gosdk

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolspec/toolspec/compile"
	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
	"github.com/toolspec/toolspec/gen/schema"
)

// The full profile-3 table the adapter serves is what gen-json --profile 3
// writes (schema.ToolsList), byte for byte.
func TestProfile3TableIsGenJSON(t *testing.T) {
	src, err := os.ReadFile("../../specs/t27mcp/tool_schema.tspec")
	if err != nil {
		t.Fatal(err)
	}
	r := compile.Source("tool_schema.tspec", src)
	if r.Catalog == nil {
		t.Fatal("the reference spec does not compile")
	}
	want := schema.ToolsList(r.Catalog, 3)
	if got := c.ListToolsJSON(3); string(got) != string(want) {
		t.Errorf("the generated profile 3 table:\n got %.400s\nwant %.400s", got, want)
	}
	// A catalog generated before its files carried profile 3.
	got, err := profile3(c.ListToolsJSON(2), "public")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("profile 3 table from profile 2:\n got %.400s\nwant %.400s", got, want)
	}
}

// A go-sdk v1.8 client negotiates 2026-07-28 with a server offering
// ProtocolVersions3, lists the profile-3 table and calls tools.
func TestProfile3WithGoSDKClient(t *testing.T) {
	for _, tc := range []struct {
		name       string
		opts       *Options
		cacheScope string
		identity   string
		tools      int
		own        func(*mcp.Server)
	}{
		{"full", &Options{Server: &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions3}}, "public", c.SpecHash + "/p3", 27, nil},
		{"read", &Options{Server: &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions3}, Scope: func(context.Context, mcp.Request) string { return ScopeRead }}, "private", c.SpecHash + "/p3/read", len(inScope("read")), nil},
		// Served per caller: private, though it is the full table.
		{"per-caller", &Options{Server: &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions3}, Scope: func(context.Context, mcp.Request) string { return ScopeAll }}, "private", c.SpecHash + "/p3", 27, nil},
		{"own tool", &Options{Server: &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions3}}, "public", c.SpecHash + "/p3", 28, addOwn("own_tool")},
		{"gemini", &Options{Server: &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions3}, DialectFor: func(string) string { return "gemini" }}, "public", c.SpecHash + "/p3/gemini", 27, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := connect(t, stub(nil), tc.opts, nil, tc.own)
			list, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := list.Meta[c.CatalogKey]; got != tc.identity {
				t.Errorf("identity %v, want %s", got, tc.identity)
			}
			if list.TTLMs != 300000 || string(list.CacheScope) != tc.cacheScope || len(list.Tools) != tc.tools {
				t.Errorf("ttlMs %d, cacheScope %q, %d tools; want 300000, %q, %d", list.TTLMs, list.CacheScope, len(list.Tools), tc.cacheScope, tc.tools)
			}
			res := callTool(t, cs, c.ToolT27Status, nil)
			if res.IsError || res.StructuredContent == nil {
				t.Errorf("t27_status on profile 3: %s", wireOf(t, res))
			}
			if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.ToolT27Build, Arguments: map[string]any{"target": "all"}}); (err == nil) == (tc.name == "read") {
				t.Errorf("t27_build with scope %s: %v", tc.name, err)
			}
		})
	}
}

// On 2026-07-28 Elicit and Sample ask through input-required results:
// go-sdk's client answers them and calls again, and the handler, run again
// from its start, gets the answers.
func TestProfile3ElicitSampleInputRequired(t *testing.T) {
	var asked []string
	copts := &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked = append(asked, "elicit "+r.Params.Message)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "ada"}}, nil
		},
		CreateMessageHandler: func(_ context.Context, r *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			asked = append(asked, "sample "+r.Params.Messages[0].Content.(*mcp.TextContent).Text)
			return &mcp.CreateMessageResult{Model: "m", Role: "assistant", Content: &mcp.TextContent{Text: "42"}}, nil
		},
	}
	runs := 0
	handler := func(ctx context.Context, _ c.T27RawInput) (string, error) {
		runs++
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
	cs := connect(t, stub(map[string]any{c.ToolT27Raw: handler}), &Options{Server: &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions3}}, copts, nil)
	if v := cs.InitializeResult(); v != nil && v.ProtocolVersion != Protocol3 {
		t.Logf("negotiated %s", v.ProtocolVersion)
	}
	res := callTool(t, cs, c.ToolT27Raw, map[string]any{"path": "x"})
	if got := wireOf(t, res.Content); got != `[{"type":"text","text":"ada 42"}]` {
		t.Errorf("result: %s", wireOf(t, res))
	}
	if want := []string{"elicit who?", "sample 6*7?"}; !slices.Equal(asked, want) || runs != 3 {
		t.Errorf("client asked %v in %d runs, want %v in 3", asked, runs, want)
	}
}

// Over Streamable HTTP (stateless), go-sdk's client negotiates 2026-07-28
// and each request gets its own token's scope: a read token lists the read table,
// private, and cannot call a tool outside it.
func TestProfile3OverHTTP(t *testing.T) {
	server, err := NewServer(stub(nil), &Options{Scope: TokenScope, Server: &mcp.ServerOptions{SupportedProtocolVersions: ProtocolVersions3}})
	if err != nil {
		t.Fatal(err)
	}
	// The SDK serves 2026-07-28 over HTTP on its stateless handler only.
	h, err := HTTPHandler(server, &mcp.StreamableHTTPOptions{Stateless: true})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(auth.RequireBearerToken(verify, nil)(h))
	t.Cleanup(ts.Close)
	for _, scope := range []string{"read", "all"} {
		cs := httpClient(t, ts.URL, "tok-"+scope)
		list, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		id := c.SpecHash + "/p3"
		if scope != "all" {
			id += "/" + scope
		}
		if got := list.Meta[c.CatalogKey]; got != id || string(list.CacheScope) != "private" || len(list.Tools) != len(inScope(scope)) {
			t.Errorf("%s: identity %v, cacheScope %q, %d tools; want %s, private, %d", scope, got, list.CacheScope, len(list.Tools), id, len(inScope(scope)))
		}
		_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.ToolT27Build, Arguments: map[string]any{"target": "all"}})
		if (err != nil) != (scope == "read") {
			t.Errorf("%s: t27_build: %v", scope, err)
		}
	}
	// A 2025-era client of the same handler still gets its profile 2.
	tr := &mcp.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: &http.Client{Transport: bearer{"tok-all"}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "http-test"}, nil).Connect(context.Background(), tr, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := list.Meta[c.CatalogKey]; got != c.SpecHash+"/p2" || list.CacheScope != "" {
		t.Errorf("2025-11-25 client: identity %v, cacheScope %q; want %s/p2 and none", got, list.CacheScope, c.SpecHash)
	}
}

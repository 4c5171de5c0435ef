package gosdk

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

// The scope tests serve the catalog over Streamable HTTP behind the SDK's
// bearer-token middleware, with one token per scope.

var tokens = map[string][]string{"tok-read": {"read"}, "tok-write": {"write"}, "tok-all": {"all"}}

func verify(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	scopes, ok := tokens[token]
	if !ok {
		return nil, auth.ErrInvalidToken
	}
	return &auth.TokenInfo{Scopes: scopes, Expiration: time.Now().Add(time.Hour)}, nil
}

func httpServer(t *testing.T) string {
	t.Helper()
	server, err := NewServer(stub(nil), &Options{Scope: TokenScope})
	if err != nil {
		t.Fatal(err)
	}
	h, err := HTTPHandler(server, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(auth.RequireBearerToken(verify, nil)(h))
	t.Cleanup(ts.Close)
	return ts.URL
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

func httpClient(t *testing.T, url, token string) *mcp.ClientSession {
	t.Helper()
	tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearer{token}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "http-test"}, nil).Connect(context.Background(), tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func listedNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	return names
}

func inScope(scope string) []string {
	cat := stub(nil)
	var names []string
	var table struct{ Tools []struct{ Name string } }
	json.Unmarshal(cat.ListToolsJSON(2, "all"), &table)
	for _, tool := range table.Tools {
		if cat.InScope(tool.Name, scope) {
			names = append(names, tool.Name)
		}
	}
	return names
}

func TestScopesPerTokenOverHTTP(t *testing.T) {
	url := httpServer(t)
	ctx := context.Background()
	for _, scope := range []string{"read", "write", "all"} {
		t.Run(scope, func(t *testing.T) {
			cs := httpClient(t, url, "tok-"+scope)
			want := inScope(scope)
			if got := listedNames(t, cs); !slices.Equal(got, want) {
				t.Errorf("tools/list: %v\nwant %v", got, want)
			}
			for _, name := range inScope("all") {
				_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
				unknown := err != nil && strings.Contains(err.Error(), "unknown tool")
				if slices.Contains(want, name) == unknown {
					t.Errorf("tools/call %s: %v (in scope: %t)", name, err, !unknown)
				}
			}
		})
	}
	if slices.Contains(inScope("read"), c.ToolT27Build) || slices.Contains(inScope("write"), c.ToolT27Build) {
		t.Fatal("the test needs t27_build outside the read and write scopes")
	}
	cs := httpClient(t, url, "tok-read")
	for _, variant := range []string{"T27_BUILD", "t27_Build", "t27_build ", "t27\u2010build", "ｔ27_build", "t27_bui\u0301ld"} {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: variant, Arguments: map[string]any{"target": "all"}})
		if err == nil || !strings.Contains(err.Error(), "unknown tool") {
			t.Errorf("read token, tools/call %q: %v, want unknown tool", variant, err)
		}
	}
}

// A batch of calls is refused or answered call by call: never does a read
// token run a tool outside its scope.
func TestScopeBatchOverHTTP(t *testing.T) {
	for _, version := range []string{"2025-03-26", "2025-06-18"} {
		batch(t, httpServer(t), version)
	}
}

func batch(t *testing.T, url, version string) {
	post := func(session, body string) (*http.Response, string) {
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer tok-read")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", version)
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res, string(data)
	}
	res, _ := post("", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+version+`","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	session := res.Header.Get("Mcp-Session-Id")
	post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	_, body := post(session, `[{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t27_build","arguments":{"target":"all"}}},{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"T27_BUILD","arguments":{"target":"all"}}}]`)
	t.Logf("%s batch answer: %s", version, body)
	if strings.Contains(body, `"result"`) || !strings.Contains(body, `"error"`) && !strings.Contains(body, "batch") {
		t.Errorf("a batch ran a tool outside the read scope: %s", body)
	}
}

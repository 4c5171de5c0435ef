package gosdk

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolspec/toolspec/compile"
	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/lang/clients"
)

// The catalog's default map is lang/clients' table: every known client
// gets its family when the catalog carries it, else the standard table,
// whatever the case of its name.
func TestDialectForClientIsTheTable(t *testing.T) {
	var cat DialectCatalog = stub(nil)
	carried := map[string]bool{}
	for _, d := range cat.Dialects() {
		carried[d] = true
	}
	for _, cl := range clients.Clients {
		want := ""
		if carried[cl.Dialect()] {
			want = cl.Dialect()
		}
		for _, name := range []string{cl.Name, strings.ToUpper(cl.Name)} {
			if got := cat.DialectForClient(name); got != want {
				t.Errorf("DialectForClient(%q) = %q, want %q", name, got, want)
			}
		}
	}
	if got := cat.DialectForClient("someone"); got != "" {
		t.Errorf("an unknown client gets %q", got)
	}
}

// initializeAs initializes a session as the client called name.
func (w *wire) initializeAs(name, version string) reply {
	w.t.Helper()
	r := w.call(1, "initialize", `{"protocolVersion":"`+version+`","capabilities":{},"clientInfo":{"name":"`+name+`","version":"0"}}`)
	w.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return r
}

// Each client gets its dialect's table (the reference catalog carries
// gemini and openai_strict), byte for byte gen/dialect's, narrowed to the
// session's scope with the scope then the dialect in the identity.
func TestDialectPerClient(t *testing.T) {
	r := compile.File(filepath.Join("..", "..", "specs", "t27mcp", "tool_schema.tspec"))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	for _, tc := range []struct {
		client, version string
		profile         int
		scope, want     string // want "": the standard table
	}{
		{"gemini-cli-mcp-client", "2025-06-18", 2, "", ""}, // its own code reads the standard table
		{"Gemini-CLI-MCP-Client", "2024-11-05", 1, "", ""},
		{"cursor-vscode", "2025-06-18", 2, "read", "cursor"},
		{"claude-code", "2025-06-18", 2, "", ""}, // anthropic: not carried
		{"cursor-vscode", "2025-06-18", 2, "", "cursor"},
		{"Visual Studio Code", "2025-06-18", 2, "", ""}, // copilot: not carried
		{"someone", "2025-06-18", 2, "", ""},
	} {
		var opts *Options
		if tc.scope != "" {
			opts = &Options{Scope: func(context.Context, mcp.Request) string { return tc.scope }}
		}
		w := startWire(t, stub(nil), opts, nil)
		w.initializeAs(tc.client, tc.version)
		got := string(w.call(2, "tools/list", `{}`).Result)
		want := string(c.ListToolsScopedJSON(tc.profile, tc.scope))
		if tc.want != "" {
			want = string(c.ListDialectToolsJSON(tc.profile, tc.scope, tc.want))
		}
		if got != want {
			t.Errorf("%s: tools/list is not the %q table of profile %d scope %q:\n%.300s", tc.client, tc.want, tc.profile, tc.scope, got)
		}
		if tc.want != "" && tc.scope == "" {
			table, _ := dialect.ToolsList(r.Catalog, tc.profile, tc.want)
			if got != string(table) {
				t.Errorf("%s: not gen/dialect's table", tc.client)
			}
		}
		if tc.scope != "" && !strings.Contains(got, `/p2/read/cursor"`) {
			t.Errorf("%s: scoped identity: %.200s", tc.client, got[strings.LastIndex(got, "_meta"):])
		}
	}
}

// Under openai_strict a null optional is dropped before the spec's
// decoder, which still enforces the spec; other sessions send the spec's
// shapes, and a null there is refused.
func TestDialectNormalisesThenEnforcesSpec(t *testing.T) {
	var seen *c.T27SpecsInput
	cat := stub(map[string]any{"t27_specs": func(_ context.Context, in c.T27SpecsInput) (c.T27SpecsOutput, error) {
		seen = &in
		return c.T27SpecsOutput{}, nil
	}})
	strict := &Options{DialectFor: func(string) string { return "openai_strict" }}
	w := startWire(t, cat, strict, nil)
	w.initializeAs("t", "2025-06-18")
	if got, want := string(w.call(2, "tools/list", `{}`).Result), string(c.ListDialectToolsJSON(2, "", "openai_strict")); got != want {
		t.Errorf("DialectFor: tools/list is not the openai_strict table")
	}
	res := w.call(3, "tools/call", `{"name":"t27_specs","arguments":{"prefix":null,"family":null,"limit":null}}`).tool(t)
	if strings.Contains(res.Content[0].Text, "invalid arguments") || seen == nil || seen.Limit != nil || seen.Prefix != nil {
		t.Errorf("nulls of optionals not dropped: %s", res.Content[0].Text)
	}
	res = w.call(4, "tools/call", `{"name":"t27_specs","arguments":{"prefix":null,"family":null,"limit":501}}`).tool(t)
	if !res.IsError || !strings.Contains(res.Content[0].Text, "limit") {
		t.Errorf("the spec's maximum is not enforced: %s", res.Content[0].Text)
	}

	w = startWire(t, cat, nil, nil)
	w.initializeAs("gemini-cli-mcp-client", "2025-06-18")
	res = w.call(2, "tools/call", `{"name":"t27_specs","arguments":{"limit":null}}`).tool(t)
	if !res.IsError || !strings.Contains(res.Content[0].Text, "invalid arguments") {
		t.Errorf("gemini: a null limit accepted: %s", res.Content[0].Text)
	}
}

// DialectFor must name a dialect the catalog carries, or "".
func TestDialectForUncarried(t *testing.T) {
	w := startWire(t, stub(nil), &Options{DialectFor: func(string) string { return "copilot" }}, nil)
	r := w.call(1, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}`)
	if r.Error == nil || !strings.Contains(r.Error.Message, `"copilot"`) {
		t.Errorf("initialize with an uncarried dialect: %s", r.line)
	}
}

// oldDialects is a catalog with dialect tables generated before
// DialectForClient existed.
type oldDialects struct{ Catalog }

func (oldDialects) Dialects() []string { return []string{"gemini"} }

// A catalog with dialect tables that lacks a DialectCatalog method is
// refused, not served the standard table without a word.
func TestOldDialectCatalogRefused(t *testing.T) {
	err := Register(mcp.NewServer(&mcp.Implementation{Name: "t"}, nil), oldDialects{stub(nil)}, nil)
	if err == nil || !strings.Contains(err.Error(), "generate it again") {
		t.Errorf("an old dialect catalog: %v", err)
	}
	if err := Register(mcp.NewServer(&mcp.Implementation{Name: "t"}, nil), stub(nil), nil); err != nil {
		t.Errorf("the current catalog: %v", err)
	}
}

// gemini-cli's wait_for_previous is dropped before validation in its
// sessions, whatever the dialect; in another client's session it is an
// argument the spec refuses.
func TestInjectedArgumentsDropped(t *testing.T) {
	var seen *c.T27SpecsInput
	cat := stub(map[string]any{"t27_specs": func(_ context.Context, in c.T27SpecsInput) (c.T27SpecsOutput, error) {
		seen = &in
		return c.T27SpecsOutput{}, nil
	}})
	for _, opts := range []*Options{nil, {DialectFor: func(string) string { return "gemini" }}} {
		w := startWire(t, cat, opts, nil)
		w.initializeAs("gemini-cli-mcp-client", "2025-06-18")
		seen = nil
		res := w.call(2, "tools/call", `{"name":"t27_specs","arguments":{"limit":5,"wait_for_previous":true}}`).tool(t)
		if res.IsError || seen == nil || seen.Limit == nil || *seen.Limit != 5 {
			t.Errorf("gemini-cli: wait_for_previous not dropped: %s", res.Content[0].Text)
		}
	}
	w := startWire(t, cat, nil, nil)
	w.initializeAs("claude-code", "2025-06-18")
	res := w.call(2, "tools/call", `{"name":"t27_specs","arguments":{"limit":5,"wait_for_previous":true}}`).tool(t)
	if !res.IsError || !strings.Contains(res.Content[0].Text, "wait_for_previous") {
		t.Errorf("claude-code: wait_for_previous accepted: %s", res.Content[0].Text)
	}
}

// Under gemini an any value arrives as JSON text; the handler sees the
// value itself, and a string that is not JSON text stays that string.
func TestGeminiAnyAsText(t *testing.T) {
	var seen string
	cat := stub(map[string]any{"t27_set_config": func(_ context.Context, in c.T27SetConfigInput) (string, error) {
		seen = string(in.Value)
		return "ok", nil
	}})
	w := startWire(t, cat, &Options{DialectFor: func(string) string { return "gemini" }}, nil)
	w.initializeAs("t", "2025-06-18")
	for i, tc := range []struct{ sent, want string }{
		{`"{\"a\":[1,2]}"`, `{"a":[1,2]}`},
		{`"\"debug\""`, `"debug"`},
		{`"null"`, `null`},
		{`"debug"`, `"debug"`},
	} {
		seen = ""
		res := w.call(2+i, "tools/call", `{"name":"t27_set_config","arguments":{"key":"log.level","value":`+tc.sent+`}}`).tool(t)
		if res.IsError || strings.ReplaceAll(seen, " ", "") != tc.want {
			t.Errorf("value %s: the handler saw %s, want %s (%s)", tc.sent, seen, tc.want, res.Content[0].Text)
		}
	}
}

package lsp

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"
	"go.lsp.dev/jsonrpc2"
)

const uri = "file:///tmp/demo.tspec"

// broken has a kind misspelt (TS0501-style unknown kind) and a use of a
// group that does not exist.
const broken = `spec demo

group filter {
  prefix string optional 1..256 "Only specs whose path starts with this"
}

tool list {
  description "List specs."
  in {
    use filtr
    limit integr optional 1..500
  }
  result text
}
`

const fixed = `spec demo

group filter {
  prefix string optional 1..256 "Only specs whose path starts with this"
}

tool list {
  description "List specs."
  in {
    use filter
    limit  integer optional 1..500
  }
  result text
}

test "limits" {
  reject list {"limit": 0} because minimum at "/limit"
}
`

// client is the editor's end of an in-process session.
type client struct {
	t     *testing.T
	conn  jsonrpc2.Conn
	diags chan protocol.PublishDiagnosticsParams
	done  chan error
	// lastCodes are the codes of the last diagnostics published (glsp's
	// IntegerOrString cannot be decoded: its UnmarshalJSON has a value
	// receiver).
	lastCodes []string
}

func startSession(t *testing.T) *client {
	t.Helper()
	a, b := net.Pipe()
	c := &client{t: t, diags: make(chan protocol.PublishDiagnosticsParams, 16), done: make(chan error, 1)}
	go func() { c.done <- Serve(context.Background(), a) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(b))
	c.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.ServerTextDocumentPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(req.Params(), &p); err != nil {
				t.Error(err)
			}
			var codes struct {
				Diagnostics []struct{ Code string }
			}
			json.Unmarshal(req.Params(), &codes)
			c.lastCodes = nil
			for _, d := range codes.Diagnostics {
				c.lastCodes = append(c.lastCodes, d.Code)
			}
			c.diags <- p
		}
		return reply(ctx, nil, nil)
	})
	t.Cleanup(func() { c.conn.Close() })
	return c
}

func (c *client) call(method string, params, result any) error {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := c.conn.Call(ctx, method, params, result)
	return err
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) nextDiags() protocol.PublishDiagnosticsParams {
	c.t.Helper()
	select {
	case p := <-c.diags:
		return p
	case <-time.After(20 * time.Second):
		c.t.Fatal("no publishDiagnostics")
	}
	return protocol.PublishDiagnosticsParams{}
}

// at returns the position of the n-th occurrence (from 0) of needle in text,
// plus delta characters.
func at(text, needle string, n, delta int) protocol.Position {
	off := -1
	for range n + 1 {
		off += 1 + strings.Index(text[off+1:], needle)
	}
	off += delta
	line := strings.Count(text[:off], "\n")
	col := off - (strings.LastIndex(text[:off], "\n") + 1)
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(col)}
}

func doc() protocol.TextDocumentIdentifier { return protocol.TextDocumentIdentifier{URI: uri} }

func TestSession(t *testing.T) {
	c := startSession(t)
	var init protocol.InitializeResult
	if err := c.call("initialize", map[string]any{"capabilities": map[string]any{}}, &init); err != nil {
		t.Fatal(err)
	}
	if init.Capabilities.DocumentFormattingProvider != true {
		t.Errorf("capabilities: %+v", init.Capabilities)
	}
	c.notify("initialized", map[string]any{})

	// A broken spec: diagnostics with codes.
	c.notify("textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "toolspec", Version: 1, Text: broken}})
	p := c.nextDiags()
	codes := c.lastCodes
	// The range after the misspelt kind is not also a misfit on any: the
	// checker leaves a row's modifiers alone when its kind is unknown.
	if got := strings.Join(codes, " "); got != "TS0401 TS0402 TS0501" {
		t.Errorf("codes = %q, want the group unused, the unknown group, the unknown kind", got)
	}
	if len(p.Diagnostics) > 1 {
		if r := p.Diagnostics[1].Range; r.Start != at(broken, "filtr", 0, 0) || r.End != at(broken, "filtr", 0, 5) {
			t.Errorf("range of the unknown group = %+v", r)
		}
	}

	// The did-you-mean fix for the group.
	var actions []protocol.CodeAction
	if err := c.call("textDocument/codeAction", protocol.CodeActionParams{TextDocument: doc(), Range: protocol.Range{Start: at(broken, "filtr", 0, 0), End: at(broken, "filtr", 0, 0)}}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Edit.Changes[uri][0].NewText != "filter" {
		t.Errorf("code actions = %+v", actions)
	}

	// Fixed: no diagnostics.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": fixed}}})
	if p := c.nextDiags(); len(p.Diagnostics) != 0 {
		t.Errorf("diagnostics after the fix: %+v", p.Diagnostics)
	}

	// Hover on a row: its schema and its constraints.
	var hover protocol.Hover
	if err := c.call("textDocument/hover", protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, "limit", 0, 1)}}, &hover); err != nil {
		t.Fatal(err)
	}
	text := hoverText(t, hover)
	for _, want := range []string{`"type": "integer"`, `"maximum": 500`, "minimum 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("hover lacks %q:\n%s", want, text)
		}
	}
	// Hover on a group's row: its schema as its parent lists it.
	if err := c.call("textDocument/hover", protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, "prefix", 0, 0)}}, &hover); err != nil {
		t.Fatal(err)
	}
	if text := hoverText(t, hover); !strings.Contains(text, `"description": "Only specs whose path starts with this"`) || !strings.Contains(text, `"maxLength": 256`) {
		t.Errorf("group row hover:\n%s", text)
	}
	// Hover on a tool: its tools/list entries.
	if err := c.call("textDocument/hover", protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, "list", 0, 0)}}, &hover); err != nil {
		t.Fatal(err)
	}
	if text := hoverText(t, hover); !strings.Contains(text, "profile 2") || !strings.Contains(text, `"inputSchema"`) {
		t.Errorf("tool hover:\n%s", text)
	}

	// Completion: kinds in the kind column, groups after use.
	var items []protocol.CompletionItem
	if err := c.call("textDocument/completion", protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, "integer", 0, 0)}}, &items); err != nil {
		t.Fatal(err)
	}
	if !hasLabel(items, "integer") || !hasLabel(items, "map") {
		t.Errorf("kind completion = %v", labels(items))
	}
	if err := c.call("textDocument/completion", protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, "filter", 1, 0)}}, &items); err != nil {
		t.Fatal(err)
	}
	if got := labels(items); got != "filter" {
		t.Errorf("completion after use = %v", got)
	}
	if err := c.call("textDocument/completion", protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, `"limit"`, 0, 0)}}, &items); err != nil {
		t.Fatal(err)
	}
	if got := labels(items); got != "prefix limit" {
		t.Errorf("property completion in a fixture = %v", got)
	}

	// Definition: use → group, fixture → tool, pointer → row.
	for _, tc := range []struct{ from, to protocol.Position }{
		{at(fixed, "filter", 1, 2), at(fixed, "filter", 0, 0)},
		{at(fixed, "list", 2, 1), at(fixed, "list", 0, 0)},
		{at(fixed, `"/limit"`, 0, 2), at(fixed, "limit", 0, 0)},
	} {
		var locs []protocol.Location
		if err := c.call("textDocument/definition", protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: tc.from}}, &locs); err != nil {
			t.Fatal(err)
		}
		if len(locs) != 1 || locs[0].Range.Start != tc.to {
			t.Errorf("definition from %+v = %+v, want %+v", tc.from, locs, tc.to)
		}
	}

	// References of a group: its declaration and its one use.
	var refs []protocol.Location
	if err := c.call("textDocument/references", protocol.ReferenceParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, "filter", 0, 1)}, Context: protocol.ReferenceContext{IncludeDeclaration: true}}, &refs); err != nil {
		t.Fatal(err)
	}
	if len(refs) != 2 || refs[1].Range.Start != at(fixed, "filter", 1, 0) {
		t.Errorf("references = %+v", refs)
	}

	// Formatting: the whole document, as toolspec fmt writes it.
	var edits []protocol.TextEdit
	if err := c.call("textDocument/formatting", protocol.DocumentFormattingParams{TextDocument: doc()}, &edits); err != nil {
		t.Fatal(err)
	}
	if len(edits) != 1 || !strings.Contains(edits[0].NewText, "limit  integer  optional  1..500") {
		t.Errorf("formatting = %+v", edits)
	}

	var symbols []protocol.DocumentSymbol
	if err := c.call("textDocument/documentSymbol", protocol.DocumentSymbolParams{TextDocument: doc()}, &symbols); err != nil {
		t.Fatal(err)
	}
	if len(symbols) != 3 {
		t.Errorf("symbols = %+v", symbols)
	}

	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop on exit")
	}
}

func hoverText(t *testing.T, h protocol.Hover) string {
	t.Helper()
	b, _ := json.Marshal(h.Contents)
	var m protocol.MarkupContent
	json.Unmarshal(b, &m)
	return m.Value
}

func hasLabel(items []protocol.CompletionItem, l string) bool {
	for _, it := range items {
		if it.Label == l {
			return true
		}
	}
	return false
}

func labels(items []protocol.CompletionItem) string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return strings.Join(out, " ")
}

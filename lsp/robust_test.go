package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// rawSession writes frames as bytes, so it can send what no client
// library would, and reads the answers with the library's framing.
type rawSession struct {
	t    *testing.T
	conn net.Conn
	in   jsonrpc2.Stream
}

func startRaw(t *testing.T) *rawSession {
	a, b := net.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), a) }()
	t.Cleanup(func() {
		b.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("server did not stop when the stream closed")
		}
	})
	return &rawSession{t: t, conn: b, in: jsonrpc2.NewStream(b)}
}

func (r *rawSession) send(body []byte) {
	r.t.Helper()
	go func() {
		fmt.Fprintf(r.conn, "Content-Length: %d\r\n\r\n", len(body))
		r.conn.Write(body)
	}()
}

// next returns the next message from the server that is not a log.
func (r *rawSession) next() jsonrpc2.Message {
	r.t.Helper()
	r.conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	msg, _, err := r.in.Read(context.Background())
	if err != nil {
		r.t.Fatal(err)
	}
	return msg
}

// wantError reads a response and checks its error code.
func (r *rawSession) wantError(code jsonrpc2.Code) {
	r.t.Helper()
	resp, ok := r.next().(*jsonrpc2.Response)
	if !ok {
		r.t.Fatalf("want a response with error %d", code)
	}
	var je *jsonrpc2.Error
	if !errors.As(resp.Err(), &je) || je.Code != code {
		r.t.Fatalf("error = %v, want code %d", resp.Err(), code)
	}
}

func (r *rawSession) wantDiagnostic(substr string) {
	r.t.Helper()
	n, ok := r.next().(*jsonrpc2.Notification)
	if !ok || n.Method() != "textDocument/publishDiagnostics" {
		r.t.Fatalf("want publishDiagnostics")
	}
	if !strings.Contains(string(n.Params()), substr) {
		r.t.Fatalf("diagnostics %s lack %q", n.Params(), substr)
	}
}

func call(id int, method string, params any) []byte {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return b
}

func notification(method string, params any) []byte {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	return b
}

// TestRobust sends what a broken or hostile client might and checks that
// each gets the protocol's answer and that the server goes on serving.
func TestRobust(t *testing.T) {
	r := startRaw(t)
	r.send(call(1, "initialize", map[string]any{}))
	if _, ok := r.next().(*jsonrpc2.Response); !ok {
		t.Fatal("no answer to initialize")
	}
	r.send([]byte(`{"jsonrpc":"2.0","id":2,"method":`))
	r.wantError(jsonrpc2.ParseError)
	r.send([]byte(`[1, 2, 3]`))
	r.wantError(jsonrpc2.ParseError)
	r.send(call(3, "workspace/noSuchMethod", nil))
	r.wantError(jsonrpc2.MethodNotFound)
	r.send(call(4, "textDocument/hover", "not an object"))
	r.wantError(jsonrpc2.InvalidParams)
	r.send(call(5, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.tspec"}, "position": map[string]any{"line": 0, "character": 0}}))
	r.wantError(jsonrpc2.InvalidParams)

	// A 50 MB document is refused with a diagnostic, and requests on it
	// answer without analysing it.
	big := "spec big\n" + strings.Repeat("// padding padding padding padding padding padding\n", 50<<20/51)
	r.send(notification("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///big.tspec", "languageId": "toolspec", "version": 1, "text": big}}))
	r.wantDiagnostic("document larger than")
	r.send(call(6, "textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": "file:///big.tspec"}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}))
	r.wantError(requestFailed)

	// A document whose text is not UTF-8: the bytes go raw into the JSON
	// string, as a careless client would send them. The decoder makes the
	// byte U+FFFD and the lexer reports it (TS0113, unexpected character).
	body := notification("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///latin1.tspec", "languageId": "toolspec", "version": 1, "text": "spec caf\u00e9"}})
	body = bytes.Replace(body, []byte("caf\u00e9"), []byte("caf\xe9"), 1)
	r.send(body)
	r.wantDiagnostic(`"code":"TS0113"`)

	// Still serving.
	r.send(call(7, "shutdown", nil))
	if resp, ok := r.next().(*jsonrpc2.Response); !ok || resp.Err() != nil {
		t.Fatalf("shutdown after the bad messages: %v", resp)
	}
}

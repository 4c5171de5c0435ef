package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// rawSession writes frames as bytes, so it can send what no client
// library would, and reads the answers' frames as bytes too, so it sees
// what the library's decoder refuses (a response whose id is null).
type rawSession struct {
	t    *testing.T
	conn net.Conn
	in   *bufio.Reader
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
	return &rawSession{t: t, conn: b, in: bufio.NewReader(b)}
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
	msg, err := jsonrpc2.DecodeMessage(r.frame())
	if err != nil {
		r.t.Fatal(err)
	}
	return msg
}

// frame reads one Content-Length frame and returns its body.
func (r *rawSession) frame() []byte {
	r.t.Helper()
	r.conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	size := -1
	for {
		line, err := r.in.ReadString('\n')
		if err != nil {
			r.t.Fatal(err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			size, _ = strconv.Atoi(v)
		}
	}
	if size < 0 {
		r.t.Fatal("frame without Content-Length")
	}
	body := make([]byte, size)
	if _, err := io.ReadFull(r.in, body); err != nil {
		r.t.Fatal(err)
	}
	return body
}

// wantParseError reads the answer to a message that could not be
// decoded: a parse error whose id is null, as JSON-RPC says.
func (r *rawSession) wantParseError() {
	r.t.Helper()
	body := r.frame()
	var resp struct {
		ID    json.RawMessage `json:"id"` // null stays "null", absent stays empty
		Error struct{ Code int64 }
	}
	if err := json.Unmarshal(body, &resp); err != nil {
		r.t.Fatal(err)
	}
	if string(resp.ID) != "null" || resp.Error.Code != int64(jsonrpc2.ParseError) {
		r.t.Fatalf("got %s, want a parse error with id null", body)
	}
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
	r.wantParseError()
	r.send([]byte(`[1, 2, 3]`))
	r.wantParseError()
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

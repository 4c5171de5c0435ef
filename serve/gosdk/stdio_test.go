package gosdk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

// deepCall is a tools/call of t27_set_config whose `any` value nests so
// that the whole line is depth levels deep.
func deepCall(id, depth int) string {
	// message, params and arguments are three levels; the value the rest.
	n := depth - 3
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"t27_set_config","arguments":{"key":"k","value":%s%s}}}`,
		id, strings.Repeat("[", n), strings.Repeat("]", n))
}

// Every line the server cannot use is answered with the JSON-RPC error the
// specification names, and the server goes on: a good tools/list answers
// after each.
func TestBadLinesAnswered(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		maxLine    int
		code       int64
		id         string // the id of the error answer
		msg        string
	}{
		{"not JSON", `x`, 0, -32700, "null", "parse error"},
		{"cut short", `{"jsonrpc":"2.0","id":5,"method":"ping"`, 0, -32700, "null", "parse error"},
		{"two messages on one line", `{"jsonrpc":"2.0","id":5,"method":"ping"}{"jsonrpc":"2.0","id":6,"method":"ping"}`, 0, -32700, "null", "parse error"},
		{"batch", `[{"jsonrpc":"2.0","id":5,"method":"ping"}]`, 0, -32600, "null", "batches are not supported"},
		{"empty batch", `[]`, 0, -32600, "null", "batches are not supported"},
		{"not an object", `42`, 0, -32600, "null", "not a JSON-RPC message object"},
		{"id an object", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, 0, -32600, "null", "invalid request"},
		{"wrong version", `{"jsonrpc":"1.0","id":"v","method":"ping"}`, 0, -32600, `"v"`, "invalid request"},
		{"no method, no id", `{"jsonrpc":"2.0"}`, 0, -32600, "null", "invalid request"},
		{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, 0, -32600, "null", "id 1.5 is not an integer"},
		// The decoder reads "\u0069d" and "ID" as id, and the last of two.
		{"escaped fractional id", `{"jsonrpc":"2.0","\u0069d":9.5,"method":"ping"}`, 0, -32600, "null", "id 9.5 is not an integer"},
		{"upper-case fractional id", `{"jsonrpc":"2.0","ID":9.5,"method":"ping"}`, 0, -32600, "null", "id 9.5 is not an integer"},
		{"repeated id, last fractional", `{"jsonrpc":"2.0","id":10,"id":10.5,"method":"ping"}`, 0, -32600, "null", "id 10.5 is not an integer"},
		{"params an array", `{"jsonrpc":"2.0","id":93,"method":"tools/list","params":[1]}`, 0, -32600, "93", "params must be an object"},
		{"params a string", `{"jsonrpc":"2.0","id":"s","method":"tools/list","params":"x"}`, 0, -32600, `"s"`, "params must be an object"},
		{"too long", `{"jsonrpc":"2.0","id":5,"method":"ping","params":{"pad":"` + strings.Repeat("x", 2000) + `"}}`, 1024, -32600, "null", "line longer than 1024 bytes"},
		{"too deep", deepCall(7, MaxDepth+1), 0, -32600, "7", "nested deeper than 1000 levels"},
		{"much too deep", deepCall(8, 100000), 0, -32600, "8", "nested deeper than 1000 levels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := startWire(t, stub(nil), nil, &StdioTransport{MaxLineBytes: tc.maxLine})
			w.initialize("2025-06-18")
			w.send(tc.line)
			r := w.recv()
			if r.Error == nil || r.Error.Code != tc.code || string(r.ID) != tc.id || !strings.Contains(r.Error.Message, tc.msg) {
				t.Errorf("answer %.300s; want error %d, id %s, %q", r.line, tc.code, tc.id, tc.msg)
			}
			if list := w.call(2, "tools/list", `{}`); list.Error != nil {
				t.Errorf("tools/list after the bad line: %.300s", list.line)
			}
		})
	}
}

// The limits are the SDK's own, and a line just within them is served.
func TestWithinLimits(t *testing.T) {
	set := func(context.Context, c.T27SetConfigInput) (string, error) { return "set", nil }
	w := startWire(t, stub(map[string]any{"t27_set_config": set}), nil, nil)
	w.initialize("2025-06-18")
	w.send(deepCall(7, MaxDepth))
	if r := w.recv(); r.Error != nil || string(r.ID) != "7" || r.tool(t).IsError {
		t.Errorf("a line %d deep: %.200s; want it served", MaxDepth, r.line)
	}
	// A line of exactly MaxLineBytes is read; one byte more is not.
	pad := func(n int) string {
		head := `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"_meta":{"pad":"`
		tail := `"}}}`
		return head + strings.Repeat("x", n-len(head)-len(tail)) + tail
	}
	w.send(pad(MaxLineBytes))
	if r := w.recv(); r.Error != nil || string(r.ID) != "9" {
		t.Errorf("a line of MaxLineBytes: %.200s; want the ping answered", r.line)
	}
	w.send(pad(MaxLineBytes + 1))
	if r := w.recv(); r.Error == nil || r.Error.Code != -32600 {
		t.Errorf("a line of MaxLineBytes+1: %.200s; want -32600", r.line)
	}
	w.send("")
	w.send("  \r")
	if r := w.call(3, "tools/list", `{}`); r.Error != nil {
		t.Errorf("tools/list after blank lines: %.200s", r.line)
	}
}

// At the end of input every call read is still answered.
func TestAnswersBeforeEOF(t *testing.T) {
	var out bytes.Buffer
	in := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}
x
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t27_status","arguments":{}}}`
	server, err := NewServer(stub(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := server.Run(context.Background(), &StdioTransport{In: strings.NewReader(in), Out: &out}); err != nil && err != io.EOF {
		t.Logf("Run: %v", err)
	}
	var ids []string
	for line := range strings.SplitSeq(strings.TrimSpace(out.String()), "\n") {
		var r reply
		json.Unmarshal([]byte(line), &r)
		ids = append(ids, string(r.ID))
	}
	slices.Sort(ids) // calls are answered concurrently, in any order
	if got := strings.Join(ids, " "); got != "1 2 3 null" {
		t.Errorf("answers to ids %s; want 1 2 3 null:\n%.500s", got, out.String())
	}
}

// FuzzFraming feeds any bytes to the transport, then a good line: every
// line is either handed to the SDK or answered with -32700 or -32600 (one
// answer per line), and the good line still arrives.
func FuzzFraming(f *testing.F) {
	for _, seed := range []string{
		"x", "[1,2]", "[]", "{}", "42", `"s"`, "null",
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`,
		`{"jsonrpc":"2.0","id":"a\"b","method":"ping","params":[[[[[[[[[[]]]]]]]]]]}`,
		`{"id":1,` + strings.Repeat("[", 40), "\r\n\r\n", "a\nb\n\n{", strings.Repeat("y", 300),
		`{"jsonrpc":"2.0","result":{},"id":3}`, `{"jsonrpc":"2.0","id":1.5,"method":"x"}`,
	} {
		f.Add([]byte(seed))
	}
	const maxLine, maxDepth = 256, 8
	f.Fuzz(func(t *testing.T, data []byte) {
		probe := `{"jsonrpc":"2.0","id":"probe-end","method":"ping"}`
		input := append(append(bytes.Clone(data), '\n'), probe+"\n"...)
		var out bytes.Buffer
		tr := &StdioTransport{In: bytes.NewReader(input), Out: &out, MaxLineBytes: maxLine, MaxDepth: maxDepth}
		conn, err := tr.Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var read []jsonrpc.Message
		for {
			msg, err := conn.Read(context.Background())
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			read = append(read, msg)
			if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
				resp := &jsonrpc.Response{ID: req.ID, Result: json.RawMessage(`{}`)}
				conn.Write(context.Background(), resp) // as the SDK answers every call
			}
		}
		conn.Close()
		want := 0
		for line := range bytes.SplitSeq(input[:len(input)-1], []byte("\n")) {
			if len(line) > maxLine || len(bytes.TrimSpace(line)) > 0 {
				want++
			}
		}
		answers := 0
		for line := range bytes.SplitSeq(bytes.TrimSpace(out.Bytes()), []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			var r struct {
				ID    json.RawMessage `json:"id"`
				Error *struct {
					Code int64 `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal(line, &r); err != nil {
				t.Fatalf("answer %q is not JSON: %v", line, err)
			}
			if r.Error == nil {
				continue // an answer the test wrote for a call
			}
			if r.Error.Code != jsonrpc.CodeParseError && r.Error.Code != jsonrpc.CodeInvalidRequest {
				t.Fatalf("answer %q: code %d", line, r.Error.Code)
			}
			var id any
			json.Unmarshal(r.ID, &id)
			switch id.(type) {
			case nil, string, float64:
			default:
				t.Fatalf("answer %q: id %s", line, r.ID)
			}
			answers++
		}
		if len(read)+answers != want {
			t.Fatalf("%d lines, but %d read and %d answered\nout: %s", want, len(read), answers, out.Bytes())
		}
		last, ok := read[len(read)-1].(*jsonrpc.Request)
		if !ok || last.ID.Raw() != "probe-end" {
			t.Fatalf("the last message read is %+v, want the probe", read[len(read)-1])
		}
	})
}

// A call the client cancelled is not waited for at the end of input.
func TestCancelledNotAwaited(t *testing.T) {
	in := `{"jsonrpc":"2.0","id":7,"method":"ping"}
{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}
`
	tr := &StdioTransport{In: strings.NewReader(in), Out: io.Discard}
	conn, err := tr.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		_, err := conn.Read(context.Background()) // nothing answers the ping
		if err == io.EOF {
			break
		}
		if err != nil || i > 2 {
			t.Fatalf("read %d: %v", i, err)
		}
	}
}

package gosdk

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

const initLine = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
`

func setCall(id string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"t27_set_config","arguments":{"key":"k","value":1}}}`
}

// serveWithin runs Serve on the input and fails the test when it has not
// returned within limit; it returns what the server wrote.
func serveWithin(t *testing.T, cat Catalog, tr *StdioTransport, in string, limit time.Duration) string {
	t.Helper()
	server, err := NewServer(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out lockedBuffer
	tr.In, tr.Out = strings.NewReader(in), &out
	done := make(chan error, 1)
	go func() { done <- tr.Serve(context.Background(), server) }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(limit):
		t.Fatalf("Serve did not return within %v of the end of input", limit)
	}
	return out.String()
}

// Two calls in flight with one id: the second is refused, the first
// answered, and the end of input ends the session (it hung in 12 of 12
// runs).
func TestDuplicateIDsInFlight(t *testing.T) {
	release := make(chan struct{})
	slow := func(context.Context, c.T27SetConfigInput) (string, error) { <-release; return "set", nil }
	w := startWire(t, stub(map[string]any{"t27_set_config": slow}), nil, nil)
	w.initialize("2025-06-18")
	w.send(setCall("5"))
	w.send(setCall("5"))
	r := w.recv()
	if r.Error == nil || string(r.ID) != "5" || !strings.Contains(r.Error.Message, "already the id of a call in flight") {
		t.Fatalf("second call with id 5: %.300s; want an invalid request error", r.line)
	}
	close(release)
	if r := w.recv(); r.Error != nil || string(r.ID) != "5" {
		t.Fatalf("first call with id 5: %.300s; want its result", r.line)
	}

	out := serveWithin(t, stub(nil), &StdioTransport{}, initLine+
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t27_status","arguments":{}}}`+"\n"+
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t27_status","arguments":{}}}`+"\n", 15*time.Second)
	if n := strings.Count(out, `"id":7`); n != 2 {
		t.Errorf("%d answers to id 7, want 2 (a result and a refusal):\n%s", n, out)
	}
}

// A handler that ignores cancellation cannot keep the server alive after
// the end of input.
func TestEOFEndsServer(t *testing.T) {
	stuck := func(context.Context, c.T27SetConfigInput) (string, error) { select {} }
	serveWithin(t, stub(map[string]any{"t27_set_config": stuck}), &StdioTransport{EOFGrace: 200 * time.Millisecond},
		initLine+setCall("3")+"\n", 10*time.Second)
}

// CallTimeout answers a call that takes too long with an error, and its
// handler's context is cancelled.
func TestCallTimeout(t *testing.T) {
	cancelled := make(chan struct{})
	wait := func(ctx context.Context, _ c.T27SetConfigInput) (string, error) {
		<-ctx.Done()
		close(cancelled)
		return "late", nil
	}
	w := startWire(t, stub(map[string]any{"t27_set_config": wait}), nil, &StdioTransport{CallTimeout: 100 * time.Millisecond})
	w.initialize("2025-06-18")
	w.send(setCall("4"))
	r := w.recv()
	if r.Error == nil || r.Error.Code != CodeTimedOut || string(r.ID) != "4" {
		t.Fatalf("answer %.300s; want a timeout error for id 4", r.line)
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the handler's context was not cancelled")
	}
	if r := w.call(6, "ping", `{}`); r.Error != nil {
		t.Errorf("ping after the timeout: %.300s", r.line)
	}
}

// A call the client cancelled is not answered, even when its handler
// returns.
func TestCancelledNotAnswered(t *testing.T) {
	started, returned := make(chan struct{}), make(chan struct{})
	wait := func(ctx context.Context, _ c.T27SetConfigInput) (string, error) {
		close(started)
		<-ctx.Done()
		defer close(returned)
		return "late", nil
	}
	w := startWire(t, stub(map[string]any{"t27_set_config": wait}), nil, nil)
	w.initialize("2025-06-18")
	w.send(setCall("9"))
	<-started // a cancellation before the SDK holds the call is lost in the SDK
	w.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}`)
	<-returned
	time.Sleep(100 * time.Millisecond)
	if r := w.call(10, "ping", `{}`); r.Error != nil {
		t.Errorf("ping: %.300s", r.line)
	}
}

// Strings from the client come back at most QuoteLimit characters long:
// a tool name or cursor of 1 MiB, and the SDK's own errors.
func TestEchoCapped(t *testing.T) {
	w := startWire(t, stub(nil), nil, nil)
	w.initialize("2025-06-18")
	long := strings.Repeat("\u00e9", 1<<19)
	for i, tc := range []struct{ method, params string }{
		{"tools/call", `{"name":"` + long + `","arguments":{}}`},
		{"tools/list", `{"cursor":"` + long + `"}`},
		{"prompts/get", `{"name":"` + long + `"}`},
		{long, `{}`},
	} {
		r := w.call(20+i, tc.method, tc.params)
		if r.Error == nil {
			t.Errorf("%.20s: %.200s; want an error", tc.method, r.line)
			continue
		}
		if len(r.line) > 400 {
			t.Errorf("%.20s: answer of %d bytes, want it short: %.300s", tc.method, len(r.line), r.line)
		}
	}
}

func TestCapMessage(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, tc := range []struct{ in, want string }{
		{`unknown tool "a"`, `unknown tool "a"`},
		{`unknown tool "` + long + `"`, `unknown tool "` + long[:QuoteLimit] + `"...`},
		{`a "` + long + `" b "c"`, `a "` + long[:QuoteLimit] + `"... b "c"`},
	} {
		if got := capMessage(tc.in); got != tc.want {
			t.Errorf("capMessage(%.40q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := capQuote(long); got != fmt.Sprintf("%q...", long[:QuoteLimit]) {
		t.Errorf("capQuote = %s", got)
	}
}

var _ io.Writer = (*lockedBuffer)(nil)

// lockedBuffer is a bytes.Buffer safe for the server's writes and the
// test's read.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

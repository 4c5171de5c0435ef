package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The server refuses to start when handlers and catalog disagree, and says
// which tools. (The end-to-end tests in examples/e2e run the binary.)
func TestRefusesToStart(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{args: []string{"-drop", "t27_grep"}, want: `tools without a handler: "t27_grep"`},
		{args: []string{"-extra", "t27_nope"}, want: `handlers without a tool: "t27_nope"`},
		{env: map[string]string{"TOOLSPEC_EXAMPLE_DROP": "tg_pin, t27_raw"}, want: `tools without a handler: "t27_raw", "tg_pin"`},
		{env: map[string]string{"TOOLSPEC_EXAMPLE_EXTRA": "zz"}, want: `handlers without a tool: "zz"`},
	} {
		var stderr bytes.Buffer
		code := run(tc.args, func(k string) string { return tc.env[k] }, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), "refusing to start") || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("run(%q, %v) = %d, stderr %q; want 1 and %q", tc.args, tc.env, code, stderr.String(), tc.want)
		}
	}
}

func TestHandlersMatchCatalog(t *testing.T) {
	if _, err := newServer(handlers()); err != nil {
		t.Fatal(err)
	}
}

// A result the server cannot marshal is the server's fault: a JSON-RPC
// internal error, not a tool result blaming the client's arguments.
func TestMarshalErrorIsInternal(t *testing.T) {
	cs := &catalogServer{profiles: map[mcp.Session]int{}}
	decode := func([]byte) (struct{}, error) { return struct{}{}, nil }
	validate := func([]byte) error { return nil }
	bad := outTool(decode, validate, func(struct{}) map[string]any { return map[string]any{"x": math.Inf(1)} })
	res, err := cs.handle("t27_status", bad)(context.Background(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "t27_status", Arguments: json.RawMessage(`{}`)}})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInternalError {
		t.Fatalf("handle = %+v, %v; want a JSON-RPC internal error (%d)", res, err, jsonrpc.CodeInternalError)
	}
	if strings.Contains(rpc.Message, "invalid arguments") || !strings.Contains(rpc.Message, "t27_status: internal error") {
		t.Errorf("message %q: want it to name the tool and an internal error, not the arguments", rpc.Message)
	}

	// Arguments the decoder refuses are still the client's: isError, no protocol error.
	refuse := outTool(func([]byte) (struct{}, error) { return struct{}{}, errors.New("/x: type: got array, want object") }, validate,
		func(struct{}) int { return 1 })
	res, err = cs.handle("t27_status", refuse)(context.Background(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "t27_status", Arguments: json.RawMessage(`[1]`)}})
	if err != nil || res == nil || !res.IsError {
		t.Fatalf("handle = %+v, %v; want an isError result", res, err)
	}
}

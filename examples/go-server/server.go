package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

// protocolVersions are the versions the server negotiates. The SDK (v1.8)
// also speaks the sessionless 2026-07-28 protocol, which has no initialize
// handshake and stamps serverInfo into every result's _meta; the catalog's
// profiles end at 2025-06-18, so the server stays on the handshake-era
// versions and answers a 2026-07-28 client with 2025-11-25 (profile 2).
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// A tool is the server side of one catalog row.
type tool struct {
	// call decodes and validates the raw arguments and runs the handler. An
	// error is an argument the client got wrong (a *t27catalog.ValidationError
	// or bad JSON), except an *internalError, which is the server's own
	// failure. For a tool with out, out is the structured result as JSON;
	// otherwise it is nil and text is the result.
	call func(args []byte) (out []byte, text string, err error)
	// validate checks out against the tool's output schema; nil for a tool
	// without out.
	validate func(out []byte) error
}

// outTool makes a tool with `out`: decode the arguments, run, marshal.
func outTool[In, Out any](decode func([]byte) (In, error), validate func([]byte) error, run func(In) Out) tool {
	return tool{
		call: func(args []byte) ([]byte, string, error) {
			in, err := decode(args)
			if err != nil {
				return nil, "", err
			}
			out, err := json.Marshal(run(in))
			if err != nil {
				return nil, "", &internalError{fmt.Errorf("marshalling the result: %w", err)}
			}
			return out, "", nil
		},
		validate: validate,
	}
}

// internalError is a failure of the server after the arguments were
// accepted (a handler result that does not marshal): not the client's
// fault, so it is answered as a JSON-RPC internal error rather than a tool
// result about invalid arguments.
type internalError struct{ err error }

func (e *internalError) Error() string { return e.err.Error() }
func (e *internalError) Unwrap() error { return e.err }

// textTool makes a tool with `result text` or `result any`.
func textTool[In any](run func(In) string, decode func([]byte) (In, error)) tool {
	return tool{call: func(args []byte) ([]byte, string, error) {
		in, err := decode(args)
		if err != nil {
			return nil, "", err
		}
		return nil, run(in), nil
	}}
}

// catalogServer holds what the middleware and the tool handlers share: the
// profile each session negotiated.
type catalogServer struct {
	mu       sync.Mutex
	profiles map[mcp.Session]int
}

func (c *catalogServer) profile(s mcp.Session) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.profiles[s]; ok {
		return p
	}
	return 1
}

// toolsList is a tools/list result that marshals to the catalog's bytes
// exactly. The SDK's own *mcp.ListToolsResult would not: v1.8 always writes
// "ttlMs" and "cacheScope", and its ToolAnnotations writes readOnlyHint and
// idempotentHint even when false.
type toolsList struct {
	mcp.ResultBase
	raw json.RawMessage
}

func (t *toolsList) MarshalJSON() ([]byte, error) { return t.raw, nil }

// newServer checks hs against the catalog (every row needs a handler and
// every handler a row) and returns the server.
func newServer(hs map[string]tool) (*mcp.Server, error) {
	if err := t27catalog.CheckHandlers(slices.Sorted(maps.Keys(hs))); err != nil {
		return nil, err
	}
	// The tools as the SDK needs them to route tools/call. Their schemas are
	// kept as raw JSON; tools/list never shows these values (see below).
	var table struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(t27catalog.ListToolsJSON(2), &table); err != nil {
		return nil, fmt.Errorf("reading the generated table: %v", err)
	}

	cs := &catalogServer{profiles: map[mcp.Session]int{}}
	server := mcp.NewServer(
		&mcp.Implementation{Name: t27catalog.SpecName, Version: t27catalog.SpecHash[:12]},
		&mcp.ServerOptions{SupportedProtocolVersions: protocolVersions},
	)
	for _, row := range table.Tools {
		t := &mcp.Tool{Name: row.Name, InputSchema: row.InputSchema}
		if row.OutputSchema != nil {
			t.OutputSchema = row.OutputSchema
		}
		server.AddTool(t, cs.handle(row.Name, hs[row.Name]))
	}
	server.AddReceivingMiddleware(cs.middleware)
	return server, nil
}

// middleware records the protocol version each session negotiated and
// answers tools/list from the generated table of its profile.
func (c *catalogServer) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "initialize":
			res, err := next(ctx, method, req)
			if init, ok := res.(*mcp.InitializeResult); ok && err == nil {
				c.mu.Lock()
				c.profiles[req.GetSession()] = t27catalog.ProfileFor(init.ProtocolVersion)
				c.mu.Unlock()
			}
			return res, err
		case "tools/list":
			if p, ok := req.GetParams().(*mcp.ListToolsParams); ok && p != nil && p.Cursor != "" {
				return nil, fmt.Errorf("tools/list: unknown cursor %q: the catalog is one page", p.Cursor)
			}
			return &toolsList{raw: t27catalog.ListToolsJSON(c.profile(req.GetSession()))}, nil
		}
		return next(ctx, method, req)
	}
}

// handle is the SDK handler of one tool.
func (c *catalogServer) handle(name string, t tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := []byte(req.Params.Arguments)
		if len(args) == 0 || string(args) == "null" {
			args = []byte("{}") // arguments may be omitted when there are none
		}
		out, text, err := t.call(args)
		if ie := (*internalError)(nil); errors.As(err, &ie) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("%s: internal error: %v", name, ie)}
		}
		if err != nil {
			// The client sent arguments the input schema refuses: a tool
			// error the model can read and correct, not a protocol error.
			return textResult(fmt.Sprintf("%s: invalid arguments: %v", name, err), true), nil
		}
		if t.validate == nil {
			return textResult(text, false), nil
		}
		if err := t.validate(out); err != nil {
			// A handler bug: never send a result that breaks the schema.
			return textResult(fmt.Sprintf("%s: internal error: result does not match the output schema: %v", name, err), true), nil
		}
		res := textResult(string(out), false)
		if c.profile(req.Session) == 2 {
			res.StructuredContent = json.RawMessage(out)
		}
		return res, nil
	}
}

func textResult(text string, isError bool) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: isError, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

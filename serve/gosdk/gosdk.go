package gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Catalog is a generated catalog bound to its handlers: the *Bound that
// the generated Bind and BindMap return.
type Catalog interface {
	// Check is nil when every tool has a handler and every handler a tool.
	Check() error
	SpecName() string
	SpecHash() string
	ProfileFor(protocolVersion string) int
	// ListToolsJSON is the tools/list result of a profile and scope.
	ListToolsJSON(profile int, scope string) []byte
	InScope(tool, scope string) bool
	// Result is "out", "text" or "any".
	Result(tool string) string
	Decode(tool string, args []byte) (any, error)
	Run(ctx context.Context, tool string, in any) (any, error)
	ValidateOutput(tool string, out []byte) error
}

// DialectCatalog is a Catalog generated with dialect tables (gen-go
// --dialects): the *Bound of such a file. NewServer serves each session
// its client's dialect when the catalog is one (see Options.DialectFor).
type DialectCatalog interface {
	Catalog
	// Dialects are the client families whose tables the catalog carries.
	Dialects() []string
	// ListDialectToolsJSON is the tools/list result of a profile and
	// scope lowered to a dialect.
	ListDialectToolsJSON(profile int, scope, dialect string) []byte
	// NormalizeArgs returns a dialect's arguments in the spec's shapes.
	NormalizeArgs(dialect, tool string, args []byte) []byte
	// DialectForClient is the default dialect of a client, by its
	// clientInfo.name: its family (lang/clients' map, generated into the
	// catalog) when the catalog carries it, else "" (the standard table).
	DialectForClient(clientName string) string
}

// Scopes a session can have (see Options.Scope).
const (
	ScopeAll   = "all"   // every tool
	ScopeWrite = "write" // the tools with read_only or additive
	ScopeRead  = "read"  // the tools with the read_only hint
)

// ProtocolVersions are the versions NewServer negotiates, newest first.
// The SDK also speaks the sessionless 2026-07-28 protocol (no initialize
// handshake, serverInfo stamped into every result's _meta); the catalog's
// profiles end at 2025-06-18, so a client asking for 2026-07-28 is
// answered as the SDK answers any version a server does not list: with
// 2025-11-25, profile 2.
var ProtocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// Options configure NewServer and Register. The zero value serves every
// tool to every session.
type Options struct {
	// Scope returns the scope of a session, from its initialize request
	// (its session, and its RequestExtra: the auth token, HTTP headers):
	// ScopeRead, ScopeWrite, ScopeAll or "" (all). It is called once per
	// session. Any other value refuses the initialize request. nil: every
	// session sees every tool.
	Scope func(ctx context.Context, req mcp.Request) string
	// Implementation is the serverInfo NewServer reports; nil: the spec
	// name, and the first 12 digits of the spec hash as the version. Register leaves the server's own.
	Implementation *mcp.Implementation
	// DialectFor returns the dialect of a session from its client's
	// clientInfo.name, once per session, when the catalog carries dialect
	// tables (DialectCatalog): one of its Dialects, or "" for the standard
	// table. Any other value refuses the initialize request. nil: the
	// catalog's DialectForClient (docs/clients.md's default map; a family
	// the catalog does not carry is the standard table). An author who
	// overrides a few clients calls it for the rest. tools/list then answers the dialect's table and
	// tools/call normalises the arguments before the spec's decoder checks
	// them: the spec is always what is enforced.
	DialectFor func(clientName string) string
}

// NewServer returns an SDK server that serves c (see Register), set up to
// negotiate ProtocolVersions. It refuses, with an error naming the tools,
// when c's handlers and tools disagree.
func NewServer(c Catalog, opts *Options) (*mcp.Server, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	impl := &mcp.Implementation{Name: c.SpecName(), Version: c.SpecHash()[:min(12, len(c.SpecHash()))]}
	if opts != nil && opts.Implementation != nil {
		impl = opts.Implementation
	}
	server := mcp.NewServer(impl, &mcp.ServerOptions{
		SupportedProtocolVersions: ProtocolVersions,
		Capabilities: &mcp.ServerCapabilities{
			Logging: &mcp.LoggingCapabilities{},
			Tools:   &mcp.ToolCapabilities{ListChanged: true},
		},
	})
	if err := Register(server, c, opts); err != nil {
		return nil, err
	}
	return server, nil
}

// Register makes server serve c: a receiving middleware records each
// session's profile (from the protocol version the SDK negotiated) and
// scope, answers tools/list with c's table for them byte for byte, and
// answers tools/call. Tools are not added to the server's own registry;
// the middleware answers for them. It refuses, with an error naming the
// tools, when c's handlers and tools disagree.
//
// A server made with mcp.NewServer negotiates every version the SDK
// knows, 2026-07-28 included; NewServer restricts it to ProtocolVersions.
func Register(server *mcp.Server, c Catalog, opts *Options) error {
	_, err := register(server, c, opts)
	return err
}

func register(server *mcp.Server, c Catalog, opts *Options) (*catalogServer, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	s := &catalogServer{cat: c, sessions: map[mcp.Session]session{}}
	s.dialects, _ = c.(DialectCatalog)
	if _, tables := c.(interface{ Dialects() []string }); tables && s.dialects == nil {
		// A file from an older toolspec: serving it the standard table to
		// every client would drop its dialects without a word.
		return nil, errors.New("the catalog carries dialect tables but not all of DialectCatalog's methods: generate it again with this toolspec")
	}
	if opts != nil {
		s.scope = opts.Scope
		s.dialectFor = opts.DialectFor
	}
	server.AddReceivingMiddleware(s.middleware)
	return s, nil
}

// Run serves server on StdioTransport until the client closes stdin: nil
// then, else the error that ended the session.
func Run(ctx context.Context, server *mcp.Server) error {
	return (&StdioTransport{}).Serve(ctx, server)
}

type session struct {
	profile  int
	scope    string
	dialect  string   // "": the standard table
	injected []string // the arguments the client injects (injected.go)
}

type catalogServer struct {
	cat        Catalog
	scope      func(context.Context, mcp.Request) string
	dialects   DialectCatalog // nil when the catalog carries no dialect tables
	dialectFor func(string) string
	declared   declared

	mu       sync.Mutex
	sessions map[mcp.Session]session // dropped when the session closes
}

// sessionCount is the number of sessions whose profile is kept.
func (s *catalogServer) sessionCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// remember keeps a session's state until the session closes.
func (s *catalogServer) remember(ss mcp.Session, st session) {
	s.mu.Lock()
	_, known := s.sessions[ss]
	s.sessions[ss] = st
	s.mu.Unlock()
	if w, ok := ss.(interface{ Wait() error }); ok && !known {
		go func() {
			w.Wait()
			s.mu.Lock()
			delete(s.sessions, ss)
			s.mu.Unlock()
		}()
	}
}

// session returns the state of the session that sent req. A session that
// did not initialize (the sessionless 2026-07-28 protocol, on a server
// that allows it) gets the profile of the version its request names.
func (s *catalogServer) session(ctx context.Context, req mcp.Request) (session, error) {
	ss := req.GetSession()
	s.mu.Lock()
	st, ok := s.sessions[ss]
	s.mu.Unlock()
	if ok {
		return st, nil
	}
	version, client := "", ""
	if srv, ok := ss.(*mcp.ServerSession); ok && srv.InitializeParams() != nil {
		version = srv.InitializeParams().ProtocolVersion
		if ci := srv.InitializeParams().ClientInfo; ci != nil {
			client = ci.Name
		}
	}
	scope, err := s.scopeOf(ctx, req)
	if err != nil {
		return session{}, err
	}
	dialect, err := s.dialectOf(client)
	if err != nil {
		return session{}, err
	}
	st = session{profile: s.cat.ProfileFor(version), scope: scope, dialect: dialect, injected: injectedBy(client)}
	s.remember(ss, st)
	return st, nil
}

func (s *catalogServer) scopeOf(ctx context.Context, req mcp.Request) (string, error) {
	if s.scope == nil {
		return ScopeAll, nil
	}
	switch scope := s.scope(ctx, req); scope {
	case "", ScopeAll:
		return ScopeAll, nil
	case ScopeRead, ScopeWrite:
		return scope, nil
	default:
		return "", &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("server scope %q is none of read, write, all", scope)}
	}
}

// dialectOf is the dialect of a session whose client is called client.
func (s *catalogServer) dialectOf(client string) (string, error) {
	if s.dialects == nil {
		return "", nil
	}
	pick := s.dialectFor
	if pick == nil {
		pick = s.dialects.DialectForClient
	}
	d := pick(client)
	if d == "" || slices.Contains(s.dialects.Dialects(), d) {
		return d, nil
	}
	if s.dialectFor == nil {
		return "", nil // a default family this catalog does not carry
	}
	return "", &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("server dialect %q is not one the catalog carries (%s)", d, strings.Join(s.dialects.Dialects(), ", "))}
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

func (s *catalogServer) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "initialize":
			scope, err := s.scopeOf(ctx, req)
			if err != nil {
				return nil, err
			}
			client := ""
			if p, ok := req.GetParams().(*mcp.InitializeParams); ok && p != nil && p.ClientInfo != nil {
				client = p.ClientInfo.Name
			}
			dialect, err := s.dialectOf(client)
			if err != nil {
				return nil, err
			}
			res, err := next(ctx, method, req)
			if init, ok := res.(*mcp.InitializeResult); ok && err == nil {
				// The version the SDK negotiated, not the one asked for.
				s.remember(req.GetSession(), session{profile: s.cat.ProfileFor(init.ProtocolVersion), scope: scope, dialect: dialect, injected: injectedBy(client)})
				if init.Capabilities != nil && init.Capabilities.Tools == nil {
					init.Capabilities.Tools = &mcp.ToolCapabilities{ListChanged: true}
				}
			}
			return res, err
		case "tools/list":
			st, err := s.session(ctx, req)
			if err != nil {
				return nil, err
			}
			if p, ok := req.GetParams().(*mcp.ListToolsParams); ok && p != nil && p.Cursor != "" {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "tools/list: unknown cursor " + capQuote(p.Cursor) + ": the catalog is one page"}
			}
			if st.dialect != "" {
				return &toolsList{raw: s.dialects.ListDialectToolsJSON(st.profile, st.scope, st.dialect)}, nil
			}
			return &toolsList{raw: s.cat.ListToolsJSON(st.profile, st.scope)}, nil
		case "tools/call":
			st, err := s.session(ctx, req)
			if err != nil {
				return nil, err
			}
			p, _ := req.GetParams().(*mcp.CallToolParamsRaw)
			if p == nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "tools/call: missing params"}
			}
			return s.call(ctx, st, p.Name, p.Arguments)
		}
		return next(ctx, method, req)
	}
}

// call answers one tools/call. Whatever concerns the client's arguments or
// the handler's outcome is a tool result (isError: the model can read it);
// an unknown tool, or a result the server cannot serialize, is a JSON-RPC
// error.
func (s *catalogServer) call(ctx context.Context, st session, name string, args json.RawMessage) (*mcp.CallToolResult, error) {
	if !s.cat.InScope(name, st.scope) {
		// The SDK's own answer for a tool it does not have.
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "unknown tool " + capQuote(name)}
	}
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}") // arguments may be omitted when there are none
	}
	args = s.stripInjected(st.injected, name, args)
	if st.dialect != "" {
		args = s.dialects.NormalizeArgs(st.dialect, name, args)
	}
	in, err := s.cat.Decode(name, args)
	if err != nil {
		return textResult(name+": invalid arguments: "+problems(err), true), nil
	}
	out, err := s.run(ctx, name, in)
	if err != nil {
		return textResult(name+": "+err.Error(), true), nil
	}
	kind := s.cat.Result(name)
	if kind == "text" {
		text, ok := out.(string)
		if !ok {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("%s: internal error: handler returned %T, want string", name, out)}
		}
		return textResult(text, false), nil
	}
	data, err := json.Marshal(out)
	if err != nil {
		// The server's fault, never the arguments'.
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("%s: internal error: marshalling the result: %v", name, err)}
	}
	if kind != "out" {
		return textResult(string(data), false), nil
	}
	if err := s.cat.ValidateOutput(name, data); err != nil {
		// A handler bug: never send a result that breaks the schema.
		return textResult(fmt.Sprintf("%s: internal error: result does not match the output schema: %s", name, problems(err)), true), nil
	}
	res := textResult(string(data), false)
	if st.profile == 2 {
		res.StructuredContent = json.RawMessage(data)
	}
	return res, nil
}

// run calls the handler; a panic is its error, and the server goes on.
func (s *catalogServer) run(ctx context.Context, name string, in any) (out any, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("internal error: handler panicked: %v", r)
		}
	}()
	return s.cat.Run(ctx, name, in)
}

// problems is an error's text: a generated decoder's ValidationError
// names every problem itself ("; "-separated, at most 20, then how many
// more); the problems of a joined error are joined the same way.
func problems(err error) string {
	var list interface{ Unwrap() []error }
	if errors.As(err, &list) {
		var parts []string
		for _, e := range list.Unwrap() {
			parts = append(parts, e.Error())
		}
		return strings.Join(parts, "; ")
	}
	return err.Error()
}

func textResult(text string, isError bool) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: isError, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

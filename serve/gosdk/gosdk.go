package gosdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
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
// Profile 3 is opt-in: ProtocolVersions3 adds 2026-07-28.
var ProtocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// ProtocolVersions3 are ProtocolVersions and the sessionless 2026-07-28
// protocol (no initialize handshake: each request names its version and
// client in _meta), whose requests get profile 3 (LANGUAGE.md §5): the
// profile-2 table with ttlMs, cacheScope and resultType, identity
// <hash>/p3. Give it as Options.Server.SupportedProtocolVersions; a server
// of mcp.NewServer's defaults negotiates it too. In that era a server
// sends the client no request of its own: Elicit and Sample ask through
// an input-required result instead (ErrInputRequired).
var ProtocolVersions3 = append([]string{Protocol3}, ProtocolVersions...)

// Protocol3 is the first protocol version served with profile 3.
const Protocol3 = "2026-07-28"

// profile3TTLMs is a profile-3 table's ttlMs (model.Profile3TTLMs).
const profile3TTLMs = 300000

// Options configure NewServer and Register. The zero value serves every
// tool to every session.
type Options struct {
	// Scope returns the scope of a caller, from its request (its session,
	// and its RequestExtra: the bearer token's auth.TokenInfo, the HTTP
	// headers): ScopeRead, ScopeWrite, ScopeAll or "" (all). It is called
	// at initialize, and again on every tools/list and tools/call that
	// carries a token (TokenInfo), so that over HTTP each request gets its
	// own caller's scope. Any other value refuses the request. nil: every
	// session sees every tool. TokenScope reads the token's scopes.
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
	// Server are the SDK's own server options for NewServer: instructions,
	// capabilities, completion and subscribe handlers, keep-alive, a
	// logger… What it leaves out keeps NewServer's defaults:
	// SupportedProtocolVersions ProtocolVersions, and the logging and tools
	// capabilities when Capabilities is nil (the tools capability is added
	// to capabilities that lack it). Register ignores it.
	Server *mcp.ServerOptions
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
	var so mcp.ServerOptions
	if opts != nil && opts.Server != nil {
		so = *opts.Server
	}
	if len(so.SupportedProtocolVersions) == 0 {
		so.SupportedProtocolVersions = ProtocolVersions
	}
	if so.Capabilities == nil {
		so.Capabilities = &mcp.ServerCapabilities{Logging: &mcp.LoggingCapabilities{}}
	} else {
		caps := *so.Capabilities
		so.Capabilities = &caps
	}
	if so.Capabilities.Tools == nil {
		so.Capabilities.Tools = &mcp.ToolCapabilities{ListChanged: true}
	}
	server := mcp.NewServer(impl, &so)
	if err := Register(server, c, opts); err != nil {
		return nil, err
	}
	return server, nil
}

// Register makes server serve c: a receiving middleware records each
// session's profile (from the protocol version the SDK negotiated) and
// scope, answers tools/list with c's table for them byte for byte, and
// answers tools/call. Tools are not added to the server's own registry;
// the middleware answers for them. Tools added to the server with the
// SDK's own AddTool are served beside the catalog's: listed after them
// (the table is then no longer the catalog's bytes) and called by the SDK.
// A name in both is refused: tools/list and tools/call answer an error
// naming it, and Run and HTTPHandler refuse to start. Scopes narrow the
// catalog's tools only. Register refuses, with an error naming the tools,
// when c's handlers and tools disagree.
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
	registered.Store(server, s)
	return s, nil
}

// Run serves server on StdioTransport until the client closes stdin: nil
// then, else the error that ended the session.
func Run(ctx context.Context, server *mcp.Server) error {
	if err := checkServer(server); err != nil {
		return err
	}
	return (&StdioTransport{}).Serve(ctx, server)
}

type session struct {
	profile  int
	scope    string
	dialect  string   // "": the standard table
	injected []string // the arguments the client injects (injected.go)
}

// registered are the catalog servers by the SDK server they serve on, for
// the checks Run and HTTPHandler make before serving.
var registered sync.Map // *mcp.Server → *catalogServer

type catalogServer struct {
	cat        Catalog
	next       mcp.MethodHandler // the server's own handling, below the middleware
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

// session returns the state of the session that sent req. A request of
// the sessionless 2026-07-28 protocol gets profile 3 and the scope and
// dialect of its own caller, every time; a session that did not
// initialize otherwise gets profile 1.
func (s *catalogServer) session(ctx context.Context, req mcp.Request) (session, error) {
	if sessionless(req) {
		// 2026-07-28: the request says who it is, every time.
		client := ""
		if r, ok := req.(interface{ ClientInfo() *mcp.Implementation }); ok && r.ClientInfo() != nil {
			client = r.ClientInfo().Name
		}
		return s.newSession(ctx, req, 3, client)
	}
	ss := req.GetSession()
	s.mu.Lock()
	st, ok := s.sessions[ss]
	s.mu.Unlock()
	if ok {
		if s.scope != nil && req.GetExtra() != nil && req.GetExtra().TokenInfo != nil {
			// Over HTTP each request carries its caller's token: the
			// scope is that caller's, not the one that initialized.
			scope, err := s.scopeOf(ctx, req)
			if err != nil {
				return session{}, err
			}
			st.scope = scope
		}
		return st, nil
	}
	version, client := "", ""
	if srv, ok := ss.(*mcp.ServerSession); ok && srv.InitializeParams() != nil {
		version = srv.InitializeParams().ProtocolVersion
		if ci := srv.InitializeParams().ClientInfo; ci != nil {
			client = ci.Name
		}
	}
	st, err := s.newSession(ctx, req, s.cat.ProfileFor(version), client)
	if err == nil {
		s.remember(ss, st)
	}
	return st, err
}

// newSession is the state of a caller of a profile, from its request and
// its client's name.
func (s *catalogServer) newSession(ctx context.Context, req mcp.Request, profile int, client string) (session, error) {
	scope, err := s.scopeOf(ctx, req)
	if err != nil {
		return session{}, err
	}
	dialect, err := s.dialectOf(client)
	if err != nil {
		return session{}, err
	}
	return session{profile: profile, scope: scope, dialect: dialect, injected: injectedBy(client)}, nil
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

func (t *toolsList) MarshalJSON() ([]byte, error) {
	if len(t.Meta) == 0 {
		return t.raw, nil
	}
	// What the SDK put in _meta (on 2026-07-28, its serverInfo) joins the
	// catalog identity: the table's last member is _meta.
	extra, err := json.Marshal(t.Meta)
	if err != nil || len(extra) <= 2 || !bytes.HasSuffix(t.raw, []byte("}}")) {
		return t.raw, err
	}
	out := append([]byte(nil), t.raw[:len(t.raw)-2]...)
	out = append(out, ',')
	out = append(out, extra[1:len(extra)-1]...)
	return append(out, "}}"...), nil
}

// cacheable is a profile-3 table as this server serves it to a caller:
// the catalog's own, "private" when it is served per caller (a Scope
// function) though it is the full one. A catalog generated before its
// files carried profile-3 tables gets its profile-2 table, marked so.
func (s *catalogServer) cacheable(table []byte, st session) ([]byte, error) {
	if !bytes.Contains(table, []byte(`"ttlMs":`)) {
		old := s.cat.ListToolsJSON(2, st.scope)
		if st.dialect != "" {
			old = s.dialects.ListDialectToolsJSON(2, st.scope, st.dialect)
		}
		cacheScope := "public"
		if st.scope != ScopeAll {
			cacheScope = "private"
		}
		var err error
		if table, err = profile3(old, cacheScope); err != nil {
			return nil, err
		}
	}
	if s.scope != nil {
		public := fmt.Sprintf(`],"ttlMs":%d,"cacheScope":"public",`, profile3TTLMs)
		table = bytes.Replace(table, []byte(public), []byte(strings.Replace(public, "public", "private", 1)), 1)
	}
	return table, nil
}

// profile3 is a profile-2 table as profile 3 serves it: ttlMs, cacheScope
// and resultType before its _meta, whose identity says /p3 (gen-json
// --profile 3 writes the same bytes for the full table).
func profile3(table []byte, cacheScope string) ([]byte, error) {
	at := bytes.LastIndex(table, []byte(`,"_meta":{`))
	id := bytes.Index(table[max(at, 0):], []byte(`/p2`))
	if at < 0 || id < 0 {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "tools/list: the catalog table has no _meta identity to serve on profile 3"}
	}
	id += at
	out := make([]byte, 0, len(table)+80)
	out = append(out, table[:at]...)
	out = fmt.Appendf(out, `,"ttlMs":%d,"cacheScope":%q,"resultType":"complete"`, profile3TTLMs, cacheScope)
	out = append(out, table[at:id]...)
	out = append(out, "/p3"...)
	return append(out, table[id+3:]...), nil
}

func (s *catalogServer) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	s.next = next
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
			own, err := s.ownTools(ctx, req.GetSession())
			if err != nil {
				return nil, err
			}
			raw := s.cat.ListToolsJSON(st.profile, st.scope)
			if st.dialect != "" {
				raw = s.dialects.ListDialectToolsJSON(st.profile, st.scope, st.dialect)
			}
			if st.profile == 3 {
				if raw, err = s.cacheable(raw, st); err != nil {
					return nil, err
				}
			}
			if len(own) > 0 {
				if raw, err = appendTools(raw, own); err != nil {
					return nil, err
				}
			}
			return &toolsList{raw: raw}, nil
		case "tools/call":
			st, err := s.session(ctx, req)
			if err != nil {
				return nil, err
			}
			p, _ := req.GetParams().(*mcp.CallToolParamsRaw)
			if p == nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "tools/call: missing params"}
			}
			if s.cat.Result(p.Name) == "" {
				// Not the catalog's: one of the server's own tools, if any.
				if _, err := s.ownTools(ctx, req.GetSession()); err != nil {
					return nil, err
				}
				return next(ctx, method, req)
			}
			creq, _ := req.(*mcp.CallToolRequest)
			return s.call(ctx, st, creq, p.Name, p.Arguments)
		}
		return next(ctx, method, req)
	}
}

// call answers one tools/call. Whatever concerns the client's arguments or
// the handler's outcome is a tool result (isError: the model can read it);
// an unknown tool, or a result the server cannot serialize, is a JSON-RPC
// error. The handler's ctx carries req (Request) and takes its content
// blocks (SetContent).
func (s *catalogServer) call(ctx context.Context, st session, req *mcp.CallToolRequest, name string, args json.RawMessage) (*mcp.CallToolResult, error) {
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
	ctx, c := withCall(ctx, req)
	out, err := s.run(ctx, name, in)
	if len(c.inputs) > 0 {
		// The handler asked the client (2026-07-28): whatever it returned,
		// the call is answered when the client has answered.
		res, err := c.inputRequired()
		if err != nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("%s: internal error: input-required result: %v", name, err)}
		}
		return res, nil
	}
	if err != nil {
		return textResult(name+": "+err.Error(), true), nil
	}
	kind := s.cat.Result(name)
	if kind == "any" {
		// Content blocks of the handler's own.
		switch out := out.(type) {
		case *mcp.CallToolResult:
			if out == nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: name + ": internal error: handler returned a nil *mcp.CallToolResult"}
			}
			return out, nil
		case mcp.Content:
			return &mcp.CallToolResult{Content: []mcp.Content{out}}, nil
		case []mcp.Content:
			return &mcp.CallToolResult{Content: nonNil(out)}, nil
		}
	}
	if kind == "text" {
		text, ok := out.(string)
		if !ok {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("%s: internal error: handler returned %T, want string", name, out)}
		}
		if c.set {
			return &mcp.CallToolResult{Content: nonNil(c.content)}, nil
		}
		return textResult(text, false), nil
	}
	data, err := json.Marshal(out)
	if err != nil {
		// The server's fault, never the arguments'.
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("%s: internal error: marshalling the result: %v", name, err)}
	}
	if kind != "out" {
		if c.set {
			return &mcp.CallToolResult{Content: nonNil(c.content)}, nil
		}
		return textResult(string(data), false), nil
	}
	if err := s.cat.ValidateOutput(name, data); err != nil {
		// A handler bug: never send a result that breaks the schema.
		return textResult(fmt.Sprintf("%s: internal error: result does not match the output schema: %s", name, problems(err)), true), nil
	}
	res := textResult(string(data), false)
	if c.set {
		res.Content = nonNil(c.content)
	}
	if st.profile >= 2 {
		res.StructuredContent = json.RawMessage(data)
	}
	return res, nil
}

// nonNil keeps "content": [] on the wire for a handler that gave no blocks.
func nonNil(blocks []mcp.Content) []mcp.Content {
	if blocks == nil {
		return []mcp.Content{}
	}
	return blocks
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

// ownTools are the tools added to the server with the SDK's AddTool, as
// the SDK lists them; an error when one has a catalog tool's name.
func (s *catalogServer) ownTools(ctx context.Context, ss mcp.Session) ([]*mcp.Tool, error) {
	srv, _ := ss.(*mcp.ServerSession)
	res, err := s.next(ctx, "tools/list", &mcp.ListToolsRequest{Session: srv, Params: &mcp.ListToolsParams{}})
	if err != nil {
		return nil, err
	}
	list, _ := res.(*mcp.ListToolsResult)
	if list == nil {
		return nil, nil
	}
	var clash []string
	for _, t := range list.Tools {
		if s.cat.Result(t.Name) != "" {
			clash = append(clash, strconv.Quote(t.Name))
		}
	}
	if len(clash) > 0 {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("tools added with AddTool have the names of catalog tools: %s", strings.Join(clash, ", "))}
	}
	return list.Tools, nil
}

// appendTools appends tools to a catalog table's tools array.
func appendTools(table []byte, tools []*mcp.Tool) ([]byte, error) {
	end := bytes.LastIndex(table, []byte(`],"_meta":`))
	if p3 := bytes.LastIndex(table, []byte(`],"ttlMs":`)); p3 >= 0 {
		end = p3
	}
	if end < 0 {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "tools/list: the catalog table has no tools array to extend"}
	}
	out := append([]byte(nil), table[:end]...)
	for i, t := range tools {
		data, err := json.Marshal(t)
		if err != nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("tools/list: tool %q: %v", t.Name, err)}
		}
		if i > 0 || !bytes.HasSuffix(out, []byte("[")) {
			out = append(out, ',')
		}
		out = append(out, data...)
	}
	return append(out, table[end:]...), nil
}

// checkServer is the check Run and HTTPHandler make before serving: no
// tool added with AddTool has a catalog tool's name. The SDK lists its
// tools to a session only, so the check lists them on an in-memory one.
func checkServer(server *mcp.Server) error {
	if _, ok := registered.Load(server); !ok {
		return nil
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return err
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "toolspec-check"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	defer cs.Close()
	if _, err := cs.ListTools(ctx, nil); err != nil {
		return err
	}
	return nil
}

// sessionless reports whether req follows the 2026-07-28 protocol: its
// _meta names the version (a session's InitializeParams hold the version
// the client asked for, not the one negotiated, so they do not count).
func sessionless(req mcp.Request) bool {
	p := req.GetParams()
	if p == nil || reflect.ValueOf(p).IsNil() {
		return false
	}
	v, _ := p.GetMeta()[mcp.MetaKeyProtocolVersion].(string)
	return v >= Protocol3
}

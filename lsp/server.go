package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
	"go.lsp.dev/jsonrpc2"

	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

// Server is one language server session: the open documents and the
// method table.
type Server struct {
	docs    map[string]*document
	handler protocol.Handler
	// notify sends a notification to the client.
	notify glsp.NotifyFunc
	// exited is closed by the exit notification; shutdown says whether a
	// shutdown request came first (LSP: exit code 0 then, 1 otherwise).
	exited   chan struct{}
	shutdown atomic.Bool

	// mu is held by each request and by a finished test-report run while
	// it publishes: requests are answered while test-report runs.
	mu sync.Mutex
	// lenses cancels the test-report run of each document, if one runs;
	// running counts the runs, for tests to wait on.
	lenses  map[string]context.CancelFunc
	running sync.WaitGroup
}

// ErrExitWithoutShutdown is Serve's error when the client sent exit
// without a shutdown request before it: the protocol's exit code 1.
var ErrExitWithoutShutdown = errors.New("exit without shutdown")

// New returns a server that sends notifications through notify.
func New(notify glsp.NotifyFunc) *Server {
	s := &Server{docs: map[string]*document{}, notify: notify, exited: make(chan struct{}), lenses: map[string]context.CancelFunc{}}
	s.handler = protocol.Handler{
		Initialize:                 s.initialize,
		Initialized:                func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:                   func(*glsp.Context) error { s.shutdown.Store(true); return nil },
		Exit:                       s.exit,
		SetTrace:                   func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:        s.didOpen,
		TextDocumentDidChange:      s.didChange,
		TextDocumentDidClose:       s.didClose,
		TextDocumentDidSave:        func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },
		TextDocumentHover:          s.hover,
		TextDocumentCompletion:     s.completion,
		TextDocumentDefinition:     s.definition,
		TextDocumentReferences:     s.references,
		TextDocumentDocumentSymbol: s.symbols,
		TextDocumentFormatting:     s.formatting,
		TextDocumentCodeAction:     s.codeActions,
		TextDocumentCodeLens:       s.codeLens,
		WorkspaceExecuteCommand:    s.executeCommand,
	}
	return s
}

// Serve runs a session on rwc (stdin and stdout for `toolspec lsp`) until
// the client sends exit or closes the stream.
func Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	stream := newStream(rwc)
	conn := jsonrpc2.NewConn(stream)
	s := New(func(method string, params any) { conn.Notify(ctx, method, params) })
	conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		result, err := s.Handle(req.Method(), req.Params())
		if _, isCall := req.(*jsonrpc2.Call); !isCall {
			return nil
		}
		return reply(ctx, result, err)
	})
	select {
	case <-conn.Done():
	case <-s.exited:
		// The reader may be blocked on stdin, which closing cannot
		// interrupt: the session is over, so return without waiting.
		conn.Close()
		if !s.shutdown.Load() {
			return ErrExitWithoutShutdown
		}
		return nil
	case <-ctx.Done():
		conn.Close()
	}
	// The connection ends when the input does: that is how a session
	// without exit ends, not a failure.
	if err := conn.Err(); err != nil && stream.conn.readErr == nil {
		return err
	}
	return nil
}

// Handle runs one method and returns its result or its JSON-RPC error. It
// never panics: a failure inside a feature is an internal error answer.
func (s *Server) Handle(method string, params json.RawMessage) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			result, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "toolspec lsp: %s failed: %v", method, p)
		}
	}()
	if len(params) == 0 {
		params = json.RawMessage("null")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if method == protocol.MethodExit {
		// glsp's dispatch refuses every method after shutdown, exit too.
		return nil, s.exit(nil)
	}
	ctx := &glsp.Context{Method: method, Params: params, Notify: s.notify}
	r, validMethod, validParams, err := s.handler.Handle(ctx)
	switch {
	case !validMethod:
		return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not supported: %s", method)
	case !validParams:
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %v", method, err)
	case err != nil:
		if je, ok := err.(*jsonrpc2.Error); ok {
			return nil, je
		}
		return nil, jsonrpc2.Errorf(requestFailed, "%v", err)
	}
	return r, nil
}

// requestFailed is LSP's RequestFailed: the request was understood but
// could not be carried out.
const requestFailed jsonrpc2.Code = -32803

const commandTestReport = "toolspec.testReport"

func (s *Server) initialize(*glsp.Context, *protocol.InitializeParams) (any, error) {
	sync := protocol.TextDocumentSyncKindIncremental
	yes := true
	version := "1"
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync:           protocol.TextDocumentSyncOptions{OpenClose: &yes, Change: &sync},
			HoverProvider:              true,
			CompletionProvider:         &protocol.CompletionOptions{TriggerCharacters: []string{" ", "\"", "<", "("}},
			DefinitionProvider:         true,
			ReferencesProvider:         true,
			DocumentSymbolProvider:     true,
			DocumentFormattingProvider: true,
			CodeActionProvider:         true,
			CodeLensProvider:           &protocol.CodeLensOptions{},
			ExecuteCommandProvider:     &protocol.ExecuteCommandOptions{Commands: []string{commandTestReport}},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "toolspec", Version: &version},
	}, nil
}

func (s *Server) exit(*glsp.Context) error {
	select {
	case <-s.exited:
	default:
		close(s.exited)
	}
	return nil
}

// errTooLarge is why a document is not analysed.
var errTooLarge = fmt.Sprintf("document larger than %d MB: toolspec lsp does not analyse it", maxDocument>>20)

// open analyses a new text of a document and publishes its diagnostics. A
// text that is too big is not analysed: the document is kept with no tree
// (requests on it answer empty, formatting refuses) and one diagnostic says
// why.
//
// Text that is not UTF-8 never reaches here as such: JSON-RPC is UTF-8, and
// the decoder turns each invalid byte into U+FFFD, which the lexer reports
// where it stands.
func (s *Server) open(uri string, version int32, text string) error {
	return s.openLines(uri, version, text, lineStarts(text))
}

// openLines is open given where the text's lines start.
func (s *Server) openLines(uri string, version int32, text string, lines []int) error {
	if len(text) > maxDocument {
		// The text is kept for the edits that follow (incremental sync),
		// not analysed.
		d := &document{uri: uri, version: version, text: text, lines: lines, tooLarge: true}
		s.docs[uri] = d
		s.publish(d, []protocol.Diagnostic{{Severity: ptr(protocol.DiagnosticSeverityError), Source: ptr("toolspec"), Message: errTooLarge}})
		return nil
	}
	s.cancelLens(uri) // its results would be for another text
	var d *document
	if old := s.docs[uri]; old != nil && old.cache != nil {
		// The declarations the edit did not touch come from the last
		// parse; the old document's trees are given up with it.
		d = analyseCached(uri, version, text, lines, old.cache)
	} else {
		d = analyseCached(uri, version, text, lines, newCaches())
	}
	s.docs[uri] = d
	s.publish(d, d.lspDiagnostics())
	return nil
}

func (s *Server) publish(d *document, diags []protocol.Diagnostic) {
	if diags == nil {
		diags = []protocol.Diagnostic{}
	}
	v := protocol.UInteger(d.version)
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: d.uri, Version: &v, Diagnostics: diags})
}

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	return s.open(p.TextDocument.URI, p.TextDocument.Version, p.TextDocument.Text)
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	if len(p.ContentChanges) == 0 {
		return nil
	}
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "document not open: %s", p.TextDocument.URI)
	}
	// Incremental sync: the changes apply in order, each to the text the
	// one before left; a change without a range is the whole text. The
	// lines' starts are edited with the text, not found again in all of
	// it.
	text, lines := d.text, d.lines
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			text, lines = c.Text, lineStarts(c.Text)
		case protocol.TextDocumentContentChangeEvent:
			cur := &document{text: text, lines: lines}
			start, end := cur.offset(c.Range.Start), cur.offset(c.Range.End)
			if end < start {
				return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "change range ends before it starts")
			}
			text, lines = text[:start]+c.Text+text[end:], editLines(lines, start, end, c.Text)
		}
	}
	return s.openLines(p.TextDocument.URI, p.TextDocument.Version, text, lines)
}

func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	if d := s.docs[p.TextDocument.URI]; d != nil {
		s.cancelLens(p.TextDocument.URI)
		delete(s.docs, p.TextDocument.URI)
		s.publish(d, nil)
	}
	return nil
}

// doc returns an open document, or an error answer when it is not open.
func (s *Server) doc(uri string) (*document, error) {
	d := s.docs[uri]
	if d == nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "document not open: %s", uri)
	}
	return d, nil
}

// lspDiagnostics converts the compiler's diagnostics: the range is the
// token at the position, the code is the diagnostic's code and links to
// its explanation.
func (d *document) lspDiagnostics() []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(d.diags))
	var ix *index
	for _, x := range d.diags {
		if ix == nil && (diag.GroupUnknown.Is(x) || diag.FixtureUnknownTool.Is(x)) {
			ix = d.index()
		}
		out = append(out, d.lspDiagnostic(x, ix))
	}
	return out
}

// A diagnostic about a reference (an unknown group or tool) underlines the
// name rather than the keyword it is reported at; ix is needed for those.
func (d *document) lspDiagnostic(x token.Diagnostic, ix *index) protocol.Diagnostic {
	sev := protocol.DiagnosticSeverityError
	if x.Severity == token.Warning {
		sev = protocol.DiagnosticSeverityWarning
	}
	at := d.wordAt(d.offsetOf(x.Pos))
	if ix != nil && (diag.GroupUnknown.Is(x) || diag.FixtureUnknownTool.Is(x)) {
		at = refAt(ix, at)
	}
	ld := protocol.Diagnostic{
		Range:    d.rangeOf(at),
		Severity: &sev,
		Source:   ptr("toolspec"),
		Message:  x.Msg,
	}
	if x.Code != "" {
		ld.Code = &protocol.IntegerOrString{Value: x.Code}
		if def := diag.Of(x); def != nil {
			ld.Data = def.Name
		}
	}
	return ld
}

func ptr[T any](v T) *T { return &v }

// errorf is a failed request with a message for people.
func errorf(format string, args ...any) error {
	return jsonrpc2.Errorf(requestFailed, format, args...)
}

package gosdk

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Limits of one inbound line (one JSON-RPC message). A line beyond them is
// answered with a JSON-RPC error, and the session goes on.
const (
	// MaxLineBytes is the longest line read, newline excluded: the SDK's
	// own stdio limit (mcp.DefaultMaxLineLength, 16 MiB).
	MaxLineBytes = 16 << 20
	// MaxDepth is the deepest nesting of objects and arrays in a line:
	// the SDK's own limit for every message it decodes (1000). A tool's
	// arguments sit three levels down (message, params, arguments), so an
	// argument value may nest 997 levels below the arguments object.
	MaxDepth = 1000
)

// StdioTransport is newline-delimited JSON-RPC on stdin and stdout, like
// mcp.StdioTransport, except that a line it cannot use is answered, not
// fatal: the SDK's transport closes the session on the first bad line.
//
//	line                                   answer
//	not JSON, or two values on one line    -32700 parse error
//	a batch (a JSON array)                 -32600 invalid request (batches are not supported)
//	JSON but no JSON-RPC 2.0 message       -32600 invalid request (e.g. an id that is an object)
//	params that are not an object          -32600 invalid request
//	a fractional id                        -32600 invalid request
//	longer than MaxLineBytes               -32600 invalid request
//	nested deeper than MaxDepth            -32600 invalid request
//	a call whose id a call in flight holds -32600 invalid request (the first is still answered)
//
// The error carries the line's id when it can be read (a string or a
// number at the top level), else null. Blank lines are skipped.
type StdioTransport struct {
	In  io.Reader // nil: os.Stdin
	Out io.Writer // nil: os.Stdout
	// MaxLineBytes and MaxDepth override the limits of the same names when
	// positive.
	MaxLineBytes, MaxDepth int
	// CallTimeout, when positive, bounds each call: once it passes, the
	// call is answered with an error (CodeTimedOut), its handler's context
	// is cancelled, and whatever the handler returns later is dropped.
	// Zero: no bound.
	CallTimeout time.Duration
	// EOFGrace bounds how long Serve waits, once the input has ended, for
	// the calls still running (a handler that ignores cancellation) before
	// it returns anyway; zero: DefaultEOFGrace.
	EOFGrace time.Duration

	// ended is closed when the input has ended, read by Serve.
	ended chan struct{}
}

// DefaultEOFGrace is how long Serve waits at the end of input for calls
// still running before it returns.
const DefaultEOFGrace = 10 * time.Second

// CodeTimedOut is the JSON-RPC error code of a call answered because
// CallTimeout passed (in the range JSON-RPC leaves to servers).
const CodeTimedOut = -32001

// Serve serves server on t until the input ends and every call read is
// answered, or until EOFGrace after the end of input, whichever is first:
// a handler that never returns cannot keep the process alive. It returns
// nil at the end of input, else the error that ended the session.
func (t *StdioTransport) Serve(ctx context.Context, server *mcp.Server) error {
	t.ended = make(chan struct{})
	done := make(chan error, 1)
	go func() { done <- server.Run(ctx, t) }()
	var err error
	select {
	case err = <-done:
	case <-t.ended:
		select {
		case err = <-done:
		case <-time.After(positiveDuration(t.EOFGrace, DefaultEOFGrace)):
			return nil
		}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, mcp.ErrConnectionClosed) {
		return nil
	}
	return err
}

func positiveDuration(v, def time.Duration) time.Duration {
	if v > 0 {
		return v
	}
	return def
}

// Connect starts reading In.
func (t *StdioTransport) Connect(context.Context) (mcp.Connection, error) {
	in, out := t.In, t.Out
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	c := &stdioConn{
		in:       in,
		out:      out,
		maxLine:  positive(t.MaxLineBytes, MaxLineBytes),
		maxDepth: positive(t.MaxDepth, MaxDepth),
		incoming: make(chan jsonrpc.Message),
		control:  make(chan jsonrpc.Message, 16),
		closed:   make(chan struct{}),
		pending:  map[jsonrpc.ID]*call{},
		drained:  make(chan struct{}),
		timeout:  t.CallTimeout,
		grace:    positiveDuration(t.EOFGrace, DefaultEOFGrace),
		ended:    t.ended,
	}
	go c.readLoop()
	return c, nil
}

func positive(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

type stdioConn struct {
	in       io.Reader
	out      io.Writer
	maxLine  int
	maxDepth int

	writeMu sync.Mutex

	incoming  chan jsonrpc.Message // closed at the end of input
	control   chan jsonrpc.Message // cancellations the transport sends the SDK itself
	closed    chan struct{}
	closeOnce sync.Once

	// At the end of input, Read waits until every call read has been
	// answered (or cancelled), so that `printf ... | server` gets all its
	// answers, but at most grace: a handler that ignores cancellation
	// cannot hold the session open.
	mu        sync.Mutex
	pending   map[jsonrpc.ID]*call // calls handed to the SDK, not yet answered
	eof       bool
	drained   chan struct{} // closed at the end of input once no call is awaited
	drainOnce sync.Once
	timeout   time.Duration
	grace     time.Duration
	ended     chan struct{} // StdioTransport.ended; nil when Serve is not used
}

// call is one call in flight. A cancelled call (by the client, or by
// CallTimeout) is not answered: whatever the SDK writes for it is dropped.
// Its id stays taken until the SDK is done with it, so that a new call
// with the same id cannot receive the old call's answer.
type call struct {
	cancelled bool
	timer     *time.Timer
}

// admit records a call read, or returns the error that answers it when a
// call in flight holds its id: the SDK would answer only one of the two,
// and the session would wait for the other forever.
func (c *stdioConn) admit(msg jsonrpc.Message) *rpcError {
	req, ok := msg.(*jsonrpc.Request)
	switch {
	case !ok:
	case req.IsCall():
		c.mu.Lock()
		defer c.mu.Unlock()
		if _, busy := c.pending[req.ID]; busy {
			id, _ := json.Marshal(req.ID.Raw())
			return &rpcError{id, jsonrpc.CodeInvalidRequest, capMessage("invalid request: id " + string(id) + " is already the id of a call in flight")}
		}
		k := &call{}
		c.pending[req.ID] = k
		if c.timeout > 0 {
			id := req.ID
			k.timer = time.AfterFunc(c.timeout, func() { c.timedOut(id, k) })
		}
	case req.Method == "notifications/cancelled":
		// A cancelled call is not answered (MCP: the receiver should not
		// respond), so stop waiting for it.
		var p struct{ RequestID any }
		if json.Unmarshal(req.Params, &p) != nil {
			return nil
		}
		if id, err := jsonrpc.MakeID(p.RequestID); err == nil {
			c.mu.Lock()
			c.cancel(id)
			c.mu.Unlock()
		}
	}
	return nil
}

// cancel marks the call id cancelled; called with c.mu held.
func (c *stdioConn) cancel(id jsonrpc.ID) {
	if k := c.pending[id]; k != nil {
		k.cancelled = true
		if k.timer != nil {
			k.timer.Stop()
		}
	}
	c.checkDrained()
}

// timedOut answers the call id, whose CallTimeout passed, with an error,
// and has the SDK cancel its handler's context.
func (c *stdioConn) timedOut(id jsonrpc.ID, k *call) {
	c.mu.Lock()
	if c.pending[id] != k || k.cancelled {
		c.mu.Unlock()
		return
	}
	c.cancel(id)
	c.mu.Unlock()
	raw, _ := json.Marshal(id.Raw())
	c.reply(rpcError{raw, CodeTimedOut, fmt.Sprintf("request timed out after %v", c.timeout)})
	params, _ := json.Marshal(map[string]any{"requestId": id.Raw(), "reason": "timed out"})
	select {
	case c.control <- &jsonrpc.Request{Method: "notifications/cancelled", Params: params}:
	default: // the SDK is not reading; the call is answered all the same
	}
}

// answered records the SDK's answer to a call and reports whether to
// write it: not for a call cancelled.
func (c *stdioConn) answered(msg jsonrpc.Message) bool {
	resp, ok := msg.(*jsonrpc.Response)
	if !ok {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := c.pending[resp.ID]
	if k == nil {
		return true
	}
	delete(c.pending, resp.ID)
	if k.timer != nil {
		k.timer.Stop()
	}
	c.checkDrained()
	return !k.cancelled
}

func (c *stdioConn) endOfInput() {
	c.mu.Lock()
	c.eof = true
	c.checkDrained()
	c.mu.Unlock()
	close(c.incoming)
	if c.ended != nil {
		close(c.ended)
	}
}

// checkDrained is called with c.mu held.
func (c *stdioConn) checkDrained() {
	if !c.eof {
		return
	}
	for _, k := range c.pending {
		if !k.cancelled {
			return
		}
	}
	c.drainOnce.Do(func() { close(c.drained) })
}

func (c *stdioConn) SessionID() string { return "" }

func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case msg := <-c.control:
		return msg, nil
	case msg, ok := <-c.incoming:
		if ok {
			return msg, nil
		}
		grace := time.NewTimer(c.grace)
		defer grace.Stop()
		select {
		case msg := <-c.control:
			return msg, nil
		case <-c.drained:
		case <-grace.C:
		case <-c.closed:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return nil, io.EOF
	case <-c.closed:
		return nil, io.EOF
	}
}

func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if !c.answered(msg) {
		return nil // cancelled: not answered
	}
	capErrorMessage(msg)
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("marshaling message: %v", err)
	}
	return c.writeLine(data)
}

func (c *stdioConn) writeLine(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.out.Write(append(data, '\n'))
	return err
}

func (c *stdioConn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		close(c.closed)
		if cl, ok := c.in.(io.Closer); ok {
			err = cl.Close()
		}
	})
	return err
}

// readLoop reads lines until the end of input, hands the good ones to
// Read and answers the others.
func (c *stdioConn) readLoop() {
	defer c.endOfInput()
	r := bufio.NewReaderSize(c.in, 64<<10)
	for {
		line, tooLong, err := readLine(r, c.maxLine)
		if tooLong {
			c.reply(rpcError{id: nullID, code: jsonrpc.CodeInvalidRequest, msg: fmt.Sprintf("invalid request: line longer than %d bytes", c.maxLine)})
		} else if len(bytes.TrimSpace(line)) > 0 {
			msg, bad := parseLine(line, c.maxDepth)
			if bad == nil {
				bad = c.admit(msg)
			}
			if bad != nil {
				c.reply(*bad)
			} else {
				select {
				case c.incoming <- msg:
				case <-c.closed:
					return
				}
			}
		}
		if err != nil {
			return
		}
	}
}

func (c *stdioConn) reply(e rpcError) {
	select {
	case <-c.closed:
		return
	default:
	}
	data, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: e.id, Error: struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	}{e.code, e.msg}})
	c.writeLine(data)
}

// readLine returns the next line without its newline. A line longer than
// max is read to its end and dropped: tooLong, and no bytes kept. err is
// set at the end of input (the last line, if unterminated, comes with it).
func readLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if err == nil {
			chunk = chunk[:len(chunk)-1] // the newline
		}
		if !tooLong {
			if len(line)+len(chunk) > max {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err != bufio.ErrBufferFull {
			return line, tooLong, err
		}
	}
}

type rpcError struct {
	id   json.RawMessage
	code int64
	msg  string
}

var nullID = json.RawMessage("null")

// parseLine decodes one line as a JSON-RPC message, or says what error
// answers it.
func parseLine(line []byte, maxDepth int) (jsonrpc.Message, *rpcError) {
	if depth(line) > maxDepth {
		return nil, &rpcError{shallowID(line), jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: nested deeper than %d levels", maxDepth)}
	}
	var v json.RawMessage
	if err := json.Unmarshal(line, &v); err != nil {
		return nil, &rpcError{nullID, jsonrpc.CodeParseError, "parse error: " + err.Error()}
	}
	switch line[skipSpace(line, 0)] {
	case '{':
	case '[':
		return nil, &rpcError{nullID, jsonrpc.CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported"}
	default:
		return nil, &rpcError{nullID, jsonrpc.CodeInvalidRequest, "invalid request: not a JSON-RPC message object"}
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, &rpcError{shallowID(line), jsonrpc.CodeInvalidRequest, "invalid request: " + err.Error()}
	}
	if id := shallowID(line); len(id) > 0 && id[0] != '"' && id[0] != 'n' {
		// The SDK truncates a fractional id (1.5 becomes 1), and the answer
		// would name another request.
		if f, err := strconv.ParseFloat(string(id), 64); err != nil || f != math.Trunc(f) {
			return nil, &rpcError{nullID, jsonrpc.CodeInvalidRequest, "invalid request: id " + string(id) + " is not an integer"}
		}
	}
	if req, ok := msg.(*jsonrpc.Request); ok && len(req.Params) > 0 {
		// MCP's params are an object (or absent); JSON-RPC's by-position
		// arrays are not a request MCP defines.
		if p := req.Params[skipSpace(req.Params, 0)]; p != '{' && string(bytes.TrimSpace(req.Params)) != "null" {
			return nil, &rpcError{shallowID(line), jsonrpc.CodeInvalidRequest, "invalid request: params must be an object"}
		}
	}
	return msg, nil
}

// depth is the deepest nesting of objects and arrays in data, strings
// skipped, as the SDK counts it.
func depth(data []byte) int {
	var n nesting
	deepest := 0
	for _, b := range data {
		deepest = max(deepest, n.step(b))
	}
	return deepest
}

// nesting follows the brackets of JSON text byte by byte, skipping
// strings, without decoding it: it works on lines too deep to decode.
type nesting struct {
	depth             int
	inString, escaped bool
}

// step reads one byte and returns the depth after it.
func (n *nesting) step(b byte) int {
	if n.inString {
		switch {
		case n.escaped:
			n.escaped = false
		case b == '\\':
			n.escaped = true
		case b == '"':
			n.inString = false
		}
		return n.depth
	}
	switch b {
	case '"':
		n.inString = true
	case '{', '[':
		n.depth++
	case '}', ']':
		if n.depth > 0 {
			n.depth--
		}
	}
	return n.depth
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n') {
		i++
	}
	return i
}

// shallowID is the "id" member of a top-level object when it is a string
// or a number, else null. It reads only the top level, so it works on
// lines too deep for a decoder. It reads keys as the SDK's decoder
// (encoding/json) does — escapes decoded ("\u0069d" is "id"), case
// ignored, the last of repeated keys winning — so the guard and the answer
// see the same id.
func shallowID(data []byte) json.RawMessage {
	id := nullID
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return id
	}
	i++
	for {
		i = skipSpace(data, i)
		if i >= len(data) || data[i] != '"' {
			return id
		}
		kEnd := valueEnd(data, i)
		if kEnd < 0 {
			return id
		}
		key := data[i:kEnd]
		i = skipSpace(data, kEnd)
		if i >= len(data) || data[i] != ':' {
			return id
		}
		i = skipSpace(data, i+1)
		vEnd := valueEnd(data, i)
		if vEnd < 0 {
			return id
		}
		if isIDKey(key) {
			id = nullID
			v := data[i:vEnd]
			var x any
			if json.Unmarshal(v, &x) == nil {
				switch x.(type) {
				case string, float64:
					id = json.RawMessage(bytes.Clone(v))
				}
			}
		}
		i = skipSpace(data, vEnd)
		if i < len(data) && data[i] == ',' {
			i++
			continue
		}
		return id
	}
}

// isIDKey reports whether a quoted JSON key reads as "id" to
// encoding/json, which the SDK decodes with: escapes decoded, and field
// names matched without regard to case ("ID" fills the id too).
func isIDKey(key []byte) bool {
	if string(key) == `"id"` {
		return true
	}
	var k string
	return len(key) <= 16 && json.Unmarshal(key, &k) == nil && strings.EqualFold(k, "id")
}

// valueEnd is the index just past the JSON value starting at i, found by
// brackets and quotes only (no recursion); -1 when it does not end.
func valueEnd(data []byte, i int) int {
	if i >= len(data) {
		return -1
	}
	switch data[i] {
	case '"':
		for j := i + 1; j < len(data); j++ {
			switch data[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return -1
	case '{', '[':
		var n nesting
		for j := i; j < len(data); j++ {
			if n.step(data[j]) == 0 {
				return j + 1 // the bracket that opened at i closed
			}
		}
		return -1
	}
	j := i
	for j < len(data) && !bytes.ContainsRune([]byte(",}] \t\r\n"), rune(data[j])) {
		j++
	}
	return j
}

// QuoteLimit is how many characters of a string from the client an error
// message quotes, then "...": as the JavaScript runtime's QUOTE_LIMIT. A
// 15 MiB tool name must not come back 45 MB long.
const QuoteLimit = 64

// capQuote quotes s as %q does, cut to its first QuoteLimit characters.
func capQuote(s string) string {
	if utf8.RuneCountInString(s) <= QuoteLimit {
		return strconv.Quote(s)
	}
	n, i := 0, 0
	for i < len(s) && n < QuoteLimit {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return strconv.Quote(s[:i]) + "..."
}

// maxErrorMessage bounds the message of every JSON-RPC error written,
// the SDK's own included (they quote a method or a tool name in full).
const maxErrorMessage = 1024

// capErrorMessage cuts, in an error answer, every quoted run longer than
// QuoteLimit characters, then the whole message to maxErrorMessage bytes.
func capErrorMessage(msg jsonrpc.Message) {
	resp, ok := msg.(*jsonrpc.Response)
	if !ok || resp.Error == nil {
		return
	}
	var we *jsonrpc.Error
	if !errors.As(resp.Error, &we) {
		if len(resp.Error.Error()) <= maxErrorMessage {
			return
		}
		we = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: resp.Error.Error()}
	} else {
		copied := *we
		we = &copied
	}
	we.Message = capMessage(we.Message)
	resp.Error = we
}

// capMessage is capErrorMessage on the text of a message.
func capMessage(m string) string {
	if len(m) <= QuoteLimit {
		return m
	}
	var b strings.Builder
	for i := 0; i < len(m); {
		if m[i] != '"' {
			b.WriteByte(m[i])
			i++
			continue
		}
		// A quoted run: up to the next unescaped quote.
		j := i + 1
		for j < len(m) && m[j] != '"' {
			if m[j] == '\\' {
				j++
			}
			j++
		}
		end := min(j+1, len(m))
		if run := m[i:end]; utf8.RuneCountInString(run) > QuoteLimit+2 {
			k, n := i+1, 0
			for k < end && n < QuoteLimit {
				_, size := utf8.DecodeRuneInString(m[k:])
				k += size
				n++
			}
			b.WriteString(m[i:k])
			b.WriteString(`"...`)
		} else {
			b.WriteString(run)
		}
		i = end
	}
	out := b.String()
	if len(out) > maxErrorMessage {
		cut := maxErrorMessage
		for cut > 0 && !utf8.RuneStart(out[cut]) {
			cut--
		}
		out = out[:cut] + "..."
	}
	return out
}

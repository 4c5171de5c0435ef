package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// tolerantStream keeps a connection alive across bad messages. The
// library's framing reads a whole Content-Length body before decoding it, so
// after a body that is not a JSON-RPC message the next message starts where
// it should: the sender gets a parse error and the server reads on. Only the
// end of the input (or a failed write) ends the connection.
type tolerantStream struct {
	jsonrpc2.Stream
	conn *watchedConn
	// writing serialises the parse errors Read answers with the messages
	// the connection writes from its handlers.
	writing *sync.Mutex
}

// newStream frames rwc with the library's Content-Length framing.
func newStream(rwc io.ReadWriteCloser) tolerantStream {
	w := &watchedConn{ReadWriteCloser: rwc}
	return tolerantStream{Stream: jsonrpc2.NewStream(w), conn: w, writing: new(sync.Mutex)}
}

func (s tolerantStream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	s.writing.Lock()
	defer s.writing.Unlock()
	return s.Stream.Write(ctx, msg)
}

// parseError answers a message that could not be decoded. Its id is
// unknown, which JSON-RPC writes as null; the library's Response cannot
// say null (it writes the zero id, 0), so the answer is framed here, as
// the library frames its own.
func (s tolerantStream) parseError(cause error) error {
	body, err := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": jsonrpc2.ParseError, "message": cause.Error()},
	})
	if err != nil {
		return err
	}
	s.writing.Lock()
	defer s.writing.Unlock()
	_, err = fmt.Fprintf(s.conn, "%s: %d%s%s", jsonrpc2.HdrContentLength, len(body), jsonrpc2.HdrContentSeparator, body)
	return err
}

// watchedConn remembers whether reading the connection itself failed, to
// tell a lost connection from a bad message.
type watchedConn struct {
	io.ReadWriteCloser
	readErr error
}

func (w *watchedConn) Read(p []byte) (int, error) {
	n, err := w.ReadWriteCloser.Read(p)
	if err != nil {
		w.readErr = err
	}
	return n, err
}

func (s tolerantStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		msg, n, err := s.Stream.Read(ctx)
		if err == nil || s.conn.readErr != nil || ctx.Err() != nil {
			return msg, n, err
		}
		if werr := s.parseError(err); werr != nil {
			return nil, n, werr
		}
	}
}

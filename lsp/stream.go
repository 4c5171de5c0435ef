package lsp

import (
	"context"
	"io"

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
}

// newStream frames rwc with the library's Content-Length framing.
func newStream(rwc io.ReadWriteCloser) tolerantStream {
	w := &watchedConn{ReadWriteCloser: rwc}
	return tolerantStream{Stream: jsonrpc2.NewStream(w), conn: w}
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
		// The id of a message that could not be decoded is unknown; the
		// library writes the zero id where JSON-RPC writes null.
		resp, rerr := jsonrpc2.NewResponse(jsonrpc2.ID{}, nil, jsonrpc2.NewError(jsonrpc2.ParseError, err.Error()))
		if rerr != nil {
			return nil, n, rerr
		}
		if _, werr := s.Stream.Write(ctx, resp); werr != nil {
			return nil, n, werr
		}
	}
}

package lsp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"testing"
)

// session is a client's side of a stdio session: its messages, framed,
// then the end of input.
type session struct {
	io.Reader
	out bytes.Buffer
}

func (s *session) Write(p []byte) (int, error) { return s.out.Write(p) }
func (*session) Close() error                  { return nil }

func framed(msgs ...string) io.Reader {
	var b bytes.Buffer
	for _, m := range msgs {
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	return &b
}

// TestExitCode: exit after shutdown ends the session cleanly; exit
// without it is the protocol's exit code 1 (ErrExitWithoutShutdown).
func TestExitCode(t *testing.T) {
	const (
		initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
		shutdown   = `{"jsonrpc":"2.0","id":2,"method":"shutdown"}`
		exit       = `{"jsonrpc":"2.0","method":"exit"}`
	)
	for _, tc := range []struct {
		msgs []string
		want error
	}{
		{[]string{initialize, shutdown, exit}, nil},
		{[]string{initialize, exit}, ErrExitWithoutShutdown},
	} {
		err := Serve(context.Background(), &session{Reader: framed(tc.msgs...)})
		if !errors.Is(err, tc.want) {
			t.Errorf("%d messages: Serve = %v, want %v", len(tc.msgs), err, tc.want)
		}
	}
}

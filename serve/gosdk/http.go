package gosdk

import (
	"context"
	"errors"
	"net"
	"net/http"
	"slices"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// HTTPHandler serves server over Streamable HTTP (the SDK's
// mcp.NewStreamableHTTPHandler; opts may be nil), after the checks Run
// makes. Wrap it in the SDK's auth.RequireBearerToken for per-caller
// scopes (TokenScope).
func HTTPHandler(server *mcp.Server, opts *mcp.StreamableHTTPOptions) (http.Handler, error) {
	if err := checkServer(server); err != nil {
		return nil, err
	}
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, opts), nil
}

// ServeHTTP serves handler (HTTPHandler's, wrapped or not) at addr
// ("host:port") until ctx is done, then shuts the listener down: nil
// then, else the error that stopped it.
func ServeHTTP(ctx context.Context, addr string, handler http.Handler) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	stop := context.AfterFunc(ctx, func() {
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	})
	defer stop()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// TokenScope is a scope function (Options.Scope) for servers behind the
// SDK's bearer-token middleware: the widest of ScopeAll, ScopeWrite and
// ScopeRead among the request's token scopes (auth.TokenInfo.Scopes),
// ScopeRead for a token with none of them or a request without a token.
func TokenScope(_ context.Context, req mcp.Request) string {
	var info *auth.TokenInfo
	if extra := req.GetExtra(); extra != nil {
		info = extra.TokenInfo
	}
	if info == nil {
		return ScopeRead
	}
	for _, scope := range []string{ScopeAll, ScopeWrite} {
		if slices.Contains(info.Scopes, scope) {
			return scope
		}
	}
	return ScopeRead
}

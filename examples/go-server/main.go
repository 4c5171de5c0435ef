// Command go-server is an MCP server on stdio that serves the t27mcp
// reference catalog (specs/t27mcp/tool_schema.tspec) with the official Go
// SDK, github.com/modelcontextprotocol/go-sdk, through the adapter
// github.com/toolspec/toolspec/serve/gosdk.
//
// The server is handlers.go (one method per tool of the generated
// t27catalog.Handlers) and run below; the adapter does the rest: tools/list
// from the generated table of the negotiated profile, arguments decoded and
// validated by the generated decoders, results checked against their
// output schema, errors and panics as isError results, and a transport
// that answers malformed lines instead of dying. The handlers return canned
// data: this is an example of the wiring, not a t27 repository server.
//
//	go run ./examples/go-server                    # serve on stdin/stdout
//	go run ./examples/go-server -drop t27_grep     # refuses to start: t27_grep has no handler
//	go run ./examples/go-server -extra t27_nope    # refuses to start: t27_nope has no tool
//	go run ./examples/go-server -scope read        # sessions see only the read_only tools
//	go run ./examples/go-server -throw t27_status  # t27_status panics (the server answers isError)
//	go run ./examples/go-server -dialect gemini    # every session gets the gemini table (docs/clients.md)
//	go run ./examples/go-server -http 127.0.0.1:3001  # Streamable HTTP at http://127.0.0.1:3001/mcp
//
// Each flag has an environment variable (TOOLSPEC_EXAMPLE_DROP, _EXTRA,
// _SCOPE, _THROW, _DIALECT; names comma-separated, as for the JavaScript server), so that a test can change a built
// binary without rebuilding it. knobs.go reads them.
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolspec/toolspec/examples/go-server/t27catalog"
	"github.com/toolspec/toolspec/serve/gosdk"
)

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stderr))
}

// run serves until the client closes stdin: 0 then, 1 when the server
// refused to start or failed, 2 on a usage error.
func run(args []string, getenv func(string) string, stderr io.Writer) int {
	k, ok := parseKnobs(args, getenv, stderr)
	if !ok {
		return 2
	}
	server, err := gosdk.NewServer(t27catalog.BindMap(k.handlers()), &gosdk.Options{Scope: k.scope, DialectFor: k.dialectFor()})
	if err != nil {
		fmt.Fprintf(stderr, "go-server: refusing to start: %v\n", err)
		return 1
	}
	if k.http != "" {
		err = serveHTTP(server, k.http)
	} else {
		err = gosdk.Run(context.Background(), server)
	}
	if err != nil {
		fmt.Fprintf(stderr, "go-server: %v\n", err)
		return 1
	}
	return 0
}

// serveHTTP serves server over Streamable HTTP at addr, path /mcp, until
// an interrupt.
func serveHTTP(server *mcp.Server, addr string) error {
	h, err := gosdk.HTTPHandler(server, nil)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	return gosdk.ServeHTTP(ctx, addr, mux)
}

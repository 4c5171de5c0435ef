// Command everything serves the conformance suite's tools
// (examples/everything/everything.tspec) with serve/gosdk, beside the
// resources, prompts and completion the suite also asks for, which are
// the SDK's own (extras.go): an example of a catalog served next to the
// rest of an MCP server.
//
//	go run ./examples/everything/go                   # stdio
//	go run ./examples/everything/go -http 127.0.0.1:3001  # Streamable HTTP at http://127.0.0.1:3001/mcp
//
// `make conformance` runs the official conformance suite against it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolspec/toolspec/examples/everything/go/evcatalog"
	"github.com/toolspec/toolspec/serve/gosdk"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stderr))
}

func run(ctx context.Context, args []string, stderr io.Writer) int {
	flags := flag.NewFlagSet("everything", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("http", "", "serve Streamable HTTP at `ADDR` (host:port), path /mcp, instead of stdio")
	if flags.Parse(args) != nil {
		return 2
	}
	server, err := newServer()
	if err != nil {
		fmt.Fprintf(stderr, "everything: refusing to start: %v\n", err)
		return 1
	}
	if *addr == "" {
		err = gosdk.Run(ctx, server)
	} else {
		var h http.Handler
		// An event store lets a client resume a closed SSE stream
		// (test_reconnection, SEP-1699).
		opts := &mcp.StreamableHTTPOptions{EventStore: mcp.NewMemoryEventStore(nil)}
		if h, err = gosdk.HTTPHandler(server, opts); err == nil {
			mux := http.NewServeMux()
			mux.Handle("/mcp", h)
			err = gosdk.ServeHTTP(ctx, *addr, mux)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "everything: %v\n", err)
		return 1
	}
	return 0
}

// newServer is the catalog served by gosdk, with the SDK's own options,
// resources and prompts beside it.
func newServer() (*mcp.Server, error) {
	server, err := gosdk.NewServer(evcatalog.Bind(handlers{}), &gosdk.Options{Server: &mcp.ServerOptions{
		CompletionHandler:  complete,
		SubscribeHandler:   subscribe,
		UnsubscribeHandler: unsubscribe,
	}})
	if err != nil {
		return nil, err
	}
	addExtras(server)
	return server, nil
}

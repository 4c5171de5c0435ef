// Command go-server is an MCP server on stdio that serves the t27mcp
// reference catalog (specs/t27mcp/tool_schema.tspec) with the official Go
// SDK, github.com/modelcontextprotocol/go-sdk.
//
// Its tools come from the generated package t27catalog: tools/list answers
// with t27catalog.ListToolsJSON(t27catalog.ProfileFor(negotiated version)),
// byte for byte; tools/call decodes arguments with the generated
// Decode<Tool>Input and checks every structured result with
// Validate<Tool>Output before it leaves. The handlers return canned data:
// this is an example of the wiring, not a t27 repository server.
//
//	go run ./examples/go-server                    # serve on stdin/stdout
//	go run ./examples/go-server -drop t27_grep     # refuses to start: t27_grep has no handler
//	go run ./examples/go-server -extra t27_nope    # refuses to start: t27_nope has no tool
//
// The environment variables TOOLSPEC_EXAMPLE_DROP and TOOLSPEC_EXAMPLE_EXTRA
// do the same as -drop and -extra (comma-separated names), so that a test can
// break a built binary without rebuilding it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stderr))
}

// run starts the server on stdio and returns the exit code: 0 when the
// client closed the connection, 1 when the server refused to start or
// failed, 2 on a usage error.
func run(args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("go-server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	drop := fs.String("drop", getenv("TOOLSPEC_EXAMPLE_DROP"), "comma-separated tools whose handlers to remove (to see the startup check fail)")
	extra := fs.String("extra", getenv("TOOLSPEC_EXAMPLE_EXTRA"), "comma-separated handlers to add that have no tool (to see the startup check fail)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "go-server: unexpected arguments %q\n", fs.Args())
		return 2
	}

	hs := handlers()
	for _, name := range splitNames(*drop) {
		delete(hs, name)
	}
	for _, name := range splitNames(*extra) {
		hs[name] = textTool(func(struct{}) string { return "" }, func([]byte) (struct{}, error) { return struct{}{}, nil })
	}

	server, err := newServer(hs)
	if err != nil {
		fmt.Fprintf(stderr, "go-server: refusing to start: %v\n", err)
		return 1
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, mcp.ErrConnectionClosed) {
		fmt.Fprintf(stderr, "go-server: %v\n", err)
		return 1
	}
	return 0
}

func splitNames(s string) []string {
	var names []string
	for n := range strings.SplitSeq(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names
}

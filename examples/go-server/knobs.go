package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

// knobs are the example's ways to break or narrow the server from outside,
// for the tests and for trying it by hand.
type knobs struct {
	drop, extra, panics []string
	sessionScope        string
	dialect             string // every session's dialect ("": by client, the catalog's default map)
	http                string // serve Streamable HTTP at this address instead of stdio
}

func parseKnobs(args []string, getenv func(string) string, stderr io.Writer) (knobs, bool) {
	fs := flag.NewFlagSet("go-server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	drop := fs.String("drop", getenv("TOOLSPEC_EXAMPLE_DROP"), "comma-separated tools whose handlers to remove (to see the startup check fail)")
	extra := fs.String("extra", getenv("TOOLSPEC_EXAMPLE_EXTRA"), "comma-separated handlers to add that have no tool (to see the startup check fail)")
	panics := fs.String("throw", getenv("TOOLSPEC_EXAMPLE_THROW"), "comma-separated tools whose handlers panic (to see a panic answered as isError)")
	scope := fs.String("scope", getenv("TOOLSPEC_EXAMPLE_SCOPE"), "the scope of every session: read, write or all")
	dialect := fs.String("dialect", getenv("TOOLSPEC_EXAMPLE_DIALECT"), "the dialect of every session (gemini, openai_strict, cursor), instead of the one picked by the client's name")
	addr := fs.String("http", "", "serve Streamable HTTP at `ADDR` (host:port), path /mcp, instead of stdio")
	if err := fs.Parse(args); err != nil {
		return knobs{}, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "go-server: unexpected arguments %q\n", fs.Args())
		return knobs{}, false
	}
	return knobs{drop: splitNames(*drop), extra: splitNames(*extra), panics: splitNames(*panics), sessionScope: *scope, dialect: *dialect, http: *addr}, true
}

// handlers are the example's handlers by tool name, as t27catalog.BindMap
// takes them, changed as the knobs say.
func (k knobs) handlers() map[string]any {
	hs := t27catalog.HandlerMap(handlers{})
	for _, name := range k.drop {
		delete(hs, name)
	}
	for _, name := range k.extra {
		hs[name] = func(context.Context, struct{}) (string, error) { return "", nil }
	}
	for _, name := range k.panics {
		hs[name] = panicking(name, hs[name])
	}
	return hs
}

// scope gives every session the scope of the -scope knob.
func (k knobs) scope(context.Context, mcp.Request) string { return k.sessionScope }

// dialectFor gives every session the dialect of the -dialect knob; nil
// (each client its default) without it.
func (k knobs) dialectFor() func(string) string {
	if k.dialect == "" {
		return nil
	}
	return func(string) string { return k.dialect }
}

// panicking returns a handler of the same type as h that panics.
func panicking(name string, h any) any {
	if h == nil {
		return nil
	}
	return reflect.MakeFunc(reflect.TypeOf(h), func([]reflect.Value) []reflect.Value {
		panic(name + " failed on purpose")
	}).Interface()
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

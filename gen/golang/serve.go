package golang

import (
	_ "embed"

	"github.com/toolspec/toolspec/model"
)

// The serving half of a generated file: a typed Handlers interface (one
// method per tool), scoped tools/list tables, and Bound, the catalog bound
// to its handlers. Bound's methods use only standard types, so an SDK
// adapter (serve/gosdk) takes it through an interface and the generated
// file keeps importing only the standard library.

// serveReserved are the exported package-level names the serving half
// declares.
var serveReserved = []string{"Handlers", "HandlerMap", "Bind", "BindMap", "Bound", "ListToolsScopedJSON", "ListDialectToolsJSON", "DialectForClient"}

// serveImports and serveRuntime split runtime/serve.go as runtime.go is
// split: the part of the serving half that does not depend on the catalog,
// kept as real Go code (compiled, vetted and tested in package runtime).
var serveImports, serveRuntime = splitRuntime(serveSource)

//go:embed runtime/serve.go
var serveSource string

// serve writes the serving half of the catalog (a section of Generate).
func (g *gen) serve() {
	if g.runtime == "" {
		g.imports = append(g.imports, serveImports...)
	}
	p := g.p.printf
	p(`
// Handlers is the server side of the catalog: one method per tool, called
// with arguments Decode<Tool>Input accepted. A tool with ` + "`out`" + ` returns its
// structured result, which is checked with Validate<Tool>Output before it
// leaves; a ` + "`result text`" + ` tool returns the text; a ` + "`result any`" + ` tool returns
// any value json.Marshal writes (json.RawMessage for bytes in hand). An
// error is reported to the client as a tool result with isError.
type Handlers interface {
`)
	for i, t := range g.tools {
		if i > 0 {
			p("\n")
		}
		p("\t// %s serves tool %s.\n\t%s(ctx context.Context, in %s) (%s, error)\n", t.Go, comment(quote(t.Name)), t.Go, t.Input, serveOut(t))
	}
	p("}\n")
	p(`
// HandlerMap returns the methods of h by tool name: the form BindMap takes.
func HandlerMap(h Handlers) map[string]any {
	m := make(map[string]any, %d)
`, len(g.tools))
	for _, t := range g.tools {
		p("\tm[Tool%s] = h.%s\n", t.Go, t.Go)
	}
	p("\treturn m\n}\n")
	p("\n// tsServeTools are the tools in catalog order, as Bound serves them.\nvar tsServeTools = []%s{", g.rt("tsServeTool"))
	if len(g.tools) > 0 {
		p("\n")
	}
	for _, t := range g.tools {
		p("\t{Name: Tool%s, ReadOnly: %t, Write: %t, Result: %q, Handler: reflect.TypeOf((func(context.Context, %s) (%s, error))(nil))},\n",
			t.Go, t.Hints.ReadOnly, t.Hints.InWriteScope(), t.Result.String(), t.Input, serveOut(t))
	}
	p("}\n")
	p(`
// ListToolsScopedJSON returns the tools/list result of a profile narrowed
// to a scope, a fresh copy on every call: "read" keeps the tools with the
// read_only hint, "write" the tools with read_only or additive, "all" (or
// "") every tool, exactly ListToolsJSON. A narrowed table names its scope
// in the catalog identity: "<SpecHash>/p2/read"; on profile 3 its
// cacheScope is "private". nil for any other scope.
func ListToolsScopedJSON(profile int, scope string) []byte {
	return %s(tsCat, tsServeTools, profile, scope)
}

// Bind binds every tool to its method of h.
func Bind(h Handlers) *Bound { return BindMap(HandlerMap(h)) }

// BindMap binds tools to handlers given by tool name, each a
// func(context.Context, <Tool>Input) (<Tool>Output, error) as the method
// of Handlers. Check reports the tools without a handler, the handlers
// without a tool, and the handlers of another type; an adapter refuses to
// serve the catalog until Check is nil.
func BindMap(handlers map[string]any) *Bound { return %s(tsCat, tsServeTools, handlers) }
`, g.rt("tsScopedList"), g.rt("tsBindMap"))
	if g.runtime != "" {
		g.runtimeAliases()
		return
	}
	g.p.str(serveRuntime)
}

// serveOut is the Go type a tool's handler returns.
func serveOut(t Tool) string {
	switch t.Result {
	case model.ResultOut:
		return t.Output
	case model.ResultText:
		return "string"
	}
	return "any"
}

package golang

import (
	_ "embed"
	"fmt"
	"sort"

	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/lang/clients"
)

// The dialect half of a file generated with Options.Dialects: each
// (profile, dialect) tools/list table as bytes (gen/dialect's, exactly),
// ListDialectToolsJSON, and the Bound methods an adapter uses to serve a
// session its client's dialect (serve/gosdk): Dialects,
// ListDialectToolsJSON, NormalizeArgs, and DialectForClient over
// lang/clients' default map. Without dialects none of it is
// written, and the file is what it was.

//go:embed runtime/dialect.go
var dialectRuntimeSource string

// dialectRuntimeImports and dialectRuntimeBody split runtime/dialect.go as
// runtime.go is split.
var dialectRuntimeImports, dialectRuntimeBody = splitRuntime(dialectRuntimeSource)

// dialects writes the dialect half (a section of Generate with dialects).
func (g *gen) dialects() {
	g.imports = append(g.imports, dialectRuntimeImports...)
	g.imports = append(g.imports, "sync")
	p := g.p.printf
	p("\n// tsDialectTables are the tools/list result of each dialect this file\n// carries, per profile (1, 2), as gen-json --dialect writes them.\nvar tsDialectTables = map[string][2]string{\n")
	for _, fam := range g.dialectList {
		p("\t%s: {\n", quote(fam))
		for _, prof := range []int{1, 2} {
			t, err := dialect.ToolsList(g.cat, prof, fam)
			if err != nil {
				panic(fmt.Sprintf("gen/golang: dialect %s: %v", fam, err)) // checked in Generate
			}
			p("\t\t%s,\n", quote(string(t)))
		}
		p("\t},\n")
	}
	p("}\n\n// tsDialects are the dialects this file carries, in the order given.\nvar tsDialects = []string{")
	for i, fam := range g.dialectList {
		if i > 0 {
			p(", ")
		}
		p("%s", quote(fam))
	}
	p("}\n")
	p("\n// tsClientDialects is the default map from an MCP client's clientInfo.name,\n// in lower case, to its client family (\"\": the standard table), as\n// lang/clients declares it (docs/clients.md).\nvar tsClientDialects = map[string]string{\n")
	m := clients.ClientDialects()
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	rows := make([][]string, len(names))
	for i, name := range names {
		rows[i] = []string{quote(name) + ":", quote(m[name]) + ","}
	}
	g.p.aligned("\t", rows, nil)
	p("}\n")
	g.p.str(dialectServe)
}

// dialectServe is the part of the dialect half that does not depend on the
// catalog.
const dialectServe = `
// ListDialectToolsJSON returns the tools/list result of a profile lowered
// to a client family's dialect (docs/clients.md), narrowed to scope as
// ListToolsScopedJSON narrows it, a fresh copy on every call. Its identity
// names the scope, then the dialect: "<SpecHash>/p2/gemini",
// "<SpecHash>/p2/read/gemini". Profile 3 is profile 2's tools with ttlMs,
// cacheScope ("private" when narrowed) and resultType. nil for a dialect
// this file does not carry or an unknown scope. Servers validate with the
// spec, never a dialect.
func ListDialectToolsJSON(profile int, scope, dialect string) []byte {
	tables, ok := tsDialectTables[dialect]
	if !ok || (scope != "" && scope != "all" && tsScopeIndex(scope) < 0) {
		return nil
	}
	if profile != 2 && profile != 3 {
		profile = 1
	}
	id, cache, cacheScope := CatalogID(profile), "", "public"
	if scope != "" && scope != "all" {
		id += "/" + scope
		cacheScope = "private"
	}
	if profile == 3 {
		cache = tsProfile3Cache(cacheScope)
	}
	return tsDialectList([]byte(tables[min(profile, 2)-1]), func(i int) bool { return tsServeTools[i].inScope(scope) }, tsMetaKey, id+"/"+dialect, cache)
}

var (
	tsSpecInputsOnce sync.Once
	tsSpecInputs     map[string]map[string]any
)

// Dialects are the client families whose dialect tables this file carries.
func (b *Bound) Dialects() []string { return append([]string(nil), tsDialects...) }

// DialectForClient is the dialect a server serves by default to the MCP
// client whose clientInfo.name is clientName (in any case): its family
// when this file carries that family's table, else "" (the standard
// table). serve/gosdk uses it unless the server says otherwise.
func DialectForClient(clientName string) string {
	family := tsClientDialects[strings.ToLower(clientName)]
	for _, d := range tsDialects {
		if d == family {
			return family
		}
	}
	return ""
}

// DialectForClient is DialectForClient.
func (b *Bound) DialectForClient(clientName string) string { return DialectForClient(clientName) }

// ListDialectToolsJSON is ListDialectToolsJSON.
func (b *Bound) ListDialectToolsJSON(profile int, scope, dialect string) []byte {
	return ListDialectToolsJSON(profile, scope, dialect)
}

// NormalizeArgs returns the arguments a client of dialect sent for tool in
// the spec's shapes, for Decode: under openai_strict, a null for an
// optional property that does not take null is dropped, at every depth;
// under gemini, an any value sent as JSON text is decoded; other dialects
// send the spec's shapes already.
func (b *Bound) NormalizeArgs(dialect, tool string, args []byte) []byte {
	if dialect != "openai_strict" && dialect != "gemini" {
		return args
	}
	tsSpecInputsOnce.Do(func() { tsSpecInputs = tsInputSchemas(ListToolsJSON(2)) })
	schema, ok := tsSpecInputs[tool]
	if !ok {
		return args
	}
	if dialect == "gemini" {
		return tsNormalizeGemini(schema, args)
	}
	return tsNormalizeStrict(schema, args)
}
`

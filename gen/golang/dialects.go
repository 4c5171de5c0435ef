package golang

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

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

// dialectServeImports and dialectServe split runtime/dialectserve.go: the
// part of the dialect half that does not depend on the catalog, written
// after its tables (ListDialectToolsJSON and the Bound methods).
var dialectServeImports, dialectServe = splitRuntime(dialectServeSource)

//go:embed runtime/dialectserve.go
var dialectServeSource string

// dialects writes the dialect half (a section of Generate with dialects).
func (g *gen) dialects() {
	g.imports = append(g.imports, dialectRuntimeImports...)
	g.imports = append(g.imports, dialectServeImports...)
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
	g.dialectKeys()
	g.p.str(dialectServe)
}

// dialectKeys writes tsDialectKeys: per dialect and tool, the names the
// dialect sends for property keys its family refuses, mapped back to the
// spec's keys (gen/dialect's Renames).
func (g *gen) dialectKeys() {
	p := g.p.printf
	p("\n// tsDialectKeys maps, per dialect and tool, each name a dialect sends for a\n// property key its family refuses back to the spec's key (docs/clients.md,\n// Property keys); NormalizeArgs renames them first.\nvar tsDialectKeys = map[string]map[string]map[string]string{")
	any := false
	for _, fam := range g.dialectList {
		m := dialect.Renames(g.cat, fam)
		if len(m) == 0 {
			continue
		}
		if !any {
			p("\n")
			any = true
		}
		p("\t%s: {\n", quote(fam))
		var rows [][]string
		for _, tool := range slices.Sorted(maps.Keys(m)) {
			var pairs []string
			for _, sent := range slices.Sorted(maps.Keys(m[tool])) {
				pairs = append(pairs, quote(sent)+": "+quote(m[tool][sent]))
			}
			rows = append(rows, []string{quote(tool) + ":", "{" + strings.Join(pairs, ", ") + "},"})
		}
		g.p.aligned("\t\t", rows, nil)
		p("\t},\n")
	}
	p("}\n")
}

// Everything after the import block is copied into every file generated
// with dialects, after the catalog's dialect tables (gen/golang/dialects.go):
// the part of the dialect half that does not depend on the catalog.
// generated.go stands in for what the generator writes, so that this file
// compiles, is vetted and is tested here.

package runtime

import (
	"strings"
	"sync"
)

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
	return tsDialectList([]byte(tables[min(profile, 2)-1]), func(i int) bool { return tsServeTools[i].inScope(scope) }, tsCat.metaKey, id+"/"+dialect, cache)
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
// the spec's shapes, for Decode: first the names the dialect sent for
// property keys its family refuses become the spec's keys again; then,
// under openai_strict, a null for an optional property that does not take
// null is dropped, at every depth; under gemini, an any value sent as
// JSON text is decoded; other dialects send the spec's shapes already.
func (b *Bound) NormalizeArgs(dialect, tool string, args []byte) []byte {
	if back := tsDialectKeys[dialect][tool]; back != nil {
		args = tsRenameKeys(back, args)
	}
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

package runtime

import (
	"context"
	"reflect"
)

// Stand-ins for the declarations gen-go writes into every file from its
// catalog, which serve.go refers to: a catalog of two tools, "look"
// (read_only, a structured result) and "note" (additive, text). Never
// copied into a generated file; the tests of serve.go use them.

const (
	SpecName = "stand-in"
	SpecHash = "h"
)

var tsCat = tsNewCatalog(SpecName, SpecHash, `"toolspec/catalog"`, [3]string{"h/p1", "h/p2", "h/p3"}, [][6]string{
	{"look", `{"name":"look","description":"Look","inputSchema":`, `{"name":"look","title":"Look","description":"Look","inputSchema":`, `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`, `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"],"additionalProperties":false}`, `{"readOnlyHint":true}`},
	{"note", `{"name":"note","description":"Note","inputSchema":`, ``, `{"type":"object","additionalProperties":false}`, ``, `{"destructiveHint":false}`},
}, [3]string{`],"_meta":{"toolspec/catalog":"h/p1"}}`, `],"_meta":{"toolspec/catalog":"h/p2"}}`, `],"ttlMs":300000,"cacheScope":"public","resultType":"complete","_meta":{"toolspec/catalog":"h/p3"}}`})

type tsLookInput struct {
	Q string `json:"q"`
}

type tsLookOutput struct {
	N int64 `json:"n"`
}

type tsNoteInput struct{}

var tsServeTools = []tsServeTool{
	{Name: "look", ReadOnly: true, Write: true, Result: "out", Handler: reflect.TypeOf((func(context.Context, tsLookInput) (tsLookOutput, error))(nil))},
	{Name: "note", ReadOnly: false, Write: true, Result: "text", Handler: reflect.TypeOf((func(context.Context, tsNoteInput) (string, error))(nil))},
}

// ListToolsJSON is the generated function of that name.
func ListToolsJSON(profile int) []byte { return tsCat.list(profile) }

// CatalogID is the generated function of that name.
func CatalogID(profile int) string {
	switch profile {
	case 2:
		return "h/p2"
	case 3:
		return "h/p3"
	}
	return "h/p1"
}

// ProfileFor is the generated function of that name.
func ProfileFor(protocolVersion string) int { return tsProfileFor(protocolVersion) }

// Handlers is the generated interface of that name.
type Handlers interface {
	Look(ctx context.Context, in tsLookInput) (tsLookOutput, error)
	Note(ctx context.Context, in tsNoteInput) (string, error)
}

// ListToolsScopedJSON is the generated function of that name.
func ListToolsScopedJSON(profile int, scope string) []byte {
	return tsScopedList(tsCat, tsServeTools, profile, scope)
}

// Bind is the generated function of that name.
func Bind(h Handlers) *Bound { return BindMap(HandlerMap(h)) }

// BindMap is the generated function of that name.
func BindMap(handlers map[string]any) *Bound { return tsBindMap(tsCat, tsServeTools, handlers) }

// HandlerMap is the generated function of that name.
func HandlerMap(h Handlers) map[string]any {
	return map[string]any{"look": h.Look, "note": h.Note}
}

// tsDialectTables is the generated variable of that name: the one dialect
// the stand-in carries, "gemini", its tables those of the standard one.
var tsDialectTables = map[string][2]string{
	"gemini": {
		`{"tools":[{"name":"look","description":"Look","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}},{"name":"note","description":"Note","inputSchema":{"type":"object"}}],"_meta":{"toolspec/catalog":"h/p1/gemini"}}`,
		`{"tools":[{"name":"look","title":"Look","description":"Look","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]},"annotations":{"readOnlyHint":true}},{"name":"note","description":"Note","inputSchema":{"type":"object"},"annotations":{"destructiveHint":false}}],"_meta":{"toolspec/catalog":"h/p2/gemini"}}`,
	},
}

// tsDialects is the generated variable of that name.
var tsDialects = []string{"gemini"}

// tsDialectKeys is the generated variable of that name.
var tsDialectKeys = map[string]map[string]map[string]string{"gemini": {"t": {"a_b": "a b"}}}

// tsClientDialects is the generated variable of that name.
var tsClientDialects = map[string]string{"gemini-cli": "gemini", "cursor": "cursor"}

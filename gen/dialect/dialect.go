package dialect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/model"
)

// lowering says what a family's dialect rewrites; each field is one
// documented lowering (docs/clients.md).
type lowering struct {
	nullableKeyword  bool // type arrays → nullable: true
	nullEnums        bool // a nullable enum's values → the description, null among them
	noAdditional     bool // additionalProperties dropped
	stringEnumsOnly  bool // integer enums → the values in the description
	tupleAsArray     bool // prefixItems dropped; items typed or anyOf
	tupleAsItemsList bool // prefixItems → draft-07 items: [...]
	anyAsText        bool // {} → a string holding the value as JSON text
	closedNote       bool // additionalProperties:false dropped with a note
	untypedNullable  bool // type arrays → no type, "a T or null" in the description
	allRequired      bool // every property required, optional ones nullable
	onlyFormats      map[string]bool
	moved            []string // keywords moved into the description
	minItemsAbove1   bool     // minItems moved only when above 1
	// Unions (lowerUnion): anyOf alone, the union's description in
	// each variant; or no anyOf, the variants named in the description.
	unionSiblingsDown, widenedUnions bool
	// nullVariant keeps a union's null as its own variant {"type":"null"}
	// (with unionSiblingsDown), for readers that do not read nullable.
	nullVariant bool
}

var lowerings = map[string]lowering{
	"gemini": {
		nullableKeyword: true, nullEnums: true, noAdditional: true, closedNote: true, stringEnumsOnly: true, tupleAsArray: true, anyAsText: true,
		unionSiblingsDown: true,
		onlyFormats:       map[string]bool{"date-time": true, "enum": true},
		moved:             []string{"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "default", "examples", "deprecated"},
	},
	// Cursor mishandles type arrays (cursor/cursor#3778) and reportedly
	// anyOf: a nullable node loses its type; its other keywords apply to
	// their own type only, so every value it took is still taken.
	"cursor": {untypedNullable: true, widenedUnions: true},
	// OpenAI answers 400 "'uniqueItems' is not permitted" in strict mode;
	// Anthropic documents it unsupported and its SDK strips it.
	"openai_strict":    {allRequired: true, tupleAsArray: true, moved: []string{"uniqueItems", "default"}},
	"anthropic_strict": {moved: []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "maxItems", "minItems", "uniqueItems"}, minItemsAbove1: true},
	"xai":              {moved: []string{"minLength", "maxLength", "minItems", "maxItems"}},
	// Draft-07 validators assert format; the spec's format is an annotation.
	"copilot": {tupleAsItemsList: true, moved: []string{"format"}},
}

// outputLowerings say what a family's dialect rewrites in output schemas,
// for the families whose clients send them to a model: @google/genai's
// mcpToTool sends the outputSchema as responseJsonSchema (lang/clients'
// Behaviours). Every other family gets the spec's output schemas.
//
// The output schema has a second reader that the input schema does not:
// the MCP client itself validates the server's structuredContent against
// it (the TS and Python SDKs do), with a JSON Schema validator, and the
// server sends the spec's shapes. So an output lowering only drops or
// moves what Gemini does not read, and keeps what a JSON Schema validator
// needs to take every value the spec takes: type arrays stay (Gemini's
// nullable is not JSON Schema), a union's null stays a variant, and `any`
// stays {} (the JSON-text stand-in would need the server to rewrite the
// value). responseJsonSchema reads JSON Schema, type arrays and {} among it.
var outputLowerings = map[string]lowering{
	"gemini": {
		nullEnums: true, noAdditional: true, closedNote: true, stringEnumsOnly: true, tupleAsArray: true,
		unionSiblingsDown: true, nullVariant: true,
		onlyFormats: map[string]bool{"date-time": true, "enum": true},
		moved:       []string{"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "default", "examples", "deprecated"},
	},
}

// LowersOutputs reports whether a family's dialect lowers output schemas.
func LowersOutputs(family string) bool {
	_, ok := outputLowerings[family]
	return ok
}

// Known reports whether family names a client family (every family has a
// dialect; for some it is the standard table under another identity).
func Known(family string) bool {
	_, ok := clients.Lookup(family)
	return ok
}

// Identity is the catalog identity of a dialect table:
// "<spec_hash>/p<profile>/<family>".
func Identity(c *model.Catalog, profile int, family string) string {
	return c.Identity(profile) + "/" + family
}

// ToolsList returns the tools/list result of a profile lowered to a
// family's dialect, compact, in the emitted key order. Input schemas are
// lowered for every family; output schemas for the families whose clients
// send them to a model (outputLowerings).
func ToolsList(c *model.Catalog, profile int, family string) ([]byte, error) {
	if !Known(family) {
		return nil, fmt.Errorf("unknown client family %q", family)
	}
	v, err := parse(schema.ToolsList(c, profile))
	if err != nil {
		return nil, err // cannot happen: gen/schema writes JSON
	}
	root := v.(*node)
	low := lowerings[family]
	outLow, lowersOut := outputLowerings[family]
	for _, t := range root.vals["tools"].([]any) {
		tool := t.(*node)
		if in := tool.obj("inputSchema"); in != nil {
			low.lower(in, true)
			if t := c.Tool(tool.str("name")); t != nil {
				renameSchema(in, renamesOf(t.Input, family))
			}
		}
		if out := tool.obj("outputSchema"); out != nil && lowersOut {
			outLow.lower(out, true)
		}
	}
	meta := root.obj("_meta")
	meta.set(c.CatalogKey, Identity(c, profile, family))
	var b bytes.Buffer
	write(&b, root)
	return b.Bytes(), nil
}

// Generate is ToolsList indented as gen-json prints tables.
func Generate(c *model.Catalog, profile int, family string) ([]byte, error) {
	b, err := ToolsList(c, profile, family)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// InputSchema returns one tool's input schema lowered to a family's dialect.
func InputSchema(t *model.Tool, family string) []byte {
	v, _ := parse(schema.Input(t))
	n := v.(*node)
	lowerings[family].lower(n, true)
	renameSchema(n, renamesOf(t.Input, family))
	var b bytes.Buffer
	write(&b, n)
	return b.Bytes()
}

// OutputSchema returns one tool's output schema lowered to a family's
// dialect (the spec's own for a family that does not lower outputs), or
// nil when the tool has no `out`.
func OutputSchema(t *model.Tool, family string) []byte {
	if t.Output == nil {
		return nil
	}
	v, _ := parse(schema.Output(t))
	n := v.(*node)
	if l, ok := outputLowerings[family]; ok {
		l.lower(n, true)
	}
	var b bytes.Buffer
	write(&b, n)
	return b.Bytes()
}

// lower rewrites n and everything below it; root is a tool's input.
func (l lowering) lower(n *node, root bool) { l.lowerNoting(n, root, nil) }

// lowerNoting is lower, with more notes its parent has for n: all of n's
// notes go into one pair of parentheses.
func (l lowering) lowerNoting(n *node, root bool, more []string) {
	var notes []string
	// Children first: a tuple's note names its lowered elements.
	if props := n.obj("properties"); props != nil {
		req := map[string]bool{}
		if r, ok := n.vals["required"].([]any); ok {
			for _, x := range r {
				req[x.(string)] = true
			}
		}
		for _, k := range props.keys {
			p := props.obj(k)
			if l.allRequired && !req[k] {
				l.lowerNoting(p, false, []string{"null when not given"})
				makeNullable(p)
			} else {
				l.lower(p, false)
			}
		}
		if l.allRequired && len(props.keys) > 0 {
			all := make([]any, len(props.keys))
			for i, k := range props.keys {
				all[i] = k
			}
			n.setAfter("properties", "required", all)
		}
	}
	l.lowerVariants(n)
	if items := n.obj("items"); items != nil {
		l.lower(items, false)
	}
	if ap := n.obj("additionalProperties"); ap != nil {
		l.lower(ap, false)
	}
	if pre, ok := n.vals["prefixItems"].([]any); ok {
		for _, e := range pre {
			l.lower(e.(*node), false)
		}
		switch {
		case l.tupleAsArray:
			notes = append(notes, tupleNote(pre))
			n.del("prefixItems")
			n.set("items", anyOf(pre))
		case l.tupleAsItemsList:
			n.del("prefixItems")
			n.set("items", pre)
		}
	}

	typ, isArray := n.vals["type"].([]any)
	if l.nullableKeyword && isArray && len(typ) == 2 && typ[1] == "null" {
		n.set("type", typ[0])
		n.setAfter("type", "nullable", true)
	}
	if l.nullEnums {
		if e, ok := n.vals["enum"].([]any); ok && slices.Contains(e, nil) {
			// Gemini's enum holds strings only, and a nullable node's enum
			// without null would refuse null: the values move into the
			// description, null among them.
			var vals []string
			for _, x := range e {
				vals = append(vals, compact(x))
			}
			notes = append(notes, "one of "+strings.Join(vals, ", "))
			n.del("enum")
		}
	}
	dropType := false
	if l.untypedNullable && isArray && slices.Contains(typ, any("null")) {
		notes = append(notes, orNull(typ))
		dropType = true
	}
	if l.anyAsText && !n.has("type") && !n.has("anyOf") {
		// Gemini has no node that takes every value (a node needs a type,
		// an OBJECT needs properties, an ARRAY items): the value travels
		// as JSON text, which Normalize decodes.
		n.keys = append([]string{"type"}, n.keys...)
		n.vals["type"] = "string"
		notes = append(notes, anyAsTextNote)
	}
	if l.stringEnumsOnly {
		if e, ok := n.vals["enum"].([]any); ok && len(e) > 0 {
			if _, isNum := e[0].(json.Number); isNum {
				var vals []string
				for _, x := range e {
					vals = append(vals, compact(x))
				}
				notes = append(notes, "one of "+strings.Join(vals, ", "))
				n.del("enum")
			}
		}
	}
	if l.noAdditional {
		if ap := n.obj("additionalProperties"); ap != nil {
			notes = append(notes, "values: "+typeWord(ap))
		}
		if l.closedNote && n.vals["additionalProperties"] == false && (!root || n.has("properties")) {
			// A root without properties is left out by clients (an OBJECT
			// needs properties): nothing to say there.
			notes = append(notes, "no other properties")
		}
		n.del("additionalProperties")
	}
	if l.onlyFormats != nil {
		if f := n.str("format"); f != "" && !l.onlyFormats[f] {
			notes = append(notes, "format "+f)
			n.del("format")
		}
	}
	notes = append(notes, l.move(n)...)
	if l.unionSiblingsDown && n.has("anyOf") {
		notesDown(n, append(notes, more...))
	} else {
		addNotes(n, append(notes, more...))
	}
	if dropType {
		n.del("type") // after addNotes, which places a new description after it
	}
	l.lowerUnion(n)
}

// anyAsTextNote is the note of gemini's stand-in for any.
const anyAsTextNote = "any JSON value, written as JSON text"

// orNull is the note of a type array: "a string or null", "an integer or
// null".
func orNull(types []any) string {
	var w []string
	for _, t := range types {
		s := fmt.Sprint(t)
		switch {
		case s == "null":
			continue
		case strings.ContainsAny(s[:1], "aeiou"):
			s = "an " + s
		default:
			s = "a " + s
		}
		w = append(w, s)
	}
	return strings.Join(append(w, "null"), " or ")
}

// move takes the keywords the family cannot read out of n and returns
// their notes, in one fixed order.
func (l lowering) move(n *node) []string {
	moved := map[string]bool{}
	for _, k := range l.moved {
		if !n.has(k) {
			continue
		}
		if v := compact(n.vals[k]); k == "minItems" && l.minItemsAbove1 && (v == "0" || v == "1") {
			continue
		}
		moved[k] = true
	}
	var notes []string
	num := func(k string) string {
		if !moved[k] {
			return ""
		}
		s := compact(n.vals[k])
		n.del(k)
		return s
	}
	unit := map[string]string{"string": "characters", "array": "items", "object": "properties"}[baseType(n)]
	if lo, hi := num("minLength"), num("maxLength"); lo != "" || hi != "" {
		notes = append(notes, span(lo, hi, " characters"))
	}
	if lo, hi := num("minItems"), num("maxItems"); lo != "" || hi != "" {
		notes = append(notes, span(lo, hi, " "+unit))
	}
	if lo, hi := num("minimum"), num("maximum"); lo != "" || hi != "" {
		notes = append(notes, span(lo, hi, ""))
	}
	if v := num("exclusiveMinimum"); v != "" {
		notes = append(notes, "greater than "+v)
	}
	if v := num("exclusiveMaximum"); v != "" {
		notes = append(notes, "less than "+v)
	}
	if v := num("multipleOf"); v != "" {
		notes = append(notes, "a multiple of "+v)
	}
	if moved["format"] {
		notes = append(notes, "format "+n.str("format"))
		n.del("format")
	}
	if v := num("uniqueItems"); v == "true" {
		notes = append(notes, "unique items")
	}
	if v := num("default"); v != "" {
		notes = append(notes, "default "+v)
	}
	if moved["examples"] {
		var ex []string
		for _, x := range n.vals["examples"].([]any) {
			ex = append(ex, compact(x))
		}
		n.del("examples")
		notes = append(notes, "for example "+strings.Join(ex, ", "))
	}
	if v := num("deprecated"); v == "true" {
		notes = append(notes, "deprecated")
	}
	return notes
}

// span is the fixed form of a range: "1 to 64 characters", "at least 1
// character", "at most 64 characters", "exactly 2 items".
func span(lo, hi, unit string) string {
	switch {
	case lo != "" && hi != "" && lo == hi:
		return "exactly " + lo + count(lo, unit)
	case lo != "" && hi != "":
		return lo + " to " + hi + unit
	case lo != "":
		return "at least " + lo + count(lo, unit)
	}
	return "at most " + hi + count(hi, unit)
}

// count is unit (" items", " characters", " properties", or "") after the
// number n: singular after 1.
func count(n, unit string) string {
	if n != "1" {
		return unit
	}
	if unit == " properties" {
		return " property"
	}
	return strings.TrimSuffix(unit, "s")
}

// addNotes appends notes to n's description in the fixed form
// "DESCRIPTION (note; note)", or "note; note" when n has none.
func addNotes(n *node, notes []string) {
	if len(notes) == 0 {
		return
	}
	if !n.noted {
		n.own, n.noted = n.str("description"), true
	}
	n.notes = append(n.notes, notes...)
	text := strings.Join(n.notes, "; ")
	if n.own != "" {
		text = n.own + " (" + text + ")"
	}
	if n.has("description") {
		n.vals["description"] = text
		return
	}
	if n.has("nullable") {
		n.setAfter("nullable", "description", text)
	} else {
		n.setAfter("type", "description", text)
	}
}

// makeNullable lets n also be null (OpenAI strict's optional property).
func makeNullable(n *node) {
	switch t := n.vals["type"].(type) {
	case string:
		n.vals["type"] = []any{t, "null"}
	case nil:
		if !n.has("anyOf") {
			return // {} already takes null
		}
		n.set("anyOf", append(n.vals["anyOf"].([]any), &node{keys: []string{"type"}, vals: map[string]any{"type": "null"}}))
		return
	}
	if e, ok := n.vals["enum"].([]any); ok {
		for _, x := range e {
			if x == nil {
				return
			}
		}
		n.vals["enum"] = append(e, nil)
	}
}

func objOr(n *node) *node {
	if n == nil {
		return &node{vals: map[string]any{}}
	}
	return n
}

// baseType is a schema's type without null: "array" for ["array","null"]
// and for a nullable array.
func baseType(n *node) string {
	switch t := n.vals["type"].(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if x != "null" {
				return fmt.Sprint(x)
			}
		}
	}
	return ""
}

// typeWord names a schema's type for notes: "integer", "string or null",
// "any".
func typeWord(n *node) string {
	switch t := n.vals["type"].(type) {
	case string:
		if n.vals["nullable"] == true {
			return t + " or null"
		}
		return t
	case []any:
		var w []string
		for _, x := range t {
			w = append(w, fmt.Sprint(x))
		}
		return strings.Join(w, " or ")
	}
	return "any"
}

// tupleNote is the fixed form of a tuple: "exactly 2 items, in order:
// integer, string".
func tupleNote(pre []any) string {
	var w []string
	for _, e := range pre {
		w = append(w, typeWord(e.(*node)))
	}
	return fmt.Sprintf("exactly %d%s, in order: %s", len(pre), count(fmt.Sprint(len(pre)), " items"), strings.Join(w, ", "))
}

// anyOf is the common items of a lowered tuple whose elements differ:
// each distinct element schema once, in order.
func anyOf(pre []any) *node {
	seen := map[string]bool{}
	var alts []any
	for _, e := range pre {
		if k := compact(e); !seen[k] {
			seen[k] = true
			alts = append(alts, e)
		}
	}
	if len(alts) == 1 {
		return alts[0].(*node)
	}
	return &node{keys: []string{"anyOf"}, vals: map[string]any{"anyOf": alts}}
}

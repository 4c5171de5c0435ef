package schema

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/model"
)

// ToolsList returns the tools/list result of a profile as compact JSON:
// {"tools":[...],"_meta":{"<catalog_key>":"<spec_hash>/p<profile>"}}; on
// profile 3 (the tools as on profile 2) ttlMs, cacheScope and resultType
// sit between the tools and _meta.
func ToolsList(c *model.Catalog, profile int) []byte {
	list, _, _ := toolsList(c, profile, false)
	return list
}

// ToolsListCuts returns ToolsList(c, profile) and where it is cut between
// its tools: the offset at which each tool's entry starts (after the
// comma that ends the one before), then the offset just after the last
// entry (before the "]" that closes the tools). With no tools, cuts is
// that one offset. spans[i] is where tool i's schemas lie in list.
func ToolsListCuts(c *model.Catalog, profile int) (list []byte, cuts []int, spans []Spans) {
	return toolsList(c, profile, true)
}

// Spans are where a tool's schemas lie in the text of its entry: each is
// [start, end); Out is [0, 0] when the entry has no output schema (no
// `out`, or profile 1).
type Spans struct{ In, Out [2]int }

func toolsList(c *model.Catalog, profile int, cut bool) ([]byte, []int, []Spans) {
	var cuts []int
	var spans []Spans
	if cut {
		cuts = make([]int, 0, len(c.Tools)+1)
		spans = make([]Spans, 0, len(c.Tools))
	}
	w := &writer{}
	o := w.open('{')
	o.key("tools")
	tools := w.open('[')
	for i, t := range c.Tools {
		w.reserve(i, len(c.Tools))
		tools.elem()
		if cut {
			cuts = append(cuts, len(w.b))
		}
		sp := w.toolCut(t, profile)
		if cut {
			spans = append(spans, sp)
		}
	}
	if cut {
		cuts = append(cuts, len(w.b))
	}
	tools.close(']')
	if profile == 3 {
		w.b = append(w.b, ","+model.Profile3Cache("public")...)
	}
	o.key("_meta")
	meta := w.open('{')
	meta.key(c.CatalogKey)
	w.str(c.Identity(profile))
	meta.close('}')
	o.close('}')
	return w.b, cuts, spans
}

// Tool returns one tool's entry of the tools/list result of a profile.
func Tool(t *model.Tool, profile int) []byte { return AppendTool(nil, t, profile) }

// AppendTool appends one tool's entry of the tools/list result of a
// profile to dst and returns the extended slice.
func AppendTool(dst []byte, t *model.Tool, profile int) []byte {
	w := &writer{b: dst}
	w.tool(t, profile)
	return w.b
}

// AppendToolHead appends what precedes the input schema in one tool's
// entry of the tools/list result of a profile, `"inputSchema":`
// included: Tool is that, the input schema, and the rest.
func AppendToolHead(dst []byte, t *model.Tool, profile int) []byte {
	w := &writer{b: dst}
	w.toolHead(t, profile)
	return w.b
}

// AppendToolCut appends one tool's entry of the tools/list result of a
// profile to dst and returns the extended slice and where in it the
// entry's input schema starts and ends.
func AppendToolCut(dst []byte, t *model.Tool, profile int) (b []byte, in, end int) {
	w := &writer{b: dst}
	sp := w.toolCut(t, profile)
	return w.b, sp.In[0], sp.In[1]
}

// AppendIndentedTool appends one tool's entry to dst laid out as
// json.Indent lays it out with this prefix and an indent of two spaces
// (what gen-json prints, without a second pass over the bytes), and
// returns the extended slice.
func AppendIndentedTool(dst []byte, t *model.Tool, profile int, prefix string) []byte {
	w := &writer{b: dst, indent: true, prefix: prefix}
	w.tool(t, profile)
	return w.b
}

// Input returns the input schema of a tool.
func Input(t *model.Tool) []byte { return Type(t.Input) }

// Output returns the output schema of a tool, or nil when it has no `out`.
func Output(t *model.Tool) []byte {
	if t.Output == nil {
		return nil
	}
	return Type(t.Output)
}

// Type returns the schema of one type.
func Type(t *model.Type) []byte { return AppendType(nil, t) }

// AppendType appends the schema of one type to dst and returns the
// extended slice.
func AppendType(dst []byte, t *model.Type) []byte {
	w := &writer{b: dst}
	w.typ(t, "")
	return w.b
}

// writer writes JSON compact or, with indent, in json.Indent's layout:
// each member and element on its own line at prefix plus two spaces per
// level, a space after each colon, empty objects and arrays as {} and [].
type writer struct {
	b      []byte
	indent bool
	prefix string
	depth  int
}

// reserve makes room, before the next of total tools is written (done of
// them written so far), for the rest at the length of those so far, plus
// an eighth: append's growth of a large slice by a quarter at a time
// would allocate and copy the list about five times over.
func (w *writer) reserve(done, total int) {
	if done == 0 || cap(w.b)-len(w.b) > len(w.b)/done*2 {
		return
	}
	rest := len(w.b) / done * (total - done)
	w.b = slices.Grow(w.b, rest+rest/8)
}

// str writes s as a JSON string (see jsonstr.AppendHTMLSafe).
func (w *writer) str(s string) { w.b = jsonstr.AppendHTMLSafe(w.b, s) }

// plain writes s, JSON text, as it is.
func (w *writer) plain(s string) { w.b = append(w.b, s...) }

// container is an open object or array; it writes the commas and line
// breaks between its members.
type container struct {
	w    *writer
	more bool
}

func (w *writer) open(c byte) container {
	w.b = append(w.b, c)
	w.depth++
	return container{w: w}
}

func (w *writer) newline() {
	if !w.indent {
		return
	}
	w.b = append(w.b, '\n')
	w.b = append(w.b, w.prefix...)
	for n := 2 * w.depth; n > 0; n -= len(spaces) {
		w.b = append(w.b, spaces[:min(n, len(spaces))]...)
	}
}

// spaces indent lines, 32 levels at a time.
const spaces = "                                                                "

// elem starts the next element of an array.
func (c *container) elem() {
	if c.more {
		c.w.b = append(c.w.b, ',')
	}
	c.more = true
	c.w.newline()
}

// key starts the next member of an object.
func (c *container) key(k string) {
	c.elem()
	c.w.str(k)
	if c.w.indent {
		c.w.b = append(c.w.b, ':', ' ')
	} else {
		c.w.b = append(c.w.b, ':')
	}
}

func (c *container) close(b byte) {
	c.w.depth--
	if c.more {
		c.w.newline()
	}
	c.w.b = append(c.w.b, b)
}

// raw writes a JSON value from the spec (a default or an example), laid out
// like the rest.
func (w *writer) raw(v []byte) {
	if !w.indent || len(v) > 0 && bytes.IndexByte(indentable, v[0]) < 0 {
		// Not indented, or a number, string, true, false or null, which
		// json.Indent copies as it is.
		w.b = append(w.b, v...)
		return
	}
	b := bytes.NewBuffer(w.b)
	if err := json.Indent(b, v, w.prefix+strings.Repeat("  ", w.depth), "  "); err != nil {
		// The checker accepted the value as JSON; this cannot happen.
		panic("schema: a checked JSON value does not parse: " + err.Error())
	}
	w.b = b.Bytes()
}

// toolHead opens a tool's entry and writes it up to the input schema, its
// key included; it returns the entry, for tool to go on with.
func (w *writer) toolHead(t *model.Tool, profile int) container {
	o := w.open('{')
	o.key("name")
	w.str(t.Name)
	if profile >= 2 && t.Title != "" {
		o.key("title")
		w.str(t.Title)
	}
	o.key("description")
	w.str(t.Description)
	o.key("inputSchema")
	return o
}

// indentable are the bytes a JSON text starts with when json.Indent may
// change it: an object or array, or leading white space (which it drops).
var indentable = []byte("{[ \t\r\n")

func (w *writer) tool(t *model.Tool, profile int) { w.toolCut(t, profile) }

// toolCut writes a tool's entry and returns where its schemas lie in
// w.b.
func (w *writer) toolCut(t *model.Tool, profile int) (sp Spans) {
	o := w.toolHead(t, profile)
	sp.In[0] = len(w.b)
	w.typ(t.Input, "")
	sp.In[1] = len(w.b)
	if profile >= 2 {
		if t.Output != nil {
			o.key("outputSchema")
			sp.Out[0] = len(w.b)
			w.typ(t.Output, "")
			sp.Out[1] = len(w.b)
		}
		if t.Hints.Any() {
			o.key("annotations")
			a := w.open('{')
			// additive is destructiveHint false; check lets at most one
			// of destructive and additive through.
			for _, h := range []struct {
				key   string
				on    bool
				value string
			}{
				{"readOnlyHint", t.Hints.ReadOnly, "true"},
				{"destructiveHint", t.Hints.Destructive, "true"},
				{"destructiveHint", t.Hints.Additive, "false"},
				{"idempotentHint", t.Hints.Idempotent, "true"},
				{"openWorldHint", t.Hints.OpenWorld, "true"},
			} {
				if h.on {
					a.key(h.key)
					w.plain(h.value)
				}
			}
			a.close('}')
		}
	}
	o.close('}')
	return sp
}

// typ writes the schema of t. Keys come in one fixed order: type,
// description, enum, the structure (properties, items, ...), then the
// keywords of the modifiers in lang/descriptor's EmitOrder (bounds,
// exclusive bounds, multipleOf, pattern, format, uniqueItems, default,
// examples, deprecated).
func (w *writer) typ(t *model.Type, description string) {
	o := w.open('{')
	if jsonType := baseType(t); jsonType != "" {
		o.key("type")
		if t.Nullable {
			types := w.open('[')
			types.elem()
			w.str(jsonType)
			types.elem()
			w.plain("\"null\"")
			types.close(']')
		} else {
			w.str(jsonType)
		}
	}
	if description != "" {
		o.key("description")
		w.str(description)
	}
	switch t.Kind {
	case model.Enum:
		o.key("enum")
		values := w.open('[')
		for _, v := range t.Enum {
			values.elem()
			if v.IsInt {
				w.plain(strconv.FormatInt(v.Int, 10))
			} else {
				w.str(v.Str)
			}
		}
		if t.Nullable {
			values.elem()
			w.plain("null")
		}
		values.close(']')
	case model.Object:
		if len(t.Fields) > 0 {
			o.key("properties")
			props := w.open('{')
			for _, f := range t.Fields {
				props.key(f.Name)
				w.typ(f.Type, f.Description)
			}
			props.close('}')
			var required container
			for _, f := range t.Fields {
				if !f.Required {
					continue
				}
				if required.w == nil {
					o.key("required")
					required = w.open('[')
				}
				required.elem()
				w.str(f.Name)
			}
			if required.w != nil {
				required.close(']')
			}
		}
		if !t.Open {
			o.key("additionalProperties")
			w.plain("false")
		}
	case model.Array:
		o.key("items")
		w.typ(t.Elem, "")
	case model.Tuple:
		o.key("prefixItems")
		items := w.open('[')
		for _, it := range t.Items {
			items.elem()
			w.typ(it, "")
		}
		items.close(']')
		o.key("items")
		rest := w.open('{')
		if common := tupleItems(t); common != "" {
			rest.key("type")
			w.str(common)
			if common == "array" {
				// Every array schema has items, this one too (LANGUAGE.md §4).
				rest.key("items")
				w.plain("{}")
			}
		}
		rest.close('}')
		n := strconv.Itoa(len(t.Items))
		o.key("minItems")
		w.plain(n)
		o.key("maxItems")
		w.plain(n)
	case model.Map:
		o.key("additionalProperties")
		w.typ(t.Elem, "")
	case model.Union:
		// No type: each variant has its own; null is a variant of its own.
		o.key("anyOf")
		variants := w.open('[')
		for _, v := range t.Variants {
			variants.elem()
			w.typ(v, "")
		}
		if t.Nullable {
			variants.elem()
			null := w.open('{')
			null.key("type")
			w.str("null")
			null.close('}')
		}
		variants.close(']')
	case model.String, model.Integer, model.Number, model.Boolean, model.Any:
		// No structure: type and the modifiers say it all.
	}
	for i, d := range descriptor.EmitOrder {
		w.modifier(&o, t, d, emitOps[i])
	}
	o.close('}')
}

// emitOp is what modifier does for one entry of descriptor.EmitOrder,
// worked out once from the entry: a number modifier's field of
// model.Type (as Type.NumberModifier names it), or its keyword's case.
type emitOp uint8

const (
	opNone         emitOp = iota // a keyword modifier writes nothing for
	opExclusiveMin               // the number modifiers, by their field
	opExclusiveMax
	opMultipleOf
	opNumber // a number modifier of another field: NumberModifier
	opRange
	opPattern
	opFormat
	opUnique
	opDefault
	opExample
	opDeprecated
)

// keywordOps are the cases of the modifiers without a Key, by keyword.
var keywordOps = map[string]emitOp{
	"range": opRange, "pattern": opPattern, "format": opFormat, "unique": opUnique,
	"default": opDefault, "example": opExample, "deprecated": opDeprecated,
}

var emitOps = func() []emitOp {
	ops := make([]emitOp, len(descriptor.EmitOrder))
	var z model.Type
	for i, d := range descriptor.EmitOrder {
		if d.Key == "" {
			ops[i] = keywordOps[d.Keyword]
			continue
		}
		switch z.NumberModifier(d.Keyword) {
		case &z.ExclusiveMin:
			ops[i] = opExclusiveMin
		case &z.ExclusiveMax:
			ops[i] = opExclusiveMax
		case &z.MultipleOf:
			ops[i] = opMultipleOf
		default:
			ops[i] = opNumber
		}
	}
	return ops
}()

// modifier writes the keywords modifier d of t becomes, if t has it; op
// is d's emitOp.
func (w *writer) modifier(o *container, t *model.Type, d *descriptor.Modifier, op emitOp) {
	var n *model.Num
	switch op {
	case opExclusiveMin:
		n = t.ExclusiveMin
	case opExclusiveMax:
		n = t.ExclusiveMax
	case opMultipleOf:
		n = t.MultipleOf
	case opNumber:
		n = *t.NumberModifier(d.Keyword)
	case opRange:
		if minKey, maxKey := t.Kind.BoundKeywords(); minKey != "" {
			if t.Min != nil {
				o.key(minKey)
				w.plain(t.Min.Text)
			}
			if t.Max != nil {
				o.key(maxKey)
				w.plain(t.Max.Text)
			}
		}
	case opPattern:
		if t.Pattern != nil {
			o.key("pattern")
			w.str(*t.Pattern)
		}
	case opFormat:
		if t.Format != "" {
			o.key("format")
			w.str(t.Format)
		}
	case opUnique:
		if t.Unique {
			o.key("uniqueItems")
			w.plain("true")
		}
	case opDefault:
		if t.Default != nil {
			o.key("default")
			w.raw(t.Default)
		}
	case opExample:
		if len(t.Examples) > 0 {
			o.key("examples")
			examples := w.open('[')
			for _, e := range t.Examples {
				examples.elem()
				w.raw(e)
			}
			examples.close(']')
		}
	case opDeprecated:
		if t.Deprecated {
			o.key("deprecated")
			w.plain("true")
		}
	case opNone:
	}
	if n != nil {
		o.key(d.Key)
		w.plain(n.Text)
	}
}

// jsonType is the one JSON type t's schema names: "" for any, and for a
// nullable type (which names two).
func jsonType(t *model.Type) string {
	if t.Nullable {
		return ""
	}
	return baseType(t)
}

// baseType is the JSON type of t's values, null aside; "" for any.
func baseType(t *model.Type) string {
	switch t.Kind { // kinds:partial: the others' JSON type is in the kind table

	case model.Enum:
		if len(t.Enum) > 0 && t.Enum[0].IsInt {
			return "integer"
		}
		return "string"
	case model.Any:
		return ""
	}
	return descriptor.Kinds[t.Kind].JSONType
}

// tupleItems is the JSON type a tuple's items keyword names: the one
// non-nullable type all its members have, else "" (items is {}). For
// "array", items is {"type":"array","items":{}}.
func tupleItems(t *model.Type) string {
	if len(t.Items) == 0 {
		return ""
	}
	common := jsonType(t.Items[0])
	for _, it := range t.Items[1:] {
		if jsonType(it) != common {
			return ""
		}
	}
	return common
}

// String returns s as a JSON string literal, escaped as everywhere in
// toolspec's output.
func String(s string) string {
	return string(jsonstr.AppendHTMLSafe(nil, s))
}

package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/check"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/openapi"
)

// Selections of operations for [OpenAPI].
const (
	SelectXMCP = "x-mcp" // operations with an x-mcp-* extension
	SelectTag  = "tag"   // operations with a tag
	SelectAll  = "all"   // every operation
)

// ErrNoSelection is returned when no selection is given and the document
// has no x-mcp-* extension to select by.
var ErrNoSelection = errors.New("no operation has an x-mcp-* extension: choose --all or --tag T")

// ErrNothingSelected is returned when the selection takes no operation.
var ErrNothingSelected = errors.New("no operation selected")

// Options say which operations become tools.
type Options struct {
	// Select is SelectXMCP, SelectTag or SelectAll; "" means SelectXMCP
	// when any operation has an x-mcp-* extension, else ErrNoSelection.
	Select string
	// Tag is the tag SelectTag selects.
	Tag string
	// Name is the spec name; "" derives one from the document's title.
	Name string
}

// HasXMCP reports whether an operation's x-mcp-* extensions select it:
// x-mcp-enabled true, or a key that describes the tool (x-mcp-name, ...)
// and neither x-mcp-enabled false nor x-mcp-exclude true.
func HasXMCP(op *openapi.Operation) bool { return readXMCP(op).selects }

// riskHints is the x-mcp-risk table (docs/openapi.md): sh0's risk levels as
// the hint that puts the tool in the matching scope. write is additive, so
// a write-scoped key sees it; admin may destroy like destructive.
var riskHints = map[string]string{
	"read":        "read_only",
	"write":       "additive",
	"destructive": "destructive",
	"admin":       "destructive",
}

// examples are the examples a row keeps: example, then each of examples
// (3.1's array, or a parameter's examples map), once each. One a reader
// cannot hold is reported and left out.
func (im *oaImporter) examples(tool, field string, example json.RawMessage, examples []json.RawMessage) []json.RawMessage {
	var out []json.RawMessage
	for _, e := range append([]json.RawMessage{example}, examples...) {
		if e == nil {
			continue
		}
		e = compact(e)
		if n := beyondFloat64(e); n != "" {
			im.warn(tool, field, fmt.Sprintf("example %s: %s is beyond float64's range (about 1e-308 to 1e308), which JSON readers hold numbers in; not kept", e, n))
			continue
		}
		if !slices.ContainsFunc(out, func(o json.RawMessage) bool { return bytes.Equal(o, e) }) {
			out = append(out, e)
		}
	}
	return out
}

// paramExtras gives a parameter's row what the parameter says beside its
// schema: deprecated, and its example or examples when the schema has none.
func (im *oaImporter) paramExtras(tool string, r *row, p *openapi.Param) {
	if r == nil || r.t == nil {
		return
	}
	r.t.deprecated = r.t.deprecated || p.Deprecated
	if len(r.t.examples) == 0 {
		at := im.at
		im.at = p.At
		r.t.examples = im.examples(tool, r.name, p.Example, p.Examples)
		im.at = at
	}
}

// OpenAPI writes a spec with one tool for each selected operation of doc.
func OpenAPI(doc *openapi.Doc, opts Options) (*Result, error) {
	im, tools, _, err := selectTools(doc, opts)
	if err != nil {
		return nil, err
	}
	spec, err := finish(specNameOf(doc, opts), "", tools, im.warnAt)
	if err != nil {
		return nil, err
	}
	im.res.Spec, im.res.Tools = spec, len(tools)
	return im.res, nil
}

// selectTools makes the tools of the selected operations, with the tags
// of each tool's operation.
func selectTools(doc *openapi.Doc, opts Options) (*oaImporter, []*tool, [][]string, error) {
	sel := opts.Select
	if sel == "" {
		if !slices.ContainsFunc(doc.Operations, HasXMCP) {
			return nil, nil, nil, ErrNoSelection
		}
		sel = SelectXMCP
	}
	im := &oaImporter{res: &Result{}, doc: doc}
	for _, e := range doc.Extensions {
		if strings.HasPrefix(e.Key, "x-mcp-") {
			im.warnAt(e.At, "", "", e.Key+" on the "+e.Where+": toolspec reads x-mcp-* keys on operations only: ignored")
		}
	}
	var ops []*openapi.Operation
	var xs []*xmcp
	for _, op := range doc.Operations {
		x := readXMCP(op)
		opted := x.exclude || x.enabled != nil && !*x.enabled
		switch {
		case sel == SelectXMCP && opted && len(op.Extensions) > 0,
			sel == SelectAll && opted,
			sel == SelectTag && opted && slices.Contains(op.Tags, opts.Tag):
			key := "x-mcp-enabled is false"
			if x.exclude {
				key = "x-mcp-exclude is true"
			}
			im.warnAt(op.At, "", "", fmt.Sprintf("%s: %s: not imported", op, key))
		case sel == SelectAll,
			sel == SelectXMCP && x.selects,
			sel == SelectTag && slices.Contains(op.Tags, opts.Tag):
			ops = append(ops, op)
			xs = append(xs, x)
		}
	}
	if len(ops) == 0 {
		return nil, nil, nil, fmt.Errorf("%w by --%s", ErrNothingSelected, map[string]string{SelectAll: "all", SelectXMCP: "select x-mcp", SelectTag: "tag " + opts.Tag}[sel])
	}
	names := map[string]bool{}
	var tools []*tool
	var tags [][]string
	for i, op := range ops {
		if b := op.Body; b != nil && b.Schema == nil && b.Required {
			// A tool sends JSON arguments: it could never make this call.
			im.warnAt(b.At, "", "", fmt.Sprintf("%s: the request body is %s, not JSON, and required: not imported", op, strings.Join(b.ContentTypes, ", ")))
			continue
		}
		first := len(im.res.Warnings)
		t := im.tool(op, xs[i])
		base := t.name
		for i := 2; names[t.name]; i++ {
			// The suffix must survive the 64-character cut, or a long
			// name would be cut back to itself forever.
			suffix := fmt.Sprintf("_%d", i)
			t.name = sanitize(base[:min(len(base), 64-len(suffix))] + suffix)
		}
		if t.name != base {
			// What was said while the tool was made named it base, the
			// name of the tool that has it: name this one.
			for j := first; j < len(im.res.Warnings); j++ {
				if im.res.Warnings[j].Tool == base {
					im.res.Warnings[j].Tool = t.name
				}
			}
			im.warnAt(op.At, t.name, "", fmt.Sprintf("%s: name %s is taken, renamed", op, base))
		}
		names[t.name] = true
		tools = append(tools, t)
		tags = append(tags, op.Tags)
	}
	return im, tools, tags, nil
}

func specNameOf(doc *openapi.Doc, opts Options) string {
	if opts.Name != "" {
		return opts.Name
	}
	return specName(doc)
}

type oaImporter struct {
	res *Result
	doc *openapi.Doc
	// at is where the schema being converted is, for warnings.
	at openapi.Loc
	// notes collect, for the row being built, why parts of its type are any.
	notes []string
	// credentials are the security schemes already reported.
	credentials map[string]bool
}

func (im *oaImporter) warn(tool, field, msg string) { im.warnAt(im.at, tool, field, msg) }

func (im *oaImporter) warnAt(at openapi.Loc, tool, field, msg string) {
	im.res.Warnings = append(im.res.Warnings, Warning{Tool: tool, Field: field, Msg: msg, At: at})
}

var nonName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// sanitize makes s a name every MCP client takes: ^[A-Za-z0-9_-]{1,64}$.
func sanitize(s string) string {
	s = strings.Trim(nonName.ReplaceAllString(s, "_"), "_")
	if len(s) > 64 {
		s = s[:64]
	}
	if s == "" {
		s = "tool"
	}
	return s
}

func specName(doc *openapi.Doc) string {
	s := strings.ToLower(nonName.ReplaceAllString(doc.Title, "_"))
	s = strings.Trim(strings.ReplaceAll(s, "-", "_"), "_")
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		s = "api_" + s
	}
	return s
}

// toolName is x-mcp-name, else the operationId, else method and path.
func toolName(op *openapi.Operation, x *xmcp) string {
	if x.name != "" {
		return sanitize(x.name)
	}
	if op.OperationID != "" {
		return sanitize(op.OperationID)
	}
	parts := []string{strings.ToLower(op.Method)}
	for _, seg := range strings.Split(op.Path, "/") {
		if seg = strings.Trim(seg, "{}"); seg != "" {
			parts = append(parts, seg)
		}
	}
	return sanitize(strings.Join(parts, "_"))
}

func (im *oaImporter) tool(op *openapi.Operation, x *xmcp) *tool {
	t := &tool{name: toolName(op, x), title: x.title, method: op.Method, path: op.Path}
	for _, p := range x.problems {
		im.warnAt(p.at, t.name, p.field, p.msg)
	}
	if x.name != "" && t.name != x.name {
		im.warnAt(op.ExtensionAt["x-mcp-name"], t.name, "", fmt.Sprintf("x-mcp-name %q is not a tool name (^[A-Za-z0-9_-]{1,64}$): written %s", x.name, t.name))
	}
	for _, d := range []string{x.desc, op.Summary, op.Description, op.String()} {
		if strings.TrimSpace(d) != "" {
			t.desc = d
			break
		}
	}
	if x.risk != "" {
		if h, ok := riskHints[x.risk]; ok {
			t.hints = []string{h}
		} else {
			im.warnAt(op.ExtensionAt["x-mcp-risk"], t.name, "", fmt.Sprintf("x-mcp-risk %q is not read, write, destructive or admin: no hint written (the tool is listed only to keys scoped to all)", x.risk))
		}
	}
	renames := x.renames
	im.at = op.At
	t.in = []*row{}
	used := map[string]bool{}
	add := func(api, loc string, required bool, desc string, s *openapi.Schema) *row {
		name := api
		if n, ok := renames[api]; ok {
			name = n
		}
		if used[name] {
			name = loc + "_" + name
		}
		for i := 2; used[name]; i++ {
			name = fmt.Sprintf("%s_%s_%d", loc, api, i)
		}
		used[name] = true
		if d, ok := x.descs[api]; ok {
			desc = d
		}
		r := im.row(t.name, name, s, required, desc, false)
		if name != api && loc != model.FromWholeBody { // the whole body has no name on the wire
			r.as = api
		}
		if defaultLocation(op, api) != loc {
			r.from = loc
		}
		t.in = append(t.in, r)
		return r
	}
	template := openapi.TemplateParams(op.Path)
	for _, name := range template {
		if p := op.Param(name, "path"); p != nil {
			im.paramExtras(t.name, add(p.Name, "path", true, p.Description, p.Schema), p)
		} else {
			im.warn(t.name, name, "path parameter {"+name+"} is not declared: written as a required string")
			add(name, "path", true, "", &openapi.Schema{Kind: openapi.String})
		}
	}
	for _, p := range op.ParamsIn("path") {
		if !slices.Contains(template, p.Name) {
			im.warn(t.name, p.Name, "path parameter is declared but the path "+op.Path+" has no {"+p.Name+"}: not imported")
		}
	}
	for _, p := range op.ParamsIn("query") {
		if im.credential(t.name, op, p) {
			continue
		}
		im.serialisation(t.name, p)
		im.paramExtras(t.name, add(p.Name, "query", p.Required, p.Description, p.Schema), p)
	}
	for _, in := range []string{"header", "cookie"} {
		for _, p := range op.ParamsIn(in) {
			if !im.credential(t.name, op, p) {
				im.warnAt(p.At, t.name, p.Name, in+" parameter not imported: a tool's caller does not set "+in+"s; the server does")
			}
		}
	}
	im.schemeCredentials(op)
	if b := op.Body; b != nil {
		im.at = b.At
		switch {
		case b.Schema == nil:
			im.warn(t.name, "", "request body is "+strings.Join(b.ContentTypes, ", ")+", not JSON: not imported")
		case b.Schema.Kind == openapi.Object:
			im.at = b.Schema.At
			var required []string
			for _, p := range b.Schema.Properties {
				// The server sets what is readOnly; a request never
				// carries it (OpenAPI 3.0 and 3.1 alike).
				if p.Schema.ReadOnly {
					continue
				}
				r := add(p.Name, "body", p.Required, "", p.Schema)
				if b.Form == "multipart/form-data" && p.Schema.Kind == openapi.String && p.Schema.Format == "binary" {
					im.warnAt(p.Schema.At, t.name, r.name, "a binary part of the multipart/form-data body: the row is a string the model sends; the server must upload it as a file")
				}
				if p.Required {
					name := r.name
					if r.as != "" {
						name += " (as " + r.as + ")"
					}
					required = append(required, name)
				}
			}
			// The rows are the body's properties; the body itself has no
			// row to carry what constrains it as a whole.
			for _, k := range []struct {
				name string
				n    *int64
			}{{"minProperties", b.Schema.MinProperties}, {"maxProperties", b.Schema.MaxProperties}} {
				// minProperties 0 constrains nothing.
				if k.n != nil && (*k.n > 0 || k.name == "maxProperties") {
					im.warn(t.name, "", fmt.Sprintf("request body %s %d: toolspec has no such keyword for a tool's input; not kept", k.name, *k.n))
				}
			}
			// Rows cannot say "all of these or none": the properties a
			// body requires stay required, so every call the tool allows
			// is one the API accepts, at the cost of never omitting the
			// body.
			if !b.Required && len(required) > 0 {
				im.warn(t.name, "", "the request body is optional (requestBody.required is not true) but requires "+strings.Join(required, ", ")+": written required, so a caller cannot omit the body")
			}
			if b.Schema.AdditionalProperties != nil {
				im.warn(t.name, "", "request body takes additional properties: a tool's input is closed at the top, only the declared ones are written")
			}
		case b.Form != "":
			im.warn(t.name, "", "request body is a "+b.Form+" form of "+kindText(b.Schema)+", not an object: its fields cannot be rows; not imported")
		default:
			// An array, a free-form object, a union, a scalar: the JSON
			// body is one row, sent as the body itself.
			im.at = b.Schema.At
			add("body", model.FromWholeBody, b.Required, b.Description, b.Schema)
		}
	}
	if len(t.in) == 0 {
		t.in = nil
	}

	switch s := op.Response; {
	case s == nil:
		t.result = "text"
	case s.Kind == openapi.Object && !s.Cycle:
		im.at = s.At
		t.result = "out"
		t.out = []*row{}
		for _, p := range s.Properties {
			// A response never carries what is writeOnly.
			if p.Schema.WriteOnly {
				continue
			}
			r := im.row(t.name, "out."+p.Name, p.Schema, p.Required, "", true)
			r.name = p.Name
			t.out = append(t.out, r)
		}
		if !s.Closed {
			im.warn(t.name, "", fmt.Sprintf("the %s response object is open; an out block is closed at the top, so a response with more fields than these fails the output schema", op.ResponseStatus))
		}
	default:
		im.at = s.At
		t.result = "any"
		why := ""
		if s != nil && s.Kind == openapi.Unsupported {
			// Why: a response too large, a recursive $ref, a not.
			why = " (" + s.Unsupported + ")"
		}
		note := fmt.Sprintf("the %s response is %s%s; an out block is an object, so the result is written as any", op.ResponseStatus, kindText(s), why)
		t.comments = append(t.comments, note)
		im.warn(t.name, "", note)
	}
	return t
}

// defaultLocation is where a row named api goes without `from`, as
// model.Tool.Location decides it.
func defaultLocation(op *openapi.Operation, api string) string {
	if slices.Contains(openapi.TemplateParams(op.Path), api) {
		return "path"
	}
	switch op.Method {
	case "POST", "PUT", "PATCH":
		return "body"
	}
	return "query"
}

func kindText(s *openapi.Schema) string {
	if s == nil {
		return "any"
	}
	k := s.Kind.String()
	switch s.Kind {
	case openapi.Array:
		if s.Items != nil {
			k = "array<" + kindText(s.Items) + ">"
		}
	case openapi.Map:
		k = "map<" + kindText(s.AdditionalProperties) + ">"
	}
	if s.Ref != "" {
		k += " ($ref " + s.Ref + ")"
	}
	return k
}

func (im *oaImporter) row(tool, name string, s *openapi.Schema, required bool, desc string, out bool) *row {
	im.notes = nil
	t := im.typ(tool, name, s, out)
	if desc == "" {
		desc = s.Description
	}
	if len(im.notes) > 0 {
		note := "(toolspec cannot express: " + strings.Join(im.notes, "; ") + ")"
		if desc != "" {
			desc += " " + note
		} else {
			desc = note
		}
	}
	return &row{name: name, path: name, t: t, required: required, desc: desc, at: s.At}
}

var formatName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]*$`)

// typ converts one schema; field names it in warnings ("a.b[]").
func (im *oaImporter) typ(tool, field string, s *openapi.Schema, out bool) *typ {
	anyOf := func(why string) *typ {
		im.warn(tool, field, why+": written as any")
		im.notes = append(im.notes, why)
		return &typ{kind: "any"}
	}
	if s == nil {
		return &typ{kind: "any"}
	}
	if s.At.Pointer != "" {
		at := im.at
		im.at = s.At
		defer func() { im.at = at }()
	}
	if s.Cycle {
		return anyOf("recursive $ref " + s.Ref + " cut here")
	}
	t := &typ{nullable: s.Nullable, deprecated: s.Deprecated}
	// A default or example a reader cannot hold is not one a client can
	// use (Go's encoding/json fails on 1e400; a float64 reads 1e-400 as
	// 0): not kept.
	if s.Default != nil {
		t.def = compact(s.Default)
		if n := beyondFloat64(t.def); n != "" {
			im.warn(tool, field, fmt.Sprintf("default %s: %s is beyond float64's range (about 1e-308 to 1e308), which JSON readers hold numbers in; not kept", t.def, n))
			t.def = nil
		}
	}
	t.examples = im.examples(tool, field, s.Example, s.Examples)
	lost := func(what string) { im.warn(tool, field, what+": toolspec has no such keyword; not kept") }
	for _, why := range s.Ignored {
		im.warn(tool, field, why)
	}
	if s.MultipleOf != "" && s.Kind != openapi.Integer && s.Kind != openapi.Number {
		lost("multipleOf " + string(s.MultipleOf))
	}
	switch s.Kind {
	case openapi.Unsupported:
		return anyOf(s.Unsupported)
	case openapi.Any:
		t.kind = "any"
	case openapi.String:
		t.kind = "string"
		t.min, t.max = intBound(s.MinLength), intBound(s.MaxLength)
		if s.Pattern != "" {
			p := s.Pattern
			t.pattern = &p
		}
		switch {
		case s.Format == "":
		case check.KnownFormat(s.Format):
			t.format = s.Format
		case formatName.MatchString(s.Format):
			// Not kept: check would warn about it on every run.
			im.warn(tool, field, fmt.Sprintf("format %s is not a JSON Schema format: not kept", s.Format))
		default:
			lost("format " + strconv.Quote(s.Format))
		}
	case openapi.Integer, openapi.Number:
		t.kind = s.Kind.String()
		im.numBounds(tool, field, s, t)
	case openapi.Boolean:
		t.kind = "boolean"
	case openapi.Enum:
		// Values the checker would call repeated (-0 and 0.0 are both 0)
		// are written once.
		seen := map[string]string{}
		add := func(v any, text string) {
			orig := fmt.Sprint(v)
			if _, ok := v.(string); ok {
				orig = text
			}
			if first, ok := seen[text]; ok {
				if first == orig {
					im.warn(tool, field, fmt.Sprintf("enum value %s is repeated: written once", orig))
				} else {
					im.warn(tool, field, fmt.Sprintf("enum value %s repeats %s: written once", orig, first))
				}
				return
			}
			seen[text] = orig
			t.enum = append(t.enum, text)
		}
		switch s.EnumType {
		case openapi.String:
			t.kind = "enum"
			for _, v := range s.Enum {
				str, ok := v.(string)
				if !ok {
					return anyOf(fmt.Sprintf("enum value %v is not a string", v))
				}
				add(v, jsonstr.Quote(str))
			}
		case openapi.Integer:
			t.kind = "enum"
			for _, v := range s.Enum {
				n := decimal.Of(v)
				switch {
				case n == nil || !n.IsInt():
					return anyOf(fmt.Sprintf("enum value %v is not an integer", v))
				case n.Rat == nil || !n.Rat.Num().IsInt64():
					return anyOf(fmt.Sprintf("enum value %v is outside toolspec's 64-bit integers", v))
				}
				add(v, n.Rat.Num().String())
			}
		case openapi.Boolean:
			// A row cannot pin one boolean; both values are boolean.
			t.kind = "boolean"
			if len(s.Enum) < 2 {
				im.warn(tool, field, fmt.Sprintf("enum %v of one boolean: written boolean, which also takes the other value", s.Enum))
			}
		default:
			return anyOf("enum of " + s.EnumType.String() + " values")
		}
	case openapi.Union:
		var vs []*typ
		for _, v := range s.Variants {
			vt := im.typ(tool, field, v, out)
			if vt.kind == "any" {
				// A variant toolspec writes as any (it said why): the
				// union would be any.
				return vt
			}
			vs = append(vs, vt)
		}
		u := unionOf(vs)
		u.nullable = u.nullable || t.nullable
		u.deprecated = u.deprecated || t.deprecated
		if u.kind == "union" || u.def == nil && len(u.examples) == 0 {
			u.def, u.examples = t.def, t.examples
		}
		return u
	case openapi.Array:
		t.kind = "array"
		t.elem = im.typ(tool, field+"[]", s.Items, out)
		t.min, t.max = intBound(s.MinItems), intBound(s.MaxItems)
		t.unique = s.UniqueItems
	case openapi.Map:
		t.kind = "map"
		t.elem = im.typ(tool, field+"{}", s.AdditionalProperties, out)
		t.min, t.max = intBound(s.MinProperties), intBound(s.MaxProperties)
	case openapi.Object:
		t.kind = "object"
		if s.MinProperties != nil && *s.MinProperties > 0 || s.MaxProperties != nil {
			lost("minProperties/maxProperties on an object with properties")
		}
		notes := im.notes
		for _, p := range s.Properties {
			if !out && p.Schema.ReadOnly || out && p.Schema.WriteOnly {
				continue // never sent in this direction
			}
			r := im.row(tool, field+"."+p.Name, p.Schema, p.Required, "", out)
			r.name = p.Name
			t.fields = append(t.fields, r)
		}
		im.notes = notes
		switch {
		case s.AdditionalProperties != nil && s.AdditionalProperties.Kind == openapi.Any:
			t.open = true // additionalProperties true or {}: open, as the API is
		case s.AdditionalProperties != nil:
			im.warn(tool, field, "an object with both properties and an additionalProperties schema: written open, its extra values unchecked")
			t.open = true
		case out && !s.Closed:
			// The API may add fields to what it returns.
			t.open = true
		}
	}
	return t
}

// numBounds writes a number's range and multipleOf, exactly. An exclusive
// bound (3.0's boolean form or 3.1's number, which the loader reads alike)
// of an integer becomes the next integer; of a number, above or below.
// int32 then clamps the range to its own, so an exclusiveMaximum of 2^31
// still allows 2^31-1.
func (im *oaImporter) numBounds(tool, field string, s *openapi.Schema, t *typ) {
	lo := im.inFloat64(tool, field, t.kind, s.Min, "minimum", s.ExclusiveMin)
	hi := im.inFloat64(tool, field, t.kind, s.Max, "maximum", s.ExclusiveMax)
	if lo != nil {
		if s.ExclusiveMin {
			if t.kind == "integer" {
				lo = new(big.Rat).SetInt(new(big.Int).Add(floor(lo), big.NewInt(1)))
			} else {
				t.setNumber("above", num(lo))
				lo = nil
			}
		}
		if t.kind == "integer" {
			lo = new(big.Rat).SetInt(ceil(lo))
		}
	}
	if hi != nil {
		if s.ExclusiveMax {
			if t.kind == "integer" {
				hi = new(big.Rat).SetInt(new(big.Int).Sub(ceil(hi), big.NewInt(1)))
			} else {
				t.setNumber("below", num(hi))
				hi = nil
			}
		}
		if t.kind == "integer" {
			hi = new(big.Rat).SetInt(floor(hi))
		}
	}
	if r, ok := intFormats[s.Format]; ok && t.kind == "integer" {
		if min := r[0]; min != nil && (lo == nil || lo.Cmp(min) < 0) {
			lo = min
		}
		if max := r[1]; max != nil && (hi == nil || hi.Cmp(max) > 0) {
			hi = max
		}
	}
	if lo != nil {
		t.min = num(lo)
	}
	if hi != nil {
		t.max = num(hi)
	}
	if m := s.MultipleOf; m != "" {
		keep, why := multipleOf(m, t.kind)
		if why != "" {
			im.warn(tool, field, why)
		}
		if keep != "" {
			t.setNumber("multiple_of", keep)
		}
	}
}

// intFormats are the integer formats that are real limits of the server,
// as the range they clamp a row to (nil: that side is not limited).
// int64's range is toolspec's own; uint64's maximum is beyond what a
// float64 reader holds exactly, so only its minimum is kept.
var intFormats = map[string][2]*big.Rat{
	"int8":   {big.NewRat(math.MinInt8, 1), big.NewRat(math.MaxInt8, 1)},
	"int16":  {big.NewRat(math.MinInt16, 1), big.NewRat(math.MaxInt16, 1)},
	"int32":  {big.NewRat(math.MinInt32, 1), big.NewRat(math.MaxInt32, 1)},
	"uint8":  {new(big.Rat), big.NewRat(math.MaxUint8, 1)},
	"uint16": {new(big.Rat), big.NewRat(math.MaxUint16, 1)},
	"uint32": {new(big.Rat), big.NewRat(math.MaxUint32, 1)},
	"uint64": {new(big.Rat), nil},
}

// inFloat64 is a bound's exact value, within what the readers of the
// spec's JSON hold: float64. A bound beyond float64's largest number is
// dropped, since no reader holds a number past it; a non-zero bound too
// small for float64 is written as the 0 a reader sees (an integer's is
// rounded exactly instead: it becomes 0 or ±1). Both are reported.
func (im *oaImporter) inFloat64(tool, field, kind string, text json.Number, word string, exclusive bool) *big.Rat {
	if text == "" {
		return nil
	}
	if exclusive {
		word = "exclusive" + strings.ToUpper(word[:1]) + word[1:]
	}
	n := decimal.Parse(string(text))
	if n == nil {
		return nil // the loader keeps numbers only
	}
	f, _ := n.Float64()
	zero, r := n.Sign(), n.Rat
	switch {
	case math.IsInf(f, 0):
		im.warn(tool, field, fmt.Sprintf("%s %s is beyond float64's range (about 1e308): no JSON reader holds such a number; not kept", word, text))
		return nil
	case f != 0 || zero == 0:
		return r
	case kind == "integer":
		if r == nil { // beyond 10^-1000: any number between 0 and ±1 rounds alike
			r = big.NewRat(int64(zero), 2)
		}
		return r
	}
	im.warn(tool, field, fmt.Sprintf("%s %s is below float64's range (about 1e-308): JSON readers see 0; written as 0", word, text))
	return new(big.Rat)
}

// beyondFloat64 is the first number in a JSON text that float64 cannot
// hold (too large, or not zero but too small), "" when there is none.
func beyondFloat64(raw json.RawMessage) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		n, ok := tok.(json.Number)
		if !ok {
			continue
		}
		if !decimal.InFloat64Range(string(n)) {
			return string(n)
		}
	}
}

// floor and ceil round a rational to an integer.
func floor(r *big.Rat) *big.Int {
	// DivMod is Euclidean and a Rat's denominator is positive: the
	// quotient is the floor.
	q, _ := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	return q
}

func ceil(r *big.Rat) *big.Int {
	q := floor(r)
	if !r.IsInt() {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// num writes a number in plain decimal, exactly: a bound read from a
// document has a finite decimal expansion.
func num(r *big.Rat) string {
	if text, ok := decimal.PlainText(r); ok {
		return text
	}
	f, _ := r.Float64() // not a decimal: cannot come from a document
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func intBound(p *int64) string {
	if p == nil {
		return ""
	}
	return strconv.FormatInt(*p, 10)
}

// compact writes JSON text without insignificant space; numbers keep
// their digits.
func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return nil
	}
	return b.Bytes()
}

// credential reports, and says so, whether p is the key of an apiKey
// security scheme of op: a model must never be asked for a secret, so it
// is never an input.
func (im *oaImporter) credential(tool string, op *openapi.Operation, p *openapi.Param) bool {
	sc := im.doc.Credential(op, p.In, p.Name)
	if sc == nil {
		return false
	}
	im.warnAt(p.At, tool, p.Name, fmt.Sprintf("%s parameter %s is the credential of security scheme %s (apiKey): not an input, a model must not be asked for a secret; the server sends it", p.In, p.Name, sc.Name))
	return true
}

// schemeCredentials says once per document, for each apiKey scheme that
// applies to a selected operation, that its key is never an input.
func (im *oaImporter) schemeCredentials(op *openapi.Operation) {
	for _, n := range op.Security {
		sc := im.doc.SecuritySchemes[n]
		if sc == nil || sc.Type != "apiKey" || im.credentials[n] {
			continue
		}
		if im.credentials == nil {
			im.credentials = map[string]bool{}
		}
		im.credentials[n] = true
		im.warnAt(sc.At, "", "", fmt.Sprintf("security scheme %s sends an apiKey as %s parameter %s: a credential, never written as a tool input; the server sends it", n, sc.In, sc.Param))
	}
}

// serialisation reports a query parameter whose HTTP form cannot carry
// the row as written: OpenAPI defines no form for an array of objects or
// arrays, nor for an object holding objects or arrays, and a row does not
// say how its value is written in the URL (deepObject, form, delimited).
func (im *oaImporter) serialisation(tool string, p *openapi.Param) {
	s := p.Schema
	style := p.Style
	if style == "" {
		style = "form"
	}
	say := func(msg string) { im.warnAt(p.At, tool, p.Name, msg) }
	nested := func(s *openapi.Schema) bool {
		return s != nil && (s.Kind == openapi.Object || s.Kind == openapi.Array || s.Kind == openapi.Map)
	}
	switch {
	case p.MediaType != "":
		say("query parameter is " + p.MediaType + " content: the row is its value; the server must encode it into the URL")
	case s.Kind == openapi.Array && nested(s.Items):
		say("query parameter is an array of " + kindText(s.Items) + ": OpenAPI defines no query form for it; the row is written as is, and the server must choose how to send it")
	case s.Kind == openapi.Object || s.Kind == openapi.Map:
		for _, q := range s.Properties {
			if nested(q.Schema) {
				say(fmt.Sprintf("query parameter is an object whose property %s is %s: style %s defines no query form for it; the row is written as is, and the server must choose how to send it", q.Name, kindText(q.Schema), style))
				return
			}
		}
		if nested(s.AdditionalProperties) {
			say(fmt.Sprintf("query parameter is a map of %s: style %s defines no query form for it", kindText(s.AdditionalProperties), style))
			return
		}
		if style == "deepObject" {
			say("query parameter has style deepObject (" + p.Name + "[key]=value): a row does not say how its object is written in the URL; the server must send it so")
		} else if style != "form" {
			say("query parameter is an object with style " + style + ", which OpenAPI defines for arrays only")
		}
	case style == "deepObject":
		say("query parameter has style deepObject, which OpenAPI defines for objects only, but is " + kindText(s))
	case (style == "spaceDelimited" || style == "pipeDelimited") && s.Kind != openapi.Array:
		say("query parameter has style " + style + ", which OpenAPI defines for arrays only, but is " + kindText(s))
	}
}

package parity

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/openapi"
)

// Mismatch is one disagreement between a tool and its operation.
type Mismatch struct {
	// Pos is the row's position in the spec, or the tool's endpoint when
	// the spec has no row for the thing compared.
	Pos  token.Pos
	Tool string
	// Field names the row or property: "name", "profile.items[]",
	// "query parameter force"; "" for the operation itself.
	Field string
	// API and Spec say what each side declares; "no such ..." when a side
	// lacks the thing.
	API  string
	Spec string
	// At is the place in the document the API side is about: the schema,
	// parameter, body or operation; zero when the document has none (a
	// missing path).
	At openapi.Loc
}

func (m Mismatch) String() string {
	var b strings.Builder
	if m.Pos.IsValid() || m.Pos.Filename != "" {
		b.WriteString(m.Pos.String())
		b.WriteString(": ")
	}
	b.WriteString("tool ")
	b.WriteString(m.Tool)
	if m.Field != "" {
		b.WriteString(" field ")
		b.WriteString(m.Field)
	}
	fmt.Fprintf(&b, ": API: %s; spec: %s", m.API, m.Spec)
	return b.String()
}

// Warning is something parity noticed that is not drift: a row that is
// the API's credential, say. It names where the document says so.
type Warning struct {
	Pos   token.Pos
	Tool  string
	Field string
	Msg   string
	// At is the place in the document the warning is about.
	At openapi.Loc
}

// String is "spec.tspec:5:3: warning: tool T field F: msg (at DOC:12:7
// #/pointer)".
func (w Warning) String() string {
	var b strings.Builder
	if w.Pos.IsValid() || w.Pos.Filename != "" {
		b.WriteString(w.Pos.String())
		b.WriteString(": ")
	}
	b.WriteString("warning: tool ")
	b.WriteString(w.Tool)
	if w.Field != "" {
		b.WriteString(" field ")
		b.WriteString(w.Field)
	}
	b.WriteString(": ")
	b.WriteString(w.Msg)
	return b.String()
}

// Report is what parity finds: the mismatches (drift, exit 1) and the
// warnings (not drift).
type Report struct {
	Mismatches []Mismatch
	Warnings   []Warning
}

// Check compares every tool of cat that has an endpoint with doc and
// returns all mismatches, sorted by position, then tool, field and text.
func Check(cat *model.Catalog, doc *openapi.Doc) []Mismatch {
	return CheckAll(cat, doc).Mismatches
}

// CheckAll is Check with the warnings, both sorted by position.
func CheckAll(cat *model.Catalog, doc *openapi.Doc) Report {
	c := &checker{doc: doc}
	for _, t := range cat.Tools {
		if t.Endpoint != nil {
			c.tool(t)
		}
	}
	sort.SliceStable(c.out, func(i, j int) bool {
		a, b := c.out[i], c.out[j]
		if a.Pos != b.Pos {
			return a.Pos.Before(b.Pos)
		}
		return a.String() < b.String()
	})
	sort.SliceStable(c.warnings, func(i, j int) bool {
		a, b := c.warnings[i], c.warnings[j]
		if a.Pos != b.Pos {
			return a.Pos.Before(b.Pos)
		}
		return a.String() < b.String()
	})
	return Report{Mismatches: c.out, Warnings: c.warnings}
}

// Checked is the number of tools Check compares: those with an endpoint.
func Checked(cat *model.Catalog) int {
	n := 0
	for _, t := range cat.Tools {
		if t.Endpoint != nil {
			n++
		}
	}
	return n
}

type checker struct {
	doc      *openapi.Doc
	out      []Mismatch
	warnings []Warning
	// at is the place in the document being compared.
	at openapi.Loc
}

// enter makes at the place being compared, when it is known, and returns
// what restores the outer one.
func (c *checker) enter(at openapi.Loc) func() {
	outer := c.at
	if at.Pointer != "" {
		c.at = at
	}
	return func() { c.at = outer }
}

func (c *checker) add(pos token.Pos, tool, field, api, spec string) {
	c.out = append(c.out, Mismatch{Pos: pos, Tool: tool, Field: field, API: api, Spec: spec, At: c.at})
}

func (c *checker) tool(t *model.Tool) {
	e := t.Endpoint
	op := c.doc.Operation(e.Method, e.Path)
	c.at = openapi.Loc{}
	if op == nil {
		api := "no path " + e.Path + " in " + c.doc.File
		var methods []string
		for _, o := range c.doc.Operations {
			if o.Path == e.Path {
				methods = append(methods, o.Method)
			}
		}
		if len(methods) > 0 {
			api = fmt.Sprintf("no method %s on %s in %s (it has %s)", e.Method, e.Path, c.doc.File, strings.Join(methods, ", "))
		} else if o := c.renamedRoute(e.Method, e.Path); o != nil {
			c.at = o.At
			api = fmt.Sprintf("no path %s in %s; the route exists as %s (%s)", e.Path, c.doc.File, o.Path, renameHint(e.Path, o.Path))
		}
		c.add(e.Pos, t.Name, "", api, "endpoint "+e.Method+" "+e.Path)
		return
	}
	c.at = op.At
	where := map[string][]*model.Field{}
	for _, f := range t.Input.Fields {
		loc := t.Location(f)
		where[loc] = append(where[loc], f)
	}
	c.params(t, op, "path", where[model.FromPath], true)
	c.params(t, op, "query", where[model.FromQuery], true)
	c.params(t, op, "header", where[model.FromHeader], false)
	if whole := where[model.FromWholeBody]; len(whole) > 0 {
		// check allows one whole-body row and no body property beside it.
		c.wholeBody(t, op, whole[0])
		return
	}
	c.body(t, op, where[model.FromBody])
}

// wholeBody compares a `from whole_body` row with the request body's
// schema, as a property's row is compared with the property's schema.
func (c *checker) wholeBody(t *model.Tool, op *openapi.Operation, f *model.Field) {
	switch {
	case op.Body == nil:
		c.add(f.Pos, t.Name, fieldName(f), op.String()+" takes no request body", describeField(f)+", from whole_body")
	case op.Body.Schema == nil:
		defer c.enter(op.Body.At)()
		c.add(f.Pos, t.Name, fieldName(f), "request body of "+op.String()+" is "+strings.Join(op.Body.ContentTypes, ", ")+", not JSON", describeField(f)+", from whole_body")
	default:
		defer c.enter(op.Body.At)()
		c.presence(t, f.Pos, fieldName(f), op.Body.Required, f.Required)
		c.compare(t, f.Pos, fieldName(f), op.Body.Schema, f.Type)
	}
}

// params compares the rows that go to one parameter location with the
// operation's parameters there. With both false, parameters without a
// row are not reported.
func (c *checker) params(t *model.Tool, op *openapi.Operation, in string, rows []*model.Field, both bool) {
	ps := op.ParamsIn(in)
	for _, f := range rows {
		field := fieldName(f)
		var p *openapi.Param
		for _, q := range ps {
			// HTTP header names are case-insensitive; the others are not.
			if q.Name == f.WireName() || in == "header" && strings.EqualFold(q.Name, f.WireName()) {
				p = q
				break
			}
		}
		if sc := c.doc.Credential(op, in, f.WireName()); sc != nil {
			c.warnings = append(c.warnings, Warning{Pos: f.Pos, Tool: t.Name, Field: field, At: sc.At,
				Msg: fmt.Sprintf("the row is the credential of %s, security scheme %s (apiKey in %s %s), not drift: but a model is asked for a secret; let the server send it", op, sc.Name, sc.In, sc.Param)})
			continue
		}
		if p == nil {
			c.add(f.Pos, t.Name, field, fmt.Sprintf("no %s parameter %q on %s", in, f.WireName(), op), fmt.Sprintf("%s, from %s", describeField(f), in))
			continue
		}
		leave := c.enter(p.At)
		c.presence(t, f.Pos, field, p.Required, f.Required)
		c.compare(t, f.Pos, field, p.Schema, f.Type)
		leave()
	}
	if !both {
		return
	}
	for _, p := range ps {
		if c.doc.Credential(op, in, p.Name) != nil {
			continue // the server's to send
		}
		if !slices.ContainsFunc(rows, func(f *model.Field) bool { return f.WireName() == p.Name }) {
			leave := c.enter(p.At)
			c.add(t.Endpoint.Pos, t.Name, in+" parameter "+p.Name,
				fmt.Sprintf("%s %s parameter of %s", describeAPI(p.Schema, p.Required), in, op),
				"no row (an omitted "+in+" parameter is unreachable)")
			leave()
		}
	}
}

func (c *checker) body(t *model.Tool, op *openapi.Operation, rows []*model.Field) {
	var props []*openapi.Property
	if op.Body != nil {
		defer c.enter(op.Body.At)()
		if op.Body.Schema != nil {
			defer c.enter(op.Body.Schema.At)()
		}
	}
	switch {
	case op.Body == nil:
		for _, f := range rows {
			c.add(f.Pos, t.Name, fieldName(f), op.String()+" takes no request body", describeField(f)+", from body")
		}
		return
	case op.Body.Schema == nil:
		// A tool sends JSON: rows for another media type are drift, and so
		// is a required body it can never send; an optional one it leaves out.
		if len(rows) > 0 || op.Body.Required {
			c.add(t.Endpoint.Pos, t.Name, "body", "request body of "+op.String()+" is "+strings.Join(op.Body.ContentTypes, ", ")+", not JSON", fmt.Sprintf("%d body rows", len(rows)))
		}
		return
	case op.Body.Schema.Kind == openapi.Unsupported:
		c.add(t.Endpoint.Pos, t.Name, "body", "cannot compare: "+op.Body.Schema.Unsupported, fmt.Sprintf("%d body rows", len(rows)))
		return
	case op.Body.Schema.Kind == openapi.Object:
		props = op.Body.Schema.Properties
	case op.Body.Schema.Kind == openapi.Any && len(rows) == 0:
		return
	case op.Body.Schema.Kind == openapi.Map && len(rows) == 0 && !op.Body.Required:
		return // a free-form body the tool leaves out
	case op.Body.Schema.Kind == openapi.Map && len(rows) > 0:
		// A free-form body: every row is one of its open properties.
		for _, f := range rows {
			c.compare(t, f.Pos, fieldName(f), op.Body.Schema.AdditionalProperties, f.Type)
		}
		return
	default:
		c.add(t.Endpoint.Pos, t.Name, "body", "request body of "+op.String()+" is "+describeAPI(op.Body.Schema, false)+", not an object with properties", fmt.Sprintf("%d body rows", len(rows)))
		return
	}
	for _, f := range rows {
		p := op.Body.Schema.Property(f.WireName())
		if p == nil {
			c.add(f.Pos, t.Name, fieldName(f), "no body property "+quoteIf(f.WireName())+" in "+op.String(), describeField(f)+", from body")
			continue
		}
		leave := c.enter(p.Schema.At)
		c.presence(t, f.Pos, fieldName(f), p.Required && !p.Schema.ReadOnly, f.Required)
		c.compare(t, f.Pos, fieldName(f), p.Schema, f.Type)
		leave()
	}
	for _, p := range props {
		// A readOnly property is the server's: requests never carry it.
		if p.Schema.ReadOnly {
			continue
		}
		if !slices.ContainsFunc(rows, func(f *model.Field) bool { return f.WireName() == p.Name }) {
			leave := c.enter(p.Schema.At)
			c.add(t.Endpoint.Pos, t.Name, "body property "+p.Name,
				describeAPI(p.Schema, p.Required)+" property of the "+op.String()+" body",
				"no row (the tool can never send it; a full-replace update would clear it)")
			leave()
		}
	}
}

// presence reports an API-required name the tool leaves optional.
func (c *checker) presence(t *model.Tool, pos token.Pos, field string, apiRequired, specRequired bool) {
	if apiRequired && !specRequired {
		c.add(pos, t.Name, field, "required", "optional")
	}
}

// compare compares one API schema with one spec type, recursing into
// elements and properties.
func (c *checker) compare(t *model.Tool, pos token.Pos, field string, s *openapi.Schema, typ *model.Type) {
	if s == nil {
		s = &openapi.Schema{Kind: openapi.Any}
	}
	defer c.enter(s.At)()
	if s.Kind == openapi.Unsupported {
		if typ.Kind == model.Any {
			// The row claims nothing (import writes any for what it cannot
			// read): no call the API takes is refused, so it is not drift.
			c.warnings = append(c.warnings, Warning{Pos: pos, Tool: t.Name, Field: field, At: s.At,
				Msg: "the row is any, so it refuses nothing the API takes (the API checks the rest); not compared: " + s.Unsupported})
			return
		}
		c.add(pos, t.Name, field, "cannot compare: "+s.Unsupported, describeType(typ))
		return
	}
	if typ.Kind == model.Any && s.Kind == openapi.Enum && s.EnumType != openapi.String && s.EnumType != openapi.Integer {
		// An enum a row cannot hold (numbers, mixed values): import writes
		// any and reports it; the row refuses nothing the API takes.
		c.warnings = append(c.warnings, Warning{Pos: pos, Tool: t.Name, Field: field, At: s.At,
			Msg: "the row is any, so it refuses nothing the API takes (the API checks the rest); not compared: an enum of " + s.EnumType.String() + " values"})
		return
	}
	if typ.Kind == model.Any && s.Kind == openapi.Union && slices.ContainsFunc(s.Variants, writtenAny) {
		// A variant import writes as any (a recursive $ref, an enum of
		// numbers) makes the row any, which refuses nothing the API takes.
		c.warnings = append(c.warnings, Warning{Pos: pos, Tool: t.Name, Field: field, At: s.At,
			Msg: "the row is any, so it refuses nothing the API takes (the API checks the rest); not compared: " + describeAPI(s, false)})
		return
	}
	if typ.Kind == model.Any && s.Cycle {
		// Import writes any where a recursive $ref is cut: like any
		// other row written any, it refuses nothing the API takes.
		c.warnings = append(c.warnings, Warning{Pos: pos, Tool: t.Name, Field: field, At: s.At,
			Msg: "the row is any, so it refuses nothing the API takes (the API checks the rest); not compared: recursive $ref " + s.Ref + " (type the row as an object to compare it down to where the cycle is cut)"})
		return
	}
	if !sameKind(s, typ) {
		if s.Cycle {
			c.add(pos, t.Name, field, "cannot compare: recursive $ref "+s.Ref+": teach toolspec recursive schemas", describeType(typ))
			return
		}
		c.add(pos, t.Name, field, describeAPI(s, false), describeType(typ))
		return
	}
	if typ.Kind != model.Any && s.Nullable != typ.Nullable {
		c.add(pos, t.Name, field, describeAPI(s, false), describeType(typ))
		return
	}
	switch typ.Kind { // kinds:partial: type and nullability are compared above; here what a kind adds
	case model.Integer, model.Number:
		c.numbers(t, pos, field, s, typ)
	case model.Enum:
		api := map[string]bool{}
		for _, v := range s.Enum {
			api[enumText(v)] = true
		}
		spec := map[string]bool{}
		for _, v := range typ.Enum {
			spec[v.JSON()] = true
		}
		if !maps(api, spec) {
			c.add(pos, t.Name, field, describeAPI(s, false), describeType(typ))
		}
	case model.Union:
		c.union(t, pos, field, s, typ)
	case model.Array:
		if s.Cycle {
			return
		}
		c.compare(t, pos, field+"[]", s.Items, typ.Elem)
	case model.Map:
		if s.Cycle {
			return
		}
		c.compare(t, pos, field+"{}", s.AdditionalProperties, typ.Elem)
	case model.Object:
		if s.Cycle {
			return
		}
		for _, f := range typ.Fields {
			name := field + "." + f.Name
			p := s.Property(f.Name)
			if p == nil {
				c.add(f.Pos, t.Name, name, "no property "+quoteIf(f.Name), describeField(f))
				continue
			}
			leave := c.enter(p.Schema.At)
			c.presence(t, f.Pos, name, p.Required && !p.Schema.ReadOnly, f.Required)
			leave()
			c.compare(t, f.Pos, name, p.Schema, f.Type)
		}
		// The API takes properties beyond these (additionalProperties
		// true, {} or a schema): a closed row refuses calls it accepts.
		if s.AdditionalProperties != nil && !typ.Open {
			c.add(pos, t.Name, field, "open object (additionalProperties "+describeAPI(s.AdditionalProperties, false)+")", "closed object (write open)")
		}
		for _, p := range s.Properties {
			if typ.Field(p.Name) == nil && !p.Schema.ReadOnly {
				leave := c.enter(p.Schema.At)
				c.add(pos, t.Name, field+"."+p.Name, describeAPI(p.Schema, p.Required)+" property", "no row")
				leave()
			}
		}
	}
}

// writtenAny reports a schema that import writes as any (a recursive
// $ref cut short, an enum a row cannot hold).
func writtenAny(s *openapi.Schema) bool {
	return s.Cycle || s.Kind == openapi.Enum && s.EnumType != openapi.String && s.EnumType != openapi.Integer && s.EnumType != openapi.Boolean
}

// union compares a union variant by variant. Each API variant is
// compared with the first spec variant of its kind that it agrees with,
// one not yet compared first (import writes equal variants once, so two
// API variants may meet one spec variant); when it agrees with none, with
// the first of its kind not yet compared (or, when all are, the first of
// its kind), and the differences are drift. An API variant with no spec
// variant of its kind, and a spec variant no API variant met, are drift.
// Variants are named field|0, field|1... by their place in the API's union.
func (c *checker) union(t *model.Tool, pos token.Pos, field string, s *openapi.Schema, typ *model.Type) {
	used := make([]bool, len(typ.Variants))
	for i, v := range s.Variants {
		name := fmt.Sprintf("%s|%d", field, i)
		if match := c.agreeing(t, pos, name, v, typ.Variants, used); match >= 0 {
			used[match] = true // compared, with its warnings kept
			continue
		}
		match := -1
		for j, w := range typ.Variants {
			if sameKind(v, w) && (match < 0 || used[match] && !used[j]) {
				match = j
			}
		}
		if match < 0 {
			leave := c.enter(v.At)
			c.add(pos, t.Name, name, "variant "+describeAPI(v, false), "no variant of that kind")
			leave()
			continue
		}
		used[match] = true
		c.compare(t, pos, name, v, typ.Variants[match])
	}
	for j, w := range typ.Variants {
		if !used[j] {
			c.add(pos, t.Name, field, "no variant of that kind", "variant "+describeType(w))
		}
	}
}

// agreeing returns the first spec variant of v's kind that v agrees with,
// one not yet used first, or -1. The comparison that agreed has made its
// warnings; the others leave nothing.
func (c *checker) agreeing(t *model.Tool, pos token.Pos, name string, v *openapi.Schema, variants []*model.Type, used []bool) int {
	for _, unused := range []bool{true, false} {
		for j, w := range variants {
			if used[j] != unused && sameKind(v, w) && c.agrees(t, pos, name, v, w) {
				return j
			}
		}
	}
	return -1
}

// agrees reports whether comparing v with w finds no drift. It keeps the
// comparison's warnings when it does, and takes back everything it
// reported when it does not.
func (c *checker) agrees(t *model.Tool, pos token.Pos, name string, v *openapi.Schema, w *model.Type) bool {
	out, warnings, at := len(c.out), len(c.warnings), c.at
	c.compare(t, pos, name, v, w)
	c.at = at
	if len(c.out) == out {
		return true
	}
	c.out, c.warnings = c.out[:out], c.warnings[:warnings]
	return false
}

func maps(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

var kinds = map[openapi.Kind]model.Kind{
	openapi.Any:     model.Any,
	openapi.String:  model.String,
	openapi.Integer: model.Integer,
	openapi.Number:  model.Number,
	openapi.Boolean: model.Boolean,
	openapi.Array:   model.Array,
	openapi.Object:  model.Object,
	openapi.Map:     model.Map,
	openapi.Enum:    model.Enum,
	openapi.Union:   model.Union,
}

func sameKind(s *openapi.Schema, typ *model.Type) bool {
	if s.Kind == openapi.Enum && s.EnumType == openapi.Boolean {
		// A boolean enum is a boolean row (import writes it so; one that
		// pins a value is reported there).
		return typ.Kind == model.Boolean
	}
	if kinds[s.Kind] != typ.Kind {
		return false
	}
	if s.Kind == openapi.Enum {
		// An enum of strings or integers; the spec's values say which.
		isInt := len(typ.Enum) > 0 && typ.Enum[0].IsInt
		return (s.EnumType == openapi.String && !isInt) || (s.EnumType == openapi.Integer && isInt)
	}
	return true
}

// enumText writes an API enum value as the spec's EnumValue.JSON does:
// a 64-bit integer as its exact decimal digits (the document's
// 9007199254740993 and 1e3 are 9007199254740993 and 1000, never a float64's
// approximation), anything else as JSON, numbers as the document writes
// them (1e400 is not expanded: no spec value can equal it).
func enumText(v any) string {
	if n := decimal.Of(v); n != nil && n.Rat != nil && n.Rat.IsInt() && n.Rat.Num().IsInt64() {
		return n.Rat.Num().String()
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func quoteIf(s string) string { return fmt.Sprintf("%q", s) }

// fieldName is a row's name, with the API's name when it differs.
func fieldName(f *model.Field) string {
	if f.APIName != "" && f.APIName != f.Name {
		return f.Name + " (as " + f.APIName + ")"
	}
	return f.Name
}

func describeField(f *model.Field) string {
	s := describeType(f.Type)
	if f.Required {
		return s + ", required"
	}
	return s + ", optional"
}

// describeType writes a spec type the way the language does:
// "array<integer> nullable".
func describeType(t *model.Type) string {
	var s string
	switch t.Kind {
	case model.Enum:
		var vs []string
		for _, v := range t.Enum {
			vs = append(vs, v.JSON())
		}
		s = "enum(" + strings.Join(vs, ", ") + ")"
	case model.Array:
		s = "array<" + describeType(t.Elem) + ">"
	case model.Map:
		s = "map<" + describeType(t.Elem) + ">"
	case model.Tuple:
		var vs []string
		for _, it := range t.Items {
			vs = append(vs, describeType(it))
		}
		s = "tuple<" + strings.Join(vs, ", ") + ">"
	case model.Union:
		var vs []string
		for _, v := range t.Variants {
			vs = append(vs, describeType(v))
		}
		s = "union<" + strings.Join(vs, ", ") + ">"
	case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Object:
		s = t.Kind.String()
	}
	if t.Nullable && t.Kind != model.Any {
		s += " nullable"
	}
	return s
}

// describeAPI writes an API schema in the language's words, so the two
// sides of a mismatch read alike.
func describeAPI(s *openapi.Schema, required bool) string {
	if s == nil {
		s = &openapi.Schema{Kind: openapi.Any}
	}
	var r string
	switch s.Kind {
	case openapi.Enum:
		var vs []string
		for _, v := range s.Enum {
			vs = append(vs, enumText(v))
		}
		r = "enum(" + strings.Join(vs, ", ") + ")"
		if s.EnumType != openapi.String && s.EnumType != openapi.Integer {
			r += " of " + s.EnumType.String()
		}
	case openapi.Array:
		if s.Items != nil {
			r = "array<" + describeAPI(s.Items, false) + ">"
		} else {
			r = "array"
		}
	case openapi.Map:
		r = "map<" + describeAPI(s.AdditionalProperties, false) + ">"
	case openapi.Union:
		var vs []string
		for _, v := range s.Variants {
			vs = append(vs, describeAPI(v, false))
		}
		r = "union<" + strings.Join(vs, ", ") + ">"
	case openapi.Unsupported:
		r = "unsupported (" + s.Unsupported + ")"
	default:
		r = s.Kind.String()
	}
	if s.Ref != "" && s.Kind != openapi.Unsupported {
		r += " ($ref " + s.Ref + ")"
	}
	if s.Nullable && s.Kind != openapi.Any {
		r += " nullable"
	}
	if required {
		r += ", required"
	}
	return r
}

// renamedRoute is the operation whose path differs from path only in the
// names of its template parameters (/apps/{id} for /apps/{app}), or nil.
func (c *checker) renamedRoute(method, path string) *openapi.Operation {
	shape := routeShape(path)
	var found *openapi.Operation
	for _, o := range c.doc.Operations {
		if routeShape(o.Path) == shape {
			if o.Method == method {
				return o
			}
			if found == nil {
				found = o
			}
		}
	}
	return found
}

// routeShape is a path with its template parameters' names left out.
func routeShape(path string) string {
	var b strings.Builder
	for {
		open := strings.IndexByte(path, '{')
		end := strings.IndexByte(path[max(open, 0):], '}')
		if open < 0 || end < 0 {
			return b.String() + path
		}
		b.WriteString(path[:open+1])
		b.WriteByte('}')
		path = path[open+end+1:]
	}
}

// renameHint says how the spec's template names become the document's.
func renameHint(spec, doc string) string {
	a, b := openapi.TemplateParams(spec), openapi.TemplateParams(doc)
	var hints []string
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			hints = append(hints, fmt.Sprintf("write the endpoint with {%s} and give the row %s `as %q`", b[i], a[i], b[i]))
		}
	}
	return strings.Join(hints, "; ")
}

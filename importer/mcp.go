package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strings"

	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/openapi"
)

// object is a JSON object with its keys in document order.
type object struct {
	keys []string
	vals map[string]json.RawMessage
}

func (o *object) has(k string) bool { _, ok := o.vals[k]; return ok }

// parseObject reads a JSON object keeping its key order; it returns nil
// when raw is not an object.
func parseObject(raw json.RawMessage) *object {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	o := &object{vals: map[string]json.RawMessage{}}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if !o.has(k) {
			o.keys = append(o.keys, k)
		}
		o.vals[k] = v
	}
	return o
}

func (o *object) str(k string) (string, bool) {
	var s string
	if json.Unmarshal(o.vals[k], &s) != nil {
		return "", false
	}
	return s, true
}

func (o *object) boolean(k string) bool {
	var b bool
	return json.Unmarshal(o.vals[k], &b) == nil && b
}

// MCP writes a spec from a tools/list result: {"tools": [...]} or a
// JSON-RPC response with the result in "result". name is the spec name
// ("imported" when empty). The catalog key is kept when the result's _meta
// has exactly one key.
func MCP(data []byte, name string) (*Result, error) {
	top := parseObject(data)
	if top == nil {
		return nil, errors.New("not a JSON object")
	}
	if top.has("result") && !top.has("tools") {
		if top = parseObject(top.vals["result"]); top == nil {
			return nil, errors.New(`"result" is not an object`)
		}
	}
	var list []json.RawMessage
	if err := json.Unmarshal(top.vals["tools"], &list); err != nil || !top.has("tools") {
		return nil, errors.New(`no "tools" array: not a tools/list result`)
	}
	key := ""
	if meta := parseObject(top.vals["_meta"]); meta != nil && len(meta.keys) == 1 {
		key = meta.keys[0]
	}
	if name == "" {
		name = "imported"
	}
	im := &mcpImporter{res: &Result{}}
	var tools []*tool
	seen := map[string]bool{}
	for i, raw := range list {
		o := parseObject(raw)
		if o == nil {
			return nil, fmt.Errorf("tools[%d] is not an object", i)
		}
		t := im.tool(o, i)
		if seen[t.name] {
			return nil, fmt.Errorf("tools[%d]: tool name %s is repeated", i, t.name)
		}
		seen[t.name] = true
		tools = append(tools, t)
	}
	spec, err := finish(name, key, tools, func(_ openapi.Loc, tool, field, msg string) { im.warn(tool, field, msg) })
	if err != nil {
		return nil, err
	}
	im.res.Spec, im.res.Tools = spec, len(tools)
	return im.res, nil
}

type mcpImporter struct {
	res   *Result
	notes []string
}

func (im *mcpImporter) warn(tool, field, msg string) {
	im.res.Warnings = append(im.res.Warnings, Warning{Tool: tool, Field: field, Msg: msg})
}

var toolNameRE = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)

func (im *mcpImporter) tool(o *object, i int) *tool {
	name, _ := o.str("name")
	t := &tool{name: name}
	if !toolNameRE.MatchString(name) {
		t.name = sanitize(name)
		if name == "" {
			t.name = fmt.Sprintf("tool_%d", i+1)
		}
		im.warn(t.name, "", fmt.Sprintf("name %q is not a tool name: written as %s", name, t.name))
	}
	t.title, _ = o.str("title")
	t.desc, _ = o.str("description")
	if t.desc == "" {
		t.desc = t.name
		im.warn(t.name, "", "no description: the tool's name is written in its place")
	}
	var lost []string
	for _, k := range o.keys {
		switch k {
		case "name", "title", "description", "inputSchema", "outputSchema", "annotations":
		default:
			lost = append(lost, k)
		}
	}
	if len(lost) > 0 {
		im.warn(t.name, "", "not expressible, not kept: "+strings.Join(lost, ", "))
	}
	if a := parseObject(o.vals["annotations"]); a != nil {
		var lost []string
		for _, k := range a.keys {
			hint := map[string]string{"readOnlyHint": "read_only", "destructiveHint": "destructive", "idempotentHint": "idempotent", "openWorldHint": "open_world"}[k]
			readOnly := a.boolean("readOnlyHint")
			switch {
			case k == "destructiveHint" && readOnly:
				// MCP ignores destructiveHint on a read-only tool, and
				// check refuses read_only with destructive or additive.
				lost = append(lost, k+" "+string(a.vals[k])+" (ignored next to readOnlyHint)")
			case hint != "" && a.boolean(k):
				t.hints = append(t.hints, hint)
			case k == "destructiveHint" && string(a.vals[k]) == "false":
				t.hints = append(t.hints, "additive")
			default:
				lost = append(lost, k+" "+string(a.vals[k]))
			}
		}
		if len(lost) > 0 {
			im.warn(t.name, "", "annotations not expressible (toolspec writes hints that are true, and destructiveHint false as additive): "+strings.Join(lost, ", "))
		}
	}
	in := parseObject(o.vals["inputSchema"])
	if in == nil {
		im.warn(t.name, "", "no inputSchema object: written as in none")
	} else {
		t.in = im.top(t.name, "inputSchema", in, false)
	}
	if out := parseObject(o.vals["outputSchema"]); out != nil {
		t.result = "out"
		t.out = im.top(t.name, "outputSchema", out, true)
		if t.out == nil {
			t.out = []*row{}
		}
	} else {
		t.result = "any"
	}
	return t
}

// top converts an input or output schema, which must be an object, to rows.
func (im *mcpImporter) top(tool, what string, o *object, out bool) []*row {
	im.notes = nil
	typ := im.typ(tool, what, o)
	if typ.kind != "object" {
		im.warn(tool, what, "not an object schema: written as an object with no rows")
		return nil
	}
	if typ.open {
		im.warn(tool, what, "open (no additionalProperties: false): a tool's "+map[bool]string{false: "input", true: "output"}[out]+" is written closed")
	}
	if typ.nullable {
		im.warn(tool, what, "nullable: not expressible at the top")
	}
	if len(typ.fields) == 0 && !out {
		return nil
	}
	if typ.fields == nil {
		return []*row{}
	}
	return typ.fields
}

// known keywords, by what they need.
var mcpKeywords = map[string]bool{
	"type": true, "description": true, "enum": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "prefixItems": true,
	"minItems": true, "maxItems": true, "minLength": true, "maxLength": true,
	"minimum": true, "maximum": true, "minProperties": true, "maxProperties": true,
	"pattern": true, "format": true, "uniqueItems": true, "default": true,
	"examples": true, "deprecated": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"multipleOf": true,
}

// typ converts one JSON Schema; field names it in warnings.
func (im *mcpImporter) typ(tool, field string, o *object) *typ {
	anyOf := func(why string) *typ {
		im.warn(tool, field, "cannot express "+why+": written as any")
		im.notes = append(im.notes, why)
		return &typ{kind: "any"}
	}
	var lost []string
	for _, k := range o.keys {
		if !mcpKeywords[k] && k != "const" {
			lost = append(lost, k)
		}
	}
	for _, k := range []string{"$ref", "anyOf", "oneOf", "allOf", "not", "if", "patternProperties"} {
		if o.has(k) {
			sort.Strings(lost)
			return anyOf(strings.Join(lost, ", "))
		}
	}
	if len(lost) > 0 {
		im.warn(tool, field, "not expressible, not kept: "+strings.Join(lost, ", "))
	}
	t := &typ{}
	var types []string
	if raw, ok := o.vals["type"]; ok {
		var one string
		if json.Unmarshal(raw, &one) == nil {
			types = []string{one}
		} else if json.Unmarshal(raw, &types) != nil {
			return anyOf("type " + string(raw) + " is not a type name or a list of them")
		}
	}
	var base []string
	for _, ty := range types {
		if ty == "null" {
			t.nullable = true
		} else {
			base = append(base, ty)
		}
	}
	if len(base) > 1 {
		return anyOf("type union " + strings.Join(types, ", "))
	}
	ty := ""
	if len(base) == 1 {
		ty = base[0]
	}
	if c, ok := o.vals["const"]; ok && !o.has("enum") {
		im.warn(tool, field, "const written as an enum of one value (the same values pass)")
		o.vals["enum"] = json.RawMessage("[" + string(c) + "]")
	} else if ok {
		im.warn(tool, field, "const next to enum: not kept")
	}
	if o.has("enum") {
		return im.enum(tool, field, o, t, ty, anyOf)
	}
	if ty == "" {
		switch {
		case o.has("properties"), o.has("additionalProperties"):
			ty = "object"
		case o.has("items"), o.has("prefixItems"):
			ty = "array"
		case len(types) > 0:
			return anyOf("type null alone")
		}
	}
	rng := func(lo, hi string) {
		t.min, t.max = number(o.vals[lo]), number(o.vals[hi])
	}
	switch ty {
	case "":
		t.kind = "any"
	case "string":
		t.kind = "string"
		rng("minLength", "maxLength")
		if p, ok := o.str("pattern"); ok {
			t.pattern = &p
		}
		if f, ok := o.str("format"); ok {
			if formatName.MatchString(f) {
				t.format = f
			} else {
				im.warn(tool, field, fmt.Sprintf("format %q is not a format name: not kept", f))
			}
		}
	case "integer", "number":
		t.kind = ty
		rng("minimum", "maximum")
		im.exclusive(tool, field, o, t)
	case "boolean":
		t.kind = "boolean"
	case "array":
		if items, ok := o.vals["prefixItems"]; ok {
			var list []json.RawMessage
			_ = json.Unmarshal(items, &list)
			n := fmt.Sprint(len(list))
			// With maxItems = n, items applies to no element in 2020-12:
			// toolspec writes it for draft-07 readers, and reads past it.
			if number(o.vals["minItems"]) != n || number(o.vals["maxItems"]) != n || len(list) == 0 {
				return anyOf("prefixItems without minItems = maxItems = its length (a tuple)")
			}
			t.kind = "tuple"
			for i, it := range list {
				t.items = append(t.items, im.elem(tool, fmt.Sprintf("%s[%d]", field, i), it))
			}
			break
		}
		t.kind = "array"
		t.elem = &typ{kind: "any"}
		if it, ok := o.vals["items"]; ok {
			t.elem = im.elem(tool, field+"[]", it)
		}
		rng("minItems", "maxItems")
		t.unique = o.boolean("uniqueItems")
	case "object":
		ap, hasAP := o.vals["additionalProperties"]
		closed := hasAP && strings.TrimSpace(string(ap)) == "false"
		if !o.has("properties") && hasAP && !closed {
			t.kind = "map"
			t.elem = im.elem(tool, field+"{}", ap)
			rng("minProperties", "maxProperties")
			break
		}
		t.kind = "object"
		t.open = !closed
		if hasAP && !closed {
			im.warn(tool, field, "additionalProperties schema next to properties: written open, extra values unchecked")
		}
		props := parseObject(o.vals["properties"])
		var required []string
		_ = json.Unmarshal(o.vals["required"], &required)
		if props != nil {
			t.fields = []*row{}
			for _, k := range props.keys {
				p := parseObject(props.vals[k])
				if p == nil {
					p = &object{vals: map[string]json.RawMessage{}}
					im.warn(tool, field+"."+k, "schema "+string(props.vals[k])+" is not an object: written as any")
				}
				notes := im.notes
				im.notes = nil
				pt := im.typ(tool, field+"."+k, p)
				desc, _ := p.str("description")
				if len(im.notes) > 0 {
					desc = strings.TrimSpace(desc + " (toolspec cannot express: " + strings.Join(im.notes, "; ") + ")")
				}
				im.notes = notes
				t.fields = append(t.fields, &row{name: k, path: field + "." + k, t: pt, required: contains(required, k), desc: desc})
			}
		}
		for _, r := range required {
			if props == nil || !props.has(r) {
				im.warn(tool, field, fmt.Sprintf("required %q is not a property: not kept", r))
			}
		}
		if o.has("minProperties") || o.has("maxProperties") {
			im.warn(tool, field, "minProperties/maxProperties on an object with properties: not kept")
		}
	default:
		return anyOf(fmt.Sprintf("unknown type %q", ty))
	}
	annotate(t, o)
	if t.kind != "map" && t.kind != "array" && t.kind != "string" && t.kind != "integer" && t.kind != "number" {
		for _, k := range []string{"minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum", "minProperties", "maxProperties", "pattern", "format", "uniqueItems", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"} {
			if o.has(k) && !(t.kind == "tuple" && (k == "minItems" || k == "maxItems")) && !(t.kind == "object" && (k == "minProperties" || k == "maxProperties")) {
				im.warn(tool, field, k+" does not apply to "+t.kind+": not kept")
			}
		}
	}
	return t
}

// elem converts an element schema (items, a map's values); its
// description, if any, has no place in the language.
// annotate copies the annotations a row keeps: default, examples and
// deprecated.
func annotate(t *typ, o *object) {
	if raw, ok := o.vals["default"]; ok {
		t.def = compact(raw)
	}
	if raw, ok := o.vals["examples"]; ok {
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) == nil {
			for _, e := range list {
				t.examples = append(t.examples, compact(e))
			}
		}
	}
	t.deprecated = o.boolean("deprecated")
}

func (im *mcpImporter) elem(tool, field string, raw json.RawMessage) *typ {
	o := parseObject(raw)
	if o == nil {
		if strings.TrimSpace(string(raw)) == "true" {
			return &typ{kind: "any"}
		}
		im.warn(tool, field, "schema "+string(raw)+" is not an object: written as any")
		return &typ{kind: "any"}
	}
	if o.has("description") {
		im.warn(tool, field, "description of an element: not kept (only rows have descriptions)")
	}
	return im.typ(tool, field, o)
}

func (im *mcpImporter) enum(tool, field string, o *object, t *typ, ty string, anyOf func(string) *typ) *typ {
	var vals []json.RawMessage
	if err := json.Unmarshal(o.vals["enum"], &vals); err != nil || len(vals) == 0 {
		return anyOf("enum is not a list of values")
	}
	t.kind = "enum"
	strs, ints, hasNull := 0, 0, false
	for _, v := range vals {
		text := strings.TrimSpace(string(v))
		var s string
		switch {
		case text == "null":
			hasNull = true
		case json.Unmarshal(v, &s) == nil:
			strs++
			t.enum = append(t.enum, jsonstr.Quote(s))
		case isInteger(text):
			ints++
			t.enum = append(t.enum, text)
		default:
			return anyOf("enum value " + text + " is neither a string nor an integer")
		}
	}
	switch {
	case strs > 0 && ints > 0:
		return anyOf("enum mixes strings and integers")
	case strs > 0 && ty != "" && ty != "string", ints > 0 && ty != "" && ty != "integer":
		return anyOf("enum values do not match type " + ty)
	case len(t.enum) == 0:
		return anyOf("an enum of null alone")
	}
	// null is valid when the enum lists it and the type (if any) allows it.
	typed := o.has("type")
	nullable := hasNull && (!typed || t.nullable)
	if typed && t.nullable != hasNull {
		im.warn(tool, field, fmt.Sprintf("type and enum disagree on null; written as the values both accept (nullable: %v)", nullable))
	}
	t.nullable = nullable
	annotate(t, o)
	return t
}

var integerRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

func isInteger(s string) bool { return integerRE.MatchString(s) }

// number is the JSON number text of raw, or "".
func number(raw json.RawMessage) string {
	var n json.Number
	if raw == nil || json.Unmarshal(raw, &n) != nil {
		return ""
	}
	return n.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// exclusive folds exclusiveMinimum and exclusiveMaximum (2020-12: numbers)
// into the range: exactly for an integer (the next integer), inclusively
// and reported for a number.
func (im *mcpImporter) exclusive(tool, field string, o *object, t *typ) {
	for _, k := range []string{"exclusiveMinimum", "exclusiveMaximum"} {
		raw, ok := o.vals[k]
		if !ok {
			continue
		}
		word, inclusive := "above", &t.min
		if k == "exclusiveMaximum" {
			word, inclusive = "below", &t.max
		}
		switch strings.TrimSpace(string(raw)) {
		case "true": // draft-04: the inclusive bound beside it is exclusive
			if *inclusive != "" {
				t.setNumber(word, *inclusive)
				*inclusive = ""
			}
			continue
		case "false":
			continue
		}
		v := number(raw)
		n := decimal.Parse(v)
		if n == nil {
			im.warn(tool, field, k+" "+string(raw)+" is not a number: not kept")
			continue
		}
		if t.kind == "integer" && !n.IsInt() {
			// The next integer inside, as an inclusive bound, exactly: the
			// same integers pass, and above takes integers only on integer.
			r := n.Rat
			if r == nil { // beyond 10^-1000: between 0 and ±1, on its sign's side
				r = big.NewRat(int64(n.Sign()), 2)
			}
			if k == "exclusiveMinimum" {
				v = new(big.Int).Add(floor(r), big.NewInt(1)).String()
				if t.min == "" || bigger(v, t.min) {
					t.min = v
				}
			} else if v = new(big.Int).Sub(ceil(r), big.NewInt(1)).String(); t.max == "" || bigger(t.max, v) {
				t.max = v
			}
			continue
		}
		t.setNumber(word, v)
	}
	if raw, ok := o.vals["multipleOf"]; ok {
		var n json.Number
		if json.Unmarshal(raw, &n) != nil {
			n = json.Number(raw) // not a number: multipleOf says so
		}
		keep, why := multipleOf(n, t.kind)
		if why != "" {
			im.warn(tool, field, why)
		}
		if keep != "" {
			t.setNumber("multiple_of", keep)
		}
	}
}

func bigger(a, b string) bool {
	x, y := decimal.Parse(a), decimal.Parse(b)
	return x != nil && y != nil && x.Cmp(y) > 0
}

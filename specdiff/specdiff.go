package specdiff

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/lang/descriptor"
)

// Change is one difference, read as "Tool Field: What".
type Change struct {
	Tool string
	// Field is the path of the property ("limit", "orders[].id"), or ""
	// for the tool itself.
	Field string
	What  string
}

func (c Change) String() string {
	if c.Field == "" {
		return c.Tool + ": " + c.What
	}
	return c.Tool + " " + c.Field + ": " + c.What
}

// node is a JSON value with object keys in document order.
type node struct {
	keys []string
	obj  map[string]*node
	arr  []*node
	raw  json.RawMessage
}

func (n *node) get(k string) *node {
	if n == nil || n.obj == nil {
		return nil
	}
	return n.obj[k]
}

func (n *node) str() string {
	var s string
	if n != nil {
		_ = json.Unmarshal(n.raw, &s)
	}
	return s
}

func parse(raw json.RawMessage) (*node, error) {
	n := &node{raw: raw}
	t := bytes.TrimSpace(raw)
	switch {
	case len(t) > 0 && t[0] == '{':
		dec := json.NewDecoder(bytes.NewReader(t))
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		n.obj = map[string]*node{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return nil, err
			}
			c, err := parse(v)
			if err != nil {
				return nil, err
			}
			key, _ := k.(string)
			if _, dup := n.obj[key]; !dup {
				n.keys = append(n.keys, key)
			}
			n.obj[key] = c
		}
	case len(t) > 0 && t[0] == '[':
		var list []json.RawMessage
		if err := json.Unmarshal(t, &list); err != nil {
			return nil, err
		}
		for _, v := range list {
			c, err := parse(v)
			if err != nil {
				return nil, err
			}
			n.arr = append(n.arr, c)
		}
	default:
		// Numbers as text: 1e400 is valid JSON that no float64 holds.
		d := json.NewDecoder(bytes.NewReader(t))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		if d.More() {
			return nil, fmt.Errorf("invalid JSON value %s", t)
		}
	}
	return n, nil
}

// tools reads a tools/list result, or a JSON-RPC response holding one.
func tools(data []byte) ([]*node, error) {
	top, err := parse(data)
	if err != nil {
		return nil, err
	}
	if top.obj == nil {
		return nil, errors.New("not a JSON object")
	}
	if top.get("tools") == nil && top.get("result") != nil {
		top = top.get("result")
	}
	list := top.get("tools")
	if list == nil || list.arr == nil && !bytes.Equal(bytes.TrimSpace(list.raw), []byte("[]")) {
		return nil, errors.New(`no "tools" array: not a tools/list result`)
	}
	return list.arr, nil
}

// Diff compares two tools/list results. Tools are reported in the new
// result's order, then the removed ones; within a tool, top-level changes
// first, then fields in the new schema's order.
func Diff(old, new []byte) ([]Change, error) {
	ot, err := tools(old)
	if err != nil {
		return nil, fmt.Errorf("old: %w", err)
	}
	nt, err := tools(new)
	if err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	byName := map[string]*node{}
	for _, t := range ot {
		byName[t.get("name").str()] = t
	}
	d := &differ{}
	seen := map[string]bool{}
	for _, t := range nt {
		name := t.get("name").str()
		seen[name] = true
		o := byName[name]
		if o == nil {
			d.add(name, "", "+ tool added")
			continue
		}
		d.tool(name, o, t)
	}
	for _, t := range ot {
		if name := t.get("name").str(); !seen[name] {
			d.add(name, "", "tool removed")
		}
	}
	return d.out, nil
}

type differ struct{ out []Change }

func (d *differ) add(tool, field, what string) {
	d.out = append(d.out, Change{Tool: tool, Field: field, What: what})
}

func (d *differ) tool(name string, o, n *node) {
	if o.get("description").str() != n.get("description").str() {
		d.add(name, "", "description changed")
	}
	d.schema(name, "", o.get("inputSchema"), n.get("inputSchema"))
	switch oo, no := o.get("outputSchema"), n.get("outputSchema"); {
	case oo == nil && no != nil:
		d.add(name, "", "+ outputSchema "+head(no))
	case oo != nil && no == nil:
		d.add(name, "", "- outputSchema")
	case oo != nil:
		d.schema(name, "out", oo, no)
	}
	if a, b := hints(o), hints(n); a != b {
		d.add(name, "", "annotations: "+orNone(a)+" → "+orNone(b))
	}
}

func hints(t *node) string {
	a := t.get("annotations")
	if a == nil {
		return ""
	}
	var hs []string
	for _, k := range a.keys {
		hs = append(hs, k+"="+strings.TrimSpace(string(a.get(k).raw)))
	}
	return strings.Join(hs, " ")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// schema compares one schema and, for objects, its properties.
func (d *differ) schema(tool, path string, o, n *node) {
	if o == nil || n == nil {
		return
	}
	if variants(o) != nil && variants(n) != nil {
		d.union(tool, path, o, n)
		return
	}
	if key(o) != key(n) {
		d.add(tool, path, head(o)+" → "+head(n))
	}
	if isObject(o) && isObject(n) {
		d.object(tool, path, o, n)
		return
	}
	oi, ni := o.get("items"), n.get("items")
	if oi != nil && ni != nil && isObject(oi) && isObject(ni) {
		d.object(tool, path+"[]", oi, ni)
	}
}

func isMap(n *node) bool {
	ap := n.get("additionalProperties")
	return n.get("properties") == nil && ap != nil && ap.obj != nil
}

func isObject(n *node) bool {
	return n.get("properties") != nil || typeName(n) == "object" && !isMap(n)
}

func (d *differ) object(tool, path string, o, n *node) {
	if a, b := closed(o), closed(n); a != b {
		d.add(tool, path, "additionalProperties: "+map[bool]string{false: "open", true: "closed"}[a]+" → "+map[bool]string{false: "open", true: "closed"}[b])
	}
	or, nr := required(o), required(n)
	op, np := o.get("properties"), n.get("properties")
	var names []string
	if np != nil {
		names = append(names, np.keys...)
	}
	if op != nil {
		for _, k := range op.keys {
			if !slices.Contains(names, k) {
				names = append(names, k)
			}
		}
	}
	for _, k := range names {
		a, b := op.get(k), np.get(k)
		field := join(path, k)
		switch {
		case a == nil:
			req := "optional"
			if slices.Contains(nr, k) {
				req = "required"
			}
			d.add(tool, field, "+ field "+head(b)+" "+req)
		case b == nil:
			d.add(tool, field, "- field (was "+head(a)+")")
		default:
			switch ra, rb := slices.Contains(or, k), slices.Contains(nr, k); {
			case !ra && rb:
				d.add(tool, path, "+ required "+k)
			case ra && !rb:
				d.add(tool, path, "- required "+k)
			}
			d.schema(tool, field, a, b)
		}
	}
}

func closed(n *node) bool {
	ap := n.get("additionalProperties")
	return ap != nil && strings.TrimSpace(string(ap.raw)) == "false"
}

func required(n *node) []string {
	var r []string
	if q := n.get("required"); q != nil {
		_ = json.Unmarshal(q.raw, &r)
	}
	return r
}

func typeName(n *node) string {
	t := n.get("type")
	if t == nil {
		return ""
	}
	if s := t.str(); s != "" {
		return s
	}
	for _, x := range t.arr {
		if s := x.str(); s != "null" {
			return s
		}
	}
	if len(t.arr) > 0 {
		return "null" // ["null"], as "null"
	}
	return ""
}

// nullable reports whether the schema lets null through: null is in its
// type, or it has no type and null is in its enum. A type without null
// rejects null whatever the enum lists.
func nullable(n *node) bool {
	if t := n.get("type"); t != nil {
		if t.str() == "null" {
			return true
		}
		for _, x := range t.arr {
			if x.str() == "null" {
				return true
			}
		}
		return false
	}
	if e := n.get("enum"); e != nil {
		for _, x := range e.arr {
			if strings.TrimSpace(string(x.raw)) == "null" {
				return true
			}
		}
	}
	return false
}

// head describes a schema in the language's words, without an object's
// properties: "integer 1..500", "enum(open, paid) nullable",
// "array<string> ..10 unique". Values are written as the document wrote
// them.
func head(n *node) string { return describe(n, false) }

// key is head with every JSON value in one canonical form (numbers by
// exact value, object keys sorted), so two schemas that say the same
// thing in different JSON text have the same key.
func key(n *node) string { return describe(n, true) }

func describe(n *node, canon bool) string {
	text := func(v *node) string {
		if canon {
			return canonical(v.raw)
		}
		return strings.TrimSpace(string(v.raw))
	}
	sub := func(v *node) string { return describe(v, canon) }
	if n == nil {
		return "(none)"
	}
	if n.obj == nil {
		return text(n)
	}
	var b strings.Builder
	typ := typeName(n)
	switch {
	case n.get("enum") != nil:
		var vs []string
		for _, v := range n.get("enum").arr {
			if s := strings.TrimSpace(string(v.raw)); s != "null" {
				if canon {
					vs = append(vs, canonical(v.raw))
				} else {
					vs = append(vs, enumValue(v))
				}
			}
		}
		if canon {
			// An enum is a set: order and repeats say nothing.
			slices.Sort(vs)
			vs = slices.Compact(vs)
		}
		b.WriteString("enum(" + strings.Join(vs, ", ") + ")")
		// A type the values do not already say is part of the schema.
		if vt := valuesType(n.get("enum")); typ != "" && typ != vt && !(typ == "number" && vt == "integer") {
			b.WriteString(" type " + typ)
		}
	case n.get("const") != nil:
		b.WriteString("const " + text(n.get("const")))
	case n.get("prefixItems") != nil:
		var vs []string
		for _, v := range n.get("prefixItems").arr {
			vs = append(vs, sub(v))
		}
		b.WriteString("tuple<" + strings.Join(vs, ", ") + ">")
	case typ == "array":
		b.WriteString("array<" + sub(n.get("items")) + ">")
		if n.get("items") == nil {
			b.Reset()
			b.WriteString("array")
		}
	case typ == "object" && isMap(n):
		b.WriteString("map<" + sub(n.get("additionalProperties")) + ">")
	case typ == "" && n.get("anyOf") != nil:
		var vs []string
		for _, v := range variants(n) {
			vs = append(vs, sub(v))
		}
		b.WriteString("union<" + strings.Join(vs, ", ") + ">")
		if unionNullable(n) {
			b.WriteString(" nullable")
		}
	case typ == "":
		var ks []string
		for _, k := range []string{"$ref", "anyOf", "oneOf", "allOf"} {
			if n.get(k) != nil {
				ks = append(ks, k)
			}
		}
		if len(ks) > 0 {
			b.WriteString(strings.Join(ks, "+"))
		} else {
			b.WriteString("any")
		}
	default:
		b.WriteString(typ)
	}
	if nullable(n) && typ != "null" {
		b.WriteString(" nullable")
	}
	for _, r := range [][2]string{{"minimum", "maximum"}, {"minLength", "maxLength"}, {"minItems", "maxItems"}, {"minProperties", "maxProperties"}} {
		lo, hi := n.get(r[0]), n.get(r[1])
		if n.get("prefixItems") != nil && r[0] == "minItems" {
			continue
		}
		if lo != nil || hi != nil {
			b.WriteString(" ")
			if lo != nil {
				b.WriteString(text(lo))
			}
			b.WriteString("..")
			if hi != nil {
				b.WriteString(text(hi))
			}
		}
	}
	for _, k := range []string{"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "pattern", "format"} {
		if v := n.get(k); v != nil {
			word := k
			if w, ok := modifierWords[k]; ok && isNumber(v.raw) {
				word = w // a number: say it as a spec does
			}
			b.WriteString(" " + word + " " + text(v))
		}
	}
	if v := n.get("uniqueItems"); v != nil && strings.TrimSpace(string(v.raw)) == "true" {
		b.WriteString(" unique")
	}
	if v := n.get("default"); v != nil {
		b.WriteString(" default " + text(v))
	}
	return b.String()
}

// modifierWords are the modifiers keywords with a number come from
// (exclusiveMinimum is above, ...), from lang/descriptor.
var modifierWords = func() map[string]string {
	m := map[string]string{}
	for _, d := range descriptor.Modifiers {
		if d.Key != "" {
			m[d.Key] = d.Keyword
		}
	}
	return m
}()

// isNumber reports whether raw is a JSON number.
func isNumber(raw json.RawMessage) bool {
	t := strings.TrimSpace(string(raw))
	return t != "" && (t[0] == '-' || t[0] >= '0' && t[0] <= '9')
}

// enumValue writes an enum value: a string bare (open, in-progress),
// unless its bare text could be read as a number or another JSON value
// ("1", ".5", "+5", "NaN", "true"), as nothing (""), or would blur the list
// or the line ("a, b", " a", a newline); any other value as its JSON text
// (1, true).
func enumValue(v *node) string {
	t := strings.TrimSpace(string(v.raw))
	var s string
	if json.Unmarshal(v.raw, &s) != nil {
		return t
	}
	if bareReadsAsOther(s) {
		b, _ := json.Marshal(s)
		return string(b)
	}
	return s
}

func bareReadsAsOther(s string) bool {
	if s == "" || json.Valid([]byte(s)) || strings.ContainsAny(s, `,()"`) || strings.TrimSpace(s) != s {
		return true
	}
	if strings.ContainsAny(s[:1], "+-.0123456789") {
		return true
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return true // NaN, Inf, infinity
	}
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' })
}

// valuesType is the JSON Schema type every value of an enum other than
// null has ("string", "integer", "number", "boolean", "array", "object"),
// or "" when they differ.
func valuesType(e *node) string {
	typ := ""
	for _, v := range e.arr {
		var x any
		d := json.NewDecoder(bytes.NewReader(v.raw))
		d.UseNumber()
		if d.Decode(&x) != nil {
			return ""
		}
		var t string
		switch x := x.(type) {
		case nil:
			continue
		case string:
			t = "string"
		case bool:
			t = "boolean"
		case json.Number:
			t = "number"
			if d := decimal.Parse(x.String()); d != nil && d.IsInt() {
				t = "integer"
			}
		case []any:
			t = "array"
		case map[string]any:
			t = "object"
		}
		switch {
		case typ == "" || typ == t:
			typ = t
		case typ == "integer" && t == "number" || typ == "number" && t == "integer":
			typ = "number"
		default:
			return ""
		}
	}
	return typ
}

// canonical writes a JSON value in one form: numbers by exact value in
// decimal's normal form (1e2, 100 and 100.0 are all 0.1e3; 1e-999999 is
// not expanded), strings re-encoded, object keys sorted. Text that does
// not decode is kept as it is.
func canonical(raw json.RawMessage) string {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return strings.TrimSpace(string(raw))
	}
	var b strings.Builder
	writeCanonical(&b, v)
	return b.String()
}

func writeCanonical(b *strings.Builder, v any) {
	switch v := v.(type) {
	case json.Number:
		if d := decimal.Parse(v.String()); d != nil {
			b.WriteString(d.Normal())
		} else {
			b.WriteString(v.String())
		}
	case []any:
		b.WriteString("[")
		for i, x := range v {
			if i > 0 {
				b.WriteString(",")
			}
			writeCanonical(b, x)
		}
		b.WriteString("]")
	case map[string]any:
		b.WriteString("{")
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if i > 0 {
				b.WriteString(",")
			}
			writeCanonical(b, k)
			b.WriteString(":")
			writeCanonical(b, v[k])
		}
		b.WriteString("}")
	default: // nil, bool, string
		j, _ := json.Marshal(v)
		b.Write(j)
	}
}

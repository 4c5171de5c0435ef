package golang

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolspec/toolspec/model"
)

// value is how a non-null value of a spec type is held.
type value struct {
	goType string // its Go type
}

// at says where a type sits: the name it gets when it is a named type,
// and the Go expression of its compiled schema node (for MarshalJSON).
type at struct {
	name, node string
	root       bool // a tool's input or output: its name is claimed
}

func (a at) sub(name, node string) at {
	return at{a.name + name, a.node + node, false}
}

// declare writes the Go type of a tool's input or output object and the
// types it needs. The runtime decodes into them through a plan it builds
// from the types (tsPlan), so no decoder is written. doc says what the
// object is.
func (g *gen) declare(t *model.Type, name, node, doc string) {
	g.object(t, at{name, node, true}, doc)
}

// typ writes the declarations the type of a value needs and returns how
// the value is held. A nested object, tuple or union is declared once per
// shape (see shapes), at the first place it occurs, and every later place
// of that shape takes the same type; a group used as a whole object is
// one struct per group instead (object). An enum is declared at each
// place: its constants, named after the place, are what handlers write,
// and a type with constants costs the compiler little.
func (g *gen) typ(t *model.Type, a at) value {
	if !shared(t) || t.Group != "" {
		return g.declareType(t, a)
	}
	key := g.shapes.key(t)
	if name, ok := g.shapes.types[key]; ok {
		return value{goType: name}
	}
	v := g.declareType(t, a)
	g.shapes.types[key] = v.goType
	return v
}

// shared reports whether a type's Go type is declared once per shape.
func shared(t *model.Type) bool {
	switch t.Kind {
	case model.Tuple, model.Object, model.Union:
		return true
	case model.Enum, model.Array, model.Map, model.String, model.Integer, model.Number, model.Boolean, model.Any:
	}
	return false
}

// declareType writes the declarations of a type, one function per kind.
func (g *gen) declareType(t *model.Type, a at) value {
	switch t.Kind {
	case model.Enum:
		return g.enum(t, a)
	case model.Array:
		return g.array(t, a)
	case model.Map:
		return g.mapOf(t, a)
	case model.Tuple:
		return g.tuple(t, a)
	case model.Object:
		return g.object(t, a, "")
	case model.Union:
		return g.union(t, a)
	case model.String, model.Integer, model.Number, model.Boolean, model.Any:
	}
	return scalar(t)
}

// scalar is a string, number, boolean or any value: a Go type and a
// runtime method. An integer bounded on both sides (by a range or by
// above/below) by bounds that fit int64 is an int64; a number with both
// ends of a range a float64; else json.Number, which holds any JSON
// number. An exclusive bound does not make a float64: a value just below
// it can round to it (0.99999999999999999999 below 1 becomes 1.0), which
// would marshal to a value the schema refuses.
func scalar(t *model.Type) value {
	switch t.Kind {
	case model.String:
		return value{"string"}
	case model.Integer:
		lo, hi := t.Min, t.Max
		if lo == nil {
			lo = t.ExclusiveMin
		}
		if hi == nil {
			hi = t.ExclusiveMax
		}
		if fitsInt64(lo) && fitsInt64(hi) {
			return value{"int64"}
		}
		return value{"json.Number"}
	case model.Number:
		if t.Min != nil && t.Max != nil && t.ExclusiveMin == nil && t.ExclusiveMax == nil {
			return value{"float64"}
		}
		return value{"json.Number"}
	case model.Boolean:
		return value{"bool"}
	case model.Any, model.Enum, model.Array, model.Tuple, model.Object, model.Map, model.Union:
		// Not scalars (typ gives them their own types); any is raw JSON.
	}
	return value{"json.RawMessage"}
}

func fitsInt64(n *model.Num) bool {
	return n != nil && n.IsInt() && n.Rat.Num().IsInt64()
}

// named claims the package-level name of a named type and starts its
// declaration: a tool's input and output get a doc comment; a nested type
// none, as its name spells its path and the json tag of the field that
// holds it the property (short files for large catalogs).
func (g *gen) named(a at, doc string) string {
	name := a.name
	if !a.root {
		name = g.names.claim(a.name)
	}
	if doc == "" {
		g.p.str("\n")
	} else {
		g.p.doc(name + " is " + doc + ".")
	}
	return name
}

// elem is the Go type of an element, array item or map value: a
// nullable one (but any, whose RawMessage holds null) is a pointer, nil
// for null.
func elem(t *model.Type, v value) string {
	if !t.Nullable || t.Kind == model.Any {
		return v.goType
	}
	return "*" + v.goType
}

func (g *gen) enum(t *model.Type, a at) value {
	name := g.named(a, "")
	under := "string"
	if t.Enum[0].IsInt {
		under = "int64"
	}
	g.p.printf("type %s %s\n", name, under)
	g.p.str("\nconst (\n")
	consts := newNamer()
	rows := make([][]string, len(t.Enum))
	for i, v := range t.Enum {
		c := ""
		lit := strconv.FormatInt(v.Int, 10)
		if v.IsInt {
			// The digits as written: -v.Int overflows for math.MinInt64.
			if digits, neg := strings.CutPrefix(lit, "-"); neg {
				c = name + "Minus" + digits
			} else {
				c = name + digits
			}
		} else {
			lit = quote(v.Str)
			if vn, _ := GoName(v.Str); vn != "" {
				c = name + vn
			}
		}
		if c == "" || !consts.free(c) || !g.names.free(c) {
			c = fmt.Sprintf("%sValue%d", name, i+1)
		}
		c = g.names.claim(c)
		consts.claim(c)
		rows[i] = []string{c, name, "= " + lit}
	}
	g.p.aligned("\t", rows, nil)
	g.p.str(")\n")
	return value{goType: name}
}

func (g *gen) array(t *model.Type, a at) value {
	item := g.typ(t.Elem, a.sub("Item", ".items"))
	return value{goType: "[]" + elem(t.Elem, item)}
}

func (g *gen) mapOf(t *model.Type, a at) value {
	val := g.typ(t.Elem, a.sub("Value", ".values"))
	return value{goType: "map[string]" + elem(t.Elem, val)}
}

func (g *gen) tuple(t *model.Type, a at) value {
	members := make([]value, len(t.Items))
	types := make([]string, len(t.Items))
	same := true
	for i, it := range t.Items {
		members[i] = g.typ(it, a.sub(fmt.Sprintf("V%d", i), fmt.Sprintf(".prefix[%d]", i)))
		types[i] = elem(it, members[i])
		same = same && types[i] == types[0]
	}
	name := g.named(a, "")
	if same {
		g.p.printf("type %s [%d]%s\n", name, len(t.Items), types[0])
	} else {
		g.tupleStruct(name, types)
	}
	return value{goType: name}
}

// tupleStruct writes a tuple of mixed member types as a struct that
// marshals as a JSON array.
func (g *gen) tupleStruct(name string, types []string) {
	g.p.printf("type %s struct {\n", name)
	rows := make([][]string, len(types))
	vals := make([]string, len(types))
	for i, t := range types {
		rows[i] = []string{fmt.Sprintf("V%d", i), t}
		vals[i] = fmt.Sprintf("t.V%d", i)
	}
	g.p.aligned("\t", rows, nil)
	g.p.str("}\n")
	g.p.doc("MarshalJSON writes the tuple as a JSON array.")
	g.p.printf("func (t %s) MarshalJSON() ([]byte, error) {\n\treturn json.Marshal([]any{%s})\n}\n", name, strings.Join(vals, ", "))
	g.p.doc("UnmarshalJSON reads the tuple from a JSON array.")
	g.p.printf("func (t *%s) UnmarshalJSON(data []byte) error {\n\tvar items []json.RawMessage\n\tif err := json.Unmarshal(data, &items); err != nil {\n\t\treturn err\n\t}\n", name)
	g.p.printf("\tif len(items) != %d {\n\t\treturn errors.New(\"tuple of %[1]d items\")\n\t}\n", len(types))
	for i := range types {
		g.p.printf("\tif err := json.Unmarshal(items[%d], &t.V%d); err != nil {\n\t\treturn err\n\t}\n", i, i)
	}
	g.p.str("\treturn nil\n}\n")
}

func (g *gen) object(t *model.Type, a at, doc string) value {
	var key string
	if t.Group != "" && !a.root {
		// A group used as a whole object is one struct wherever it is
		// used, named after the group, so handlers pass it around as is.
		key = t.Group
		if name, ok := g.groupTypes[key]; ok {
			return value{goType: name}
		}
		a.name, doc = mangle(t.Group), "group "+comment(t.Group)+", wherever a row's kind is `object { use "+comment(t.Group)+" }`"
	}
	fields := make([]value, len(t.Fields))
	marshal := needsMarshal(t)
	fieldNames := g.fieldNames(t, marshal)
	for i, fd := range t.Fields {
		sub := at{a.name + fieldNames[i], a.node + ".props[" + strconv.Itoa(i) + "].node", false}
		fields[i] = g.typ(fd.Type, sub)
	}
	name := g.named(a, doc)
	if key != "" {
		if g.groupTypes == nil {
			g.groupTypes = map[string]string{}
		}
		g.groupTypes[key] = name
	}
	g.p.printf("type %s struct {\n", name)
	rows := make([][]string, 0, len(t.Fields))
	var comments []string
	cells := make([]string, 3*len(t.Fields))
	for i, fd := range t.Fields {
		if desc := comment(fd.Description); desc != "" {
			rows, comments = append(rows, nil), append(comments, desc)
		}
		row := cells[3*i : 3*i+3 : 3*i+3]
		row[0], row[1], row[2] = fieldNames[i], fieldType(fd, fields[i]), jsonTag(fd)
		rows, comments = append(rows, row), append(comments, "")
	}
	g.p.aligned("\t", rows, comments)
	g.p.str("}\n")
	if marshal {
		g.p.str("\n")
		g.p.fn(fmt.Sprintf("func (v %s) MarshalJSON() ([]byte, error)", name), fmt.Sprintf("return %s(v, %s)", g.rt("tsMarshal"), g.nodePath(a.node)))
	}
	return value{goType: name}
}

// fieldNames are the Go names of an object's fields: mangled, unique in
// the struct, and never MarshalJSON when the struct has that method
// (marshal, needsMarshal(t)).
func (g *gen) fieldNames(t *model.Type, marshal bool) []string {
	n := newNamer()
	if marshal {
		n = newNamer("MarshalJSON")
	}
	names := make([]string, len(t.Fields))
	for i, fd := range t.Fields {
		names[i] = n.claim(g.mangle(fd.Name))
	}
	return names
}

// fieldType is the Go type of a struct field: required fields hold their
// value; optional ones a pointer (nil is absent), Nullable[T] when also
// nullable, json.RawMessage (nil is absent) for any; a required nullable
// one a pointer (nil is null).
func fieldType(fd *model.Field, v value) string {
	switch {
	case fd.Type.Kind == model.Any:
		return v.goType
	case fd.Required && fd.Type.Nullable, !fd.Required && !fd.Type.Nullable:
		return "*" + v.goType
	case fd.Required:
		return v.goType
	}
	return "Nullable[" + v.goType + "]"
}

// needsMarshal reports whether an object's struct writes its own
// MarshalJSON: a property name cannot be a json tag, or a field holds an
// array or a map, which must marshal as [] or {} when nil.
func needsMarshal(t *model.Type) bool {
	for _, fd := range t.Fields {
		if fd.Type.Kind == model.Array || fd.Type.Kind == model.Map || !validTag(fd.Name) {
			return true
		}
	}
	return false
}

// jsonTag is the struct tag of a field. Names that encoding/json cannot
// carry in a tag get "-": the struct's MarshalJSON writes them, and Decode
// fills them (json.Unmarshal cannot).
func jsonTag(fd *model.Field) string {
	name := fd.Name
	if !validTag(name) {
		return tagLiteral(`json:"-"`)
	}
	opt := ""
	switch {
	case fd.Required:
	case fd.Type.Nullable && fd.Type.Kind != model.Any:
		opt = ",omitzero"
	default:
		opt = ",omitempty"
	}
	if name == "-" && opt == "" {
		opt = "," // a lone "-" would mean "skip this field"
	}
	return tagLiteral(`json:"` + name + opt + `"`)
}

// tagLiteral writes a struct tag as a raw string, the usual form, when
// that is safe, and through quote otherwise.
func tagLiteral(tag string) string {
	ascii := true
	for i := 0; i < len(tag) && ascii; i++ {
		c := tag[i]
		if c == '`' || c < ' ' || c == 0x7f {
			return quote(tag)
		}
		ascii = c < utf8.RuneSelf
	}
	if ascii {
		return "`" + tag + "`"
	}
	for _, c := range tag {
		if c == '`' || !strconv.IsPrint(c) {
			return quote(tag)
		}
	}
	return "`" + tag + "`"
}

// validTag mirrors encoding/json's rule for a tag name.
func validTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case c < utf8.RuneSelf:
			if !tagASCII[c] {
				return false
			}
		case unicode.IsLetter(c), unicode.IsDigit(c):
		default:
			return false
		}
	}
	return true
}

// tagASCII are the ASCII characters a tag name may hold.
var tagASCII = func() (ok [utf8.RuneSelf]bool) {
	for c := range rune(utf8.RuneSelf) {
		ok[c] = strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) ||
			c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	return ok
}()

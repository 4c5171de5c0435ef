package js

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/gen/message"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/model"
)

// The validators are compiled from each tool's emitted schema (gen/schema,
// the profile-2 inputSchema and outputSchema), not from the model, so they
// read exactly the keywords a client's validator reads. A keyword they do
// not know is an error: a new keyword in gen/schema must be taught here
// before gen-js emits anything.

// annotations are keywords that constrain nothing. format is listed too:
// a format toolspec does not assert is an annotation; the asserted ones
// are checked with the strings (see strings).
var annotations = map[string]bool{
	"title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "format": true, "readOnly": true, "writeOnly": true, "$comment": true,
}

// validation lists the keywords the validators enforce.
var validation = map[string]bool{
	"type": true, "enum": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "pattern": true,
	"items": true, "prefixItems": true, "minItems": true, "maxItems": true, "uniqueItems": true,
	"properties": true, "required": true, "additionalProperties": true, "minProperties": true, "maxProperties": true,
	"anyOf": true,
}

// enumSetMin is the number of enum values from which a Set is faster than
// a chain of ===.
const enumSetMin = 8

// validatorGen writes one JavaScript function per distinct object or array
// schema (checks of scalars are inlined into their parent's function), and
// the module-level constants they use: compiled patterns and enum sets.
type validatorGen struct {
	funcs    bytes.Buffer
	consts   bytes.Buffer
	byKey    map[string]string // validation-relevant schema text → function
	byText   map[string]string // a tool's whole schema text → function
	patterns map[string]string // pattern → constant
	nfunc    int
	nconst   int
}

// validators writes the constants, the functions and the two tables that
// map a tool name to the function of its input and of its output. list is
// profile 2's tools/list text and spans where each tool's schemas lie in
// it (schema.ToolsListCuts).
func validators(b *bytes.Buffer, c *model.Catalog, list []byte, spans []schema.Spans) error {
	g := &validatorGen{byKey: map[string]string{}, byText: map[string]string{}, patterns: map[string]string{}}
	in := make([]string, len(c.Tools))
	out := make([]string, len(c.Tools))
	for i, t := range c.Tools {
		var err error
		sp := spans[i]
		if in[i], err = g.toolFunc(t, list[sp.In[0]:sp.In[1]]); err != nil {
			return err
		}
		if t.Output != nil {
			if out[i], err = g.toolFunc(t, list[sp.Out[0]:sp.Out[1]]); err != nil {
				return err
			}
		}
	}
	b.WriteString("\n// Validators, compiled from the profile-2 schemas by gen-js: one function\n// per distinct object or array schema, called as f(value, instancePath, problems).\n")
	b.Write(g.consts.Bytes())
	b.Write(g.funcs.Bytes())
	for _, table := range []struct {
		name  string
		funcs []string
	}{{"INPUT_VALIDATORS", in}, {"OUTPUT_VALIDATORS", out}} {
		b.WriteString("\nconst " + table.name + " = new Map([\n")
		for i, t := range c.Tools {
			if table.funcs[i] != "" {
				b.WriteString("  [" + Quote(t.Name) + ", " + table.funcs[i] + "],\n")
			}
		}
		b.WriteString("]);\n")
	}
	return nil
}

func (g *validatorGen) toolFunc(t *model.Tool, text []byte) (string, error) {
	// Tools often repeat a schema to the byte (groups, generated specs):
	// then its function is known without reading the schema again.
	if name, ok := g.byText[string(text)]; ok {
		return name, nil
	}
	s, err := parseJSON(text)
	if err != nil {
		return "", fmt.Errorf("tool %s: %w", t.Name, err)
	}
	name, err := g.function(s)
	if err != nil {
		return "", fmt.Errorf("gen/js: tool %s: %w", t.Name, err)
	}
	if name == "" {
		name = "tsAcceptAll"
	}
	g.byText[string(text)] = name
	return name, nil
}

// function returns the name of the function that checks s, writing it
// first if no equal schema has one; "" when s constrains nothing.
func (g *validatorGen) function(s *jsonValue) (string, error) {
	if s.kind != jsonObject {
		return "", fmt.Errorf("a schema must be an object, not %s", s.text)
	}
	key, trivial, err := validationKey(s)
	if err != nil {
		return "", err
	}
	if trivial {
		return "", nil
	}
	if name, ok := g.byKey[key]; ok {
		return name, nil
	}
	name := "tsV" + strconv.Itoa(g.nfunc)
	g.nfunc++
	g.byKey[key] = name
	f := &funcWriter{g: g, indent: "  "}
	if err := f.check(s, "v", `p`); err != nil {
		return "", err
	}
	g.funcs.WriteString("\nfunction " + name + "(v, p, e) {\n")
	g.funcs.Write(f.b.Bytes())
	g.funcs.WriteString("}\n")
	return name, nil
}

// validationKey returns the compact text of s without annotations (equal
// keys check the same), and whether s constrains nothing. An unknown
// keyword is an error.
func validationKey(s *jsonValue) (string, bool, error) {
	var b strings.Builder
	trivial := true
	var write func(v *jsonValue, isSchema bool) error
	write = func(v *jsonValue, isSchema bool) error {
		switch v.kind {
		case jsonObject:
			b.WriteByte('{')
			first := true
			for _, m := range v.members {
				if isSchema {
					if annotations[m.key] {
						continue
					}
					if !validation[m.key] {
						return fmt.Errorf("schema keyword %q has no generated validator", m.key)
					}
					trivial = false
				}
				if !first {
					b.WriteByte(',')
				}
				first = false
				b.WriteString(schema.String(m.key))
				b.WriteByte(':')
				// Subschemas: under properties (each member), items,
				// additionalProperties, prefixItems (each element).
				sub := isSchema && (m.key == "items" || m.key == "additionalProperties")
				if isSchema && m.key == "properties" {
					if err := writeMembers(&b, m.value, write); err != nil {
						return err
					}
					continue
				}
				if isSchema && (m.key == "prefixItems" || m.key == "anyOf") {
					if err := writeElems(&b, m.value, write); err != nil {
						return err
					}
					continue
				}
				if err := write(m.value, sub && m.value.kind == jsonObject); err != nil {
					return err
				}
			}
			b.WriteByte('}')
		case jsonArray:
			b.WriteByte('[')
			for i, e := range v.elems {
				if i > 0 {
					b.WriteByte(',')
				}
				if err := write(e, false); err != nil {
					return err
				}
			}
			b.WriteByte(']')
		case jsonString:
			b.WriteString(schema.String(v.text))
		case jsonNull:
			b.WriteString("null")
		default:
			b.WriteString(v.text)
		}
		return nil
	}
	err := write(s, true)
	return b.String(), trivial, err
}

func writeMembers(b *strings.Builder, v *jsonValue, write func(*jsonValue, bool) error) error {
	if v.kind != jsonObject {
		return fmt.Errorf("properties must be an object")
	}
	b.WriteByte('{')
	for i, m := range v.members {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(schema.String(m.key) + ":")
		if err := write(m.value, true); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

func writeElems(b *strings.Builder, v *jsonValue, write func(*jsonValue, bool) error) error {
	if v.kind != jsonArray {
		return fmt.Errorf("prefixItems must be an array")
	}
	b.WriteByte('[')
	for i, e := range v.elems {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := write(e, true); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// funcWriter writes the body of one function.
type funcWriter struct {
	g      *validatorGen
	b      bytes.Buffer
	indent string
	nvar   int
}

func (f *funcWriter) line(s string) {
	f.b.WriteString(f.indent + s + "\n")
}

func (f *funcWriter) in(open string, body func() error) error {
	f.line(open)
	saved := f.indent
	f.indent += "  "
	err := body()
	f.indent = saved
	f.line("}")
	return err
}

func (f *funcWriter) fresh(prefix string) string {
	f.nvar++
	return prefix + strconv.Itoa(f.nvar)
}

// problem returns the statement that records a failure of keyword at the
// path expression p, with a message expression.
func problem(p, keyword, message string, params ...string) string {
	s := "tsErr(e, " + p + ", " + Quote(keyword) + ", " + message
	if len(params) > 0 {
		s += ", " + strings.Join(params, ", ")
	}
	return s + ");"
}

// child checks the value of the JavaScript expression value, at path
// expression p, against s: a call for object and array schemas, inline
// checks otherwise.
func (f *funcWriter) child(s *jsonValue, value, p string) error {
	if s.kind != jsonObject {
		return fmt.Errorf("a subschema must be an object")
	}
	trivial, err := isTrivial(s)
	if err != nil || trivial {
		return err
	}
	if needsFunction(s) {
		name, err := f.g.function(s)
		if err != nil || name == "" {
			return err
		}
		f.line(name + "(" + value + ", " + p + ", e);")
		return nil
	}
	// Callers write the block around this (if, for), so v is local to it.
	v := f.fresh("v")
	f.line("const " + v + " = " + value + ";")
	return f.check(s, v, p)
}

// needsFunction reports whether s checks an object or an array.
func needsFunction(s *jsonValue) bool {
	for _, k := range []string{"properties", "required", "additionalProperties", "minProperties", "maxProperties",
		"items", "prefixItems", "minItems", "maxItems", "uniqueItems"} {
		if s.member(k) != nil {
			return true
		}
	}
	return false
}

var typeTests = map[string]string{
	"string":  `typeof %s === "string"`,
	"integer": `Number.isInteger(%s)`,
	"number":  `Number.isFinite(%s)`,
	"boolean": `typeof %s === "boolean"`,
	"null":    `%s === null`,
	"array":   `Array.isArray(%s)`,
	"object":  `tsIsObject(%s)`,
}

// check writes the checks of s on the value in variable v at path p, in
// the order and with the guards of ajv: the type, then enum, then each
// keyword group only when the value has that group's JavaScript type, so
// that (with every problem reported) the failing keywords are ajv's.
func (f *funcWriter) check(s *jsonValue, v, p string) error {
	if t := s.member("type"); t != nil {
		var names []string
		switch t.kind {
		case jsonString:
			names = []string{t.text}
		case jsonArray:
			for _, e := range t.elems {
				names = append(names, e.text)
			}
		}
		var tests []string
		for _, n := range names {
			test, ok := typeTests[n]
			if !ok {
				return fmt.Errorf("unknown type %q", n)
			}
			tests = append(tests, fmt.Sprintf(test, v))
		}
		if len(tests) == 0 {
			return fmt.Errorf("type must be a string or an array of strings")
		}
		f.line("if (!(" + strings.Join(tests, " || ") + ")) " +
			problemOf(p, message.Of("type"), []arg{jsExpr("tsKind(" + v + ")"), known(strings.Join(names, message.Lookup("Or").Text))}))
	}
	if enum := s.member("enum"); enum != nil {
		if err := f.enum(enum, v, p); err != nil {
			return err
		}
	}
	if err := f.group(s, v, "Number.isFinite("+v+")", func() error { return f.numbers(s, v, p) },
		"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"); err != nil {
		return err
	}
	if err := f.group(s, v, `typeof `+v+` === "string"`, func() error { return f.strings(s, v, p) },
		"minLength", "maxLength", "pattern", "format"); err != nil {
		return err
	}
	if err := f.group(s, v, "Array.isArray("+v+")", func() error { return f.arrays(s, v, p) },
		"items", "prefixItems", "minItems", "maxItems", "uniqueItems"); err != nil {
		return err
	}
	if err := f.group(s, v, "tsIsObject("+v+")", func() error { return f.objects(s, v, p) },
		"properties", "required", "additionalProperties", "minProperties", "maxProperties"); err != nil {
		return err
	}
	if variants := s.member("anyOf"); variants != nil {
		return f.anyOf(variants, v, p)
	}
	return nil
}

// anyOf writes the checks of a union: each variant in turn, into its own
// problem list (a block's own e), until one accepts the value; when none
// does, every variant's problems and anyOf, as ajv reports them
// (tsAnyOf).
func (f *funcWriter) anyOf(variants *jsonValue, v, p string) error {
	if variants.kind != jsonArray {
		return fmt.Errorf("anyOf must be an array")
	}
	fails, ok := f.fresh("fails"), f.fresh("ok")
	f.line("const " + fails + " = [];")
	f.line("let " + ok + " = false;")
	for _, variant := range variants.elems {
		err := f.in("if (!"+ok+") {", func() error {
			f.line("const e = [];")
			if err := f.child(variant, v, p); err != nil {
				return err
			}
			f.line("if (e.length === 0) " + ok + " = true; else " + fails + ".push(e);")
			return nil
		})
		if err != nil {
			return err
		}
	}
	f.line("if (!" + ok + ") tsAnyOf(e, " + fails + ", " + p + ");")
	return nil
}

// group writes the checks of one keyword group under its type guard, when
// s has any of its keywords.
func (f *funcWriter) group(s *jsonValue, v, guard string, body func() error, keywords ...string) error {
	for _, k := range keywords {
		if s.member(k) != nil {
			return f.in("if ("+guard+") {", body)
		}
	}
	return nil
}

// literal returns a JSON scalar as JavaScript source.
func literal(v *jsonValue) (string, error) {
	switch v.kind {
	case jsonString:
		return Quote(v.text), nil
	case jsonNumber:
		if !isJSONNumber(v.text) {
			return "", fmt.Errorf("invalid number %q", v.text)
		}
		return v.text, nil
	case jsonBool:
		return v.text, nil
	case jsonNull:
		return "null", nil
	}
	return "", fmt.Errorf("enum values must be strings, numbers, booleans or null")
}

func (f *funcWriter) enum(enum *jsonValue, v, p string) error {
	var lits []string
	for _, e := range enum.elems {
		l, err := literal(e)
		if err != nil {
			return err
		}
		lits = append(lits, l)
	}
	var test string
	if len(lits) >= enumSetMin {
		name := "tsE" + strconv.Itoa(f.g.nconst)
		f.g.nconst++
		f.g.consts.WriteString("const " + name + " = new Set([" + strings.Join(lits, ", ") + "]);\n")
		test = name + ".has(" + v + ")"
	} else {
		var tests []string
		for _, l := range lits {
			tests = append(tests, v+" === "+l)
		}
		test = strings.Join(tests, " || ")
		if test == "" {
			test = "false"
		}
	}
	f.line("if (!(" + test + ")) " + problemOf(p, message.Of("enum"), []arg{jsExpr("tsShow(" + v + ")")}))
	return nil
}

// number returns a numeric keyword's value as a JavaScript literal and as
// text for messages.
func number(s *jsonValue, key string) (lit string, ok bool, err error) {
	n := s.member(key)
	if n == nil {
		return "", false, nil
	}
	if n.kind != jsonNumber || !isJSONNumber(n.text) {
		return "", false, fmt.Errorf("%s must be a number", key)
	}
	return n.text, true, nil
}

func (f *funcWriter) numbers(s *jsonValue, v, p string) error {
	for _, c := range []struct{ key, fails string }{
		{"minimum", "%s < %s"},
		{"maximum", "%s > %s"},
		{"exclusiveMinimum", "%s <= %s"},
		{"exclusiveMaximum", "%s >= %s"},
	} {
		n, ok, err := number(s, c.key)
		if err != nil {
			return err
		}
		if ok {
			f.line("if (" + fmt.Sprintf(c.fails, v, "("+n+")") + ") " + problemOf(p, message.Of(c.key), []arg{jsExpr(v), known(n)}))
		}
	}
	n, ok, err := number(s, "multipleOf")
	if err != nil {
		return err
	}
	if ok {
		f.line("if (!tsMultipleOf(" + v + ", " + n + ", " + Quote(n) + ")) " + problemOf(p, message.Of("multipleOf"), []arg{jsExpr(v), known(n)}))
	}
	return nil
}

func (f *funcWriter) strings(s *jsonValue, v, p string) error {
	minLen, hasMin, err := number(s, "minLength")
	if err != nil {
		return err
	}
	maxLen, hasMax, err := number(s, "maxLength")
	if err != nil {
		return err
	}
	// The pattern runs only on a string of an allowed length: a backtracking
	// engine on a 1 000-character value for a 64-character field is where a
	// slow pattern hurts, and the length alone already refuses it.
	els := ""
	if hasMin || hasMax {
		n := f.fresh("n")
		f.line("const " + n + " = tsLen(" + v + ");")
		if hasMin {
			f.line("if (" + n + " < " + minLen + ") " + problemOf(p, message.Of("minLength"), []arg{jsExpr(n), known(minLen)}))
			els = "else "
		}
		if hasMax {
			f.line(els + "if (" + n + " > " + maxLen + ") " + problemOf(p, message.Of("maxLength"), []arg{jsExpr(n), known(maxLen)}))
			els = "else "
		}
	}
	if pat := s.member("pattern"); pat != nil {
		if pat.kind != jsonString {
			return fmt.Errorf("pattern must be a string")
		}
		name, ok := f.g.patterns[pat.text]
		if !ok {
			name = "tsP" + strconv.Itoa(f.g.nconst)
			f.g.nconst++
			f.g.patterns[pat.text] = name
			f.g.consts.WriteString("const " + name + " = new RegExp(" + Quote(pat.text) + `, "u");` + "\n")
		}
		f.line(els + "if (!" + name + ".test(" + v + ")) " + problemOf(p, message.Of("pattern"), []arg{jsExpr("tsQuote(" + v + ")"), known(pat.text)}))
	}
	// An asserted format (runtime/format.mjs); any other is an annotation.
	if fm := s.member("format"); fm != nil && fm.kind == jsonString && slices.Contains(descriptor.AssertedFormats, fm.text) {
		f.line("if (!tsFormat(" + Quote(fm.text) + ", " + v + ")) " + problemOf(p, message.Of("format"), []arg{jsExpr("tsQuote(" + v + ")"), known(fm.text)}))
	}
	return nil
}

func (f *funcWriter) arrays(s *jsonValue, v, p string) error {
	for _, c := range []struct{ key, op string }{
		{"minItems", "<"},
		{"maxItems", ">"},
	} {
		n, ok, err := number(s, c.key)
		if err != nil {
			return err
		}
		if ok {
			f.line("if (" + v + ".length " + c.op + " " + n + ") " + problemOf(p, message.Of(c.key), []arg{jsExpr(v + ".length"), known(n)}))
		}
	}
	start := 0
	if prefix := s.member("prefixItems"); prefix != nil {
		if prefix.kind != jsonArray {
			return fmt.Errorf("prefixItems must be an array")
		}
		start = len(prefix.elems)
		for i, item := range prefix.elems {
			idx := strconv.Itoa(i)
			var inner funcWriter
			inner = funcWriter{g: f.g, indent: f.indent + "  ", nvar: f.nvar}
			if err := inner.child(item, v+"["+idx+"]", p+` + "/`+idx+`"`); err != nil {
				return err
			}
			f.nvar = inner.nvar
			if inner.b.Len() > 0 {
				f.line("if (" + v + ".length > " + idx + ") {")
				f.b.Write(inner.b.Bytes())
				f.line("}")
			}
		}
	}
	if items := s.member("items"); items != nil {
		i := f.fresh("i")
		var inner funcWriter
		inner = funcWriter{g: f.g, indent: f.indent + "  ", nvar: f.nvar}
		if err := inner.child(items, v+"["+i+"]", p+` + "/" + `+i); err != nil {
			return err
		}
		f.nvar = inner.nvar
		if inner.b.Len() > 0 {
			f.line("for (let " + i + " = " + strconv.Itoa(start) + "; " + i + " < " + v + ".length; " + i + "++) {")
			f.b.Write(inner.b.Bytes())
			f.line("}")
		}
	}
	if u := s.member("uniqueItems"); u != nil && u.kind == jsonBool && u.text == "true" {
		// As ajv: when the items' type is scalar, only items of that type
		// are compared (the others already fail type).
		filter := ""
		if items := s.member("items"); items != nil {
			if tests := scalarTypeTests(items.member("type"), "x"); tests != "" {
				filter = ", (x) => " + tests
			}
		}
		d := f.fresh("d")
		f.line("const " + d + " = tsDuplicate(" + v + filter + ");")
		f.line("if (" + d + " !== null) " + problemOf(p, message.Of("uniqueItems"), []arg{jsExpr(d + "[0]"), jsExpr(d + "[1]")}))
	}
	return nil
}

func (f *funcWriter) objects(s *jsonValue, v, p string) error {
	props := s.member("properties")
	var names []string
	if props != nil {
		if props.kind != jsonObject {
			return fmt.Errorf("properties must be an object")
		}
		for _, m := range props.members {
			names = append(names, m.key)
		}
	}
	if req := s.member("required"); req != nil {
		for _, r := range req.elems {
			if r.kind != jsonString {
				return fmt.Errorf("required must list strings")
			}
			f.line("if (!Object.hasOwn(" + v + ", " + Quote(r.text) + ")) " +
				problemOf(p, message.Of("required"), []arg{quotedName(r.text)}, "{ missingProperty: "+Quote(r.text)+" }"))
		}
	}
	if props != nil {
		for _, m := range props.members {
			var inner funcWriter
			inner = funcWriter{g: f.g, indent: f.indent + "  ", nvar: f.nvar}
			key := Quote(m.key)
			if err := inner.child(m.value, v+"["+key+"]", p+" + "+Quote("/"+pointerToken(m.key))); err != nil {
				return err
			}
			f.nvar = inner.nvar
			if inner.b.Len() > 0 {
				f.line("if (Object.hasOwn(" + v + ", " + key + ")) {")
				f.b.Write(inner.b.Bytes())
				f.line("}")
			}
		}
	}
	if extra := s.member("additionalProperties"); extra != nil {
		k := f.fresh("k")
		var body funcWriter
		body = funcWriter{g: f.g, indent: f.indent + "  ", nvar: f.nvar}
		switch {
		case extra.kind == jsonBool && extra.text == "false":
			body.line(problemOf(p, message.Of("additionalProperties"), []arg{jsExpr("tsQuote(" + k + ")")}, "{ additionalProperty: "+k+" }"))
		case extra.kind == jsonObject:
			if err := body.child(extra, v+"["+k+"]", p+` + "/" + tsPointer(`+k+`)`); err != nil {
				return err
			}
		}
		f.nvar = body.nvar
		if body.b.Len() > 0 {
			f.line("for (const " + k + " of Object.keys(" + v + ")) {")
			if len(names) > 0 {
				cases := make([]string, len(names))
				for i, n := range names {
					cases[i] = "case " + Quote(n) + ":"
				}
				f.line("  switch (" + k + ") { " + strings.Join(cases, " ") + " continue; }")
			}
			f.b.Write(body.b.Bytes())
			f.line("}")
		}
	}
	for _, c := range []struct{ key, op string }{
		{"minProperties", "<"},
		{"maxProperties", ">"},
	} {
		n, ok, err := number(s, c.key)
		if err != nil {
			return err
		}
		if ok {
			f.line("if (Object.keys(" + v + ").length " + c.op + " " + n + ") " +
				problemOf(p, message.Of(c.key), []arg{jsExpr("Object.keys(" + v + ").length"), known(n)}))
		}
	}
	return nil
}

// pointerToken escapes a property name as a JSON pointer token.
func pointerToken(name string) string {
	return strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
}

// scalarTypeTests returns the test that a value x has one of the types of
// a type keyword, or "" when there is none or one is object or array.
func scalarTypeTests(t *jsonValue, x string) string {
	if t == nil {
		return ""
	}
	names := []string{t.text}
	if t.kind == jsonArray {
		names = nil
		for _, e := range t.elems {
			names = append(names, e.text)
		}
	}
	var tests []string
	for _, n := range names {
		test, ok := typeTests[n]
		if !ok || n == "object" || n == "array" {
			return ""
		}
		tests = append(tests, fmt.Sprintf(test, x))
	}
	return strings.Join(tests, " || ")
}

// isTrivial reports whether s has no validation keyword (only
// annotations); an unknown keyword is an error.
func isTrivial(s *jsonValue) (bool, error) {
	trivial := true
	for _, m := range s.members {
		switch {
		case annotations[m.key]:
		case validation[m.key]:
			trivial = false
		default:
			return false, fmt.Errorf("schema keyword %q has no generated validator", m.key)
		}
	}
	return trivial, nil
}

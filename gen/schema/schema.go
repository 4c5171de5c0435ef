package schema

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/toolspec/toolspec/model"
)

// ToolsList returns the tools/list result of a profile as compact JSON:
// {"tools":[...],"_meta":{"<catalog_key>":"<spec_hash>/p<profile>"}}.
func ToolsList(c *model.Catalog, profile int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	for i, t := range c.Tools {
		if i > 0 {
			b.WriteByte(',')
		}
		writeTool(&b, t, profile)
	}
	b.WriteString(`],"_meta":{`)
	writeString(&b, c.CatalogKey)
	b.WriteByte(':')
	writeString(&b, c.Identity(profile))
	b.WriteString("}}")
	return b.Bytes()
}

// Tool returns one tool's entry of the tools/list result of a profile.
func Tool(t *model.Tool, profile int) []byte {
	var b bytes.Buffer
	writeTool(&b, t, profile)
	return b.Bytes()
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
func Type(t *model.Type) []byte {
	var b bytes.Buffer
	writeType(&b, t, "")
	return b.Bytes()
}

func writeTool(b *bytes.Buffer, t *model.Tool, profile int) {
	b.WriteString(`{"name":`)
	writeString(b, t.Name)
	if profile >= 2 && t.Title != "" {
		b.WriteString(`,"title":`)
		writeString(b, t.Title)
	}
	b.WriteString(`,"description":`)
	writeString(b, t.Description)
	b.WriteString(`,"inputSchema":`)
	writeType(b, t.Input, "")
	if profile >= 2 {
		if t.Output != nil {
			b.WriteString(`,"outputSchema":`)
			writeType(b, t.Output, "")
		}
		if t.Hints.Any() {
			b.WriteString(`,"annotations":{`)
			obj := object{b: b}
			for _, h := range []struct {
				key string
				on  bool
			}{
				{"readOnlyHint", t.Hints.ReadOnly},
				{"destructiveHint", t.Hints.Destructive},
				{"idempotentHint", t.Hints.Idempotent},
				{"openWorldHint", t.Hints.OpenWorld},
			} {
				if h.on {
					obj.key(h.key)
					b.WriteString("true")
				}
			}
			b.WriteByte('}')
		}
	}
	b.WriteByte('}')
}

// object writes the commas between members.
type object struct {
	b    *bytes.Buffer
	more bool
}

func (o *object) key(k string) {
	if o.more {
		o.b.WriteByte(',')
	}
	o.more = true
	writeString(o.b, k)
	o.b.WriteByte(':')
}

var jsonTypes = [...]string{
	model.String:  "string",
	model.Integer: "integer",
	model.Number:  "number",
	model.Boolean: "boolean",
	model.Array:   "array",
	model.Tuple:   "array",
	model.Object:  "object",
	model.Map:     "object",
}

// writeType writes the schema of t. Keys come in one fixed order: type,
// description, enum, the structure (properties, items, ...), bounds,
// pattern, format, uniqueItems, default, examples, deprecated.
func writeType(b *bytes.Buffer, t *model.Type, description string) {
	b.WriteByte('{')
	o := object{b: b}
	jsonType := ""
	switch t.Kind {
	case model.Enum:
		jsonType = "string"
		if len(t.Enum) > 0 && t.Enum[0].IsInt {
			jsonType = "integer"
		}
	case model.Any:
	default:
		jsonType = jsonTypes[t.Kind]
	}
	if jsonType != "" {
		o.key("type")
		if t.Nullable {
			b.WriteString(`["` + jsonType + `","null"]`)
		} else {
			b.WriteString(`"` + jsonType + `"`)
		}
	}
	if description != "" {
		o.key("description")
		writeString(b, description)
	}
	switch t.Kind {
	case model.Enum:
		o.key("enum")
		b.WriteByte('[')
		for i, v := range t.Enum {
			if i > 0 {
				b.WriteByte(',')
			}
			if v.IsInt {
				b.WriteString(strconv.FormatInt(v.Int, 10))
			} else {
				writeString(b, v.Str)
			}
		}
		if t.Nullable {
			b.WriteString(",null")
		}
		b.WriteByte(']')
	case model.Object:
		if len(t.Fields) > 0 {
			o.key("properties")
			b.WriteByte('{')
			props := object{b: b}
			for _, f := range t.Fields {
				props.key(f.Name)
				writeType(b, f.Type, f.Description)
			}
			b.WriteByte('}')
			required := false
			for _, f := range t.Fields {
				if !f.Required {
					continue
				}
				if !required {
					o.key("required")
					b.WriteByte('[')
					required = true
				} else {
					b.WriteByte(',')
				}
				writeString(b, f.Name)
			}
			if required {
				b.WriteByte(']')
			}
		}
		if !t.Open {
			o.key("additionalProperties")
			b.WriteString("false")
		}
	case model.Array:
		o.key("items")
		writeType(b, t.Elem, "")
	case model.Tuple:
		o.key("prefixItems")
		b.WriteByte('[')
		for i, it := range t.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			writeType(b, it, "")
		}
		b.WriteByte(']')
		n := strconv.Itoa(len(t.Items))
		o.key("minItems")
		b.WriteString(n)
		o.key("maxItems")
		b.WriteString(n)
	case model.Map:
		o.key("additionalProperties")
		writeType(b, t.Elem, "")
	}
	if minKey, maxKey := t.Kind.BoundKeywords(); minKey != "" {
		if t.Min != nil {
			o.key(minKey)
			b.WriteString(t.Min.Text)
		}
		if t.Max != nil {
			o.key(maxKey)
			b.WriteString(t.Max.Text)
		}
	}
	if t.Pattern != nil {
		o.key("pattern")
		writeString(b, *t.Pattern)
	}
	if t.Format != "" {
		o.key("format")
		writeString(b, t.Format)
	}
	if t.Unique {
		o.key("uniqueItems")
		b.WriteString("true")
	}
	if t.Default != nil {
		o.key("default")
		b.Write(t.Default)
	}
	if len(t.Examples) > 0 {
		o.key("examples")
		b.WriteByte('[')
		for i, e := range t.Examples {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(e)
		}
		b.WriteByte(']')
	}
	if t.Deprecated {
		o.key("deprecated")
		b.WriteString("true")
	}
	b.WriteByte('}')
}

const hexDigits = "0123456789abcdef"

// writeString writes s as a JSON string. Like encoding/json it escapes
// control characters, <, >, & and U+2028/U+2029, so the bytes are safe to
// embed in HTML and JavaScript; unlike it, it never fails.
func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xf])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			b.WriteString(`\u202`)
			b.WriteByte(hexDigits[r&0xf])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}

// String returns s as a JSON string literal, escaped as everywhere in
// toolspec's output.
func String(s string) string {
	var b bytes.Buffer
	writeString(&b, s)
	return b.String()
}

package check

import (
	"bytes"
	"encoding/json"

	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/diag"
)

// json turns an inline JSON value into canonical compact JSON, reporting
// repeated object keys. Its strings are escaped as emitted JSON's are
// (jsonstr.AppendHTMLSafe): the tables carry these bytes.
func (c *checker) json(v *ast.JSON) json.RawMessage {
	var b bytes.Buffer
	c.writeJSON(&b, v)
	return b.Bytes()
}

func (c *checker) writeJSON(b *bytes.Buffer, v *ast.JSON) {
	switch {
	case v.Object != nil:
		b.WriteByte('{')
		seen := map[string]bool{}
		for i, m := range v.Object.Members {
			k := m.Key.Value()
			if seen[k] {
				c.report(diag.JSONKeyRepeated, m.Pos, k)
			}
			seen[k] = true
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(jsonstr.AppendHTMLSafe(b.AvailableBuffer(), k))
			b.WriteByte(':')
			c.writeJSON(b, m.Value)
		}
		b.WriteByte('}')
	case v.Array != nil:
		b.WriteByte('[')
		for i, it := range v.Array.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			c.writeJSON(b, it)
		}
		b.WriteByte(']')
	case v.String != nil:
		b.Write(jsonstr.AppendHTMLSafe(b.AvailableBuffer(), v.String.Value()))
	case v.Number != "":
		b.WriteString(v.Number)
	case v.Bool != "":
		b.WriteString(v.Bool)
	default:
		b.WriteString("null")
	}
}

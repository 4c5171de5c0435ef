package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/low"

	"github.com/toolspec/toolspec/internal/decimal"
)

// exactNumber is the number a keyword holds, as the document writes it
// when it is a JSON number, as YAML reads it otherwise (0x1F is 31, +5 is
// 5, 1_000 is 1000), "" when the keyword is absent. A value that is not a
// number (.inf, .nan, true, "5") is "" and says so in s.Ignored: the
// library would have read it as 0.
func exactNumber(s *Schema, keyword string, root *yaml.Node, ref low.NodeReference[float64], v *float64) json.Number {
	n := ref.ValueNode
	if n == nil {
		// The library leaves out what it cannot read as a float64
		// ("5", true, and 1e400 which YAML calls a string).
		n = keyNode(root, keyword)
	}
	if n == nil {
		if v == nil {
			return ""
		}
		return json.Number(strconv.FormatFloat(*v, 'g', -1, 64))
	}
	if x, err := decode(n); err == nil {
		if num, ok := x.(json.Number); ok {
			return num
		}
	}
	s.Ignored = append(s.Ignored, fmt.Sprintf("%s %s is not a number: not kept", keyword, nodeText(n)))
	return ""
}

// keyNode is the value of key in a mapping node, or nil.
func keyNode(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// nodeText is a scalar as written, for messages.
func nodeText(n *yaml.Node) string {
	switch {
	case n.Kind != yaml.ScalarNode:
		return "(not a scalar)"
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		return strconv.Quote(n.Value)
	}
	return n.Value
}

// isNumber reports a scalar written as a JSON number. The YAML decoder
// tags one beyond float64's range (1e400) as a string: a plain scalar
// with a number's text is a number all the same.
func isNumber(n *yaml.Node) bool {
	if n.Kind != yaml.ScalarNode {
		return false
	}
	if decimal.Parse(n.Value) == nil {
		return false
	}
	switch n.ShortTag() {
	case "!!int", "!!float":
		return true
	case "!!str":
		return n.Style&(yaml.TaggedStyle|yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
	}
	return false
}

// value turns a YAML node into the value encoding/json would give for the
// same JSON decoded with UseNumber: maps with string keys, []any,
// json.Number holding the number's digits as written, string, bool, nil.
// A number's digits are never read through a float64.
func value(n *yaml.Node, depth int) (any, error) {
	if depth < 64 {
		switch n.Kind {
		case yaml.DocumentNode:
			if len(n.Content) == 1 {
				return value(n.Content[0], depth+1)
			}
		case yaml.SequenceNode:
			out := make([]any, 0, len(n.Content))
			for _, c := range n.Content {
				v, err := value(c, depth+1)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			return out, nil
		case yaml.MappingNode:
			out := make(map[string]any, len(n.Content)/2)
			merge := false
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if k.Kind != yaml.ScalarNode || k.ShortTag() == "!!merge" {
					merge = true
					break
				}
				v, err := value(n.Content[i+1], depth+1)
				if err != nil {
					return nil, err
				}
				out[k.Value] = v
			}
			if !merge {
				return out, nil
			}
		case yaml.ScalarNode:
			if isNumber(n) {
				return json.Number(n.Value), nil
			}
		}
	}
	// Aliases, merge keys, YAML-only number syntax (0x10, .5, +1) and
	// deep nesting: the YAML decoder's value, whose integers are exact.
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, err
	}
	b, err := json.Marshal(jsonable(v))
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	err = dec.Decode(&out)
	return out, err
}

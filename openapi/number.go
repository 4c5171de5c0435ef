package openapi

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"regexp"
	"strconv"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/low"
)

// jsonNumber is the JSON number grammar, with the exponent captured.
var jsonNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE]([+-]?[0-9]+))?$`)

// maxExponent bounds the exponents that are computed exactly: 10^1000 is
// a few hundred bytes, 10^(10^9) would not fit in memory.
const maxExponent = 1000

// Rat returns the exact value of a number as the document writes it (a
// json.Number from Enum, Min, Max or MultipleOf, or a float64), or nil
// when v is not a number or its exponent is beyond 10^±1000 (such a value
// is compared as the float64 it rounds to, where it is finite).
func Rat(v any) *big.Rat {
	switch v := v.(type) {
	case json.Number:
		m := jsonNumber.FindStringSubmatch(string(v))
		if m == nil {
			return nil
		}
		if m[1] != "" {
			if e, err := strconv.Atoi(m[1]); err != nil || e > maxExponent || e < -maxExponent {
				f, err := v.Float64()
				if err != nil || math.IsInf(f, 0) {
					return nil
				}
				return new(big.Rat).SetFloat64(f)
			}
		}
		r, ok := new(big.Rat).SetString(string(v))
		if !ok {
			return nil
		}
		return r
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil
		}
		return new(big.Rat).SetFloat64(v)
	}
	return nil
}

// IntValue returns a number's value when it is a whole number (JSON Schema
// counts 2.0 and 1e3 as integers), exactly; ok is false otherwise.
func IntValue(v any) (i *big.Int, ok bool) {
	r := Rat(v)
	if r == nil || !r.IsInt() {
		return nil, false
	}
	return new(big.Int).Set(r.Num()), true
}

// exactNumber is the number a keyword holds, as written in the document
// when its text is a JSON number (YAML's 0x10 or .5 are not: those are
// taken from the library's float64), "" when the keyword is absent.
func exactNumber(ref low.NodeReference[float64], v *float64) json.Number {
	if n := ref.ValueNode; n != nil && n.Kind == yaml.ScalarNode && jsonNumber.MatchString(n.Value) {
		return json.Number(n.Value)
	}
	if v == nil {
		return ""
	}
	return floatNumber(*v)
}

func floatNumber(f float64) json.Number {
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
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
			switch n.ShortTag() {
			case "!!int", "!!float":
				if jsonNumber.MatchString(n.Value) {
					return json.Number(n.Value), nil
				}
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

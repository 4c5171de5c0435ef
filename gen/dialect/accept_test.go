package dialect

import (
	"slices"
	"strings"

	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/validate"
)

// Our own rule checkers: what each family refuses or silently weakens in
// one tool's input schema, read from the JSON as the family reads it
// (lang/clients' rules, and the research notes behind them). They judge
// the default tables and the dialect tables alike, for docs/clients.md.

var geminiKeys = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`type format title description nullable enum items properties
		required minItems maxItems minProperties maxProperties minLength maxLength pattern
		minimum maximum anyOf propertyOrdering default example`) {
		geminiKeys[k] = true
	}
}

var strictRefused = []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "maxItems", "uniqueItems"}

// judge returns why family refuses the schema ("" when it does not) and
// why it silently weakens it ("" when it does not).
func judge(family string, schema []byte) (refused, weakened string) {
	v, err := parse(schema)
	if err != nil {
		return "not JSON", ""
	}
	root := v.(*node)
	if family == "copilot" {
		if _, err := validate.Compile(schema, validate.Draft7); err != nil {
			return "draft-07: " + err.Error(), ""
		}
	}
	if r := keyRule(family); r != nil {
		for _, k := range objOr(root.obj("properties")).keys {
			if !keyAllowed(r, k) {
				refused = "property key " + k
			}
		}
	}
	var walk func(n *node, isRoot bool, depth int)
	walk = func(n *node, isRoot bool, depth int) {
		refuse := func(why string) {
			if refused == "" {
				refused = why
			}
		}
		weaken := func(why string) {
			if weakened == "" {
				weakened = why
			}
		}
		typ, typeArray := n.vals["type"].([]any)
		isArray := n.str("type") == "array" || typeArray && slices.Contains(typ, any("array"))
		if isArray && !n.has("items") {
			switch family {
			case "openai", "openai_strict", "copilot", "gemini":
				refuse("array without items")
			}
		}
		switch family {
		case "gemini":
			for _, k := range n.keys {
				if !geminiKeys[k] {
					refuse("unknown field " + k)
				}
			}
			if typeArray {
				refuse("type array")
			}
			if e, ok := n.vals["enum"].([]any); ok {
				for _, x := range e {
					if _, s := x.(string); !s {
						refuse("enum value " + compact(x))
					}
				}
			}
			if !n.has("type") && !n.has("anyOf") {
				refuse("no type")
			}
			if n.has("anyOf") && len(n.keys) > 1 {
				refuse("anyOf with siblings")
			}
			if f := n.str("format"); f != "" && f != "date-time" && f != "enum" {
				refuse("format " + f)
			}
			if !isRoot && n.str("type") == "object" && len(objOr(n.obj("properties")).keys) == 0 {
				refuse("object without properties")
			}
			if n.has("default") {
				weaken("default ignored")
			}
		case "openai_strict":
			if n.str("type") == "object" || typeArray && slices.Contains(typ, any("object")) {
				if n.vals["additionalProperties"] != false {
					refuse("object without additionalProperties:false")
				}
				req, _ := n.vals["required"].([]any)
				for _, k := range objOr(n.obj("properties")).keys {
					if !slices.Contains(req, any(k)) {
						refuse("optional property " + k)
					}
				}
			}
			if n.has("prefixItems") {
				refuse("prefixItems")
			}
			if n.has("uniqueItems") {
				refuse("uniqueItems") // 400 "'uniqueItems' is not permitted"
			}
		case "anthropic_strict":
			for _, k := range strictRefused {
				if n.has(k) {
					refuse(k)
				}
			}
			if m := compact(n.vals["minItems"]); n.has("minItems") && m != "0" && m != "1" {
				refuse("minItems " + m)
			}
			if ap, ok := n.vals["additionalProperties"]; ok && ap != false {
				refuse("additionalProperties other than false")
			}
		case "xai":
			for _, k := range []string{"minLength", "maxLength", "minItems", "maxItems"} {
				if n.has(k) {
					refuse(k + " (uncertain)")
				}
			}
		case "cursor":
			if typeArray {
				weaken("type array mishandled")
			}
			for _, k := range []string{"anyOf", "oneOf", "allOf"} {
				if n.has(k) {
					refuse(k + " (uncertain)")
				}
			}
		}
		if depth > 10 && (family == "openai" || family == "openai_strict") {
			refuse("nesting deeper than 10")
		}
		for _, k := range objOr(n.obj("properties")).keys {
			walk(n.obj("properties").obj(k), false, depth+1)
		}
		for _, k := range []string{"items", "additionalProperties"} {
			if c := n.obj(k); c != nil {
				walk(c, false, depth)
			}
		}
		for _, k := range []string{"prefixItems", "anyOf", "items"} {
			if a, ok := n.vals[k].([]any); ok {
				for _, c := range a {
					walk(c.(*node), false, depth)
				}
			}
		}
	}
	walk(root, true, 1)
	return refused, weakened
}

// nameOK: whether family takes the tool name (without prefix).
func nameOK(family, name string) bool {
	for _, r := range clients.RulesOf(family) {
		if r.Construct == clients.ToolName && (r.Name != nil && !r.Name.MatchString(name) || len(name) > r.Limit) {
			return false
		}
	}
	return true
}

// judgeOutput returns why Gemini's responseJsonSchema would not read an
// output schema the way the spec means it ("" when it would): the fields
// of Gemini's Schema, with JSON Schema's own ways to say null (a type
// array ["T","null"], a variant {"type":"null"}) and any ({}) beside them,
// which the output lowering keeps for the MCP client's validator.
func judgeOutput(schema []byte) string {
	v, err := parse(schema)
	if err != nil {
		return "not JSON"
	}
	why := ""
	var walk func(n *node)
	walk = func(n *node) {
		for _, k := range n.keys {
			if !geminiKeys[k] && why == "" {
				why = "unknown field " + k
			}
		}
		if t, ok := n.vals["type"].([]any); ok && (len(t) != 2 || t[1] != "null") && why == "" {
			why = "type array " + compact(t)
		}
		if e, ok := n.vals["enum"].([]any); ok && why == "" {
			for _, x := range e {
				if _, s := x.(string); !s {
					why = "enum value " + compact(x)
				}
			}
		}
		if f := n.str("format"); f != "" && f != "date-time" && f != "enum" && why == "" {
			why = "format " + f
		}
		if n.has("anyOf") && len(n.keys) > 1 && why == "" {
			why = "anyOf with siblings"
		}
		for _, k := range objOr(n.obj("properties")).keys {
			walk(n.obj("properties").obj(k))
		}
		if c := n.obj("items"); c != nil {
			walk(c)
		}
		if a, ok := n.vals["anyOf"].([]any); ok {
			for _, c := range a {
				walk(c.(*node))
			}
		}
	}
	walk(v.(*node))
	return why
}

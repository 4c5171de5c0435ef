package importer

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/toolspec/toolspec/openapi"
)

// The x-mcp-* keys the importer reads on an operation. Any other x-mcp-*
// key, a value of the wrong type, and an x-mcp-* key outside an operation
// are reported and ignored.
var xmcpKeys = map[string]string{
	"x-mcp-name":        "string",  // the tool's name
	"x-mcp-title":       "string",  // the tool's title
	"x-mcp-description": "string",  // the tool's description
	"x-mcp-risk":        "string",  // read, write or destructive: the hints
	"x-mcp-param-map":   "object",  // API name → tool name, or {name, description}
	"x-mcp-enabled":     "boolean", // false: never a tool; true: selected
	"x-mcp-exclude":     "boolean", // true: never a tool
}

// keyList names the keys read, for messages.
func keyList() string {
	var ks []string
	for k := range xmcpKeys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// xmcp is what an operation's x-mcp-* keys say, once checked.
type xmcp struct {
	name, title, desc, risk string
	// renames maps an API name to a tool name; descs to a description.
	renames, descs map[string]string
	enabled        *bool
	exclude        bool
	// selects: the operation has a key that asks for a tool.
	selects bool
	// problems are the warnings, each with where it is.
	problems []problem
}

type problem struct {
	field, msg string
	at         openapi.Loc
}

// readXMCP checks an operation's x-mcp-* keys.
func readXMCP(op *openapi.Operation) *xmcp {
	x := &xmcp{renames: map[string]string{}, descs: map[string]string{}}
	keys := make([]string, 0, len(op.Extensions))
	for k := range op.Extensions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !strings.HasPrefix(k, "x-mcp-") {
			continue
		}
		v, at := op.Extensions[k], op.ExtensionAt[k]
		bad := func(format string, args ...any) {
			x.problems = append(x.problems, problem{msg: k + " " + fmt.Sprintf(format, args...), at: at})
		}
		want, known := xmcpKeys[k]
		if !known {
			bad("is not a key toolspec reads (it reads %s): ignored", keyList())
			continue
		}
		if got := jsonType(v); got != want {
			bad("is %s, not %s: ignored", article(got), article(want))
			continue
		}
		switch k {
		case "x-mcp-name":
			x.name = v.(string)
		case "x-mcp-title":
			x.title = v.(string)
		case "x-mcp-description":
			x.desc = v.(string)
		case "x-mcp-risk":
			x.risk = v.(string)
		case "x-mcp-enabled":
			b := v.(bool)
			x.enabled = &b
		case "x-mcp-exclude":
			x.exclude = v.(bool)
		case "x-mcp-param-map":
			x.paramMap(op, v.(map[string]any), at)
		}
		if k != "x-mcp-enabled" && k != "x-mcp-exclude" {
			x.selects = true
		}
	}
	if x.enabled != nil {
		x.selects = *x.enabled
	}
	if x.exclude {
		x.selects = false
	}
	return x
}

// paramMap reads both forms the extension is published in: {"id": "app_id"}
// and {"id": {"name": "app_id", "description": "App ID or app name"}}.
func (x *xmcp) paramMap(op *openapi.Operation, m map[string]any, at openapi.Loc) {
	apis := make([]string, 0, len(m))
	for api := range m {
		apis = append(apis, api)
	}
	sort.Strings(apis)
	for _, api := range apis {
		bad := func(msg string) {
			x.problems = append(x.problems, problem{field: api, msg: "x-mcp-param-map " + msg, at: at})
		}
		if !paramNamed(op, api) {
			bad(fmt.Sprintf("names %q, which is no path, query or body parameter of %s: ignored", api, op))
			continue
		}
		switch v := m[api].(type) {
		case string:
			if v == "" {
				bad("value is an empty name: ignored")
				continue
			}
			x.renames[api] = x.rowName(api, v, bad)
		case map[string]any:
			for k, e := range v {
				s, ok := e.(string)
				switch {
				case k == "name" && ok && s != "":
					x.renames[api] = x.rowName(api, s, bad)
				case k == "description" && ok:
					x.descs[api] = s
				case k == "name" || k == "description":
					bad(fmt.Sprintf("%s is %s, not a non-empty string: ignored", k, article(jsonType(e))))
				default:
					bad(fmt.Sprintf("key %q is not read (it reads name and description): ignored", k))
				}
			}
		default:
			bad("value is " + article(jsonType(v)) + ", not a name or {name, description}: ignored")
		}
	}
}

// paramNamed reports whether api names a parameter or body property that
// can become a row.
func paramNamed(op *openapi.Operation, api string) bool {
	for _, p := range op.Params {
		if p.Name == api && (p.In == "path" || p.In == "query") {
			return true
		}
	}
	for _, n := range openapi.TemplateParams(op.Path) {
		if n == api {
			return true
		}
	}
	return op.Body != nil && op.Body.Schema != nil && op.Body.Schema.Property(api) != nil
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func article(typ string) string {
	switch typ {
	case "null":
		return typ
	case "object", "array":
		return "an " + typ
	}
	return "a " + typ
}

var nonRowName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// rowName is an x-mcp-param-map target as a row name every client takes
// (^[A-Za-z0-9_.-]{1,64}$, what strict clients allow for property names):
// other characters become _, and a changed name is reported.
func (x *xmcp) rowName(api, name string, bad func(string)) string {
	s := strings.Trim(nonRowName.ReplaceAllString(name, "_"), "_")
	if len(s) > 64 {
		s = s[:64]
	}
	if s == "" {
		s = api
	}
	if s != name {
		bad(fmt.Sprintf("target %q is not a property name every client takes (^[A-Za-z0-9_.-]{1,64}$): written %s", name, s))
	}
	return s
}

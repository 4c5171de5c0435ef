package model

import (
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/lang/token"
)

// Survives acknowledges a surviving mutant: `survives TOOL PATH KEYWORD
// because "reason"` (LANGUAGE.md section 7). Field and Type are where the
// path leads in the tool (Field nil when it names no row: `in`, `out`,
// `items[]`); test-report matches a mutant to it by those and Keyword.
type Survives struct {
	Pos     token.Pos
	Tool    string
	Path    string
	Keyword string
	Reason  string
	Field   *Field
	Type    *Type
}

// Locate follows a path as test-report prints it below a tool: `in` or
// `out`, then `.name` for a row, `[]` for array items, `{}` for map
// values, `[N]` for a tuple member and `|N` for a union's variant. It
// returns the type the path ends
// at and, when its last step is a row, that row; ok is false when the
// path leads nowhere.
func (t *Tool) Locate(path string) (f *Field, typ *Type, ok bool) {
	switch {
	case path == "in" || strings.HasPrefix(path, "in.") || strings.HasPrefix(path, "in["):
		typ, path = t.Input, path[2:]
	case path == "out" || strings.HasPrefix(path, "out.") || strings.HasPrefix(path, "out["):
		typ, path = t.Output, path[3:]
	default:
		return nil, nil, false
	}
	for typ != nil && path != "" {
		f = nil
		switch {
		case path[0] == '.':
			name := path[1:]
			if i := strings.IndexAny(name, ".[{|"); i >= 0 {
				name = name[:i]
			}
			path = path[1+len(name):]
			if typ.Kind != Object {
				return nil, nil, false
			}
			var next *Type
			for _, x := range typ.Fields {
				if x.Name == name {
					f, next = x, x.Type
				}
			}
			typ = next
		case strings.HasPrefix(path, "[]") && typ.Kind == Array, strings.HasPrefix(path, "{}") && typ.Kind == Map:
			typ, path = typ.Elem, path[2:]
		case path[0] == '[' && typ.Kind == Tuple:
			end := strings.IndexByte(path, ']')
			i, err := strconv.Atoi(path[1:max(end, 1)])
			if end < 0 || err != nil || i < 0 || i >= len(typ.Items) {
				return nil, nil, false
			}
			typ, path = typ.Items[i], path[end+1:]
		case path[0] == '|' && typ.Kind == Union:
			end := strings.IndexAny(path[1:], ".[{|") + 1
			if end == 0 {
				end = len(path)
			}
			i, err := strconv.Atoi(path[1:end])
			if err != nil || i < 0 || i >= len(typ.Variants) || strconv.Itoa(i) != path[1:end] {
				return nil, nil, false
			}
			typ, path = typ.Variants[i], path[end:]
		default:
			return nil, nil, false
		}
	}
	return f, typ, typ != nil
}

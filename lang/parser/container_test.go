package parser

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/ast"
)

// TestContainerRepairs: the repairs inside a container read the row as
// meant, so the row's presence and modifiers are in the partial tree.
func TestContainerRepairs(t *testing.T) {
	for _, c := range []struct{ row, kind string }{
		{`p  tuple<string integer>  required  1..2`, "tuple<string, integer>"},
		{`p  tuple<string, integer  required  1..2`, "tuple<string, integer>"},
		{`p  tuple<string,>  required  1..2`, "tuple<string>"},
		{`p  enum(a, b c)  required  1..2`, "enum(a, b, c)"},
		{`p  enum(a, b  required  1..2`, "enum(a, b)"},
		{`p  enum(a, , b)  required  1..2`, "enum(a, b)"},
		{`p  array<string "x">  required  1..2`, "array<string>"},
		{`p  map<tuple<string integer>>  required  1..2`, "map<tuple<string, integer>>"},
	} {
		src := "spec s\n\ntool t {\n  description \"d\"\n  in {\n    " + c.row + "\n  }\n  result text\n}\n"
		r := Parse("s.tspec", []byte(src))
		if len(r.Diags) != 1 || r.Partial == nil || len(r.Partial.Decls) != 1 {
			t.Errorf("%s: %d diagnostics %v, partial %v", c.row, len(r.Diags), r.Diags, r.Partial != nil)
			continue
		}
		items := r.Partial.Decls[0].Tool.Items[1].In.Block.Items
		if len(items) == 0 {
			t.Errorf("%s: the row was dropped", c.row)
			continue
		}
		row := items[0].Row
		if row == nil || row.Presence != "required" || len(row.Mods) != 1 || row.Mods[0].Range == nil {
			t.Errorf("%s: the row's presence and range are not read: %+v", c.row, row)
			continue
		}
		if got := kindString(row.Kind); got != c.kind {
			t.Errorf("%s: read as %s, want %s", c.row, got, c.kind)
		}
	}
}

// kindString writes a kind back as the spec would.
func kindString(k *ast.Kind) string {
	elems := func(es []*ast.ElemType) string {
		var s []string
		for _, e := range es {
			s = append(s, kindString(e.Kind))
		}
		return strings.Join(s, ", ")
	}
	switch {
	case k.Scalar != "":
		return k.Scalar
	case k.Array != nil:
		return "array<" + kindString(k.Array.Kind) + ">"
	case k.Map != nil:
		return "map<" + kindString(k.Map.Kind) + ">"
	case k.Tuple != nil:
		return "tuple<" + elems(k.Tuple.Items) + ">"
	case k.Union != nil:
		return "union<" + elems(k.Union.Variants) + ">"
	case k.Enum != nil:
		var s []string
		for _, v := range k.Enum.Values {
			s = append(s, v.Ident+v.Number)
		}
		return "enum(" + strings.Join(s, ", ") + ")"
	}
	return k.Unknown
}

// TestContainerRepairsEnd: every one-token deletion and duplication in
// rows of nested containers parses to an end with at least one
// diagnostic, and never panics.
func TestContainerRepairsEnd(t *testing.T) {
	rows := []string{
		`a  tuple<string, array<integer>, enum(x, y)>  required  default ["s", [1], "x"]`,
		`b  map<union<string, tuple<integer, integer>>>  optional  1..3  "d"`,
		`c  enum(a, "b c", 3)  optional  nullable`,
	}
	for _, row := range rows {
		toks := tokensOf(row)
		for i := range toks {
			for _, broken := range []string{
				strings.Join(append(append([]string{}, toks[:i]...), toks[i+1:]...), " "),
				strings.Join(append(append([]string{}, toks[:i+1]...), toks[i:]...), " "),
			} {
				src := "spec s\n\ntool t {\n  description \"d\"\n  in {\n    " + broken + "\n    z  string  required\n  }\n  result text\n}\n"
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("%s: panic %v", broken, r)
						}
					}()
					Parse("s.tspec", []byte(src))
				}()
			}
		}
	}
}

// tokensOf splits a row at spaces and around punctuation (strings kept).
func tokensOf(row string) []string {
	var out []string
	cur := ""
	inString := false
	for _, r := range row {
		switch {
		case inString:
			cur += string(r)
			if r == '"' {
				inString = false
			}
		case r == '"':
			cur += string(r)
			inString = true
		case r == ' ':
			if cur != "" {
				out = append(out, cur)
				cur = ""
			}
		case strings.ContainsRune("<>(),[]", r):
			if cur != "" {
				out = append(out, cur)
				cur = ""
			}
			out = append(out, string(r))
		default:
			cur += string(r)
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

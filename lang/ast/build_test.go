package ast_test

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/lang/parser"
)

// TestBuild: a tree made with the constructors formats as the same text
// parsed and formatted does, names and strings quoted where they must be,
// JSON members in order and numbers as written.
func TestBuild(t *testing.T) {
	var at ast.Position
	def, err := ast.NewJSON(at, []byte(`{"b": 1.50, "a": [true, null, "x<\u2028"], "e": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	row := ast.NewRow(at, "a-b", ast.ScalarKind(at, "integer"), true,
		[]*ast.Modifier{ast.FlagModifier(at, "nullable"), ast.RangeModifier(at, "1", ""), ast.NumberModifier(at, "multiple_of", "0.5")}, "d \"q\"")
	nested := ast.NewRow(at, "string", ast.ObjectKind(at, []*ast.Row{
		ast.NewRow(at, "x", ast.ArrayKind(at, ast.NewElem(at, ast.ScalarKind(at, "string"), []*ast.Modifier{ast.TextModifier(at, "pattern", "^a$")})), false, nil, ""),
		ast.NewRow(at, "y", ast.EnumKindOf(at, []*ast.EnumValue{ast.StringValue(at, "p q"), ast.StringValue(at, "r")}), false, nil, ""),
		ast.NewRow(at, "z", ast.TupleKindOf(at, []*ast.ElemType{ast.NewElem(at, ast.ScalarKind(at, "number"), nil), ast.NewElem(at, ast.MapKind(at, ast.NewElem(at, ast.ScalarKind(at, "any"), nil)), nil)}), false, nil, ""),
	}), false, []*ast.Modifier{ast.JSONModifier(at, "default", def), ast.FlagModifier(at, "open")}, "")
	f := ast.NewFile(at, "s", "k", []*ast.Tool{ast.NewTool(at, "get", []*ast.ToolItem{
		ast.TitleItem(at, "T"), ast.DescriptionItem(at, "D"), ast.HintsItem(at, []string{"read_only"}),
		ast.EndpointItem(at, "GET", "/a/{a-b}"), ast.InItem(at, []*ast.Row{row, nested}), ast.ResultItem(at, "text"),
	})})
	got := format.Source(f, nil)
	p := parser.Parse("built.tspec", got)
	if p.File == nil || p.Diags.HasErrors() {
		t.Fatalf("built text does not parse: %v\n%s", p.Diags, got)
	}
	if again := format.Source(p.File, nil); string(again) != string(got) {
		t.Errorf("built:\n%s\nparsed and formatted:\n%s", got, again)
	}
	for _, want := range []string{`"a-b"`, `"string"`, `{"b": 1.50, "a": [true, null, "x<\u2028"], "e": {}}`, `"d \"q\""`, `enum("p q", r)`, "1..", "multiple_of 0.5", `pattern "^a$"`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("built text lacks %s:\n%s", want, got)
		}
	}
}

func TestNewJSONRefusesBadText(t *testing.T) {
	for _, bad := range []string{``, `{`, `[1,]`, `1 2`, `{"a" 1}`} {
		if _, err := ast.NewJSON(ast.Position{}, []byte(bad)); err == nil {
			t.Errorf("NewJSON(%q) accepted", bad)
		}
	}
}

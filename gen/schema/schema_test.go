package schema

import (
	"encoding/json"
	"testing"

	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/model"
)

func TestStringEscapes(t *testing.T) {
	cases := map[string]string{
		"plain":                `"plain"`,
		"q\"b\\":               `"q\"b\\"`,
		"\n\r\t\x00\x1f":       `"\n\r\t\u0000\u001f"`,
		"</script>&":           `"\u003c/script\u003e\u0026"`,
		"line\u2028para\u2029": `"line\u2028para\u2029"`,
		"é😀":                   `"é😀"`,
		"bad\xffutf8":          `"bad\ufffdutf8"`,
	}
	for in, want := range cases {
		got := String(in)
		if got != want {
			t.Errorf("String(%q) = %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("String(%q) is not JSON: %v", in, err)
		}
	}
}

func num(s string) *model.Num { return model.NewNum(s) }

// TestKeyOrder pins the order keys are written in, which the golden files
// and every generated table depend on.
func TestKeyOrder(t *testing.T) {
	p := "^a"
	typ := &model.Type{Kind: model.Object, Fields: []*model.Field{
		{Name: "s", Required: true, Description: "d", Type: &model.Type{
			Kind: model.String, Nullable: true, Min: num("1"), Max: num("1E3"), Pattern: &p,
			Format: "uuid", Default: []byte(`"a"`), Examples: []json.RawMessage{json.RawMessage(`"b"`)}, Deprecated: true,
		}},
		{Name: "e", Type: &model.Type{Kind: model.Enum, Nullable: true, Enum: []model.EnumValue{{IsInt: true, Int: 1}}}},
		{Name: "t", Type: &model.Type{Kind: model.Tuple, Items: []*model.Type{{Kind: model.Any}}}},
		{Name: "m", Type: &model.Type{Kind: model.Map, Elem: &model.Type{Kind: model.Boolean}, Min: num("1")}},
		{Name: "a", Type: &model.Type{Kind: model.Array, Elem: &model.Type{Kind: model.Number, Min: num("-0.5")}, Unique: true}},
		{Name: "o", Type: &model.Type{Kind: model.Object, Open: true}},
		{Name: "n", Type: &model.Type{Kind: model.Number, Min: num("0"), Max: num("9"),
			ExclusiveMin: num("-1"), ExclusiveMax: num("10"), MultipleOf: num("0.5"), Default: []byte(`1`)}},
	}}
	want := `{"type":"object","properties":{` +
		`"s":{"type":["string","null"],"description":"d","minLength":1,"maxLength":1000,"pattern":"^a","format":"uuid","default":"a","examples":["b"],"deprecated":true},` +
		`"e":{"type":["integer","null"],"enum":[1,null]},` +
		`"t":{"type":"array","prefixItems":[{}],"items":{},"minItems":1,"maxItems":1},` +
		`"m":{"type":"object","additionalProperties":{"type":"boolean"},"minProperties":1},` +
		`"a":{"type":"array","items":{"type":"number","minimum":-0.5},"uniqueItems":true},` +
		`"o":{"type":"object"},` +
		`"n":{"type":"number","minimum":0,"maximum":9,"exclusiveMinimum":-1,"exclusiveMaximum":10,"multipleOf":0.5,"default":1}},` +
		`"required":["s"],"additionalProperties":false}`
	if got := string(Type(typ)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestTupleItems: a tuple's items names the one non-nullable JSON type all
// its members share (an enum by its values), else it is {}; an array type
// has items itself.
func TestTupleItems(t *testing.T) {
	str := &model.Type{Kind: model.String}
	strEnum := &model.Type{Kind: model.Enum, Enum: []model.EnumValue{{Str: "a"}}}
	intEnum := &model.Type{Kind: model.Enum, Enum: []model.EnumValue{{IsInt: true, Int: 1}}}
	integer := &model.Type{Kind: model.Integer}
	for _, c := range []struct {
		items []*model.Type
		want  string
	}{
		{[]*model.Type{str, strEnum}, `{"type":"string"}`},
		{[]*model.Type{integer, intEnum}, `{"type":"integer"}`},
		{[]*model.Type{integer, {Kind: model.Number}}, `{}`},
		{[]*model.Type{integer, {Kind: model.Integer, Nullable: true}}, `{}`},
		{[]*model.Type{{Kind: model.Any}, {Kind: model.Any}}, `{}`},
		{[]*model.Type{{Kind: model.Object}, {Kind: model.Map, Elem: str}}, `{"type":"object"}`},
		{[]*model.Type{{Kind: model.Array, Elem: str}, {Kind: model.Tuple, Items: []*model.Type{str}}}, `{"type":"array","items":{}}`},
	} {
		var got struct{ Items json.RawMessage }
		if err := json.Unmarshal(Type(&model.Type{Kind: model.Tuple, Items: c.items}), &got); err != nil {
			t.Fatal(err)
		}
		if string(got.Items) != c.want {
			t.Errorf("items of %d members = %s, want %s", len(c.items), got.Items, c.want)
		}
	}
}

func TestProfiles(t *testing.T) {
	tool := &model.Tool{
		Name: "t", Title: "T", Description: "d", Hints: model.Hints{ReadOnly: true, OpenWorld: true},
		Input:  &model.Type{Kind: model.Object},
		Output: &model.Type{Kind: model.Object},
		Result: model.ResultOut,
	}
	cat := &model.Catalog{Name: "s", CatalogKey: "k", SpecHash: "h", Tools: []*model.Tool{tool}}
	p1 := `{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","additionalProperties":false}}],"_meta":{"k":"h/p1"}}`
	p2 := `{"tools":[{"name":"t","title":"T","description":"d","inputSchema":{"type":"object","additionalProperties":false},` +
		`"outputSchema":{"type":"object","additionalProperties":false},"annotations":{"readOnlyHint":true,"openWorldHint":true}}],"_meta":{"k":"h/p2"}}`
	if got := string(ToolsList(cat, 1)); got != p1 {
		t.Errorf("profile 1:\n%s\nwant\n%s", got, p1)
	}
	if got := string(ToolsList(cat, 2)); got != p2 {
		t.Errorf("profile 2:\n%s\nwant\n%s", got, p2)
	}
}

// TestToolsListCuts holds the cuts of ToolsListCuts to the tools' own
// entries (Tool): between two cuts lies one tool's entry and the comma
// after it, the last one without; before the first cut `{"tools":[`;
// after the last the rest of the list. The spans are where Type writes
// the tool's schemas.
func TestToolsListCuts(t *testing.T) {
	tool := func(name string) *model.Tool {
		return &model.Tool{Name: name, Description: "d " + name, Hints: model.Hints{ReadOnly: true},
			Input: &model.Type{Kind: model.Object}, Output: &model.Type{Kind: model.Object}, Result: model.ResultOut}
	}
	for n := range 4 {
		cat := &model.Catalog{Name: "s", CatalogKey: "k", SpecHash: "h"}
		for i := range n {
			cat.Tools = append(cat.Tools, tool(string(rune('a'+i))))
		}
		for _, profile := range []int{1, 2, 3} {
			list, cuts, spans := ToolsListCuts(cat, profile)
			if want := ToolsList(cat, profile); string(list) != string(want) {
				t.Fatalf("%d tools, profile %d: list %s, want %s", n, profile, list, want)
			}
			if len(cuts) != n+1 || string(list[:cuts[0]]) != `{"tools":[` || list[cuts[n]] != ']' {
				t.Fatalf("%d tools, profile %d: cuts %v of %s", n, profile, cuts, list)
			}
			for i, tl := range cat.Tools {
				want := string(Tool(tl, profile))
				if i < n-1 {
					want += ","
				}
				if got := string(list[cuts[i]:cuts[i+1]]); got != want {
					t.Errorf("%d tools, profile %d, tool %d: %s, want %s", n, profile, i, got, want)
				}
				in, out := spans[i].In, spans[i].Out
				if got := string(list[in[0]:in[1]]); got != string(Type(tl.Input)) {
					t.Errorf("%d tools, profile %d, tool %d: input span %s", n, profile, i, got)
				}
				wantOut := ""
				if profile >= 2 {
					wantOut = string(Type(tl.Output))
				}
				if got := string(list[out[0]:out[1]]); got != wantOut || wantOut == "" && out != [2]int{} {
					t.Errorf("%d tools, profile %d, tool %d: output span %v %s, want %s", n, profile, i, out, got, wantOut)
				}
			}
		}
	}
}

// TestToolCut holds AppendToolHead and AppendToolCut to Tool: the head is
// the entry up to its input schema, and the cut is where Type writes it.
func TestToolCut(t *testing.T) {
	in := &model.Type{Kind: model.Object, Fields: []*model.Field{{Name: "q", Required: true, Type: &model.Type{Kind: model.String}}}}
	for _, tool := range []*model.Tool{
		{Name: "a", Description: "d", Input: in},
		{Name: "b", Title: "B", Description: `"inputSchema":`, Input: in, Output: &model.Type{Kind: model.Object}, Hints: model.Hints{Idempotent: true}},
	} {
		for _, profile := range []int{1, 2, 3} {
			want := string(Tool(tool, profile))
			b, i, j := AppendToolCut([]byte("x"), tool, profile)
			if string(b) != "x"+want || string(b[i:j]) != string(Type(tool.Input)) {
				t.Errorf("%s, profile %d: AppendToolCut = %s [%d:%d], want x%s", tool.Name, profile, b, i, j, want)
			}
			if head := string(AppendToolHead([]byte("x"), tool, profile)); head != string(b[:i]) {
				t.Errorf("%s, profile %d: AppendToolHead = %s, want %s", tool.Name, profile, head, b[:i])
			}
		}
	}
}

// TestEmitOps: every modifier descriptor.EmitOrder lists has a case in
// modifier, worked out from its keyword or its number field.
func TestEmitOps(t *testing.T) {
	for i, d := range descriptor.EmitOrder {
		if emitOps[i] == opNone {
			t.Errorf("modifier %s has no case in schema.modifier", d.Keyword)
		}
	}
}

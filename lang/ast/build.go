package ast

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/toolspec/toolspec/internal/jsonstr"
)

// Constructors of a spec built in memory rather than parsed: the importer
// builds one, checks it and prints it with lang/format. They are the one
// place outside the grammar that knows the nodes' shapes. pos is where a
// diagnostic about the node points.

// NewText is a string literal holding s.
func NewText(pos Position, s string) *Text { return &Text{Pos: pos, Raw: jsonstr.Quote(s)} }

// NewName is a name; the formatter writes it bare when it can.
func NewName(pos Position, s string) *Name { return &Name{Pos: pos, Quoted: NewText(pos, s)} }

// NewFile is `spec NAME`, its catalog_key ("" for none) and tools.
func NewFile(pos Position, name, key string, tools []*Tool) *File {
	f := &File{Pos: pos, Name: NewName(pos, name)}
	if key != "" {
		f.CatalogKey = NewText(pos, key)
	}
	for _, t := range tools {
		f.Decls = append(f.Decls, &Decl{Tool: t})
	}
	return f
}

// NewTool is `tool NAME { items }`.
func NewTool(pos Position, name string, items []*ToolItem) *Tool {
	return &Tool{Pos: pos, Name: NewName(pos, name), Items: items, Close: &Close{Pos: pos, Brace: "}"}}
}

// The items of a tool.
func TitleItem(pos Position, s string) *ToolItem {
	return &ToolItem{Pos: pos, Title: NewText(pos, s)}
}

func DescriptionItem(pos Position, s string) *ToolItem {
	return &ToolItem{Pos: pos, Description: NewText(pos, s)}
}

func HintsItem(pos Position, hints []string) *ToolItem {
	return &ToolItem{Pos: pos, Hints: &Hints{Pos: pos, Names: hints}}
}

func EndpointItem(pos Position, method, path string) *ToolItem {
	return &ToolItem{Pos: pos, Endpoint: &Endpoint{Pos: pos, Method: method, Path: NewText(pos, path)}}
}

// InItem is `in { rows }`, or `in none` for nil rows.
func InItem(pos Position, rows []*Row) *ToolItem {
	if rows == nil {
		return &ToolItem{Pos: pos, In: &Input{Pos: pos, None: true}}
	}
	return &ToolItem{Pos: pos, In: &Input{Pos: pos, Block: NewBlock(pos, rows)}}
}

func OutItem(pos Position, rows []*Row) *ToolItem {
	return &ToolItem{Pos: pos, Out: NewBlock(pos, rows)}
}

// ResultItem is `result text` or `result any`.
func ResultItem(pos Position, result string) *ToolItem {
	return &ToolItem{Pos: pos, Result: result}
}

// NewBlock is `{ rows }`.
func NewBlock(pos Position, rows []*Row) *Block {
	b := &Block{Pos: pos, Close: &Close{Pos: pos, Brace: "}"}}
	for _, r := range rows {
		b.Items = append(b.Items, &Item{Row: r})
	}
	return b
}

// NewRow is one row; desc "" writes none.
func NewRow(pos Position, name string, kind *Kind, required bool, mods []*Modifier, desc string) *Row {
	r := &Row{Pos: pos, Name: NewName(pos, name), Kind: kind, Presence: "optional", Mods: mods}
	if required {
		r.Presence = "required"
	}
	if desc != "" {
		r.Description = NewText(pos, desc)
	}
	return r
}

// The kinds.
func ScalarKind(pos Position, keyword string) *Kind { return &Kind{Pos: pos, Scalar: keyword} }

func ArrayKind(pos Position, elem *ElemType) *Kind { return &Kind{Pos: pos, Array: elem} }

func MapKind(pos Position, elem *ElemType) *Kind { return &Kind{Pos: pos, Map: elem} }

func TupleKindOf(pos Position, items []*ElemType) *Kind {
	return &Kind{Pos: pos, Tuple: &TupleKind{Pos: pos, Items: items}}
}

// UnionKindOf is `union<V, ...>`; an importer that has one variant
// writes that variant instead (LANGUAGE.md §4 says what a union may hold).
func UnionKindOf(pos Position, variants []*ElemType) *Kind {
	return &Kind{Pos: pos, Union: &UnionKind{Pos: pos, Variants: variants}}
}

func ObjectKind(pos Position, rows []*Row) *Kind { return &Kind{Pos: pos, Object: NewBlock(pos, rows)} }

// EnumKindOf is `enum(values)`, each a string or an integer's digits.
func EnumKindOf(pos Position, values []*EnumValue) *Kind {
	return &Kind{Pos: pos, Enum: &EnumKind{Pos: pos, Values: values}}
}

func StringValue(pos Position, s string) *EnumValue {
	return &EnumValue{Pos: pos, Quoted: NewText(pos, s)}
}

func IntegerValue(pos Position, digits string) *EnumValue {
	return &EnumValue{Pos: pos, Number: digits}
}

// NewElem is a kind with its element modifiers, inside <...>.
func NewElem(pos Position, kind *Kind, mods []*Modifier) *ElemType {
	return &ElemType{Pos: pos, Kind: kind, Mods: mods}
}

// The modifiers, by their operand.
func FlagModifier(pos Position, keyword string) *Modifier {
	return &Modifier{Pos: pos, Keyword: keyword}
}

func RangeModifier(pos Position, min, max string) *Modifier {
	return &Modifier{Pos: pos, Keyword: "range", Range: &Range{Pos: pos, Min: min, Dots: "..", Max: max}}
}

func NumberModifier(pos Position, keyword, number string) *Modifier {
	return &Modifier{Pos: pos, Keyword: keyword, Number: number}
}

func TextModifier(pos Position, keyword, s string) *Modifier {
	return &Modifier{Pos: pos, Keyword: keyword, Text: NewText(pos, s)}
}

func WordModifier(pos Position, keyword, word string) *Modifier {
	return &Modifier{Pos: pos, Keyword: keyword, Word: word}
}

func JSONModifier(pos Position, keyword string, v *JSON) *Modifier {
	return &Modifier{Pos: pos, Keyword: keyword, JSON: v}
}

// NewJSON is the inline JSON value of a JSON text, members in the order
// written and numbers as written.
func NewJSON(pos Position, raw []byte) (*JSON, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	v, err := jsonValue(pos, d)
	if err == nil && d.More() {
		err = fmt.Errorf("more than one JSON value")
	}
	return v, err
}

func jsonValue(pos Position, d *json.Decoder) (*JSON, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	v := &JSON{Pos: pos}
	switch tok := tok.(type) {
	case json.Delim:
		if tok == '[' {
			v.Array = &JSONArray{Pos: pos, Open: "["}
			for d.More() {
				it, err := jsonValue(pos, d)
				if err != nil {
					return nil, err
				}
				v.Array.Items = append(v.Array.Items, it)
			}
		} else {
			v.Object = &JSONObject{Pos: pos, Open: "{"}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				val, err := jsonValue(pos, d)
				if err != nil {
					return nil, err
				}
				v.Object.Members = append(v.Object.Members, &JSONMember{Pos: pos, Key: NewText(pos, k.(string)), Value: val})
			}
		}
		_, err = d.Token() // the closing delimiter
		return v, err
	case string:
		v.String = NewText(pos, tok)
	case json.Number:
		v.Number = tok.String()
	case bool:
		v.Bool = fmt.Sprint(tok)
	case nil:
		v.Null = true
	}
	return v, nil
}

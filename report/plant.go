package report

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"

	"github.com/toolspec/toolspec/lang/ast"
)

// deepCopy copies a syntax tree so a control can plant a defect without
// touching the spec (or the other controls, which run concurrently).
func deepCopy[T any](v T) T {
	return deepValue(reflect.ValueOf(v)).Interface().(T)
}

func deepValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type().Elem())
		n.Elem().Set(deepValue(v.Elem()))
		return n
	case reflect.Struct:
		n := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			if f := n.Field(i); f.CanSet() {
				f.Set(deepValue(v.Field(i)))
			}
		}
		return n
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			n.Index(i).Set(deepValue(v.Index(i)))
		}
		return n
	}
	return v
}

// planter finds places to plant a defect in a copy of a spec.
type planter struct{ f *ast.File }

// rowSite is a row written directly in a tool's in/out block or a group.
type rowSite struct {
	row   *ast.Row
	items *[]*ast.Item
	where string
}

// blockSite is a block of rows and uses, at any depth.
type blockSite struct {
	items *[]*ast.Item
	where string
}

func at(p ast.Position) string { return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column) }

// blocks lists the top-level blocks in declaration order: group bodies and
// tool in/out blocks.
func (p *planter) blocks() []blockSite {
	var out []blockSite
	for _, d := range p.f.Decls {
		switch {
		case d.Group != nil:
			out = append(out, blockSite{&d.Group.Items, "group " + quoteName(d.Group.Name.Value())})
		case d.Tool != nil:
			name := quoteName(d.Tool.Name.Value())
			for _, it := range d.Tool.Items {
				switch {
				case it.In != nil && it.In.Block != nil:
					out = append(out, blockSite{&it.In.Block.Items, name + " in"})
				case it.Out != nil:
					out = append(out, blockSite{&it.Out.Items, name + " out"})
				}
			}
		}
	}
	return out
}

// allBlocks is blocks plus every nested object block.
func (p *planter) allBlocks() []blockSite {
	var out []blockSite
	var nested func(k *ast.Kind, where string)
	nested = func(k *ast.Kind, where string) {
		switch {
		case k == nil:
		case k.Object != nil:
			b := blockSite{&k.Object.Items, where}
			out = append(out, b)
			for _, it := range *b.items {
				if it.Row != nil {
					nested(it.Row.Kind, where+"."+it.Row.Name.Value())
				}
			}
		case k.Array != nil:
			nested(k.Array.Kind, where+"[]")
		case k.Map != nil:
			nested(k.Map.Kind, where+"{}")
		case k.Tuple != nil:
			for i, e := range k.Tuple.Items {
				nested(e.Kind, fmt.Sprintf("%s[%d]", where, i))
			}
		}
	}
	for _, b := range p.blocks() {
		out = append(out, b)
		for _, it := range *b.items {
			if it.Row != nil {
				nested(it.Row.Kind, b.where+"."+it.Row.Name.Value())
			}
		}
	}
	return out
}

// row returns the first top-level row that ok accepts.
func (p *planter) row(ok func(*ast.Row) bool) (rowSite, bool) {
	for _, b := range p.blocks() {
		for _, it := range *b.items {
			if r := it.Row; r != nil && ok(r) {
				sep := "."
				return rowSite{r, b.items, b.where + sep + r.Name.Value() + " (" + at(r.Pos) + ")"}, true
			}
		}
	}
	return rowSite{}, false
}

func (p *planter) tools() []*ast.Tool {
	var out []*ast.Tool
	for _, d := range p.f.Decls {
		if d.Tool != nil {
			out = append(out, d.Tool)
		}
	}
	return out
}

func (p *planter) groups() []*ast.Group {
	var out []*ast.Group
	for _, d := range p.f.Decls {
		if d.Group != nil {
			out = append(out, d.Group)
		}
	}
	return out
}

func (p *planter) tests() []*ast.Test {
	var out []*ast.Test
	for _, d := range p.f.Decls {
		if d.Test != nil {
			out = append(out, d.Test)
		}
	}
	return out
}

func (p *planter) group(name string) *ast.Group {
	for _, g := range p.groups() {
		if g.Name.Value() == name {
			return g
		}
	}
	return nil
}

// fixture returns the first fixture that ok accepts.
func (p *planter) fixture(ok func(*ast.Fixture) bool) (*ast.Fixture, bool) {
	for _, t := range p.tests() {
		for _, fx := range t.Fixtures {
			if ok(fx) {
				return fx, true
			}
		}
	}
	return nil, false
}

// addTest appends a new test holding one fixture on the first tool; it
// fails when the spec has no tool.
func (p *planter) addTest(verdict, dir, because string) (*ast.Fixture, bool) {
	tools := p.tools()
	if len(tools) == 0 {
		return nil, false
	}
	pos := tools[0].Pos
	fx := &ast.Fixture{Pos: pos, Verdict: verdict, Tool: tools[0].Name, Dir: dir, Value: emptyObject(pos)}
	if because != "" {
		fx.Because = &ast.Because{Pos: pos, Keyword: because}
	}
	p.f.Decls = append(p.f.Decls, &ast.Decl{Test: &ast.Test{Pos: pos, Name: text(pos, "toolspec negative control"), Fixtures: []*ast.Fixture{fx}}})
	return fx, true
}

func emptyObject(pos ast.Position) *ast.JSON {
	return &ast.JSON{Pos: pos, Object: &ast.JSONObject{Pos: pos, Open: "{"}}
}

func text(pos ast.Position, s string) *ast.Text {
	return &ast.Text{Pos: pos, Raw: jsonString(s)}
}

func name(pos ast.Position, s string) *ast.Name {
	if identRx.MatchString(s) {
		return &ast.Name{Pos: pos, Ident: s}
	}
	return &ast.Name{Pos: pos, Quoted: text(pos, s)}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

var identRx = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// quoteName writes a name as the checker does in messages: bare when it is
// an identifier, a JSON string otherwise.
func quoteName(s string) string {
	if identRx.MatchString(s) {
		return s
	}
	return jsonString(s)
}

// without drops the modifiers called name.
func without(mods []*ast.Modifier, name string) []*ast.Modifier {
	var out []*ast.Modifier
	for _, m := range mods {
		if m.Name() != name {
			out = append(out, m)
		}
	}
	return out
}

func kindWord(k *ast.Kind) string {
	switch {
	case k.Scalar != "":
		return k.Scalar
	case k.Enum != nil:
		return "enum"
	case k.Array != nil:
		return "array"
	case k.Tuple != nil:
		return "tuple"
	case k.Object != nil:
		return "object"
	case k.Map != nil:
		return "map"
	}
	return "?"
}

func isKind(words ...string) func(*ast.Row) bool {
	return func(r *ast.Row) bool {
		w := kindWord(r.Kind)
		for _, x := range words {
			if w == x {
				return true
			}
		}
		return false
	}
}

func hasMod(r *ast.Row, name string) bool {
	for _, m := range r.Mods {
		if m.Name() == name {
			return true
		}
	}
	return false
}

func anyRow(*ast.Row) bool { return true }

var (
	rangeRow = isKind("string", "integer", "number", "array", "map")
	countRow = isKind("string", "array", "map")
)

package report

import (
	"fmt"
	"reflect"
	"regexp"

	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
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

// planter finds places to plant a defect in a copy of a spec. The copy is
// made lazily, one declaration at a time: newPlanter copies only the file
// and its list of declarations, and a helper that hands out a node to
// change first deep-copies the declaration holding it (own). Declarations
// a control does not touch are shared with the spec, read-only.
type planter struct {
	f     *ast.File
	owned map[int]bool
}

func newPlanter(f *ast.File) *planter {
	nf := *f
	nf.Decls = append([]*ast.Decl(nil), f.Decls...)
	return &planter{f: &nf, owned: map[int]bool{}}
}

// own makes declaration i the planter's own copy and returns it.
func (p *planter) own(i int) *ast.Decl {
	if !p.owned[i] {
		p.f.Decls[i] = deepCopy(p.f.Decls[i])
		p.owned[i] = true
	}
	return p.f.Decls[i]
}

// rowSite is a row written directly in a tool's in/out block or a group.
type rowSite struct {
	row   *ast.Row
	items *[]*ast.Item
	where string
}

// blockSite is a block of rows and uses.
type blockSite struct {
	items *[]*ast.Item
	where string
}

func at(p ast.Position) string { return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column) }

// topBlocks lists a declaration's top-level blocks: a group body or a
// tool's in/out blocks.
func topBlocks(d *ast.Decl) []blockSite {
	var out []blockSite
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
	return out
}

// allBlocks is topBlocks plus every nested object block, in order.
func allBlocks(d *ast.Decl) []blockSite {
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
	for _, b := range topBlocks(d) {
		out = append(out, b)
		for _, it := range *b.items {
			if it.Row != nil {
				nested(it.Row.Kind, b.where+"."+it.Row.Name.Value())
			}
		}
	}
	return out
}

// row returns, owned, the first top-level row that ok accepts.
func (p *planter) row(ok func(*ast.Row) bool) (rowSite, bool) {
	find := func(d *ast.Decl) (rowSite, bool) {
		for _, b := range topBlocks(d) {
			for _, it := range *b.items {
				if r := it.Row; r != nil && ok(r) {
					return rowSite{r, b.items, b.where + "." + r.Name.Value() + " (" + at(r.Pos) + ")"}, true
				}
			}
		}
		return rowSite{}, false
	}
	for i, d := range p.f.Decls {
		if _, found := find(d); found {
			return find(p.own(i))
		}
	}
	return rowSite{}, false
}

// item returns, owned, the first item of any block that ok accepts, with
// the block holding it.
func (p *planter) item(ok func(*ast.Item) bool) (*ast.Item, blockSite, bool) {
	find := func(d *ast.Decl) (*ast.Item, blockSite, bool) {
		for _, b := range allBlocks(d) {
			for _, it := range *b.items {
				if ok(it) {
					return it, b, true
				}
			}
		}
		return nil, blockSite{}, false
	}
	for i, d := range p.f.Decls {
		if _, _, found := find(d); found {
			return find(p.own(i))
		}
	}
	return nil, blockSite{}, false
}

// tool returns, owned, the first tool that ok accepts.
func (p *planter) tool(ok func(*ast.Tool) bool) (*ast.Tool, bool) {
	for i, d := range p.f.Decls {
		if d.Tool != nil && ok(d.Tool) {
			return p.own(i).Tool, true
		}
	}
	return nil, false
}

// firstGroup and firstTest return, owned, the first group or test.
func (p *planter) firstGroup() (*ast.Group, bool) {
	for i, d := range p.f.Decls {
		if d.Group != nil {
			return p.own(i).Group, true
		}
	}
	return nil, false
}

func (p *planter) firstTest() (*ast.Test, bool) {
	for i, d := range p.f.Decls {
		if d.Test != nil {
			return p.own(i).Test, true
		}
	}
	return nil, false
}

// group returns the group called name, read-only.
func (p *planter) group(name string) *ast.Group {
	for _, d := range p.f.Decls {
		if d.Group != nil && d.Group.Name.Value() == name {
			return d.Group
		}
	}
	return nil
}

// fixture returns, owned, the first fixture that ok accepts.
func (p *planter) fixture(ok func(*ast.Fixture) bool) (*ast.Fixture, bool) {
	for i, d := range p.f.Decls {
		if d.Test == nil {
			continue
		}
		for j, fx := range d.Test.Fixtures {
			if ok(fx) {
				return p.own(i).Test.Fixtures[j], true
			}
		}
	}
	return nil, false
}

// addTest appends a new test holding one fixture on the first tool; it
// fails when the spec has no tool.
func (p *planter) addTest(verdict, dir, because string) (*ast.Fixture, bool) {
	var tool *ast.Tool
	for _, d := range p.f.Decls {
		if d.Tool != nil {
			tool = d.Tool
			break
		}
	}
	if tool == nil {
		return nil, false
	}
	pos := tool.Pos
	fx := &ast.Fixture{Pos: pos, Verdict: verdict, Tool: tool.Name, Dir: dir, Value: emptyObject(pos)}
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
	return &ast.Text{Pos: pos, Raw: jsonstr.Quote(s)}
}

func name(pos ast.Position, s string) *ast.Name {
	if identRx.MatchString(s) {
		return &ast.Name{Pos: pos, Ident: s}
	}
	return &ast.Name{Pos: pos, Quoted: text(pos, s)}
}

var identRx = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// quoteName writes a name as the checker's messages do.
func quoteName(s string) string { return diag.Name(s) }

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
	if w := k.Keyword(); descriptor.KindOf(w) != 0 {
		return w
	}
	return "?"
}

// isKindWhere accepts rows of the kinds the descriptor table says have
// a property.
func isKindWhere(has func(descriptor.KindInfo) bool) func(*ast.Row) bool {
	return func(r *ast.Row) bool {
		k := descriptor.KindOf(kindWord(r.Kind))
		return k != 0 && has(descriptor.Kinds[k])
	}
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
	rangeRow = isKindWhere(func(k descriptor.KindInfo) bool { return k.MinKey != "" })
	countRow = isKindWhere(func(k descriptor.KindInfo) bool { return k.MinKey != "" && !k.Kind.Numeric() })
)
